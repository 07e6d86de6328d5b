"""Standings: victory points, Tichu points, hands played, byes, tie-breaks, rank.

Tournament rules implemented here (RULINGS.md, "Victory points and standings"):

- Each player (or team) earns the VP and TP of the team they sat in for each hand.
- VP per hand (DTM scheme), per round (2/1/0 from a table's round TP totals, once the table's
  round is complete) or per game (2/1/0 once a game to the target is decided).
- A table the organizer closes before all its hands are in credits its missing hands (VP per
  hand: averaged 1 VP and 50 TP to each team, forfeited 2 VP to the team not at fault) as an
  adjustment, never as invented hands.
- A bye is recorded, never invented as hands; its credit (format option ``bye_credit``, default
  the average VP and TP per hand the entrant actually played, times the hands of a round; per
  round played in games to a target) is an adjustment, never above that average: VP rounded
  down to a whole point, TP down to a multiple of 5 (RULINGS.md).
- Order: VP, then the format's tie-break chain (default: total TP), last the registration order,
  so that two computations always give the same ranks. Ranks are numbered when read (``ranked``),
  never stored: a hand in a league moves four players by hundreds of places, and storing ranks
  made every hand rewrite hundreds of rows.

How it runs: every change calls ``schedule.mark_changed`` in its transaction, which records what
changed and schedules one run of the worker per event. The worker (``refresh``) takes the
recorded changes in its own transaction and:

- recomputes the whole event (``Scope.whole_event``) after a structural change, when nothing is
  stored yet, when a bye lacks its stored credit, or when a tie-break needs the whole event
  (opponents' VP);
- otherwise only the seats at the changed tables (``Scope.at_tables``): their round results at
  those tables, and the bye credits and lines of the entrants seated there.

Both paths are the same set-based SQL (``standings.sql``) over different scopes, writing only the
rows that differ, so the incremental result is the full one by construction (and tested so).
Public reads only read the stored rows. A correction of an old round is one more changed table.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import Count, F, QuerySet, Window
from django.db.models.expressions import RawSQL
from django.db.models.functions import Rank, RowNumber
from django.utils import timezone

from .. import rows
from ..models import (
    ArtificialResult,
    BoardScore,
    Event,
    RoundResult,
    StandingRow,
    StandingsChange,
)
from . import cache as standings_cache
from . import duplicate, sql
from .sql import Dialect, Scope
from .tiebreaks import TIEBREAKS

WRITTEN = (
    Event._meta.db_table,
    StandingsChange._meta.db_table,
    sql.RESULT,
    sql.ROW,
    BoardScore._meta.db_table,
)
READ = (
    sql.ROUND,
    sql.TABLE,
    sql.SEAT,
    sql.HAND,
    sql.BYE,
    sql.ENTRANT,
    ArtificialResult._meta.db_table,
)


@dataclass
class Line:
    """One entrant's standing as ``compute`` derives it."""

    entrant_id: int
    victory_points: int = 0
    tichu_points: int = 0
    hands_played: int = 0
    byes: int = 0
    adjustment_vp: int = 0
    adjustment_tp: int = 0
    tiebreaks: dict = field(default_factory=dict)
    rank: int = 0


# --- computing ----------------------------------------------------------------------------------


def refresh(event_id: int, *, full: bool = False) -> bool:
    """Apply the recorded changes to the stored standings; mark them up to date for the change
    seen. ``full`` recomputes the whole event whatever was recorded. True when it applied
    changes (the register's ratings then follow: ``tournaments.tasks``).

    Idempotent: running it twice, or after a worker died half-way (its transaction rolled back,
    the recorded changes with it), gives the same rows.
    """
    seqs = Event.objects.filter(pk=event_id).values_list("change_seq", "standings_seq").first()
    if seqs is None or (seqs[0] == seqs[1] and not full):
        return False  # a redundant run (bursts, the catch-up sweep): every change is applied
    seq = seqs[0]
    with transaction.atomic():
        changes = _lock_and_take_changes(event_id)
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            return False
        scope = _scope(event, changes, full)
        if scope is not None:
            store(event, scope)
            if event.format.is_duplicate:
                duplicate.store_scores(event)
        Event.objects.filter(pk=event_id, standings_seq__lt=seq).update(
            standings_seq=seq, standings_computed_at=timezone.now()
        )
    standings_cache.invalidate(event_id)
    return True


# The run's commit does not wait for its WAL to reach the disk. What it writes is derived from the
# hands, and a crash loses the whole transaction or nothing: the changes it took come back with
# their standings_seq, and the next run applies them again. (The hands themselves, and every other
# write of the service, keep synchronous commits.)
ASYNC_COMMIT = "SET LOCAL synchronous_commit = off"


def _lock_and_take_changes(event_id: int) -> list[int | None]:
    """Lock the event's standings, then take its recorded changes' tables (None: structural),
    removed in the caller's transaction. One round trip on PostgreSQL (``rows.all_rows``).

    One computation per event at a time (PostgreSQL advisory lock; SQLite has one writer).
    Then every table the run reads or writes is locked up front, without waiting: ordinary
    reads and writes never conflict with these modes, only DDL and TRUNCATE do. Taking the locks
    one by one during the run could deadlock with such a statement (which then fails); this way
    the run fails at once instead, its transaction and recorded changes roll back, and the
    catch-up sweep schedules it again.

    Every change numbered up to the ``change_seq`` read before was committed before this runs,
    so it is among the changes taken; a later one may be too, and is then simply applied early.
    """
    take = (
        f"DELETE FROM {StandingsChange._meta.db_table} WHERE event_id = %s RETURNING table_id",
        [event_id],
    )
    locks = []
    if connection.vendor == "postgresql":
        locks = [
            (ASYNC_COMMIT, []),
            ("SELECT pg_advisory_xact_lock(%s, %s)", [7411, event_id]),
            (f"LOCK TABLE {', '.join(WRITTEN)} IN ROW EXCLUSIVE MODE NOWAIT", []),
            (f"LOCK TABLE {', '.join(READ)} IN ACCESS SHARE MODE NOWAIT", []),
        ]
    return [table_id for (table_id,) in rows.all_rows(*locks, take)[-1]]


def _scope(event: Event, changes: list[int | None], full: bool) -> Scope | None:
    """What to recompute: everything, the entrants at the changed tables, or nothing.

    Everything also when nothing is stored yet, or when a bye has no stored credit (recorded
    outside the services: the admin, an import, so no change says which entrants it touches).
    """
    with connection.cursor() as cursor:
        if not (
            full
            or None in changes
            or not all(TIEBREAKS[name].local for name in event.format.tiebreaks)
        ):
            cursor.execute(*sql.stored_state(event.pk))
            stored, uncredited_byes = cursor.fetchone()
            if stored and not uncredited_byes:
                return (
                    Scope.at_tables(cursor, event.pk, changes, tables_per_round=event.format.is_cup)
                    if changes
                    else None
                )
        return Scope.whole_event(cursor, event.pk, parts=_parallel_parts(cursor))


def store(event: Event, scope: Scope) -> None:
    """Bring the stored round results and standing rows of ``scope`` up to date (inside the
    caller's transaction). Only rows that differ are written.

    The heavy reads are plain SELECTs returning only the differences (PostgreSQL runs those in
    parallel, never a writing statement); the writes are small, and sent together. Byes change
    only with structural changes, which recompute the whole event: only then are stale bye
    results looked for.
    """
    event_format = event.format
    dialect = Dialect(connection.vendor)
    bye_results, stale_bye_results = sql.store_bye_results(event_format, scope)
    with connection.cursor() as cursor:
        if scope.whole and connection.vendor == "postgresql":
            _tune_for_a_whole_league(cursor)
        with _parts_side_by_side(cursor, scope):
            cursor.execute(*sql.seat_result_changes(event_format, scope))
            changed = cursor.fetchall()
        rows.all_rows(
            *sql.delete_seat_results(changed),
            *sql.write_seat_results(dialect, changed),
            *([stale_bye_results] if scope.whole else []),
            bye_results,
        )
        cursor.execute(*sql.line_changes(dialect, event_format, scope))
        for statement in sql.write_lines(dialect, cursor.fetchall()):
            cursor.execute(*statement)


def _tune_for_a_whole_league(cursor) -> None:
    """A whole league aggregates a million hands: hash them in memory rather than spill to
    disk, and skip JIT compilation, which costs more than it saves here."""
    for setting in ("work_mem = '64MB'", "jit = off"):
        cursor.execute(f"SET LOCAL {setting}")


PARTS_SIDE_BY_SIDE = {
    "parallel_tuple_cost": "0",
    "min_parallel_table_scan_size": "'8GB'",
    "min_parallel_index_scan_size": "'8GB'",
}


@contextmanager
def _parts_side_by_side(cursor, scope: Scope):
    """Run the parts of a split diff side by side, one worker each (Parallel Append).

    Left alone, PostgreSQL parallelises the scans inside each part instead and passes all of
    their rows through the workers' queues, twice as slow: no partial scans, and free row
    passing (the diff returns only what changed), leave it the parts.
    """
    if not scope.split or connection.vendor != "postgresql":
        yield
        return
    for name, value in PARTS_SIDE_BY_SIDE.items():
        cursor.execute(f"SET LOCAL {name} = {value}")
    yield
    for name in PARTS_SIDE_BY_SIDE:
        cursor.execute(f"SET LOCAL {name} TO DEFAULT")


def _parallel_parts(cursor) -> int:
    """How many parts a whole event's diff is split into: one per parallel worker PostgreSQL
    may give a query (SQLite runs one process: one part)."""
    if connection.vendor != "postgresql":
        return 1
    cursor.execute("SELECT current_setting('max_parallel_workers_per_gather')::int")
    return max(1, cursor.fetchone()[0])


def compute(event: Event) -> tuple[list[Line], list[RoundResult]]:
    """The standings of an event from its hands and byes, in rank order, with the round results
    they come from (nothing is read from the stored standings, nothing is written)."""
    with connection.cursor() as cursor:
        results_sql, results_params, lines_sql, lines_params = sql.computed(
            Dialect(connection.vendor), event.format, Scope.whole_event(cursor, event.pk)
        )
        cursor.execute(results_sql, results_params)
        results = [
            RoundResult(
                round_id=r,
                entrant_id=e,
                victory_points=vp,
                tichu_points=tp,
                hands_played=hands,
                bye=bool(bye),
                adjustment_vp=adj_vp,
                adjustment_tp=adj_tp,
            )
            for r, e, vp, tp, hands, bye, adj_vp, adj_tp in cursor.fetchall()
        ]
        cursor.execute(lines_sql, lines_params)
        names = event.format.tiebreaks
        lines = [
            Line(
                entrant_id=row[0],
                victory_points=int(row[1]),
                tichu_points=int(row[2]),
                hands_played=int(row[3]),
                byes=int(row[4]),
                adjustment_vp=int(row[5]),
                adjustment_tp=int(row[6]),
                tiebreaks={name: int(value) for name, value in zip(names, row[8:], strict=True)},
                rank=position,
            )
            for position, row in enumerate(cursor.fetchall(), start=1)
        ]
    return lines, results


def ranked(rows: QuerySet[StandingRow], event_format) -> QuerySet[StandingRow]:
    """Standing rows of one event in ranking order (``position``: 1, 2, ..., the registration
    order last), each with its ``rank``, shared by the rows equal on VP and every tie-break
    (``tied`` says how many share it: shown as "3=").

    The order is ``sql.rank_keys``, the same as ``compute``'s. The window numbers the
    rows the query keeps: filter before it only by event (one row alone would be rank 1).
    """
    keys = [
        RawSQL(key, ()) for key in sql.rank_keys(Dialect(connection.vendor), event_format, sql.ROW)
    ]
    equal = [key.desc() for key in keys]
    return rows.annotate(
        position=Window(RowNumber(), order_by=[*equal, F("entrant_id").asc()]),
        rank=Window(Rank(), order_by=equal),
        tied=Window(Count("pk"), partition_by=keys),
    ).order_by("position")
