"""Duplicate Tichu on paper: the board slips, the dealing list, the pairs' movement cards and the
director's movement sheet, each a pure function of the event's numbers returning PDF bytes (the
views only wrap them in a response).

- **Board slips**, one per board, as bridge prints its hand records: the board number and the
  dealer, the four hands around a compass (North at the top, West left, East right, South at the
  bottom), each hand suit by suit, highest first, split into the first 8 cards (the Grand Tichu
  look) and the last 6. Three slips to an A4 page, each boxed to be cut out and put with its
  board.
- **The dealing list**, for the people who make the boards up by hand: a line per board and
  seat with the cards of its first 8 and its last 6 by suit, and a box to tick for each part.
  A board's four lines stay on one page.
- **Movement cards**, one per pair: where it plays round by round (table, direction, the
  opponents' pair number, the boards) and the rounds it sits out; two columns to a page.
- **The movement sheet** for the director: rounds down, tables across, each table's
  North-South and East-West pair, and the boards.

The boards come from the seed (``scoring.boards.board``), the movement from its numbers
(``movement.movement``): nothing stored is read. The words are the reader's (``language``),
laid out on the shared document (``tournaments.printing.Printout``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from scoring.boards import SEATS, Board, board

from ..card_words import SUIT_COLOURS, SortedHand, sorted_hand, suit_name
from ..printing import SHADE, Printout, escape
from .movement import Movement
from .words import board_list, direction_name, seat_letter, seat_name

SLIP_SIZE = 8
"""The slips' cards, in points: a hand of 14 fits its box without wrapping."""
HAND_COLUMNS = (14.5 * mm, 25.5 * mm, 23 * mm)
"""A hand's columns on a slip: the suit, its first 8 cards, its last 6."""
HAND_WIDTH = sum(HAND_COLUMNS)
COMPASS = 28 * mm
"""The band between West and East, the compass centred in it; North and South sit above and
below."""
COMPASS_BOX = 24 * mm
BESIDE = (HAND_WIDTH + COMPASS) / 2
"""The corners of a slip, beside North and South: the board and dealer, the event."""
SLIP_PADDING = 2 * mm
COMPASS_ORDER = ((None, 0, None), (3, None, 1), (None, 2, None))
"""The compass's letters by row: North above, West and East, South below (seats)."""


# --- board slips ----------------------------------------------------------------------------


class _Slips:
    """The styles of a slip, and a slip of each board."""

    def __init__(self, printout: Printout, event_title: str) -> None:
        self.printout, self.event_title = printout, event_title
        size = printout.size
        self.cards = ParagraphStyle("cards", parent=printout.text, leading=size * 1.15)
        self.seat = ParagraphStyle(
            "seat", parent=printout.head, fontSize=size * 1.15, leading=size * 1.3
        )
        self.part = ParagraphStyle(
            "part",
            parent=printout.small,
            textColor=colors.Color(0.35, 0.35, 0.35),
            leading=size * 1.3,
        )
        self.label = ParagraphStyle("label", parent=printout.small, fontSize=size * 0.85)
        self.number = ParagraphStyle(
            "number", parent=printout.head, fontSize=size * 3, leading=size * 3.2
        )
        self.event = ParagraphStyle("event", parent=printout.small, alignment=TA_RIGHT)
        self.letter = ParagraphStyle("letter", parent=printout.head, alignment=TA_CENTER)
        self.dealer_letter = ParagraphStyle(
            "dealer_letter", parent=self.letter, textColor=colors.white
        )

    def slip(self, dealt: Board) -> Flowable:
        top = self._row(
            [
                self._info(dealt),
                self._hand(dealt, 0),
                Paragraph(escape(self.event_title), self.event),
            ],
            (BESIDE, HAND_WIDTH, BESIDE),
        )
        middle = self._row(
            [self._hand(dealt, 3), self._compass(dealt), self._hand(dealt, 1)],
            (HAND_WIDTH, COMPASS, HAND_WIDTH),
            centred=True,
        )
        bottom = self._row(["", self._hand(dealt, 2), ""], (BESIDE, HAND_WIDTH, BESIDE))
        slip = Table(
            [[top], [middle], [bottom]], colWidths=[2 * HAND_WIDTH + COMPASS + 2 * SLIP_PADDING]
        )
        slip.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
                    ("LEFTPADDING", (0, 0), (-1, -1), SLIP_PADDING),
                    ("RIGHTPADDING", (0, 0), (-1, -1), SLIP_PADDING),
                    ("TOPPADDING", (0, 0), (-1, -1), SLIP_PADDING / 3),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), SLIP_PADDING / 3),
                    ("TOPPADDING", (0, 0), (-1, 0), SLIP_PADDING),
                    ("BOTTOMPADDING", (0, -1), (-1, -1), SLIP_PADDING),
                ]
            )
        )
        return slip

    @staticmethod
    def _row(cells: list, widths: Sequence[float], *, centred: bool = False) -> Table:
        """A band of the slip: its cells side by side, at the top (``centred``: the middle
        cell, the compass, centred on the height of the hands beside it)."""
        row = Table([cells], colWidths=list(widths))
        row.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("VALIGN", (1, 0), (1, 0), "MIDDLE" if centred else "TOP"),
                    ("ALIGN", (1, 0), (1, 0), "CENTER"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        return row

    def _info(self, dealt: Board) -> list[Flowable]:
        return [
            Paragraph(escape(_("Board")), self.label),
            Paragraph(str(dealt.number), self.number),
            Paragraph(
                escape(_("Dealer: %(seat)s") % {"seat": seat_name(dealt.dealer)}),
                self.printout.text,
            ),
        ]

    def _hand(self, dealt: Board, seat: int) -> Table:
        first, last = sorted_hand(dealt.first_eight(seat)), sorted_hand(dealt.last_six(seat))
        rows: list[list] = [
            [
                Paragraph(escape(seat_name(seat)), self.seat),
                Paragraph(escape(_("first 8")), self.part),
                Paragraph(escape(_("last 6")), self.part),
            ],
            ["", self._specials(first), self._specials(last)],
        ]
        for suit, colour in enumerate(SUIT_COLOURS):
            rows.append(
                [
                    Paragraph(
                        f'<font color="{colour}">{escape(suit_name(suit))}</font>', self.label
                    ),
                    self._ranks(first, suit),
                    self._ranks(last, suit),
                ]
            )
        hand = Table(rows, colWidths=list(HAND_COLUMNS))
        hand.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
                    ("TOPPADDING", (0, 0), (-1, -1), 0.2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0.6),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                    ("LINEAFTER", (1, 1), (1, -1), 0.4, colors.grey),
                    ("BACKGROUND", (1, 1), (1, -1), SHADE),
                ]
            )
        )
        return hand

    def _specials(self, cards: SortedHand) -> Paragraph:
        return Paragraph(escape(", ".join(cards.specials)), self.cards)

    def _ranks(self, cards: SortedHand, suit: int) -> Paragraph:
        return Paragraph(escape(" ".join(cards.suits[suit]) or "–"), self.cards)

    def _compass(self, dealt: Board) -> Table:
        """The four seats' letters around the board's number, the dealer's letter reversed
        out (white on black)."""
        cell = COMPASS_BOX / 3
        rows = [
            [
                Paragraph(str(dealt.number), self.letter)
                if seat is None and r == 1 and c == 1
                else ""
                if seat is None
                else Paragraph(
                    escape(seat_letter(seat)),
                    self.dealer_letter if seat == dealt.dealer else self.letter,
                )
                for c, seat in enumerate(row)
            ]
            for r, row in enumerate(COMPASS_ORDER)
        ]
        at = next(
            (c, r)
            for r, row in enumerate(COMPASS_ORDER)
            for c, seat in enumerate(row)
            if seat == dealt.dealer
        )
        compass = Table(rows, colWidths=[cell] * 3, rowHeights=[cell] * 3)
        compass.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
                    ("BACKGROUND", at, at, colors.black),
                ]
            )
        )
        return compass


def board_slips(event_title: str, seed: int, boards: Iterable[int], language: str) -> bytes:
    """The slips of ``boards`` (numbers from 1) of the event with ``seed``, three to an A4
    page, in ``language`` ("en", "de")."""
    with translation.override(language):
        printout = Printout(event_title, _("Board slips"), size=SLIP_SIZE)
        slips = _Slips(printout, event_title)
        story: list[Flowable] = []
        for number in boards:
            story += [KeepTogether([slips.slip(board(seed, number))]), Spacer(1, 4 * mm)]
        return printout.build(story)


# --- the dealing list -----------------------------------------------------------------------


class TickBox(Flowable):
    """An empty box to tick by hand (drawn: every font has it)."""

    def __init__(self, size: float) -> None:
        super().__init__()
        self.size = size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        self.canv.setLineWidth(0.8)
        self.canv.rect(0, 0, self.size, self.size)


def dealing_list(event_title: str, seed: int, boards: Iterable[int], language: str) -> bytes:
    """For making ``boards`` up by hand: each board's four seats, a line each, with the cards
    of the seat's first 8 and of its last 6 by suit (special cards apart), and a box to tick
    after each part. Landscape A4; a board's lines stay together on a page."""
    with translation.override(language):
        printout = Printout(event_title, _("Dealing list"), size=9, wide=True)
        lines: list[list[str]] = []  # per seat: board, seat, the first 8's five parts, the last 6's
        for number in boards:
            dealt = board(seed, number)
            for seat in range(SEATS):
                name = seat_name(seat)
                if seat == dealt.dealer:
                    name = _("%(name)s (dealer)") % {"name": name}
                lines.append(
                    [
                        str(number) if seat == 0 else "",
                        name,
                        *_part_texts(sorted_hand(dealt.first_eight(seat))),
                        *_part_texts(sorted_hand(dealt.last_six(seat))),
                    ]
                )
        parts = [_("Special cards"), *(suit_name(suit) for suit in range(4))]
        labels = [_("Board"), _("Seat"), *parts, *parts]
        box = printout.size * 1.3
        tick = box + printout.size + 1
        natural = [
            printout.fit_width(label, [line[index] for line in lines])
            for index, label in enumerate(labels)
        ]
        least = [printout.fit_width(label, []) for label in labels]
        widths = natural[:2] + _spread(
            natural[2:], least[2:], printout.width - 2 * tick - sum(natural[:2])
        )
        widths = [*widths[:7], tick, *widths[7:], tick]
        coloured = [
            f'<font color="{colour}">{escape(suit_name(suit))}</font>'
            for suit, colour in enumerate(SUIT_COLOURS)
        ]
        heads = [
            [_("Board"), _("Seat"), _("First 8 cards"), *[""] * 5, _("Last 6 cards"), *[""] * 5],
        ]
        cells: list[list] = [
            [Paragraph(escape(text), printout.head) for text in heads[0]],
            [
                "",
                "",
                *(
                    Paragraph(text, printout.head)
                    for text in ["", *coloured, "", "", *coloured, ""]
                ),
            ],
        ]
        cells[1][2] = cells[1][8] = Paragraph(escape(parts[0]), printout.head)
        style = [
            command
            for command in printout.grid_style(header_rows=2)
            if command[0] != "ROWBACKGROUNDS"
        ]
        style += [("SPAN", (2, 0), (6, 0)), ("SPAN", (8, 0), (12, 0))]
        for start in range(0, len(lines), SEATS):
            top, bottom = start + 2, start + 1 + SEATS
            for line in lines[start : start + SEATS]:
                texts = [Paragraph(escape(text), printout.text) for text in line]
                texts[0] = Paragraph(f"<b>{escape(line[0])}</b>", printout.text)
                cells.append([*texts[:7], TickBox(box), *texts[7:], TickBox(box)])
            style += [
                ("SPAN", (0, top), (0, bottom)),
                ("NOSPLIT", (0, top), (-1, bottom)),
                ("LINEBELOW", (0, bottom), (-1, bottom), 1, colors.black),
            ]
            if start // SEATS % 2:
                style.append(("BACKGROUND", (0, top), (-1, bottom), SHADE))
        table = Table(cells, colWidths=widths, repeatRows=2)
        table.setStyle(TableStyle(style))
        return printout.build([table])


def _spread(widths: list[float], least: list[float], room: float) -> list[float]:
    """Columns filling ``room``: the room to spare shared equally; when they are wider together,
    each narrowed alike towards its ``least`` (its heading's longest word; its cards then wrap)."""
    total = sum(widths)
    if total <= room:
        return [width + (room - total) / len(widths) for width in widths]
    slack = sum(width - low for width, low in zip(widths, least, strict=True))
    cut = min(1.0, (total - room) / slack) if slack else 0.0
    return [width - (width - low) * cut for width, low in zip(widths, least, strict=True)]


def _part_texts(cards: SortedHand) -> list[str]:
    """One part of a seat's cards on the dealing list: its special cards, then each suit."""
    return [", ".join(cards.specials), *(" ".join(ranks) for ranks in cards.suits)]


# --- movement cards and the movement sheet ------------------------------------------------------


def movement_cards(
    event_title: str, plan: Movement, language: str, pairs: Iterable[int] | None = None
) -> bytes:
    """A card for each pair (or for ``pairs`` only: a card reprinted): each round's table,
    direction (NS or EW), the opponents' pair number and the boards, or that the pair sits
    out. Two columns to an A4 page; a card longer than a column goes on in the next."""
    with translation.override(language):
        printout = Printout(event_title, _("Movement cards"), size=9)
        width = printout.column_width(2)
        title = ParagraphStyle("pair", parent=printout.head, fontSize=13, leading=16)
        header = [_("Round"), _("Table"), _("Direction"), _("Opponents"), _("Boards")]
        story: list[Flowable] = []
        for pair in range(1, plan.pairs + 1) if pairs is None else pairs:
            rows: list[list] = []
            for number, meeting in enumerate(plan.card(pair), start=1):
                if meeting is None:
                    rows.append(
                        [number, Paragraph(escape(_("sits out")), printout.text), "", "", "–"]
                    )
                    continue
                north_south = meeting.ns == pair
                rows.append(
                    [
                        number,
                        meeting.table,
                        direction_name(north_south),
                        meeting.ew if north_south else meeting.ns,
                        board_list(meeting.boards),
                    ]
                )
            table = printout.table(header, rows, flex=4, numeric=(0, 1, 3), key=1, width=width)
            table.setStyle(
                TableStyle(
                    [
                        ("SPAN", (1, line), (3, line))
                        for line, row in enumerate(rows, start=1)
                        if isinstance(row[1], Paragraph)
                    ]
                )
            )
            heading = Paragraph(escape(_("Pair %(n)d") % {"n": pair}), title)
            event = Paragraph(escape(event_title), printout.small)
            story += [KeepTogether([heading, event, Spacer(1, 2 * mm), table]), Spacer(1, 7 * mm)]
        return printout.build(story, columns=2)


def movement_sheet(event_title: str, plan: Movement, language: str) -> bytes:
    """The whole movement for the director: a line per round, a column per table with its
    North-South and East-West pairs ("3 – 8"), the round's boards (in each table's cell when
    its tables play different boards) and who sits out. Landscape; a wide field is printed in
    blocks of tables, one under the other."""
    with translation.override(language):
        printout = Printout(event_title, _("Movement"), size=11, wide=True)
        shared = all(len({m.boards for m in meetings}) == 1 for meetings in plan.rounds)
        odd = any(pair is not None for pair in plan.sit_outs)

        def cell(meeting) -> str:
            pairs = f"{meeting.ns} – {meeting.ew}"
            return pairs if shared else f"{pairs} ({board_list(meeting.boards)})"

        tables = len(plan.rounds[0])
        fit = printout.fit_width
        column = max(
            fit(_("Table %(n)d") % {"n": t + 1}, [cell(m[t]) for m in plan.rounds])
            for t in range(tables)
        )
        fixed = fit(_("Round"), [len(plan.rounds)])
        if shared:
            fixed += fit(_("Boards"), [board_list(m[0].boards) for m in plan.rounds])
        if odd:
            fixed += fit(_("Sits out"), [plan.pairs])
        per_block = max(1, int((printout.width - fixed) // column))
        legend = _("Each table: the North-South pair – the East-West pair.")
        if not shared:
            legend += " " + _("The boards in brackets.")
        story: list[Flowable] = [printout.paragraph(legend), Spacer(1, 3 * mm)]
        for start in range(0, tables, per_block):
            block = range(start, min(start + per_block, tables))
            header = [
                _("Round"),
                *([_("Boards")] if shared else []),
                *(_("Table %(n)d") % {"n": t + 1} for t in block),
                *([_("Sits out")] if odd else []),
            ]
            rows = [
                [
                    number,
                    *([board_list(meetings[0].boards)] if shared else []),
                    *(cell(meetings[t]) for t in block),
                    *([plan.sit_outs[number - 1] or ""] if odd else []),
                ]
                for number, meetings in enumerate(plan.rounds, start=1)
            ]
            if tables > per_block:
                story.append(
                    printout.paragraph(
                        _("Tables %(first)d–%(last)d")
                        % {"first": block[0] + 1, "last": block[-1] + 1},
                        bold=True,
                    )
                )
            table = printout.table(header, rows, flex=None, key=0)
            table.hAlign = "LEFT"
            story += [table, Spacer(1, 6 * mm)]
        return printout.build(story)
