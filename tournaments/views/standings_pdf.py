"""The standings as a printable PDF (public, like the standings): "final" once the event is
finished, else provisional with the round they stand after. For the notice board and the prize
giving; A4, as many pages as the field needs, the header row repeated on each (``printouts``).

The columns are the page's: rank, name (with its byes and credits marked, ``standing_layout``),
the game's ``standing_columns``, the event's tie-breaks, hands. Those who never played are not
ranked: they follow the table as "did not play". A cup prints its placings instead (``cup``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from reportlab.platypus import Paragraph, Spacer
from reportlab.platypus.flowables import Flowable

from ..models import Event
from ..selectors import pages as queries
from .cup import placings_pdf, placings_title
from .printouts import Printout, escape, pdf_response
from .standing_layout import credit_text, tiebreak_columns, tiebreak_label, tiebreak_value


def _title(event: Event, rounds_played: int) -> str:
    if event.status == Event.Status.FINISHED:
        return _("Final standings")
    return _("Standings after round %(n)d (provisional)") % {"n": rounds_played}


def standings_pdf(
    event: Event, rows: list, rounds_played: int, absent: list | None = None
) -> bytes:
    """``rows`` (those who played, ranked) as a table, ``absent`` (never played) after it."""
    printout = Printout(event, _title(event, rounds_played))
    columns = event.format.standing_columns
    tiebreaks = tiebreak_columns(event)
    header = [
        _("Rank"),
        _("Name"),
        *(str(c.label) for c in columns),
        *(tiebreak_label(t) for t in tiebreaks),
        _("Hands"),
    ]
    numbers = len(columns) + len(tiebreaks) + 1
    lines = []
    for row in rows:
        name = escape(row.entrant.display_name)
        if not row.entrant.active:
            name += " ({})".format(escape(_("withdrawn")))
        credit = credit_text(row, columns)
        if credit:
            name += f'<br/><font size="{printout.size * 0.75}">{escape(credit)}</font>'
        lines.append(
            [
                row.rank_label,
                Paragraph(name, printout.text),
                *(getattr(row, c.standing) for c in columns),
                *(tiebreak_value(row, t) for t in tiebreaks),
                row.hands_played,
            ]
        )
    story: list[Flowable] = []
    if lines:
        story.append(
            printout.table(header, lines, flex=1, numeric=(0, *range(2, 2 + numbers)), key=2)
        )
    else:
        story.append(printout.paragraph(_("No standings yet.")))
    if absent:
        story += [
            Spacer(1, 5 * printout.size),
            printout.paragraph(
                "{}: {}".format(
                    _("Did not play"), ", ".join(row.entrant.display_name for row in absent)
                )
            ),
        ]
    return printout.build(story)


@require_GET
def standings_pdf_view(request, event_id: int):
    event = queries.event_or_404(event_id)
    if event.format.is_cup:  # a cup ranks by its placings, never by VP
        return pdf_response(placings_pdf(event), event, placings_title(event))
    rounds_played = len(queries.public_rounds(event))
    body = standings_pdf(
        event, queries.standings(event), rounds_played, queries.did_not_play(event)
    )
    return pdf_response(body, event, _title(event, rounds_played))
