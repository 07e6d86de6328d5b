"""Printouts for the organizer's day, laid out by reportlab's platypus: the flow of a document,
not coordinates. A table breaks across pages by itself and repeats its header row on each
(``repeatRows``); a long name wraps in its cell instead of running into the next column; every
page carries the event, the printout's title, when it was printed and the page number.

In the reader's language (the request's, as every page), with a Unicode font (names may be any
script). Built here: a round's seating A-Z (German order, ``collation``, as the seating page) and
a round's results for the wall (large, landscape: read from two metres). The standings are
``standings_pdf``'s, with the same document.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from ..models import Event, Round, Series
from ..selectors import pages as queries
from . import seating

FONT_FILES = {
    "Print": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "Print-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}
MARGIN = 15 * mm


def fonts() -> tuple[str, str]:
    """A Unicode font when the system has one, else Helvetica (Latin-1 only)."""
    if all(Path(path).exists() for path in FONT_FILES.values()):
        for name, path in FONT_FILES.items():
            if name not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(name, path))
        pdfmetrics.registerFontFamily(
            "Print", normal="Print", bold="Print-Bold", italic="Print", boldItalic="Print-Bold"
        )
        return "Print", "Print-Bold"
    return "Helvetica", "Helvetica-Bold"


def escape(text: str) -> str:
    """``text`` for a Paragraph (its markup is XML-like: a name may hold "&" or "<")."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Printout:
    """One document: its page size, fonts and paragraph styles at a base ``size`` (points), and
    the heading every page carries (event, title, print time, page number). A series' table
    is printed with the same document: its name heads the pages instead of an event's."""

    def __init__(self, event: Event | Series, title: str, *, size: float = 10, wide: bool = False):
        self.event, self.title, self.size = event, title, size
        self.pagesize = landscape(A4) if wide else A4
        self.regular, self.bold = fonts()
        self.stamp = date_format(timezone.localtime(), "DATETIME_FORMAT")
        self.text = ParagraphStyle("text", fontName=self.regular, fontSize=size, leading=size * 1.2)
        self.small = ParagraphStyle(
            "small", parent=self.text, fontSize=size * 0.75, leading=size * 0.9
        )
        self.head = ParagraphStyle("head", parent=self.text, fontName=self.bold)
        self.number = ParagraphStyle("number", parent=self.text, alignment=TA_RIGHT)
        self.number_head = ParagraphStyle("number_head", parent=self.head, alignment=TA_RIGHT)

    @property
    def width(self) -> float:
        """The width between the margins."""
        return self.pagesize[0] - 2 * MARGIN

    def _page(self, canvas, document) -> None:
        width, height = self.pagesize
        heading = max(11.0, self.size * 1.25)  # the title as large as the table, or larger
        canvas.saveState()
        canvas.setFont(self.bold, 13)
        canvas.drawString(MARGIN, height - MARGIN, self.event.name[:90])
        canvas.setFont(self.bold, heading)
        canvas.drawString(MARGIN, height - MARGIN - 2 * mm - heading, self.title)
        canvas.setFont(self.regular, 8)
        canvas.drawRightString(width - MARGIN, height - MARGIN, self.stamp)
        canvas.drawRightString(width - MARGIN, MARGIN / 2, _("Page %(n)d") % {"n": document.page})
        canvas.restoreState()

    def build(self, story: list[Flowable]) -> bytes:
        buffer = io.BytesIO()
        document = SimpleDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + 6 * mm + max(11.0, self.size * 1.25) * 1.5,
            bottomMargin=MARGIN,
            title=f"{self.event.name} – {self.title}",
            author=self.event.name,
        )
        document.build(story or [Spacer(1, 1)], onFirstPage=self._page, onLaterPages=self._page)
        return buffer.getvalue()

    def table(
        self,
        header: Sequence[str],
        rows: list[list],
        *,
        flex: int = 1,
        numeric: Sequence[int] = (),
        key: int | None = None,
        shares: dict[int, float] | None = None,
    ) -> Table:
        """A table of ``rows`` (texts or flowables) under ``header``, which repeats on every
        page. Each column is as wide as its widest text (a heading's longest word: headings
        wrap between words); the ``flex`` column takes the rest, shared with the columns
        ``shares`` gives a part of it; the ``numeric`` columns right-aligned, the ``key``
        column bold."""
        pad = self.size * 0.5
        widths: list[float | None] = []
        for index, text in enumerate(header):
            if index == flex or (shares and index in shares):
                widths.append(None)
                continue
            words = [stringWidth(word, self.bold, self.size) for word in str(text).split()]
            values = [
                stringWidth(str(row[index]), self.bold, self.size)
                for row in rows
                if not isinstance(row[index], Flowable)
            ]
            widths.append(max([*words, *values, self.size]) + 2 * pad + 1)
        rest = max(self.width - sum(w for w in widths if w is not None), self.width * 0.3)
        parts = {flex: 1.0, **(shares or {})}
        widths = [
            rest * parts[index] / sum(parts.values()) if w is None else w
            for index, w in enumerate(widths)
        ]
        cells = [
            [
                Paragraph(escape(text), self.number_head if index in numeric else self.head)
                for index, text in enumerate(header)
            ]
        ]
        for row in rows:
            line = []
            for index, value in enumerate(row):
                if isinstance(value, Flowable):
                    line.append(value)
                    continue
                style = self.number if index in numeric else self.text
                text = escape(str(value))
                line.append(Paragraph(f"<b>{text}</b>" if index == key else text, style))
            cells.append(line)
        table = Table(cells, colWidths=widths, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), pad),
                    ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                    ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
                    ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
                    (
                        "ROWBACKGROUNDS",
                        (0, 1),
                        (-1, -1),
                        [colors.white, colors.Color(0.94, 0.94, 0.94)],
                    ),
                    ("TOPPADDING", (0, 0), (-1, -1), self.size * 0.2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), self.size * 0.3),
                ]
            )
        )
        return table

    def paragraph(self, text: str, *, bold: bool = False) -> Paragraph:
        return Paragraph(escape(text), self.head if bold else self.text)


def pdf_response(body: bytes, event: Event | Series, title: str) -> HttpResponse:
    """The PDF, saved under the event's name and the printout's ``title`` in the reader's
    language ("vereinsmeisterschaft-sitzplan-runde-3.pdf"), as the exports are."""
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="{slugify(event.name) or "event"}-{slugify(title) or "printout"}.pdf"'
    )
    return response


# --- a round's seating, A-Z -------------------------------------------------------------------


def seating_title(rnd: Round) -> str:
    return _("Seating, round %(n)s") % {"n": rnd.number}


def seating_pdf(event: Event, rnd: Round) -> bytes:
    """Everyone of the round by name (German order), with table, seat and partner: the list
    pinned at the entrance, where each looks for their own name."""
    printout = Printout(event, seating_title(rnd), size=13)
    lines = seating.seating(rnd)
    rows = [
        [
            line.name,
            str(line.table) if line.table is not None else _("bye"),
            str(line.seat) if line.seat is not None else "",
            line.partner,
        ]
        for line in lines
    ]
    story: list[Flowable] = (
        [
            printout.table(
                [_("Name"), _("Table"), _("Seat"), _("Partner")],
                rows,
                flex=0,
                shares={3: 0.8},
                numeric=(1, 2),
                key=1,
            )
        ]
        if rows
        else [printout.paragraph(_("Nobody is seated yet."))]
    )
    return printout.build(story)


# --- a round's results, for the wall ----------------------------------------------------------


def results_title(rnd: Round) -> str:
    return _("Results, round %(n)d") % {"n": rnd.number}


def results_pdf(event: Event, rnd: Round) -> bytes:
    """Each table of the round with its sides and their totals in the game's columns, large
    and landscape: read on the wall from two metres. Open tables are marked as not done."""
    printout = Printout(event, results_title(rnd), size=16, wide=True)
    views = queries.table_views(rnd, event)
    columns = event.format.game.total_columns
    rows = []
    for view in views:
        names = []
        for side in view.sides:
            side_names = " & ".join(
                dict.fromkeys(view.names.get(seat.position, "?") for seat in side.seats)
            )
            names.append(side_names)
        values = [
            " : ".join(
                "–" if side.values[i][1] is None else str(side.values[i][1]) for side in view.sides
            )
            for i in range(len(columns))
        ]
        state = "" if view.done else _("not done")
        if view.credit:
            state = _("closed, credited")
        rows.append(
            [
                str(view.table.number),
                Paragraph("<br/>".join(escape(name) for name in names), printout.text),
                *values,
                state,
            ]
        )
    story: list[Flowable] = []
    if rows:
        story.append(
            printout.table(
                [_("Table"), _("Players"), *(str(column.label) for column in columns), ""],
                rows,
                flex=1,
                numeric=(0, *range(2, 2 + len(columns))),
                key=0,
            )
        )
    else:
        story.append(printout.paragraph(_("No tables in this round.")))
    byes = queries.byes(rnd)
    if byes:
        story += [
            Spacer(1, 6 * mm),
            printout.paragraph(
                "{}: {}".format(_("Byes"), ", ".join(bye.entrant.display_name for bye in byes))
            ),
        ]
    return printout.build(story)


@login_required
@require_GET
def round_seating_pdf(request, event_id: int, round_id: int):
    event = queries.organizer_event_or_404(request.user, event_id)
    rnd = queries.round_or_404(event, round_id)
    return pdf_response(seating_pdf(event, rnd), event, seating_title(rnd))


@login_required
@require_GET
def round_results_pdf(request, event_id: int, round_id: int):
    event = queries.organizer_event_or_404(request.user, event_id)
    rnd = queries.round_or_404(event, round_id)
    return pdf_response(results_pdf(event, rnd), event, results_title(rnd))
