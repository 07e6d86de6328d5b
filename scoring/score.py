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

from collections.abc import Mapping, Sequence
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


def sweep_of(finish_order: Sequence[int], team_size: int = 2) -> int | None:
    """The team whose players all went out first, before any opponent, or ``None``: the double
    victory of four-player Tichu (teams of two), Tientsin's triple victory (teams of three). It
    ends the hand at once."""
    if (
        len(finish_order) >= team_size
        and len({team_of(seat) for seat in finish_order[:team_size]}) == 1
    ):
        return team_of(finish_order[0])
    return None


class Call(StrEnum):
    """The calls a player can make (their values are what entries and records hold)."""

    TICHU = "tichu"
    GRAND = "grand"
    BLIND = "blind"


CALL_VALUES: dict[str, int] = {
    Call.TICHU: TICHU_VALUE,
    Call.GRAND: GRAND_TICHU_VALUE,
    Call.BLIND: BLIND_GRAND_TICHU_VALUE,
}
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


def hand_totals(
    card_points: Sequence[int] | None,
    sweep: int | None,
    calls: Sequence[CallOutcome],
    rules: Rules,
    sweep_points: int | None = None,
) -> tuple[int, int]:
    """Both teams' Tichu points: the card points (or, after a sweep, ``sweep_points`` for that
    team, by default the event's double-victory value, and 0), plus each team's calls."""
    totals = [0, 0]
    if sweep is not None:
        totals[sweep] = rules.double_victory_points if sweep_points is None else sweep_points
    elif card_points is not None:
        totals = [card_points[0], card_points[1]]
    for outcome in calls:
        totals[team_of(outcome.seat)] += outcome.points
    return totals[0], totals[1]


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored hand of a partnership game: the Tichu points of both teams and what made them.

    ``card_points`` is ``None`` under a sweep (no card points are counted then): ``sweep`` is the
    team whose players all went out before any opponent (what the game's variant calls its
    ``sweep_key``, in an entry and on the sheets). ``finish_order`` holds
    every seat known to be out, in order (from a score entry: every seat the entry implies).
    ``calls`` lists every call in seat order with its outcome, which is what player statistics
    (call success rates) need. ``dealer``: Threechu's dealer, who played the dummy's hand (the
    dummy sits opposite). ``game``: the game's name in ``scoring.variants.VARIANTS``.
    """

    totals: tuple[int, int]
    card_points: tuple[int, int] | None
    sweep: int | None
    finish_order: tuple[int, ...]
    calls: tuple[CallOutcome, ...]
    dealer: int | None = None
    game: str = "tichu"

    @property
    def first_out(self) -> int | None:
        """The seat that went out first, if known."""
        return self.finish_order[0] if self.finish_order else None

    def victory_points(self, scheme: str | Mapping[str, int] = "dtm") -> tuple[int, int]:
        """Each team's VP for this hand (``scoring.victory``): under the DTM scheme a sweep's
        team 3 and the other 0, else 2/1/0 by Tichu points."""
        from .victory import hand_victory_points

        return hand_victory_points(self.totals, self.sweep, scheme)

    def credits(self, scheme: str | Mapping[str, int] = "dtm") -> dict[int, tuple[int, int]]:
        """Each player's (TP, VP) for this hand, by seat: their team's. In Threechu the dummy's
        seat earns nothing: its side's points go to the dealer, and each other player earns
        their own side's."""
        from .variants import VARIANTS  # the games import this module

        vp = self.victory_points(scheme)
        dummy = None if self.dealer is None else partner_of(self.dealer)
        return {
            seat: (self.totals[team_of(seat)], vp[team_of(seat)])
            for seat in range(VARIANTS[self.game].seats_for())
            if seat != dummy
        }

    def as_entry(self) -> dict[str, Any]:
        """The canonical score entry of this hand: JSON-ready, string seat keys in order, ticks for
        every call, the finish order as complete as known. Two entries that mean the same hand
        have the same canonical entry (what idempotent recording compares)."""
        entry: dict[str, Any] = {
            "card_points": list(self.card_points) if self.card_points is not None else None,
            "finish_order": list(self.finish_order),
            "calls": {str(c.seat): c.call for c in self.calls},
        }
        from .variants import VARIANTS, TeamVariant  # the games import this module

        game = VARIANTS[self.game]
        assert issubclass(game, TeamVariant), "a hand of two teams is a partnership game's"
        entry[game.sweep_key] = self.sweep
        if self.dealer is not None:
            entry["dealer"] = self.dealer
        entry["tichu_success"] = {str(c.seat): c.made for c in self.calls}
        return entry


@dataclass(frozen=True, slots=True)
class PlacingScore:
    """A scored hand of Grand Seigneur: the finish order of every seat, and each seat's placing
    points, the number of players it beat (``players - place``; the last scores 0)."""

    finish_order: tuple[int, ...]
    game: str

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's placing points, by seat."""
        players = len(self.finish_order)
        points = [0] * players
        for place, seat in enumerate(self.finish_order):
            points[seat] = players - 1 - place
        return tuple(points)

    @property
    def totals(self) -> tuple[int, ...]:
        """The placing points, as a team game's totals are its Tichu points."""
        return self.points

    def place_of(self, seat: int) -> int:
        """The seat's place, 1 for the first out."""
        return self.finish_order.index(seat) + 1

    def as_entry(self) -> dict[str, Any]:
        """The canonical score entry: the whole finish order."""
        return {"finish_order": list(self.finish_order)}
