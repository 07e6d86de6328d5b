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
