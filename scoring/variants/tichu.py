"""Tichu for four players, two teams of two, and its option Chaos Tichu.

The rules are those of ``docs/rules.md`` from "Seats and teams" to "Victory points"; this class
is the base the other partnership games change. Chaos Tichu (``docs/rules.md``, "Chaos Tichu",
option ``chaos``): every hand each team calls exactly one Grand Tichu, on the first 8 cards,
whatever the event says of Grand Tichu otherwise; the other player of the team may still call
Tichu. A score entry without exactly one Grand Tichu per team is refused. Scoring is unchanged.
"""

from __future__ import annotations

from ..score import GRAND_CALLS
from .base import TeamVariant


class Tichu(TeamVariant):
    """Four players, seats 0-3 in playing order; seats 0 and 2 against 1 and 3."""

    name = "tichu"
    players_allowed = range(4, 5)
    chaos_allowed = True

    @property
    def grand_tichu_allowed(self) -> bool:
        """Under Chaos Tichu every team calls one, whatever the event says otherwise."""
        return self.rules.grand_tichu_allowed or self.rules.chaos

    def check_calls(self, calls: dict[int, str], dealer: int | None) -> None:
        """Chaos Tichu: exactly one Grand (or Blind Grand) Tichu per team (no team has two:
        ``scoring.entry`` refused that already)."""
        if not self.rules.chaos:
            return
        from ..entry import InvalidHand

        for team in (0, 1):
            if not any(calls.get(seat) in GRAND_CALLS for seat in self.members(team)):
                raise InvalidHand(
                    "chaos_grand_tichu_missing",
                    f"Chaos Tichu: each team calls one Grand Tichu every hand, and team {team} "
                    "(seats " + " and ".join(map(str, self.members(team))) + ") called none.",
                    "calls",
                    {"team": team},
                )
