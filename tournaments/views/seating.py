"""Where do I sit: a round's seating as a list of names in alphabetical order (German order:
``collation``), for the public seating page, the "find my table" search and the projector.

A player looks for their own name, not for a table: every seated player (in team events, every
team, with the roster members who sat down when they are known) gets one line with the table,
the seat and the partner; those who sit the round out get a line too. Two queries, once per
change of the event's field (``standings.cache.field_cached``): the projector shows 32 lines of
a round of 40,000 players, every 15 s, and sorting them all costs far more than showing them.
"""

from __future__ import annotations

from typing import NamedTuple

from ..collation import matches, name_key
from ..models import Bye, Round, Seat, label_entrants
from ..standings import cache as standings_cache


class SeatingLine(NamedTuple):
    """A tuple, so that a round's lines are cached as plain data."""

    name: str
    entrant_id: int
    table: int | None  # None: a bye
    seat: int | None  # 1-4 in playing order
    partner: str = ""

    @property
    def sort_key(self) -> tuple:
        return (name_key(self.name), self.entrant_id)


def _label(seat: Seat) -> str:
    return str(seat.label)  # "Anna (Dragons)": the person, where a team's seat names one


def seating(rnd: Round) -> list[SeatingLine]:
    """Everyone of the round, alphabetically (ties by entrant, so the order is stable)."""
    return standings_cache.field_cached(rnd.event_id, f"seating:{rnd.pk}", lambda: _seating(rnd))


def _seating(rnd: Round) -> list[SeatingLine]:
    seats = list(
        Seat.objects.filter(table__round=rnd)
        .select_related("entrant", "player", "table")
        .order_by("table__number", "position")
    )
    byes = list(Bye.objects.filter(round=rnd).select_related("entrant"))
    label_entrants([seat.entrant for seat in seats] + [bye.entrant for bye in byes])
    by_table: dict[int, dict[int, Seat]] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, {})[seat.position] = seat
    game = rnd.event.format.game
    lines: dict[tuple[int, int | None], SeatingLine] = {}
    for seat in seats:
        table = by_table[seat.table_id]
        team = [  # the partners: the other seats of the seat's team (none without teams)
            table[p]
            for p in sorted(table)
            if game.teams and game.team_of(p) == game.team_of(seat.position) and p != seat.position
        ]
        partner = team[0] if team else None
        same_team = partner is not None and partner.entrant_id == seat.entrant_id
        key = (seat.entrant_id, seat.player_id if seat.player_id else None)
        if same_team and not seat.player_id and key in lines:
            continue  # a team without its line-up named: one line for both of its seats
        lines[key] = SeatingLine(
            name=_label(seat),
            entrant_id=seat.entrant_id,
            table=seat.table.number,
            seat=seat.position + 1,
            partner=" & ".join(_label(p) for p in team)
            if team and not (same_team and not seat.player_id)
            else "",
        )
    for bye in byes:
        lines[(bye.entrant_id, None)] = SeatingLine(
            name=bye.entrant.display_name, entrant_id=bye.entrant_id, table=None, seat=None
        )
    return sorted(lines.values(), key=lambda line: line.sort_key)


def search(lines: list[SeatingLine], query: str) -> list[SeatingLine]:
    """The lines whose name (with the club beside it) holds every word of ``query``, however
    either is spelt ("Mueller" and "Muller" find Müller: ``collation.matches``)."""
    return [line for line in lines if matches(line.name, query)]
