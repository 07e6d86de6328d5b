"""The API's hand answer links the hand's replay page where the hand was recorded card by card
(a simulated event's bots), and says null where it was not; as its schema documents."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import Hand
from tournaments.simulation import simulate_event

from .conftest import assert_conforms

pytestmark = pytest.mark.django_db


def test_a_recorded_hand_links_its_replay_and_another_says_null(organizer):
    event = simulate_event(preset="dtm", entrants=8, seed=3, owner=organizer, rounds=1).event
    recorded, plain = Hand.objects.filter(table__round__event=event).order_by("pk")[:2]
    Hand.objects.filter(pk=plain.pk).update(play_record=None)
    client = APIClient()
    answer = client.get(f"/api/tables/{recorded.table_id}/hands/{recorded.number}/")
    assert_conforms(answer, "/api/tables/{id}/hands/{number}/")
    table = recorded.table
    assert answer.json()["replay"] == (
        f"http://testserver/events/{event.pk}/rounds/1/tables/{table.number}/hands/"
        f"{recorded.number}/replay/"
    )
    assert client.get(answer.json()["replay"]).status_code == 200
    listed = client.get(f"/api/tables/{plain.table_id}/hands/").json()
    links = {hand["number"]: hand["replay"] for hand in listed["results"]}
    assert links[plain.number] is None
    assert all(link for number, link in links.items() if number != plain.number)
