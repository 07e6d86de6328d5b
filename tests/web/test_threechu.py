"""Threechu's own part of the captain's form: one hand at a time with its dealer, the dummy
(played by the dealer) and the two others in the hand's seats, each player a side of their
own. Every game's hands entered, refused and credited on its captain's page, its pages and its
exports: ``tests/games``."""

from __future__ import annotations

import pytest

from .conftest import captain_url, one_table, seat_names

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_throttle")]


@pytest.fixture
def threechu_table(organizer):
    return one_table(organizer, "threechu", ["Anna", "Ben", "Clara"], "Threechu night")


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
