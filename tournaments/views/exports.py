"""Exports for organizers: standings and results as CSV or XLSX, table sheets as PDF.

All rendered on the server. Table sheets carry, per table, its seats, a QR code of the captain's
short link (``/t/<code>/``) with the code typed out beside it, and an empty score grid; they are
for the organizer's printer only (codes never appear on public pages).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import segno
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from openpyxl import Workbook
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from ..selectors import pages as queries

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FONT_FILES = {"Sheet": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
              "Sheet-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"}


def _safe(value):
    """A spreadsheet cell that cannot run as a formula (names come from anyone's typing)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def standings_rows(event) -> tuple[list[str], list[list]]:
    header = [_("Rank"), _("Name"), _("VP"), _("TP"), _("Hands"), _("Byes"), _("Bye VP"),
              _("Bye TP")]
    rows = [[r.rank_label, r.entrant.name, r.victory_points, r.tichu_points, r.hands_played, r.byes,
             r.adjustment_vp, r.adjustment_tp] for r in queries.standings(event)]
    return header, rows


def results_rows(event) -> tuple[list[str], list[list]]:
    """One row per hand: where, who sat, what was entered, what it scored."""
    header = [_("Round"), _("Table"), _("Hand"), _("Seat 1"), _("Seat 2"), _("Seat 3"),
              _("Seat 4"), _("Calls"), _("First out"), _("Double victory"), _("Card points A"),
              _("Card points B"), _("TP A"), _("TP B"), _("VP A"), _("VP B"), _("Entered by"),
              _("Confirmed")]
    seats = queries.seats_by_table(event)
    rows = []
    for hand in queries.all_hands(event):
        table_seats = seats.get(hand.table_id, {})
        names = [table_seats[p].label if p in table_seats else "" for p in range(4)]
        entry = hand.entry or {}
        calls = ", ".join(f"{names[int(seat)]}: {call}"
                          for seat, call in (entry.get("calls") or {}).items())
        order = entry.get("finish_order") or []
        card_points = entry.get("card_points") or ["", ""]
        double = "" if hand.double_victory is None else "AB"[hand.double_victory]
        rows.append([hand.table.round.number, hand.table.number, hand.number, *names, calls,
                     names[order[0]] if order else "", double, *card_points, hand.tp_0,
                     hand.tp_1, hand.vp_0, hand.vp_1, hand.entered_by,
                     _("yes") if hand.confirmed_by_opponents else _("no")])
    return header, rows


EXPORTS = {"standings": standings_rows, "results": results_rows}


@login_required
@require_GET
def export(request, event_id: int, kind: str, fmt: str):
    event = queries.organizer_event_or_404(request.user, event_id)
    if kind not in EXPORTS or fmt not in ("csv", "xlsx"):
        raise Http404
    header, rows = EXPORTS[kind](event)
    filename = f"{slugify(event.name) or 'event'}-{kind}.{fmt}"
    if fmt == "csv":
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response.write("\ufeff")  # spreadsheet programs then read UTF-8 names right
        writer = csv.writer(response)
        writer.writerow(header)
        writer.writerows([[_safe(v) for v in row] for row in rows])
    else:
        workbook = Workbook()
        sheet = workbook.active
        sheet.title = kind.capitalize()
        sheet.append(header)
        for row in rows:
            sheet.append([_safe(v) for v in row])
        sheet.freeze_panes = "A2"
        buffer = io.BytesIO()
        workbook.save(buffer)
        response = HttpResponse(buffer.getvalue(), content_type=(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


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
                pdf.rect(x + c * module, y + size - (r + 1) * module, module, module, stroke=0,
                         fill=1)


def table_sheets_pdf(event, rnd, tables, link) -> bytes:
    """One A4 page per table: seats, QR code and code, and a score grid for its hands."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4, pageCompression=1)
    pdf.setTitle(f"{event.name} – {_('Round')} {rnd.number}")
    regular, bold = _fonts()
    width, height = A4
    hands = event.format.hands_per_round or 12
    for table in tables:
        seats = {s.position: s for s in table.seats.all()}
        url = link(table.code)
        top = height - 20 * mm
        pdf.setFont(bold, 18)
        pdf.drawString(20 * mm, top, event.name[:60])
        pdf.setFont(bold, 28)
        pdf.drawString(20 * mm, top - 14 * mm, f"{_('Round')} {rnd.number} · {_('Table')} "
                                               f"{table.number}")
        _draw_qr(pdf, url, width - 70 * mm, top - 48 * mm, 50 * mm)
        pdf.setFont(regular, 9)
        pdf.drawCentredString(width - 45 * mm, top - 52 * mm, url[:70])
        pdf.setFont(bold, 13)
        pdf.drawCentredString(width - 45 * mm, top - 58 * mm, table.code)
        y = top - 28 * mm
        for team, label in ((0, "A"), (1, "B")):
            pdf.setFont(bold, 12)
            pdf.drawString(20 * mm, y, f"{_('Team')} {label}")
            pdf.setFont(regular, 12)
            for position in (team, team + 2):
                y -= 6 * mm
                name = seats[position].label if position in seats else "—"
                pdf.drawString(25 * mm, y, f"{_('Seat')} {position + 1}: {name[:48]}")
            y -= 9 * mm
        pdf.setFont(regular, 10)
        pdf.drawString(20 * mm, y, _("Scan the code or open the link to enter each hand."))
        y -= 12 * mm
        columns = [_("Hand"), _("Calls"), _("First out"), _("Double victory"), _("Points A"),
                   _("Points B"), _("Opponents")]
        widths = [14, 40, 26, 26, 22, 22, 20]
        x = 20 * mm
        pdf.setFont(bold, 9)
        for title, w in zip(columns, widths, strict=True):
            pdf.rect(x, y - 2 * mm, w * mm, 8 * mm)
            pdf.drawString(x + 1.5 * mm, y + 0.5 * mm, title)
            x += w * mm
        pdf.setFont(regular, 11)
        for number in range(1, hands + 1):
            y -= 9 * mm
            if y < 15 * mm:
                break
            x = 20 * mm
            for i, w in enumerate(widths):
                pdf.rect(x, y - 3 * mm, w * mm, 9 * mm)
                if i == 0:
                    pdf.drawString(x + 4 * mm, y, str(number))
                x += w * mm
        pdf.showPage()
    if not tables:
        pdf.drawString(20 * mm, height - 20 * mm, _("This round has no tables."))
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


@login_required
@require_GET
def table_sheets(request, event_id: int, round_id: int):
    event = queries.organizer_event_or_404(request.user, event_id)
    rnd = queries.round_or_404(event, round_id)
    tables = queries.round_tables_for_sheets(rnd)

    def link(code):
        return request.build_absolute_uri(reverse("captain-table", kwargs={"code": code}))

    response = HttpResponse(table_sheets_pdf(event, rnd, tables, link),
                            content_type="application/pdf")
    response["Content-Disposition"] = (f'inline; filename="{slugify(event.name) or "event"}-'
                                       f'round-{rnd.number}-tables.pdf"')
    return response
