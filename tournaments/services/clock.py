"""The round clock: the organizers (and their helpers) start it, pause it, let it go on, give the
round more time, or take the clock back; the pages show the time left (``tournaments.clock``).

Tournament rules implemented here:

- A clock runs for a published round of an event not finished; it starts once (to start it
  anew, take it back first). A round's time is 1 to ``MAX_MINUTES`` minutes, and so is each
  extension.
- A paused clock keeps its time left; an extension adds to the time left (also once the time
  is up) and to the round's time.
- Every change of the clock is in the history with who made it (no standings depend on it).

Each function locks the round and counts from one moment, ``now`` (the present unless a caller
names one), and rebases the clock to it: ``clock_remaining`` is the time left at ``now``,
``clock_started_at`` is ``now``.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..clock import PAUSED, clock_of
from ..models import Event, Round
from .history import Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished

MAX_MINUTES = 600


def _minutes(minutes) -> int:
    if (
        isinstance(minutes, bool)
        or not isinstance(minutes, int)
        or not (1 <= minutes <= MAX_MINUTES)
    ):
        raise ServiceError(
            _("Give the time in whole minutes, 1 to %(max)s.") % {"max": MAX_MINUTES},
            field="minutes",
            code="minutes",
        )
    return minutes


def _change(round_id: int, action: str, actor: Actor, now: datetime | None, apply) -> Round:
    """Lock the round, check it runs, let ``apply(rnd, clock, now)`` set its clock (``clock``:
    as it reads at ``now``, None when not started), save and record it."""
    now = now or timezone.now()
    with transaction.atomic():
        rnd = Round.objects.select_for_update().filter(pk=round_id).first()
        if rnd is None:
            raise ServiceError(_("This round does not exist."), code="not_found")
        event = Event.objects.get(pk=rnd.event_id)
        check_not_finished(event)
        if rnd.status != Round.Status.PUBLISHED:
            raise Conflict(
                _("The clock runs only while the round is being played."), code="round_not_running"
            )
        before = clock_of(rnd, now)
        apply(rnd, before, now)
        rnd.save(
            update_fields=[
                "clock_duration",
                "clock_remaining",
                "clock_started_at",
                "clock_paused_at",
            ]
        )
        after = clock_of(rnd, now)
        record_change(
            event,
            subject="round",
            subject_id=rnd.pk,
            action=f"clock_{action}",
            actor=actor,
            old=_snapshot(rnd, before),
            new=_snapshot(rnd, after),
        )
    return rnd


def _snapshot(rnd: Round, clock) -> dict:
    if clock is None:
        return {"number": rnd.number}
    return {
        "number": rnd.number,
        "state": clock.state,
        "seconds_left": clock.seconds_left,
        "duration": clock.duration,
    }


def _set(rnd: Round, now: datetime, left: int, *, paused: bool) -> None:
    rnd.clock_remaining, rnd.clock_started_at = left, now
    rnd.clock_paused_at = now if paused else None


def clock_start(*, round_id: int, minutes: int, actor: Actor, now: datetime | None = None) -> Round:
    """Start the round's clock with ``minutes`` for the round."""
    seconds = _minutes(minutes) * 60

    def apply(rnd, clock, now):
        if clock is not None:
            raise Conflict(_("The clock of this round is already started."), code="clock_started")
        rnd.clock_duration = seconds
        _set(rnd, now, seconds, paused=False)

    return _change(round_id, "start", actor, now, apply)


def _started(clock):
    if clock is None:
        raise Conflict(_("The clock of this round is not started."), code="clock_not_started")
    return clock


def clock_pause(*, round_id: int, actor: Actor, now: datetime | None = None) -> Round:
    """Stop the clock where it is (a dispute, a break)."""

    def apply(rnd, clock, now):
        if _started(clock).state == PAUSED:
            raise Conflict(_("The clock is already paused."), code="clock_paused")
        _set(rnd, now, clock.seconds_left, paused=True)

    return _change(round_id, "pause", actor, now, apply)


def clock_resume(*, round_id: int, actor: Actor, now: datetime | None = None) -> Round:
    """Let a paused clock go on."""

    def apply(rnd, clock, now):
        if _started(clock).state != PAUSED:
            raise Conflict(_("The clock is not paused."), code="clock_not_paused")
        _set(rnd, now, clock.seconds_left, paused=False)

    return _change(round_id, "resume", actor, now, apply)


def clock_extend(
    *, round_id: int, minutes: int, actor: Actor, now: datetime | None = None
) -> Round:
    """Give the round ``minutes`` more (running or paused, also once its time is up)."""
    seconds = _minutes(minutes) * 60

    def apply(rnd, clock, now):
        _started(clock)
        rnd.clock_duration += seconds
        _set(rnd, now, clock.seconds_left + seconds, paused=clock.state == PAUSED)

    return _change(round_id, "extend", actor, now, apply)


def clock_reset(*, round_id: int, actor: Actor, now: datetime | None = None) -> Round:
    """Take the clock back (started by mistake): the round has no clock until started again."""

    def apply(rnd, clock, now):
        _started(clock)
        rnd.clock_duration = rnd.clock_remaining = None
        rnd.clock_started_at = rnd.clock_paused_at = None

    return _change(round_id, "reset", actor, now, apply)


CLOCK_ACTIONS = {"pause": clock_pause, "resume": clock_resume, "reset": clock_reset}
CLOCK_TIMED_ACTIONS = {"start": clock_start, "extend": clock_extend}
