"""Chaos Tichu on the pages: switched on in the settings; the captain's form offers Grand
Tichu, says the rule, and words the engine's refusal in the reader's language, naming the team
without a Grand Tichu. Every preset created on the web (``chaos_dtm`` too):
``tests/games/test_pages.py``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Hand
from tournaments.services.events import event_create

from .conftest import captain_url, one_table, seat_names
from .test_settings import form_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle")]

NAMES = ["Anna", "Ben", "Clara", "David"]


@pytest.fixture
def chaos_table(organizer):
    return one_table(organizer, "chaos_dtm", NAMES, "Chaos")


def test_chaos_is_a_setting_of_any_four_player_event(organizer_client, organizer):
    event = event_create(owner=organizer, name="Cup", preset="team_swiss", seed=1)
    response = organizer_client.post(
        reverse("organizer-settings", args=[event.pk]), form_data(event, chaos="on")
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.rules.chaos and not event.rules.grand_tichu_allowed


def test_the_captain_page_says_the_rule_and_offers_grand_tichu_in_german(client, chaos_table):
    html = client.get(captain_url(chaos_table), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="chaos-rule"' in html and "genau ein Großes Tichu" in html
    assert html.count('value="grand"') == 4


def test_a_hand_without_team_bs_grand_tichu_is_refused_in_german(client, chaos_table):
    names = seat_names(chaos_table)
    data = {"number": "1", "call_0": "grand", "first_out": "0", "cp_0": "60"}
    response = client.post(captain_url(chaos_table), data, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    html = response.content.decode()
    team_b = f"{names[1]} &amp; {names[3]}"
    assert (
        f"Chaos-Tichu: Jedes Team sagt in jedem Spiel genau ein Großes Tichu an, aber für "
        f"{team_b} ist keines eingetragen." in html
    )
    assert 'class="errorlist inline-engine-error"' in html
    assert not Hand.objects.exists()
    preview = client.post(
        captain_url(chaos_table, "captain-preview"), data, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert f"and {team_b} called none" in preview.content.decode()

    response = client.post(captain_url(chaos_table), {**data, "call_3": "grand"})
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert (hand.tp_0, hand.tp_1) == (60 + 200, 40 - 200)
