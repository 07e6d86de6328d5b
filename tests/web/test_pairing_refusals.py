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
from tournaments.pairing import (
    Draw,
    Entrant,
    PairingError,
    PairingHistory,
    make_pairing,
    pair_round,
)
from tournaments.pairing.checks import check_draw
from tournaments.services.events import event_create
from tournaments.wording import PAIRING_REFUSALS, pairing_refusal, pairing_warning


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
        caught(
            lambda: swiss.pair(
                [Entrant(i) for i in range(5)],
                PairingHistory.from_tables([], byes=range(5)),
                seed=1,
                round_number=2,
            )
        ),
        caught(
            lambda: individual.pair(
                [Entrant(i) for i in (1, 2, 3, 4)], partnered, seed=1, round_number=4
            )
        ),
        caught(lambda: pair_round("round_robin", [1, 2, 3, 4], seed=0, round_number=4)),
        caught(lambda: make_pairing("knockout")),
        caught(
            lambda: make_pairing("duplicate").pair([Entrant(1)] * 3, fresh, seed=1, round_number=1)
        ),
        caught(
            lambda: make_pairing("duplicate").pair(
                [Entrant(i) for i in range(101)], fresh, seed=1, round_number=1
            )
        ),
        caught(
            lambda: make_pairing("duplicate", rounds=2).pair(
                [Entrant(i) for i in range(4)], fresh, seed=1, round_number=3
            )
        ),
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
        assert pairing_refusal(
            caught(
                lambda: make_pairing("individual").pair(
                    [], PairingHistory(), seed=1, round_number=1
                )
            )
        ) == ("0 aktive Spieler reichen für keinen Tisch: Es braucht mindestens 4.")
    grand_seigneur = GrandSeigneurTables().draw_method("individual")
    error = caught(
        lambda: grand_seigneur.pair(
            [Entrant(i) for i in range(4)], PairingHistory(), seed=1, round_number=1
        )
    )
    assert (error.code, error.params) == ("too_few_players", {"count": 4, "minimum": 5})


@pytest.mark.django_db
@pytest.mark.parametrize("preset", [preset.name for preset in PRESET_LIST])
def test_a_pairing_refusal_reaches_the_organizer_in_german(organizer, preset):
    """An event without entrants cannot be paired (or its cup drawn): the organizer reads why,
    in German, whatever the format (a league of no teams too, which has no rounds)."""
    event = event_create(owner=organizer, name="Leerer Abend", preset=preset)
    url = reverse(
        "organizer-cup-draw" if event.format.is_cup else "organizer-pair", args=[event.pk]
    )
    client = Client(headers={"accept-language": "de"})
    client.force_login(organizer)
    response = client.post(url, follow=True)
    assert response.status_code == 200
    messages = [str(message) for message in response.context["messages"]]
    expected = (
        "Zu wenige Teams für diesen Pokal: 0 angemeldet."
        if event.format.is_cup
        else "reichen für keinen Tisch: Es braucht mindestens"
    )
    assert len(messages) == 1 and expected in messages[0], messages
    assert not Round.objects.filter(event=event).exists()


def test_a_table_of_the_wrong_size_names_the_sizes_the_game_allows():
    """Grand Seigneur seats 5 to 12 at a table: a table of 4 or of 13 is told so, not "instead
    of 5" (a table of 13 is not one too small); a game of one size keeps its one number."""
    sizes = GrandSeigneurTables().allowed_sizes()
    draw = Draw(tables=[tuple(range(4)), tuple(range(10, 23))], byes=[], teams=False)
    with translation.override("en"):
        warnings = [
            pairing_warning(breach, {})
            for breach in check_draw(draw, PairingHistory(), team_event=False, sizes=sizes)
        ]
    assert warnings == [
        "Table 1 has 4 seats: a table of this game seats 5 to 12.",
        "Table 2 has 13 seats: a table of this game seats 5 to 12.",
    ]
    with translation.override("de"):
        german = pairing_warning(
            check_draw(draw, PairingHistory(), team_event=False, sizes=sizes)[0], {}
        )
    assert german == "Tisch 1 hat 4 Plätze: ein Tisch dieses Spiels hat 5 bis 12 Plätze."
    with translation.override("en"):
        four = check_draw(
            Draw(tables=[(1, 2, 3)], byes=[], teams=True), PairingHistory(), team_event=False
        )
        assert pairing_warning(four[0], {}) == "Table 1 has 3 seats instead of 4."


@pytest.mark.django_db
def test_four_players_of_grand_seigneur_are_told_five_fill_a_table(organizer):
    """Grand Seigneur prefers tables of 8 but seats five: the refusal names five, the game's
    smallest table, not its preferred size."""
    from tournaments.services.events import players_register
    from tournaments.services.history import Actor

    event = event_create(owner=organizer, name="Vier", preset="grand_seigneur")
    assert event.format.rules.players == 8
    players_register(
        event=event, names=["Anna", "Ben", "Clara", "David"], actor=Actor.organizer(organizer)
    )
    client = Client(headers={"accept-language": "de"})
    client.force_login(organizer)
    response = client.post(reverse("organizer-pair", args=[event.pk]), follow=True)
    messages = [str(message) for message in response.context["messages"]]
    assert messages == ["4 aktive Spieler reichen für keinen Tisch: Es braucht mindestens 5."]
