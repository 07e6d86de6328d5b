"""An event's life: draft (registration), running (from its first pairing), finished.

Tournament rules implemented here:

- The organizer finishes an event once its last round is played: no draft pending and every
  table of the latest round done (or closed). An event may be finished before the format's
  number of rounds (the hall closes), never in the middle of a round.
- A finished event is frozen: no hand, correction, confirmation, pairing, publication, seat swap,
  closed table or registration until the organizer reopens it. Every service that changes
  results calls ``check_not_finished`` after locking the event's row, so a change and the
  finishing cannot both win.
- Finishing and reopening are recorded in the history; both renew the cached public pages (the
  standings read "final" only while the event is finished).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Event, Round
from ..selectors.progress import round_is_complete
from ..standings import cache as standings_cache
from ..standings.schedule import mark_changed
from .history import Actor, Conflict, ServiceError, record_change


def check_not_finished(event: Event, event_format=None) -> None:
    """Refuse a change of a finished event (409 ``event_finished``). A cup is exempt: its status
    follows its bracket (``knockout.progress``), and a correction reopens it by itself.
    ``event_format`` if the caller has it parsed already."""
    if event.status != Event.Status.FINISHED:
        return
    if not (event_format or event.format).is_cup:
        raise Conflict(
            _("The event is finished: the organizer must reopen it first."), code="event_finished"
        )


def _status_changed(event: Event) -> None:
    """The standings must be marked final (or no longer): the cached pages show the status,
    whether or not a standings run is pending."""
    mark_changed(event)
    transaction.on_commit(lambda: standings_cache.invalidate(event.pk))


def _locked(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise ServiceError(_("This event does not exist."), code="not_found")
    return event


def event_finish(*, event_id: int, actor: Actor) -> Event:
    """Finish a running event after its last round; finishing a finished event changes nothing."""
    with transaction.atomic():
        event = _locked(event_id)
        if event.status == Event.Status.FINISHED:
            return event
        last = Round.objects.filter(event=event).order_by("-number").first()
        if last is None:
            raise Conflict(_("No round has been played yet."), code="no_rounds")
        if last.status == Round.Status.DRAFT:
            raise Conflict(
                _("Round %(n)d is still a draft: publish or regenerate it first.")
                % {"n": last.number},
                code="draft_pending",
            )
        if not _played(last, event):
            raise Conflict(
                _("Round %(n)d is not complete: some tables still miss hands.")
                % {"n": last.number},
                code="round_incomplete",
            )
        old = event.status
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
        record_change(
            event,
            subject="event",
            subject_id=event.pk,
            action="finish",
            actor=actor,
            old={"status": old},
            new={"status": event.status, "rounds_played": last.number},
        )
        _status_changed(event)
    return event


def event_reopen(*, event_id: int, actor: Actor, reason: str = "") -> Event:
    """Reopen a finished event (a late correction, one more round): it runs again."""
    with transaction.atomic():
        event = _locked(event_id)
        if event.status != Event.Status.FINISHED:
            raise Conflict(_("Only a finished event can be reopened."), code="not_finished")
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
        record_change(
            event,
            subject="event",
            subject_id=event.pk,
            action="reopen",
            actor=actor,
            old={"status": Event.Status.FINISHED},
            new={"status": event.status},
            reason=reason,
        )
        _status_changed(event)
    return event


def is_last_round_played(event: Event, rounds: list[Round], total: int) -> bool:
    """What the organizer's page offers next: "Finish" once the format's last round is done."""
    if not rounds or event.status != Event.Status.RUNNING:
        return False
    latest = rounds[-1]
    return (
        latest.number >= total
        and latest.status != Round.Status.DRAFT
        and (latest.status == Round.Status.COMPLETE or _played(latest, event))
    )


def _played(rnd: Round, event: Event) -> bool:
    """Every table of the round is done."""
    rnd.event = event
    return round_is_complete(rnd)
