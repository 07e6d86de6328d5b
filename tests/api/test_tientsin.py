"""Tientsin through the API: the preset, tables of six in seat order, a triple victory entered
with the engine's score-entry shape, the standings."""

import pytest
import yaml
from rest_framework.test import APIClient

from tests.conftest import wait_for_standings
from tournaments.models import Event

from .conftest import enter, make_event, make_round, schema_enum

pytestmark = pytest.mark.django_db(transaction=True)

TRIPLE_B = {"card_points": None, "finish_order": [1, 3, 5], "calls": {}, "triple_victory": 1}


def test_the_schema_offers_the_game(anon):
    schema = yaml.safe_load(anon.get("/api/schema/").content)
    components = schema["components"]["schemas"]
    assert "triple_victory" in components["HandEntry"]["properties"]
    game = components["RulesInput"]["properties"]["game"]
    enum = schema_enum(components, game)
    assert "tientsin" in enum


@pytest.mark.parametrize(
    "body", [{"format": "tientsin"}, {"format": "dtm", "rules": {"game": "tientsin"}}]
)
def test_a_tientsin_round_seats_six_and_takes_a_triple_victory(org, body):
    event = make_event(org, players=13, **body)
    assert event["settings"]["rules"]["game"] == "tientsin"
    rnd = make_round(org, event["id"])
    assert [len(t["seats"]) for t in rnd["tables"]] == [6, 6] and len(rnd["byes"]) == 1
    table = rnd["tables"][0]
    captain = APIClient()
    response = enter(captain, table["id"], 1, TRIPLE_B, table["code"])
    assert response.status_code == 201, response.json()
    assert response.json()["totals"] == [0, 300]
    assert response.json()["victory_points"] == [0, 3]
    wrong = enter(captain, table["id"], 2, {**TRIPLE_B, "finish_order": [1, 2]}, table["code"])
    assert wrong.status_code == 400 and wrong.json()["code"] == "triple_victory_mismatch"
    wait_for_standings(Event.objects.get(pk=event["id"]))
    rows = org.get(f"/api/events/{event['id']}/standings/").json()["rows"]
    by_entrant = {row["player"]["id"]: row["victory_points"] for row in rows}
    assert [by_entrant[e] for e in table["seats"]] == [0, 3, 0, 3, 0, 3]
