"""Reading a table sheet and an export back as a person does (``pdftotext``, a spreadsheet
program): the suite of every game (``test_sheets_and_exports``) and the sheets' own tests
(``tests/web/test_game_sheets.py``) compare what they read with the game's declarations."""

from __future__ import annotations

import csv
import io

import openpyxl
from django.urls import reverse
from django.utils import translation
from reportlab.lib.units import mm

from tests.pdf import pdf_text, pdf_words
from tournaments.views.exports import HEADER_HEIGHT, MARGIN, ROW_HEIGHT, sheet_grid

PAGE_HEIGHT = 297 * mm

WORDS = {
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

"""The words the sheets and exports are read for, in each language."""


def sheet(client, event, language):
    """The first table's sheet of round 1 as a reader sees it: its words in one line, the
    grid's header and rows as cells, the grid's columns and the table's names."""
    rnd = event.rounds.get(number=1)
    table = rnd.tables.order_by("number").first()
    names = {s.position: s.label for s in table.seats.all()}
    response = client.get(
        reverse("organizer-sheets", args=[event.pk, rnd.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    text = pdf_text(response.content, layout=False, first=1, last=1)
    with translation.override(language):
        grid = sheet_grid(event.format.game, names)
    header, *rows = grid_cells(response.content, grid)
    return " ".join(text.split()), header, rows, grid, names


def grid_cells(pdf: bytes, grid) -> list[list[str]]:
    """The score grid of a sheet's first page as poppler reads it: each row's cells (the
    header's first), a cell's words joined in reading order, found by the grid's column edges
    (``sheet_grid``) and its rows' heights."""
    found = pdf_words(pdf)
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


def export_rows(client, event, kind, fmt, language):
    """An export of ``kind`` in ``fmt`` as a spreadsheet program reads it: the response, the
    workbook's sheet (xlsx) and the rows."""
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


def number(value):
    return None if value in ("", None) else int(value)
