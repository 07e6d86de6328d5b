"""One way from a score entry to what a hand stores: the captain's entry, the organizer's
correction, the backup import, the captain's preview and the statistics all go through
``score_for_table``, so that they can never disagree on a hand's points."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import HandScore, InvalidRecord, PlacingScore, Rules, replay

SeatCredits = dict[int, tuple[int, int, int | None]]
"""Each table position's (TP, VP, place) of a hand, in a game scored per player."""


@dataclass(frozen=True)
class ScoredHand:
    """A hand as the engine scored it and the tournament stores it."""

    score: HandScore | PlacingScore
    entry: dict
    """The canonical entry (``score.as_entry()``): what ``Hand.entry`` keeps."""
    team_points: tuple[int, int]
    """Each team's Tichu points (both 0 in a game of placings, which has no teams)."""
    victory_points: tuple[int, int]
    """Each team's victory points of the hand under the event's scheme."""
    sweep: int | None
    """The team that swept (a double or triple victory), if one did."""
    credits: SeatCredits | None
    """Each position's credit, in a game scored per player (``HandSeat``); else None."""


def score_for_table(event_format, entry: Mapping[str, Any], number: int, seats: int) -> ScoredHand:
    """Hand ``number`` of a table of ``seats`` under the event's format, scored by the engine
    (``InvalidHand`` when it refuses the entry)."""
    game = event_format.game
    score = game.score_entry(entry, number, event_format.rules, seats)
    if isinstance(score, PlacingScore):  # placing points per seat: no team columns, no VP
        teams, vp, sweep = (0, 0), (0, 0), None
    else:
        teams, vp, sweep = score.totals, event_format.victory_points.hand_vp(score), score.sweep
    credits = game.seat_credits(score, number, vp) if game.per_seat else None
    return ScoredHand(
        score=score,
        entry=score.as_entry(),
        team_points=(teams[0], teams[1]),
        victory_points=(vp[0], vp[1]),
        sweep=sweep,
        credits=credits,
    )


def checked_play_record(
    event_format, record: Mapping[str, Any], scored: ScoredHand, seats: int
) -> dict[str, Any]:
    """A hand's record as it was played (``scoring.record``) that may be kept with the hand
    ``scored`` of a table of ``seats``: it replays (every action checked), under the table's
    rules, to the very entry stored. ``InvalidRecord`` otherwise (codes ``rules_differ`` and
    ``entry_differs`` beside the engine's): a replay page never shows another hand than the
    one scored."""
    score = replay(record)
    rules = event_format.game.rules_for(event_format.rules, seats)
    if Rules.from_dict(record.get("rules") or {}) != rules:
        raise InvalidRecord("the record is of other rules than the table's", code="rules_differ")
    if score.as_entry() != scored.entry:
        raise InvalidRecord("the record scores another entry than the hand's", code="entry_differs")
    return dict(record)
