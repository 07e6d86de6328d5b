"""A series' table on paper and in a spreadsheet, and the words that state its rule.

The PDF is the standings' document (``printouts.Printout``): rank, name and club, each event's
points with the place in brackets (struck when it does not count), the total, and who qualifies;
landscape when the events are many. The spreadsheet has a place and a points column per event
(dropped points struck, ``exports.Struck``), the total and the tie-breaks, numbers as numbers.
"""

from __future__ import annotations

from django.utils.formats import localize
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.platypus import Paragraph, Spacer
from reportlab.platypus.flowables import Flowable

from ..models import ListedPerson, Series
from ..selectors.series import SeriesTable
from ..series import TABLE, Result, as_points, to_tenths
from .exports import Struck
from .printouts import Printout, escape

WIDE_FROM = 5  # events from which the printout turns landscape


def rule_summary(series: Series) -> list[str]:
    """The series' rule in sentences, as its pages state it."""
    if series.points == TABLE:
        places = ", ".join(localize(as_points(to_tenths(v))) for v in series.points_table)
        points = _("Points by place: %(table)s; later places 0.") % {"table": places}
    else:
        points = _("Points by place, scaled by the field: 100 × (N − place + 1) / N.")
    if series.best_k:
        counted = ngettext(
            "The best event of each player counts.",
            "The best %(k)d events of each player count.",
            series.best_k,
        ) % {"k": series.best_k}
    else:
        counted = _("Every event counts.")
    lines = [points, counted]
    if series.qualifying:
        lines.append(
            ngettext("The first qualifies.", "The first %(n)d qualify.", series.qualifying)
            % {"n": series.qualifying}
        )
    return lines


def person_label(person: ListedPerson) -> str:
    """A name with its club, as the table shows it."""
    return f"{person.name} ({person.club})" if person.club else person.name


def result_text(result: Result | None) -> str:
    """An event's cell on paper: the points and the place, e.g. ``87.5 (2.)``."""
    if result is None:
        return "–"
    return f"{localize(as_points(result.points))} ({result.place}.)"


def series_pdf(table: SeriesTable) -> bytes:
    events = table.events
    printout = Printout(table.series, _("Series table"), wide=len(events) >= WIDE_FROM)
    header = [
        _("Rank"),
        _("Name"),
        *(str(number) for number in range(1, len(events) + 1)),
        _("Points"),
        "",
    ]
    lines = []
    for row in table.rows:
        cells: list = []
        for result in row.cells:
            text = escape(result_text(result))
            if result is not None and not result.counted:
                text = f"<strike>{text}</strike>"
            cells.append(Paragraph(text, printout.number))
        lines.append(
            [
                row.line.rank,
                Paragraph(escape(person_label(row.person)), printout.text),
                *cells,
                localize(as_points(row.line.total)),
                _("qualified") if row.line.qualified else "",
            ]
        )
    story: list[Flowable] = [printout.paragraph(" ".join(rule_summary(table.series)))]
    story.append(Spacer(1, printout.size))
    if lines:
        numeric = (0, *range(2, 3 + len(events)))
        story.append(printout.table(header, lines, flex=1, numeric=numeric, key=2 + len(events)))
    else:
        story.append(printout.paragraph(_("Nobody is placed yet.")))
    story += [Spacer(1, printout.size), printout.paragraph(_("Events"), bold=True)]
    story += [
        printout.paragraph(f"{number}. {event.name}")
        for number, event in enumerate(events, start=1)
    ]
    return printout.build(story)


def series_rows(table: SeriesTable) -> tuple[list[str], list[list]]:
    """The table for a spreadsheet: per event its place and points (struck when dropped)."""
    header = [_("Rank"), _("Name"), _("Club")]
    for event in table.events:
        header += [
            _("%(event)s: place") % {"event": event.name},
            _("%(event)s: points") % {"event": event.name},
        ]
    header += [_("Points"), _("Wins"), _("Second places"), _("Qualified")]
    rows = []
    for row in table.rows:
        cells: list = []
        for result in row.cells:
            if result is None:
                cells += ["", ""]
                continue
            points = as_points(result.points)
            cells += [result.place, points if result.counted else Struck(points)]
        rows.append(
            [
                row.line.rank,
                row.person.name,
                row.person.club,
                *cells,
                as_points(row.line.total),
                row.line.wins,
                row.line.seconds,
                _("yes") if row.line.qualified else "",
            ]
        )
    return header, rows
