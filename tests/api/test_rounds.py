"""Rounds and tables: pairing (published at once, or a draft), 409s, organizer actions, codes
and drafts visible to the event's organizers only."""

from __future__ import annotations

import pytest

from tournaments.models import Change, Round, Seat, Table

from .conftest import api_schema, assert_conforms, make_event, make_round, play_round

pytestmark = pytest.mark.django_db


def test_pair_a_round(org, event):
    response = org.post(f"/api/events/{event['id']}/rounds/")
    assert response.status_code == 201
    body = response.json()
    assert body["number"] == 1 and body["status"] == "published"
    assert len(body["tables"]) == 2 and body["byes"] == []
    ids = {p["id"] for p in event["players"]}
    seated = [seat for table in body["tables"] for seat in table["seats"]]
    assert sorted(seated) == sorted(ids)
    for table in body["tables"]:
        assert set(table) >= {"id", "number", "seats", "code"}
        assert len(table["seats"]) == 4 and len(table["code"]) >= 12
        stored = list(
            Seat.objects.filter(table_id=table["id"])
            .order_by("position")
            .values_list("entrant_id", flat=True)
        )
        assert stored == table["seats"]


def test_byes(org):
    event = make_event(org, players=9)
    body = make_round(org, event["id"])
    assert len(body["byes"]) == 1 and len(body["tables"]) == 2


def test_team_round(org):
    event = make_event(org, players=0, format="team_swiss")
    org.post(
        f"/api/events/{event['id']}/players/",
        [{"name": f"T{i}", "members": [f"A{i}", f"B{i}"]} for i in range(4)],
        format="json",
    )
    body = make_round(org, event["id"])
    assert len(body["tables"]) == 2
    for table in body["tables"]:
        seats = table["seats"]
        assert len(seats) == 4 and seats[0] == seats[2] and seats[1] == seats[3]


def test_previous_round_incomplete_is_a_conflict(org, event, round1):
    response = org.post(f"/api/events/{event['id']}/rounds/")
    assert response.status_code == 409
    assert response.json()["code"] == "round_incomplete"
    assert "not complete" in response.json()["detail"]
    assert Round.objects.count() == 1


def test_event_over_is_a_conflict(org):
    event = make_event(org, rounds=1, hands_per_round=1)
    play_round(org, make_round(org, event["id"]), hands=1)
    response = org.post(f"/api/events/{event['id']}/rounds/")
    assert response.status_code == 409
    assert response.json()["code"] == "event_over"
    assert Round.objects.count() == 1


def test_too_few_players(org):
    event = make_event(org, players=3)
    response = org.post(f"/api/events/{event['id']}/rounds/")
    assert response.status_code == 409
    assert not Round.objects.exists() and not Table.objects.exists()


def test_pairing_needs_an_organizer(anon, other, event):
    assert anon.post(f"/api/events/{event['id']}/rounds/").status_code == 401
    assert other.post(f"/api/events/{event['id']}/rounds/").status_code == 403
    assert other.post("/api/events/777777/rounds/").status_code == 404
    assert not Round.objects.exists()


def test_draft_then_publish(org, anon, other, event):
    draft = make_round(org, event["id"], draft=True)
    assert draft["status"] == "draft"
    # a draft is invisible to anyone but the organizers
    assert anon.get(f"/api/rounds/{draft['id']}/").status_code == 404
    assert other.get(f"/api/rounds/{draft['id']}/").status_code == 404
    assert len(anon.get(f"/api/events/{event['id']}/rounds/").json()["results"]) == 0
    assert anon.get(f"/api/tables/{draft['tables'][0]['id']}/").status_code == 404
    assert org.get(f"/api/rounds/{draft['id']}/").json()["status"] == "draft"
    assert len(org.get(f"/api/events/{event['id']}/rounds/").json()["results"]) == 1
    # a second pairing waits for the draft
    response = org.post(f"/api/events/{event['id']}/rounds/")
    assert response.status_code == 409 and response.json()["code"] == "draft_pending"
    # others cannot publish it (it does not exist for them)
    assert other.post(f"/api/rounds/{draft['id']}/publish/").status_code == 404
    response = org.post(f"/api/rounds/{draft['id']}/publish/")
    assert response.status_code == 200 and response.json()["status"] == "published"
    assert anon.get(f"/api/rounds/{draft['id']}/").status_code == 200
    # published: no more publishing, and others get 403 now that they can see it
    again = org.post(f"/api/rounds/{draft['id']}/publish/")
    assert again.status_code == 409 and again.json()["code"] == "not_draft"
    assert other.post(f"/api/rounds/{draft['id']}/publish/").status_code == 403
    assert Change.objects.filter(subject="round", action="publish").count() == 1


def test_regenerate_a_draft(org, event):
    draft = make_round(org, event["id"], draft=True)
    org.post(f"/api/players/{event['players'][0]['id']}/withdraw/", {}, format="json")
    response = org.post(f"/api/rounds/{draft['id']}/regenerate/")
    assert response.status_code == 200
    seated = [s for t in response.json()["tables"] for s in t["seats"]]
    assert event["players"][0]["id"] not in seated
    assert len(response.json()["byes"]) == 3


def test_swap_seats(org, other, event):
    draft = make_round(org, event["id"], draft=True)
    first, second = draft["tables"]
    url = f"/api/rounds/{draft['id']}/swap/"
    body = {"seats": [first["seat_ids"][0], second["seat_ids"][1]]}
    assert other.post(url, body, format="json").status_code == 404
    response = org.post(url, body, format="json")
    assert response.status_code == 200
    data = response.json()
    assert isinstance(data["warnings"], list)
    new_first, new_second = data["round"]["tables"]
    assert new_first["seats"][0] == second["seats"][1]
    assert new_second["seats"][1] == first["seats"][0]
    assert Change.objects.filter(subject="seat", action="swap").count() == 1
    warnings = org.get(f"/api/rounds/{draft['id']}/warnings/")
    assert warnings.status_code == 200 and warnings.json()["warnings"] == data["warnings"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"seats": [1]}, "seats"),
        ({"seats": "1,2"}, "seats"),
        ({"seats": [1, "2"]}, "seats.1"),
        ({"seats": [1, 2**80]}, "seats.1"),
        ({}, "seats"),
    ],
)
def test_swap_refuses_bad_input(org, event, body, field):
    draft = make_round(org, event["id"], draft=True)
    response = org.post(f"/api/rounds/{draft['id']}/swap/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()
    assert not Change.objects.filter(action="swap").exists()


def test_swap_unknown_seats(org, event):
    draft = make_round(org, event["id"], draft=True)
    response = org.post(
        f"/api/rounds/{draft['id']}/swap/", {"seats": [999998, 999999]}, format="json"
    )
    assert response.status_code == 400
    assert "seats" in response.json()["errors"]


def test_swap_in_a_published_round_is_a_conflict(org, round1):
    seats = round1["tables"][0]["seat_ids"]
    response = org.post(f"/api/rounds/{round1['id']}/swap/", {"seats": seats[:2]}, format="json")
    assert response.status_code == 409


def test_close_a_table(org, other, anon, table):
    url = f"/api/tables/{table['id']}/close/"
    assert anon.post(url, {"status": "forfeited"}, format="json").status_code == 401
    assert other.post(url, {"status": "forfeited"}, format="json").status_code == 403
    response = org.post(url, {"status": "closed"}, format="json")
    assert response.status_code == 400 and "status" in response.json()["errors"]
    response = org.post(url, {"status": "averaged", "reason": "time"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "averaged"
    change = Change.objects.get(subject="table")
    assert change.old == {"status": "open"} and change.new == {"status": "averaged"}
    assert (
        org.post("/api/tables/987654/close/", {"status": "averaged"}, format="json").status_code
        == 404
    )


def test_a_forfeit_names_the_team_at_fault(org, table):
    url = f"/api/tables/{table['id']}/close/"
    response = org.post(url, {"status": "forfeited"}, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert response.json()["errors"]["forfeited_by"] == [
        "Das Team nennen, das den Tisch kampflos abgibt."
    ]
    assert (
        org.post(url, {"status": "forfeited", "forfeited_by": 2}, format="json").status_code == 400
    )
    assert Table.objects.get(pk=table["id"]).status == "open"
    response = org.post(url, {"status": "forfeited", "forfeited_by": 1}, format="json")
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["forfeited_by"]) == ("forfeited", 1)
    assert Change.objects.get(subject="table").new == {"status": "forfeited", "by": 1}
    # closed otherwise, nobody is at fault
    response = org.post(url, {"status": "averaged", "forfeited_by": 1}, format="json")
    assert response.json()["forfeited_by"] is None


def test_codes_only_for_organizers(anon, org, other, event, round1):
    for client in (anon, other):
        for url in (
            "/api/rounds/",
            f"/api/rounds/{round1['id']}/",
            f"/api/events/{event['id']}/rounds/",
            "/api/tables/",
            f"/api/tables/{round1['tables'][0]['id']}/",
        ):
            response = client.get(url)
            assert response.status_code == 200
            text = response.content.decode()
            assert '"code"' not in text
            for table in round1["tables"]:
                assert table["code"] not in text
    tables = org.get("/api/tables/").json()["results"]
    assert {t["code"] for t in tables} == {t["code"] for t in round1["tables"]}
    assert org.get(f"/api/rounds/{round1['id']}/").json()["tables"][0]["code"]


def test_tables_without_their_codes_agree_with_the_schema(anon, org, event, round1):
    """Readers who do not organize the event get no table codes, which the schema said every
    table has."""
    table = round1["tables"][0]["id"]
    for client in (anon, org):
        for path, url in (
            ("/api/rounds/", "/api/rounds/"),
            ("/api/rounds/{id}/", f"/api/rounds/{round1['id']}/"),
            ("/api/events/{id}/rounds/", f"/api/events/{event['id']}/rounds/"),
            ("/api/tables/", "/api/tables/"),
            ("/api/tables/{id}/", f"/api/tables/{table}/"),
        ):
            assert_conforms(client.get(url), path)


def test_filters(anon, org, event, round1):
    assert len(anon.get(f"/api/tables/?round={round1['id']}").json()["results"]) == 2
    assert len(anon.get(f"/api/tables/?event={event['id']}&number=2").json()["results"]) == 1
    published = anon.get(f"/api/rounds/?event={event['id']}&status=published").json()
    assert len(published["results"]) == 1
    assert len(anon.get("/api/rounds/?event=424242").json()["results"]) == 0
    detail = anon.get(f"/api/tables/{round1['tables'][0]['id']}/").json()
    assert [p["id"] for p in detail["players"]] == detail["seats"]
    assert detail["round_number"] == 1 and detail["event"] == event["id"]


ID_FILTERS = {
    "/api/players/": ["event"],
    "/api/rounds/": ["event", "number"],
    "/api/tables/": ["event", "round", "number"],
    "/api/hands/": ["event", "round", "table", "number"],
}


def test_id_and_number_filters_start_at_one_in_the_schema_too(anon):
    """``?event=0`` is refused (400), and the schema says so: the filters' ids and numbers are
    whole numbers from 1 (it said any number, so 0 was valid by the schema, and 0.5 was taken
    and matched nothing)."""
    for path, names in ID_FILTERS.items():
        parameters = {
            p["name"]: p["schema"]
            for p in api_schema().raw_schema["paths"][path]["get"]["parameters"]
        }
        for name in names:
            assert parameters[name]["type"] == "integer", (path, name)
            assert parameters[name]["minimum"] == 1, (path, name)
            for wrong in ("0", "0.5"):
                refused = anon.get(f"{path}?{name}={wrong}")
                assert refused.status_code == 400 and name in refused.json()["errors"]
                assert_conforms(refused, path)
