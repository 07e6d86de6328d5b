"""The event page as anonymous visitors get it: rendered once per change, language and page of the
standings, and served as it is: it holds nothing of the visitor's, not even a CSRF token (the
language is switched by links). Logged-in users, and visitors with a message waiting for them, get
it rendered for them. Long standings are paged."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.views import public

from .conftest import GOOD_HAND

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')
# A standings row: entrant, rank, VP, TP, hands.
ROW = re.compile(
    r'<tr data-entrant="(\d+)">\s*<td class="num">(\d+=?)</td>.*?'
    r'<td class="num">(-?\d+)</td>\s*<td class="num">(-?\d+)</td>\s*'
    r'<td class="num">(\d+)</td>',
    re.S,
)


def event_url(event, page: int | None = None) -> str:
    url = reverse("event", args=[event.pk])
    return url if page is None else f"{url}?page={page}"


def anonymous(url: str) -> str:
    """The page as a new anonymous visitor gets it."""
    response = Client().get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_cached_page_is_the_rendered_one(rf, played_event):
    url = event_url(played_event)
    first, cached = anonymous(url), anonymous(url)
    request = rf.get(url)
    rendered = render_to_string(
        "public/event.html", public._event_page_context(played_event, 1), request=request
    )
    assert cached == rendered == first


def test_a_cached_page_runs_no_query(client, played_event, django_assert_num_queries):
    url = event_url(played_event)
    client.get(url)
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 200
        assert (
            client.get(
                reverse("event-standings", args=[played_event.pk]),  # as polled
                headers={"HX-Request": "true"},
            ).status_code
            == 200
        )


def test_anonymous_visitors_get_no_token_and_no_cookie(played_event):
    """Nothing personal in the shared page, and nothing set by it: a cache in front of the site
    could share it too."""
    response = Client().get(event_url(played_event))
    assert not TOKEN.search(response.content.decode()) and not response.cookies


def test_logged_in_users_never_get_the_anonymous_page(client, organizer, played_event):
    url = event_url(played_event)
    client.force_login(organizer)
    for _ in range(2):
        html = client.get(url).content.decode()
        assert "Log out" in html and "Organizer login" not in html
        assert "Organizer login" in anonymous(url) and "Log out" not in anonymous(url)
    assert TOKEN.search(html)  # their logout form


def test_a_message_waiting_for_the_visitor_is_shown_to_them_only(client, table):
    url = event_url(table.round.event)
    anonymous(url)
    client.post(reverse("captain-table", kwargs={"code": table.code}), GOOD_HAND)
    assert "Hand 1 is recorded" in client.get(url).content.decode()
    assert "Hand 1 is recorded" not in anonymous(url)
    assert "Hand 1 is recorded" not in client.get(url).content.decode()  # shown once


def test_the_page_switches_language_with_the_visitor(played_event):
    url = event_url(played_event)
    assert "Standings" in anonymous(url)
    german = Client().get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in german and "Tabelle" in german
    assert '<html lang="en">' in anonymous(url)


@pytest.mark.django_db(transaction=True)
def test_every_change_the_page_shows_renews_it(organizer):
    """Registration, pairing (the event's status), publishing (its rounds), hands (standings):
    each is on the cached page and its fragment at the next read."""
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Cache cup", preset="dtm", seed=4)
    url, fragment = event_url(event), reverse("event-standings", args=[event.pk])
    assert "No standings yet." in anonymous(url)
    names = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes"]
    players_register(event=event, names=names, actor=actor)
    wait_for_standings(event)
    html = anonymous(url)
    assert all(name in html for name in names) and ">registration<" in html
    rnd = round_pair(event_id=event.pk, actor=actor)  # a draft: not public yet
    html = anonymous(url)
    assert ">running<" in html and reverse("event-round", args=[event.pk, 1]) not in html
    round_publish(round_id=rnd.pk, actor=actor)
    assert reverse("event-round", args=[event.pk, 1]) in anonymous(url)
    wait_for_standings(event)
    assert {row[4] for row in ROW.findall(anonymous(url))} == {"0"}
    table = rnd.tables.order_by("number").first()
    hand_record(
        table_id=table.pk,
        number=1,
        actor=Actor.captain(table),
        entry={"card_points": [60, 40], "finish_order": [1, 0, 3, 2]},
    )
    wait_for_standings(event)
    seated = {str(pk) for pk in table.seats.values_list("entrant_id", flat=True)}
    for html in (anonymous(url), anonymous(fragment)):
        hands = {entrant: played for entrant, _, _, _, played in ROW.findall(html)}
        assert {entrant for entrant, played in hands.items() if played == "1"} == seated


# --- pages of the standings -----------------------------------------------------------------------


@pytest.fixture
def three_per_page(monkeypatch):
    monkeypatch.setattr(public, "STANDINGS_PER_PAGE", 3)


def test_standings_are_paged_and_ranked_over_the_whole_event(three_per_page, played_event):
    order = [(str(row.entrant_id), row.rank_label) for row in selectors.standing_rows(played_event)]
    shown = []
    for number in (1, 2, 3):
        html = anonymous(event_url(played_event, number))
        shown += [(entrant, rank) for entrant, rank, *_ in ROW.findall(html)]
        assert f'<span class="current" aria-current="page">{number}</span>' in html
    assert shown == order and len(shown) == 8  # ranks count over the whole event
    html = anonymous(event_url(played_event, 2))
    assert "4–6 / 8" in html
    assert f'href="{event_url(played_event)}"' in html  # page 1 has no parameter
    assert f'href="{event_url(played_event, 3)}"' in html
    fragment = reverse("event-standings", args=[played_event.pk])
    assert f'hx-get="{fragment}?page=2"' in html
    assert ROW.findall(anonymous(f"{fragment}?page=2")) == ROW.findall(html)


def test_a_short_event_has_one_page_and_no_page_links(played_event):
    html = anonymous(event_url(played_event))
    assert len(ROW.findall(html)) == 8 and 'class="pages"' not in html


@pytest.mark.parametrize("page", ["0", "-1", "4", "abc", "1.5", "²", "1234567"])
def test_a_page_that_does_not_exist_is_404(three_per_page, client, played_event, page):
    for name in ("event", "event-standings"):
        url = f"{reverse(name, args=[played_event.pk])}?page={page}"
        assert client.get(url).status_code == 404, url


def test_a_logged_in_user_gets_the_same_pages(three_per_page, client, organizer, played_event):
    client.force_login(organizer)
    for number in (1, 3):
        url = event_url(played_event, number)
        assert ROW.findall(client.get(url).content.decode()) == ROW.findall(anonymous(url))
