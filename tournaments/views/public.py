"""Pages for everyone: events, live standings, rounds, players, the projector, league tables.

Nothing here shows a table code, an e-mail address or a draft round (``queries`` reads only
published and complete rounds for these pages).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.paginator import EmptyPage, Paginator
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from ..clock import clock_of
from ..models import Event
from ..pairing.duplicate import round_boards
from ..selectors import pages as queries
from ..selectors import stats
from ..selectors.series import series_with_events
from ..standings import cache as standings_cache
from . import seating
from .cup import event_page_context as cup_page_context

STANDINGS_POLL_SECONDS = 5
STANDINGS_PER_PAGE = 100
LEAGUE_TOP = 10  # rows of each season on a league's page; the season's page has them all
PROJECTOR_REFRESH_SECONDS = 15
PROJECTOR_ROWS = 16  # rows per column, two columns per screen: readable at 1080p from afar
MAX_QUERY_LENGTH = 100
MAX_PAGE_DIGITS = 6


@require_GET
def home(request):
    return render(request, "public/home.html", {"events": queries.public_events()})


def _page_number(request) -> int:
    """The standings page asked for (``?page=N``, 1 without): 404 for anything else, before any
    cache key is made of it."""
    value = request.GET.get("page") or "1"
    if not (
        value.isascii() and value.isdigit() and len(value) <= MAX_PAGE_DIGITS and int(value) >= 1
    ):
        raise Http404("No such page of the standings.")
    return int(value)


def _page_path(event_id: int, number: int) -> str:
    path = reverse("event", args=[event_id])
    return path if number == 1 else f"{path}?page={number}"


def _table_context(event: Event, number: int) -> dict:
    """One page of the standings (ranks count over the whole event); 404 beyond the last. Only
    the page's rows are read (``queries.ranking``)."""
    paginator = Paginator(queries.ranking(event), STANDINGS_PER_PAGE)
    try:
        page = paginator.page(number)
    except EmptyPage:
        raise Http404("No such page of the standings.") from None
    return {
        "event": event,
        "rows": queries.labelled(page.object_list),
        "page": page,
        "absent": queries.did_not_play(event) if not page.has_next() else [],
        "pages_path": reverse("event", args=[event.pk]),
        "page_range": list(paginator.get_elided_page_range(number, on_each_side=2, on_ends=1)),
        "up_to_date": event.standings_up_to_date,
        "poll": STANDINGS_POLL_SECONDS,
    }


def _standings_table(event_id: int, number: int, event: Event | None = None) -> SafeString:
    """A page of the live standings table, rendered once per change, language and page
    (``standings_cache``): every phone at the venue polls it. ``event`` if the caller has it,
    else it is read on a cache miss."""

    def build() -> str:
        context = _table_context(event or queries.event_or_404(event_id), number)
        return str(render_to_string("public/_standings.html", context))

    return mark_safe(
        standings_cache.cached(  # noqa: S308 - our own template's output
            event_id, f"table:{get_language()}:{number}", build
        )
    )


def _event_page_context(event: Event, number: int) -> dict:
    if event.format.is_cup:  # a drawn cup: its matches and placings instead of rounds and VP
        cup = cup_page_context(event)
        if cup["cup"]:
            return {"event": event, **cup}
    rounds = queries.public_rounds(event)
    return {
        "event": event,
        "rounds": rounds,
        "current": rounds[-1] if rounds else None,
        "standings_html": _standings_table(event.pk, number, event),
        "next_path": _page_path(event.pk, number),
    }


def _shared_event_page(event_id: int, number: int) -> bytes:
    """The event page as every anonymous visitor gets it, rendered without their request, so
    nothing of theirs can end up in it (it has no form: the language is switched by links)."""
    return render_to_string(
        "public/event.html", _event_page_context(queries.event_or_404(event_id), number)
    ).encode()


def _is_anonymous(request) -> bool:
    """Nothing on the page is the visitor's own: not logged in, no message waiting for them."""
    return not request.user.is_authenticated and not get_messages(request)


@require_GET
def event_detail(request, event_id: int):
    """The event page. Anonymous visitors get it from the cache, as it is (once per change,
    language and page of the standings); logged-in users get it rendered."""
    number = _page_number(request)
    if not _is_anonymous(request):
        return render(
            request,
            "public/event.html",
            _event_page_context(queries.event_or_404(event_id), number),
        )
    return HttpResponse(
        standings_cache.cached(
            event_id,
            f"page:{get_language()}:{number}",
            lambda: _shared_event_page(event_id, number),
        )
    )


@never_cache
@require_GET
def language(request, code: str):
    """Switch the visitor's language and go back to ``next``: a link, not a form, so that pages
    need no CSRF token and anonymous visitors can share one cached copy of a page. (Switching
    someone's language from another site is as harmless as it is possible.)"""
    if code not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


@require_GET
def event_standings(request, event_id: int):
    """A page of the standings table alone: what the event page polls for (htmx) to stay live.
    Opened by a person (not htmx, whose requests say ``HX-Request``), the table comes inside the
    site's page, styled and sized for a phone."""
    table = _standings_table(event_id, _page_number(request))
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(table)
    return render(
        request,
        "public/standings.html",
        {"event": queries.event_or_404(event_id), "standings_html": table},
    )


@require_GET
def round_detail(request, event_id: int, number: int):
    event = queries.event_or_404(event_id)
    rnd = queries.public_round_or_404(event, number)
    return render(
        request,
        "public/round.html",
        {
            "event": event,
            "round": rnd,
            "tables": queries.table_views(rnd, event),
            "byes": queries.byes(rnd),
            "rounds": queries.public_rounds(event),
            "boards": round_boards(rnd.number, event.format.hands_per_round or 1)
            if event.format.is_duplicate
            else (),
        },
    )


@require_GET
def player_detail(request, event_id: int, entrant_id: int):
    event = queries.event_or_404(event_id)
    entrant = queries.entrant_or_404(event, entrant_id)
    entrant.event = event
    return render(
        request,
        "public/player.html",
        {
            "event": event,
            "entrant": entrant,
            "stats": stats.entrant_stats(entrant),
            "standing": queries.standing_of(event, entrant),
            "game": event.format.game,
        },
    )


@require_GET
def round_seating(request, event_id: int, number: int):
    """Where do I sit: everyone of a round alphabetically with table and seat; ``?q=`` finds
    one's name (the event page's "find my table")."""
    event = queries.event_or_404(event_id)
    rnd = queries.public_round_or_404(event, number)
    lines = seating.seating(rnd)
    query = " ".join(request.GET.get("q", "").split())[:MAX_QUERY_LENGTH]
    return render(
        request,
        "public/seating.html",
        {
            "event": event,
            "round": rnd,
            "query": query,
            "total": len(lines),
            "lines": seating.search(lines, query) if query else lines,
            "rounds": queries.public_rounds(event),
        },
    )


def _screen_number(request) -> int:
    value = request.GET.get("screen", "0")
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 4 else 0


def _screens(count: int) -> int:
    """Screens for ``count`` lines, two columns of ``PROJECTOR_ROWS`` each."""
    return -(-count // (2 * PROJECTOR_ROWS))


def _columns(lines: list) -> list[list]:
    """One screen's lines as its two columns."""
    return [lines[:PROJECTOR_ROWS], lines[PROJECTOR_ROWS:]]


@require_GET
def projector(request, event_id: int):
    """For the venue's screen, readable from the back of the hall: while a round is played its
    seating, its clock once started (the time left), then the standings, a screen at a time,
    each page of a large field in turn (the page reloads itself with the next screen). Only the
    screen shown is read: the seating and the ranking are kept once per change, counted here,
    and sliced. A cup is followed on its bracket, in the bracket's projector layout: a cup's
    standings of victory points would tell the hall nothing."""
    event = queries.event_or_404(event_id)
    if event.format.is_cup:
        return HttpResponseRedirect(reverse("event-bracket", args=[event.pk]) + "?projector=1")
    rnd = queries.current_round(event)
    playing = rnd is not None and rnd.status == rnd.Status.PUBLISHED
    lines = seating.seating(rnd) if rnd is not None and playing else []
    clock = clock_of(rnd) if rnd is not None and playing else None
    standings = queries.ranking(event)
    seating_screens, standings_screens = _screens(len(lines)), max(_screens(len(standings)), 1)
    clock_screens = 1 if clock else 0
    screens = seating_screens + clock_screens + standings_screens
    number = _screen_number(request) % screens
    size = 2 * PROJECTOR_ROWS
    absent = []
    if number < seating_screens:
        kind, page, pages = "seating", number, seating_screens
        shown = lines[page * size : (page + 1) * size]
    elif number < seating_screens + clock_screens:
        kind, page, pages, shown = "clock", 0, 1, []
    else:
        kind, page, pages = "standings", number - seating_screens - clock_screens, standings_screens
        shown = queries.labelled(standings[page * size : (page + 1) * size])
        absent = queries.did_not_play(event) if page == pages - 1 else []
    done, table_count = queries.round_progress(event, rnd) if rnd else (0, 0)
    return render(
        request,
        "public/projector.html",
        {
            "event": event,
            "round": rnd,
            "kind": kind,
            "columns": _columns(shown),
            "page": page + 1,
            "pages": pages,
            "tables_done": done,
            "table_count": table_count,
            "next": (number + 1) % screens,
            "clock": clock,
            "refresh": PROJECTOR_REFRESH_SECONDS,
            "up_to_date": event.standings_up_to_date,
            "standing_columns": event.format.standing_columns,
            "absent": absent,
        },
    )


@require_GET
def league_list(request):
    return render(request, "public/leagues.html", {"leagues": queries.leagues()})


@require_GET
def league_detail(request, league_id: int):
    """A league's seasons, each with the top of its table, and the series across them (a
    league's table over its seasons is a series: ``services.series.league_series``)."""
    league = queries.league_or_404(league_id)
    seasons = queries.league_tables(league, LEAGUE_TOP)
    return render(
        request,
        "public/league.html",
        {
            "league": league,
            "seasons": seasons,
            "series": series_with_events([event for _, event, _ in seasons if event]),
            "owns": request.user.is_authenticated and league.owner_id == request.user.pk,
        },
    )


@require_GET
def season_detail(request, season_id: int):
    """A season: its event's live standings, the first page (the cached one of the event page;
    the page links lead there)."""
    season = queries.season_or_404(season_id)
    event = getattr(season, "event", None)
    return render(
        request,
        "public/season.html",
        {
            "season": season,
            "event": event,
            "standings_html": _standings_table(event.pk, 1, event) if event else "",
        },
    )
