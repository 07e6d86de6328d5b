"""Schemathesis over the whole API: every operation of the OpenAPI schema, with generated
(valid and invalid) input, against the WSGI app in process, as an organizer of a real event so
that the paths exist. The only check: never a server error."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.checks import not_a_server_error

from tichu_site.wsgi import application
from tournaments.models import Change, Entrant, Event, Hand, Match, Round

from .conftest import HAND, OTHER_HAND, enter, make_event, make_round, token_client

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

EXAMPLES = 20


@pytest.fixture
def no_throttles(monkeypatch):
    """Throttling has its own tests; here a 429 would only make the fuzzer wait (Retry-After)."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {"table_code_failures": "100000/minute", "login": "100000/minute",
                         "login_per_client": "100000/minute",
                         "table_code_failures_per_table": "100000/minute"})


@pytest.fixture
def keep_connection(world):
    """Calling the WSGI app in process, as Django's test client does: the request signals must
    not close the test's database connection (its transaction holds the test data). After
    ``world``: the test client it uses connects the signal again after each request."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(organizer, no_throttles):
    """An organizer's event with a published round (hands entered and corrected), a second
    event with a draft round, and the ids that fill every path parameter."""
    client = token_client(organizer)
    event = make_event(client)
    rnd = make_round(client, event["id"])
    table = rnd["tables"][0]
    enter(client, table["id"], 1, HAND)
    enter(client, table["id"], 1, OTHER_HAND)
    enter(client, table["id"], 2, HAND)
    draft_event = make_event(client, name="Draft cup")
    make_round(client, draft_event["id"], draft=True)
    knockout = client.post("/api/events/", {"name": "Cup", "format": "knockout"}, format="json")
    cup = knockout.json()["id"]
    client.post(f"/api/events/{cup}/players/", [{"name": f"T{i}", "members": [f"a{i}", f"b{i}"]}
                                                for i in range(5)], format="json")
    client.post(f"/api/events/{cup}/draw/", {}, format="json")
    return {"token": Token.objects.get(user=organizer).key, "event": event["id"],
            "round": rnd["id"], "table": table["id"], "code": table["code"]}


def _ids(world) -> dict[str, int]:
    """Real ids per resource, read fresh (the fuzzer changes the data as it goes)."""
    event = Event.objects.filter(pk=world["event"]).first()
    return {
        "events": world["event"],
        "players": Entrant.objects.filter(event=event).values_list("pk", flat=True).first(),
        "rounds": Round.objects.order_by("-status").values_list("pk", flat=True).first(),
        "tables": world["table"],
        "hands": Hand.objects.values_list("pk", flat=True).first(),
        "changes": Change.objects.filter(action="correct").values_list("pk", flat=True).first(),
        "matches": Match.objects.values_list("pk", flat=True).first(),
    }


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_error(case, world, keep_connection):
    if "id" in (case.path_parameters or {}):
        resource = case.operation.path.strip("/").split("/")[1]
        case.path_parameters["id"] = _ids(world)[resource] or case.path_parameters["id"]
    headers = {"Authorization": f"Token {world['token']}"}
    case.call_and_validate(headers=headers, checks=[not_a_server_error])


@pytest.mark.django_db
def test_schema_covers_the_routes():
    paths = set(schema.raw_schema["paths"])
    assert {"/api/auth/token/", "/api/events/", "/api/events/{id}/players/",
            "/api/events/{id}/rounds/", "/api/tables/{id}/hands/{number}/",
            "/api/events/{id}/standings/", "/api/events/{id}/changes/",
            "/api/changes/{id}/undo/"} <= paths
    put = schema.raw_schema["paths"]["/api/tables/{id}/hands/{number}/"]["put"]
    assert any(p["name"] == "X-Table-Code" and p["in"] == "header" for p in put["parameters"])
