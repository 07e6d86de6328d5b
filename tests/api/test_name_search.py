"""The lists' ``name`` filters find a name however it is typed ("Mueller" and "Muller" find
Müller, "strasse" finds Straße), in SQL, so that they still paginate."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from tournaments.models import Entrant, Event
from tournaments.services.history import Actor
from tournaments.services.players import entrant_update

from .conftest import make_event

pytestmark = pytest.mark.django_db

NAMES = ["Hans Müller", "Anna Mueller", "Eva Straße", "Otto Meier", "Jörg Öhler"]


@pytest.fixture
def named(org):
    event = make_event(org, players=0, name="Pokal Köln")
    response = org.post(
        f"/api/events/{event['id']}/players/", [{"name": n} for n in NAMES], format="json"
    )
    assert response.status_code == 201, response.json()
    return event


def found(client, url: str, query: str) -> list[str]:
    response = client.get(url, {"name": query})
    assert response.status_code == 200, response.json()
    return sorted(row["name"] for row in response.json()["results"])


@pytest.mark.parametrize(
    "query, names",
    [
        ("Mueller", ["Anna Mueller", "Hans Müller"]),
        ("muller", ["Hans Müller"]),
        ("MÜLLER", ["Anna Mueller", "Hans Müller"]),
        ("strasse", ["Eva Straße"]),
        ("oehler jörg", ["Jörg Öhler"]),
        ("ohler", ["Jörg Öhler"]),
        ("anna müll", ["Anna Mueller"]),
        ("meier hans", []),
    ],
)
def test_players_by_name_however_typed(anon, named, query, names):
    assert found(anon, "/api/players/", query) == names
    assert found(anon, f"/api/events/{named['id']}/players/", query) == names


def test_events_by_name_however_typed(anon, org, named):
    make_event(org, players=0, name="Berliner Straßenturnier")
    assert found(anon, "/api/events/", "koeln") == ["Pokal Köln"]
    assert found(anon, "/api/events/", "strassen") == ["Berliner Straßenturnier"]
    assert found(anon, "/api/events/", "hamburg") == []


def test_a_renamed_player_is_found_by_the_new_name(anon, organizer, named):
    entrant = Entrant.objects.get(name="Otto Meier")
    entrant_update(
        entrant_id=entrant.pk, name="Otto Weiß", club="", actor=Actor.organizer(organizer)
    )
    assert found(anon, "/api/players/", "weiss") == ["Otto Weiß"]
    assert found(anon, "/api/players/", "meier") == []


def test_the_filtered_list_paginates(anon, named):
    page = anon.get("/api/players/", {"name": "a", "limit": 2}).json()
    assert len(page["results"]) == 2 and page["next"]  # of Hans, Anna, Eva
    rest = anon.get(page["next"]).json()
    assert len(rest["results"]) == 1 and rest["next"] is None


def test_a_query_longer_than_any_name_is_refused(anon):
    response = anon.get("/api/players/", {"name": "a " * 100})
    assert response.status_code == 400 and "name" in response.json()["errors"]


def test_the_migration_spells_the_names_already_stored(named):
    Entrant.objects.update(search_name="")
    Event.objects.update(search_name="")
    migration = importlib.import_module("tournaments.migrations.0011_searchable_names")
    migration.fill_search_names(apps, None)
    assert Entrant.objects.get(name="Hans Müller").search_name == "hans mueller hans muller"
    assert Event.objects.get(name="Pokal Köln").search_name == "pokal koeln pokal koln"
