"""What a phone that kept its hands offline sends (issue 25): ``typed_at`` beside the entry, kept
with a new hand and shown on the organizer's table page where it differs from the arrival; a
different entry of a recorded hand answers 409 with the recorded hand, which stays."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import Hand

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
