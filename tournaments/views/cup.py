"""A cup's pages: the public live bracket (phone and projector), group tables, each match with
every game and hand, the printable bracket (PDF); the organizer's draw; CSV/XLSX of the matches.

The bracket page polls its own fragment (htmx) every few seconds, so a phone or the projector
follows the cup without reloading; ``?projector=1`` gives the dark, large, full-width layout.
"""

from __future__ import annotations

import io

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from ..knockout.draw import cup_draw
from ..knockout.placings import placings
from ..knockout.progress import match_resolve
from ..knockout.reads import CupView, cup_view, match_view
from ..models import Entrant, Event, Match, Table, event_display_names
from ..selectors import pages as queries
from ..services.history import Actor, ServiceError
from . import confirmations
from .exports import _fonts, bracket_pdf_bytes
from .labels import best_of_label, live_matches, stage_label, stage_of_rounds

BRACKET_POLL_SECONDS = 10


def _cup_or_404(event_id: int) -> Event:
    event = queries.event_or_404(event_id)
    if not event.format.is_cup:
        raise Http404("This event is not a cup.")
    return event


def _context(event: Event, projector: bool) -> dict:
    cup = cup_view(event)
    return {
        "event": event,
        "cup": cup,
        "projector": projector,
        "poll": BRACKET_POLL_SECONDS,
        "rounds": [(stage_label(r.stage), r) for r in cup.rounds],
        "third_label": stage_label("third_place"),
        "format": event.format,
        "best_of": best_of_label(event.format),
    }


def event_page_context(event: Event) -> dict:
    """What a cup's event pages (the organizer's, the public one) show instead of rounds and
    standings once it is drawn: the matches at a table with their stage and current game's table,
    the placings so far, each round named by its stage. Empty before the draw."""
    cup: CupView = cup_view(event)
    if not cup.drawn:
        return {"cup": None}
    live = live_matches(cup)
    tables = Table.objects.in_bulk([view.games[-1].table_id for _stage, view in live if view.games])
    playing = [
        {
            "stage": stage,
            "view": view,
            "game": len(view.games),
            "table": tables.get(view.games[-1].table_id) if view.games else None,
        }
        for stage, view in live
    ]
    return {
        "cup": cup,
        "cup_playing": playing,
        "placings_so_far": cup.placings,
        "round_stages": stage_of_rounds(cup),
    }


@require_GET
def bracket(request, event_id: int):
    event = _cup_or_404(event_id)
    projector = request.GET.get("projector") == "1"
    return render(request, "public/bracket.html", _context(event, projector))


@require_GET
def bracket_live(request, event_id: int):
    """The bracket's fragment that the page polls."""
    event = _cup_or_404(event_id)
    return render(
        request, "public/_bracket.html", _context(event, request.GET.get("projector") == "1")
    )


@require_GET
def match_detail(request, event_id: int, match_id: int):
    event = _cup_or_404(event_id)
    found = match_view(event, match_id)
    if found is None:
        raise Http404("No such match.")
    view, hands = found
    return render(
        request,
        "public/match.html",
        {
            "event": event,
            "m": view,
            "games": list(zip(view.games, hands, strict=True)),
            "format": event.format,
        },
    )


@require_GET
def bracket_pdf(request, event_id: int):
    event = _cup_or_404(event_id)
    response = HttpResponse(bracket_pdf_bytes(cup_view(event)), content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="{slugify(event.name) or "cup"}-bracket.pdf"'
    )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def draw(request, event_id: int):
    """The organizer draws the cup: seeds in the order of registration (or the seeding event's
    standings), groups and the whole bracket at once; GET asks first (``confirmations``)."""
    event = queries.organizer_event_or_404(request.user, event_id)
    if request.method == "GET":
        return render(request, "organizer/confirm.html", confirmations.cup_draw(event))
    try:
        cup_draw(event_id=event.pk, actor=Actor.organizer(request.user))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The cup is drawn: the first matches are at their tables."))
    return redirect("organizer-event", event_id=event.pk)


@login_required
@require_POST
def resolve(request, event_id: int, match_id: int):
    """The organizer settles a match's note: replays the held match with the corrected teams, or
    removes the games played after the match was decided (``knockout.progress.match_resolve``)."""
    event = queries.organizer_event_or_404(request.user, event_id)
    if not Match.objects.filter(event=event, pk=match_id).exists():
        raise Http404("No such match.")
    try:
        match_resolve(match_id=match_id, actor=Actor.organizer(request.user))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Done: the match follows the corrected bracket."))
    return redirect("organizer-event", event_id=event.pk)


PDF_ROW = 7 * mm


def placings_title(event: Event) -> str:
    if event.status == Event.Status.FINISHED:
        return _("Final placings")
    return _("Placings so far (provisional)")


def placings_pdf(event: Event) -> bytes:
    """A cup's placings as the printable "standings": place and team, best first, then the teams
    still in the cup (provisional until it is finished). No points: a cup ranks by the round a
    team reached (RULINGS.md, "Knockout cups and group stages")."""
    names = event_display_names(event.pk)
    placed = placings(event)
    in_cup = set(Match.objects.filter(event=event).values_list("entrant_a_id", flat=True)) | set(
        Match.objects.filter(event=event).values_list("entrant_b_id", flat=True)
    )
    withdrawn = set(
        Entrant.objects.filter(event=event, withdrawn_after_round__isnull=False).values_list(
            "pk", flat=True
        )
    )
    done = {team for _place, team in placed}
    rows = [(f"{place}.", team) for place, team in placed]
    rows += [("–", team) for team in sorted(in_cup - done - {None}, key=lambda t: names[t])]
    title = placings_title(event)
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4, pageCompression=1)
    pdf.setTitle(f"{event.name} – {title}")
    regular, bold = _fonts()
    width, height = A4
    left, right = 18 * mm, width - 18 * mm
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
        pdf.drawRightString(left + 12 * mm, y, _("Place"))
        pdf.drawString(left + 16 * mm, y, _("Team"))
        pdf.line(left, y - 2 * mm, right, y - 2 * mm)
        return y - PDF_ROW

    y = header()
    for place, team in rows:
        if y < 15 * mm:
            pdf.showPage()
            y = header()
        name = names[team][:60]
        if team in withdrawn:
            name = "{} ({})".format(name, _("withdrawn"))
        elif place == "–":
            name = "{} ({})".format(name, _("still in the cup"))
        pdf.setFont(regular, 10)
        pdf.drawRightString(left + 12 * mm, y, place)
        pdf.drawString(left + 16 * mm, y, name)
        y -= PDF_ROW
    if not rows:
        pdf.setFont(regular, 10)
        pdf.drawString(left, y, _("The cup is not drawn yet."))
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()
