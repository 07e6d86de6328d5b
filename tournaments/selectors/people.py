"""Reads of a register's people: who a name being registered may be, the events a person played,
the register's list and history, for the organizer's pages and the API.

A list of names being registered is offered its people as ``resolve_person`` would link them
(``services.people``): per name, the fits of the register (never someone already in the event),
the one exact match preselected unless an earlier name of the list took it, "a new person"
preselected where nobody fits, and no choice made where the organizer must confirm.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from ..choices import EntrantType
from ..models import Entrant, Event, Membership, PersonMerge, Player, Register, name_search
from ..services.people import NEW, Candidate, RegisterPeople, active_people, people_in_event

LAST_EVENTS = 3  # the events a candidate is shown with, to tell people apart


@dataclass
class Offer:
    """A name of the list being registered, the register's people it may mean (``fits``, each
    with ``events``: the person's events, newest first) and the choice preselected: a person's
    id, ``NEW``, or "" (the organizer chooses)."""

    name: str
    club: str
    fits: list[Candidate]
    chosen: str
    events: dict[int, list[Event]] = field(default_factory=dict)

    @property
    def asks(self) -> bool:
        """Whether the organizer has something to choose: some person of the register fits."""
        return bool(self.fits)


def link_offers(event: Event, rows: list[list[str]]) -> list[list[Offer]]:
    """Per row of a list (a player: [name, club]; a team: [team, member, ...]), an ``Offer``
    per person it registers."""
    team = event.format.entrant_type == EntrantType.TEAM
    in_event = people_in_event(event)
    taken = set(in_event)
    known = RegisterPeople(event.register)
    offers: list[list[Offer]] = []
    for row in rows:
        named = [(member, "") for member in row[1:]] if team else [(row[0], _club(row))]
        row_offers: list[Offer] = []
        for name, club in named:
            fits = known.candidates(" ".join(name.split()), club, exclude=in_event)
            free = [fit for fit in fits if fit.person.pk not in taken]
            exact = [fit for fit in free if fit.exact]
            if len(exact) == 1:
                chosen = str(exact[0].person.pk)
                taken.add(exact[0].person.pk)
            else:
                chosen = "" if free else NEW
            row_offers.append(Offer(name, club, fits, chosen))
        offers.append(row_offers)
    people = {fit.person.pk for row in offers for offer in row for fit in offer.fits}
    played = events_of(people)
    for found in offers:
        for offer in found:
            offer.events = {fit.person.pk: played.get(fit.person.pk, []) for fit in offer.fits}
    return offers


def _club(row: list[str]) -> str:
    return " ".join(row[1].split()) if len(row) > 1 else ""


def events_of(person_ids: set[int] | list[int]) -> dict[int, list[Event]]:
    """The events each person played in (alone or on a roster), newest first: two queries."""
    links = set(
        Entrant.objects.filter(player_id__in=person_ids).values_list("player_id", "event_id")
    ) | set(
        Membership.objects.filter(player_id__in=person_ids).values_list("player_id", "event_id")
    )
    events = Event.objects.in_bulk({event_id for _, event_id in links})
    played: dict[int, list[Event]] = {}
    for person_id, event_id in links:
        played.setdefault(person_id, []).append(events[event_id])
    for found in played.values():
        found.sort(key=lambda event: (event.created_at, event.pk), reverse=True)
    return played


def register_or_none(user, register_id: int) -> Register | None:
    """The register, when ``user`` keeps it (its owner or one it is shared with)."""
    if not user or not user.is_authenticated:
        return None
    return (
        Register.objects.filter(Q(owner=user) | Q(organizers=user), pk=register_id)
        .distinct()
        .first()
    )


def people_list(register: Register, query: str = ""):
    """The register's people (neither merged away nor erased) by name, found by ``query`` as
    the name search finds names."""
    people = active_people(register)
    if query.strip():
        people = people.filter(name_search(query))
    return people.order_by("name", "id")


def kept_people(user, query: str = "", register_id: int | None = None):
    """The people of the registers ``user`` keeps (or of one of them), erased ones too."""
    people = Player.objects.filter(
        Q(register__owner=user) | Q(register__organizers=user), merged_into__isnull=True
    )
    if register_id is not None:
        people = people.filter(register_id=register_id)
    if query.strip():
        people = people.filter(name_search(query))
    return people.distinct().order_by("name", "id")


def merge_history(register: Register):
    """The register's merges, newest first, with both records."""
    return PersonMerge.objects.filter(register=register).select_related("kept", "merged")
