"""Scoring of Duplicate Tichu (RULINGS.md, "Duplicate Tichu"): worked examples written out by
hand from the rulings, and properties of matchpoints, Neuberg and percentages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.duplicate.matchpoints import (
    EW,
    NS,
    Artificial,
    TableResult,
    butler,
    matchpoints,
    neuberg,
    percentages,
    score_event,
)

AVG, PLUS, MINUS = Artificial.AVERAGE, Artificial.AVERAGE_PLUS, Artificial.AVERAGE_MINUS

# Board 1 at four tables. Tichu points (NS, EW) and the NS result, NS TP minus EW TP:
#   pairs 1-2: (130, -30) -> +160    pairs 3-4: (75, 25) -> +50
#   pairs 5-6: (75, 25)   -> +50     pairs 7-8: (25, 75) -> -50
# NS matchpoints (2 a result beaten, 1 a tie; top 2 x (4 - 1) = 6):
#   +160 beats 3 -> 6 = 100%;  +50 beats 1, ties 1 -> 3 = 50% (twice);  -50 beats none -> 0 = 0%
# EW results are the negatives: -160 -> 0%, -50 -> 50% (twice), +50 -> 100%.
BOARD_1 = [
    TableResult(1, 1, 2, tp=(130, -30)),
    TableResult(1, 3, 4, tp=(75, 25)),
    TableResult(1, 5, 6, tp=(75, 25)),
    TableResult(1, 7, 8, tp=(25, 75)),
]
# Board 2 at three tables only, while board 1 had four (N = 4, n = 3):
#   pairs 1-4: (100, 0) -> +100   pairs 3-6: (50, 50) -> 0   pairs 5-8: (0, 100) -> -100
# NS matchpoints among 3: 4, 2, 0. Neuberg M' = (M + 1) x 4 / 3 - 1:
#   (4 + 1) x 4/3 - 1 = 17/3,  (2 + 1) x 4/3 - 1 = 3,  (0 + 1) x 4/3 - 1 = 1/3
# over the top 2 x (4 - 1) = 6: 17/18 = 94.44%, 50%, 1/18 = 5.56%; EW the other way round.
# Board 3: the same three results, and pairs 7-2 got average plus (NS) and average minus (EW):
# the real results are scored among themselves and scaled as board 2; 60% and 40% for 7 and 2.
BOARD_2 = [
    TableResult(2, 1, 4, tp=(100, 0)),
    TableResult(2, 3, 6, tp=(50, 50)),
    TableResult(2, 5, 8, tp=(0, 100)),
]
BOARD_3 = [
    TableResult(3, 1, 4, tp=(100, 0)),
    TableResult(3, 3, 6, tp=(50, 50)),
    TableResult(3, 5, 8, tp=(0, 100)),
    TableResult(3, 7, 2, artificial=(PLUS, MINUS)),
]


def test_a_direction_s_result_is_its_tichu_points_minus_the_opponents():
    assert [table.score(NS) for table in BOARD_1] == [160, 50, 50, -50]
    assert [table.score(EW) for table in BOARD_1] == [-160, -50, -50, 50]
    assert BOARD_3[3].score(NS) is PLUS and BOARD_3[3].score(EW) is MINUS


def test_matchpoints_two_for_a_result_beaten_one_for_a_tie():
    assert matchpoints([160, 50, 50, -50]) == [6, 3, 3, 0]
    assert percentages([160, 50, 50, -50]) == [100.0, 50.0, 50.0, 0.0]
    assert percentages([-160, -50, -50, 50]) == [0.0, 50.0, 50.0, 100.0]


def test_neuberg_scales_a_board_played_fewer_times():
    assert matchpoints([100, 0, -100]) == [4, 2, 0]
    assert [neuberg(m, 3, 4) for m in (4, 2, 0)] == pytest.approx([17 / 3, 3, 1 / 3])
    assert percentages([100, 0, -100], most_played=4) == pytest.approx(
        [100 * 17 / 18, 50, 100 / 18]
    )


def test_artificial_results_fixed_shares_the_real_ones_among_themselves_then_scaled():
    assert percentages([100, 0, -100, PLUS], most_played=4) == pytest.approx(
        [100 * 17 / 18, 50, 100 / 18, 60]
    )
    assert percentages([AVG, MINUS]) == [50.0, 40.0]


def test_a_single_result_has_nothing_to_compare_and_scores_half():
    assert percentages([70]) == [50.0]
    # one real result beside the most-played board's four: M = 0, M' = 1 x 4 / 1 - 1 = 3 = 50%
    assert percentages([70], most_played=4) == [50.0]


def test_an_event_s_totals_are_each_pair_s_average_percentage():
    scores = score_event(BOARD_1 + BOARD_2 + BOARD_3)
    # pair 1 (NS on all three): 100 on board 1, 17/18 on boards 2 and 3
    assert [board for board, _ in scores[1].boards] == [1, 2, 3]
    assert [share for _, share in scores[1].boards] == pytest.approx([100, 1700 / 18, 1700 / 18])
    assert scores[1].total == pytest.approx((100 + 2 * 1700 / 18) / 3)
    # pair 2: EW on board 1 (0%) and average minus on board 3 (40%)
    assert scores[2].boards == ((1, 0.0), (3, 40.0))
    assert scores[2].total == pytest.approx(20.0)
    # pair 7: NS on board 1 (-50, 0%) and average plus on board 3 (60%)
    assert scores[7].total == pytest.approx(30.0)
    # pair 8: EW on board 1 (+50, 100%), on boards 2 and 3 EW's +100 (17/18 each)
    assert scores[8].total == pytest.approx((100 + 2 * 1700 / 18) / 3)


def test_butler_the_difference_from_the_average_without_the_highest_and_lowest():
    # NS +160, +50, +50, -50: without +160 and -50 the average is 50
    assert butler([160, 50, 50, -50]) == [110.0, 0.0, 0.0, -100.0]
    # three results: only the middle one counts, 0; an artificial average plus scores +20
    assert butler([100, 0, -100, PLUS]) == [100.0, 0.0, -100.0, 20.0]
    # two results: nothing is left out, the average is 25
    assert butler([50, 0, MINUS], artificial_points=30) == [25.0, -25.0, -30.0]
    scores = score_event(BOARD_1 + BOARD_3, use_butler=True)
    assert scores[1].boards == ((1, 110.0), (3, 100.0))
    assert scores[1].total == 210.0
    assert scores[2].total == -110.0 - 20.0  # EW on board 1: -160 - (-50); average minus


def test_a_table_s_result_is_tichu_points_or_artificial_never_both_or_neither():
    with pytest.raises(ValueError, match="Tichu points or an artificial"):
        TableResult(1, 1, 2)
    with pytest.raises(ValueError, match="Tichu points or an artificial"):
        TableResult(1, 1, 2, tp=(50, 50), artificial=(AVG, AVG))


results = st.lists(st.integers(min_value=-800, max_value=800), min_size=1, max_size=30)
artificials = st.lists(st.sampled_from(list(Artificial)), max_size=5)


@given(results)
def test_the_matchpoints_of_a_board_sum_to_n_times_n_minus_one(scores):
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert all(0 <= m <= 2 * (n - 1) for m in matchpoints(scores))


@given(results, artificials, st.integers(min_value=0, max_value=30), st.randoms())
def test_percentages_lie_between_0_and_100(scores, fake, more, rng):
    mixed: list[int | Artificial] = [*scores, *fake]
    rng.shuffle(mixed)
    assert all(0 <= p <= 100 for p in percentages(mixed, len(scores) + more))


@given(st.integers(min_value=1, max_value=60), st.data())
def test_neuberg_with_n_equal_to_n_is_the_identity(n, data):
    points = data.draw(st.integers(min_value=0, max_value=2 * (n - 1)))
    assert neuberg(points, n, n) == pytest.approx(points)


@given(st.lists(st.tuples(st.integers(-25, 125), st.integers(-25, 125)), min_size=2, max_size=20))
def test_north_south_and_east_west_of_a_table_share_the_top(tps):
    tables = [TableResult(1, 2 * i + 1, 2 * i + 2, tp=tp) for i, tp in enumerate(tps)]
    ns = percentages([t.score(NS) for t in tables])
    ew = percentages([t.score(EW) for t in tables])
    assert [a + b for a, b in zip(ns, ew, strict=True)] == pytest.approx([100.0] * len(tps))
