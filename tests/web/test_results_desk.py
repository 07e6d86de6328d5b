"""The results desk: every table of the round with its hands entered, confirmed and missing and
its captain's link, polled; the event option that completes a round only once the opponents
have confirmed every hand."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import Event, Round
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_confirm, hand_record
from tournaments.services.history import Actor, Conflict
from tournaments.services.rounds import round_is_complete, round_pair, round_publish

pytestmark = pytest.mark.django_db

HAND = {"card_points": [70, 30], "finish_order": [0]}


def event_with_round(organizer, **overrides) -> tuple[Event, Round]:
    actor = Actor.organizer(organizer)
    event = event_create(
        owner=organizer,
        name="Desk cup",
        preset="dtm",
        overrides={"rounds": 2, "hands_per_round": 2, **overrides},
        seed=5,
    )
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event, rnd


def test_desk_shows_entered_confirmed_missing_and_the_captains_link(organizer_client, organizer):
    event, rnd = event_with_round(organizer)
    first, second = rnd.tables.order_by("number")
    hand_record(table_id=first.pk, number=1, entry=HAND, actor=Actor.captain(first))
    hand_record(table_id=first.pk, number=2, entry=HAND, actor=Actor.captain(first))
    hand_confirm(table_id=first.pk, number=1, code=first.opponents_code)
    html = organizer_client.get(reverse("organizer-desk", args=[event.pk])).content.decode()
    assert 'hx-trigger="every 5s"' in html
    card = re.search(r'id="desk-table-1".*?</section>', html, re.S).group(0)
    assert 'class="card desk-table done"' in html.split('id="desk-table-1"')[0][-60:]
    assert '<dd class="entered">2/2</dd>' in card and '<dd class="confirmed">1</dd>' in card
    late = re.search(r'id="desk-table-2".*?</section>', html, re.S).group(0)
    assert '<dd class="entered">0/2</dd>' in late and '<dd class="missing">1, 2</dd>' in late
    assert f"http://testserver/t/{second.code}/" in late
    assert "1 of 2 tables done." in html
    fragment = organizer_client.get(reverse("organizer-desk-tables", args=[event.pk]))
    assert fragment.content.decode().startswith('<div id="desk"')
    german = organizer_client.get(
        reverse("organizer-desk", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Ergebnisannahme" in german and "bestätigt" in german


def test_the_desk_is_the_organizers(other_client, organizer):
    from django.test import Client

    event, _ = event_with_round(organizer)
    url = reverse("organizer-desk", args=[event.pk])
    assert Client().get(url).status_code == 302
    assert other_client.get(url).status_code == 403


def test_confirmations_required_to_complete_a_round(organizer):
    event, rnd = event_with_round(organizer, confirmation_required=True)
    tables = list(rnd.tables.order_by("number"))
    for table in tables:
        for number in (1, 2):
            hand_record(table_id=table.pk, number=number, entry=HAND, actor=Actor.captain(table))
    assert not round_is_complete(rnd)
    with pytest.raises(Conflict) as refused:
        round_pair(event_id=event.pk, actor=Actor.organizer(organizer))
    assert refused.value.code == "round_incomplete"
    for table in tables:
        hand_confirm(table_id=table.pk, number=1, code=table.opponents_code)
        hand_confirm(table_id=table.pk, number=2, code=table.opponents_code)
    assert round_is_complete(rnd)
    assert round_pair(event_id=event.pk, actor=Actor.organizer(organizer)).number == 2


def test_without_the_option_entered_hands_complete_a_round(organizer):
    event, rnd = event_with_round(organizer)
    for table in rnd.tables.all():
        for number in (1, 2):
            hand_record(table_id=table.pk, number=number, entry=HAND, actor=Actor.captain(table))
    assert round_is_complete(rnd)


def test_the_option_through_the_api(organizer):
    from tests.api.conftest import token_client

    client = token_client(organizer)
    response = client.post(
        "/api/events/", {"name": "C", "confirmation_required": True}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["settings"]["confirmation_required"] is True
    response = client.post(
        "/api/events/", {"name": "C", "confirmation_required": "yes"}, format="json"
    )
    assert response.status_code == 400 and "confirmation_required" in response.json()["errors"]
