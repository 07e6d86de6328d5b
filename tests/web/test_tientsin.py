"""Tientsin on the pages, where its teams of three show: the engine's refusal of a triple
victory names the team by its three players. Every game's captain form (two teams of three as
they sit, a call for each of six seats, its triple victory instead of a double one, in English
and German), its hands, its pages, its seating list and its exports: ``tests/games``."""

from __future__ import annotations

import pytest

from tournaments.models import Hand

from .conftest import captain_url, one_table, seat_names

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle")]


@pytest.fixture
def tientsin_table(organizer):
    return one_table(organizer, "tientsin", [f"Player {c}" for c in "ABCDEF"], "Tientsin night")


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
