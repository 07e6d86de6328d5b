"""Checks of a seating against the pairing rules, for seats an organizer changed by hand.

Tournament rules checked (each breach is a warning; the organizer decides):

- every active entrant is seated exactly once or has a bye, and nobody else is seated;
- a table seats four players (individual events; as many as the game's tables seat) or two
  teams (team events);
- individual events: no two players are partners twice; a bye goes to nobody who already had more
  byes than a player who is seated;
- team events: two teams meet at most ``legs`` times (1, or 2 in a double round robin) and a team
  has at most ``legs`` byes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from itertools import combinations
from typing import NamedTuple

from .base import Draw, PairingHistory


class Breach(NamedTuple):
    """One broken pairing rule: a stable ``code`` and its ``params`` (entrants as ids, tables
    as numbers). This module knows no language: ``tournaments.wording`` words a breach."""

    code: str
    params: dict[str, int]


def check_draw(
    draw: Draw,
    history: PairingHistory,
    *,
    team_event: bool | None = None,
    active: Collection[int] | None = None,
    legs: int = 1,
    sizes: Collection[int] | None = None,
) -> list[Breach]:
    """Every pairing rule ``draw`` breaks, in a stable order; empty if none.

    ``team_event`` defaults to whether the tables have two seats; ``active``, if given, are the
    entrants who must be seated or on a bye; ``sizes`` the sizes a table of players may have
    (four unless the game says otherwise, ``tournaments.games``). At tables of two teams
    (``draw.teams``) the even seats are partners, and so are the odd ones.
    """
    if team_event is None:
        team_event = bool(draw.tables) and all(len(t) == 2 for t in draw.tables)
    allowed = {2} if team_event else set(sizes or (4,))
    breaches = []
    placed = Counter(e for table in draw.tables for e in table) + Counter(draw.byes)
    breaches += [
        Breach("seated_twice", {"entrant": e, "times": n}) for e, n in placed.items() if n > 1
    ]
    if active is not None:
        breaches += [Breach("not_seated", {"entrant": e}) for e in active if e not in placed]
        breaches += [Breach("not_active", {"entrant": e}) for e in placed if e not in active]
    for number, table in enumerate(draw.tables, start=1):
        if len(table) not in allowed:
            size = {"table": number, "seats": len(table), "expected": min(allowed)}
            if len(allowed) > 1:  # tables of several sizes (Grand Seigneur's 5 to 12)
                size["largest"] = max(allowed)
            breaches.append(Breach("table_size", size))
        elif team_event:
            met = history.matches.get(frozenset(table), 0)
            if met >= legs:
                breaches.append(
                    Breach(
                        "rematch", {"a": table[0], "b": table[1], "table": number, "before": met}
                    )
                )
        elif draw.teams:
            for x, y in combinations(range(len(table)), 2):
                a, b = table[x], table[y]
                if (y - x) % 2 == 0 and frozenset((a, b)) in history.partners:
                    breaches.append(Breach("partners_again", {"a": a, "b": b, "table": number}))
    seated_byes = [history.byes.get(e, 0) for table in draw.tables for e in table]
    for entrant in draw.byes:
        before = history.byes.get(entrant, 0)
        if team_event and before >= legs:
            breaches.append(Breach("bye_again", {"entrant": entrant, "before": before}))
        elif not team_event and seated_byes and before > min(seated_byes):
            breaches.append(
                Breach(
                    "bye_again_unfair",
                    {"entrant": entrant, "before": before, "fewest": min(seated_byes)},
                )
            )
    return breaches
