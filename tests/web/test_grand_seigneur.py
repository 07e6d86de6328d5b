"""Grand Seigneur's finish order typed as seat numbers (a phone taps the names, see the browser
test): a seat outside the table is refused in the numbering the form asks for, from 1. Every
game's hands entered, refused, previewed, credited and corrected, its settings (the table size
where the event chooses it), pages, standings PDF and exports: ``tests/games``."""

from __future__ import annotations

import pytest

from tournaments.models import Hand

from .conftest import captain_url, one_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_throttle")]
NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta"]


@pytest.fixture
def gs_table(organizer):
    return one_table(organizer, "grand_seigneur", NAMES, "Grand Seigneur")


@pytest.mark.parametrize(
    ("language", "typed", "message"),
    [
        ("en", "8,1", "8 is not a seat: seats are 1 to 7."),
        ("de", "8,1", "8 ist kein Platz: die Plätze sind 1 bis 7."),
        ("en", "0,1", "0 is not a seat: seats are 1 to 7."),
    ],
)
def test_a_typed_seat_is_refused_in_the_numbering_the_form_asks_for(
    client, gs_table, language, typed, message
):
    """The form says seat 1 is the first at the table: its refusal numbers the seats so too
    (the engine's seats 0 to 6 are the API's)."""
    response = client.post(
        captain_url(gs_table), {"number": "1", "finish_order": typed}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    preview = client.post(
        captain_url(gs_table, "captain-preview"),
        {"number": "1", "finish_order": typed},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert message in preview.content.decode()
    assert not Hand.objects.exists()
