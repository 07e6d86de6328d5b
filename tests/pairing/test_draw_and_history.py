"""The shared values, the factory and the checks of a hand-edited seating."""

from __future__ import annotations

import dataclasses

import pytest

from tests.pairing.simulation import simulate
from tournaments.pairing import (
    PAIRING_METHODS,
    Breach,
    Draw,
    Entrant,
    IndividualPairing,
    PairingError,
    PairingHistory,
    RoundRobinPairing,
    SwissPairing,
    check_draw,
    make_pairing,
    pair_round,
)


def test_history_from_tables_of_four_and_of_two():
    history = PairingHistory.from_tables([(1, 2, 3, 4), (5, 6), (6, 5)], byes=[7, 7, 8])
    assert history.partners == {frozenset((1, 3)), frozenset((2, 4))}
    assert history.opponents == {frozenset(p): 1 for p in ((1, 2), (1, 4), (3, 2), (3, 4))}
    assert history.matches == {frozenset((5, 6)): 2}
    assert history.byes == {7: 2, 8: 1}
    assert history.side_balance == {5: 0, 6: 0}
    with pytest.raises(PairingError, match="even number of seats"):
        PairingHistory.from_tables([(1, 2, 3)])


def test_history_is_immutable_and_grows_round_by_round():
    draws = [Draw(tables=[(1, 2, 3, 4)]), Draw(tables=[(1, 3, 2, 4)], byes=[5])]
    history = PairingHistory.from_draws(draws)
    assert history.byes == {5: 1}
    assert history.opponents[frozenset((1, 2))] == 1
    assert history.opponents[frozenset((1, 4))] == 2
    before = PairingHistory.empty()
    assert before.add(draws[0]).partners and not before.partners
    with pytest.raises(TypeError):
        history.byes[5] = 0  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        history.partners = frozenset()  # type: ignore[misc]


def test_a_draw_normalises_lists_to_tuples():
    draw = Draw(tables=[[1, 2], [3, 4]], byes=[5])
    assert draw.tables == ((1, 2), (3, 4)) and draw.byes == (5,)
    assert hash(draw) == hash(Draw(tables=((1, 2), (3, 4)), byes=(5,)))


def test_the_factory_builds_every_method_with_its_options():
    assert {"individual", "swiss", "round_robin", "knockout", "groups_knockout"} <= set(
        PAIRING_METHODS
    )
    assert isinstance(make_pairing("individual"), IndividualPairing)
    assert make_pairing("swiss", neighbours=3).neighbours == 3
    assert make_pairing("round_robin", double=True).double
    assert isinstance(make_pairing("round_robin"), RoundRobinPairing)
    assert isinstance(make_pairing("swiss"), SwissPairing)
    with pytest.raises(PairingError, match="Unknown pairing method 'knockout'"):
        make_pairing("knockout")


def test_pair_round_takes_entrants_or_ids_with_scores():
    entrants = [Entrant(i, 10 - i) for i in range(8)]
    by_value = pair_round("individual", entrants, seed=4, round_number=2)
    by_id = pair_round(
        "individual", list(range(8)), seed=4, round_number=2, scores={i: 10 - i for i in range(8)}
    )
    assert by_value == by_id
    assert by_value.method == "individual"


def test_a_valid_draw_has_no_warnings_for_any_method():
    for method in ("individual", "swiss"):
        for order, history, draw in simulate(method, 23, 5, seed=2):
            assert check_draw(draw, history, active=[e.id for e in order]) == []


def test_check_draw_reports_every_broken_rule():
    history = PairingHistory.from_tables([(1, 2, 3, 4)], byes=[9])
    draw = Draw(tables=[(1, 5, 3, 6), (2, 7, 4), (8, 8, 10, 11)], byes=[9])
    assert check_draw(draw, history, active=[1, 2, 3, 4, 5, 6, 7, 8, 9, 12]) == [
        Breach("seated_twice", {"entrant": 8, "times": 2}),
        Breach("not_seated", {"entrant": 12}),
        Breach("not_active", {"entrant": 10}),
        Breach("not_active", {"entrant": 11}),
        Breach("partners_again", {"a": 1, "b": 3, "table": 1}),
        Breach("table_size", {"table": 2, "seats": 3, "expected": 4}),
        Breach("bye_again_unfair", {"entrant": 9, "before": 1, "fewest": 0}),
    ]


def test_check_draw_reports_rematches_and_second_byes_in_team_events():
    history = PairingHistory.from_tables([(1, 2), (3, 4)], byes=[5])
    draw = Draw(tables=[(2, 1), (3, 6)], byes=[5])
    assert check_draw(draw, history) == [
        Breach("rematch", {"a": 2, "b": 1, "table": 1, "before": 1}),
        Breach("bye_again", {"entrant": 5, "before": 1}),
    ]
    assert check_draw(draw, history, legs=2) == [], "a double round robin's second leg"
    assert check_draw(Draw(tables=[(1, 2)]), history, team_event=False) == [
        Breach("table_size", {"table": 1, "seats": 2, "expected": 4})
    ]
