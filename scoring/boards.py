"""Boards of Duplicate Tichu: deals fixed in advance, the same at every table that plays them.

The ruling (``docs/rules.md``, "Duplicate Tichu"): a board is which 14 cards each
seat receives, the first 8 (the Grand Tichu look) and the last 6, and who deals. Every table that
plays the board receives exactly those cards in the same seats, so results of one board can be
compared; the exchange, the calls and the play are the table's own.

Why computed rather than stored: an event's boards follow from its seed and the board number
alone (``board(seed, number)``), so the printouts, the tables' entry checks and a replay agree
without a stored deck, and a board is never dealt twice differently. Each board draws from its own
generator, ``random.Random(f"{seed}/board/{number}")`` (a text seed is hashed the same on every
machine and Python version), shuffled and cut by the engine's ``deal_cards``, so board 7 does not
change when board 6 is added or dropped.

Seats are 0-3 in playing order as everywhere in the engine; in bridge words North, East, South,
West, with North-South (0 and 2) and East-West (1 and 3) the two directions. The dealer rotates
with the board number as in bridge: board 1 North, 2 East, 3 South, 4 West, 5 North again. In
Tichu the Mah Jong, not the dealer, leads; the dealer is who deals the first 8 cards at a table that
deals a board by hand, and what a printed board carries.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .bots.dealing import deal_cards
from .cards import Card
from .rules import STANDARD

FIRST_LOOK = STANDARD.variant.grand_look
"""Cards of the Grand Tichu look (8), dealt first; the last 6 follow."""
SEATS = STANDARD.variant.seats
SEAT_NAMES = ("N", "E", "S", "W")
"""Bridge's names of the seats 0-3, as a board slip prints them."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board: its number, the dealer's seat and each seat's 14 cards in the order dealt (the
    first 8, then the last 6), as ``HandState`` takes a deal."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]

    def first_eight(self, seat: int) -> tuple[Card, ...]:
        """The seat's Grand Tichu look."""
        return self.hands[seat][:FIRST_LOOK]

    def last_six(self, seat: int) -> tuple[Card, ...]:
        """The seat's cards dealt after the Grand Tichu look."""
        return self.hands[seat][FIRST_LOOK:]


def dealer_of(number: int) -> int:
    """The dealer of a board, rotating as in bridge: board 1 North (seat 0), 2 East, 3 South,
    4 West."""
    if number < 1:
        raise ValueError("boards are numbered from 1")
    return (number - 1) % SEATS


def board(seed: int, number: int) -> Board:
    """The board ``number`` (from 1) of the event with ``seed``: the same cards every call."""
    dealer = dealer_of(number)
    hands = deal_cards(random.Random(f"{seed}/board/{number}"), STANDARD)
    return Board(number, dealer, tuple(hands))


Passes = dict[str, dict[str, str]]
"""A board's exchange as a table records it: for each giving seat (its number as text, as in
JSON), the card (its notation) given to each other seat."""


def check_passes(deal: Board, passes: object) -> Passes:
    """The passes recorded for ``deal`` in canonical form (seats as text, cards in notation);
    ``InvalidHand`` when a seat gives other than one card to each other seat, names a card
    that is none, or gives a card it did not hold on this board (a fouled board, or a typo).
    Any seats may be left out: recording the passes is optional."""
    from .cards import parse_card
    from .entry import InvalidHand

    if not isinstance(passes, dict):
        raise InvalidHand(
            "passes_invalid", "Passes map a seat to the card it gave each other seat.", "passes"
        )
    checked: Passes = {}
    for giver_key, given in passes.items():
        giver = _seat_of(giver_key)
        if giver is None or not isinstance(given, dict):
            raise InvalidHand(
                "passes_invalid", "Passes map a seat to the card it gave each other seat.", "passes"
            )
        receivers = {_seat_of(key) for key in given}
        if receivers != set(range(SEATS)) - {giver} or len(given) != SEATS - 1:
            raise InvalidHand(
                "pass_receivers",
                f"seat {giver} gives one card to each of the other seats",
                "passes",
                {"seat": giver},
            )
        cards = {}
        for receiver_key, text in given.items():
            try:
                card = parse_card(text) if isinstance(text, str) else None
            except ValueError:
                card = None
            if card is None:
                raise InvalidHand(
                    "pass_card_unknown", f"{text!r} is not a card", "passes", {"card": str(text)}
                )
            if card not in deal.hands[giver]:
                raise InvalidHand(
                    "pass_not_in_hand",
                    f"seat {giver} did not hold {card} on board {deal.number}",
                    "passes",
                    {"seat": giver, "card": str(card), "board": deal.number},
                )
            cards[str(_seat_of(receiver_key))] = card
        if len(set(cards.values())) != len(cards):
            raise InvalidHand(
                "pass_card_twice",
                f"seat {giver} gives one card only once",
                "passes",
                {"seat": giver},
            )
        checked[str(giver)] = {seat: str(cards[seat]) for seat in sorted(cards)}
    return {seat: checked[seat] for seat in sorted(checked)}


def _seat_of(key: object) -> int | None:
    """A seat given as a number or its text, else None."""
    if isinstance(key, bool):
        return None
    try:
        seat = int(key)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return None
    return seat if 0 <= seat < SEATS and str(seat) == str(key).strip() else None
