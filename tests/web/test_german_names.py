"""Names on the pages in German order (Ä with A, Ö with O, ß as ss) and found however they are
typed ("Mueller" and "Muller" find Müller, "Strasse" finds Straße)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.collation import name_key
from tournaments.models import Bye, Entrant, League
from tournaments.selectors import pages
from tournaments.selectors.stats import entrant_stats
from tournaments.services.events import event_create, players_register, team_register
from tournaments.services.history import Actor
from tournaments.services.players import entrant_update, entrants_check_in
from tournaments.services.rounds import round_pair, round_publish

from .conftest import played

pytestmark = pytest.mark.django_db

NAMES = [
    "Zora Zander",
    "Özil Otto",
    "Ärger Anna",
    "Otto Ohm",
    "Anna Aal",
    "Bernd Bach",
    "Ulla Uhl",
    "Übel Uwe",
]
IN_GERMAN_ORDER = [
    "Anna Aal",
    "Ärger Anna",
    "Bernd Bach",
    "Otto Ohm",
    "Özil Otto",
    "Übel Uwe",
    "Ulla Uhl",
    "Zora Zander",
]


@pytest.fixture
def german_event(organizer):
    """A DTM event of eight with umlauts, round 1 published."""
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Köln", preset="dtm", seed=5)
    players_register(event=event, names=NAMES, actor=actor)
    round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event


def test_the_seating_list_sorts_umlauts_with_their_vowel(client, german_event):
    html = client.get(
        reverse("event-seating", args=[german_event.pk, 1]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Sitzplan" in html
    assert (
        re.findall(r'<td><a href="/events/\d+/players/\d+/">([^<]+)</a>', html) == IN_GERMAN_ORDER
    )


def test_the_organizers_player_lists_sort_umlauts_with_their_vowel(organizer_client, german_event):
    html = organizer_client.get(
        reverse("organizer-event", args=[german_event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Spieler" in html
    players = html.split('class="data entrants"')[1].split("</table>")[0]
    assert re.findall(r'/entrants/\d+/">([^<]+)</a>', players) == IN_GERMAN_ORDER
    check_in = html.split('class="check-list"')[1].split("</ul>")[0]
    assert [
        name.strip() for name in re.findall(r"checked> ([^<]+)</label>", check_in)
    ] == IN_GERMAN_ORDER


def test_byes_in_german_order(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Sechs", preset="dtm", seed=5)
    players_register(event=event, names=["A", "B", "C", "D", "E", "F"], actor=actor)
    rnd = round_pair(event_id=event.pk, actor=actor)
    first, second = Bye.objects.filter(round=rnd).order_by("entrant_id")
    entrant_update(entrant_id=first.entrant_id, name="Zacharias", club="", actor=actor)
    entrant_update(entrant_id=second.entrant_id, name="Ärger", club="", actor=actor)
    assert [bye.entrant.name for bye in pages.byes(rnd)] == ["Ärger", "Zacharias"]


def test_leagues_in_german_order(client, organizer):
    for name in ("Zweite Liga", "Ämterliga", "Bezirksliga"):
        League.objects.create(name=name, owner=organizer)
    html = client.get(reverse("leagues"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert re.findall(r'/leagues/\d+/">([^<]+)</a>', html) == [
        "Ämterliga",
        "Bezirksliga",
        "Zweite Liga",
    ]


def test_a_teams_roster_in_german_order(organizer_client, organizer):
    event = event_create(owner=organizer, name="Teams", preset="team_swiss", seed=5)
    team_register(
        event=event,
        name="Die Letzten",
        members=["Zora", "Ärger", "Bernd"],
        actor=Actor.organizer(organizer),
    )
    assert Entrant.objects.get(event=event).member_names == ["Ärger", "Bernd", "Zora"]
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert "Ärger, Bernd, Zora" in html
    api = organizer_client.get(f"/api/events/{event.pk}/players/").json()
    assert api["results"][0]["members"] == ["Ärger", "Bernd", "Zora"]


def test_partners_in_german_order_after_the_most_frequent(organizer):
    event = played(organizer, 8, rounds=2, names=NAMES)
    checked = 0
    for entrant in Entrant.objects.filter(event=event):
        partners = entrant_stats(entrant).partners
        assert partners == sorted(partners, key=lambda p: (-p[1], name_key(p[0])))
        checked += len({count for _name, count in partners}) < len(partners)
    assert checked  # some entrant had two partners as often each, in order of their names


def test_the_check_in_history_names_in_german_order(organizer_client, organizer, german_event):
    entrants_check_in(event_id=german_event.pk, present=set(), actor=Actor.organizer(organizer))
    html = organizer_client.get(reverse("organizer-history", args=[german_event.pk])).content
    assert f"absent {', '.join(IN_GERMAN_ORDER)}" in html.decode()


@pytest.mark.parametrize(
    "query", ["Mueller", "muller", "MÜLLER", "strasse", "Straße", "hans muell"]
)
def test_find_my_table_however_the_name_is_typed(client, german_event, query):
    entrant = Entrant.objects.filter(event=german_event).order_by("pk").first()
    entrant_update(
        entrant_id=entrant.pk,
        name="Hans Müller",
        club="Straße 5",
        actor=Actor.organizer(german_event.owner),
    )
    html = client.get(
        reverse("event-seating", args=[german_event.pk, 1]), {"q": query}
    ).content.decode()
    assert "1 player found" in html and "Hans Müller (Straße 5)" in html


def test_find_my_table_finds_a_name_typed_without_dots_by_its_umlauts(client, german_event):
    html = client.get(
        reverse("event-seating", args=[german_event.pk, 1]), {"q": "Ärger"}
    ).content.decode()
    assert "1 player found" in html and "Ärger Anna" in html
    for query in ("aerger", "arger", "oezil", "ozil"):
        html = client.get(
            reverse("event-seating", args=[german_event.pk, 1]), {"q": query}
        ).content.decode()
        assert "1 player found" in html, query
