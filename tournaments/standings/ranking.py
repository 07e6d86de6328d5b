"""The event's ranking, numbered once per change: who stands where, with rank and ties.

Ranks are numbered when read (``compute.ranked``), by a window over every standing row of the
event: a page of 100 rows, a projector screen of 32 or a player page's one row would each number
the whole event to know its own. So the numbering alone (entrant ids with their rank and how many
share it, in ranking order, packed as integers) is kept under the standings' version token
(``standings.cache``): each change numbers the event once, and every read takes its slice of the
numbering and fetches only the rows it shows.

Who never played (no hand, no bye, no credit, never seated at a table: absent all day, RULINGS.md
"Who sits out") is numbered apart, after everyone who played: ranks count among those who played
(``played``), and the pages list the others as "did not play" (``absent``). While nobody has
played yet (before the first draw), everyone counts as playing: there is nothing to set apart.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import groupby
from operator import itemgetter

from django.db import connection

from ..models import Event, Seat, StandingRow
from . import cache as standings_cache
from . import sql
from .sql import Dialect


class Ranking:
    """The numbering of an event's standing rows; sliced like a list of ``StandingRow`` (a
    paginator can page it), each row fetched with its entrant, ``rank`` and ``tied`` set, and
    ``played``: False for an entrant who never played, numbered apart after the others (their
    rank follows the last of those who played; pages show them as "did not play")."""

    def __init__(self, event: Event, packed: bytes):
        self.event = event
        numbers = array("q")
        numbers.frombytes(packed)
        count = (len(numbers) - 1) // 3
        self._entrants = numbers[:count]
        self._ranks = numbers[count : 2 * count]
        self._tied = numbers[2 * count : 3 * count]
        self.played = numbers[3 * count] if len(numbers) > 3 * count else count
        """How many played: the first ``played`` rows are the standings proper, the length of
        this ranking (a page, a screen, the API list only them)."""

    def absent(self) -> list[StandingRow]:
        """The rows of those who never played (registration order: pages sort them by name)."""
        return self._rows(range(self.played, len(self._entrants)))

    def __len__(self) -> int:
        return self.played

    def __getitem__(self, part: slice) -> list[StandingRow]:
        start, stop, _ = part.indices(len(self))
        return self._rows(range(start, stop))

    def places(self) -> list[tuple[int, int]]:
        """(rank, entrant id) of everyone who played, best first: no row is fetched."""
        return [(self._ranks[i], self._entrants[i]) for i in range(self.played)]

    def row_of(self, entrant_id: int) -> StandingRow | None:
        """The entrant's row, numbered among the whole event; None without one."""
        try:
            place = self._entrants.index(entrant_id)
        except ValueError:
            return None
        return next(iter(self._rows(range(place, place + 1))), None)

    def _rows(self, places: range) -> list[StandingRow]:
        """The rows at ``places`` (one query for them, none for the others)."""
        query = StandingRow.objects.filter(event=self.event).select_related("entrant__player")
        if len(places) < len(self._entrants):  # a slice: its rows by id (all: the event's)
            query = query.filter(entrant_id__in=[self._entrants[place] for place in places])
        found = {row.entrant_id: row for row in query}
        rows = []
        for place in places:
            row = found.get(self._entrants[place])
            if row is not None:  # gone since the numbering (a run removed it): not shown
                row.position, row.rank, row.tied = (
                    place + 1,
                    self._ranks[place],
                    self._tied[place],
                )
                row.played = place < self.played  # type: ignore[attr-defined]  # as rank
                rows.append(row)
        return rows


def ranking(event: Event) -> Ranking:
    """The event's current ranking (numbered at most once per change of its standings)."""
    return Ranking(
        event, standings_cache.cached(event.pk, "ranking:played", lambda: _numbering(event))
    )


def played_sql(alias: str) -> str:
    """1 where the standing row ``alias`` is of an entrant who played: a hand, a bye, a credit,
    or a seat at a table of any round (a table not entered yet, or closed), else 0."""
    return (
        f"CASE WHEN {alias}.hands_played > 0 OR {alias}.byes > 0 "
        f"OR {alias}.adjustment_vp <> 0 OR {alias}.adjustment_tp <> 0 "
        f"OR EXISTS (SELECT 1 FROM {Seat._meta.db_table} st "
        f"WHERE st.entrant_id = {alias}.entrant_id) THEN 1 ELSE 0 END"
    )


def _numbering(event: Event) -> bytes:
    """Entrant ids in ranking order, then their ranks, then how many share each, then how many
    played: one sort of the rows' keys (``sql.rank_keys``, as ``compute.ranked`` orders them),
    those who played first; rows equal on every key share the rank of the first of them, as
    ``ranked``'s window gives it, and ranks count among those who played."""
    keys = sql.rank_keys(Dialect(connection.vendor), event.format, sql.ROW)
    alias = sql.ROW
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT entrant_id, {played_sql(alias)} AS played, {', '.join(keys)} "
            f"FROM {sql.ROW} WHERE event_id = %s "
            f"ORDER BY played DESC, {', '.join(f'{key} DESC' for key in keys)}, "
            f"entrant_id",
            [event.pk],
        )
        return _packed(cursor.fetchall())


def _packed(order: list[tuple]) -> bytes:
    """The numbering of (entrant id, played, *keys) rows in ranking order (``_numbering``)."""
    if order and not any(row[1] for row in order):  # nobody played yet: none set apart
        order = [(row[0], 1, *row[2:]) for row in order]
    entrants, ranks, tied = array("q"), array("q"), array("q")
    played = sum(1 for row in order if row[1])
    for _, equal in groupby(order, key=itemgetter(slice(1, None))):
        ids = [row[0] for row in equal]
        ranks.extend([len(entrants) + 1] * len(ids))
        tied.extend([len(ids)] * len(ids))
        entrants.extend(ids)
    return (entrants + ranks + tied + array("q", [played])).tobytes()


def places_of(events: Sequence[Event]) -> dict[int, list[tuple[int, int]]]:
    """``ranking(event).places()`` of each of ``events`` in one query whatever their number (a
    person's page, a series table): one statement with a part per tie-break chain, each event's
    rows sorted and numbered as ``_numbering`` sorts and numbers them."""
    dialect = Dialect(connection.vendor)
    chains: dict[tuple[bool, tuple[str, ...]], list[Event]] = {}
    for event in events:
        chain = (event.format.is_duplicate, tuple(event.format.tiebreaks))
        chains.setdefault(chain, []).append(event)
    if not chains:
        return {}
    chain_keys = {
        chain: sql.rank_keys(dialect, chained[0].format, "r") for chain, chained in chains.items()
    }
    width = max(len(keys) for keys in chain_keys.values())
    parts, params = [], []
    for chain, chained in chains.items():
        keys = chain_keys[chain] + ["0"] * (width - len(chain_keys[chain]))
        marks = ", ".join(["%s"] * len(chained))
        parts.append(
            f"SELECT r.event_id, r.entrant_id, {played_sql('r')} AS played, {', '.join(keys)} "
            f"FROM {sql.ROW} r WHERE r.event_id IN ({marks})"
        )
        params += [event.pk for event in chained]
    order = ", ".join(f"{column} DESC" for column in range(3, width + 4))
    with connection.cursor() as cursor:
        cursor.execute(f"{' UNION ALL '.join(parts)} ORDER BY 1, {order}, 2", params)
        rows = cursor.fetchall()
    places: dict[int, list[tuple[int, int]]] = {event.pk: [] for event in events}
    by_pk = {event.pk: event for event in events}
    for event_id, event_rows in groupby(rows, key=itemgetter(0)):
        packed = _packed([row[1:] for row in event_rows])
        places[event_id] = Ranking(by_pk[event_id], packed).places()
    return places
