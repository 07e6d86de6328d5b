"""Scheduling the standings worker: what a change records, and when a run is sent.

Every change calls ``mark_changed`` in its transaction: the event's ``change_seq`` goes up and a
``StandingsChange`` row records what changed (the table of a hand, or nothing for a structural
change). After the commit one run of the worker (``compute.refresh``, through the Celery task
``tournaments.tasks.recompute_standings``) is scheduled per event; bursts coalesce.

The task is registered here when the app is ready (``TournamentsConfig.ready``,
``register_worker``): the services call this module, never the task module, which itself calls
the services (no import cycle).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F

from .. import rows
from ..models import Event, StandingsChange
from . import cache as standings_cache

log = logging.getLogger(__name__)
PENDING_KEY = "standings:pending:{}"
PENDING_SECONDS = 300


class Worker(Protocol):
    """The recomputation task: ``delay(event_id)`` sends one run to the workers."""

    def delay(self, event_id: int) -> object: ...


_worker: Worker | None = None


_held: ContextVar[set[int] | None] = ContextVar("standings_held", default=None)
"""The events whose runs are held back (``held``), or None."""


@contextmanager
def held() -> Iterator[None]:
    """Changes committed inside send no run each: one run per changed event is sent on leaving.

    For a simulation's round of hands, which would otherwise cost a recomputation per hand where
    the tasks run in process (the embedded default): what a worker's coalescing makes of a burst.
    The changes are recorded as always, so the run applies them all.
    """
    changed: set[int] = set()
    token = _held.set(changed)
    try:
        yield
    finally:
        _held.reset(token)
        for event_id in sorted(changed):
            after_change(event_id)


def register_worker(worker: Worker) -> None:
    """Name the task that recomputes an event's standings (called once, when the app is ready)."""
    global _worker
    _worker = worker


def mark_changed(
    event: Event, *, table_id: int | None = None, along: tuple[rows.Statement, ...] = ()
) -> list[tuple | None]:
    """Call inside a change's transaction: the standings are stale until a worker catches up,
    and one run is scheduled once the change is committed.

    ``table_id`` names the table whose hands changed (the worker then updates only what that
    table touches); without it the change is structural and the worker recomputes everything.
    The change is recorded in the database with the change itself, so it survives the broker.

    Every hand calls this: its own writes (``along``: the new hand and its history row) go to
    the database first, in the same round trip (``rows.first_rows``), and the rows they answer
    are returned. The counter goes up last: its update holds the event's row until the commit,
    so hand entries at different tables of the event wait for each other only for that moment.
    """
    found = rows.first_rows(
        *along,
        rows.insert_statement(StandingsChange(event_id=event.pk, table_id=table_id)),
        (_bump_sql(), [event.pk]),
    )
    transaction.on_commit(lambda: after_change(event.pk))
    if table_id is None:  # a structural change may change names and seating
        transaction.on_commit(lambda: standings_cache.field_changed(event.pk))
    return found[: len(along)]


@functools.cache
def _bump_sql() -> str:
    quote = connection.ops.quote_name
    return (
        f"UPDATE {quote(Event._meta.db_table)} SET {quote('change_seq')} = "
        f"{quote('change_seq')} + 1 WHERE {quote('id')} = %s"
    )


def after_change(event_id: int) -> None:
    """Once a change is committed: a recomputation is marked pending, and if none was pending
    already (bursts coalesce), one is enqueued and the cached standings say "not up to date"
    from now on (the event's version token is renewed).

    A change while a run is pending renews nothing. The change that set the mark renewed the
    token, so every answer cached since says "not up to date" and shows the rows that run will
    replace; and that run clears the mark when it starts, so it starts after this change is
    committed, applies it, and renews the token once it has written (``refresh``; or an earlier
    run applied it and renewed). A hand in a busy event then costs one command to Redis, and no
    message to every process (``tichu_site.tokens``).
    """
    changed = _held.get()
    if changed is not None:
        changed.add(event_id)
    elif _mark_pending(event_id):
        standings_cache.invalidate(event_id)
        _enqueue(event_id)


def schedule(event_id: int) -> bool:
    """The catch-up sweep: enqueue one recomputation of stale standings unless a run was sent
    within the last sweep interval and has not started yet.

    A pending mark older than that is abandoned: the message it stands for is lost with a worker
    killed while it held it (a prefork pool reserves messages; Redis gives an unacknowledged one
    back only after its visibility timeout) or with the broker. The sweep then sends a new run
    and renews the mark, so standings catch up within two sweeps of a worker being back. A run
    sent twice costs a second, redundant check (``compute.refresh`` applies what is recorded).
    """
    if _mark_pending(event_id) or _take_over_abandoned_mark(event_id):
        return _enqueue(event_id)
    return False


def _mark_pending(event_id: int) -> bool:
    """Mark a run pending, with the time it was sent; False if one was already (or the cache
    is unreachable)."""
    return cache.add(PENDING_KEY.format(event_id), time.time(), PENDING_SECONDS)


def _take_over_abandoned_mark(event_id: int) -> bool:
    """Renew a pending mark older than a sweep interval (see ``schedule``); False if it is
    younger, or gone (a run started: it applies every committed change)."""
    key = PENDING_KEY.format(event_id)
    marked_at = cache.get(key)
    if marked_at is None:
        return False
    if time.time() - float(marked_at) <= settings.STANDINGS_SWEEP_SECONDS:
        return False
    cache.set(key, time.time(), PENDING_SECONDS)
    return True


def _enqueue(event_id: int) -> bool:
    """Send the recomputation to the workers; its pending mark is set.

    If the broker is down, the change is still committed and the standings stay marked stale:
    the mark is taken back, and the periodic catch-up task schedules them again once the broker
    is back. (While the cache is down, no mark can be set and nothing is enqueued: the same.)
    """
    if _worker is None:
        raise RuntimeError("no standings worker registered: is the tournaments app installed?")
    try:
        _worker.delay(event_id)
        return True
    except Exception:  # noqa: BLE001 - any broker failure: stay stale, catch up later
        log.warning(
            "could not schedule standings of event %s; they stay stale", event_id, exc_info=True
        )
        cache.delete(PENDING_KEY.format(event_id))
        return False


def clear_pending(event_id: int) -> None:
    """The worker starts: changes from now on must schedule a new run."""
    cache.delete(PENDING_KEY.format(event_id))


def stale_event_ids() -> list[int]:
    return list(
        Event.objects.filter(standings_seq__lt=F("change_seq")).values_list("pk", flat=True)
    )
