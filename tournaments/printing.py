"""The printed document every printout shares (reportlab's platypus): the flow of a document,
not coordinates. A table breaks across pages by itself and repeats its header row on each
(``repeatRows``); a long name wraps in its cell instead of running into the next column; every
page carries the event, the printout's title, when it was printed and the page number.

In the reader's language (the request's, as every page), with a Unicode font (names may be any
script). Here rather than in ``views`` because printouts that need no request build on it too:
the organizer's day (``views.printouts``, ``views.standings_pdf``, the series' table) and the
boards and movements of Duplicate Tichu (``duplicate.printouts``), pure functions of their
numbers.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

FONT_FILES = {
    "Print": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "Print-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}
MARGIN = 15 * mm
COLUMN_GAP = 8 * mm
"""Between the columns of a page printed in several (``Printout.build``'s ``columns``)."""
FRAME_PADDING = 6
"""reportlab's padding inside a frame, on each side (points)."""
SHADE = colors.Color(0.94, 0.94, 0.94)
"""Every other row of a table."""


class Named(Protocol):
    """What heads a printout's pages: an event or a series, by its name."""

    name: str


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
    the heading every page carries (the event's or series' name, or a name given as text, the
    title, the print time, the page number)."""

    def __init__(
        self, event: Named | str, title: str, *, size: float = 10, wide: bool = False
    ) -> None:
        self.name = event if isinstance(event, str) else event.name
        self.title, self.size = title, size
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

    @property
    def height(self) -> float:
        """The height between the page's heading and its bottom margin."""
        return self.pagesize[1] - self._top - MARGIN

    @property
    def _top(self) -> float:
        return MARGIN + 6 * mm + max(11.0, self.size * 1.25) * 1.5

    def _page(self, canvas, document) -> None:
        width, height = self.pagesize
        heading = max(11.0, self.size * 1.25)  # the title as large as the table, or larger
        canvas.saveState()
        canvas.setFont(self.bold, 13)
        canvas.drawString(MARGIN, height - MARGIN, self.name[:90])
        canvas.setFont(self.bold, heading)
        canvas.drawString(MARGIN, height - MARGIN - 2 * mm - heading, self.title)
        canvas.setFont(self.regular, 8)
        canvas.drawRightString(width - MARGIN, height - MARGIN, self.stamp)
        canvas.drawRightString(width - MARGIN, MARGIN / 2, _("Page %(n)d") % {"n": document.page})
        canvas.restoreState()

    def build(self, story: list[Flowable], *, columns: int = 1) -> bytes:
        """The PDF of ``story``, flowing down ``columns`` columns of each page (cards side by
        side) and on to the next page."""
        buffer = io.BytesIO()
        document = BaseDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=self._top,
            bottomMargin=MARGIN,
            title=f"{self.name} – {self.title}",
            author=self.name,
        )
        column = self._column(columns)
        frames = [
            Frame(
                MARGIN + index * (column + COLUMN_GAP),
                MARGIN,
                column,
                self.height,
                FRAME_PADDING,
                FRAME_PADDING,
                FRAME_PADDING,
                FRAME_PADDING,
                id=f"column{index}",
            )
            for index in range(columns)
        ]
        document.addPageTemplates([PageTemplate("page", frames=frames, onPage=self._page)])
        document.build(story or [Spacer(1, 1)])
        return buffer.getvalue()

    def _column(self, columns: int) -> float:
        return (self.width - (columns - 1) * COLUMN_GAP) / columns

    def column_width(self, columns: int) -> float:
        """The width a flowable has in each column of a page printed in ``columns``."""
        return self._column(columns) - 2 * FRAME_PADDING

    def grid_style(self, header_rows: int = 1) -> list[tuple[Any, ...]]:
        """The lines, shading and padding of every printed table: a rule under the header rows,
        thin lines between the others, every other row shaded."""
        pad = self.size * 0.5
        return [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 1, colors.black),
            ("LINEBELOW", (0, header_rows), (-1, -1), 0.25, colors.grey),
            ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, SHADE]),
            ("TOPPADDING", (0, 0), (-1, -1), self.size * 0.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), self.size * 0.3),
        ]

    def table(
        self,
        header: Sequence[str],
        rows: list[list],
        *,
        flex: int | None = 1,
        numeric: Sequence[int] = (),
        key: int | None = None,
        shares: dict[int, float] | None = None,
        width: float | None = None,
    ) -> Table:
        """A table of ``rows`` (texts or flowables) under ``header``, which repeats on every
        page. Each column is as wide as its widest text (a heading's longest word: headings
        wrap between words); the ``flex`` column takes the rest, shared with the columns
        ``shares`` gives a part of it (no ``flex``: the table is as wide as its columns), within
        ``width`` (the page's, or a column's of a page in columns); the ``numeric`` columns
        right-aligned, the ``key`` column bold."""
        widths: list[float | None] = [
            None
            if index == flex or (shares and index in shares)
            else self.fit_width(text, [_plain(row[index]) for row in rows])
            for index, text in enumerate(header)
        ]
        width = self.width if width is None else width
        rest = max(width - sum(w for w in widths if w is not None), width * 0.3)
        parts = {**({} if flex is None else {flex: 1.0}), **(shares or {})}
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
        table.setStyle(TableStyle(self.grid_style()))
        return table

    def fit_width(self, heading: str, values: Sequence[object | None]) -> float:
        """The width of a ``table`` column: its widest value or its heading's longest word (a
        heading wraps between words), in bold, with the cell's padding."""
        words = [stringWidth(word, self.bold, self.size) for word in str(heading).split()]
        shown = [str(value) for value in values if value is not None]
        texts = [stringWidth(text, self.bold, self.size) for text in shown]
        return max([*words, *texts, self.size]) + self.size + 1

    def paragraph(self, text: str, *, bold: bool = False) -> Paragraph:
        return Paragraph(escape(text), self.head if bold else self.text)


def _plain(value: object) -> object | None:
    """What a cell's width is measured by: its text, a paragraph's too (a series' struck points
    are paragraphs, and their columns, measured by the heading alone, wrapped "68,8 (6.)" a
    character a line); None for another flowable."""
    if isinstance(value, Paragraph):
        return value.getPlainText()
    return None if isinstance(value, Flowable) else value
