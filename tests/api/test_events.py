"""Tokens, events and registration: shapes, access rules, and bad input stored nowhere."""

from __future__ import annotations

import pytest
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import Change, Entrant, Event, Player

from .conftest import make_event

pytestmark = pytest.mark.django_db


# --- tokens ---------------------------------------------------------------------------------------


def test_token_for_right_credentials(anon, organizer):
    response = anon.post(
        "/api/auth/token/", {"username": "orga", "password": "orga-password-1"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    anon.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert (
        anon.post("/api/events/", {"name": "E", "format": "dtm"}, format="json").status_code == 201
    )


def test_token_refused_for_wrong_credentials(anon, organizer):
    response = anon.post(
        "/api/auth/token/", {"username": "orga", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"]["non_field_errors"]
    assert "token" not in response.json()


def test_token_requests_are_throttled(anon, organizer, monkeypatch):
    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {
            "table_code_failures": "3/minute",
            "login": "3/minute",
            "login_per_client": "100/minute",
            "table_code_failures_per_table": "100/minute",
        },
    )
    statuses = [
        anon.post(
            "/api/auth/token/", {"username": "orga", "password": "x"}, format="json"
        ).status_code
        for _ in range(4)
    ]
    assert statuses == [400, 400, 400, 429]


def test_bad_token_is_unauthorized(anon):
    anon.credentials(HTTP_AUTHORIZATION="Token nonsense")
    assert anon.get("/api/events/").status_code == 401


# --- events ---------------------------------------------------------------------------------------


def test_create_event(org, organizer):
    response = org.post(
        "/api/events/",
        {
            "name": "DTM 2025",
            "format": "dtm",
            "seed": 11,
            "rounds": 5,
            "rules": {"double_victory_points": 200},
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    event = Event.objects.get(pk=body["id"])
    assert event.owner == organizer and event.seed == 11
    assert event.format.rounds == 5 and event.rules.double_victory_points == 200
    assert body["format"] == "dtm" and body["settings"]["rounds"] == 5
    assert "seed" not in body and "owner" not in body


def test_create_team_event(org):
    response = org.post("/api/events/", {"name": "Teams", "format": "team_swiss"}, format="json")
    assert response.status_code == 201
    assert response.json()["settings"]["entrant_type"] == "team"


def test_create_event_needs_a_login(anon):
    assert (
        anon.post("/api/events/", {"name": "E", "format": "dtm"}, format="json").status_code == 401
    )
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"format": "dtm"}, "name"),
        ({"name": "   ", "format": "dtm"}, "name"),
        ({"name": 42, "format": "dtm"}, "name"),
        ({"name": "x" * 101, "format": "dtm"}, "name"),
        ({"name": "E", "format": "chess"}, "format"),
        ({"name": "E", "format": "dtm", "rounds": 0}, "rounds"),
        ({"name": "E", "format": "dtm", "rounds": "six"}, "rounds"),
        ({"name": "E", "format": "dtm", "rounds": 10**40}, "rounds"),
        ({"name": "E", "format": "dtm", "rounds": True}, "rounds"),
        ({"name": "E", "format": "dtm", "roundz": 4}, "roundz"),
        ({"name": "E", "format": "dtm", "seed": 2**70}, "seed"),
        ({"name": "E", "format": "dtm", "seed": "7"}, "seed"),
        (
            {"name": "E", "format": "dtm", "rules": {"double_victory_points": 10**30}},
            "rules.double_victory_points",
        ),
        ({"name": "E", "format": "dtm", "rules": {"double_victory_points": 7}}, "rules"),
        (
            {"name": "E", "format": "dtm", "rules": {"grand_tichu_allowed": "yes"}},
            "rules.grand_tichu_allowed",
        ),
        ({"name": "E", "format": "dtm", "rules": {"jokers": True}}, "rules"),
        ({"name": "E", "format": "dtm", "rules": []}, "rules.non_field_errors"),
        ({"name": "E", "format": "dtm", "pairing": "swiss"}, "pairing"),
        ({"name": "E", "format": "dtm", "tiebreaks": ["luck"]}, "tiebreaks"),
        ({"name": "E\x00vil", "format": "dtm"}, "name"),
    ],
)
def test_create_event_refuses_bad_input(org, body, field):
    response = org.post("/api/events/", body, format="json")
    assert response.status_code == 400, response.json()
    data = response.json()
    assert field in data["errors"], data
    assert data["detail"] and data["code"]
    assert not Event.objects.exists() and not Change.objects.exists()


def test_lone_surrogates_are_refused(org):
    for raw in ('{"name": "\\ud800", "format": "dtm"}', '{"name": "E", "\\udfff": 1}'):
        response = org.generic("POST", "/api/events/", raw, content_type="application/json")
        assert response.status_code == 400, response.content
        assert response.json()["detail"]
    assert not Event.objects.exists()


def test_create_event_refuses_a_body_that_is_not_an_object(org):
    for body in ([1, 2], "event", 3):
        response = org.post("/api/events/", body, format="json")
        assert response.status_code == 400
        assert response.json()["errors"]
    assert not Event.objects.exists()


def test_unicode_names_are_kept(org):
    name = "Ündine's Tichu-Abend 🐉 ドラゴン"
    response = org.post("/api/events/", {"name": name, "format": "dtm"}, format="json")
    assert response.status_code == 201
    assert response.json()["name"] == name
    players = org.post(
        f"/api/events/{response.json()['id']}/players/",
        [{"name": "Zoë"}, {"name": "Μαρία"}, {"name": "محمد"}],
        format="json",
    )
    assert players.status_code == 201
    assert [p["name"] for p in players.json()] == ["Zoë", "Μαρία", "محمد"]


def test_events_are_listed_and_shown(anon, org):
    first = make_event(org, players=0, name="Spring cup")
    make_event(org, players=0, name="Autumn cup")
    listed = anon.get("/api/events/").json()
    assert len(listed["results"]) == 2
    assert {e["name"] for e in listed["results"]} == {"Spring cup", "Autumn cup"}
    assert len(anon.get("/api/events/?name=spring").json()["results"]) == 1
    assert len(anon.get("/api/events/?status=finished").json()["results"]) == 0
    assert anon.get("/api/events/?limit=1").json()["next"]
    detail = anon.get(f"/api/events/{first['id']}/")
    assert detail.status_code == 200 and detail.json()["name"] == "Spring cup"
    assert anon.get("/api/events/987654/").status_code == 404
    assert anon.get("/api/events/99999999999999999999999/").status_code == 404


def test_bad_filter_values_are_refused(anon):
    response = anon.get("/api/events/?status=bogus")
    assert response.status_code == 400
    assert "status" in response.json()["errors"]
    assert anon.get("/api/hands/?table=abc").status_code == 400
    assert anon.get("/api/hands/?table=99999999999999999999999999").status_code == 400
    assert (
        anon.get(
            "/api/events/?limit=99999999999999999999999&offset=9999999999999999999"
        ).status_code
        == 200
    )


# --- players --------------------------------------------------------------------------------------


def test_register_one_player(org):
    event = make_event(org, players=0)
    response = org.post(f"/api/events/{event['id']}/players/", {"name": "Anna"}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Anna"
    assert Entrant.objects.get(pk=body["id"]).player.name == "Anna"


def test_register_a_list(org):
    event = make_event(org, players=0)
    response = org.post(
        f"/api/events/{event['id']}/players/",
        [{"name": "Anna"}, {"name": "  Bert   Brecht "}],
        format="json",
    )
    assert response.status_code == 201
    assert [p["name"] for p in response.json()] == ["Anna", "Bert Brecht"]
    listed = org.get(f"/api/events/{event['id']}/players/").json()
    assert [p["id"] for p in listed["results"]] == [p["id"] for p in response.json()]


def test_register_teams(org):
    event = make_event(org, players=0, format="team_swiss")
    response = org.post(
        f"/api/events/{event['id']}/players/",
        {"name": "Dragons", "members": ["Anna", "Bert"]},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["members"] == ["Anna", "Bert"]
    listed = org.post(
        f"/api/events/{event['id']}/players/",
        [{"name": "Phoenix", "members": ["C", "D"]}, {"name": "Dogs", "members": ["E", "F", "G"]}],
        format="json",
    )
    assert listed.status_code == 201 and len(listed.json()) == 2


def test_a_refused_team_leaves_none_registered(org):
    event = make_event(org, players=0, format="team_swiss")
    response = org.post(
        f"/api/events/{event['id']}/players/",
        [{"name": "Phoenix", "members": ["C", "D"]}, {"name": "Solo", "members": ["E"]}],
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "roster_size"
    assert "members" in response.json()["errors"]
    assert not Entrant.objects.exists()


def test_a_person_in_two_teams_is_a_conflict_naming_the_other_team(org):
    event = make_event(org, players=0, format="team_swiss")
    url = f"/api/events/{event['id']}/players/"
    assert (
        org.post(url, {"name": "Dragons", "members": ["Anna", "Bert"]}, format="json").status_code
        == 201
    )
    response = org.post(
        url,
        [{"name": "Phoenix", "members": ["C", "D"]}, {"name": "Owls", "members": ["E", "anna"]}],
        format="json",
    )
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "one_team_per_person"
    assert body["errors"]["members"] == [body["detail"]]
    assert body["detail"].startswith("anna already plays in the team Dragons")
    assert list(Entrant.objects.values_list("name", flat=True)) == ["Dragons"]


def test_a_team_after_the_cup_is_drawn_is_a_conflict_saying_why(org):
    event = make_event(org, players=0, format="knockout")
    url = f"/api/events/{event['id']}/players/"
    assert (
        org.post(
            url, [{"name": f"T{i}", "members": [f"A{i}", f"B{i}"]} for i in range(4)], format="json"
        ).status_code
        == 201
    )
    assert org.post(f"/api/events/{event['id']}/draw/", {}, format="json").status_code == 201
    response = org.post(
        url, {"name": "Late", "members": ["L1", "L2"]}, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 409 and response.json()["code"] == "cup_drawn"
    assert response.json()["detail"].startswith("Der Pokal ist bereits ausgelost: Ein jetzt")
    assert Entrant.objects.count() == 4


def test_wrong_kind_of_entrant(org):
    individual = make_event(org, players=0)
    response = org.post(
        f"/api/events/{individual['id']}/players/",
        {"name": "Dragons", "members": ["Anna", "Bert"]},
        format="json",
    )
    assert response.status_code == 400 and "members" in response.json()["errors"]
    teams = make_event(org, players=0, format="team_swiss")
    response = org.post(f"/api/events/{teams['id']}/players/", {"name": "Anna"}, format="json")
    assert response.status_code == 400 and "members" in response.json()["errors"]
    assert not Entrant.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": ""}, "name"),
        ({}, "name"),
        ({"name": 7}, "name"),
        ({"name": ["Anna"]}, "name"),
        ({"name": "A" * 101}, "name"),
        ([{"name": "Anna"}, {"name": None}], "1.name"),
        ([], "non_field_errors"),
        ([{"name": f"P{i}"} for i in range(501)], "non_field_errors"),
        ("Anna", "non_field_errors"),
    ],
)
def test_register_refuses_bad_input(org, body, field):
    event = make_event(org, players=0)
    response = org.post(f"/api/events/{event['id']}/players/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()
    assert not Entrant.objects.exists() and not Player.objects.exists()


def test_register_needs_an_organizer_of_the_event(anon, org, other):
    event = make_event(org, players=0)
    url = f"/api/events/{event['id']}/players/"
    assert anon.post(url, {"name": "Anna"}, format="json").status_code == 401
    response = other.post(url, {"name": "Anna"}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "not_organizer"
    assert (
        other.post("/api/events/424242/players/", {"name": "A"}, format="json").status_code == 404
    )
    assert not Entrant.objects.exists()


def test_co_organizer_manages_the_event(org, other, other_organizer):
    event = make_event(org, players=0)
    Event.objects.get(pk=event["id"]).co_organizers.add(other_organizer)
    response = other.post(f"/api/events/{event['id']}/players/", {"name": "Anna"}, format="json")
    assert response.status_code == 201


def test_register_after_the_event_is_over(org):
    event = make_event(org, players=0)
    Event.objects.filter(pk=event["id"]).update(status=Event.Status.FINISHED)
    response = org.post(f"/api/events/{event['id']}/players/", {"name": "Anna"}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "event_finished"


def test_withdraw(anon, org, other, event):
    entrant = event["players"][0]["id"]
    url = f"/api/players/{entrant}/withdraw/"
    assert anon.post(url, {}, format="json").status_code == 401
    assert other.post(url, {}, format="json").status_code == 403
    assert org.post(url, {"reason": 5}, format="json").status_code == 400
    assert Entrant.objects.get(pk=entrant).active
    response = org.post(url, {"reason": "ill"}, format="json")
    assert response.status_code == 200
    assert response.json()["active"] is False
    assert Change.objects.get(action="withdraw").reason == "ill"
    assert org.post("/api/players/999999/withdraw/", {}, format="json").status_code == 404
    assert len(anon.get("/api/players/?active=false").json()["results"]) == 1
    assert anon.get(f"/api/players/{entrant}/").json()["withdrawn_after_round"] == 0


def test_players_expose_no_email(anon, event):
    Player.objects.update(email="secret@example.org")
    for url in (
        "/api/players/",
        f"/api/events/{event['id']}/players/",
        f"/api/players/{event['players'][0]['id']}/",
    ):
        assert "secret@example.org" not in anon.get(url).content.decode()
