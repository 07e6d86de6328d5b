"""Threechu through the API: tables of three in position order; a hand's entry uses the hand's
seats (0 the dealer of hand n, position (n - 1) % 3; 1 the next player; 2 the dummy; 3 the
third player); the answer credits each position; individual standings."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import wait_for_standings
from tournaments.models import Event, Hand

from .conftest import enter, make_event, make_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_threechu_round_credits_each_player(org):
    event = make_event(org, players=7, format="threechu")
    assert event["settings"]["rules"]["game"] == "threechu"
    rnd = make_round(org, event["id"])
    assert [len(t["seats"]) for t in rnd["tables"]] == [3, 3] and len(rnd["byes"]) == 1
    table = rnd["tables"][0]
    captain = APIClient()
    response = enter(
        captain,
        table["id"],
        2,
        {"card_points": [70, 30], "finish_order": [0], "calls": {"0": "tichu"}},
        table["code"],
    )
    assert response.status_code == 201, response.json()
    assert response.json()["entry"]["dealer"] == 0
    credits = {c["position"]: (c["tp"], c["vp"]) for c in response.json()["credits"]}
    assert credits == {1: (170, 2), 2: (30, 0), 0: (30, 0)}, "hand 2: position 1 deals"
    wrong = enter(
        captain,
        table["id"],
        3,
        {"card_points": [70, 30], "finish_order": [1], "calls": {"2": "grand"}},
        table["code"],
    )
    assert wrong.status_code == 400 and wrong.json()["code"] == "dummy_grand_tichu"
    wait_for_standings(Event.objects.get(pk=event["id"]))
    rows = org.get(f"/api/events/{event['id']}/standings/").json()["rows"]
    by_entrant = {row["player"]["id"]: row["tichu_points"] for row in rows}
    assert [by_entrant[e] for e in table["seats"]] == [30, 170, 30]


def test_a_dealer_the_captain_names_is_the_hands_or_refused(org):
    """Every hand's seats put its dealer in seat 0: a captain who names another dealer is told
    so, instead of seeing the entry recorded with seat 0 in place of what they typed."""
    event = make_event(org, players=3, format="threechu")
    table = make_round(org, event["id"])["tables"][0]
    hand = {"card_points": [70, 30], "finish_order": [3]}
    wrong = enter(APIClient(), table["id"], 1, {**hand, "dealer": 2}, table["code"])
    assert wrong.status_code == 400 and wrong.json()["code"] == "dealer_not_hands_dealer"
    assert wrong.json()["errors"] == {"dealer": ["Threechu: seat 0 deals this hand, not seat 2."]}
    assert not Hand.objects.exists()
    for named in ({"dealer": 0}, {"dealer": "0"}, {}):
        right = enter(APIClient(), table["id"], 1, {**hand, **named}, table["code"])
        assert right.status_code in (200, 201), right.json()
        assert right.json()["entry"]["dealer"] == 0
