"""Public reads cost what they show, not what the event holds: the pages and API reads of an
event of 40 make as many queries, and fetch as many rows, as those of an event of 8 showing as
much (pages of 4 standings rows, projector screens of 2 x 2 lines, API pages of 4).

Counted, not timed (the times are ``benchmarks/public_reads.py``'s): between two changes a read
fetches the same rows for both events; after a hand (the standings' token renewed) at most one
row more per entrant and per table of the round: the ranking numbered and the round's tables
done counted, once for every page; names and seating are not read again (they change only with
the field). The database must not wrap each test in a transaction
(``transaction=True``): what a read builds inside one is never cached.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import selectors
from tournaments.standings import cache as standings_cache
from tournaments.views import public

from .conftest import played

pytestmark = pytest.mark.django_db(transaction=True)

SHOWN = 4  # standings rows a page, lines a projector screen, items an API page
READS = [
    "/events/{e}/",
    "/events/{e}/standings/",
    "/events/{e}/standings/?page=2",
    "/events/{e}/projector/",
    "/events/{e}/projector/?screen={screen}",
    "/events/{e}/players/{p}/",
    "/api/events/{e}/",
    "/api/events/{e}/standings/?limit=4&offset=4",
    "/api/events/{e}/players/?limit=4",
    "/api/events/{e}/rounds/",
    "/api/players/?event={e}&limit=4",
    "/api/tables/?event={e}&limit=4",
    "/api/hands/?event={e}&limit=4",
    "/api/players/{p}/",
]


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setattr(public, "STANDINGS_PER_PAGE", SHOWN)
    monkeypatch.setattr(public, "PROJECTOR_ROWS", SHOWN // 2)


@pytest.fixture
def events(organizer):
    """Events of 8 and 40 players: two rounds played, the third published (the projector shows
    its seating first)."""
    return [played(organizer, size, seed=seed, open_round=True) for size, seed in ((8, 3), (40, 5))]


def _urls(event) -> list[str]:
    players = event.entrants.count()
    middle = list(selectors.standing_rows(event))[players // 2].entrant_id
    values = {"e": event.pk, "p": middle, "screen": -(-players // SHOWN)}  # the first standings
    return [read.format(**values) for read in READS]


def _tables(event) -> int:
    return event.rounds.order_by("-number").first().tables.count()


def _cost(client, url: str, rows_fetched) -> tuple[int, int]:
    """(queries, rows fetched) of one anonymous GET."""
    before = rows_fetched()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return len(queries), rows_fetched() - before


def test_reads_between_changes_cost_what_they_show(client, events, small_pages, rows_fetched):
    urls = [_urls(event) for event in events]
    for small, large in zip(*urls, strict=True):
        client.get(small), client.get(large)  # what is kept between changes is kept now
        assert _cost(client, small, rows_fetched) == _cost(client, large, rows_fetched), large


def test_reads_after_a_hand_number_the_ranking_once(client, events, small_pages, rows_fetched):
    """A hand renews the standings' token: each read may number the ranking again (a row per
    entrant) and count the round's tables done (a row per table), but reads no name and no
    seating again, and makes as many queries."""
    urls = [_urls(event) for event in events]
    small_event, large_event = events
    difference = (
        large_event.entrants.count()
        - small_event.entrants.count()
        + _tables(large_event)
        - _tables(small_event)
    )
    for small, large in zip(*urls, strict=True):
        client.get(small), client.get(large)
        costs = []
        for event, url in zip(events, (small, large), strict=True):
            standings_cache.invalidate(event.pk)
            costs.append(_cost(client, url, rows_fetched))
        (small_queries, small_rows), (large_queries, large_rows) = costs
        assert small_queries == large_queries, large
        assert large_rows - small_rows <= difference, (large, costs)


def test_a_rename_shows_at_once_on_pages_that_keep_names(client, organizer):
    """Names are kept until the field changes: a rename (a structural change) renews them."""
    from tournaments.services.history import Actor
    from tournaments.services.players import entrant_update

    event = played(organizer, 8, rounds=1, open_round=True)
    entrant = event.entrants.order_by("pk").first()
    pages = [
        f"/events/{event.pk}/",
        f"/events/{event.pk}/projector/",
        f"/events/{event.pk}/players/{entrant.pk}/",
    ]
    for url in pages:
        client.get(url)  # names and seating kept
    entrant_update(
        entrant_id=entrant.pk, name="Zora Neuname", club="", actor=Actor.organizer(organizer)
    )
    for url in pages:
        assert "Zora Neuname" in client.get(url).content.decode(), url


def test_a_rename_while_the_standings_are_pending_shows_at_once(client, organizer):
    """A hand's change while a recomputation is pending renews no cached answer (the burst's
    first change did); a rename must, or the standings keep the old name until the run ends."""
    import time

    from django.core.cache import cache

    from tournaments.services.history import Actor
    from tournaments.services.players import entrant_update
    from tournaments.standings.schedule import PENDING_KEY

    event = played(organizer, 8, rounds=1, open_round=True)
    entrant = event.entrants.order_by("pk").first()
    client.get(f"/events/{event.pk}/")  # the standings, rendered and kept
    cache.set(PENDING_KEY.format(event.pk), time.time(), 60)  # a run sent, not yet started
    entrant_update(
        entrant_id=entrant.pk, name="Zora Neuname", club="", actor=Actor.organizer(organizer)
    )
    assert "Zora Neuname" in client.get(f"/events/{event.pk}/").content.decode()
