"""Threechu (Trichu): three players and a dummy (``docs/rules.md``, "Threechu").

- Four hands are dealt as in Tichu. The hand's dealer sits opposite the dummy and plays both
  hands; the other two players are a normal team. The dealer rotates among the three players
  every hand.
- The dealer may not call Grand Tichu; they may call Tichu for themself, and for the dummy (after
  the exchange, before the dummy's first card). The other two call as usual.
- Exchange as usual, except that the dealer and the dummy pass no card to each other. After it
  the dummy's cards lie face up. The dummy is not obliged to fulfil the Mah Jong's wish.
- Each hand is scored as in Tichu, per side; scoring is individual: the dealer is credited with
  the dealer-and-dummy side's points and VP (``HandScore.credits``), each of the other two
  players with their side's.

The score sheet adds ``dealer``: the seat of the dealer (the dummy sits two seats on).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..score import GRAND_CALLS
from .tichu import Tichu


class Threechu(Tichu):
    """Four seats as in Tichu, three players: the dealer's seat and the dummy's opposite form
    one side, played by the dealer."""

    name = "threechu"
    players_allowed = range(3, 4)
    dummies = 1
    chaos_allowed = False  # the dealer's side could call no Grand Tichu

    @staticmethod
    def dummy_of(dealer: int | None) -> int | None:
        """The dummy sits opposite the dealer (a hand of Threechu always has one)."""
        return None if dealer is None else (dealer + 2) & 3

    @property
    def entry_keys(self) -> tuple[str, ...]:
        return (*super().entry_keys, "dealer")

    def dealer_of(self, entry: Mapping[str, Any], known: int | None = None) -> int:
        """The dealer's seat, which a Threechu sheet must name unless the caller knows it
        (``known``: a tournament seats each hand's dealer). A sheet naming another seat than the
        known dealer is refused, never changed: the captain sees what counts."""
        from ..entry import InvalidHand, seat_of

        if known is not None:
            known = self.setting(known, None)[0]  # a seat 0-3, as a hand's setting
        value = entry.get("dealer")
        if value is None:
            if known is None:
                raise InvalidHand(
                    "dealer_missing",
                    "Threechu: enter the dealer, who played the dummy's hand.",
                    "dealer",
                )
            return known
        seat = seat_of(value, "dealer")
        if known is not None and seat != known:
            raise InvalidHand(
                "dealer_not_hands_dealer",
                f"Threechu: seat {known} deals this hand, not seat {seat}.",
                "dealer",
                {"seat": seat, "dealer": known},
            )
        return seat

    def check_calls(self, calls: dict[int, str], dealer: int | None) -> None:
        """Neither the dealer nor the dummy calls Grand Tichu (the dealer calls Tichu for either
        once the cards are all dealt)."""
        from ..entry import InvalidHand

        assert dealer is not None
        for seat, who in ((dealer, "dealer"), (self.dummy_of(dealer), "dummy")):
            if seat is not None and calls.get(seat) in GRAND_CALLS:
                raise InvalidHand(
                    f"{who}_grand_tichu",
                    f"Threechu: the {who} (seat {seat}) may call Tichu, but not Grand Tichu.",
                    "calls",
                    {"seat": seat},
                )

    def setting(
        self, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int | None, tuple[int, ...] | None]:
        """The dealer's seat (0 unless named); no placings."""
        if placing is not None:
            raise ValueError("threechu has no exchange by placings")
        if dealer is None:
            return 0, None
        if type(dealer) is not int or not 0 <= dealer < 4:
            raise ValueError("the dealer is a seat 0-3")
        return dealer, None

    def grand_callers(self, dealer: int | None) -> tuple[int, ...]:
        """The two players against the dealer: neither the dealer nor the dummy calls Grand."""
        return tuple(s for s in range(4) if s != dealer and s != self.dummy_of(dealer))

    def tichu_open(self, seat: int, dealer: int | None, playing: bool) -> bool:
        """The dealer calls Tichu for the dummy only once the exchange is done."""
        return playing or seat != self.dummy_of(dealer)

    def recipients(
        self, seat: int, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int, ...]:
        """The dealer and the dummy give no card to each other: one to each opponent."""
        if seat == dealer or seat == self.dummy_of(dealer):
            return ((seat + 3) & 3, (seat + 1) & 3)
        return super().recipients(seat, dealer, placing)

    def roles(self, dealer: int | None) -> dict[int, str]:
        """The dealer, and the dummy opposite whose hand the dealer plays."""
        if dealer is None:
            return {}
        return {dealer: "dealer", (dealer + 2) & 3: "dummy"}

    def wish_free(self, dealer: int | None) -> int | None:
        """The dummy is not obliged to fulfil the wish."""
        return self.dummy_of(dealer)
