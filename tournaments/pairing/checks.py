"""Checks of a seating against the pairing rules, for seats an organizer changed by hand.

Tournament rules checked (each breach is a warning; the organizer decides):

- every active entrant is seated exactly once or has a bye, and nobody else is seated;
- a table seats four players (individual events) or two teams (team events);
- individual events: no two players are partners twice; a bye goes to nobody who already had more
  byes than a player who is seated;
- team events: two teams meet at most ``legs`` times (1, or 2 in a double round robin) and a team
  has at most ``legs`` byes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

from .base import Draw, PairingHistory


def check_draw(draw: Draw, history: PairingHistory, *, names: Mapping[int, str] | None = None,
               team_event: bool | None = None, active: Collection[int] | None = None,
               legs: int = 1) -> list[str]:
    """Warnings, one sentence each, for every pairing rule ``draw`` breaks; empty if none.

    ``team_event`` defaults to whether the tables have two seats; ``active``, if given, are the
    entrants who must be seated or on a bye; ``names`` turn ids into names in the messages.
    """
    names = names or {}

    def name(entrant: int) -> str:
        return names.get(entrant, f"entrant {entrant}")

    if team_event is None:
        team_event = bool(draw.tables) and all(len(t) == 2 for t in draw.tables)
    seats = 2 if team_event else 4
    warnings = []
    placed = Counter(e for table in draw.tables for e in table) + Counter(draw.byes)
    warnings += [f"{name(e)} is seated {n} times." for e, n in placed.items() if n > 1]
    if active is not None:
        warnings += [f"{name(e)} is neither seated nor on a bye." for e in active
                     if e not in placed]
        warnings += [f"{name(e)} is seated but not an active entrant." for e in placed
                     if e not in active]
    for number, table in enumerate(draw.tables, start=1):
        if len(table) != seats:
            warnings.append(f"Table {number} has {len(table)} seats instead of {seats}.")
        elif team_event:
            met = history.matches.get(frozenset(table), 0)
            if met >= legs:
                warnings.append(f"{name(table[0])} and {name(table[1])} meet again at table "
                                f"{number} ({_times(met)} before).")
        else:
            for a, b in ((table[0], table[2]), (table[1], table[3])):
                if frozenset((a, b)) in history.partners:
                    warnings.append(f"{name(a)} and {name(b)} were partners before and are "
                                    f"partners again at table {number}.")
    seated_byes = [history.byes.get(e, 0) for table in draw.tables for e in table]
    for entrant in draw.byes:
        before = history.byes.get(entrant, 0)
        if team_event and before >= legs:
            warnings.append(f"{name(entrant)} has a bye again ({_times(before)} before).")
        elif not team_event and seated_byes and before > min(seated_byes):
            warnings.append(f"{name(entrant)} has a bye again ({_times(before)} before) while a "
                            f"seated player has had {_times(min(seated_byes))}.")
    return warnings


def _times(count: int) -> str:
    return {0: "none", 1: "once", 2: "twice"}.get(count, f"{count} times")
