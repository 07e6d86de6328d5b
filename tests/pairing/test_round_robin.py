"""Round robin by the circle method: every pair meets once (twice in a double), one game a round."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.pairing import PairingError, pair_round, round_robin_schedule


@pytest.mark.parametrize("size", range(2, 21))
@pytest.mark.parametrize("double", [False, True])
def test_every_pair_meets_once_per_leg_and_each_team_plays_once_per_round(size, double):
    teams = list(range(100, 100 + size))
    schedule = round_robin_schedule(teams, double=double)
    legs = 2 if double else 1
    per_leg = size - 1 if size % 2 == 0 else size
    assert len(schedule) == per_leg * legs
    meetings = Counter()
    home = Counter()
    rests = Counter()
    for draw in schedule:
        assert sorted([t for m in draw.tables for t in m] + list(draw.byes)) == teams
        assert len(draw.byes) == size % 2
        meetings.update(frozenset(m) for m in draw.tables)
        home.update(m[0] for m in draw.tables)
        rests.update(draw.byes)
    assert meetings == {frozenset(p): legs for p in combinations(teams, 2)}
    assert all(rests[t] == legs for t in teams) if size % 2 else not rests
    for team in teams:
        games = legs * (size - 1)
        assert abs(2 * home[team] - games) <= legs, "home and away balanced"


def test_the_second_leg_mirrors_the_first():
    schedule = round_robin_schedule([1, 2, 3, 4], double=True)
    first, second = schedule[:3], schedule[3:]
    for a, b in zip(first, second, strict=True):
        assert b.tables == tuple((y, x) for x, y in a.tables)


def test_the_schedule_depends_only_on_the_order_of_the_teams():
    assert round_robin_schedule([3, 1, 2]) == round_robin_schedule([3, 1, 2])
    draws = [pair_round("round_robin", [3, 1, 2], seed=s, round_number=2) for s in (1, 2)]
    assert draws[0] == draws[1] == round_robin_schedule([3, 1, 2])[1]


def test_a_withdrawn_teams_opponent_rests():
    teams = [1, 2, 3, 4, 5, 6]
    full = round_robin_schedule(teams)[0]
    draw = pair_round("round_robin", teams, seed=0, round_number=1, active={1, 2, 3, 4, 5})
    opponent = next(a if b == 6 else b for a, b in full.tables if 6 in (a, b))
    assert draw.byes == (opponent,)
    assert all(6 not in m for m in draw.tables)


def test_rounds_beyond_the_schedule_and_bad_teams_are_refused():
    with pytest.raises(PairingError, match="has 3 rounds"):
        pair_round("round_robin", [1, 2, 3, 4], seed=0, round_number=4)
    with pytest.raises(PairingError, match="listed twice"):
        round_robin_schedule([1, 2, 2])
    with pytest.raises(PairingError, match="at least 2"):
        round_robin_schedule([1])
