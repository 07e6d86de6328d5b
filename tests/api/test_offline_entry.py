"""What a phone that kept its hands offline sends (issue 25): ``typed_at`` beside the entry, kept
with a new hand and shown on the organizer's table page where it differs from the arrival; a
different entry of a recorded hand answers 409 with the recorded hand, which stays, and is kept
as a differing entry (``DifferingEntry``) that the other phone (``/t/<code>/state.json``) and the
results desk show until the organizer corrects the hand or keeps the recorded score."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import Change, DifferingEntry, Hand

from .conftest import enter

ENTRY = {"card_points": [60, 40]}


def test_typed_at_is_kept_with_a_new_hand_and_not_changed_by_the_same_entry_again(table):
    typed = timezone.now() - timedelta(minutes=20)
    body = ENTRY | {"typed_at": typed.isoformat()}
    assert enter(APIClient(), table["id"], 1, body, table["code"]).status_code == 201
    again = ENTRY | {"typed_at": timezone.now().isoformat()}
    response = enter(APIClient(), table["id"], 1, again, table["code"])
    assert response.status_code == 200 and response.json()["result"] == "unchanged"
    hand = Hand.objects.get(table_id=table["id"], number=1)
    assert hand.typed_at == typed and hand.entry["card_points"] == [60, 40]
    assert hand.typed_earlier == typed


def test_a_bad_typed_at_is_refused_by_its_field(table):
    response = enter(APIClient(), table["id"], 1, ENTRY | {"typed_at": "yesterday"}, table["code"])
    assert response.status_code == 400
    assert "typed_at" in response.json()["errors"]
    assert not Hand.objects.filter(table_id=table["id"]).exists()


def test_a_conflicting_entry_answers_with_the_recorded_hand(table):
    assert enter(APIClient(), table["id"], 1, ENTRY, table["code"]).status_code == 201
    other = {"card_points": [30, 70]}
    response = enter(APIClient(), table["id"], 1, other, table["code"])
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "hand_conflict"
    assert body["stored"]["totals"] == [60, 40] and body["stored"]["number"] == 1
    assert Hand.objects.get(table_id=table["id"], number=1).tp_0 == 60


def test_the_organizers_table_page_shows_typed_and_received_times(
    org, event, table, client, organizer
):
    typed = timezone.now() - timedelta(minutes=25)
    enter(APIClient(), table["id"], 1, ENTRY | {"typed_at": typed.isoformat()}, table["code"])
    enter(
        APIClient(), table["id"], 2, ENTRY | {"typed_at": timezone.now().isoformat()}, table["code"]
    )
    client.force_login(organizer)
    page = client.get(f"/organize/events/{event['id']}/tables/{table['id']}/").content.decode()
    hand = Hand.objects.get(table_id=table["id"], number=1)
    local = timezone.localtime
    assert f"typed {local(hand.typed_at):%H:%M}, received {local(hand.created_at):%H:%M}" in page
    assert page.count('class="note typed-at"') == 1  # hand 2 arrived as it was typed


def _state(client, code: str) -> dict:
    response = client.get(f"/t/{code}/state.json")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    return response.json()


def test_a_conflicting_entry_is_kept_once_for_the_other_phone_and_the_desk(
    event, table, client, organizer
):
    assert enter(APIClient(), table["id"], 1, ENTRY, table["code"]).status_code == 201
    typed = timezone.now() - timedelta(minutes=12)
    other = {"card_points": [30, 70], "typed_at": typed.isoformat()}
    for _ in range(2):  # the phone sends it again (no answer reached it): kept once
        assert enter(APIClient(), table["id"], 1, other, table["code"]).status_code == 409
    differing = DifferingEntry.objects.get(table_id=table["id"], number=1)
    assert (differing.tp_0, differing.tp_1, differing.typed_at) == (30, 70, typed)
    assert differing.entered_by.startswith("captain")
    state = _state(client, table["code"])
    assert state["hands"] == {"1": [60, 40]}
    assert [(row["number"], row["totals"]) for row in state["differing"]] == [(1, [30, 70])]
    change = Change.objects.get(subject="differing_entry")
    assert change.action == "receive" and change.new["totals"] == [30, 70]
    page = client.get(f"/t/{table['code']}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'data-totals="30 70">ein anderes Telefon sandte 30 : 70: die Turnierleitung' in page

    client.force_login(organizer)
    desk = client.get(
        f"/organize/events/{event['id']}/desk/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Spiele, die ein anderes Telefon abweichend eingegeben hat" in desk
    assert "eingetragen: 60 : 40" in desk and "anderes Telefon: 30 : 70" in desk
    assert "abweichend eingegeben" in desk
    history = client.get(f"/organize/events/{event['id']}/history/").content.decode()
    assert "another phone sent 30 : 70, refused" in history


def test_the_same_entry_from_another_phone_is_no_conflict(table):
    assert enter(APIClient(), table["id"], 1, ENTRY, table["code"]).status_code == 201
    assert enter(APIClient(), table["id"], 1, ENTRY, table["code"]).status_code == 200
    assert not DifferingEntry.objects.exists()


def test_the_organizers_correction_settles_the_differing_entry(org, table, client):
    enter(APIClient(), table["id"], 1, ENTRY, table["code"])
    enter(APIClient(), table["id"], 1, {"card_points": [30, 70]}, table["code"])
    correction = {"card_points": [30, 70], "reason": "the opponents' sheet"}
    assert enter(org, table["id"], 1, correction).status_code == 200
    assert not DifferingEntry.objects.exists()
    state = _state(client, table["code"])
    assert (state["hands"], state["differing"]) == ({"1": [30, 70]}, [])


def test_the_organizer_keeps_the_recorded_score(event, table, client, organizer):
    enter(APIClient(), table["id"], 1, ENTRY, table["code"])
    enter(APIClient(), table["id"], 1, {"card_points": [30, 70]}, table["code"])
    differing = DifferingEntry.objects.get()
    keep = f"/organize/events/{event['id']}/differing/{differing.pk}/keep/"
    assert client.post(keep).status_code == 302  # to the login: organizers only
    assert DifferingEntry.objects.exists()
    client.force_login(organizer)
    page = client.post(keep, follow=True, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "behält sein eingetragenes Ergebnis" in page
    assert not DifferingEntry.objects.exists()
    assert Hand.objects.get(table_id=table["id"], number=1).tp_0 == 60
    assert Change.objects.filter(subject="differing_entry", action="dismiss").exists()
    assert client.post(keep).status_code == 404  # settled already
    assert _state(client, table["code"])["differing"] == []


def test_a_wrong_code_has_no_state(db, client):
    assert client.get("/t/NOSUCHCODE12/state.json").status_code == 404
