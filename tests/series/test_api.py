"""The series API: the public list and a series, the table as JSON (hidden persons for the
register's organizers only), and new series with field-level refusals."""

from __future__ import annotations

import pytest

from tournaments.models import Event, Register, Series
from tournaments.selectors.series import table_of
from tournaments.services.people import own_register, person_update
from tournaments.services.series import SeriesSettings, series_create

from ..api.conftest import assert_conforms, token_client

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
