"""Individual events: tables of four, no partner twice, fair byes, similar standing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pairing.simulation import (
    fair_bye_sets,
    partners_possible,
    play,
    simulate,
    standings,
)
from tournaments.pairing import (
    Draw,
    Entrant,
    IndividualPairing,
    PairingError,
    PairingHistory,
    check_draw,
)


def pair(entrants, history=None, seed=1, round_number=2, **options):
    return IndividualPairing(**options).pair(
        entrants, history or PairingHistory.empty(), seed=seed, round_number=round_number
    )


def partnerships(draw: Draw) -> list[frozenset[int]]:
    return [frozenset(p) for t in draw.tables for p in ((t[0], t[2]), (t[1], t[3]))]


def assert_valid_round(order: list[Entrant], history: PairingHistory, draw: Draw) -> None:
    ids = [e.id for e in order]
    seated = [p for table in draw.tables for p in table]
    assert all(len(table) == 4 for table in draw.tables)
    assert sorted(seated + list(draw.byes)) == sorted(ids), "every player seated once or a bye"
    assert len(draw.byes) == len(ids) % 4
    assert not set(partnerships(draw)) & history.partners, "no partner twice"
    fewest_seated = min(history.byes.get(p, 0) for p in seated)
    assert all(history.byes.get(b, 0) <= fewest_seated for b in draw.byes), "byes spread"
    assert check_draw(draw, history, active=ids) == []


@settings(max_examples=120, deadline=None)
@given(size=st.integers(4, 60), rounds=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_every_round_seats_everyone_once_without_repeat_partners(size, rounds, seed):
    """Simulated events of 4-60 players: each round valid; an error only when truly impossible."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, rounds + 1):
        order = standings(scores)
        try:
            draw = pair(order, history, seed=seed, round_number=number)
        except PairingError:
            # Only if no fair choice of byes admits partnerships without a repeat partner.
            assert size < 16, "16+ players always have a seating in the first 8 rounds"
            assert not any(
                partners_possible([e.id for e in order if e.id not in byes], history)
                for byes in fair_bye_sets(order, history)
            )
            return
        assert_valid_round(order, history, draw)
        assert draw == pair(order, history, seed=seed, round_number=number), "deterministic"
        play(draw, scores, rng)
        history = history.add(draw)


def test_round_one_is_a_random_draw_by_seed():
    order = [Entrant(i) for i in range(40)]
    first = pair(order, seed=1, round_number=1)
    assert first == pair(list(reversed(order)), seed=1, round_number=1), "order is irrelevant"
    assert first != pair(order, seed=2, round_number=1)


def test_later_rounds_seat_neighbours_in_the_standings():
    order = [Entrant(i, score=100 - i) for i in range(16)]
    draw = pair(order)
    assert [sorted(t) for t in draw.tables] == [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [12, 13, 14, 15],
    ]
    assert all(t[0] == min(t) for t in draw.tables), "the best-ranked player takes seat 0"


def test_a_table_never_seats_earlier_partners_together():
    history = PairingHistory.from_tables([(1, 2, 3, 4)])  # partners 1-3 and 2-4
    for seed in range(20):
        draw = pair([Entrant(i) for i in (1, 2, 3, 4)], history, seed=seed)
        assert {frozenset((1, 3)), frozenset((2, 4))}.isdisjoint(partnerships(draw))


def test_the_split_of_a_table_avoids_repeat_opponents():
    # 1-2 were opponents twice, 1-4 once: the split 1-2 / 3-4 (1 against 3 and 4) has none.
    history = PairingHistory.from_tables([(1, 2, 5, 6), (1, 2, 7, 8), (1, 4, 9, 10)])
    for seed in range(10):
        (table,) = pair([Entrant(i) for i in (1, 2, 3, 4)], history, seed=seed).tables
        assert {frozenset((table[0], table[2])), frozenset((table[1], table[3]))} == {
            frozenset((1, 2)),
            frozenset((3, 4)),
        }


def test_repair_moves_a_player_to_break_up_a_repeat_partnership():
    # Players 0-3 have partnered each other in every way; one of them must change tables.
    history = PairingHistory.from_tables([(0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2)])
    draw = pair([Entrant(i, 100 - i) for i in range(8)], history)
    assert check_draw(draw, history) == []
    assert all(len(set(t) & {0, 1, 2, 3}) == 2 for t in draw.tables)


def test_repeat_opponents_are_repaired_between_nearby_tables():
    order = standings({i: 100 - i for i in range(8)})
    history = PairingHistory.from_tables([(0, 1, 4, 5), (2, 3, 6, 7)])
    draw = pair(order, history)
    opponents = {
        frozenset((t[i], t[j])) for t in draw.tables for i, j in ((0, 1), (0, 3), (2, 1), (2, 3))
    }
    assert not opponents & set(history.opponents), "no repeat opponent where avoidable"


def test_byes_go_to_players_without_one_lowest_ranked_first():
    order = [Entrant(i, 100 - i) for i in range(1, 7)]  # 6 players: 2 byes
    assert pair(order).byes == (5, 6)
    history = PairingHistory.from_tables([], byes=[5, 6])
    assert pair(order, history).byes == (3, 4)
    late = [*order, Entrant(7, 0)]  # a late entry, last in the standings: 3 byes
    assert pair(late, history).byes == (3, 4, 7)


def test_other_fair_byes_are_tried_when_the_rules_choice_admits_no_seating():
    # Player 1 has partnered 2, 3 and 4: if 5 sits out (lowest ranked), 1 has no partner left.
    history = PairingHistory.from_tables([(1, 6, 2, 7), (1, 8, 3, 9), (1, 10, 4, 11)])
    draw = pair([Entrant(i, 10 - i) for i in range(1, 6)], history)
    assert draw.byes == (4,), "the next player in the bye order"
    assert check_draw(draw, history) == []


def test_an_impossible_round_raises_a_clear_error():
    history = PairingHistory.from_tables([(1, 2, 3, 4), (1, 3, 2, 4), (1, 2, 4, 3)])
    with pytest.raises(PairingError, match="repeat partner"):
        pair([Entrant(i) for i in (1, 2, 3, 4)], history)


def test_too_few_players_or_duplicates_are_refused():
    with pytest.raises(PairingError, match="at least 4"):
        pair([Entrant(1), Entrant(2), Entrant(3)])
    with pytest.raises(PairingError, match="listed twice"):
        pair([Entrant(1), Entrant(2), Entrant(3), Entrant(1)])


def test_a_large_field_keeps_tables_among_neighbours_over_many_rounds():
    for order, history, draw in simulate("individual", 400, 7, seed=3):
        assert_valid_round(order, history, draw)
        rank = {e.id: i for i, e in enumerate(order)}
        spreads = [max(rank[p] for p in t) - min(rank[p] for p in t) for t in draw.tables]
        if history.partners:
            assert sum(spreads) / len(spreads) < 6


def rule_byes(order: list[Entrant], sat_out: dict[int, int], count: int) -> set[int]:
    """RULINGS.md, "Who sits out": the players who sat out least; among them the lowest in the
    standings (``order`` is best first)."""
    rank = {e.id: i for i, e in enumerate(order)}
    return set(sorted(rank, key=lambda p: (sat_out.get(p, 0), -rank[p]))[:count])


@settings(max_examples=150, deadline=None)
@given(
    size=st.integers(4, 22),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 2**32),
    missed=st.lists(st.integers(0, 4), min_size=22, max_size=22),
)
def test_byes_go_to_the_lowest_among_those_who_sat_out_least(size, rounds, seed, missed):
    """Whatever was played, and whoever arrived late or was absent (rounds missed count as sat
    out): the byes are the rule's own choice whenever it admits a seating, else another set as
    fair (nobody on a bye who sat out more than a seated player). Round 1 is a random draw."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, rounds + 1):
        try:
            draw = pair(standings(scores), history, seed=seed, round_number=number)
        except PairingError:
            return
        play(draw, scores, rng)
        history = history.add(draw)
    history = history.with_rests({p: missed[p - 1] for p in scores})
    order = standings(scores)
    count = size % 4
    try:
        draw = pair(order, history, seed=seed, round_number=rounds + 1)
    except PairingError:
        return
    expected = rule_byes(order, dict(history.byes), count)
    if partners_possible([e.id for e in order if e.id not in expected], history):
        assert set(draw.byes) == expected
    else:
        assert frozenset(draw.byes) in fair_bye_sets(order, history)


def test_a_late_arrival_sits_out_after_those_who_played_every_round():
    order = [Entrant(i, 100 - i) for i in range(1, 6)]  # 5 players: 1 bye; 5 is last
    history = PairingHistory.from_tables([(1, 2, 3, 4)]).with_rests({5: 1})  # 5 missed round 1
    assert pair(order, history).byes == (4,), "the lowest of those who sat out least"
