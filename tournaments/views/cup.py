"""A cup's pages: the public live bracket (phone and projector), group tables, each match with
every game and hand, the printable bracket (PDF); the organizer's draw; CSV/XLSX of the matches.

The bracket page polls its own fragment (htmx) every few seconds, so a phone or the projector
follows the cup without reloading; ``?projector=1`` gives the dark, large, full-width layout.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from ..knockout.draw import cup_draw
from ..knockout.reads import cup_view, match_view
from ..models import Event
from ..selectors import pages as queries
from ..services.history import Actor, ServiceError
from . import confirmations
from .exports import bracket_pdf_bytes
from .labels import best_of_label, stage_label

BRACKET_POLL_SECONDS = 10


def _cup_or_404(event_id: int) -> Event:
    event = queries.event_or_404(event_id)
    if not event.format.is_cup:
        raise Http404("This event is not a cup.")
    return event


def _context(event: Event, projector: bool) -> dict:
    cup = cup_view(event)
    return {"event": event, "cup": cup, "projector": projector, "poll": BRACKET_POLL_SECONDS,
            "rounds": [(stage_label(r.stage), r) for r in cup.rounds],
            "third_label": stage_label("third_place"), "format": event.format,
            "best_of": best_of_label(event.format)}


@require_GET
def bracket(request, event_id: int):
    event = _cup_or_404(event_id)
    projector = request.GET.get("projector") == "1"
    return render(request, "public/bracket.html", _context(event, projector))


@require_GET
def bracket_live(request, event_id: int):
    """The bracket's fragment that the page polls."""
    event = _cup_or_404(event_id)
    return render(request, "public/_bracket.html",
                  _context(event, request.GET.get("projector") == "1"))


@require_GET
def match_detail(request, event_id: int, match_id: int):
    event = _cup_or_404(event_id)
    found = match_view(event, match_id)
    if found is None:
        raise Http404("No such match.")
    view, hands = found
    return render(request, "public/match.html", {
        "event": event, "m": view, "games": list(zip(view.games, hands, strict=True)),
        "format": event.format})


@require_GET
def bracket_pdf(request, event_id: int):
    event = _cup_or_404(event_id)
    response = HttpResponse(bracket_pdf_bytes(cup_view(event)), content_type="application/pdf")
    response["Content-Disposition"] = (f'inline; filename="{slugify(event.name) or "cup"}-'
                                       f'bracket.pdf"')
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
