"""The series rule on its own (``tournaments.series``): points per placing, the best K, the order
and its tie-breaks, the qualifying line. Properties over generated series, and the cases the
rule names."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from tournaments.series import FIELD, TABLE, Rule, as_points, placing_points, series_table


@dataclass(frozen=True)
class P:
    event_id: int
    person_id: int
    place: int
    field: int


@st.composite
def series_placings(draw) -> tuple[list[P], list[int]]:
    """Up to 6 events of up to 8 people from a pool of 10, places with ties (a place shared
    by equals, the next one skipped), as an event's ranking gives them."""
    events = list(range(1, draw(st.integers(1, 6)) + 1))
    placings = []
    for event in events:
        people = draw(st.lists(st.integers(1, 10), min_size=1, max_size=8, unique=True))
        ties = draw(st.lists(st.booleans(), min_size=len(people), max_size=len(people)))
        place = 1
        for index, person in enumerate(people):
            if index and not ties[index]:
                place = index + 1
            placings.append(P(event, person, place, len(people)))
    return placings, events


TABLES = st.lists(st.integers(0, 300), max_size=10).map(lambda t: tuple(sorted(t, reverse=True)))
RULES = st.builds(
    Rule,
    points=st.sampled_from([FIELD, TABLE]),
    table=TABLES,
    best_k=st.none() | st.integers(1, 7),
    qualifying=st.integers(0, 12),
)


def test_field_points_scale_by_the_field_to_one_decimal():
    rule = Rule()
    assert [placing_points(rule, p, 8) for p in range(1, 9)] == [
        1000,
        875,
        750,
        625,
        500,
        375,
        250,
        125,
    ]
    assert [str(as_points(placing_points(rule, p, 3))) for p in (1, 2, 3)] == [
        "100",
        "66.7",  # 66.66... up
        "33.3",
    ]
    assert str(as_points(placing_points(rule, 2, 6))) == "83.3"  # 83.33... down
    assert str(as_points(placing_points(rule, 2, 16))) == "93.8"  # 93.75: halves up
    assert str(as_points(placing_points(rule, 1, 1))) == "100"


def test_a_fixed_table_gives_nothing_beyond_its_places():
    rule = Rule(points=TABLE, table=(250, 200, 160))
    assert [placing_points(rule, p, 10) for p in (1, 2, 3, 4, 10)] == [250, 200, 160, 0, 0]


def test_tied_persons_share_the_place_and_its_points():
    placings = [P(1, 1, 1, 4), P(1, 2, 2, 4), P(1, 3, 2, 4), P(1, 4, 4, 4)]
    lines = {line.person_id: line for line in series_table(placings, [1], Rule())}
    assert lines[2].total == lines[3].total == 750
    assert lines[4].total == 250
    assert lines[2].rank == lines[3].rank == 2 and lines[4].rank == 4


def test_only_the_best_k_count_and_the_others_are_marked():
    placings = [P(1, 1, 1, 4), P(2, 1, 4, 4), P(3, 1, 2, 4)]
    (line,) = series_table(placings, [1, 2, 3], Rule(best_k=2))
    assert line.total == 1000 + 750
    assert {e: r.counted for e, r in line.results.items()} == {1: True, 2: False, 3: True}


def test_equal_points_the_earlier_event_counts():
    placings = [P(1, 1, 2, 4), P(2, 1, 2, 4)]
    (line,) = series_table(placings, [1, 2], Rule(best_k=1))
    assert line.results[1].counted and not line.results[2].counted


def test_ties_go_to_more_wins_then_more_seconds_then_the_better_last_result():
    rule = Rule(points=TABLE, table=(10, 6, 4, 4, 0))
    wins = [P(1, 1, 1, 5), P(2, 1, 5, 5), P(1, 2, 2, 5), P(2, 2, 3, 5)]  # 10 each
    assert [line.person_id for line in series_table(wins, [1, 2], rule)] == [1, 2]
    # equal points and wins: two seconds beat one
    seconds = [P(1, 1, 2, 5), P(2, 1, 2, 5), P(1, 2, 3, 5), P(2, 2, 3, 5)]
    rule = Rule(points=TABLE, table=(12, 6, 6, 0))
    assert [line.person_id for line in series_table(seconds, [1, 2], rule)] == [1, 2]
    # equal but for the last result: the place over the field in the latest event each
    # played: person 1's is event 3 (3rd of 5: 0.6), person 2's event 2 (4th of 4: 1.0)
    rule = Rule(points=TABLE, table=(0,))
    last = [P(1, 1, 3, 5), P(3, 1, 3, 5), P(1, 2, 4, 4), P(2, 2, 4, 4)]
    lines = series_table(last, [1, 2, 3], rule)
    assert [line.person_id for line in lines] == [1, 2]
    assert lines[0].last == Fraction(3, 5) and lines[1].last == 1
    assert [line.rank for line in lines] == [1, 2]


def test_equal_on_everything_share_a_rank_listed_by_name():
    placings = [P(1, 3, 1, 4), P(1, 1, 2, 4), P(1, 2, 2, 4)]
    names = {1: "Zoe", 2: "Anna", 3: "Ben"}
    lines = series_table(placings, [1], Rule(qualifying=1), name_key=names.__getitem__)
    assert [line.person_id for line in lines] == [3, 2, 1]
    assert [line.rank for line in lines] == [1, 2, 2]
    assert [line.qualified for line in lines] == [True, False, False]


def test_the_first_ranks_qualify_and_a_tie_on_the_line_qualifies_both():
    placings = [P(1, 1, 1, 4), P(1, 2, 2, 4), P(1, 3, 2, 4), P(1, 4, 4, 4)]
    lines = series_table(placings, [1], Rule(qualifying=2))
    assert [line.qualified for line in lines] == [True, True, True, False]


def test_events_outside_the_series_are_ignored():
    assert series_table([P(9, 1, 1, 2)], [1], Rule()) == []


@given(series_placings(), RULES)
def test_all_events_count_without_best_k(data, rule):
    placings, events = data
    rule = Rule(rule.points, rule.table, None, rule.qualifying)
    for line in series_table(placings, events, rule):
        assert line.total == sum(r.points for r in line.results.values())
        assert all(r.counted for r in line.results.values())


@given(series_placings(), RULES)
def test_the_total_is_the_sum_of_the_k_best(data, rule):
    placings, events = data
    for line in series_table(placings, events, rule):
        points = sorted((r.points for r in line.results.values()), reverse=True)
        best = points if rule.best_k is None else points[: rule.best_k]
        assert line.total == sum(best)
        assert sum(r.counted for r in line.results.values()) == len(best)


@given(series_placings(), RULES, st.integers(1, 6))
def test_raising_k_never_lowers_a_total(data, rule, k):
    placings, events = data
    lower = {
        line.person_id: line.total
        for line in series_table(placings, events, Rule(rule.points, rule.table, k))
    }
    for line in series_table(placings, events, Rule(rule.points, rule.table, k + 1)):
        assert line.total >= lower[line.person_id]


@given(series_placings(), RULES)
def test_the_order_is_total_and_follows_the_tie_breaks(data, rule):
    placings, events = data
    lines = series_table(placings, events, rule)
    assert len({line.person_id for line in lines}) == len(lines)
    for index, line in enumerate(lines):
        if index == 0:
            assert line.rank == 1
            continue
        before = lines[index - 1]
        assert before.order <= line.order  # points, wins, seconds, last result
        if before.order == line.order:
            assert line.rank == before.rank
        else:
            assert line.rank == index + 1
        assert line.qualified == (line.rank <= rule.qualifying)


@given(series_placings())
def test_field_points_never_rise_with_the_place_and_the_winner_has_100(data):
    placings, _events = data
    rule = Rule()
    for placing in placings:
        points = placing_points(rule, placing.place, placing.field)
        assert 0 < points <= 1000
        assert placing.place > 1 or points == 1000
        if placing.place < placing.field:
            assert placing_points(rule, placing.place + 1, placing.field) <= points
