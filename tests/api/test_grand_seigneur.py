"""Grand Seigneur through the API: tables of mixed sizes, a hand entered as its finish order,
each position's placing points and place in the answer, standings with first and second
places as tie-breaks."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import wait_for_standings
from tournaments.models import Event

from .conftest import enter, make_event, make_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_grand_seigneur_round_of_mixed_tables(org):
    event = make_event(org, players=13, format="grand_seigneur")
    assert event["settings"]["rules"]["players"] == 8
    rnd = make_round(org, event["id"])
    assert sorted(len(t["seats"]) for t in rnd["tables"]) == [6, 7] and not rnd["byes"]
    table = next(t for t in rnd["tables"] if len(t["seats"]) == 7)
    captain = APIClient()
    response = enter(captain, table["id"], 1, {"finish_order": [6, 5, 4, 3, 2, 1]}, table["code"])
    assert response.status_code == 201, response.json()
    credits = {c["position"]: (c["vp"], c["place"]) for c in response.json()["credits"]}
    assert credits == {6: (6, 1), 5: (5, 2), 4: (4, 3), 3: (3, 4), 2: (2, 5), 1: (1, 6), 0: (0, 7)}
    wrong = enter(captain, table["id"], 2, {"finish_order": [7, 1]}, table["code"])
    assert wrong.status_code == 400
    wait_for_standings(Event.objects.get(pk=event["id"]))
    rows = org.get(f"/api/events/{event['id']}/standings/").json()["rows"]
    assert rows[0]["player"]["id"] == table["seats"][6] and rows[0]["victory_points"] == 6
    assert rows[0]["tiebreaks"] == {"first_places": 1, "second_places": 0}


def test_the_preferred_table_size_is_a_rule_option(org):
    event = make_event(org, players=12, format="grand_seigneur", rules={"players": 6})
    rnd = make_round(org, event["id"])
    assert [len(t["seats"]) for t in rnd["tables"]] == [6, 6]
    refused = org.post(
        "/api/events/",
        {"name": "X", "format": "grand_seigneur", "rules": {"players": 13}},
        format="json",
    )
    assert refused.status_code == 400


def test_the_hands_list_gives_each_positions_credit(org, anon):
    event = make_event(org, players=5, format="grand_seigneur")
    table = make_round(org, event["id"])["tables"][0]
    enter(APIClient(), table["id"], 1, {"finish_order": [4, 3, 2, 1]}, table["code"])
    hands = anon.get(f"/api/tables/{table['id']}/hands/").json()
    hands = hands["results"] if isinstance(hands, dict) else hands
    credits = {c["position"]: c["vp"] for c in hands[0]["credits"]}
    assert credits == {4: 4, 3: 3, 2: 2, 1: 1, 0: 0}
