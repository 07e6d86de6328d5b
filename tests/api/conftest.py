"""Fixtures of the API tests: clients (anonymous, organizer by token, another organizer), events
made through the API, and a published round with its table codes."""

from __future__ import annotations

from functools import cache as once

import pytest
import requests
import schemathesis
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from schemathesis.core.transport import Response

CLIENT_IP = "127.0.0.1"

# A valid DTM hand: team 0 takes 60 card points, team 1 40 -> totals [60, 40].
HAND = {"card_points": [60, 40], "finish_order": [1, 0, 3, 2]}
OTHER_HAND = {"card_points": [30, 70], "finish_order": [1, 0, 3, 2]}


@pytest.fixture(autouse=True)
def _fresh_throttles():
    """Throttle counters live in the cache: every test starts with none (only our keys are
    deleted: in live mode the cache is the Redis the worker uses)."""
    keys = [
        f"throttle_{scope}_{CLIENT_IP}" for scope in ("table_code_failures", "login_per_client")
    ]
    cache.delete_many(keys)
    yield
    cache.delete_many(keys)


def token_client(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture
def org(organizer):
    return token_client(organizer)


@pytest.fixture
def other(other_organizer):
    return token_client(other_organizer)


def make_event(client, players: int = 8, **fields) -> dict:
    body = {"name": "Club evening", "format": "dtm", "seed": 7, **fields}
    response = client.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    event = response.json()
    if players:
        names = [{"name": f"Player {i}"} for i in range(players)]
        response = client.post(f"/api/events/{event['id']}/players/", names, format="json")
        assert response.status_code == 201, response.json()
        event["players"] = response.json()
    return event


def make_round(client, event_id: int, *, draft: bool = False) -> dict:
    url = f"/api/events/{event_id}/rounds/" + ("?draft=1" if draft else "")
    response = client.post(url, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def enter(client, table_id: int, number: int, body: dict, code: str | None = None):
    headers = {"HTTP_X_TABLE_CODE": code} if code else {}
    return client.put(f"/api/tables/{table_id}/hands/{number}/", body, format="json", **headers)


def play_round(client, rnd: dict, hands: int = 4) -> None:
    for table in rnd["tables"]:
        for number in range(1, hands + 1):
            response = enter(APIClient(), table["id"], number, HAND, table["code"])
            assert response.status_code == 201, response.json()


@pytest.fixture
def event(org):
    return make_event(org)


@pytest.fixture
def round1(org, event):
    return make_round(org, event["id"])


@pytest.fixture
def table(round1):
    return round1["tables"][0]


def schema_enum(components: dict, prop: dict) -> list:
    """The choices of a schema property, given inline or as a reference to an enum component."""
    return prop.get("enum") or next(
        components[ref["$ref"].rsplit("/", 1)[1]]["enum"] for ref in prop["allOf"]
    )


@once
def api_schema():
    """The API's OpenAPI schema as ``/api/schema/`` serves it, loaded by schemathesis."""
    served = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    return schemathesis.openapi.from_dict(served.json())


def assert_conforms(response, path: str, method: str = "GET") -> None:
    """``response`` is what the schema says operation ``method path`` answers: a documented
    status and a body of its schema (checked by schemathesis, as the fuzz test checks)."""
    operation = api_schema()[path][method]
    assert str(response.status_code) in operation.definition.raw["responses"], (
        f"{method} {path} answered an undocumented {response.status_code}"
    )
    request = requests.Request(method, f"http://testserver{response.wsgi_request.path}")
    operation.validate_response(
        Response(
            status_code=response.status_code,
            content=response.content,
            headers={name.lower(): [value] for name, value in response.items()},
            request=request.prepare(),
            elapsed=0.0,
            verify=True,
        )
    )
