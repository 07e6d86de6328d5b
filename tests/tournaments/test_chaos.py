"""Chaos Tichu as a rule option of the four-player formats: the ``chaos_dtm`` preset, the option
on any four-player format, and a whole Chaos Tichu DTM played by the engine's bots, who honour
its rule. What every preset's event has in common (played to its standings, by
``manage.py simulate_event`` too) is checked by ``tests/games``."""

import pytest

from scoring import InvalidHand, Rules
from tests.tournaments.test_events import partnerships
from tournaments.formats import FormatError, resolve_format
from tournaments.models import Hand, Round
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.simulation import simulate_event

GRANDS = ("grand", "blind")


def grand_callers(entry: dict) -> list[int]:
    return sorted(int(seat) for seat, call in (entry.get("calls") or {}).items() if call in GRANDS)


def test_chaos_dtm_is_the_dtm_with_chaos():
    chaos, dtm = resolve_format("chaos_dtm"), resolve_format("dtm")
    assert chaos.rules == dtm.rules.replace(chaos=True)
    assert (chaos.rounds, chaos.hands_per_round, chaos.vp_scheme) == (6, 4, "dtm")


@pytest.mark.parametrize("preset", ["dtm", "team_swiss", "league", "knockout"])
def test_chaos_is_an_option_of_every_four_player_format(preset):
    assert resolve_format(preset, {"rules": {"chaos": True}}).rules.chaos


def test_chaos_outside_four_player_tichu_is_refused_by_field():
    with pytest.raises(FormatError) as error:
        resolve_format("dtm", {"rules": {"chaos": True, "game": "threechu"}})
    assert error.value.field == "rules"


@pytest.mark.django_db(transaction=True)
def test_a_whole_chaos_tichu_dtm(organizer):
    event = simulate_event(preset="chaos_dtm", entrants=16, seed=4, owner=organizer).event
    assert event.rules == Rules(double_victory_points=100, grand_tichu_allowed=False, chaos=True)
    assert set(event.rounds.values_list("status", flat=True)) == {Round.Status.COMPLETE}
    hands = list(Hand.objects.filter(table__round__event=event))
    assert len(hands) == 6 * 4 * 4
    for hand in hands:  # the bots honour Chaos: one Grand Tichu per team, every hand
        teams = [seat % 2 for seat in grand_callers(hand.entry)]
        assert sorted(teams) == [0, 1], hand.entry
    assert any(abs(h.tp_0 - h.tp_1) >= 200 for h in hands), "Grand Tichus decide hands"
    pairs = partnerships(event)
    assert len(pairs) == len(set(pairs)), "no two players are partners twice"

    table = event.rounds.first().tables.first()  # the service refuses a hand without the calls
    with pytest.raises(InvalidHand) as error:
        hand_record(
            table_id=table.pk,
            number=5,
            entry={"card_points": [50, 50], "finish_order": [0], "calls": {"0": "grand"}},
            actor=Actor.organizer(organizer),
        )
    assert (error.value.code, error.value.params) == ("chaos_grand_tichu_missing", {"team": 1})
