"""What the captain's page needs to keep working when the venue's wifi drops.

- ``service_worker``: the page's service worker (Workbox, served from this project's static
  files, never a CDN), at ``/t/sw.js``, registered for every table's page (``/t/``) and for the
  folder of the engine's worker script (``static/js/offline/``: ``captain_offline.mjs``).
- ``engine_archive``: the scoring engine and the page's glue as one zip (``engine_files``), which
  the page unpacks into Pyodide to judge an entry without the server.
- ``table_state``: what the server holds of a table now, for an open page to follow without
  reloading: each recorded hand's totals, the hands the opponents confirmed, what another phone
  sent differently for a hand, and the round clock as counted now.
- ``table_offline``: a table's catalogue in the captain's language: the engine's sentences by
  code (``wording.ENGINE_MESSAGES``, the same the server words a refusal with), the words for
  seats and teams, the page's own sentences about hands kept on the phone, the server's sentence
  for each hand recorded (for a page whose form's answer was lost), and the engine's rules for
  the table. Fetched after the page is shown and kept by the service worker.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ..clock import clock_of
from ..selectors.pages import differing_entries
from ..wording import ENGINE_MESSAGES, made_in_words, seat_in_words, team_in_words
from .captain import _numbers as hand_numbers
from .captain import _table_or_refuse, hand_seat_labels, recorded_words
from .engine_files import archive
from .words import CALL_WORDS


@require_GET
def engine_archive(request: HttpRequest, version: str) -> HttpResponse:
    data, current = archive()
    response = HttpResponse(data, content_type="application/zip")
    if version == current:  # the address changes with the engine: cache it for good
        response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's script, always revalidated (a browser checks it for updates anyway)."""
    response = render(
        request,
        "captain/sw.js",
        {"workbox": static("vendor/workbox/"), "static_url": static("")},
        content_type="application/javascript",
    )
    response["Cache-Control"] = "no-cache"
    # Two scopes: the captain's pages (/t/) and the engine's worker script, whose own address
    # decides which service worker serves the worker's requests (Pyodide and the engine): a
    # worker outside every scope would load them from the network, and fail offline.
    response["Service-Worker-Allowed"] = "/"
    return response


def seat_words(names: Mapping[int, str]) -> dict:
    """The seats' and teams' names a refusal is worded with, the players' ``names`` by seat."""
    return {
        "seats": {position: seat_in_words(position, names, 1) for position in names},
        "teams": {team: team_in_words(team, names) for team in (0, 1)},
    }


def catalogue(names: Mapping[int, str]) -> dict:
    """A table's words for the page, its players' ``names`` by seat, in the active language
    (module docstring)."""
    return {
        "messages": {code: str(message) for code, message in ENGINE_MESSAGES.items()},
        **seat_words(names),
        "first_seat": 1,
        "seat_word": _("seat %(n)s"),
        "team_word": _("team %(n)s"),
        "made": made_in_words(True),
        "failed": made_in_words(False),
        "page": {
            "pending": _("on this phone, not sent yet"),
            "sent": _("sent"),
            "refused": _("refused: %(reason)s"),
            "kept": _("Hand %(n)s is kept on this phone. It is sent when the connection returns."),
            "unchecked": _("The engine cannot run on this phone: the hand is checked when sent."),
            "unchecked_loading": _("The engine was still loading: the hand is checked when sent."),
            "this_phone": _("this phone: %(a)s : %(b)s"),
            "recorded": _("recorded: %(a)s : %(b)s"),
            "differing": _("another phone sent %(a)s : %(b)s: the organizer decides"),
            "confirmation": _("opponents' confirmation: %(state)s"),
            "confirm": _("Opponents: confirm"),
            "confirm_help": _(
                "Opponents: check the hand. If it is right, type your code and confirm it; "
                "the code is checked when the connection returns."
            ),
            "code": _("Opponents' code"),
            "confirm_button": _("Confirm the hand"),
            "cancel": _("Cancel"),
            "confirm_kept": _(
                "The opponents' confirmation of hand %(n)s is kept on this phone. It is sent "
                "when the connection returns."
            ),
            "code_missing": _("Type the opponents' code from the table sheet."),
            "synced": _("last synchronised at %(time)s"),
            "order_invalid": _(
                "The finish order is the players' seat numbers in the "
                "order they went out, separated by commas."
            ),
        },
        "calls": {call: str(word) for call, word in CALL_WORDS.items()},
    }


@require_GET
def table_offline(request: HttpRequest, code: str) -> HttpResponse:
    """A table's catalogue, the engine's rules for it and how its game hands an entry to the
    engine (``setting``: ``page_engine.score``). A game that seats its players anew each hand
    (``per_seat``: the form is one hand's, its seats named by their part in it) also gives each
    hand's names of the seats (``hands``) and the addresses of the page of each hand of the
    round (``pages``), which the service worker keeps: a hand kept without the server leads to
    the next one's form."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    event_format = table.round.event.format
    game = event_format.game
    seated = list(table.seats.all())
    numbers = hand_numbers(event_format, list(table.hands.all()))
    per_hand = game.per_seat and not event_format.open_ended
    return JsonResponse(
        {
            "table": table.pk,
            "rules": game.rules_for(event_format.rules, len(seated)).as_dict(),
            "setting": game.entry_setting(len(seated)),
            "placings": game.placings,
            "sweep_key": None if game.placings else event_format.rules.variant.sweep_key,
            "catalogue": catalogue({seat.position: seat.label for seat in seated}),
            "numbers": numbers,
            "recorded": {number: recorded_words(table, number) for number in numbers},
            "hands": {
                number: seat_words(
                    {seat.position: seat.label for seat in hand_seat_labels(game, number, seated)}
                )
                for number in (numbers if per_hand else [])
            },
            "pages": [
                f"{reverse('captain-table', args=[table.code])}?hand={number}"
                for number in (numbers if per_hand else [])
            ],
        }
    )


@require_GET
def table_state(request: HttpRequest, code: str) -> HttpResponse:
    """A table's recorded hands (their totals by number) and the entries another phone sent
    that differ from them, not settled yet (``DifferingEntry``): the page asks for it each time
    it sends its queue, so that the phone whose hand was recorded learns of the other phone's
    different value (and that the organizer settled it) as the refused phone does from its 409.
    Never kept by the service worker: it is only worth anything fresh."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    hands = table.hands.order_by("number").values_list(
        "number", "tp_0", "tp_1", "confirmed_by_opponents"
    )
    response = JsonResponse(
        {
            "hands": {str(number): [tp_0, tp_1] for number, tp_0, tp_1, _c in hands},
            "confirmed": [number for number, _a, _b, confirmed in hands if confirmed],
            "clock": clock_state(table),
            "differing": [
                {
                    "number": row.number,
                    "totals": [row.tp_0, row.tp_1],
                    "typed_at": row.typed_at.isoformat() if row.typed_at else None,
                    "received_at": row.received_at.isoformat(),
                }
                for row in differing_entries([table])
            ],
        }
    )
    response["Cache-Control"] = "no-store"
    return response


def clock_state(table) -> dict | None:
    """The round's clock as the captain's page shows it (``_clock.html``'s data), read now, with
    the server's time of reading (``rendered``, epoch seconds): the page counts down from it,
    and on without the server from the last one it had (``static/js/clock.js``)."""
    now = timezone.now()
    clock = clock_of(table.round, now) if table.status == table.Status.OPEN else None
    if clock is None:
        return None
    return {
        "seconds_left": clock.seconds_left,
        "state": clock.state,
        "rendered": int(now.timestamp()),
    }
