"""The table sheets and the results export as the issue's user found them wrong (issue 22),
each game's case checked against what was expected of it: Tientsin names its triple victory,
Threechu prints each hand's dealer and a column per player, Grand Seigneur seats all eleven and
leaves a place each for them; a sweep names the side that swept, a Threechu call of the dummy
is the dummy's; and a round of more hands than a page goes on on the next. What every game's
sheet and exports have in common is checked for each game, the toy too, by
``tests/games/test_sheets_and_exports.py``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.games.sheets import export_rows, sheet
from tests.pdf import pdf_pages
from tournaments.formats import PRESET_LIST
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db


def preset_of(name: str) -> str:
    """The first preset playing game ``name`` with individuals."""
    return next(
        p.name
        for p in PRESET_LIST
        if p.format.rules.game == name
        and p.format.entrant_type == "individual"
        and not p.format.is_cup
    )


def test_the_sheets_the_user_found_wrong(organizer_client, organizer):
    """Tientsin names its triple victory; Threechu and Grand Seigneur are no four-player sheet
    (no teams, no empty fourth seat): Threechu prints each hand's dealer and a column per
    player, Grand Seigneur seats all eleven and leaves a place each for them."""
    read = {}
    for name, size in (("tientsin", 6), ("threechu", 3), ("grand_seigneur", 11)):
        event = simulate_event(
            preset=preset_of(name), entrants=size, seed=5, owner=organizer, rounds=1
        ).event
        for language in ("en", "de"):
            read[name, language] = sheet(organizer_client, event, language)
    assert "Triple victory" in read["tientsin", "en"][1]
    assert "Dreifachsieg" in read["tientsin", "de"][1]
    assert "Double victory" not in read["tientsin", "en"][0]
    assert "Doppelsieg" not in read["tientsin", "de"][0]
    for name in ("threechu", "grand_seigneur"):
        flat, header = read[name, "en"][:2]
        assert "Team" not in flat and "Points A" not in flat and "Seat 4: —" not in flat
    flat, header, rows, _grid, names = read["threechu", "en"]
    assert header[1] == "Dealer" and "Geber" in read["threechu", "de"][1]
    assert [row[1] for row in rows] == [names[(n - 1) % 3] for n in range(1, 7)]
    assert [h for h in header if h.startswith("TP ")] == [f"TP {names[p]}" for p in range(3)]
    flat, header, rows, _grid, names = read["grand_seigneur", "de"]
    assert all(f"Platz {p + 1}: {names[p]}" in flat for p in range(11))
    assert header == ["Spiel", *(f"{place}." for place in range(1, 12))]
    assert "Reihenfolge jedes Spiels als Platznummern" in flat
    assert read["grand_seigneur", "en"][1][:2] == ["Hand", "1."]


def test_a_tientsin_triple_victory_and_threechus_dummy_in_the_results(organizer_client, organizer):
    """The sweep names the side that swept; a Threechu call of the dummy is the dummy's."""
    from tournaments.services.hands import hand_record
    from tournaments.services.history import Actor

    from .conftest import one_table, seat_names

    table = one_table(organizer, "tientsin", ["Anna", "Ben", "Clara", "David", "Emma", "Felix"])
    seated = seat_names(table)
    hand_record(
        table_id=table.pk,
        number=1,
        actor=Actor.captain(table),
        entry={"finish_order": [1, 3, 5], "triple_victory": 1},
    )
    _r, _s, rows = export_rows(organizer_client, table.round.event, "results", "csv", "de")
    cells = dict(zip(*rows, strict=True))
    assert cells["Dreifachsieg"] == " & ".join(seated[1::2])
    assert cells["SP A"] == "0" and int(cells["TP B"]) > 0

    table = one_table(organizer, "threechu", ["Anna", "Ben", "Clara"], "Threechu")
    seated = seat_names(table)
    hand_record(
        table_id=table.pk,
        number=2,
        actor=Actor.captain(table),
        entry={"card_points": [70, 30], "finish_order": [1], "calls": {"2": "tichu"}},
    )
    _r, _s, rows = export_rows(organizer_client, table.round.event, "results", "csv", "de")
    cells = dict(zip(*rows, strict=True))
    assert cells["Geber"] == seated[1]  # hand 2: the second player deals and plays the dummy
    assert cells["Ansagen"] == f"Strohmann von {seated[1]}: Tichu"
    assert cells["Zuerst raus"] == seated[2]
    assert cells["Kartenpunkte der Geberseite"] == "70"


def test_hands_beyond_a_page_go_on_to_the_next(organizer_client, organizer):
    """A round of 30 hands: the grid goes on on a second page of the same table, every hand's
    row once, none left off."""
    from tournaments.services.events import event_create, players_register
    from tournaments.services.history import Actor
    from tournaments.services.rounds import round_pair, round_publish

    actor = Actor.organizer(organizer)
    event = event_create(
        owner=organizer, name="Long", preset="dtm", seed=2, overrides={"hands_per_round": 30}
    )
    players_register(event=event, names=["Anna", "Ben", "Clara", "David"], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    table = rnd.tables.get()
    response = organizer_client.get(reverse("organizer-sheets", args=[event.pk, table.round_id]))
    pages = pdf_pages(response.content)
    assert len([page for page in pages if page.strip()]) == 2
    numbers = [
        int(line.split()[0])
        for page in pages
        for line in page.splitlines()
        if line.split() and line.split()[0].isdigit() and len(line.split()) == 1
    ]
    assert numbers == list(range(1, 31))
    assert "Round 1 · Table 1" in pages[1]
