"""A series' table as pages, printouts, spreadsheets and the API show it: the rule's lines
(``tournaments.series``) with each person's name and club and each event's column.

Read in a number of queries that does not grow with the people: the series and its events, each
event's placings (``placings``: a constant number per event), the persons in one query.

Who is shown: public readers see neither hidden persons nor their rows (the ranks of the others
stay as the rule gave them: the result stands, only the name is not published); the register's
organizers see everyone, the hidden marked. Erased persons (hidden by their erasure) appear to
everyone as "erased player": their results stay, without a name.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.shortcuts import get_object_or_404

from ..collation import name_key
from ..models import Event, ListedPerson, Player, Register, Series
from ..series import Line, Result, Rule, series_table
from .placings import placings_of


@dataclass(frozen=True)
class Row:
    """A line of the table with its person and its results in the order of the columns (None
    where the person was not placed)."""

    line: Line
    person: ListedPerson
    cells: list[Result | None]


@dataclass(frozen=True)
class SeriesTable:
    series: Series
    events: list[Event]
    rows: list[Row]
    public: bool

    @property
    def finished(self) -> list[Event]:
        """The events that have placed anyone (a running event's order is no result yet)."""
        return [event for event in self.events if event.status == Event.Status.FINISHED]


def series_or_404(series_id: int) -> Series:
    return get_object_or_404(Series.objects.select_related("register"), pk=series_id)


def series_events(series: Series) -> list[Event]:
    """The series' events in their order: the first made first (the last is the latest)."""
    return list(series.events.order_by("created_at", "pk"))


def keeps(series: Series, user) -> bool:
    """Does ``user`` keep the series' register (and so see its hidden persons)?"""
    return series.register.is_organizer(user)


def table_of(series: Series, *, public: bool) -> SeriesTable:
    """The series' table; ``public`` leaves hidden persons' rows out (ranked among everyone)."""
    events = series_events(series)
    placings = placings_of(events)
    people = {
        person.pk: person.listed
        for person in Player.objects.filter(pk__in={p.person_id for p in placings}).only(
            "public_id", "name", "club", "hidden", "erased_at"
        )
    }
    lines = series_table(
        placings,
        [event.pk for event in events],
        Rule.of(series),
        name_key=lambda person_id: name_key(people[person_id].name),
    )
    rows = [
        Row(line, people[line.person_id], [line.results.get(event.pk) for event in events])
        for line in lines
        if not (public and people[line.person_id].hidden)
    ]
    return SeriesTable(series, events, rows, public)


def series_list(register_id: int | None = None):
    """Every series (series are public, like events), newest first, with its register."""
    found = Series.objects.select_related("register").order_by("-created_at", "-pk")
    return found if register_id is None else found.filter(register_id=register_id)


def kept_series(user):
    """The series of the registers ``user`` keeps (their own and those shared with them)."""
    registers = Register.objects.filter(Q(owner=user) | Q(organizers=user))
    return (
        Series.objects.filter(register__in=registers)
        .select_related("register")
        .order_by("-created_at", "-pk")
    )


def series_with_events(events: list[Event]) -> list[Series]:
    """The series holding any of ``events`` (a league's page links its seasons' series)."""
    return list(Series.objects.filter(events__in=events).distinct().order_by("name", "pk"))
