"""Movements of Duplicate Tichu (RULINGS.md, "Duplicate Tichu"; the bounds stated in
``tournaments/duplicate/movement.py``), checked for every field of 4 to 100 pairs."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.duplicate.movement import Movement, movement


def leg_of(pairs: int) -> int:
    """Rounds in which every pair meets every other once: one fewer than the pairs, or (an odd
    field, a sit-out each round) as many."""
    return pairs if pairs % 2 else pairs - 1


def check(m: Movement) -> None:
    """Every rule and bound of the module's docstring, for one movement."""
    pairs, leg = m.pairs, leg_of(m.pairs)
    everyone = set(range(1, pairs + 1))
    played: dict[int, set[int]] = {p: set() for p in everyone}  # boards played, per pair
    results: Counter[int] = Counter()  # tables that played each board
    opponents: dict[int, list[int]] = {p: [] for p in everyone}
    balance: Counter[int] = Counter()  # rounds North-South minus East-West
    sat_out: Counter[int] = Counter()
    for index, meetings in enumerate(m.rounds):
        seated = [p for meeting in meetings for p in (meeting.ns, meeting.ew)]
        # each round every pair plays once or sits out; nobody meets themself
        assert len(seated) == len(set(seated))
        assert [meeting.table for meeting in meetings] == list(range(1, pairs // 2 + 1))
        assert all(meeting.round == index + 1 for meeting in meetings)
        assert all(meeting.ns != meeting.ew for meeting in meetings)
        sit_out = m.sit_outs[index]
        assert (sit_out is None) == (pairs % 2 == 0)
        assert set(seated) | ({sit_out} - {None}) == everyone and sit_out not in seated
        if sit_out is not None:
            sat_out[sit_out] += 1
        for meeting in meetings:
            assert len(meeting.boards) == m.boards_per_round
            for pair in (meeting.ns, meeting.ew):
                # every pair plays every board at most once
                assert not played[pair] & set(meeting.boards)
                played[pair] |= set(meeting.boards)
            results.update(meeting.boards)
            opponents[meeting.ns].append(meeting.ew)
            opponents[meeting.ew].append(meeting.ns)
            balance[meeting.ns] += 1
            balance[meeting.ew] -= 1
        # directions: even field within 1 after every round, level after every second; odd
        # field within 1 after every second round, 2 after any
        worst = max(abs(balance[p]) for p in everyone)
        if pairs % 2 == 0:
            assert worst <= (0 if index % 2 else 1)
        else:
            assert worst <= (1 if index % 2 else 2)
    rounds = len(m.rounds)
    # every board dealt is played, each by as many tables as its group has, the groups even
    assert sorted(results) == list(range(1, m.boards + 1))
    tables = pairs // 2
    assert set(results.values()) <= {tables // m.sets_per_round, -(-tables // m.sets_per_round)}
    # meetings: no pair meets another twice before it met everyone once; any two pairs met
    # floor or ceil of rounds / leg times; a sit-out at most once a leg
    for met in opponents.values():
        seen: set[int] = set()
        for opponent in met:
            if len(seen) == pairs - 1:  # met everyone once: a new leg
                seen.clear()
            assert opponent not in seen
            seen.add(opponent)
    counts = Counter(frozenset((p, q)) for p, met in opponents.items() for q in met)
    for p, q in combinations(everyone, 2):
        assert rounds // leg <= counts[frozenset((p, q))] // 2 <= -(-rounds // leg)
    assert all(times <= -(-rounds // leg) for times in sat_out.values())
    # the movement card of a pair is its meeting of each round
    for pair in everyone:
        card = m.card(pair)
        assert len(card) == rounds
        assert [meeting is None for meeting in card] == [s == pair for s in m.sit_outs]


@pytest.mark.parametrize("pairs", range(4, 101))
def test_the_full_round_robin_of_every_field_from_4_to_100_pairs(pairs):
    full = movement(pairs)
    assert len(full.rounds) == leg_of(pairs)
    check(full)
    # every pair met every other exactly once, every board played by every table
    for pair in range(1, pairs + 1):
        met = [m.ew if m.ns == pair else m.ns for m in full.card(pair) if m is not None]
        assert sorted(met) == [p for p in range(1, pairs + 1) if p != pair]


@given(
    pairs=st.integers(min_value=4, max_value=100),
    rounds=st.integers(min_value=1, max_value=210),
    boards=st.integers(min_value=1, max_value=4),
    groups=st.integers(min_value=1, max_value=50),
)
def test_any_field_rounds_boards_and_groups(pairs, rounds, boards, groups):
    check(movement(pairs, rounds, boards, min(groups, pairs // 2)))


def test_boards_follow_the_rounds_and_groups():
    """Worked example: 9 pairs, 3 rounds of 2 boards, the 4 tables in 2 groups: round 1 tables 1-2
    boards 1-2 and tables 3-4 boards 3-4; round 2 boards 5-8; round 3 boards 9-12. The sit-outs
    follow the circle method: pair 1 first, then 8, then 6."""
    m = movement(9, 3, 2, 2)
    assert [[meeting.boards for meeting in meetings] for meetings in m.rounds] == [
        [(1, 2), (1, 2), (3, 4), (3, 4)],
        [(5, 6), (5, 6), (7, 8), (7, 8)],
        [(9, 10), (9, 10), (11, 12), (11, 12)],
    ]
    assert m.sit_outs == (1, 8, 6)
    assert m.boards == 12


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((3,), "4 to 100 pairs, not 3"),
        ((101,), "4 to 100 pairs, not 101"),
        ((8, 0), "at least one round"),
        ((8, 3, 0), "at least one board"),
        ((8, 3, 2, 5), "1 to 4 board groups"),
    ],
)
def test_numbers_out_of_range_are_refused_by_name(args, message):
    with pytest.raises(ValueError, match=message):
        movement(*args)
