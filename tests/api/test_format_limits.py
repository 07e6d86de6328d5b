"""One table of format limits (issue 22): the OpenAPI schema allowed 1,000,000 rounds where the
domain refused more than 200, and the settings form had limits of its own. ``formats.LIMITS``
states each whole-number setting's bounds once; the domain (``Format``, the rule options'
``scoring.Rules``), the API's serializers and schema and the settings form follow it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.formats import LIMITS, RULE_LIMITS, FormatError, resolve_format
from tournaments.views.settings_form import EventSettingsForm

pytestmark = pytest.mark.django_db

# A preset where the value counts (the lowest's and the highest's: a knockout cup has 0 groups,
# a cup with groups 2 or more), and the step between its allowed values.
WHERE = {
    "rounds": "dtm",
    "hands_per_round": "dtm",
    "game_to": "league",
    "forfeit_tp": "dtm",
    "best_of": "knockout",
    "groups": ("knockout", "groups_knockout"),
    "advance": "groups_knockout",
    "double_victory_points": "dtm",
    "players": "grand_seigneur",
}
STEP = {"forfeit_tp": 5, "double_victory_points": 5, "best_of": 2}


def schema_components() -> dict:
    served = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    return served.json()["components"]["schemas"]


def domain_accepts(name: str, value: int, *, highest: bool) -> bool:
    override = {"rules": {name: value}} if name in RULE_LIMITS else {name: value}
    where = WHERE[name]
    preset = where if isinstance(where, str) else where[highest]
    try:
        resolve_format(preset, override)
    except FormatError:
        return False
    return True


def test_every_limited_setting_is_tried():
    assert set(WHERE) == set(LIMITS)


@pytest.mark.parametrize("name", sorted(LIMITS))
def test_the_schema_the_form_and_the_domain_state_the_same_limits(name):
    low, high = LIMITS[name]
    components = schema_components()
    bodies = ["RulesInput"] if name in RULE_LIMITS else ["EventCreate", "PatchedEventSettings"]
    for body in bodies:
        stated = components[body]["properties"][name]
        assert (stated["minimum"], stated["maximum"]) == (low, high), (body, stated)
    field = EventSettingsForm.base_fields[name]
    assert (field.min_value, field.max_value) == (low, high)
    step = STEP.get(name, 1)
    assert domain_accepts(name, low, highest=False) and domain_accepts(name, high, highest=True)
    assert not domain_accepts(name, low - step, highest=False)
    assert not domain_accepts(name, high + step, highest=True)


def test_the_api_refuses_rounds_beyond_the_limit_as_the_schema_says(org):
    response = org.post(
        "/api/events/", {"name": "Marathon", "format": "dtm", "rounds": 201}, format="json"
    )
    assert response.status_code == 400 and "rounds" in response.json()["errors"]
    response = org.post(
        "/api/events/", {"name": "Marathon", "format": "dtm", "rounds": 200}, format="json"
    )
    assert response.status_code == 201
