"""What the captain's page needs to keep working when the venue's wifi drops.

- ``service_worker``: the page's service worker (Workbox, served from this project's static
  files, never a CDN), at ``/t/sw.js``, registered for every table's page (``/t/``) and for the
  folder of the engine's worker script (``static/js/offline/``: ``captain_offline.mjs``).
- ``engine_archive``: the scoring engine and the page's glue as one zip (``engine_files``), which
  the page unpacks into Pyodide to judge an entry without the server.
- ``table_state``: what the server holds of a table now, for an open page to follow without
  reloading: each recorded hand's totals and what another phone sent differently for it.
- ``table_offline``: a table's catalogue in the captain's language: the engine's sentences by
  code (``wording.ENGINE_MESSAGES``, the same the server words a refusal with), the words for
  seats and teams, the page's own sentences about hands kept on the phone, and the engine's
  rules for the table. Fetched after the page is shown and kept by the service worker.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ..selectors.pages import differing_entries
from ..wording import ENGINE_MESSAGES, made_in_words, seat_in_words, team_in_words
from .captain import _table_or_refuse
from .engine_files import archive


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


def catalogue(names: Mapping[int, str]) -> dict:
    """A table's words for the page, its players' ``names`` by seat, in the active language
    (module docstring)."""
    return {
        "messages": {code: str(message) for code, message in ENGINE_MESSAGES.items()},
        "seats": {position: seat_in_words(position, names, 1) for position in names},
        "teams": {team: team_in_words(team, names) for team in (0, 1)},
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
            "this_phone": _("this phone: %(a)s : %(b)s"),
            "recorded": _("recorded: %(a)s : %(b)s"),
            "differing": _("another phone sent %(a)s : %(b)s: the organizer decides"),
        },
    }


@require_GET
def table_offline(request: HttpRequest, code: str) -> HttpResponse:
    """A table's catalogue and the engine's rules for it (``None`` where the page cannot judge
    offline: a game scored per player or by placings sends its hands unchecked)."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    event_format = table.round.event.format
    game = event_format.game
    seats = len(table.seats.all())
    offline_judged = game.teams and not game.per_seat and not game.placings
    rules = game.rules_for(event_format.rules, seats).as_dict() if offline_judged else None
    return JsonResponse(
        {
            "table": table.pk,
            "rules": rules,
            "sweep_key": event_format.rules.variant.sweep_key if offline_judged else None,
            "catalogue": catalogue({seat.position: seat.label for seat in table.seats.all()}),
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
    hands = table.hands.order_by("number").values_list("number", "tp_0", "tp_1")
    response = JsonResponse(
        {
            "hands": {str(number): [tp_0, tp_1] for number, tp_0, tp_1 in hands},
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
