"""Where each person finished in the events of a register: the ground of series points, of a
person's awards and of the list of their events.

An event's placings are its final standings (``standings.ranking``: ranks shared by ties, those
who did not play left out) or, for a cup, its bracket's placings (``knockout.placings``); the
field is how many were placed. In a team event every member of a team's roster takes the team's
place. Only finished events place anyone: a running event's order is not a result yet. Persons
merged into another count as the kept one (their entries moved there at the merge).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..knockout.placings import placings as cup_placings
from ..models import Entrant, Event, Membership
from ..standings.ranking import places_of, ranking


@dataclass(frozen=True)
class Placing:
    """A person's result in an event: ``place`` of ``field`` (1 is the winner)."""

    event_id: int
    person_id: int
    place: int
    field: int


def event_placings(event: Event) -> list[Placing]:
    """Every placed person of a finished event, best first; none while it is not finished. The
    ranking is read as numbered once per change (``standings.ranking``); who its entrants are
    is read each time, as a merge moves entries between persons."""
    if event.status != Event.Status.FINISHED:
        return []
    by_entrant = cup_placings(event) if event.format.is_cup else ranking(event).places()
    field = len(by_entrant)
    people = _people_of([entrant_id for _, entrant_id in by_entrant])
    return [
        Placing(event.pk, person_id, place, field)
        for place, entrant_id in by_entrant
        for person_id in people.get(entrant_id, ())
    ]


def _people_of(entrant_ids: Iterable[int]) -> dict[int, list[int]]:
    """The persons of each entrant: the player of an individual entrant, a team's roster."""
    ids = list(entrant_ids)
    people: dict[int, list[int]] = {}
    for entrant_id, player_id in Entrant.objects.filter(
        pk__in=ids, player__isnull=False
    ).values_list("pk", "player_id"):
        people.setdefault(entrant_id, []).append(player_id)
    for entrant_id, player_id in (
        Membership.objects.filter(entrant_id__in=ids)
        .order_by("pk")
        .values_list("entrant_id", "player_id")
    ):
        people.setdefault(entrant_id, []).append(player_id)
    return people


def placings_of(events: Iterable[Event]) -> list[Placing]:
    """The placings of several events (a series, a person's events), event by event."""
    return [placing for event in events for placing in event_placings(event)]


def final_places(events: Iterable[Event]) -> dict[int, list[tuple[int, int]]]:
    """(place, entrant id) of every placed entrant of each finished event among ``events``, best
    first, by event id (the others have none). The ranked events are numbered in one query
    (``ranking.places_of``), whatever their number; a cup reads its bracket
    (``knockout.placings``, a few queries each). What a person's page lists beside each of
    their events: their entry's place and the field."""
    finished = [event for event in events if event.status == Event.Status.FINISHED]
    places = places_of([event for event in finished if not event.format.is_cup])
    for event in finished:
        if event.format.is_cup:
            places[event.pk] = cup_placings(event)
    return places
