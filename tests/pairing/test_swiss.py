"""Team Swiss: a perfect matching, no avoidable rematch, one bye at most, similar scores meet."""

from __future__ import annotations

import random
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pairing.simulation import perfect_matchings, play, simulate, standings
from tournaments.pairing import Draw, Entrant, PairingError, PairingHistory, SwissPairing
from tournaments.pairing.swiss import lexicographic_weights


def pair(entrants, history=None, seed=1, round_number=2, **options):
    return SwissPairing(**options).pair(
        entrants, history or PairingHistory.empty(), seed=seed, round_number=round_number
    )


def rematches(draw: Draw, history: PairingHistory) -> int:
    return sum(frozenset(match) in history.matches for match in draw.tables)


def fewest_rematches(teams: list[int], history: PairingHistory) -> int:
    """The fewest rematches any perfect matching of ``teams`` has: brute force when small,
    a maximum-weight matching of the complete graph otherwise."""

    def met(a, b):
        return frozenset((a, b)) in history.matches

    if len(teams) <= 10:
        return min(
            sum(met(a, b) for a, b in matching) for matching in perfect_matchings(tuple(teams))
        )
    graph = nx.Graph()
    graph.add_weighted_edges_from(
        (a, b, 2 - met(a, b)) for i, a in enumerate(teams) for b in teams[i + 1 :]
    )
    return sum(met(a, b) for a, b in nx.max_weight_matching(graph, maxcardinality=True))


def assert_valid_round(
    order: list[Entrant], history: PairingHistory, draw: Draw, number: int
) -> None:
    ids = [e.id for e in order]
    assert all(len(match) == 2 for match in draw.tables)
    assert sorted([t for match in draw.tables for t in match] + list(draw.byes)) == sorted(ids)
    assert len(draw.byes) == len(ids) % 2
    for bye in draw.byes:
        assert history.byes.get(bye, 0) == 0, "at most one bye per team"
        below = ids[ids.index(bye) + 1 :]
        if number > 1:  # round 1 is a random draw
            assert all(history.byes.get(t, 0) for t in below), "lowest-ranked team without one"
    playing = [t for t in ids if t not in draw.byes]
    assert rematches(draw, history) == fewest_rematches(playing, history), "avoidable rematch"


@settings(max_examples=150, deadline=None)
@given(size=st.integers(2, 30), rounds=st.integers(1, 9), seed=st.integers(0, 2**32))
def test_every_round_is_a_perfect_matching_without_avoidable_rematches(size, rounds, seed):
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, rounds + 1):
        order = standings(scores)
        try:
            draw = pair(order, history, seed=seed, round_number=number)
        except PairingError:
            assert size % 2 and all(history.byes.get(e.id) for e in order), "only if no bye left"
            return
        assert_valid_round(order, history, draw, number)
        assert draw == pair(order, history, seed=seed, round_number=number), "deterministic"
        play(draw, scores, rng)
        history = history.add(draw)


def test_windowed_matching_of_a_large_field_has_no_rematch():
    for order, history, draw in simulate("swiss", 301, 7, seed=5):
        ids = [e.id for e in order]
        assert sorted([t for m in draw.tables for t in m] + list(draw.byes)) == sorted(ids)
        assert rematches(draw, history) == 0
        score = {e.id: e.score for e in order}
        assert sum(abs(score[a] - score[b]) for a, b in draw.tables) / len(draw.tables) < 5


def test_windowed_and_whole_field_matching_agree_on_the_priorities():
    rounds = list(simulate("swiss", 120, 6, seed=9))
    order, history, draw = rounds[-1]
    whole = pair(order, history, window=200, commit=100, round_number=6)
    assert rematches(draw, history) == rematches(whole, history) == 0
    score = {e.id: e.score for e in order}

    def distance(d):
        return sum(abs(score[a] - score[b]) for a, b in d.tables)

    assert distance(draw) == distance(whole)


def test_the_last_window_takes_back_matches_above_it_rather_than_rematch():
    # The bottom six teams have all met each other: they need partners from above.
    history = PairingHistory.from_tables(list(combinations(range(6, 12), 2)))
    order = [Entrant(i, 20 - i) for i in range(12)]
    draw = pair(order, history, window=8, commit=4)
    assert rematches(draw, history) == 0
    assert sorted(t for m in draw.tables for t in m) == list(range(12))


def test_round_one_is_a_random_draw_by_seed():
    order = [Entrant(i) for i in range(20)]
    first = pair(order, round_number=1)
    assert first == pair(list(reversed(order)), round_number=1)
    assert first != pair(order, seed=2, round_number=1)


def test_equal_scores_pair_neighbours_and_score_groups_stay_together():
    order = [Entrant(i, score) for i, score in enumerate([4, 4, 4, 4, 2, 2, 2, 2])]
    assert sorted(map(sorted, pair(order).tables)) == [[0, 1], [2, 3], [4, 5], [6, 7]]


def test_no_rematch_beats_score_distance():
    order = [Entrant(i, score) for i, score in enumerate([4, 4, 2, 2])]
    history = PairingHistory.from_tables([(0, 1), (2, 3)])
    assert sorted(map(sorted, pair(order, history).tables)) == [[0, 2], [1, 3]]


def test_an_unavoidable_rematch_is_made_once_and_as_rarely_repeated_as_possible():
    order = [Entrant(i) for i in range(4)]
    history = PairingHistory.from_tables(
        [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2), (0, 1), (2, 3)]
    )
    assert sorted(map(sorted, pair(order, history).tables)) in ([[0, 2], [1, 3]], [[0, 3], [1, 2]])


def test_the_bye_goes_to_the_lowest_ranked_team_without_one():
    order = [Entrant(i, 10 - i) for i in range(5)]
    assert pair(order).byes == (4,)
    assert pair(order, PairingHistory.from_tables([], byes=[4, 3])).byes == (2,)
    with pytest.raises(PairingError, match="second one"):
        pair(order, PairingHistory.from_tables([], byes=range(5)))


def test_sides_alternate():
    order = [Entrant(i) for i in range(4)]
    history = PairingHistory.from_tables([(0, 2), (3, 1)])  # 0 and 3 were team 0
    for table in pair(order, history).tables:
        assert history.side_balance[table[0]] < 0, "last round's team 1 is team 0 now"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 1), st.integers(0, 30), st.integers(0, 50)),
        min_size=15,
        max_size=15,
    )
)
def test_weights_rank_each_priority_above_all_lower_ones_together(costs):
    """Over the perfect matchings of six nodes, more weight means a lexicographically lower cost."""
    edges = [(a, b) for a in range(6) for b in range(a + 1, 6)]
    weight = dict(zip(edges, lexicographic_weights(costs, pairs_per_matching=3), strict=True))
    cost = dict(zip(edges, costs, strict=True))
    totals = []
    for matching in perfect_matchings(tuple(range(6))):
        total_cost = tuple(map(sum, zip(*(cost[e] for e in matching), strict=True)))
        totals.append((total_cost, sum(weight[e] for e in matching)))
    assert all(w > 0 for w in weight.values())
    for cost_a, weight_a in totals:
        for cost_b, weight_b in totals:
            if cost_a < cost_b:
                assert weight_a > weight_b
