"""``POST /api/changes/{id}/undo/`` and the ``undoable`` of ``GET /api/events/{id}/changes/``:
an undo applies only while nothing later changed the same thing (409 ``superseded`` naming the
later change), and undoing a table's close runs its round again, or is refused once the next
round is paired (409 ``later_round``)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tournaments.models import Change, Hand, Round
from tournaments.services.rounds import complete_finished_rounds

from .conftest import HAND, enter, make_round

pytestmark = pytest.mark.django_db


def score(team_a: int) -> dict:
    return {"card_points": [team_a, 100 - team_a], "finish_order": [1, 0, 3, 2]}


def corrections(org, event_id: int) -> list[dict]:
    """The event's corrections, oldest first, as the API lists them."""
    url = f"/api/events/{event_id}/changes/?action=correct&limit=100"
    return org.get(url).json()["results"][::-1]


def test_undoing_an_older_correction_is_409_naming_the_newer_one(org, event, table):
    assert enter(APIClient(), table["id"], 1, score(10), table["code"]).status_code == 201
    for team_a in (20, 30):
        response = enter(org, table["id"], 1, {**score(team_a), "reason": "sheet misread"})
        assert response.status_code == 200, response.json()
    first, second = corrections(org, event["id"])
    assert (first["undoable"], second["undoable"]) == (False, True)

    refused = org.post(f"/api/changes/{first['id']}/undo/")
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "superseded"
    assert f"#{second['id']}" in body["detail"] and "orga (organizer)" in body["detail"]
    german = org.post(f"/api/changes/{first['id']}/undo/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert "rückgängig" in german["detail"] and "orga (Turnierleitung)" in german["detail"]
    hand = Hand.objects.get(table_id=table["id"], number=1)
    assert (hand.tp_0, hand.tp_1) == (30, 70)

    undone = org.post(f"/api/changes/{second['id']}/undo/")
    assert undone.status_code == 200 and undone.json()["totals"] == [20, 80]
    *_, undo = corrections(org, event["id"])
    assert undo["reason"] == f"undo of change {second['id']}" and undo["undoable"] is True
    assert not any(c["undoable"] for c in corrections(org, event["id"])[:-1])


def test_the_history_answers_undoable_in_the_same_queries_however_many_corrections(
    org, event, table
):
    def queries_of_the_history() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert org.get(f"/api/events/{event['id']}/changes/?limit=100").status_code == 200
        return len(captured)

    enter(APIClient(), table["id"], 1, score(10), table["code"])
    enter(org, table["id"], 1, {**score(20), "reason": "typo"})
    few = queries_of_the_history()
    for team_a in (25, 30, 35, 40, 45):
        enter(org, table["id"], 1, {**score(team_a), "reason": "typo"})
    assert queries_of_the_history() == few


def close_the_last_table(org, event: dict, rnd: dict) -> dict:
    """Every table of ``rnd`` plays its four hands but the last, which plays two and is closed
    as forfeited; the round is then complete (as the worker marks it). The close's history."""
    *played, last = rnd["tables"]
    for table in played:
        for number in range(1, 5):
            assert enter(APIClient(), table["id"], number, HAND, table["code"]).status_code == 201
    for number in (1, 2):
        assert enter(APIClient(), last["id"], number, HAND, last["code"]).status_code == 201
    response = org.post(
        f"/api/tables/{last['id']}/close/",
        {"status": "forfeited", "forfeited_by": 1, "reason": "no show"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    complete_finished_rounds(event["id"])
    assert org.get(f"/api/rounds/{rnd['id']}/").json()["status"] == "complete"
    return org.get(f"/api/events/{event['id']}/changes/?action=close").json()["results"][0]


def test_undoing_the_close_of_the_last_table_lets_its_captain_finish(org, event, round1):
    close = close_the_last_table(org, event, round1)
    assert close["undoable"] is True
    undone = org.post(f"/api/changes/{close['id']}/undo/")
    assert undone.status_code == 200 and undone.json()["new"] == {"status": "open"}
    assert org.get(f"/api/rounds/{round1['id']}/").json()["status"] == "published"
    assert Change.objects.filter(subject="round", subject_id=round1["id"], action="reopen").exists()

    last = round1["tables"][-1]
    assert enter(APIClient(), last["id"], 3, HAND, last["code"]).status_code == 201
    waiting = org.post(f"/api/events/{event['id']}/rounds/")
    assert waiting.status_code == 409 and waiting.json()["code"] == "round_incomplete"
    assert enter(APIClient(), last["id"], 4, HAND, last["code"]).status_code == 201
    complete_finished_rounds(event["id"])
    assert make_round(org, event["id"])["number"] == 2


def test_a_close_is_not_undone_once_the_next_round_is_paired(org, event, round1):
    close = close_the_last_table(org, event, round1)
    make_round(org, event["id"])
    changes = org.get(f"/api/events/{event['id']}/changes/?action=close").json()["results"]
    assert changes[0]["id"] == close["id"] and changes[0]["undoable"] is False

    last = round1["tables"][-1]
    for refused in (
        org.post(f"/api/changes/{close['id']}/undo/"),
        org.post(f"/api/tables/{last['id']}/close/", {"status": "open"}, format="json"),
    ):
        assert refused.status_code == 409
        assert refused.json()["code"] == "later_round" and "Round 2" in refused.json()["detail"]
    assert org.get(f"/api/tables/{last['id']}/").json()["status"] == "forfeited"
    assert Round.objects.get(pk=round1["id"]).status == Round.Status.COMPLETE
    averaged = org.post(f"/api/tables/{last['id']}/close/", {"status": "averaged"}, format="json")
    assert averaged.status_code == 200  # the organizer corrects the close with a new one
