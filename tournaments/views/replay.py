"""A hand replayed on a page: the hands around the table, the calls, the exchange, every trick,
the wish and the score, stepped through with the keyboard or a tap (``static/js/replay.js``).

Two ways in: a public round's hand that was recorded card by card (``Hand.play_record``: the
demo's bots' hands, a backup's), with its players' names; and a record uploaded as the engine's
JSON (``python -m scoring replay`` reads the same file), replayed and checked, stored nowhere.
The frames are computed here, on the server, by the engine (``scoring.frames``); the game's
seats and names come from the game's class (``games``), so nothing here names a game.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from scoring.frames import frames

from ..selectors import pages as queries
from .replay_form import RecordUploadForm
from .replay_page import replay_data


@require_GET
def hand_replay(request, event_id: int, number: int, table_number: int, hand_number: int):
    """A public round's hand, replayed with its players' names (404 without a record)."""
    event = queries.event_or_404(event_id)
    rnd = queries.public_round_or_404(event, number)
    table, hand = queries.replayed_hand_or_404(rnd, table_number, hand_number)
    assert hand.play_record is not None  # the selector's: a hand with a record
    replay = frames(hand.play_record)  # checked when it was stored: it replays
    positions = {seat.position: seat.label for seat in table.seats.all()}
    names = event.format.game.hand_seats(hand.number, positions)
    return render(
        request,
        "public/replay.html",
        {
            "event": event,
            "round": rnd,
            "table": table,
            "hand": hand,
            "replay": replay_data(replay, names),
            "back": reverse("event-round", args=[event.pk, rnd.number]) + f"#table-{table.number}",
        },
    )


@require_GET
def hand_record_file(request, event_id: int, number: int, table_number: int, hand_number: int):
    """The hand's record as a JSON file: what the upload page and ``python -m scoring replay``
    read."""
    event = queries.event_or_404(event_id)
    rnd = queries.public_round_or_404(event, number)
    _table, hand = queries.replayed_hand_or_404(rnd, table_number, hand_number)
    response = JsonResponse(hand.play_record, json_dumps_params={"indent": 1})
    name = f"event-{event.pk}-round-{rnd.number}-table-{table_number}-hand-{hand_number}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_http_methods(["GET", "POST"])
def replay_upload(request):
    """Replay a hand record uploaded as a JSON file: the same page, without names, or the form
    again with why the record does not replay."""
    form = RecordUploadForm(request.POST or None, request.FILES or None)
    replay = None
    if request.method == "POST" and form.is_valid():
        replay = replay_data(form.cleaned_data["record"], None)
    return render(
        request,
        "public/replay_upload.html",
        {"form": form, "replay": replay},
        status=400 if request.method == "POST" and replay is None else 200,
    )
