"""Making, changing and deleting series: only a register's organizers, only its events, a
points table that never rises; a refusal names its field and writes nothing. A league's seasons
made a series."""

from __future__ import annotations

import pytest

from tournaments.models import Event, League, Player, Register, Season, Series
from tournaments.selectors.series import table_of
from tournaments.services.history import Actor, Conflict, Forbidden, ServiceError
from tournaments.services.people import own_register, person_erase, person_update
from tournaments.services.series import (
    SeriesSettings,
    checked_points_table,
    league_series,
    series_create,
    series_delete,
    series_update,
)

from .conftest import finished

pytestmark = pytest.mark.django_db(transaction=True)


def _draft(owner, name: str, register: Register | None = None) -> Event:
    return Event.objects.create(
        name=name, owner=owner, register=register or own_register(owner), format_data={}
    )


def test_a_series_of_the_register_s_events(organizer):
    register = own_register(organizer)
    events = [_draft(organizer, "A"), _draft(organizer, "B")]
    series = series_create(
        register=register,
        user=organizer,
        settings=SeriesSettings(name="  Club   season ", best_k=3, qualifying=4),
        events=events,
    )
    assert series.name == "Club season" and series.best_k == 3 and series.qualifying == 4
    assert set(series.events.all()) == set(events)
    series_update(series, user=organizer, events=[events[1]])
    assert list(series.events.all()) == [events[1]]


def test_events_of_another_register_are_refused_by_field(organizer, other_organizer):
    register = own_register(organizer)
    foreign = _draft(other_organizer, "Elsewhere")
    with pytest.raises(ServiceError) as refused:
        series_create(
            register=register,
            user=organizer,
            settings=SeriesSettings(name="Circuit"),
            events=[_draft(organizer, "Ours"), foreign],
        )
    assert refused.value.field == "events" and refused.value.code == "other_register"
    assert "Elsewhere" in refused.value.message
    assert not Series.objects.exists()  # nothing half-written
    with pytest.raises(ServiceError) as missing:
        series_create(
            register=register, user=organizer, settings=SeriesSettings(name="C"), events=[10**9]
        )
    assert missing.value.field == "events"


def test_only_the_register_s_organizers_keep_its_series(organizer, other_organizer):
    register = own_register(organizer)
    with pytest.raises(Forbidden):
        series_create(register=register, user=other_organizer, settings=SeriesSettings(name="X"))
    series = series_create(register=register, user=organizer, settings=SeriesSettings(name="X"))
    with pytest.raises(Forbidden):
        series_update(series, user=other_organizer, settings=SeriesSettings(name="Y"))
    with pytest.raises(Forbidden):
        series_delete(series, user=other_organizer)
    register.organizers.add(other_organizer)  # an organization of several organizers
    series_update(series, user=other_organizer, settings=SeriesSettings(name="Y"))
    series_delete(series, user=other_organizer)
    assert not Series.objects.exists()


def test_a_name_is_taken_once_per_register(organizer):
    register = own_register(organizer)
    series_create(register=register, user=organizer, settings=SeriesSettings(name="Cup"))
    with pytest.raises(Conflict) as taken:
        series_create(register=register, user=organizer, settings=SeriesSettings(name="cup"))
    assert taken.value.field == "name" and taken.value.status == 409


@pytest.mark.parametrize(
    ("points", "table", "code"),
    [
        ("table", [], "required"),
        ("table", [25, 20, 22], "rising"),
        ("table", [25, -1], "invalid"),
        ("table", [25, 12.25], "invalid"),
        ("table", ["x"], "invalid"),
        ("table", [True], "invalid"),
        ("table", "25-20", "invalid"),
        ("field", [1] * 201, "too_long"),
        ("elo", [], "invalid"),
    ],
)
def test_a_points_table_never_rises_and_has_at_most_one_decimal(points, table, code):
    with pytest.raises(ServiceError) as refused:
        checked_points_table(points, table)
    assert refused.value.code == code
    assert refused.value.field == ("points" if points == "elo" else "points_table")


def test_a_points_table_as_typed():
    assert checked_points_table("table", ["25", "20", "12,5", 12.5, 0]) == [25, 20, 12.5, 12.5, 0]


@pytest.mark.parametrize(("field", "value"), [("best_k", 0), ("qualifying", -1)])
def test_counts_are_checked(organizer, field, value):
    settings = SeriesSettings(name="S", **{field: value})
    with pytest.raises(ServiceError) as refused:
        series_create(register=own_register(organizer), user=organizer, settings=settings)
    assert refused.value.field == field


def test_hidden_persons_leave_the_public_table_and_erased_ones_lose_their_name(organizer, season):
    series = series_create(
        register=own_register(organizer),
        user=organizer,
        settings=SeriesSettings(name="Season", qualifying=3),
        events=season,
    )
    everyone = table_of(series, public=False)
    assert len(everyone.rows) == 12
    first, second = everyone.rows[0].person, everyone.rows[1].person
    person_update(Player.objects.get(pk=first.id), hidden=True)
    person_erase(Player.objects.get(pk=second.id), actor=Actor.organizer(organizer))
    public = table_of(series, public=True)
    assert first.id not in [row.person.id for row in public.rows]
    assert public.rows[0].line.rank == 2  # the hidden person's result stands
    assert public.rows[0].person.name == "erased player"
    assert public.rows[0].person.public_id is None
    organizers = table_of(series, public=False)
    assert organizers.rows[0].person.hidden and organizers.rows[0].person.id == first.id


def test_a_league_s_seasons_make_one_series(organizer, other_organizer):
    league = League.objects.create(name="Berlin league", owner=organizer)
    events = []
    for number in (1, 2):
        event = finished(organizer, 4, preset="league", name=f"Season {number}")
        event.season = Season.objects.create(name=str(number), league=league)
        event.save(update_fields=["season"])
        events.append(event)
    series = league_series(league=league, user=organizer)
    assert series.name == "Berlin league" and set(series.events.all()) == set(events)
    rows = table_of(series, public=True).rows
    assert len(rows) == 8  # every member of the four teams
    assert all(len([c for c in row.cells if c]) == 2 for row in rows)
    third = _draft(organizer, "Season 3")
    third.season = Season.objects.create(name="3", league=league)
    third.save(update_fields=["season"])
    again = league_series(league=league, user=organizer)
    assert again.pk == series.pk and again.events.count() == 3
    with pytest.raises(Forbidden):
        league_series(league=league, user=other_organizer)
