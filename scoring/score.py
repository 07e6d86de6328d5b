"""The score of a hand: seats and teams, the double victory, the calls, the Tichu points.

Rules implemented here (``docs/rules.md``, "Seats and teams" and "Scoring a hand"):

- Four seats 0-3 in playing order; partners sit opposite (two seats on), so seats 0 and 2 form
  team 0 and seats 1 and 3 team 1.
- A double victory: the two partners of a team go out first and second. It ends the hand at once.
- Calls: Tichu +-100, Grand Tichu +-200, Blind Grand Tichu +-400; a call is made only by the
  caller who went out first, lost by every other caller.
- A hand's Tichu points per team: the card points of its tricks, or, after a double victory, the
  event's double-victory value for that team and 0 for the other; plus each of its calls.

The state machine (``scoring.state``) and the captain's score entry (``scoring.entry``) both
score a hand here, so a played hand and its entry on paper always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .rules import BLIND_GRAND_TICHU_VALUE, GRAND_TICHU_VALUE, TICHU_VALUE, Rules

SEATS = (0, 1, 2, 3)


def team_of(seat: int) -> int:
    """Seats 0 and 2 form team 0, seats 1 and 3 team 1."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner sits opposite: two seats on."""
    return (seat + 2) & 3


def double_victory_of(finish_order: Sequence[int]) -> int | None:
    """The team whose partners went out first and second (a double victory), or ``None``."""
    if len(finish_order) >= 2 and finish_order[1] == partner_of(finish_order[0]):
        return team_of(finish_order[0])
    return None


class Call(StrEnum):
    """The calls a player can make (their values are what entries and records hold)."""

    TICHU = "tichu"
    GRAND = "grand"
    BLIND = "blind"


CALL_VALUES: dict[str, int] = {Call.TICHU: TICHU_VALUE, Call.GRAND: GRAND_TICHU_VALUE,
               Call.BLIND: BLIND_GRAND_TICHU_VALUE}
GRAND_CALLS: frozenset[str] = frozenset({Call.GRAND, Call.BLIND})
"""The calls made before all 14 cards are seen: partners may not both make one."""


@dataclass(frozen=True, slots=True)
class CallOutcome:
    """One player's call and how it ended: ``made`` only by a caller who went out first."""

    seat: int
    call: str
    made: bool

    @property
    def points(self) -> int:
        """What the call adds to the caller's team: its value if made, minus it if failed."""
        value = CALL_VALUES[self.call]
        return value if self.made else -value


def hand_totals(card_points: Sequence[int] | None, double_victory: int | None,
                calls: Sequence[CallOutcome], rules: Rules) -> tuple[int, int]:
    """Both teams' Tichu points: the card points (or the double-victory value and 0), plus each
    team's calls."""
    totals = [0, 0]
    if double_victory is not None:
        totals[double_victory] = rules.double_victory_points
    elif card_points is not None:
        totals = [card_points[0], card_points[1]]
    for outcome in calls:
        totals[team_of(outcome.seat)] += outcome.points
    return totals[0], totals[1]


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored hand: the Tichu points of both teams and what made them.

    ``card_points`` is ``None`` under a double victory (no card points are counted then).
    ``finish_order`` holds every seat known to be out, in order (from a score entry: every seat the
    entry implies). ``calls`` lists every call in seat order with its outcome, which is what
    player statistics (call success rates) need.
    """

    totals: tuple[int, int]
    card_points: tuple[int, int] | None
    double_victory: int | None
    finish_order: tuple[int, ...]
    calls: tuple[CallOutcome, ...]

    @property
    def first_out(self) -> int | None:
        """The seat that went out first, if known."""
        return self.finish_order[0] if self.finish_order else None

    def as_entry(self) -> dict[str, Any]:
        """The canonical score entry of this hand: JSON-ready, string seat keys in order, ticks for
        every call, the finish order as complete as known. Two entries that mean the same hand
        have the same canonical entry (what idempotent recording compares)."""
        return {
            "card_points": list(self.card_points) if self.card_points is not None else None,
            "finish_order": list(self.finish_order),
            "calls": {str(c.seat): c.call for c in self.calls},
            "double_victory": self.double_victory,
            "tichu_success": {str(c.seat): c.made for c in self.calls},
        }
