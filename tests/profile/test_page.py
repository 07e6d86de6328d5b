"""A person's public page and ``/api/people/{id}/profile/``: what they show, in German and
English, to whom (hidden, erased, merged), and the links from an event's pages."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import settled
from tournaments.models import Player, Rating, RatingPoint
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish
from tournaments.services.people import person_erase, person_merge, person_update
from tournaments.simulation import simulate_event

from .test_stats import FOUR

pytestmark = pytest.mark.django_db(transaction=True)


def _page(client: Client, person: Player, language: str = "en"):
    return client.get(reverse("person", args=[person.public_id]), HTTP_ACCEPT_LANGUAGE=language)


def _text(response) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


@pytest.fixture
def season(organizer):
    """A finished DTM, a finished Tientsin and a running DTM, with one person in all of them
    (the same names across events link to the same people), rated after the first two."""
    actor = Actor.organizer(organizer)
    dtm = simulate_event(preset="dtm", entrants=4, seed=2, owner=organizer, rounds=2).event
    dtm = event_finish(event_id=dtm.pk, actor=actor)
    tientsin = simulate_event(preset="tientsin", entrants=6, seed=2, owner=organizer, rounds=1)
    tientsin = event_finish(event_id=tientsin.event.pk, actor=actor)
    running = simulate_event(preset="dtm", entrants=4, seed=2, owner=organizer, rounds=1).event
    person = (
        Player.objects.filter(entries__event=dtm)
        .filter(entries__event=tientsin)
        .filter(entries__event=running)
        .order_by("pk")[0]
    )
    # the worker rated everyone from the hands; this person's figures are set to known ones
    settled(dtm, tientsin, running)
    Rating.objects.filter(person=person).delete()
    RatingPoint.objects.filter(person=person).delete()
    Rating.objects.create(register=person.register, person=person, mu=3.4, sigma=1.5, hands=20)
    RatingPoint.objects.create(person=person, event=dtm, mu=2.0, sigma=2.5, hands=8)
    RatingPoint.objects.create(person=person, event=tientsin, mu=3.4, sigma=1.5, hands=20)
    return person, dtm, tientsin, running


def test_the_page_shows_events_awards_statistics_per_game_partners_and_rating(client, season):
    person, dtm, tientsin, running = season
    response = _page(client, person)
    assert response.status_code == 200
    html = response.content.decode()
    text = _text(response)
    assert person.name in text
    for event in (dtm, tientsin, running):
        assert reverse("event", args=[event.pk]) in html
    assert re.search(r'class="place">\d</span> / 4', html)  # place of the field
    assert re.search(r'class="place">\d</span> / 6', html)
    assert "running" in text  # the running event is marked, not placed
    cards = dict(re.findall(r'data-game="(\w+)">(.*?)</section>', html, re.S))
    assert set(cards) == {"tichu", "tientsin"}
    assert "Double victory" in cards["tichu"] and "Triple victory" not in cards["tichu"]
    assert "Triple victory" in cards["tientsin"] and "Double victory" not in cards["tientsin"]
    assert "3.4" in text and "± 1.5" in text and "from 20 hands" in text
    assert 'id="rating-chart"' in html
    assert "/static/chartjs/chart.umd.min.js" in html  # served by the project, no CDN
    assert "cdn" not in html.lower()
    history = re.search(r'<table class="data rating-history">(.*?)</table>', html, re.S)
    assert history and dtm.name in history.group(1) and "2.5" in history.group(1)
    assert 'class="partners"' in html


def test_the_page_in_german(client, season):
    person, *_ = season
    text = _text(_page(client, person, "de"))
    for words in ("Auszeichnungen", "Statistik je Spielart", "Doppelsieg", "Dreifachsieg"):
        assert words in text
    assert "Verlauf der Wertung" in text and "aus 20 Spielen" in text
    assert "3.4" in text  # German decimals


def test_a_rating_moved_since_the_person_s_last_event_says_why(client, season):
    """The headline rating (-2.3) and the history's last point (-2.9) differed without a word:
    the register's later events rate the people met anew, and a person's rating with them."""
    person, *_ = season
    assert "Now " not in _text(_page(client, person))  # the last point is the rating
    Rating.objects.filter(person=person).update(mu=4.1)
    assert "Now 4.1 ± 1.5: the register's later events" in _text(_page(client, person))
    assert "Jetzt 4,1 ± 1,5: Spätere Turniere" in _text(_page(client, person, "de"))


def test_a_person_not_rated_yet_says_so(client, organizer):
    """Registered, no hand played yet: nothing to rate."""
    event = event_create(owner=organizer, name="Next week", preset="dtm")
    players_register(event=event, names=["Greta Lang"], actor=Actor.organizer(organizer))
    person = Player.objects.get(entries__event=event)
    text = _text(_page(client, person))
    assert "Not rated yet." in text
    assert "Noch nicht bewertet." in _text(_page(client, person, "de"))
    assert "rating-chart" not in _page(client, person).content.decode()


def test_a_game_of_placings_shows_placings_and_no_calls(client, organizer):
    event = simulate_event(
        preset="grand_seigneur", entrants=5, seed=4, owner=organizer, rounds=1
    ).event
    person = Player.objects.filter(entries__event=event).first()
    html = _page(client, person).content.decode()
    card = re.search(r'data-game="grand_seigneur">(.*?)</section>', html, re.S).group(1)
    assert "Average place" in card and "Hands won" in card
    assert "Tichu" not in card and "victory" not in card and "VP per hand" not in card


def test_hidden_is_not_found_but_by_the_register_s_organizers(client, organizer, season):
    person, *_ = season
    person_update(person, hidden=True)
    assert _page(client, person).status_code == 404
    api = APIClient()
    assert api.get(reverse("api-person-profile", args=[person.pk])).status_code == 404
    client.force_login(organizer)
    response = _page(client, person)
    assert response.status_code == 200
    assert "hidden from the public" in _text(response)
    api.force_authenticate(organizer)
    assert api.get(reverse("api-person-profile", args=[person.pk])).status_code == 200


def test_another_organizer_does_not_see_a_hidden_person(client, other_organizer, season):
    person, *_ = season
    person_update(person, hidden=True)
    client.force_login(other_organizer)
    assert _page(client, person).status_code == 404


def test_an_erased_person_s_results_stay_under_erased_player(client, organizer, season):
    person, dtm, *_ = season
    name = person.name
    person_erase(person, actor=Actor.organizer(organizer))
    assert _page(client, person).status_code == 404  # erasure hides them
    client.force_login(organizer)
    response = _page(client, person)
    text = _text(response)
    assert "erased player" in text and name not in text
    assert reverse("event", args=[dtm.pk]) in response.content.decode()
    assert "gelöschte Person" in _text(_page(client, person, "de"))


def test_a_merged_record_leads_to_the_kept_person(client, organizer, table_of):
    first = table_of("dtm", FOUR)
    second = table_of("dtm", ["Xaver Xylo", "Yara Yu", "Zeno Zorn", "Wanda Wolf"])
    person_merge(kept=first.at[0], merged=second.at[0], actor=Actor.organizer(organizer))
    response = _page(client, second.at[0])
    assert response.status_code == 302
    assert response["Location"] == reverse("person", args=[first.at[0].public_id])
    answer = APIClient().get(reverse("api-person-profile", args=[second.at[0].pk])).json()
    assert answer["person"]["id"] == first.at[0].pk
    assert {e["event"] for e in answer["events"]} == {first.event.pk, second.event.pk}


def test_unknown_addresses_are_not_found(client, season):
    assert client.get("/people/nobody2345/").status_code == 404
    assert APIClient().get(reverse("api-person-profile", args=[10**12])).status_code == 404


def test_event_pages_link_their_people(client, organizer, season):
    person, dtm, *_ = season
    target = reverse("person", args=[person.public_id])
    standings = client.get(reverse("event", args=[dtm.pk])).content.decode()
    assert target in standings
    entrant = person.entries.get(event=dtm)
    player_page = client.get(reverse("event-player", args=[dtm.pk, entrant.pk])).content.decode()
    assert target in player_page
    person_update(person, hidden=True)
    entrant_page = client.get(reverse("event-player", args=[dtm.pk, entrant.pk]))
    assert target not in entrant_page.content.decode()  # no link to a page that is not public


def test_a_team_s_page_links_its_members(client, organizer):
    event = simulate_event(preset="team_swiss", entrants=4, seed=6, owner=organizer, rounds=1)
    entrant = event.event.entrants.order_by("pk")[0]
    html = client.get(reverse("event-player", args=[event.event.pk, entrant.pk])).content.decode()
    for member in entrant.members.all():
        assert reverse("person", args=[member.public_id]) in html
    text = _text(_page(client, entrant.members.order_by("pk")[0]))
    assert entrant.name in text  # the team named beside the event


def test_the_api_answers_events_awards_statistics_and_rating(season):
    person, dtm, tientsin, running = season
    answer = APIClient().get(reverse("api-person-profile", args=[person.pk]))
    assert answer.status_code == 200
    data = answer.json()
    assert data["person"] == {
        "id": person.pk,
        "public_id": person.public_id,
        "name": person.name,
        "club": person.club,
        "erased": False,
        "hidden": False,
    }
    events = {e["event"]: e for e in data["events"]}
    assert set(events) == {dtm.pk, tientsin.pk, running.pk}
    assert events[dtm.pk]["field"] == 4 and 1 <= events[dtm.pk]["place"] <= 4
    assert events[running.pk]["place"] is None and events[running.pk]["status"] == "running"
    places = [e["place"] for e in data["events"]]
    assert data["awards"] == {
        "first": places.count(1),
        "second": places.count(2),
        "third": places.count(3),
    }
    games = {g["game"]: g for g in data["statistics"]["games"]}
    assert set(games) == {"tichu", "tientsin"}
    assert games["tientsin"]["sweep"]["name"] == "triple victory"
    assert set(games["tichu"]["calls"]) == {"tichu", "grand", "blind"}
    assert games["tichu"]["hands_won"] is None and games["tichu"]["average_place"] is None
    assert data["statistics"]["hands"] == sum(g["hands"] for g in games.values())
    assert data["statistics"]["partners"]
    assert data["rating"]["mu"] == 3.4 and data["rating"]["hands"] == 20
    assert [p["event"] for p in data["rating"]["history"]] == [dtm.pk, tientsin.pk]


def test_the_api_words_the_sweep_in_german(season):
    person, *_ = season
    data = (
        APIClient()
        .get(reverse("api-person-profile", args=[person.pk]), HTTP_ACCEPT_LANGUAGE="de")
        .json()
    )
    names = {g["game"]: g["sweep"]["name"] for g in data["statistics"]["games"]}
    assert names == {"tichu": "Doppelsieg", "tientsin": "Dreifachsieg"}
