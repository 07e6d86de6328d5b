"""Where people finished: the ground of series points, awards and a person's list of events."""

import pytest

from tournaments.models import Entrant, Event, Membership
from tournaments.selectors.placings import event_placings
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish, event_reopen
from tournaments.simulation import simulate_event
from tournaments.standings.ranking import ranking

pytestmark = pytest.mark.django_db(transaction=True)


def _finished(preset: str, entrants: int, organizer, **kwargs) -> Event:
    event = simulate_event(preset=preset, entrants=entrants, seed=7, owner=organizer, **kwargs)
    return event_finish(event_id=event.event.pk, actor=Actor.organizer(organizer))


def test_an_individual_event_places_its_players_by_the_final_ranking(organizer):
    event = _finished("dtm", 8, organizer, rounds=2)
    placings = event_placings(event)
    ranks = dict((entrant_id, rank) for rank, entrant_id in ranking(event).places())
    player_of = dict(Entrant.objects.filter(event=event).values_list("player_id", "pk"))
    assert len(placings) == 8
    assert {p.field for p in placings} == {8}
    assert all(p.place == ranks[player_of[p.person_id]] for p in placings)
    assert placings[0].place == 1


def test_every_member_of_a_team_takes_the_team_s_place(organizer):
    event = _finished("team_swiss", 4, organizer, rounds=2)
    placings = event_placings(event)
    rosters = {}
    for entrant_id, player_id in Membership.objects.filter(event=event).values_list(
        "entrant_id", "player_id"
    ):
        rosters.setdefault(entrant_id, set()).add(player_id)
    place_of = {p.person_id: p.place for p in placings}
    assert len(placings) == sum(len(r) for r in rosters.values())
    for members in rosters.values():
        assert len({place_of[m] for m in members}) == 1


def test_a_cup_places_by_its_bracket(organizer):
    event = _finished("knockout", 4, organizer, overrides={"game_to": 200})
    places = sorted({p.place for p in event_placings(event)})
    assert places[:2] == [1, 2]
    assert {p.field for p in event_placings(event)} == {4}


def test_nobody_is_placed_until_the_event_is_finished_and_after_it_is_reopened(organizer):
    running = simulate_event(preset="dtm", entrants=8, seed=3, owner=organizer, rounds=1).event
    assert event_placings(running) == []
    event_finish(event_id=running.pk, actor=Actor.organizer(organizer))
    running.refresh_from_db()
    assert event_placings(running)
    event_reopen(event_id=running.pk, actor=Actor.organizer(organizer), reason="late hand")
    running.refresh_from_db()
    assert event_placings(running) == []
