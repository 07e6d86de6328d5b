"""An event's life through the API: draft, running, finished; a finished event refuses every
change (409 ``event_finished``) until its organizer reopens it, and both steps are history."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import Change, Entrant, Event, Hand, Round

from .conftest import HAND, OTHER_HAND, enter, make_event, make_round, play_round

pytestmark = pytest.mark.django_db


def finished_event(org) -> tuple[dict, dict]:
    event = make_event(org, rounds=1, hands_per_round=2)
    rnd = make_round(org, event["id"])
    play_round(org, rnd, hands=2)
    response = org.post(f"/api/events/{event['id']}/finish/")
    assert response.status_code == 200, response.json()
    return event, rnd


def test_draft_running_finished(org, anon):
    event = make_event(org, rounds=1, hands_per_round=2)
    assert anon.get(f"/api/events/{event['id']}/").json()["status"] == "draft"
    rnd = make_round(org, event["id"])
    assert anon.get(f"/api/events/{event['id']}/").json()["status"] == "running"
    play_round(org, rnd, hands=2)
    response = org.post(f"/api/events/{event['id']}/finish/")
    assert response.status_code == 200 and response.json()["status"] == "finished"
    assert anon.get(f"/api/events/{event['id']}/").json()["status"] == "finished"
    change = Change.objects.get(event_id=event["id"], action="finish")
    assert change.old == {"status": "running"} and change.new["status"] == "finished"
    # finishing again changes nothing and writes no second history row
    assert org.post(f"/api/events/{event['id']}/finish/").status_code == 200
    assert Change.objects.filter(event_id=event["id"], action="finish").count() == 1


def test_a_finished_event_refuses_changes(org):
    event, rnd = finished_event(org)
    table = rnd["tables"][0]
    refused = [
        org.post(f"/api/events/{event['id']}/rounds/"),
        org.post(f"/api/events/{event['id']}/players/", {"name": "Late"}, format="json"),
        enter(org, table["id"], 1, {**OTHER_HAND, "reason": "typo"}),
        enter(APIClient(), table["id"], 1, OTHER_HAND, table["code"]),
        org.post(f"/api/tables/{table['id']}/close/", {"status": "averaged"}, format="json"),
        org.post(f"/api/players/{event['players'][0]['id']}/withdraw/", {}, format="json"),
        APIClient().post(
            f"/api/tables/{table['id']}/hands/1/confirm/",
            {"code": table["opponents_code"]},
            format="json",
        ),
    ]
    for response in refused:
        assert response.status_code == 409, response.json()
        assert response.json()["code"] == "event_finished"
    assert Hand.objects.get(table_id=table["id"], number=1).entry["card_points"] == [60, 40]
    assert Round.objects.filter(event_id=event["id"]).count() == 1


def test_reopen_lets_the_organizer_correct(org, other, anon):
    event, rnd = finished_event(org)
    table = rnd["tables"][0]
    url = f"/api/events/{event['id']}/reopen/"
    assert anon.post(url, {}, format="json").status_code == 401
    assert other.post(url, {}, format="json").status_code == 403
    response = org.post(url, {"reason": "score sheet of table 1"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "running"
    change = Change.objects.get(event_id=event["id"], action="reopen")
    assert change.reason == "score sheet of table 1"
    response = enter(org, table["id"], 1, {**OTHER_HAND, "reason": "typo"})
    assert response.status_code == 200
    assert org.post(url, {}, format="json").json()["code"] == "not_finished"


def test_finish_waits_for_the_round(org):
    event = make_event(org, rounds=2, hands_per_round=1)
    url = f"/api/events/{event['id']}/finish/"
    assert org.post(url).json()["code"] == "no_rounds"
    make_round(org, event["id"], draft=True)
    assert org.post(url).json()["code"] == "draft_pending"
    rnd = Round.objects.get(event_id=event["id"])
    org.post(f"/api/rounds/{rnd.pk}/publish/")
    response = org.post(url)
    assert response.status_code == 409 and response.json()["code"] == "round_incomplete"
    table = rnd.tables.first()
    assert enter(APIClient(), table.pk, 1, HAND, table.code).status_code == 201
    assert org.post(url).status_code == 409  # the other table still misses its hand
    assert Event.objects.get(pk=event["id"]).status == "running"


def test_finish_is_the_organizers(org, other, anon):
    event, _ = finished_event(org)
    other_event = make_event(other, players=0)
    assert anon.post(f"/api/events/{other_event['id']}/finish/").status_code == 401
    assert org.post(f"/api/events/{other_event['id']}/finish/").status_code == 403
    assert org.post("/api/events/999999/finish/").status_code == 404
    assert Event.objects.get(pk=other_event["id"]).status == "draft"


def test_the_message_follows_accept_language(org):
    event, _ = finished_event(org)
    response = org.post(f"/api/events/{event['id']}/rounds/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.json()["code"] == "event_finished"
    assert "beendet" in response.json()["detail"]


def test_undo_every_undoable_action_through_the_api(org, event, round1):
    table = round1["tables"][0]
    player = event["players"][0]["id"]
    org.post(f"/api/players/{player}/withdraw/", {"reason": "ill"}, format="json")
    org.post(f"/api/tables/{table['id']}/close/", {"status": "averaged"}, format="json")
    changes = org.get(f"/api/events/{event['id']}/changes/").json()["results"]
    undoable = {(c["subject"], c["action"]): c for c in changes if c["undoable"]}
    assert set(undoable) == {("entrant", "withdraw"), ("table", "close")}
    response = org.post(f"/api/changes/{undoable['entrant', 'withdraw']['id']}/undo/")
    assert response.status_code == 200 and response.json()["action"] == "reinstate"
    response = org.post(f"/api/changes/{undoable['table', 'close']['id']}/undo/")
    assert response.status_code == 200 and response.json()["new"] == {"status": "open"}
    assert Entrant.objects.get(pk=player).active
    again = org.post(f"/api/changes/{undoable['entrant', 'withdraw']['id']}/undo/")
    assert again.status_code == 409 and again.json()["code"] == "superseded"  # reinstated
    changes = org.get(f"/api/events/{event['id']}/changes/").json()["results"]
    assert not any(
        c["undoable"]
        for c in changes
        if c["id"] in (undoable["entrant", "withdraw"]["id"], undoable["table", "close"]["id"])
    )
