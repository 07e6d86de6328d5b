"""Every game's table sheet and exports are its own (issue 22): the printed sheet lists all of a
table's seats and the score grid's columns the game declares (``sheet_columns``: the teams' card
points, a dealer printed hand by hand and a column per player, the places of a game of placings
for its table's size, the sweep by its name) and no other game's; the results export lists each
hand in the game's columns (``hand_record``, ``export_columns``) with the stored numbers, the
standings export the game's ``standing_columns``. In English and German, the German files as a
German spreadsheet program reads them (";" separated CSV with a BOM, German file names).

Parametrized over every game (``conftest.game``, the toy game too): a new game is checked by
the same tests."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.text import capfirst

from tournaments import selectors
from tournaments.games import GAMES
from tournaments.models import Hand, HandSeat
from tournaments.views.exports import sheet_grid

from .conftest import play
from .sheets import WORDS, export_rows, number, sheet, shown

pytestmark = pytest.mark.django_db(transaction=True)


def table_size(game) -> int:
    """A table of the game's own size; where the event chooses it, a large one (11)."""
    return 11 if game.sized_tables else game.seats


def shape(game) -> tuple:
    """What a game declares of its sheet: two games declaring the same (Grand Seigneur and the
    toy, both games of placings) print the same grid at a table of the same size."""
    return (
        game.teams,
        game.hand_record,
        game.sheet_side_columns,
        str(game.card_points_title),
        str(game.sweep_label),
    )


@pytest.fixture
def played(game, organizer):
    """An event of the game, one table of its size, its first round played by bots."""
    return play(game, organizer, entrants=table_size(game), rounds=1)


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_games_sheet_lays_out_its_own_seats_and_columns(organizer_client, played, language):
    event = played
    game = event.format.game
    flat, header, rows, grid, names = sheet(organizer_client, event, language)
    word = WORDS[language]
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
            if shape(other) != shape(game)
        }
        sweep = capfirst(str(game.sweep_label))
        sweeps = {capfirst(str(other.sweep_label)) for other in GAMES.values()} - {sweep}
    for name, their in others.items():  # not the grid of a game of another shape
        assert their != titles, name
    assert (sweep in header) == ("sweep" in game.hand_record)
    assert not sweeps & set(header), "another game's sweep"
    hands = event.format.hands_per_round
    assert [row[0] for row in rows] == [str(n) for n in range(1, hands + 1)]
    for hand_number, row in enumerate(rows, start=1):  # printed: a dealer; else to write in
        assert all(
            shown(column.cell(hand_number), cell)
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
    word = WORDS[language]
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
