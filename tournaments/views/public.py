"""Pages for everyone: events, live standings, rounds, players, the projector, league tables.

Nothing here shows a table code, an e-mail address or a draft round (``queries`` reads only
published and complete rounds for these pages).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from .. import stats
from ..services import standings_cache
from . import queries

STANDINGS_POLL_SECONDS = 5
PROJECTOR_REFRESH_SECONDS = 15


@require_GET
def home(request):
    return render(request, "public/home.html", {"events": queries.public_events()})


def _event_context(event):
    return {"event": event, "rows": queries.standings(event),
            "up_to_date": event.standings_up_to_date, "poll": STANDINGS_POLL_SECONDS}


def _standings_html(event) -> str:
    """The live standings table, rendered once per change and language (``standings_cache``):
    every phone at the venue polls it."""
    return mark_safe(standings_cache.cached(  # noqa: S308 - our own template's output
        event.pk, f"page:{get_language()}",
        lambda: str(render_to_string("public/_standings.html", _event_context(event)))))


@require_GET
def event_detail(request, event_id: int):
    event = queries.event_or_404(event_id)
    return render(request, "public/event.html", {
        "event": event, "standings_html": _standings_html(event),
        "rounds": queries.public_rounds(event)})


@require_GET
def event_standings(request, event_id: int):
    """The standings table alone: what the event page polls for (htmx) to stay live."""
    return HttpResponse(_standings_html(queries.event_or_404(event_id)))


@require_GET
def round_detail(request, event_id: int, number: int):
    event = queries.event_or_404(event_id)
    rnd = queries.public_round_or_404(event, number)
    return render(request, "public/round.html", {
        "event": event, "round": rnd, "tables": queries.table_views(rnd, event),
        "byes": queries.byes(rnd), "rounds": queries.public_rounds(event)})


@require_GET
def player_detail(request, event_id: int, entrant_id: int):
    event = queries.event_or_404(event_id)
    entrant = queries.entrant_or_404(event, entrant_id)
    entrant.event = event
    return render(request, "public/player.html", {
        "event": event, "entrant": entrant, "stats": stats.entrant_stats(entrant),
        "standing": queries.standing_of(event, entrant)})


@require_GET
def projector(request, event_id: int):
    """For the venue's screen: large standings and the current round, refreshing by itself."""
    event = queries.event_or_404(event_id)
    rnd = queries.current_round(event)
    context = _event_context(event)
    context.update({"round": rnd, "tables": queries.table_views(rnd, event) if rnd else [],
                    "refresh": PROJECTOR_REFRESH_SECONDS})
    return render(request, "public/projector.html", context)


@require_GET
def league_list(request):
    return render(request, "public/leagues.html", {"leagues": queries.leagues()})


@require_GET
def league_detail(request, league_id: int):
    league = queries.league_or_404(league_id)
    return render(request, "public/league.html", {"league": league,
                                                  "seasons": queries.league_tables(league)})


@require_GET
def season_detail(request, season_id: int):
    season = queries.season_or_404(season_id)
    event = getattr(season, "event", None)
    return render(request, "public/season.html", {
        "season": season, "event": event, "rows": queries.standings(event) if event else []})
