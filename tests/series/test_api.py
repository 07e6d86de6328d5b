"""The series API: the public list and a series, the table as JSON (hidden persons for the
register's organizers only), and new series with field-level refusals."""

from __future__ import annotations

import pytest

from tournaments.models import Event, Register, Series
from tournaments.selectors.series import table_of
from tournaments.services.people import own_register, person_update
from tournaments.services.series import SeriesSettings, series_create

from ..api.conftest import api_schema, assert_conforms, token_client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def org(organizer):
    return token_client(organizer)


def test_an_organizer_makes_a_series_and_everyone_reads_it(client, org, organizer):
    event = Event.objects.create(name="Evening", owner=organizer, register=own_register(organizer))
    made = org.post(
        "/api/series/",
        {
            "name": "Circuit",
            "points": "table",
            "points_table": [25, 20, 16, 12.5],
            "best_k": 3,
            "qualifying": 2,
            "events": [event.pk],
        },
        format="json",
    )
    assert made.status_code == 201, made.json()
    assert_conforms(made, "/api/series/", "POST")
    body = made.json()
    assert body["points_table"] == [25, 20, 16, 12.5] and body["events"] == [event.pk]
    assert body["register"] == own_register(organizer).pk
    listed = client.get("/api/series/").json()["results"]
    assert [s["name"] for s in listed] == ["Circuit"]
    assert client.get(f"/api/series/{body['id']}/").json()["best_k"] == 3
    assert client.get("/api/series/?register=999999").json()["results"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "S", "points": "table", "points_table": [10, 20]}, "points_table"),
        ({"name": "S", "points": "table"}, "points_table"),
        ({"name": "S", "points_table": ["10"]}, "points_table.0"),
        ({"name": "S", "best_k": 0}, "best_k"),
        ({"name": "S", "events": ["1"]}, "events.0"),
        ({"name": "S", "register": 999999}, "register"),
        ({"name": " "}, "name"),
    ],
)
def test_bad_input_is_refused_by_field(org, body, field):
    refused = org.post("/api/series/", body, format="json")
    assert refused.status_code == 400, refused.json()
    assert field in refused.json()["errors"]
    assert_conforms(refused, "/api/series/", "POST")
    assert not Series.objects.exists()


def test_events_of_another_register_are_refused(org, other_organizer):
    theirs = Event.objects.create(
        name="Theirs", owner=other_organizer, register=own_register(other_organizer)
    )
    refused = org.post("/api/series/", {"name": "S", "events": [theirs.pk]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "other_register" and "events" in refused.json()["errors"]
    german = org.post(
        "/api/series/",
        {"name": "S", "events": [theirs.pk]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert "gehört zu einem anderen Register" in german.json()["errors"]["events"][0]


def test_a_register_shared_with_the_caller_takes_their_series(org, organizer, other_organizer):
    shared = Register.objects.create(name="Association", owner=other_organizer)
    shared.organizers.add(organizer)
    made = org.post("/api/series/", {"name": "S", "register": shared.pk}, format="json")
    assert made.status_code == 201 and made.json()["register_name"] == "Association"
    taken = org.post("/api/series/", {"name": "s", "register": shared.pk}, format="json")
    assert taken.status_code == 409 and "name" in taken.json()["errors"]


def test_writing_needs_credentials(client):
    refused = client.post("/api/series/", {"name": "S"}, content_type="application/json")
    assert refused.status_code == 401


def test_the_table_as_json(client, org, organizer, season):
    series = series_create(
        register=own_register(organizer),
        user=organizer,
        settings=SeriesSettings(name="Season", best_k=1, qualifying=2),
        events=season,
    )
    url = f"/api/series/{series.pk}/standings/"
    response = client.get(url)
    assert_conforms(response, "/api/series/{id}/standings/")
    data = response.json()
    table = table_of(series, public=True)
    assert [e["name"] for e in data["events"]] == ["Evening 1", "Evening 2"]
    assert len(data["rows"]) == 12
    first = data["rows"][0]
    line = table.rows[0].line
    assert first["rank"] == line.rank == 1 and first["qualified"]
    assert first["person"]["public_id"] and first["person"]["name"] == table.rows[0].person.name
    assert first["total"] == line.total / 10
    assert first["wins"] == line.wins and first["seconds"] == line.seconds
    both = next(row for row in data["rows"] if len(row["results"]) == 2)
    assert sorted(r["counted"] for r in both["results"]) == [False, True]
    assert {r["field"] for r in both["results"]} == {8, 12}
    hidden = first["person"]["id"]
    person_update(series.register.people.get(pk=hidden), hidden=True)
    assert hidden not in [row["person"]["id"] for row in client.get(url).json()["rows"]]
    seen = [row["person"] for row in org.get(url).json()["rows"]]
    assert {"id": hidden, "hidden": True}.items() <= seen[0].items()
    assert client.get("/api/series/999999/standings/").status_code == 404


def _made(organizer, *events, name: str = "Circuit") -> Series:
    return series_create(
        register=own_register(organizer),
        user=organizer,
        settings=SeriesSettings(name=name, best_k=3, qualifying=2),
        events=events,
    )


def test_an_organizer_changes_a_series_by_any_of_its_settings(org, organizer):
    register = own_register(organizer)
    first, second = (
        Event.objects.create(name=name, owner=organizer, register=register)
        for name in ("Evening 1", "Evening 2")
    )
    series = _made(organizer, first)
    url = f"/api/series/{series.pk}/"
    changed = org.patch(url, {"best_k": None, "events": [first.pk, second.pk]}, format="json")
    assert changed.status_code == 200, changed.json()
    assert_conforms(changed, "/api/series/{id}/", "PATCH")
    body = changed.json()
    assert body["best_k"] is None and sorted(body["events"]) == [first.pk, second.pk]
    assert body["name"] == "Circuit" and body["qualifying"] == 2  # what was not sent stays
    table = org.patch(
        url, {"name": "Season", "points": "table", "points_table": [25, 20]}, format="json"
    ).json()
    assert (table["name"], table["points"], table["points_table"]) == ("Season", "table", [25, 20])
    assert sorted(table["events"]) == [first.pk, second.pk]
    series.refresh_from_db()
    assert series.name == "Season" and series.best_k is None


@pytest.mark.parametrize(
    ("body", "field", "german"),
    [
        ({"points_table": [10, 20]}, "points_table", "Platz 2 kann nicht mehr Punkte"),
        ({"points": "table", "points_table": []}, "points_table", None),
        ({"best_k": 0}, "best_k", None),
        ({"qualifying": "2"}, "qualifying", None),
        ({"name": " "}, "name", None),
        ({"events": [999999]}, "events", "Es gibt kein Turnier 999999."),
    ],
)
def test_a_bad_change_is_refused_by_field_and_changes_nothing(org, organizer, body, field, german):
    series = _made(organizer)
    url = f"/api/series/{series.pk}/"
    refused = org.patch(url, body, format="json")
    assert refused.status_code == 400, refused.json()
    assert field in refused.json()["errors"]
    assert_conforms(refused, "/api/series/{id}/", "PATCH")
    if german:
        in_german = org.patch(url, body, format="json", HTTP_ACCEPT_LANGUAGE="de")
        assert german in in_german.json()["errors"][field][0]
    series.refresh_from_db()
    assert (series.name, series.best_k, series.qualifying, series.points_table) == (
        "Circuit",
        3,
        2,
        [],
    )


def test_a_name_the_register_has_is_a_conflict(org, organizer):
    _made(organizer, name="Season")
    series = _made(organizer)
    taken = org.patch(f"/api/series/{series.pk}/", {"name": "season"}, format="json")
    assert taken.status_code == 409 and "name" in taken.json()["errors"]
    assert_conforms(taken, "/api/series/{id}/", "PATCH")


def test_an_organizer_deletes_a_series_and_its_events_stay(org, organizer):
    event = Event.objects.create(name="Evening", owner=organizer, register=own_register(organizer))
    series = _made(organizer, event)
    deleted = org.delete(f"/api/series/{series.pk}/")
    assert deleted.status_code == 204
    assert_conforms(deleted, "/api/series/{id}/", "DELETE")
    assert not Series.objects.exists() and Event.objects.filter(pk=event.pk).exists()
    assert org.delete(f"/api/series/{series.pk}/").status_code == 404
    assert org.patch(f"/api/series/{series.pk}/", {}, format="json").status_code == 404


def test_only_the_registers_organizers_change_or_delete_a_series(
    client, organizer, other_organizer
):
    series = _made(organizer)
    url = f"/api/series/{series.pk}/"
    theirs = token_client(other_organizer)
    for refused in (
        theirs.patch(url, {"best_k": 0}, format="json"),  # 403 before the body is read
        theirs.delete(url),
        theirs.patch(url, {"name": "Mine"}, format="json", HTTP_ACCEPT_LANGUAGE="de"),
    ):
        assert refused.status_code == 403, refused.json()
    assert "Nur die Turnierleitung des Registers" in refused.json()["detail"]
    assert client.patch(url, {"name": "X"}, content_type="application/json").status_code == 401
    assert client.delete(url).status_code == 401
    assert Series.objects.get(pk=series.pk).name == "Circuit"


def test_the_schema_documents_changing_and_deleting_a_series():
    operations = api_schema()["/api/series/{id}/"]
    patch, delete = (operations[method].definition.raw for method in ("PATCH", "DELETE"))
    assert set(patch["responses"]) >= {"200", "400", "401", "403", "404", "409"}
    assert set(delete["responses"]) >= {"204", "401", "403", "404"}
    assert patch["requestBody"]["content"]["application/json"]["schema"]
