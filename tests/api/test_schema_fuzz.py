"""Schemathesis over the whole API: every operation of the OpenAPI schema, with generated
(valid and invalid) input, against the WSGI app in process, as an organizer of a real event so
that the paths exist. Every check schemathesis has: never a server error, every answer (its
status, content type, headers and body) one the schema states, input the schema refuses
refused, input it allows not refused, and reads the schema says need no credentials answered
without. Where a check cannot apply to an operation, ``INAPPLICABLE`` says why."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.checks import CHECKS
from schemathesis.core.parameters import ParameterLocation

from tichu_site.wsgi import application
from tournaments.models import Change, Entrant, Event, Hand, Match, Player, Round, Series

from .conftest import HAND, OTHER_HAND, enter, make_event, make_round, token_client

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

EXAMPLES = 20


@pytest.fixture
def no_throttles(monkeypatch):
    """Throttling has its own tests; here a 429 would only make the fuzzer wait (Retry-After)."""
    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {
            "table_code_failures": "100000/minute",
            "login": "100000/minute",
            "login_per_client": "100000/minute",
            "table_code_failures_per_table": "100000/minute",
        },
    )


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
    client.post(
        f"/api/events/{cup}/players/",
        [{"name": f"T{i}", "members": [f"a{i}", f"b{i}"]} for i in range(5)],
        format="json",
    )
    client.post(f"/api/events/{cup}/draw/", {}, format="json")
    series = client.post("/api/series/", {"name": "Season", "events": [event["id"]]}, format="json")
    assert series.status_code == 201, series.json()
    return {
        "token": Token.objects.get(user=organizer).key,
        "event": event["id"],
        "round": rnd["id"],
        "table": table["id"],
        "code": table["code"],
    }


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
        "people": Player.objects.filter(register__owner=event.owner)
        .values_list("pk", flat=True)
        .first()
        if event
        else None,
        "series": Series.objects.values_list("pk", flat=True).first(),
    }


# Checks that cannot apply to an operation, and why (by operation, then check name). Only
# ``positive_data_acceptance`` so far: input the schema allows that the API must still refuse,
# by rules no schema can state (a 400 with the rule's code and field).
RULES = "positive_data_acceptance"
INAPPLICABLE: dict[str, dict[str, str]] = {
    "POST /api/auth/token/": {
        RULES: "a well-formed username and password of no account "
        "(400, DRF's token view): which accounts exist"
    },
    "POST /api/events/": {
        RULES: "format values that do not fit together (formats.Format: a "
        "cup's pairing for single players, a best_of_from stage "
        "name...)"
    },
    "PATCH /api/events/{id}/": {
        RULES: "as creating an event, and values of the event's present format"
    },
    "POST /api/events/{id}/players/": {
        RULES: "a team for an event of single players (or the "
        "other way round), a roster of 2-5 members, a "
        "person in two teams: the event's entrant type"
    },
    "POST /api/series/": {
        RULES: "events of another register (or none), a points table that rises or has a "
        "second decimal, a name the register has already, a register the caller does not keep"
    },
    "PATCH /api/series/{id}/": {
        RULES: "as creating a series (the events' register, a rising points table, a name "
        "taken), and the table a series switched to points by table needs"
    },
    "POST /api/people/": {RULES: "a register the caller keeps: which registers exist"},
    "POST /api/people/{id}/merge/": {
        RULES: "the other record, a person of the same register: which people exist"
    },
    "POST /api/tables/{id}/close/": {
        RULES: "a forfeit names the team at fault (forfeited_by with status forfeited)"
    },
    "PUT /api/tables/{id}/hands/{number}/": {
        RULES: "the engine's rules of a hand (card points "
        "that add up to 100, a finish order of the "
        "table's seats, calls of its game...)"
    },
}


def _excluded(case) -> list:
    names = INAPPLICABLE.get(f"{case.method.upper()} {case.path}", {})
    return [check for check in CHECKS.get_all() if getattr(check, "__name__", "") in names]


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
def test_the_api_answers_as_its_schema_says(case, world, keep_connection):
    # Real ids, unless the id is what the case makes invalid (then the API must refuse it).
    negative_path = case.meta.is_negative_at(ParameterLocation.PATH)
    if "id" in (case.path_parameters or {}) and not negative_path:
        resource = case.operation.path.strip("/").split("/")[1]
        case.path_parameters["id"] = _ids(world)[resource] or case.path_parameters["id"]
    headers = {"Authorization": f"Token {world['token']}"}
    case.call_and_validate(headers=headers, excluded_checks=_excluded(case))


@pytest.mark.django_db
def test_schema_covers_the_routes():
    paths = set(schema.raw_schema["paths"])
    assert {
        "/api/auth/token/",
        "/api/events/",
        "/api/events/{id}/players/",
        "/api/events/{id}/rounds/",
        "/api/tables/{id}/hands/{number}/",
        "/api/events/{id}/standings/",
        "/api/events/{id}/changes/",
        "/api/changes/{id}/undo/",
    } <= paths
    put = schema.raw_schema["paths"]["/api/tables/{id}/hands/{number}/"]["put"]
    assert any(p["name"] == "X-Table-Code" and p["in"] == "header" for p in put["parameters"])


@pytest.mark.django_db
def test_every_inapplicable_check_names_an_operation_and_a_check():
    """``INAPPLICABLE`` stays narrow: each entry an operation of the schema and a check."""
    checks = {getattr(check, "__name__", "") for check in CHECKS.get_all()}
    for operation, names in INAPPLICABLE.items():
        method, path = operation.split(" ")
        assert method.lower() in schema.raw_schema["paths"][path], operation
        assert set(names) <= checks, operation
