"""Scheduling the ratings worker, as ``standings.schedule`` schedules the standings' one.

A change that may move ratings (the standings worker applied hands of one of the register's
events; a person merged or a merge undone) calls ``mark_changed``: the register's ``change_seq``
goes up, and once committed one run of ``tournaments.tasks.rate_register`` is sent, unless one is
pending already (bursts coalesce: a busy event's hands cost one rating run per worker pass, not
one per hand). A run lost with its worker or the broker is sent again by the periodic catch-up
(``stale_register_ids``) once its pending mark has expired (``PENDING_SECONDS``): a rating may
wait minutes, a standing may not (``standings.schedule`` takes abandoned marks over sooner).

The task registers itself when the app is ready (``register_worker``): the services call this
module, never the task module.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.db import transaction
from django.db.models import F

from ..models import Event, Register
from ..standings.schedule import Worker

log = logging.getLogger(__name__)
PENDING_KEY = "ratings:pending:{}"
PENDING_SECONDS = 300

_worker: Worker | None = None


def register_worker(worker: Worker) -> None:
    """Name the task that rates a register (called once, when the app is ready)."""
    global _worker
    _worker = worker


def mark_changed(register_id: int) -> None:
    """The register's ratings are stale: counted now, a run sent once the change is committed
    (at once outside a transaction)."""
    Register.objects.filter(pk=register_id).update(change_seq=F("change_seq") + 1)
    transaction.on_commit(lambda: schedule(register_id))


def event_changed(event_id: int) -> None:
    """The standings worker applied changes of an event: its register's ratings are stale."""
    register_id = Event.objects.filter(pk=event_id).values_list("register_id", flat=True).first()
    if register_id is not None:
        mark_changed(register_id)


def schedule(register_id: int) -> bool:
    """Send one rating run unless one is pending; True if sent. A broker failure leaves the
    ratings stale for the catch-up (the pending mark is taken back)."""
    if _worker is None:
        raise RuntimeError("no ratings worker registered: is the tournaments app installed?")
    if not cache.add(PENDING_KEY.format(register_id), True, PENDING_SECONDS):
        return False
    try:
        _worker.delay(register_id)
        return True
    except Exception:  # noqa: BLE001 - any broker failure: stay stale, catch up later
        log.warning("could not schedule ratings of register %s", register_id, exc_info=True)
        cache.delete(PENDING_KEY.format(register_id))
        return False


def clear_pending(register_id: int) -> None:
    """The worker starts: changes from now on must send a new run."""
    cache.delete(PENDING_KEY.format(register_id))


def stale_register_ids() -> list[int]:
    return list(
        Register.objects.filter(ratings_seq__lt=F("change_seq")).values_list("pk", flat=True)
    )
