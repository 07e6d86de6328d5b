"""Group stages and a match's games as pure rules (RULINGS.md, "Knockout cups and group stages")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.knockout.bracket import first_round
from tournaments.knockout.games import game_winner, games_needed, match_winner, side_at_table
from tournaments.knockout.groups import Result, cross, rank_group, snake


def test_snake_seeding_of_twelve_into_three_groups():
    assert snake(list(range(1, 13)), 3) == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]


@given(st.integers(2, 16).flatmap(lambda g: st.tuples(st.just(g), st.integers(2 * g, 128))))
def test_snake_groups_differ_by_at_most_one_team_and_balance_the_seeds(case):
    groups, teams = case
    dealt = snake(list(range(1, teams + 1)), groups)
    sizes = [len(g) for g in dealt]
    assert max(sizes) - min(sizes) <= 1 and sum(sizes) == teams
    assert [g[0] for g in dealt] == list(range(1, groups + 1))


def test_a_group_ranks_by_wins_then_tp_difference_then_tp_scored_then_the_match_between():
    results = [
        Result("A", "B", "A", 600, 400),
        Result("C", "D", "C", 1000, 900),
        Result("A", "C", "C", 500, 700),
        Result("B", "D", "B", 800, 300),
        Result("A", "D", "A", 1000, 500),
        Result("B", "C", "B", 1000, 100),
    ]
    lines = rank_group(["A", "B", "C", "D"], results)
    # A, B, C: two wins each; TP differences B +1200, A +500, C -600
    assert [line.team for line in lines] == ["B", "A", "C", "D"]
    assert [line.won for line in lines] == [2, 2, 2, 0]
    assert [line.tp_difference for line in lines] == [1200, 500, -600, -1100]
    scored = [
        Result("A", "B", "A", 1000, 800),
        Result("C", "D", "C", 1200, 1000),
        Result("A", "C", "C", 900, 1100),
        Result("B", "D", "D", 900, 1100),
    ]
    # A, C, D one win each: C +400; A and D both 0, D scored 2100 and A 1900; B none
    assert [line.team for line in rank_group(["A", "B", "C", "D"], scored)] == ["C", "D", "A", "B"]


def test_equal_wins_and_points_are_settled_by_the_match_between_the_tied():
    results = [
        Result("A", "B", "B", 500, 500),
        Result("A", "C", "A", 500, 500),
        Result("B", "C", "C", 500, 500),
    ]
    # every team: one win, TP 1000 : 1000 (difference 0, scored 1000); ties by the match between
    # them are circular, so the seed decides; two tied teams are settled by their own match.
    assert [line.team for line in rank_group(["A", "B", "C"], results)] == ["A", "B", "C"]
    pair = [
        Result("A", "B", "B", 500, 500),
        Result("A", "C", "A", 500, 500),
        Result("B", "C", "C", 500, 500),
        Result("C", "D", "D", 500, 500),
        Result("A", "D", "A", 500, 500),
        Result("B", "D", "B", 500, 500),
    ]
    lines = rank_group(["A", "B", "C", "D"], pair)
    assert [line.won for line in lines] == [2, 2, 1, 1]
    assert [line.team for line in lines] == ["B", "A", "D", "C"]


def test_two_groups_cross_winners_against_the_other_groups_runners_up():
    seeded = cross([["A1", "A2", "A3"], ["B1", "B2", "B3"]], 2)
    assert first_round(seeded) == [("A1", "B2"), ("B1", "A2")]


@given(st.integers(2, 8), st.integers(1, 4))
def test_crossing_never_pairs_one_groups_teams_in_the_first_round_when_avoidable(groups, k):
    rankings = [[f"{chr(65 + g)}{r}" for r in range(1, k + 1)] for g in range(groups)]
    seeded = cross(rankings, k)
    assert sorted(seeded) == sorted(t for r in rankings for t in r)
    assert seeded[:groups] == [r[0] for r in rankings]  # group winners are the top seeds
    for a, b in first_round(seeded):
        assert b is None or a[0] != b[0]


def test_a_game_to_1000_ends_after_the_hand_that_reaches_it():
    assert game_winner((990, 10), 9, target=1000, hands_per_game=None) is None
    assert game_winner((1005, 995), 10, target=1000, hands_per_game=None) == 0
    assert game_winner((1100, 1100), 12, target=1000, hands_per_game=None) is None  # play on
    assert game_winner((1000, 1200), 12, target=1000, hands_per_game=None) == 1


def test_a_game_of_a_number_of_hands_plays_on_while_tied():
    assert game_winner((300, 100), 3, target=None, hands_per_game=4) is None
    assert game_winner((300, 300), 4, target=None, hands_per_game=4) is None
    assert game_winner((300, 400), 5, target=None, hands_per_game=4) == 1


def test_seats_swap_after_each_game():
    assert [side_at_table(n, 0) for n in (1, 2, 3)] == [0, 1, 0]


@pytest.mark.parametrize(
    ("best_of", "sides", "winner", "needed"),
    [
        (1, [], None, 1),
        (1, [None], None, 1),
        (1, [1], 1, 1),
        (3, [0], None, 2),
        (3, [0, 0], 0, 2),
        (3, [0, 1], None, 3),
        (3, [0, 1, 1], 1, 3),
        (3, [0, None], None, 2),
        (5, [1, 1, 0, 1], 1, 4),
    ],
)
def test_a_match_is_decided_by_a_majority_of_its_games(best_of, sides, winner, needed):
    assert match_winner(best_of, sides) == winner
    assert games_needed(best_of, sides) == needed
