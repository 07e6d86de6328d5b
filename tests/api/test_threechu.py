"""Threechu's own rule through the API: a hand's entry uses the hand's seats (0 the dealer of
hand n, position (n - 1) % 3; 1 the next player; 2 the dummy; 3 the third player), so the dealer
a captain names is seat 0 or the entry is refused. A round of every game through the API
(tables in position order, each position's credit in the answer, the standings) is checked by
``tests/games/test_api.py``."""

import pytest
from rest_framework.test import APIClient

from tournaments.models import Hand

from .conftest import enter, make_event, make_round

pytestmark = pytest.mark.django_db(transaction=True)


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
