"""The event's ranking, numbered once per change: who stands where, with rank and ties.

Ranks are numbered when read (``compute.ranked``), by a window over every standing row of the
event: a page of 100 rows, a projector screen of 32 or a player page's one row would each number
the whole event to know its own. So the numbering alone (entrant ids with their rank and how many
share it, in ranking order, packed as integers) is kept under the standings' version token
(``standings.cache``): each change numbers the event once, and every read takes its slice of the
numbering and fetches only the rows it shows.
"""

from __future__ import annotations

from array import array
from itertools import groupby
from operator import itemgetter

from django.db import connection

from ..models import Event, StandingRow
from . import cache as standings_cache
from . import sql
from .sql import Dialect


class Ranking:
    """The numbering of an event's standing rows; sliced like a list of ``StandingRow`` (a
    paginator can page it), each row fetched with its entrant, ``rank`` and ``tied`` set."""

    def __init__(self, event: Event, packed: bytes):
        self.event = event
        numbers = array("q")
        numbers.frombytes(packed)
        count = len(numbers) // 3
        self._entrants = numbers[:count]
        self._ranks = numbers[count:2 * count]
        self._tied = numbers[2 * count:]

    def __len__(self) -> int:
        return len(self._entrants)

    def __getitem__(self, part: slice) -> list[StandingRow]:
        start, stop, _ = part.indices(len(self))
        return self._rows(range(start, stop))

    def row_of(self, entrant_id: int) -> StandingRow | None:
        """The entrant's row, numbered among the whole event; None without one."""
        try:
            place = self._entrants.index(entrant_id)
        except ValueError:
            return None
        return next(iter(self._rows(range(place, place + 1))), None)

    def _rows(self, places: range) -> list[StandingRow]:
        """The rows at ``places`` (one query for them, none for the others)."""
        query = StandingRow.objects.filter(event=self.event).select_related("entrant")
        if len(places) < len(self):  # a slice: its rows by id (all of them: the event's)
            query = query.filter(entrant_id__in=[self._entrants[place] for place in places])
        found = {row.entrant_id: row for row in query}
        rows = []
        for place in places:
            row = found.get(self._entrants[place])
            if row is not None:  # gone since the numbering (a run removed it): not shown
                row.position, row.rank, row.tied = (place + 1, self._ranks[place],
                                                     self._tied[place])
                rows.append(row)
        return rows


def ranking(event: Event) -> Ranking:
    """The event's current ranking (numbered at most once per change of its standings)."""
    return Ranking(event, standings_cache.cached(event.pk, "ranking", lambda: _numbering(event)))


def _numbering(event: Event) -> bytes:
    """Entrant ids in ranking order, then their ranks, then how many share each: one sort of
    the rows' keys (``sql.rank_keys``, as ``compute.ranked`` orders them); rows equal on every
    key share the rank of the first of them, as ``ranked``'s window gives it."""
    keys = sql.rank_keys(Dialect(connection.vendor), event.format, sql.ROW)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT entrant_id, {', '.join(keys)} FROM {sql.ROW} "
                       f"WHERE event_id = %s "
                       f"ORDER BY {', '.join(f'{key} DESC' for key in keys)}, entrant_id",
                       [event.pk])
        order = cursor.fetchall()
    entrants, ranks, tied = array("q"), array("q"), array("q")
    for _, equal in groupby(order, key=itemgetter(slice(1, None))):
        ids = [row[0] for row in equal]
        ranks.extend([len(entrants) + 1] * len(ids))
        tied.extend([len(ids)] * len(ids))
        entrants.extend(ids)
    return (entrants + ranks + tied).tobytes()
