"""Exports for organizers: standings and results as CSV or XLSX, table sheets as PDF.

All rendered on the server. Table sheets carry, per table, its seats, a QR code of the captain's
short link (``/t/<code>/``) with the code typed out beside it and the opponents' code (they
confirm the hands with it), and an empty score grid; they are for the organizer's printer only
(codes never appear on public pages).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import segno
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.formats import get_format, localize
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from ..games import SheetColumn
from ..knockout.reads import CupView, MatchView, cup_view
from ..selectors import pages as queries
from .labels import decision_label, stage_label
from .pdf_text import draw_fitted, draw_wrapped, fitted_lines
from .words import actor_label, call_label

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FONT_FILES = {
    "Sheet": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "Sheet-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}


def _safe(value):
    """A spreadsheet cell that cannot run as a formula (names come from anyone's typing)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def standings_rows(event) -> tuple[list[str], list[list]]:
    """One row per entrant: the game's standing columns (``standing_columns``), the hands and
    byes, and what of each column the byes and closed tables credited."""
    columns = event.format.standing_columns
    credited = [column for column in columns if column.credit]
    header = [
        _("Rank"),
        _("Name"),
        *(str(c.label) for c in columns),
        _("Hands"),
        _("Byes"),
        *(_("Bye %(column)s") % {"column": c.label} for c in credited),
    ]
    rows = [
        [
            r.rank_label,
            r.entrant.display_name,
            *(getattr(r, c.standing) for c in columns),
            r.hands_played,
            r.byes,
            *(getattr(r, c.credit) for c in credited),
        ]
        for r in queries.standings(event)
    ]
    return header, rows


def results_rows(event) -> tuple[list[str], list[list]]:
    """One row per hand: where, who sat, the game's words of the hand (``hand_record``: the
    dealer, the calls, who went out, the sweep, the finish order), each side's numbers
    (the format's ``export_columns``), who entered it."""
    event_format = event.format
    game, columns = event_format.game, event_format.export_columns
    seats = queries.seats_by_table(event)
    size = max(
        (max(table_seats) + 1 for table_seats in seats.values() if table_seats), default=game.seats
    )
    positions = list(range(size))
    sides = game.sides(positions)
    header = [
        _("Round"),
        _("Table"),
        _("Hand"),
        *(_("Seat %(n)s") % {"n": n} for n in range(1, size + 1)),
        *(game.record_title(key) for key in game.hand_record),
        *(
            f"{column.label} {game.side_code(index, side)}"
            for index, side in enumerate(sides)
            for column in columns
        ),
        _("Entered by"),
        _("Confirmed"),
    ]
    rows = []
    for hand in queries.all_hands(event):
        table_seats = seats.get(hand.table_id, {})
        names = {position: seat.label for position, seat in table_seats.items()}
        values = event_format.hand_sides(hand, positions)
        rows.append(
            [
                hand.table.round.number,
                hand.table.number,
                hand.number,
                *(names.get(position, "") for position in positions),
                *(_record(game, hand, names, key) for key in game.hand_record),
                *(_cell(side.get(column.key)) for side in values for column in columns),
                actor_label(hand.entered_by),
                _("yes") if hand.confirmed_by_opponents else _("no"),
            ]
        )
    return header, rows


def _cell(value):
    return "" if value is None else value


def _record(game, hand, names: dict[int, str], key: str) -> str | int:
    """A hand's word for ``key`` of its game's ``hand_record``, by the players' names."""
    entry = hand.entry or {}
    seated = game.hand_seats(hand.number, names)  # the engine's seats of this hand
    roles = game.roles(hand.number)

    def who(seat) -> str:
        name = seated.get(int(seat), "?")
        return _("dummy of %(name)s") % {"name": name} if roles.get(int(seat)) == "dummy" else name

    order = entry.get("finish_order") or []
    if key == "dealer":
        return game.dealer_name(hand.number, names)
    if key == "calls":
        return ", ".join(
            f"{who(seat)}: {call_label(call)}" for seat, call in (entry.get("calls") or {}).items()
        )
    if key == "first_out":
        return who(order[0]) if order else ""
    if key == "sweep":
        if hand.sweep_team is None:
            return ""
        return " & ".join(
            dict.fromkeys(
                name for seat, name in sorted(seated.items()) if seat % 2 == hand.sweep_team
            )
        )
    if key == "card_points":
        return _cell((entry.get("card_points") or [None])[0])
    if key == "finish_order":
        return " > ".join(who(seat) for seat in order)
    raise ValueError(f"no record {key!r}")


def matches_rows(event) -> tuple[list[str], list[list]]:
    """One row per match (exports): stage, group, teams, seeds, games won, winner, decision."""
    cup = cup_view(event)
    header = [
        _("Stage"),
        _("Group"),
        _("Match"),
        _("Seed A"),
        _("Team A"),
        _("Seed B"),
        _("Team B"),
        _("Best of"),
        _("Games A"),
        _("Games B"),
        _("TP A"),
        _("TP B"),
        _("Winner"),
        _("Decided by"),
    ]
    rows = []
    listed = [
        (_("Group %(g)s") % {"g": g.label}, g.label, m) for g in cup.groups for m in g.matches
    ]
    listed += [(stage_label(r.stage), "", m) for r in cup.rounds for m in r.matches]
    if cup.third_place is not None:
        listed.append((stage_label("third_place"), "", cup.third_place))
    for stage, group, view in listed:
        tp = [sum(g.tp[side] for g in view.games) for side in (0, 1)]
        winner = view.names[view.winner_side] if view.winner_side is not None else ""
        rows.append(
            [
                stage,
                group,
                view.match.slot + 1,
                view.seeds[0] or "",
                view.names[0] or "",
                view.seeds[1] or "",
                view.names[1] or "",
                view.match.best_of,
                *view.won,
                *tp,
                winner,
                decision_label(view.match.decided_by),
            ]
        )
    return header, rows


# An export's kind (its address, its file's name): its spreadsheet's title and its rows.
EXPORTS = {
    "standings": (gettext_lazy("Standings"), standings_rows),
    "results": (gettext_lazy("Results"), results_rows),
    "matches": (gettext_lazy("Matches"), matches_rows),
}


def _list_separator() -> str:
    """The CSV separator a spreadsheet program of the reader's language expects: ";" where
    numbers take a decimal comma (German Excel reads a "," file as one column)."""
    return ";" if get_format("DECIMAL_SEPARATOR") == "," else ","


def _widths(header: list, rows: list[list]) -> list[float]:
    """Each column's width in an XLSX sheet: its longest text, within reason."""
    return [
        min(max(len(str(value)) for value in column) + 2, 60)
        for column in zip(header, *rows, strict=True)
    ]


@login_required
@require_GET
def export(request, event_id: int, kind: str, fmt: str):
    event = queries.organizer_event_or_404(request.user, event_id)
    if kind not in EXPORTS or fmt not in SPREADSHEETS:
        raise Http404
    title, rows_of = EXPORTS[kind]
    header, rows = rows_of(event)
    base = f"{slugify(event.name) or 'event'}-{slugify(str(title)) or kind}"
    return spreadsheet_response(str(title), header, rows, base, fmt)


SPREADSHEETS = ("csv", "xlsx")


@dataclass(frozen=True)
class Struck:
    """A cell struck through: a value shown that does not count (a series' dropped result).
    XLSX keeps the number and strikes its font; CSV, which has no fonts, writes it in
    parentheses."""

    value: int | float | Decimal | str

    def __str__(self) -> str:
        return str(self.value)


def spreadsheet_response(
    title: str, header: list[str], rows: list[list], filename: str, fmt: str
) -> HttpResponse:
    """``rows`` under ``header`` as a download ``filename``.``fmt``: CSV in the reader's
    conventions (a UTF-8 mark, the list separator and decimal comma of their language) or an
    XLSX sheet called ``title`` (numbers as numbers, the header row frozen). No cell runs as a
    formula."""
    rows = [[_safe(v) for v in row] for row in rows]
    if fmt == "csv":
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response.write("\ufeff")  # spreadsheet programs then read UTF-8 names right
        writer = csv.writer(response, delimiter=_list_separator())
        writer.writerow(header)
        writer.writerows([[_csv_cell(v) for v in row] for row in rows])
    else:
        workbook = Workbook()
        sheet = workbook.active
        sheet.title = title[:31]  # the longest sheet name spreadsheet programs take
        sheet.append(header)
        for row in rows:
            sheet.append([_xlsx_value(v) for v in row])
            for cell, value in zip(sheet[sheet.max_row], row, strict=True):
                if isinstance(value, Struck):
                    cell.font = Font(strike=True)
        for index, width in enumerate(_widths(header, rows), start=1):
            sheet.column_dimensions[get_column_letter(index)].width = width
        sheet.freeze_panes = "A2"
        buffer = io.BytesIO()
        workbook.save(buffer)
        response = HttpResponse(
            buffer.getvalue(),
            content_type=("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        )
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    return response


def _csv_cell(value):
    """A number with a fraction in the reader's decimal separator (a comma in German)."""
    if isinstance(value, Struck):
        return f"({_csv_cell(value.value)})"
    return localize(value) if isinstance(value, Decimal | float) else value


def _xlsx_value(value):
    value = value.value if isinstance(value, Struck) else value
    return float(value) if isinstance(value, Decimal) else value


# --- table sheets --------------------------------------------------------------------------


def _fonts() -> tuple[str, str]:
    """A Unicode font when the system has one (names may be any script), else Helvetica."""
    if all(Path(f).exists() for f in FONT_FILES.values()):
        for name, path in FONT_FILES.items():
            if name not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(name, path))
        return "Sheet", "Sheet-Bold"
    return "Helvetica", "Helvetica-Bold"


def _draw_qr(pdf, data: str, x: float, y: float, size: float) -> None:
    """The QR code as vector squares (crisp on any printer)."""
    qr = segno.make(data, error="m")
    rows = list(qr.matrix_iter(scale=1, border=2))
    module = size / len(rows)
    pdf.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                pdf.rect(
                    x + c * module, y + size - (r + 1) * module, module, module, stroke=0, fill=1
                )


# The sheet's layout (A4, millimetres): the text column on the left stops short of the QR code.
MARGIN = 20
QR_SIZE, QR_RIGHT = 50, 20
TEXT_WIDTH = 210 - MARGIN - QR_RIGHT - QR_SIZE - 5
GRID_WIDTH = 210 - 2 * MARGIN
HAND_WIDTH = 14
HEADER_HEIGHT = 13
ROW_HEIGHT = 9
BOTTOM = 12


def sheet_grid(game, names: dict[int, str]) -> list[tuple[SheetColumn, float]]:
    """The score grid of a table whose players are ``names`` (by position), as its game lays it
    out (``sheet_columns``): the hand's number, then the game's columns, fitted to the page's
    width; each column with its width in millimetres."""
    columns = game.sheet_columns(names)
    scale = (GRID_WIDTH - HAND_WIDTH) / (sum(column.width for column in columns) or 1)
    return [
        (SheetColumn(_("Hand"), HAND_WIDTH), HAND_WIDTH),
        *((column, column.width * scale) for column in columns),
    ]


def table_sheets_pdf(event, rnd, tables, link) -> bytes:
    """One A4 page per table (more if its hands need them): its seats as the game groups them,
    QR code and code, and a score grid for its hands in the game's columns. Every text keeps
    to its place (``pdf_text``), whatever the language and the length of a name."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4, pageCompression=1)
    pdf.setTitle(f"{event.name} – {_('Round')} {rnd.number}")
    fonts = _fonts()
    regular, bold = fonts
    width, height = A4
    game = event.format.game
    hands = event.format.hands_per_round or 12
    left, text_width = MARGIN * mm, TEXT_WIDTH * mm
    qr_x, qr_centre = width - (QR_RIGHT + QR_SIZE) * mm, width - (QR_RIGHT + QR_SIZE / 2) * mm
    for table in tables:
        names = {s.position: s.label for s in table.seats.all()}
        url = link(table.code)
        top = height - 20 * mm
        heading = f"{_('Round')} {rnd.number} · {_('Table')} {table.number}"
        y = draw_wrapped(pdf, event.name, bold, 18, left, top, text_width, min_size=12)
        draw_fitted(pdf, heading, bold, 28, left, y - 13 * mm, text_width)
        _draw_qr(pdf, url, qr_x, top - 48 * mm, QR_SIZE * mm)
        draw_fitted(
            pdf,
            url,
            regular,
            9,
            qr_centre,
            top - 52 * mm,
            (QR_SIZE + 16) * mm,
            min_size=5,
            centred=True,
        )
        draw_fitted(pdf, table.code, bold, 13, qr_centre, top - 58 * mm, QR_SIZE * mm, centred=True)
        draw_fitted(
            pdf,
            _("Opponents' code: %(code)s") % {"code": table.opponents_code},
            bold,
            11,
            qr_centre,
            top - 64 * mm,
            QR_SIZE * mm + 16 * mm,
            min_size=6,
            centred=True,
        )
        y -= 27 * mm
        groups = game.sheet_seats(names)
        line = 6 if sum(len(positions) for _h, positions in groups) <= 8 else 5
        for label, positions in groups:
            draw_fitted(pdf, label, bold, 12, left, y, text_width)
            for position in positions:
                name = names.get(position, "—")
                y = draw_wrapped(
                    pdf,
                    f"{_('Seat')} {position + 1}: {name}",
                    regular,
                    12,
                    left + 5 * mm,
                    y - line * mm,
                    text_width - 5 * mm,
                    min_size=9,
                )
            y -= 9 * mm
        y = min(y, top - 68 * mm)  # below the codes under the QR code
        if game.sheet_help:
            y = (
                draw_wrapped(pdf, str(game.sheet_help), regular, 10, left, y, GRID_WIDTH * mm)
                - 6 * mm
            )
        draw_fitted(
            pdf,
            _("Scan the code or open the link to enter each hand."),
            regular,
            10,
            left,
            y,
            GRID_WIDTH * mm,
        )
        y -= 12 * mm
        grid = sheet_grid(game, names)
        number = 1
        while True:
            number = _draw_grid(pdf, fonts, grid, left, y, number, hands)
            if number > hands:
                break
            pdf.showPage()  # the hands left go on to a page of their own
            y = height - 20 * mm
            draw_fitted(pdf, f"{event.name} – {heading}", bold, 12, left, y, GRID_WIDTH * mm)
            y -= 10 * mm
        pdf.showPage()
    if not tables:
        pdf.setFont(regular, 12)
        pdf.drawString(left, height - 20 * mm, _("This round has no tables."))
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _draw_grid(
    pdf,
    fonts: tuple[str, str],
    grid: list[tuple[SheetColumn, float]],
    left: float,
    top: float,
    first: int,
    last: int,
) -> int:
    """The score grid from ``top``: a header row whose titles wrap onto three lines (smaller if
    they must), then a row per hand from ``first`` to ``last``, as many as the page holds (a
    printed column's cell filled in). Returns the first hand it had no room for."""
    regular, bold = fonts
    x = left
    header_bottom = top - HEADER_HEIGHT * mm
    for column, w in grid:
        pdf.rect(x, header_bottom, w * mm, HEADER_HEIGHT * mm)
        lines, size = fitted_lines(column.title, bold, 9, (w - 3) * mm, max_lines=3, min_size=6)
        pdf.setFont(bold, size)
        line_y = header_bottom + HEADER_HEIGHT * mm / 2 + (len(lines) - 1) * size * 0.55 - size / 3
        for text in lines:
            pdf.drawString(x + 1.5 * mm, line_y, text)
            line_y -= size * 1.1
        x += w * mm
    y = header_bottom
    number = first
    while number <= last and y - ROW_HEIGHT * mm >= BOTTOM * mm:
        y -= ROW_HEIGHT * mm
        x = left
        for index, (column, w) in enumerate(grid):
            pdf.rect(x, y, w * mm, ROW_HEIGHT * mm)
            text = str(number) if index == 0 else column.cell(number)
            if text:
                draw_fitted(
                    pdf,
                    text,
                    regular,
                    11 if index == 0 else 9,
                    x + 1.5 * mm,
                    y + 3 * mm,
                    (w - 3) * mm,
                )
            x += w * mm
        number += 1
    return number


@login_required
@require_GET
def table_sheets(request, event_id: int, round_id: int):
    event = queries.organizer_event_or_404(request.user, event_id)
    rnd = queries.round_or_404(event, round_id)
    tables = queries.round_tables_for_sheets(rnd)

    def link(code):
        return request.build_absolute_uri(reverse("captain-table", kwargs={"code": code}))

    response = HttpResponse(
        table_sheets_pdf(event, rnd, tables, link), content_type="application/pdf"
    )
    response["Content-Disposition"] = (
        f'inline; filename="{slugify(event.name) or "event"}-{slugify(_("Round"))}-'
        f'{rnd.number}-{slugify(_("Tables"))}.pdf"'
    )
    return response


# --- the printable bracket -------------------------------------------------------------------


def _side(view: MatchView, side: int) -> str:
    name = view.names[side]
    if name is None:
        return _("bye") if view.match.decided_by == "bye" and side == 1 else "…"
    seed = view.seeds[side]
    return f"{seed}. {name}" if seed else name


def bracket_pdf_bytes(cup: CupView) -> bytes:
    """The bracket on one landscape A4 page: a column per round, each match a box with both
    teams, games won and the winner in bold; the third-place match under the final."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=landscape(A4), pageCompression=1)
    pdf.setTitle(f"{cup.event.name} – {_('Bracket')}")
    regular, bold = _fonts()
    width, height = landscape(A4)
    pdf.setFont(bold, 16)
    pdf.drawString(12 * mm, height - 14 * mm, f"{cup.event.name} – {_('Bracket')}")
    if not cup.rounds:
        pdf.setFont(regular, 12)
        pdf.drawString(12 * mm, height - 26 * mm, _("The cup is not drawn yet."))
    columns = max(len(cup.rounds), 1)
    column = (width - 24 * mm) / columns
    top, bottom = height - 24 * mm, 12 * mm
    first = len(cup.rounds[0].matches) if cup.rounds else 1
    font = max(4.5, min(9.0, 300 / first))
    for index, rnd in enumerate(cup.rounds):
        x = 12 * mm + index * column
        pdf.setFont(bold, 10)
        pdf.drawString(x, top, stage_label(rnd.stage))
        slot = (top - 6 * mm - bottom) / len(rnd.matches)
        for position, view in enumerate(rnd.matches):
            middle = top - 6 * mm - slot * (position + 0.5)
            _pdf_match(pdf, view, x, middle, column - 4 * mm, font, regular, bold)
    if cup.third_place is not None and cup.rounds:
        x = 12 * mm + (columns - 1) * column
        pdf.setFont(bold, 10)
        pdf.drawString(x, bottom + 22 * mm, stage_label("third_place"))
        _pdf_match(pdf, cup.third_place, x, bottom + 12 * mm, column - 4 * mm, font, regular, bold)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _pdf_match(
    pdf, view: MatchView, x: float, middle: float, box: float, font: float, regular: str, bold: str
) -> None:
    line = font * 1.25
    pdf.rect(x, middle - line, box, 2 * line)
    won = view.won
    for side in (0, 1):
        y = middle + (0.3 * line if side == 0 else -0.75 * line)
        pdf.setFont(bold if view.winner_side == side else regular, font)
        pdf.drawString(x + 1.5 * mm, y, _side(view, side)[:40])
        if view.games:
            pdf.drawRightString(x + box - 1.5 * mm, y, str(won[side]))
