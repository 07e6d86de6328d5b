"""Changing an event's format after its creation (the settings on the event's page and
``PATCH /api/events/{id}/``).

Tournament rules implemented here:

- Every format value can be changed while no round is published.
- Once a round is published, the values that would change recorded results are locked: how a
  hand is scored (the rule options, the victory-point scheme), how long a round is (hands per
  round, the game's target), what a bye and a forfeit are worth, and the schedule of a round
  robin. What only orders or continues the event stays open: the number of rounds (never below
  the rounds already paired), the tie-breaks, whether rounds wait for the opponents'
  confirmations.
- A cup's layout (best of, from which stage, third-place match, groups, how many advance, the
  seeding) is locked once the cup is drawn: its matches are stored then.
- The whole new format is checked as one (``formats.resolve_format``): a refusal names its field
  and nothing is saved. A change is recorded in the history with the old and new values, and the
  standings are recomputed (the tie-breaks may reorder them).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..formats import FormatError, resolve_format
from ..models import Event, Match, Round
from ..standings.schedule import mark_changed
from .history import Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished

LOCKED_ONCE_PUBLISHED = (
    "hands_per_round",
    "game_to",
    "vp_scheme",
    "rules",
    "bye_credit",
    "forfeit_tp",
    "double_round_robin",
)
FIXED_AT_CREATION = ("entrant_type", "pairing")  # a different kind of event: create another
# the draw lays out every match of a cup from these (``knockout.draw``)
LOCKED_ONCE_DRAWN = (
    "best_of",
    "best_of_from",
    "third_place",
    "groups",
    "advance",
    "seeding",
    "seeding_event",
)


def locked_fields(event: Event) -> tuple[str, ...]:
    """The format values this event no longer lets change."""
    published = Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).exists()
    drawn = Match.objects.filter(event=event).exists()
    return (
        FIXED_AT_CREATION
        + (LOCKED_ONCE_PUBLISHED if published else ())
        + (LOCKED_ONCE_DRAWN if drawn else ())
    )


def event_settings_update(*, event_id: int, changes: dict, actor: Actor) -> Event:
    """Apply ``changes`` (format values by name; ``rules`` a partial mapping) to the event."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise ServiceError(_("This event does not exist."), code="not_found")
        check_not_finished(event)
        current = event.format_data
        if isinstance(changes.get("rules"), dict):
            changes = {**changes, "rules": {**current.get("rules", {}), **changes["rules"]}}
        changed = {
            name: value
            for name, value in changes.items()
            if current.get(name) != (list(value) if isinstance(value, tuple) else value)
        }
        if not changed:
            return event
        locked = locked_fields(event)
        for name in changed:
            if name in locked and name in LOCKED_ONCE_DRAWN:
                raise Conflict(
                    _(
                        "This value is locked: the cup is drawn, and its matches were "
                        "laid out with it."
                    ),
                    field=name,
                    code="locked",
                )
            if name in locked:
                raise Conflict(
                    _(
                        "This value is locked: a round is published, and changing it "
                        "would change recorded results."
                    ),
                    field=name,
                    code="locked",
                )
        paired = Round.objects.filter(event=event).count()
        if changed.get("rounds") is not None and changed["rounds"] < paired:
            raise ServiceError(
                _("%(n)d rounds are paired already: the event cannot have fewer.") % {"n": paired},
                field="rounds",
                code="rounds",
            )
        try:
            new_format = resolve_format(None, {**current, **changed})
        except FormatError as error:
            raise ServiceError(str(error), field=error.field, code="format") from None
        event.format_data = new_format.as_dict()
        event.save(update_fields=["format_data"])
        record_change(
            event,
            subject="event",
            subject_id=event.pk,
            action="settings",
            actor=actor,
            old={name: current.get(name) for name in changed},
            new={name: event.format_data.get(name) for name in changed},
        )
        mark_changed(event)
    return event
