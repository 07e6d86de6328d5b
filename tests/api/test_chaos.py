"""Chaos Tichu through the API: the option in the schema, a hand without both teams' Grand
Tichu refused with the engine's code and a sentence in the request's language. Every preset in
the schema and created through the API (``chaos_dtm`` too): ``tests/games/test_api.py``."""

import pytest
import yaml
from rest_framework.test import APIClient

from .conftest import enter, make_event, make_round

pytestmark = pytest.mark.django_db

CHAOS_HAND = {
    "card_points": [60, 40],
    "finish_order": [1],
    "calls": {"0": "grand", "1": "grand", "2": "tichu"},
}
NO_GRAND_B = {"card_points": [60, 40], "finish_order": [1], "calls": {"0": "grand"}}


def test_the_schema_offers_the_option(anon):
    schema = yaml.safe_load(anon.get("/api/schema/").content)
    assert "chaos" in schema["components"]["schemas"]["RulesInput"]["properties"]


@pytest.mark.parametrize(
    "body", [{"format": "chaos_dtm"}, {"format": "dtm", "rules": {"chaos": True}}]
)
def test_a_chaos_event_refuses_a_hand_without_both_grand_tichus(org, body):
    event = make_event(org, **body)
    assert event["settings"]["rules"]["chaos"] is True
    table = make_round(org, event["id"])["tables"][0]
    captain = APIClient()
    response = enter(captain, table["id"], 1, NO_GRAND_B, table["code"])
    assert response.status_code == 400
    assert response.json()["code"] == "chaos_grand_tichu_missing"
    assert "team 1 called none" in response.json()["errors"]["calls"][0]
    german = captain.put(
        f"/api/tables/{table['id']}/hands/1/",
        NO_GRAND_B,
        format="json",
        HTTP_X_TABLE_CODE=table["code"],
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert german.json()["detail"].startswith("Chaos-Tichu: Jedes Team sagt")
    response = enter(captain, table["id"], 1, CHAOS_HAND, table["code"])
    assert response.status_code == 201, response.json()
    assert response.json()["totals"] == [60 - 200 - 100, 40 + 200]


def test_chaos_is_refused_as_text_and_can_be_switched_on_before_the_first_round(org):
    response = org.post("/api/events/", {"name": "X", "rules": {"chaos": "yes"}}, format="json")
    assert response.status_code == 400 and "rules.chaos" in response.json()["errors"]
    event = make_event(org)
    response = org.patch(f"/api/events/{event['id']}/", {"rules": {"chaos": True}}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["settings"]["rules"]["chaos"] is True
