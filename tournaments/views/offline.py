"""What the captain's page needs to keep working when the venue's wifi drops.

- ``service_worker``: the page's service worker (Workbox, served from this project's static
  files, never a CDN), at ``/t/sw.js`` so that its scope covers every table's page (``/t/``).
- ``engine_archive``: the scoring engine and the page's glue as one zip (``engine_files``), which
  the page unpacks into Pyodide to judge an entry without the server.
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
    response["Service-Worker-Allowed"] = "/t/"
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
