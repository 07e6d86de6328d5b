"""Every game's table sheet and exports are its own (issue 22): the printed sheet lists all of a
table's seats and the score grid's columns the game declares (``sheet_columns``: the teams' card
points, Threechu's dealer printed hand by hand and a column per player, Grand Seigneur's places
for its table's size, the sweep by its name) and no other game's; the results export lists each
hand in the game's columns (``hand_record``, ``export_columns``) with the stored numbers, the
standings export the game's ``standing_columns``. In English and German, the German files as a
German spreadsheet program reads them (";" separated CSV with a BOM, German file names).

Parametrized over ``tournaments.games.GAMES``: a new game is checked by the same tests."""

from __future__ import annotations

import csv
import html
import io
import re
import subprocess

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.text import capfirst
from reportlab.lib.units import mm

from tournaments import selectors
from tournaments.formats import PRESET_LIST
from tournaments.games import GAMES
from tournaments.models import Hand, HandSeat
from tournaments.simulation import simulate_event
from tournaments.views.exports import HEADER_HEIGHT, MARGIN, ROW_HEIGHT, sheet_grid

pytestmark = pytest.mark.django_db
PAGE_HEIGHT = 297 * mm

LANGUAGES = {
    "en": {
        "Seat": "Seat",
        "Team A": "Team A",
        "Dealer": "Dealer",
        "seat": "seat",
        "Results": "results",
        "yes": "yes",
        "no": "no",
        "Round": "Round",
    },
    "de": {
        "Seat": "Platz",
        "Team A": "Team A",
        "Dealer": "Geber",
        "seat": "Platz",
        "Results": "ergebnisse",
        "yes": "ja",
        "no": "nein",
        "Round": "Runde",
    },
}


def preset_of(name: str) -> str:
    """The first preset playing game ``name`` with individuals."""
    return next(
        p.name
        for p in PRESET_LIST
        if p.format.rules.game == name
        and p.format.entrant_type == "individual"
        and not p.format.is_cup
    )


def table_size(game) -> int:
    """A table of the game's own size; where the event chooses it, a large one (11)."""
    return 11 if game.sized_tables else game.seats


@pytest.fixture(params=sorted(GAMES))
def played(request, organizer):
    """An event of the game, one table of its size, its first round played by bots."""
    game = GAMES[request.param]
    event = simulate_event(
        preset=preset_of(request.param),
        entrants=table_size(game),
        seed=4,
        owner=organizer,
        name="Sheets",
        rounds=1,
    ).event
    return event


WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
    r"([^<]*)</word>"
)


def sheet(client, event, language, tmp_path):
    """The first table's sheet of round 1 as a reader sees it: its words in one line, the
    grid's header and rows as cells, the grid's columns and the table's names."""
    rnd = event.rounds.get(number=1)
    table = rnd.tables.order_by("number").first()
    names = {s.position: s.label for s in table.seats.all()}
    response = client.get(
        reverse("organizer-sheets", args=[event.pk, rnd.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    with translation.override(language):
        grid = sheet_grid(event.format.game, names)
    header, *rows = grid_cells(path, grid)
    return " ".join(text.split()), header, rows, grid, names


def grid_cells(path, grid) -> list[list[str]]:
    """The score grid of a sheet's first page as poppler reads it: each row's cells (the
    header's first), a cell's words joined in reading order, found by the grid's column edges
    (``sheet_grid``) and its rows' heights."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = [
        (float(a), float(b), float(c), float(d), html.unescape(t))
        for a, b, c, d, t in WORD.findall(out)
    ]
    edges = [MARGIN * mm]
    for _column, width in grid:
        edges.append(edges[-1] + width * mm)
    first = grid[0][0].title  # the grid's first heading ("Hand"), its lowest use on the page
    word = max((w for w in found if w[4] == first), key=lambda w: w[1])
    top = (word[1] + word[3]) / 2 - HEADER_HEIGHT * mm / 2
    bands = [(top, top + HEADER_HEIGHT * mm)]
    while bands[-1][1] + ROW_HEIGHT * mm < PAGE_HEIGHT:
        bands.append((bands[-1][1], bands[-1][1] + ROW_HEIGHT * mm))
    rows = []
    for low, high in bands:
        inside = sorted(
            (w for w in found if low <= (w[1] + w[3]) / 2 < high), key=lambda w: (round(w[1]), w[0])
        )
        if not inside:
            break
        rows.append(
            [
                " ".join(w[4] for w in inside if a - 1 <= w[0] and w[2] <= b + 1)
                for a, b in zip(edges, edges[1:], strict=False)
            ]
        )
    return rows


def shown(title: str, cell: str) -> bool:
    """A text as the sheet shows it: whole, or cut with an ellipsis."""
    return cell == title or (cell.endswith("…") and title.startswith(cell[:-1].rstrip()))


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_games_sheet_lays_out_its_own_seats_and_columns(
    organizer_client, played, tmp_path, language
):
    event = played
    game = event.format.game
    flat, header, rows, grid, names = sheet(organizer_client, event, language, tmp_path)
    word = LANGUAGES[language]
    assert len(names) == table_size(game)
    for position, name in names.items():  # every seat, numbered from 1, with its player
        assert f"{word['Seat']} {position + 1}: {name}" in flat
    titles = [column.title for column, _width in grid]
    assert all(shown(title, cell) for title, cell in zip(titles, header, strict=True)), header
    with translation.override(language):
        others = {
            other.name: [
                c.title for c, _w in sheet_grid(other.for_rules(event.format.rules), names)
            ]
            for other in GAMES.values()
            if other.name != game.name
        }
        sweep = capfirst(str(game.sweep_label))
        sweeps = {capfirst(str(other.sweep_label)) for other in GAMES.values()} - {sweep}
    for name, their in others.items():  # not another game's grid
        assert their != titles, name
    assert (sweep in header) == ("sweep" in game.hand_record)
    assert not sweeps & set(header), "another game's sweep"
    hands = event.format.hands_per_round
    assert [row[0] for row in rows] == [str(n) for n in range(1, hands + 1)]
    for number, row in enumerate(rows, start=1):  # printed: the dealer; else empty to write in
        assert all(
            shown(column.cell(number), cell)
            for (column, _w), cell in zip(grid[1:], row[1:], strict=True)
        ), row
    dealers = [game.dealer_name(number, names) for number in range(1, hands + 1)]
    if any(dealers):
        column = titles.index(word["Dealer"])
        assert all(
            shown(dealer, row[column]) and dealer[:4] in row[column]
            for dealer, row in zip(dealers, rows, strict=True)
        )
        assert set(dealers) == set(names.values()), "each player deals in turn"
    else:
        assert word["Dealer"] not in header
    if not game.teams:
        assert "Team" not in flat


def test_the_sheets_the_user_found_wrong(organizer_client, organizer, tmp_path):
    """Tientsin names its triple victory; Threechu and Grand Seigneur are no four-player sheet
    (no teams, no empty fourth seat): Threechu prints each hand's dealer and a column per
    player, Grand Seigneur seats all eleven and leaves a place each for them."""
    read = {}
    for name, size in (("tientsin", 6), ("threechu", 3), ("grand_seigneur", 11)):
        event = simulate_event(
            preset=preset_of(name), entrants=size, seed=5, owner=organizer, rounds=1
        ).event
        for language in ("en", "de"):
            read[name, language] = sheet(organizer_client, event, language, tmp_path)
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


def export_rows(client, event, kind, fmt, language):
    response = client.get(
        reverse("organizer-export", args=[event.pk, kind, fmt]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    if fmt == "xlsx":
        sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
        return response, sheet, [list(row) for row in sheet.iter_rows(values_only=True)]
    content = response.content.decode("utf-8")
    assert content.startswith("\ufeff")  # a BOM: spreadsheet programs read UTF-8 names right
    delimiter = ";" if language == "de" else ","
    rows = list(csv.reader(io.StringIO(content[1:]), delimiter=delimiter))
    assert len(rows[0]) > 3, "one column a field"
    return response, None, rows


def expected_sides(game, hand, positions) -> list[dict]:
    """A hand's numbers per side as stored: a team's two columns, or each seat's credit."""
    if game.per_seat:
        credits = {c.position: c for c in HandSeat.objects.filter(hand=hand)}
        return [
            {
                "tp": credits[p].tp,
                "vp": credits[p].vp,
                "points": credits[p].vp,
                "place": credits[p].place,
            }
            for p in positions
        ]
    card_points = (hand.entry or {}).get("card_points") or (None, None)
    return [
        {"tp": hand.tp_0, "vp": hand.vp_0, "card_points": card_points[0]},
        {"tp": hand.tp_1, "vp": hand.vp_1, "card_points": card_points[1]},
    ]


def number(value):
    return None if value in ("", None) else int(value)


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_results_export_lists_each_hand_in_its_games_columns(
    organizer_client, played, language, fmt
):
    event = played
    game = event.format.game
    table = event.rounds.get().tables.get()
    names = {s.position: s.label for s in table.seats.all()}
    positions = list(game.positions_of(names))
    word = LANGUAGES[language]
    response, sheet, rows = export_rows(organizer_client, event, "results", fmt, language)
    assert f'-{word["Results"]}.{fmt}"' in response["Content-Disposition"]
    header, body = rows[0], rows[1:]
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert len(body) == len(hands) > 0
    assert header[0] == word["Round"]
    seat_columns = [f"{word['Seat']} {p + 1}" for p in positions]
    assert header[3 : 3 + len(positions)] == seat_columns
    with translation.override(language):
        records = [game.record_title(key) for key in game.hand_record]
        sides = game.sides(positions)
        columns = {
            (index, column.key): f"{column.label} {game.side_code(index, side)}"
            for index, side in enumerate(sides)
            for column in game.export_columns
        }
    assert header[3 + len(positions) : 3 + len(positions) + len(records)] == records
    if not game.teams:
        assert not any(h.endswith((" A", " B")) for h in header), header
    else:
        assert not any(f" {word['seat']} " in h for h in header)
    for hand, row in zip(hands, body, strict=True):
        cells = dict(zip(header, row, strict=True))
        assert [cells[c] for c in seat_columns] == [names[p] for p in positions]
        for index, side in enumerate(expected_sides(game, hand, positions)):
            for column in game.export_columns:
                assert number(cells[columns[index, column.key]]) == side[column.key], (
                    hand.number,
                    column.key,
                    index,
                )
        record = dict(zip(game.hand_record, row[3 + len(positions) :], strict=False))
        entry = hand.entry or {}
        if "dealer" in record:
            assert record["dealer"] == names[game.dealer_position(hand.number)]
        if "finish_order" in record:
            assert record["finish_order"] == " > ".join(names[p] for p in entry["finish_order"])
        if "sweep" in record:
            assert bool(record["sweep"]) == (hand.sweep_team is not None)
        if "card_points" in record:
            assert number(record["card_points"]) == (entry.get("card_points") or [None])[0]
        assert cells[header[-1]] in (word["yes"], word["no"])
    if sheet is not None:  # each column as wide as its longest text
        widths = [sheet.column_dimensions[chr(ord("A") + i)].width for i in range(3)]
        assert all(w and w >= len(str(header[i])) for i, w in enumerate(widths))


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_standings_export_has_the_games_columns(organizer_client, played, language):
    event = played
    game = event.format.game
    _response, _sheet, rows = export_rows(organizer_client, event, "standings", "csv", language)
    with translation.override(language):
        labels = [str(column.label) for column in game.standing_columns]
    assert rows[0][2 : 2 + len(labels)] == labels
    stored = {r.entrant.display_name: r for r in selectors.standing_rows(event)}
    for row in rows[1:]:
        standing = stored[row[1]]
        assert [int(v) for v in row[2 : 2 + len(labels)]] == [
            getattr(standing, column.standing) for column in game.standing_columns
        ]


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


def test_hands_beyond_a_page_go_on_to_the_next(organizer_client, organizer, tmp_path):
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
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.content)
    pages = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout.split("\f")
    assert len([page for page in pages if page.strip()]) == 2
    numbers = [
        int(line.split()[0])
        for page in pages
        for line in page.splitlines()
        if line.split() and line.split()[0].isdigit() and len(line.split()) == 1
    ]
    assert numbers == list(range(1, 31))
    assert "Round 1 · Table 1" in pages[1]
