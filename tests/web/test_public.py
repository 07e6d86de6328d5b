"""Public pages: they render, show only published rounds, never codes or e-mails, live standings,
German when the browser asks for it, and a number of queries that does not grow with the event."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import selectors
from tournaments.models import League, Player, Round, Season
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair
from tournaments.views import public

from .conftest import played

pytestmark = pytest.mark.django_db


def public_urls(event):
    entrant = event.entrants.order_by("pk").first()
    return [
        reverse("home"),
        reverse("event", args=[event.pk]),
        reverse("event-standings", args=[event.pk]),
        reverse("event-projector", args=[event.pk]),
        reverse("event-round", args=[event.pk, 1]),
        reverse("event-player", args=[event.pk, entrant.pk]),
        reverse("leagues"),
    ]


def test_every_public_page_renders(client, played_event):
    for url in public_urls(played_event):
        response = client.get(url)
        assert response.status_code == 200, url


def test_event_page_shows_stored_standings_in_rank_order(client, played_event):
    response = client.get(reverse("event", args=[played_event.pk]))
    html = response.content.decode()
    rows = list(selectors.standing_rows(played_event))
    positions = [html.index(f'data-entrant="{row.entrant_id}"') for row in rows]
    assert positions == sorted(positions)
    assert rows[0].entrant.name in html
    assert f'hx-get="{reverse("event-standings", args=[played_event.pk])}"' in html
    assert 'hx-trigger="every 5s"' in html


def test_standings_fragment_is_the_table_alone(client, played_event):
    html = client.get(
        reverse("event-standings", args=[played_event.pk]), headers={"HX-Request": "true"}
    ).content.decode()
    assert html.lstrip().startswith('<div id="standings"')
    assert "<html" not in html


def test_the_standings_opened_by_a_person_are_a_page_for_a_phone(client, played_event):
    """Issue 23: the address of the polled table, opened in a browser, gave bare HTML without
    the site's styles or a viewport."""
    html = client.get(
        reverse("event-standings", args=[played_event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert '<meta name="viewport"' in html and "site.css" in html
    assert '<div id="standings"' in html and played_event.name in html
    assert ">Tabelle<" in html


def test_no_codes_or_emails_on_public_pages(client, played_event):
    Player.objects.filter(pk=played_event.entrants.first().player_id).update(
        email="secret@example.org"
    )
    codes = [t.code for r in played_event.rounds.all() for t in r.tables.all()]
    for url in public_urls(played_event):
        html = client.get(url).content.decode()
        assert "secret@example.org" not in html
        assert not any(code in html for code in codes), url


def test_draft_rounds_are_not_public(client, organizer):
    event = played(organizer, 8, rounds=3)
    Round.objects.filter(event=event, number=3).delete()  # make room for a draft round 3
    rnd = round_pair(event_id=event.pk, actor=Actor.organizer(organizer))
    assert rnd.status == Round.Status.DRAFT
    assert client.get(reverse("event-round", args=[event.pk, rnd.number])).status_code == 404
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("event-round", args=[event.pk, rnd.number]) not in html
    draft_codes = [t.code for t in rnd.tables.all()]
    entrant = rnd.tables.first().seats.first().entrant
    player_html = client.get(reverse("event-player", args=[event.pk, entrant.pk])).content
    assert not any(code.encode() in player_html for code in draft_codes)
    assert b'<td><a href="/events/%d/rounds/3/">3</a></td>' % event.pk not in player_html


def test_unknown_objects_are_404(client, played_event):
    assert client.get(reverse("event", args=[999999])).status_code == 404
    assert client.get(reverse("event-round", args=[played_event.pk, 99])).status_code == 404
    assert client.get(reverse("event-player", args=[played_event.pk, 999999])).status_code == 404
    assert client.get(reverse("league", args=[999999])).status_code == 404
    assert client.get(reverse("season", args=[999999])).status_code == 404


def test_round_page_shows_tables_and_results(client, played_event):
    rnd = played_event.rounds.get(number=1)
    html = client.get(reverse("event-round", args=[played_event.pk, 1])).content.decode()
    for table in rnd.tables.all():
        assert f'id="table-{table.number}"' in html
        for seat in table.seats.all():
            assert seat.entrant.name in html


def test_player_page_shows_statistics(client, played_event):
    entrant = played_event.entrants.order_by("pk").first()
    html = client.get(reverse("event-player", args=[played_event.pk, entrant.pk])).content.decode()
    assert entrant.name in html
    assert 'id="tichu-rate"' in html
    assert "Partners" in html and "VP per round" in html


def test_projector_refreshes_by_itself(client, played_event):
    html = client.get(reverse("event-projector", args=[played_event.pk])).content.decode()
    assert re.search(r'<meta http-equiv="refresh" content="\d+;url=\?screen=\d+">', html)
    assert 'class="projector"' in html


def test_league_tables_per_season(client, organizer, played_event, monkeypatch):
    monkeypatch.setattr(public, "LEAGUE_TOP", 3)  # of 8 players
    league = League.objects.create(name="Berlin league", owner=organizer)
    season = Season.objects.create(name="2025", league=league)
    played_event.season = season
    played_event.save(update_fields=["season"])
    rows = list(selectors.standing_rows(played_event))
    assert "Berlin league" in client.get(reverse("leagues")).content.decode()
    html = client.get(reverse("league", args=[league.pk])).content.decode()
    assert "2025" in html and rows[0].entrant.name in html
    assert html.count('<tr><td class="num">') == 3
    assert reverse("season", args=[season.pk]) in html  # the full standings
    html = client.get(reverse("season", args=[season.pk])).content.decode()
    assert all(row.entrant.name in html for row in rows)


def test_german_when_the_browser_asks(client, played_event):
    response = client.get(reverse("event", args=[played_event.pk]), HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert '<html lang="de">' in html
    assert "Tabelle" in html and "Runde 1" in html
    english = client.get(
        reverse("event", args=[played_event.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Standings" in english


def test_language_links_set_the_language_and_come_back(client, played_event):
    url = reverse("event", args=[played_event.pk])
    html = client.get(url).content.decode()
    link = re.search(r'<a href="([^"]+)" lang="de"', html).group(1)
    assert link == f"/language/de/?next=%2Fevents%2F{played_event.pk}%2F"
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == url
    assert '<strong lang="de">Deutsch</strong>' in client.get(url).content.decode()
    home = client.get("/?a=1&b=2").content.decode()
    assert "Veranstaltungen" in home
    link = re.search(r'<a href="([^"]+)" lang="en"', home).group(1)
    assert client.get(link)["Location"] == "/?a=1&b=2"


def test_a_language_link_never_leads_off_the_site_nor_to_an_unknown_language(client):
    response = client.get("/language/de/?next=https://evil.example/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get("/language/xx/?next=/").status_code == 404


PAGES = [
    "home",
    "event",
    "event-standings",
    "event-projector",
    "event-round",
    "event-player",
    "event-seating",
    "league",
    "season",
]


def test_queries_do_not_grow_with_the_event(client, organizer, django_assert_max_num_queries):
    """Each public page makes as many queries for 20 players as for 8 (and only a few)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    small, large = played(organizer, 8), played(organizer, 20, seed=5)
    league = League.objects.create(name="L", owner=organizer)
    for number, event in enumerate((small, large)):
        event.season = Season.objects.create(name=f"S{number}", league=league)
        event.save(update_fields=["season"])

    def url(name, event):
        args = {
            "home": [],
            "league": [league.pk],
            "season": [event.season_id],
            "event-round": [event.pk, 1],
            "event-seating": [event.pk, 1],
            "event-player": [event.pk, event.entrants.order_by("pk").first().pk],
        }
        return reverse(name, args=args.get(name, [event.pk]))

    for name in PAGES:
        counts = []
        for event in (small, large):
            with CaptureQueriesContext(connection) as captured:
                assert client.get(url(name, event)).status_code == 200
            counts.append(len(captured))
        assert counts[0] == counts[1], (name, counts)
        with django_assert_max_num_queries(13):  # the projector: one for each list's names
            client.get(url(name, large))


def test_player_page_shows_the_players_own_rank(client, played_event):
    """Issue 14, bug 1: every player page read "Rank 1" (the rank was numbered after filtering
    the standings down to the one player)."""
    rows = list(selectors.standing_rows(played_event))
    for row in (rows[0], rows[3], rows[-1]):
        url = reverse("event-player", args=[played_event.pk, row.entrant_id])
        html = client.get(url).content.decode()
        assert f"Rank {row.rank} ·" in html
        german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
        assert f"Rang {row.rank} ·" in german  # a rank, not a seat ("Platz")
    assert rows[-1].rank == len(rows) == 8
