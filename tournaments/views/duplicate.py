"""A duplicate event's public pages: a board's traveller, a pair's scorecard and its movement
card (``selectors.duplicate``), and the organizer's artificial results of a table's boards.

The traveller of a board is public once its round is complete; before, only the event's
organizers and helpers see it here (a pair sees it on its table's page after entering its own
result: ``captain.traveller``). Its cards are shown with it.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from ..card_words import read_hand
from ..duplicate import printouts
from ..duplicate.movement import Movement
from ..models import Table
from ..selectors import duplicate
from ..selectors import pages as queries
from ..services.access import HAND, VIEW, may
from ..services.duplicate import artificial_result_clear, artificial_result_set
from ..services.history import ServiceError
from .forms import ArtificialResultForm
from .labels import DUPLICATE_PRINTOUTS
from .organizer import _actor, _event
from .printouts import pdf_response


def _duplicate_event_or_404(event_id: int):
    event = queries.event_or_404(event_id)
    if not event.format.is_duplicate:
        raise Http404("Not a duplicate event.")
    return event


@require_GET
def board_traveller(request, event_id: int, number: int):
    """A board's results at every table, with matchpoints, and its four hands."""
    event = _duplicate_event_or_404(event_id)
    total = duplicate.boards_total(event)
    if not 1 <= number <= total:
        raise Http404("No such board.")
    shown = duplicate.round_complete(event, number) or may(event.role(request.user), VIEW)
    deal = duplicate.board_cards(event, number) if shown else None
    return render(
        request,
        "public/traveller.html",
        {
            "event": event,
            "number": number,
            "last": number >= total,
            "shown": shown,
            "traveller": duplicate.traveller(event, number) if shown else None,
            "hands": [(duplicate.seat_word(seat), read_hand(deal.hands[seat])) for seat in range(4)]
            if deal
            else [],
            "dealer": duplicate.seat_word(deal.dealer) if deal else "",
        },
    )


@require_GET
def scorecard(request, event_id: int, entrant_id: int):
    """A pair's boards, one by one: direction, opponents, result, matchpoints, percentage."""
    event = _duplicate_event_or_404(event_id)
    entrant = queries.entrant_or_404(event, entrant_id)
    return render(
        request,
        "public/scorecard.html",
        {
            "event": event,
            "entrant": entrant,
            "rows": duplicate.scorecard(event, entrant),
            "standing": queries.standing_of(event, entrant),
            "butler": event.format.board_scoring == "butler",
        },
    )


@require_GET
def movement_card(request, event_id: int, entrant_id: int):
    """Where a pair goes, round by round: table, direction, opponents, boards."""
    event = _duplicate_event_or_404(event_id)
    entrant = queries.entrant_or_404(event, entrant_id)
    pair, stops = duplicate.movement_card(event, entrant)
    return render(
        request,
        "public/movement_card.html",
        {"event": event, "entrant": entrant, "pair": pair, "stops": stops},
    )


@login_required
@require_http_methods(["GET", "POST"])
def artificial_results(request, event_id: int, table_id: int):
    """The organizer gives a board of a table an artificial result, or removes it."""
    event = _event(request, event_id, HAND)
    actor = _actor(request)
    if not event.format.is_duplicate:
        raise Http404("Not a duplicate event.")
    table = Table.objects.filter(pk=table_id, round__event=event).select_related("round").first()
    if table is None:
        raise Http404("No such table.")
    seats = {seat.position: seat.label for seat in table.seats.all()}
    boards = duplicate.table_boards(table, seats)
    form = ArtificialResultForm(request.POST or None, boards=boards)
    if request.method == "POST" and form.is_valid():
        number = form.cleaned_data["number"]
        try:
            if form.cleaned_data["ns"]:
                artificial_result_set(
                    table_id=table.pk,
                    number=number,
                    ns=form.cleaned_data["ns"],
                    ew=form.cleaned_data["ew"] or form.cleaned_data["ns"],
                    actor=actor,
                )
                messages.success(request, _("The artificial result is saved."))
            elif artificial_result_clear(table_id=table.pk, number=number, actor=actor):
                messages.success(request, _("The artificial result is removed."))
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return redirect("organizer-artificial", event_id=event.pk, table_id=table.pk)
    return render(
        request,
        "organizer/artificial.html",
        {"event": event, "table": table, "boards": boards.values(), "form": form},
        status=400 if form.errors else 200,
    )


# --- on paper: the boards and the movement (``duplicate.printouts``) ----------------------------


def _printout(kind: str, event, plan: Movement, language: str) -> bytes:
    """The PDF of the printout ``kind`` (one of ``labels.DUPLICATE_PRINTOUTS``) of the event."""
    boards = range(1, plan.boards + 1)
    if kind == "board-slips":
        return printouts.board_slips(event.name, event.seed, boards, language)
    if kind == "dealing-list":
        return printouts.dealing_list(event.name, event.seed, boards, language)
    if kind == "movement-cards":
        return printouts.movement_cards(event.name, plan, language)
    return printouts.movement_sheet(event.name, plan, language)


@login_required
@require_GET
def duplicate_printout(request, event_id: int, kind: str):
    """A duplicate event's printouts, for its organizers (the board slips and the dealing list
    show every board's cards): ``board-slips``, ``dealing-list``, ``movement-cards`` and
    ``movement``, for the event's field (``selectors.duplicate.movement_of``); 404 while the
    field has no movement (too few pairs)."""
    event = _event(request, _duplicate_event_or_404(event_id).pk)
    titles = dict(DUPLICATE_PRINTOUTS)
    _, plan = duplicate.movement_of(event)
    if kind not in titles or plan is None:
        raise Http404("No such printout.")
    return pdf_response(_printout(kind, event, plan, get_language()), event, str(titles[kind]))
