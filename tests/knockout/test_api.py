"""The cup's API: the bracket and its matches (public reads), the draw, in the schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import Match
from tournaments.services.events import event_create, teams_register
from tournaments.services.history import Actor

from ..api.conftest import assert_conforms
from .helpers import bracket, cup, play

pytestmark = pytest.mark.django_db


def test_the_bracket_and_its_matches_are_read_by_anyone(organizer):
    event = cup(organizer, 6, preset="knockout", best_of=1)
    play(bracket(event, 1)[1], 0)
    client = APIClient()
    body = client.get(f"/api/events/{event.pk}/bracket/").json()
    assert body["drawn"] and [r["stage"] for r in body["rounds"]] == [
        "quarter_final",
        "semi_final",
        "final",
    ]
    first = body["rounds"][0]["matches"]
    assert first[0]["decided_by"] == "bye" and first[0]["teams"][1] is None
    assert first[1]["decided_by"] == "played" and first[1]["games"][0]["tp"] == [200, 0]
    assert first[1]["winner"] == first[1]["teams"][0]["id"]
    matches = client.get(f"/api/events/{event.pk}/matches/").json()
    assert len(matches) == 4 + 2 + 1
    one = client.get(f"/api/matches/{first[1]['id']}/").json()
    assert one["games_won"] == [1, 0] and one["teams"][0]["seed"] == 4
    assert client.get("/api/matches/999999/").status_code == 404


def test_a_bye_is_a_null_team_as_the_schema_says(organizer):
    """A bye's missing team is null, which the schema said could not be (an object only)."""
    event = cup(organizer, 6, preset="knockout", best_of=1)
    client = APIClient()
    answer = client.get(f"/api/events/{event.pk}/bracket/")
    bye = answer.json()["rounds"][0]["matches"][0]
    assert bye["decided_by"] == "bye" and bye["teams"][1] is None
    assert_conforms(answer, "/api/events/{id}/bracket/")
    assert_conforms(client.get(f"/api/events/{event.pk}/matches/"), "/api/events/{id}/matches/")
    assert_conforms(client.get(f"/api/matches/{bye['id']}/"), "/api/matches/{id}/")


def test_the_organizer_draws_by_the_api_and_mistakes_are_field_errors(organizer):
    event = event_create(owner=organizer, name="Cup", preset="groups_knockout")
    teams = teams_register(
        event=event,
        teams=[(f"T{i}", [f"a{i}", f"b{i}"]) for i in range(8)],
        actor=Actor.organizer(organizer),
    )
    anonymous = APIClient()
    assert anonymous.post(f"/api/events/{event.pk}/draw/", {}, format="json").status_code in (
        401,
        403,
    )
    client = APIClient()
    client.force_authenticate(organizer)
    wrong = client.post(f"/api/events/{event.pk}/draw/", {"order": [teams[0].pk]}, format="json")
    assert wrong.status_code == 400 and "order" in wrong.json()["errors"]
    drawn = client.post(
        f"/api/events/{event.pk}/draw/", {"order": [t.pk for t in reversed(teams)]}, format="json"
    )
    assert drawn.status_code == 201
    assert [g["label"] for g in drawn.json()["groups"]] == ["A", "B"]
    assert Match.objects.filter(event=event, stage="group").count() == 12
    again = client.post(f"/api/events/{event.pk}/draw/", {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_drawn"
    league = event_create(owner=organizer, name="League", preset="league")
    assert client.get(f"/api/events/{league.pk}/bracket/").status_code == 404


def test_the_schema_documents_the_cup():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = {
        op["operationId"]
        for path in schema["paths"].values()
        for op in path.values()
        if isinstance(op, dict) and "operationId" in op
    }
    assert {"events_bracket", "events_matches", "matches_read", "events_draw"} <= operations
    create = schema["components"]["schemas"]["EventCreate"]["properties"]
    assert {
        "best_of",
        "best_of_from",
        "third_place",
        "groups",
        "advance",
        "seeding",
        "seeding_event",
        "forfeit_tp",
    } <= set(create)


def test_a_cups_values_are_patched_until_the_draw(organizer):
    event = event_create(owner=organizer, name="Cup", preset="knockout")
    client = APIClient()
    client.force_authenticate(organizer)
    url = f"/api/events/{event.pk}/"
    response = client.patch(
        url, {"best_of": 5, "best_of_from": None, "forfeit_tp": 100}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert (response.json()["settings"]["best_of"], response.json()["settings"]["forfeit_tp"]) == (
        5,
        100,
    )
    wrong = client.patch(url, {"best_of": 4}, format="json")
    assert wrong.status_code == 400 and "best_of" in wrong.json()["errors"]
    teams_register(
        event=event,
        teams=[(f"T{i}", [f"a{i}", f"b{i}"]) for i in range(4)],
        actor=Actor.organizer(organizer),
    )
    assert client.post(f"/api/events/{event.pk}/draw/", {}, format="json").status_code == 201
    locked = client.patch(url, {"third_place": True}, format="json")
    assert locked.status_code == 409 and locked.json()["code"] == "locked"
