"""Looking after the players of an event: rename, a club or city beside the name, the check-in
before a round, and the names that are already taken.

Tournament rules implemented here:

- A rename or a new club changes what every page shows, never a result; both are in the history.
- The check-in says who is in the hall: entrants marked absent are not paired (``rounds``) until
  checked in again; withdrawn entrants are not checked in (reinstate them first).
- Two entrants may share a name (the hall has two Anna Müllers); a club or city tells them apart
  on every page, and the organizer is warned while none does.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..collation import name_key
from ..models import Entrant, Event
from ..standings.schedule import mark_changed
from .history import Actor, ServiceError, record_change
from .lifecycle import check_not_finished
from .names import clean_club, clean_name


def _locked_entrant(entrant_id: int) -> tuple[Event, Entrant]:
    entrant = Entrant.objects.filter(pk=entrant_id).first()
    if entrant is None:
        raise ServiceError(_("This player does not exist."), code="not_found")
    event = Event.objects.select_for_update().get(pk=entrant.event_id)
    check_not_finished(event)
    return event, Entrant.objects.get(pk=entrant_id)


def entrant_update(*, entrant_id: int, name: str, club: str, actor: Actor) -> Entrant:
    """Rename an entrant and set their club or city (empty: none)."""
    name = clean_name(name, "name")
    club = clean_club(club)
    with transaction.atomic():
        event, entrant = _locked_entrant(entrant_id)
        old = {"name": entrant.name, "club": entrant.club}
        new = {"name": name, "club": club}
        if old == new:
            return entrant
        entrant.name, entrant.club = name, club
        entrant.save(update_fields=["name", "club"])
        if entrant.player_id and entrant.player.name != name:
            entrant.player.name = name
            entrant.player.save(update_fields=["name"])
        record_change(
            event,
            subject="entrant",
            subject_id=entrant.pk,
            action="rename",
            actor=actor,
            old=old,
            new=new,
        )
        mark_changed(event)  # the cached standings show the name
    return entrant


def entrants_check_in(*, event_id: int, present: set[int], actor: Actor) -> list[int]:
    """Mark the active entrants in ``present`` as in the hall and the others absent; returns
    the ids whose presence changed."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise ServiceError(_("This event does not exist."), code="not_found")
        check_not_finished(event)
        entrants = list(Entrant.objects.filter(event=event, withdrawn_after_round__isnull=True))
        changed = [e for e in entrants if e.present != (e.pk in present)]
        for entrant in changed:
            entrant.present = entrant.pk in present
        Entrant.objects.bulk_update(changed, ["present"])
        if changed:
            record_change(
                event,
                subject="event",
                subject_id=event.pk,
                action="check_in",
                actor=actor,
                new={
                    "present": sorted(e.pk for e in changed if e.present),
                    "absent": sorted(e.pk for e in changed if not e.present),
                },
            )
    return [e.pk for e in changed]


def same_names(event: Event, names: list[str]) -> list[str]:
    """The names among ``names`` that more than one entrant of the event carries with the same
    club or city (or none): a club tells two of one name apart (``display_names``)."""
    wanted = {name.casefold() for name in names}
    seen: dict[tuple[str, str], int] = {}
    for name, club in Entrant.objects.filter(event=event).values_list("name", "club"):
        if name.casefold() in wanted:
            key = (name.casefold(), club.strip().casefold())
            seen[key] = seen.get(key, 0) + 1
    alike = {name for (name, _club), count in seen.items() if count > 1}
    return sorted({name for name in names if name.casefold() in alike}, key=name_key)
