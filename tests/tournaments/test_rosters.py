"""Rosters: a person plays in one team of an event (the service refuses, naming the other team,
and the database holds the rule too); a cup takes no team once drawn."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tournaments.knockout.draw import cup_draw
from tournaments.models import Entrant, Membership, Player
from tournaments.services.events import event_create, team_register, teams_register
from tournaments.services.history import Actor, Conflict

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams(organizer):
    event = event_create(owner=organizer, name="Team Swiss", preset="team_swiss")
    team_register(
        event=event,
        name="Drachen",
        members=["Anna Müller", "Ben"],
        actor=Actor.organizer(organizer),
    )
    return event


@pytest.mark.parametrize("same", ["Anna Müller", "anna  MÜLLER", "Anna Mu\u0308ller"])
def test_a_person_on_another_teams_roster_is_refused_naming_that_team(teams, organizer, same):
    with pytest.raises(Conflict) as refusal:
        team_register(
            event=teams, name="Phönix", members=["Clara", same], actor=Actor.organizer(organizer)
        )
    assert refusal.value.code == "one_team_per_person" and refusal.value.field == "members"
    assert "already plays in the team Drachen" in refusal.value.message
    assert list(teams.entrants.values_list("name", flat=True)) == ["Drachen"]


def test_a_list_naming_one_person_in_two_of_its_teams_or_twice_in_one_saves_none(teams, organizer):
    actor = Actor.organizer(organizer)
    with pytest.raises(Conflict, match="Emil already plays in the team Eulen"):
        teams_register(
            event=teams,
            teams=[("Eulen", ["Dora", "Emil"]), ("Füchse", ["Emil", "Frida"])],
            actor=actor,
        )
    with pytest.raises(Conflict, match="gina is named twice on the roster of Gänse"):
        teams_register(event=teams, teams=[("Gänse", ["Gina", "gina"])], actor=actor)
    assert teams.entrants.count() == 1 and Player.objects.count() == 2


def test_other_events_and_other_names_are_free(teams, organizer):
    other = event_create(owner=organizer, name="Next week", preset="team_swiss")
    team_register(
        event=other,
        name="Drachen",
        members=["Anna Müller", "Ben"],
        actor=Actor.organizer(organizer),
    )
    team_register(
        event=teams,
        name="Phönix",
        members=["Anna Meyer", "Clara"],
        actor=Actor.organizer(organizer),
    )
    assert Membership.objects.count() == 6


def test_the_database_holds_the_rule_whoever_writes(teams):
    drachen = Entrant.objects.get(event=teams)
    other = Entrant.objects.create(event=teams, name="Phönix")
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(
            entrant=other, player=Player.objects.create(name="x"), event=teams, person="anna müller"
        )
    assert list(drachen.members.values_list("name", flat=True)) == ["Anna Müller", "Ben"]


def test_a_team_for_a_drawn_cup_is_refused_saying_why(organizer):
    event = event_create(owner=organizer, name="Cup", preset="knockout")
    actor = Actor.organizer(organizer)
    teams_register(
        event=event, teams=[(f"T{i}", [f"P{i}a", f"P{i}b"]) for i in range(4)], actor=actor
    )
    cup_draw(event_id=event.pk, actor=actor)
    with pytest.raises(Conflict) as refusal:
        team_register(event=event, name="Late", members=["L1", "L2"], actor=actor)
    assert refusal.value.code == "cup_drawn" and refusal.value.status == 409
    assert "no place in its bracket" in refusal.value.message
    assert event.entrants.count() == 4
