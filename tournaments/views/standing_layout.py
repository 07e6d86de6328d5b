"""What a standings row shows beside its points, the same on the page, the projector and the
printouts: the event's tie-breaks as columns, and its credits marked as credits.

Tie-breaks: equal VP are explained by the event's chain (``Format.tiebreaks``), each a column
with its label, its value from the row's ``tiebreaks``; a tie-break that is already one of the
game's standing columns (Tichu points, the DTM's first tie-break) is not shown twice.

Credits: a bye's credit and the credit of a closed table's missing hands are part of a row's
points (``StandingRow.adjustment_vp``/``adjustment_tp``), never invented hands: every listing says
so beside the name, "(1 bye, credited +2 VP, +50 TP)", in the game's own words for its points.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..games import Column
from ..models import Event, StandingRow
from ..standings.tiebreaks import TIEBREAKS, Tiebreak

ADJUSTMENTS = {"victory_points": "adjustment_vp", "tichu_points": "adjustment_tp"}
"""The credit held in a row for each standing column that has one."""


def tiebreak_columns(event: Event) -> list[Tiebreak]:
    """The event's tie-breaks in their order, but those shown as a standing column already."""
    shown = {column.standing for column in event.format.standing_columns}
    return [
        TIEBREAKS[name]
        for name in event.format.tiebreaks
        if name in TIEBREAKS and not _in_totals_shown(TIEBREAKS[name], shown)
    ]


def _in_totals_shown(tiebreak: Tiebreak, shown: set[str | None]) -> bool:
    """Is the tie-break a total that the standings show as a column already?"""
    totals = tiebreak.in_totals
    return totals is not None and totals[1] in shown


def tiebreak_value(row: StandingRow, tiebreak: Tiebreak) -> int:
    """The row's value of ``tiebreak`` (0 where the row has none yet)."""
    totals = tiebreak.in_totals
    if totals:
        return getattr(row, totals[1])
    return int((row.tiebreaks or {}).get(tiebreak.name) or 0)


def tiebreak_label(tiebreak: Tiebreak) -> str:
    """A tie-break's label as a column heading (the settings write it in lower case)."""
    label = str(tiebreak.label)
    return label[:1].upper() + label[1:]


def credit_text(row: StandingRow, columns: tuple[Column, ...]) -> str:
    """ "(1 bye, credited +2 VP, +50 TP)": the byes and the credits in a row's points, in the
    game's columns (each of them, a zero too, once any holds a credit); "" for a row without
    either."""
    credited = [
        (column, ADJUSTMENTS[column.standing])
        for column in columns
        if column.standing in ADJUSTMENTS
    ]
    credits = [f"{getattr(row, field):+d} {column.label}" for column, field in credited]
    if not any(getattr(row, field) for _column, field in credited):
        credits = []
    parts = []
    if row.byes:
        parts.append(ngettext("%(n)d bye", "%(n)d byes", row.byes) % {"n": row.byes})
    if credits:
        # Translators: beside a name in the standings: what its points hold as a credit (a
        # bye's average, a closed table's missing hands), e.g. "credited +2 VP, +50 TP"
        parts.append(_("credited %(points)s") % {"points": ", ".join(credits)})
    return f"({', '.join(parts)})" if parts else ""
