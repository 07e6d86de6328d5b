"""Threechu (RULINGS.md "Threechu"): tables of 3 individuals and a dummy, scored per player.
Hand n's dealer is the player in position (n - 1) % 3, who plays the dummy's hand too; a round
is a multiple of 3 hands, so that each player deals equally often. Its preset: 6 rounds of 6
hands; individual totals: each hand the dealer is credited with the dealer-and-dummy side's TP
and per-hand VP, each other player with their side's; tables meet new opponents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from .base import GamePreset, SampleEvent, SoloGame, players_of


class ThreechuTables(SoloGame):
    """Three players at a table; the engine's four seats of a hand are 0 the dealer, 1 the next
    player, 2 the dummy (played by the dealer), 3 the third player."""

    name = "threechu"
    title = _lazy("Threechu")
    seats = players_of("threechu")  # the dummy is no player: the dealer plays its hand
    hands_multiple = 3
    summary = "3 players and a dummy"
    # Translators: a preset's short name and its line in the form that creates an event.
    preset = GamePreset(
        _lazy("Threechu"),
        _lazy("Threechu: tables of three, the deal rotates, individual totals"),
        format={"hands_per_round": 6},
    )
    sample = SampleEvent("Demo Threechu evening (9 players)", 9)
    vp_schemes = ("dtm",)
    tiebreaks = ("tichu_points",)
    HAND_SEATS = {0: 0, 1: 1, 3: 2}
    """The engine's seat of a hand -> the player's offset from the dealer (2 is the dummy)."""
    DEALER_SEAT = 0
    """The dealer's seat in every hand's seats."""
    hand_record = ("dealer", "calls", "first_out", "sweep", "card_points")
    """The dealer printed on the sheet hand by hand; the card points are the dealer-and-dummy
    side's (the other side's: the deck's minus them)."""
    card_points_title = _lazy("Card points of the dealer's side")
    SHEET_WIDTHS = {
        **SoloGame.SHEET_WIDTHS,
        "dealer": 28,
        "calls": 26,
        "first_out": 22,
        "sweep": 22,
        "card_points": 24,
        "side": 18,
    }
    """Room for the dealer's name printed and the headings of eight columns."""

    @staticmethod
    def dealer(number: int) -> int:
        """The position of hand ``number``'s dealer: the deal rotates every hand."""
        return (number - 1) % 3

    def position(self, seat: int, number: int) -> int | None:
        """The table position playing the engine's ``seat`` in hand ``number`` (the dummy's
        seat: the dealer's)."""
        return (self.dealer(number) + self.HAND_SEATS.get(seat, 0)) % 3

    def entry_setting(self, seats: int) -> dict[str, Any]:
        """The dealer is seat 0 of every hand, as the captain's page shows it: an entry naming
        no dealer is given that one, and one naming another seat is refused
        (``dealer_not_hands_dealer``), never changed behind the captain's back."""
        return {"dealer": self.DEALER_SEAT}

    def seat_credits(
        self, score, number: int, vp: tuple[int, int]
    ) -> dict[int, tuple[int, int, int | None]]:
        """The dealer: the dealer-and-dummy side's TP and VP; the two others: their side's."""
        credits = {}
        for seat, offset in self.HAND_SEATS.items():
            team = seat % 2
            credits[(self.dealer(number) + offset) % 3] = (score.totals[team], vp[team], None)
        return credits

    def roles(self, number: int) -> dict[int, str]:
        return {0: "dealer", 2: "dummy"}

    def setting(self, number: int, previous: Any) -> dict[str, Any]:
        return {"dealer": self.DEALER_SEAT}

    def dealer_position(self, number: int) -> int | None:
        return self.dealer(number)

    def engine_seats(self, position: int, number: int) -> tuple[int, ...]:
        """The dealer plays seats 0 and 2 (the dummy); the others seat 1 or 3."""
        offset = (position - self.dealer(number)) % 3
        return (0, 2) if offset == 0 else (1,) if offset == 1 else (3,)

    def hand_seats(self, number: int, names: Mapping[int, str]) -> dict[int, str]:
        dealer = self.dealer(number)
        return {
            seat: names.get((dealer + offset) % 3, "?") for seat, offset in self.HAND_SEATS.items()
        } | {2: names.get(dealer, "?")}

    def hand_notes(self, hand: Any, names: Mapping[int, str]) -> list[str]:
        """Who went out first (the dummy's seat: its dealer)."""
        order = (hand.entry or {}).get("finish_order") or []
        if not order:
            return []
        name = self.hand_seats(hand.number, names).get(order[0], "?")
        return [_("first out: %(name)s") % {"name": name}]
