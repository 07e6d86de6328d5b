"""A simulated season: one register's people meet again at evenings with overlapping fields."""

import pytest

from tournaments.models import Entrant, Event, Player
from tournaments.selectors.placings import placings_of
from tournaments.simulation import simulate_season

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_season_links_the_same_people_across_its_evenings(organizer):
    season = simulate_season(owner=organizer, events=3, pool=12, per_event=8, seed=5, rounds=2)
    assert [event.status for event in season] == [Event.Status.FINISHED] * 3
    register = season[0].register
    assert {event.register_id for event in season} == {register.pk}
    people = Player.objects.filter(register=register)
    assert people.count() <= 12  # nobody of the pool is made twice
    entries = Entrant.objects.filter(event__in=season)
    assert entries.count() == 24
    assert entries.values("player").distinct().count() == people.count()
    assert people.count() < 24  # the fields overlap: someone played at two evenings
    placings = placings_of(season)
    assert len(placings) == 24 and {p.field for p in placings} == {8}
