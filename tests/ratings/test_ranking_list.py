"""The ranking list of a register: in the API and on its public page."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments.models import Player, Rating, Register
from tournaments.ratings.model import CONSERVATIVE_K
from tournaments.ratings.store import refresh
from tournaments.services.history import Actor
from tournaments.services.people import person_erase
from tournaments.simulation import simulate_event
from tournaments.views import ranking

pytestmark = pytest.mark.django_db


@pytest.fixture
def register(organizer):
    """A register of eight people rated from one simulated DTM evening (12 hands each)."""
    event = simulate_event(preset="dtm", entrants=8, seed=4, owner=organizer, rounds=3).event
    Register.objects.filter(pk=event.register_id).update(min_ranked_hands=12)
    refresh(event.register_id, full=True)
    return Register.objects.get(pk=event.register_id)


def api_rows(client, register, **params):
    answer = client.get("/api/ratings/", {"register": register.pk, **params})
    assert answer.status_code == 200, answer.content
    return answer.json()["results"]


def test_the_api_lists_people_by_their_conservative_estimate(register):
    rows = api_rows(APIClient(), register)
    assert [row["rank"] for row in rows] == list(range(1, 9))
    keys = [row["conservative"] for row in rows]
    assert keys == sorted(keys, reverse=True)
    for row in rows:
        rating = Rating.objects.get(person_id=row["person"]["id"])
        assert (row["mu"], row["sigma"], row["hands"]) == (rating.mu, rating.sigma, 12)
        assert row["conservative"] == pytest.approx(rating.mu - CONSERVATIVE_K * rating.sigma)
    page = api_rows(APIClient(), register, limit=3, offset=3)
    assert [row["rank"] for row in page] == [4, 5, 6]
    assert page == rows[3:6]


def test_too_few_hands_hidden_and_erased_people(register, organizer):
    first, second, third = Player.objects.filter(register=register).order_by("pk")[:3]
    Player.objects.filter(pk=first.pk).update(hidden=True)
    person_erase(second, actor=Actor.organizer(organizer))  # which hides them too
    Rating.objects.filter(person=third).update(hands=11)
    public = {row["person"]["id"]: row for row in api_rows(APIClient(), register)}
    assert first.pk not in public and third.pk not in public and len(public) == 6
    erased = public[second.pk]["person"]
    assert (erased["name"], erased["public_id"], erased["hidden"]) == ("erased player", None, False)
    client = APIClient()
    client.force_authenticate(organizer)
    organizers = {row["person"]["id"]: row for row in api_rows(client, register)}
    assert organizers[first.pk]["person"]["hidden"] is True and len(organizers) == 7
    page = APIClient().get(
        reverse("register-ranking", args=[register.pk]), HTTP_ACCEPT_LANGUAGE="de"
    )
    text = page.content.decode()
    assert "gelöschte Person" in text and first.name not in text and third.name not in text
    assert second.public_id not in text  # an erased person's address is gone from the page too


@pytest.mark.parametrize(
    ("query", "status", "field"),
    [
        ({}, 400, "register"),
        ({"register": "abc"}, 400, "register"),
        ({"register": 0}, 400, "register"),
        ({"register": 999999}, 404, None),
    ],
)
def test_the_api_refuses_a_missing_or_unknown_register(query, status, field):
    answer = APIClient().get("/api/ratings/", query)
    assert answer.status_code == status
    if field:
        assert field in answer.json()["errors"]


def test_the_schema_documents_the_ranking_list():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/ratings/"]["get"]
    assert operation["operationId"] == "ratings_list"
    register = next(p for p in operation["parameters"] if p["name"] == "register")
    assert register["required"] and register["schema"]["minimum"] == 1


@pytest.mark.parametrize(("language", "words"), [("en", "Ranking list"), ("de", "Rangliste")])
def test_the_page_in_both_languages(client, register, language, words):
    page = client.get(
        reverse("register-ranking", args=[register.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    text = page.content.decode()
    assert page.status_code == 200 and words in text
    assert ("mindestens 12 Spielen" in text) == (language == "de")
    best = Rating.objects.order_by("-mu").first()
    assert best.person.name in text
    assert f'<a href="{reverse("person", args=[best.person.public_id])}">' in text  # their page
    assert 'name="viewport"' in text


def test_the_page_is_paginated_in_queries_that_do_not_grow(
    client, register, monkeypatch, django_assert_max_num_queries
):
    monkeypatch.setattr(ranking, "PER_PAGE", 3)
    url = reverse("register-ranking", args=[register.pk])
    with django_assert_max_num_queries(3):  # the register, the count, the page
        first = client.get(url).content.decode()
    third = client.get(url + "?page=3").content.decode()
    assert first.count("data-person=") == 3 and third.count("data-person=") == 2
    assert client.get(url + "?page=4").status_code == 404
    assert client.get(reverse("register-ranking", args=[987654])).status_code == 404
