"""Grand Seigneur's own option through the API: the preferred table size, a rule option the
event chooses (from 5 to 12). A round of every game through the API (tables of mixed sizes, a
hand as its finish order, each position's placing points and place in the answer and in the
hands' list, the standings with their tie-breaks) is checked by ``tests/games/test_api.py``."""

import pytest

from .conftest import make_event, make_round

pytestmark = pytest.mark.django_db(transaction=True)


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
