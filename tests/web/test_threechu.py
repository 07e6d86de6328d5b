"""Threechu on the pages: the captain's form shows one hand at a time with its dealer, the
dummy (played by the dealer) and the two others in the hand's seats; each player's totals; the
public round, the player page and the exports."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Event, Hand, HandSeat

from .conftest import captain_url, one_table, seat_names

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_throttle")]


@pytest.fixture
def threechu_table(organizer):
    return one_table(organizer, "threechu", ["Anna", "Ben", "Clara"], "Threechu night")


def test_create_a_threechu_event_on_the_web(organizer_client):
    response = organizer_client.post(
        reverse("organizer-event-new"), {"name": "Threechu", "preset": "threechu"}
    )
    assert response.status_code == 302
    assert Event.objects.get(name="Threechu").format.game.seats == 3


def test_the_captain_page_names_each_hands_dealer_and_dummy(client, threechu_table):
    a, b, c = seat_names(threechu_table)
    html = client.get(captain_url(threechu_table)).content.decode()
    assert f"dealer: {a}" in html and f"dealer: {b}" in html and f"dealer: {c}" in html
    assert f"{a} (dealer)" in html and f"dummy of {a}" in html
    assert all(f'name="call_{p}"' in html for p in range(4)) and 'name="call_4"' not in html
    second = client.get(captain_url(threechu_table) + "?hand=2", HTTP_ACCEPT_LANGUAGE="de")
    html = second.content.decode()
    assert f"{b} (gibt)" in html and f"Strohmann von {b}" in html
    # every player is a side of their own, listed in the order the hands' points are
    assert (
        html.index(f"<strong>{a}</strong>")
        < html.index(f"<strong>{b}</strong>")
        < html.index(f"<strong>{c}</strong>")
    )


def test_a_captain_enters_hands_and_each_player_is_credited(client, threechu_table):
    a, b, c = seat_names(threechu_table)
    # hand 1: the dummy (seat 2) out first with the dealer's Tichu for it
    response = client.post(
        captain_url(threechu_table),
        {"number": "1", "call_2": "tichu", "first_out": "2", "cp_0": "70"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    response = client.post(
        captain_url(threechu_table), {"number": "2", "first_out": "1", "double_victory": "1"}
    )
    assert response.status_code == 302
    credits = dict(HandSeat.objects.filter(hand__number=2).values_list("position", "tp"))
    assert credits == {0: 200, 1: 0, 2: 200}
    html = client.get(captain_url(threechu_table)).content.decode()
    assert 'id="sides"' in html and "370 TP" in html
    refused = client.post(
        captain_url(threechu_table),
        {"number": "3", "call_0": "grand", "first_out": "0", "cp_0": "50"},
    )
    assert refused.status_code == 400 and "Grand Tichu" in refused.content.decode()
    assert Hand.objects.count() == 2
    event = threechu_table.round.event
    public = client.get(reverse("event-round", args=[event.pk, 1])).content.decode()
    assert all(name in public for name in (a, b, c)) and "370" in public
    entrant = threechu_table.seats.get(position=0).entrant_id
    player = client.get(reverse("event-player", args=[event.pk, entrant]))
    assert player.status_code == 200
