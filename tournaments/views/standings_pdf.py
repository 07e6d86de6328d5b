"""The standings as a printable PDF (public, like the standings): "final" once the event is
finished, else provisional with the round they stand after. For the notice board and the prize
giving; A4, as many pages as the field needs, the header repeated on each."""

from __future__ import annotations

import io

from django.http import HttpResponse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from ..models import Event
from ..selectors import pages as queries
from .cup import placings_pdf
from .exports import _fonts

ROW_HEIGHT = 7 * mm
NAME_CHARS = 52


def _title(event: Event, rounds_played: int) -> str:
    if event.status == Event.Status.FINISHED:
        return _("Final standings")
    return _("Standings after round %(n)d (provisional)") % {"n": rounds_played}


def standings_pdf(event: Event, rows: list, rounds_played: int) -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4, pageCompression=1)
    title = _title(event, rounds_played)
    pdf.setTitle(f"{event.name} – {title}")
    regular, bold = _fonts()
    width, height = A4
    left, right = 18 * mm, width - 18 * mm
    placings = event.format.game.placings  # placing points, no Tichu points (Grand Seigneur)
    columns = [(_("Rank"), left + 12 * mm, "right"), (_("Name"), left + 16 * mm, "left"),
               *([(_("Points"), right - 25 * mm, "right")] if placings else
                 [(_("VP"), right - 50 * mm, "right"), (_("TP"), right - 25 * mm, "right")]),
               (_("Hands"), right, "right")]
    stamp = date_format(timezone.localtime(), "DATETIME_FORMAT")

    def header() -> float:
        top = height - 18 * mm
        pdf.setFont(bold, 16)
        pdf.drawString(left, top, event.name[:70])
        pdf.setFont(bold, 13)
        pdf.drawString(left, top - 8 * mm, title)
        pdf.setFont(regular, 8)
        pdf.drawRightString(right, top - 8 * mm, stamp)
        y = top - 18 * mm
        pdf.setFont(bold, 10)
        for text, x, align in columns:
            (pdf.drawRightString if align == "right" else pdf.drawString)(x, y, text)
        pdf.line(left, y - 2 * mm, right, y - 2 * mm)
        return y - ROW_HEIGHT

    y = header()
    for row in rows:
        if y < 15 * mm:
            pdf.showPage()
            y = header()
        name = row.entrant.display_name
        if len(name) > NAME_CHARS:  # shortened in the name: what tells equal names apart stays
            suffix = name[len(row.entrant.name):]
            name = row.entrant.name[:max(NAME_CHARS - len(suffix) - 1, 1)] + "…" + suffix
        if not row.entrant.active:
            name = f"{name} ({_('withdrawn')})"
        points = [str(row.victory_points)] if placings else [str(row.victory_points),
                                                                 str(row.tichu_points)]
        values = [row.rank_label, name, *points, str(row.hands_played)]
        pdf.setFont(regular, 10)
        for value, (_text, x, align) in zip(values, columns, strict=True):
            (pdf.drawRightString if align == "right" else pdf.drawString)(x, y, value)
        y -= ROW_HEIGHT
    if not rows:
        pdf.setFont(regular, 10)
        pdf.drawString(left, y, _("No standings yet."))
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


@require_GET
def standings_pdf_view(request, event_id: int):
    event = queries.event_or_404(event_id)
    if event.format.is_cup:  # a cup ranks by its placings, never by VP
        body = placings_pdf(event)
    else:
        body = standings_pdf(event, queries.standings(event), len(queries.public_rounds(event)))
    response = HttpResponse(body, content_type="application/pdf")
    kind = "final" if event.status == Event.Status.FINISHED else "provisional"
    response["Content-Disposition"] = (f'inline; filename="{slugify(event.name) or "event"}-'
                                       f'standings-{kind}.pdf"')
    return response
