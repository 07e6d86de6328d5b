"""Printouts for the organizer's day, laid out by reportlab's platypus on the shared document
(``tournaments.printing.Printout``: tables that break across pages with their header row, every
page headed by the event, the title, the print time and the page number).

In the reader's language (the request's, as every page), with a Unicode font (names may be any
script). Built here: a round's seating A-Z (German order, ``collation``, as the seating page) and
a round's results for the wall (large, landscape: read from two metres). The standings are
``standings_pdf``'s, with the same document.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer
from reportlab.platypus.flowables import Flowable

from ..models import Event, Round, Series
from ..printing import Printout, escape
from ..selectors import pages as queries
from . import seating


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
    columns = event.format.total_columns
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
