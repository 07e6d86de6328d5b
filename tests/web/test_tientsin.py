"""Tientsin on the pages: the captain's form seats six players in two teams of three as they
sit, offers a triple victory instead of a double one, and words the engine's refusals with the
players' names; the public round, the seating list and the exports show six seats."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Event, Hand

from .conftest import captain_url, one_table, seat_names

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle")]


@pytest.fixture
def tientsin_table(organizer):
    return one_table(organizer, "tientsin", [f"Player {c}" for c in "ABCDEF"], "Tientsin night")


def test_create_a_tientsin_event_on_the_web(organizer_client):
    page = organizer_client.get(reverse("organizer-event-new")).content.decode()
    assert 'value="tientsin"' in page
    response = organizer_client.post(
        reverse("organizer-event-new"), {"name": "Tientsin", "preset": "tientsin"}
    )
    assert response.status_code == 302
    assert Event.objects.get(name="Tientsin").format.game.seats == 6


def test_the_captain_page_seats_two_teams_of_three(client, tientsin_table):
    seated = seat_names(tientsin_table)
    html = client.get(captain_url(tientsin_table)).content.decode()
    assert " &amp; ".join(seated[0::2]) in html and " &amp; ".join(seated[1::2]) in html
    assert all(f'name="call_{p}"' in html for p in range(6))
    assert "Triple victory" in html and "Double victory" not in html
    german = client.get(captain_url(tientsin_table), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Dreifachsieg" in german


def test_a_captain_enters_a_triple_victory_and_a_hand_of_card_points(client, tientsin_table):
    response = client.post(
        captain_url(tientsin_table),
        {"number": "1", "call_1": "tichu", "first_out": "1", "double_victory": "1"},
    )
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.entry["triple_victory"] == 1
    assert (hand.tp_0, hand.tp_1, hand.vp_0, hand.vp_1) == (0, 400, 0, 3)
    response = client.post(
        captain_url(tientsin_table), {"number": "2", "first_out": "4", "cp_0": "65"}
    )
    assert response.status_code == 302
    assert Hand.objects.get(number=2).tp_1 == 35
    html = client.get(captain_url(tientsin_table)).content.decode()
    assert "triple victory" in html


def test_the_engine_refusal_names_the_team_of_three(client, tientsin_table):
    seated = seat_names(tientsin_table)
    data = {"number": "1", "first_out": "1", "double_victory": "0"}
    response = client.post(captain_url(tientsin_table), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    html = response.content.decode()
    assert "triple victory" in html and " &amp; ".join(seated[0::2]) in html
    assert not Hand.objects.exists()
    preview = client.post(
        captain_url(tientsin_table, "captain-preview"),
        {"number": "1", "first_out": "3", "cp_1": "60"},
    )
    assert preview.status_code == 200 and "40" in preview.content.decode()


def test_public_pages_and_exports_show_six_seats(client, organizer_client, tientsin_table):
    event = tientsin_table.round.event
    seated = seat_names(tientsin_table)
    client.post(captain_url(tientsin_table), {"number": "1", "first_out": "4", "cp_0": "65"})
    html = client.get(reverse("event-round", args=[event.pk, 1])).content.decode()
    assert all(name in html for name in seated)
    seating = client.get(reverse("event-seating", args=[event.pk, 1])).content.decode()
    assert f"{seated[2]} &amp; {seated[4]}" in seating, "both partners of seat 0"
    export = organizer_client.get(reverse("organizer-export", args=[event.pk, "results", "csv"]))
    text = export.content.decode()
    assert "Seat 6" in text and seated[5] in text
