"""Series of a register: made, changed and deleted by its organizers, its events chosen from
the register's own (``tournaments.series`` scores them; docs/rules.md, "Series").

Each function checks everything before it writes, in one transaction: a refusal names the field
at fault and leaves the series as it was. A series made, changed or deleted is recorded in the
history of each event it holds (before and after: an event taken out reads that it was), with
the series' settings before and after (``snapshot``). A league's seasons become a series of the
same kind (``league_series``): one concept for a table across events, not two.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ..models import Event, League, Register, Series
from ..series import FIELD, TABLE
from .history import Actor, Conflict, Forbidden, ServiceError, record_in_events
from .names import clean_name

MAX_TABLE = 200  # places a fixed points table may give
MAX_POINTS = Decimal(100000)
MAX_COUNT = 10000  # best_k and qualifying: more than any series has events or people


@dataclass(frozen=True)
class SeriesSettings:
    """What an organizer sets of a series (``points_table``: place 1 first)."""

    name: str
    points: str = FIELD
    points_table: Sequence = ()
    best_k: int | None = None
    qualifying: int = 0


def require_register_organizer(register: Register, user) -> None:
    """Only a register's organizers keep its series (403 for anyone else)."""
    if not register.is_organizer(user):
        raise Forbidden(
            _("Only the register's organizers may change its series."), code="not_organizer"
        )


def checked_points_table(points: str, table) -> list[int | float]:
    """The points of places 1, 2, ...: non-negative numbers with at most one decimal, never
    rising from one place to the next; required for a fixed table, kept for ``FIELD`` too (so
    that switching back and forth keeps it)."""
    if points not in (FIELD, TABLE):
        raise ServiceError(_("Choose how places give points."), field="points", code="invalid")
    if not isinstance(table, list | tuple):
        raise ServiceError(_("A list of numbers is expected."), field="points_table")
    if points == TABLE and not table:
        raise ServiceError(
            _("A fixed table needs the points of at least the first place."),
            field="points_table",
            code="required",
        )
    if len(table) > MAX_TABLE:
        raise ServiceError(
            _("A points table has at most %(n)d places.") % {"n": MAX_TABLE},
            field="points_table",
            code="too_long",
        )
    numbers = [_points(value, place) for place, value in enumerate(table, start=1)]
    for place in range(1, len(numbers)):
        if numbers[place] > numbers[place - 1]:
            raise ServiceError(
                _("Place %(place)d cannot give more points than place %(before)d.")
                % {"place": place + 1, "before": place},
                field="points_table",
                code="rising",
            )
    return [int(n) if n == n.to_integral_value() else float(n) for n in numbers]


def _points(value, place: int) -> Decimal:
    """One place's points: a number from 0, at most one decimal."""
    number = None
    if isinstance(value, int | float | str | Decimal) and not isinstance(value, bool):
        try:
            number = Decimal(str(value).strip().replace(",", "."))
        except InvalidOperation:
            number = None
    if (
        number is None
        or not number.is_finite()
        or number < 0
        or number > MAX_POINTS
        or number != number.quantize(Decimal("0.1"))
    ):
        raise ServiceError(
            _("Place %(place)d: points are a number from 0 to %(max)d with at most one decimal.")
            % {"place": place, "max": MAX_POINTS},
            field="points_table",
        )
    return number


def _count(value, field: str, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not (minimum <= value <= MAX_COUNT):
        raise ServiceError(
            _("Must be a whole number from %(min)d to %(max)d.")
            % {"min": minimum, "max": MAX_COUNT},
            field=field,
        )
    return value


def _checked(register: Register, settings: SeriesSettings, *, series: Series | None) -> dict:
    """The settings as stored, or the refusal of the first one at fault."""
    name = clean_name(settings.name, "name")
    taken = Series.objects.filter(register=register, name__iexact=name)
    if series is not None:
        taken = taken.exclude(pk=series.pk)
    if taken.exists():
        raise _name_taken(name)
    return {
        "name": name,
        "points": settings.points,
        "points_table": checked_points_table(settings.points, settings.points_table),
        "best_k": None if settings.best_k is None else _count(settings.best_k, "best_k", 1),
        "qualifying": _count(settings.qualifying, "qualifying", 0),
    }


def _name_taken(name: str) -> Conflict:
    return Conflict(
        _("The register already has a series called %(name)s.") % {"name": name},
        field="name",
        code="name_taken",
    )


def _saved(series: Series) -> None:
    """Save ``series``. A series of its name saved meanwhile by another request, whose row the
    check could not see yet, is the check's refusal, not a database error: two organizers'
    (or one's twice sent) requests at once answered 503 on PostgreSQL."""
    try:
        with transaction.atomic():
            series.save()
    except IntegrityError:
        raise _name_taken(series.name) from None


def _events(register: Register, events: Iterable[Event | int]) -> list[Event]:
    """The events, each of ``register`` (a series of a register holds only its events)."""
    wanted = [event.pk if isinstance(event, Event) else event for event in events]
    if any(not isinstance(pk, int) or isinstance(pk, bool) for pk in wanted):
        raise ServiceError(_("Events are given by their ids."), field="events")
    found = {event.pk: event for event in Event.objects.filter(pk__in=wanted)}
    for pk in wanted:
        event = found.get(pk)
        if event is None:
            raise ServiceError(
                _("There is no event %(id)d.") % {"id": pk}, field="events", code="unknown_event"
            )
        if event.register_id != register.pk:
            raise ServiceError(
                _("%(event)s belongs to another register: a series holds its register's events.")
                % {"event": event.name},
                field="events",
                code="other_register",
            )
    return [found[pk] for pk in dict.fromkeys(wanted)]


SERIES = "series"
"""The history's subject of a series' rows (``views.history_words`` words them)."""


def snapshot(series: Series) -> dict:
    """What the history keeps of a series: its settings and its events' ids."""
    return {
        "name": series.name,
        "points": series.points,
        "points_table": list(series.points_table),
        "best_k": series.best_k,
        "qualifying": series.qualifying,
        "events": sorted(series.events.values_list("pk", flat=True)),
    }


def _recorded(series_id: int, action: str, user, old: dict | None, new: dict | None) -> None:
    """The change of a series in the history of every event it held or holds."""
    events = [*(old or {}).get("events", []), *(new or {}).get("events", [])]
    record_in_events(
        events,
        subject=SERIES,
        subject_id=series_id,
        action=action,
        actor=Actor.organizer(user),
        old=old,
        new=new,
    )


@transaction.atomic
def series_create(
    *, register: Register, user, settings: SeriesSettings, events: Iterable[Event | int] = ()
) -> Series:
    """A new series of ``register`` with ``events`` of it."""
    require_register_organizer(register, user)
    fields = _checked(register, settings, series=None)
    chosen = _events(register, events)
    series = Series(register=register, **fields)
    _saved(series)
    series.events.set(chosen)
    _recorded(series.pk, "create", user, None, snapshot(series))
    return series


@transaction.atomic
def series_update(
    series: Series,
    *,
    user,
    settings: SeriesSettings | None = None,
    events: Iterable[Event | int] | None = None,
) -> Series:
    """Change a series' settings and/or its events (``events``: the whole new set, so events
    are added and removed at once)."""
    series = Series.objects.select_for_update().select_related("register").get(pk=series.pk)
    require_register_organizer(series.register, user)
    fields = _checked(series.register, settings, series=series) if settings else {}
    chosen = _events(series.register, events) if events is not None else None
    before = snapshot(series)
    if fields:
        for name, value in fields.items():
            setattr(series, name, value)
        _saved(series)
    if chosen is not None:
        series.events.set(chosen)
    after = snapshot(series)
    if after != before:
        _recorded(series.pk, "change", user, before, after)
    return series


@transaction.atomic
def series_delete(series: Series, *, user) -> None:
    """Delete a series: its events and their results stay, only the grouping goes."""
    require_register_organizer(series.register, user)
    _recorded(series.pk, "delete", user, snapshot(series), None)
    series.delete()


@transaction.atomic
def league_series(*, league: League, user) -> Series:
    """The table of a league across its seasons, as a series: the league's series (its name)
    in the register of its seasons' events, holding every season's event; made the first time,
    brought up to date with new seasons after. The league's owner, an organizer of that
    register, asks for it."""
    events = list(Event.objects.filter(season__league=league).order_by("created_at", "pk"))
    registers = {event.register_id for event in events}
    if not events:
        raise ServiceError(
            _("The league has no season with an event yet."), field="league", code="no_seasons"
        )
    if len(registers) > 1:
        raise ServiceError(
            _("The league's seasons belong to different registers: a series holds one's events."),
            field="league",
            code="other_register",
        )
    if league.owner_id != getattr(user, "pk", None):
        raise Forbidden(_("Only the league's owner may do this."), code="not_organizer")
    register = events[0].register
    series = Series.objects.filter(register=register, name=league.name).first()
    if series is None:
        return series_create(
            register=register, user=user, settings=SeriesSettings(name=league.name), events=events
        )
    have = set(series.events.values_list("pk", flat=True))
    return series_update(series, user=user, events=[*have, *(e.pk for e in events)])
