"""Every game through the API (issue 22): the schema offers every game, preset and sweep key; an
event is created from every preset; a round of each game lists its tables in seat order, takes
a captain's hand in the engine's score-entry shape, answers what the engine scored (a game
scored per player: each position's credit), refuses what the engine refuses with its code, and
its standings are the sums of the hands."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml
from rest_framework.test import APIClient

from scoring import InvalidHand
from scoring.variants import VARIANTS, TeamVariant
from tests.api.conftest import enter, make_round, schema_enum, token_client
from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.formats import PRESETS
from tournaments.games import GAMES
from tournaments.models import Event, Hand

from .conftest import bot_entry, credits_of, field_of, scored, start

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_schema_offers_every_game_preset_and_sweep():
    schema = yaml.safe_load(APIClient().get("/api/schema/").content)
    components = schema["components"]["schemas"]
    games = schema_enum(components, components["RulesInput"]["properties"]["game"])
    assert set(games) == set(GAMES)
    formats = schema_enum(components, components["EventCreate"]["properties"]["format"])
    assert set(formats) == set(PRESETS)
    sweeps = {game.sweep_key for game in VARIANTS.values() if issubclass(game, TeamVariant)}
    assert sweeps <= set(components["HandEntry"]["properties"])


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_creates_its_event(organizer, preset):
    api = token_client(organizer)
    response = api.post("/api/events/", {"name": "X", "format": preset}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["format"] == preset
    assert response.json()["settings"] == PRESETS[preset].as_dict()


@pytest.mark.parametrize("name", [name for name, game in GAMES.items() if game.preset])
def test_every_game_is_chosen_by_its_rule_option(organizer, name):
    """Another preset made the game's: ``rules.game`` and the values in which the game's
    preset differs (``"format": "dtm", "rules": {"game": ...}``)."""
    wanted, dtm = PRESETS[name].as_dict(), PRESETS["dtm"].as_dict()
    body = {key: value for key, value in wanted.items() if value != dtm[key] and key != "rules"}
    body["rules"] = {k: v for k, v in wanted["rules"].items() if v != dtm["rules"][k]}
    api = token_client(organizer)
    response = api.post("/api/events/", {"name": "X", "format": "dtm", **body}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["settings"] == wanted


def test_a_round_of_each_game_through_the_api(game, organizer):
    """Players registered, a round drawn and a hand entered at each table by its captain, all
    through the API; the standings as the API lists them."""
    api = token_client(organizer)
    event = start(game, organizer, 0)
    game = event.format.game
    players = [{"name": f"Player {i}"} for i in range(field_of(game))]
    response = api.post(f"/api/events/{event.pk}/players/", players, format="json")
    assert response.status_code == 201, response.json()
    rnd = make_round(api, event.pk)
    sizes = sorted((len(t["seats"]) for t in rnd["tables"]), reverse=True)
    assert (sizes, len(rnd["byes"])) == game.table_sizes(field_of(game))
    vp: Counter = Counter()
    for listed in rnd["tables"]:
        table = event.rounds.get().tables.get(pk=listed["id"])
        seats = dict(table.seats.values_list("position", "entrant_id"))
        assert listed["seats"] == [seats[p] for p in sorted(seats)], "seat order"
        entry = bot_entry(table)
        captain = APIClient()
        response = enter(captain, table.pk, 1, entry, listed["code"])
        assert response.status_code == 201, response.json()
        answer, expected = response.json(), scored(table, 1, entry)
        assert answer["entry"] == expected.entry
        assert answer["totals"] == list(expected.team_points)
        assert answer["victory_points"] == list(expected.victory_points)
        credits = {c["position"]: (c["tp"], c["vp"], c["place"]) for c in answer.get("credits", [])}
        assert credits == (expected.credits or {})
        listed_hands = captain.get(f"/api/tables/{table.pk}/hands/").json()
        listed_hands = listed_hands.get("results", listed_hands)
        assert [h["double_victory"] for h in listed_hands] == [expected.sweep]
        assert {
            c["position"]: (c["tp"], c["vp"], c["place"]) for c in listed_hands[0]["credits"]
        } == (expected.credits or {})
        wrong = {"finish_order": [len(seats) + 5]}
        with pytest.raises(InvalidHand) as refusal:
            scored(table, 2, wrong)
        response = enter(captain, table.pk, 2, wrong, listed["code"])
        assert response.status_code == 400
        assert response.json()["code"] == refusal.value.code
        hand = Hand.objects.get(table=table)
        for position, numbers in credits_of(game, hand, sorted(seats)).items():
            vp[seats[position]] += numbers.get("vp") or 0
    wait_for_standings(Event.objects.get(pk=event.pk))
    rows = api.get(f"/api/events/{event.pk}/standings/").json()["rows"]
    assert {row["player"]["id"]: row["victory_points"] - row["adjustment_vp"] for row in rows} == {
        row["player"]["id"]: vp[row["player"]["id"]] for row in rows
    }
    stored = {row.entrant_id: row.tiebreaks for row in selectors.standing_rows(event)}
    assert {row["player"]["id"]: row["tiebreaks"] for row in rows} == stored
    assert all(set(tiebreaks) <= set(event.format.tiebreaks) for tiebreaks in stored.values())
