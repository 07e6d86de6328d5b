"""Why a round cannot be paired, in the organizer's language (issue "The organizer's day, second
pass": "0 players cannot fill a table; at least 4 are needed" on a German page).

The pairing (``tournaments.pairing``, no Django) refuses with a ``PairingError`` carrying a code
and its numbers, as the engine does; ``tournaments.wording`` words each code, and the service
raises its ``Conflict`` with those words, as every ``ServiceError`` is worded when raised.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments.formats import PRESET_LIST
from tournaments.games import GrandSeigneurTables
from tournaments.models import Round
from tournaments.pairing import Entrant, PairingError, PairingHistory, make_pairing, pair_round
from tournaments.services.events import event_create
from tournaments.wording import PAIRING_REFUSALS, pairing_refusal


def caught(draw) -> PairingError:
    with pytest.raises(PairingError) as error:
        draw()
    return error.value


def refusals() -> dict[str, PairingError]:
    """One refusal of the pairing per code, each raised by the pairing itself."""
    individual, swiss = make_pairing("individual"), make_pairing("swiss")
    fresh = PairingHistory()
    partnered = PairingHistory.from_tables([(1, 2, 3, 4), (1, 3, 2, 4), (1, 2, 4, 3)])
    found = [
        caught(lambda: individual.pair([], fresh, seed=1, round_number=1)),
        caught(lambda: swiss.pair([Entrant(1)], fresh, seed=1, round_number=1)),
        caught(lambda: individual.pair([Entrant(1)] * 4, fresh, seed=1, round_number=1)),
        caught(lambda: swiss.pair([Entrant(i) for i in range(5)],
                                  PairingHistory.from_tables([], byes=range(5)), seed=1,
                                  round_number=2)),
        caught(lambda: individual.pair([Entrant(i) for i in (1, 2, 3, 4)], partnered, seed=1,
                                       round_number=4)),
        caught(lambda: pair_round("round_robin", [1, 2, 3, 4], seed=0, round_number=4)),
        caught(lambda: make_pairing("knockout")),
        caught(lambda: PairingHistory.from_tables([(1, 2, 3)])),
    ]
    return {error.code: error for error in found}


def test_every_pairing_refusal_is_worded_in_both_languages():
    found = refusals()
    assert set(found) == set(PAIRING_REFUSALS)
    for error in found.values():
        with translation.override("en"):
            english = pairing_refusal(error)
        with translation.override("de"):
            german = pairing_refusal(error)
        assert "%(" not in english + german and german != english


def test_the_fewest_players_of_a_table_are_named():
    with translation.override("de"):
        assert pairing_refusal(caught(lambda: make_pairing("individual").pair(
            [], PairingHistory(), seed=1, round_number=1))) == (
            "0 aktive Spieler reichen für keinen Tisch: Es braucht mindestens 4.")
    grand_seigneur = GrandSeigneurTables().draw_method("individual")
    error = caught(lambda: grand_seigneur.pair([Entrant(i) for i in range(4)], PairingHistory(),
                                               seed=1, round_number=1))
    assert (error.code, error.params) == ("too_few_players", {"count": 4, "minimum": 5})


@pytest.mark.django_db
@pytest.mark.parametrize("preset", [preset.name for preset in PRESET_LIST])
def test_a_pairing_refusal_reaches_the_organizer_in_german(organizer, preset):
    """An event without entrants cannot be paired (or its cup drawn): the organizer reads why,
    in German, whatever the format (a league of no teams too, which has no rounds)."""
    event = event_create(owner=organizer, name="Leerer Abend", preset=preset)
    url = reverse("organizer-cup-draw" if event.format.is_cup else "organizer-pair",
                  args=[event.pk])
    client = Client(headers={"accept-language": "de"})
    client.force_login(organizer)
    response = client.post(url, follow=True)
    assert response.status_code == 200
    messages = [str(message) for message in response.context["messages"]]
    expected = ("Zu wenige Teams für diesen Pokal: 0 angemeldet." if event.format.is_cup
                else "reichen für keinen Tisch: Es braucht mindestens")
    assert len(messages) == 1 and expected in messages[0], messages
    assert not Round.objects.filter(event=event).exists()
