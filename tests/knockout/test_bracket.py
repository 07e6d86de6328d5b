"""The bracket's pure rules, checked as properties over many sizes, seeds and choosers of winners
(RULINGS.md, "Knockout cups and group stages")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.knockout.bracket import (
    bracket_size,
    first_round,
    games_in_match,
    play_cup,
    rounds_in,
    seed_order,
)

sizes = st.integers(min_value=2, max_value=200)


def test_the_standard_order_of_sixteen():
    assert first_round(list(range(1, 17))) == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]


def test_thirteen_teams_get_sixteen_slots_and_the_top_three_seeds_byes():
    matches = first_round(list(range(1, 14)))
    assert bracket_size(13) == 16 and len(matches) == 8
    assert sorted(a for a, b in matches if b is None) == [1, 2, 3]


@given(sizes)
def test_the_bracket_has_the_next_power_of_two_of_slots(teams):
    size = bracket_size(teams)
    assert size >= teams > size // 2 and size & (size - 1) == 0
    assert sorted(seed_order(size)) == list(range(1, size + 1))


@given(sizes)
def test_byes_go_to_the_top_seeds_and_no_match_has_two(teams):
    matches = first_round(list(range(1, teams + 1)))
    with_bye = sorted(a for a, b in matches if b is None)
    assert with_bye == list(range(1, bracket_size(teams) - teams + 1))
    assert all(a is not None for a, _ in matches)
    for a, b in matches:  # a seed always meets the seed that completes its pair to size + 1
        if b is not None:
            assert a + b == bracket_size(teams) + 1


def _stronger(a: int, b: int) -> int:
    return min(a, b)


@given(sizes)
def test_seeds_one_and_two_meet_only_in_the_final_when_both_keep_winning(teams):
    matches, placings = play_cup(list(range(1, teams + 1)), _stronger)
    final = matches[-1]
    assert set(final.teams) == {1, 2} and placings[0] == [1]
    assert all(set(m.teams) != {1, 2} for m in matches[:-1])
    if teams >= 4:  # and the top four meet only from the semi-finals
        semis = [m for m in matches if m.round == rounds_in(bracket_size(teams)) - 1]
        assert sorted(t for m in semis for t in m.teams) == [1, 2, 3, 4]


@given(sizes, st.randoms(use_true_random=False), st.booleans())
def test_every_round_halves_the_field_and_every_match_has_one_winner(teams, rng, third):
    entrants = [f"team {i}" for i in range(teams)]
    rng.shuffle(entrants)
    matches, placings = play_cup(entrants, lambda a, b: rng.choice((a, b)), third_place=third)
    size = bracket_size(teams)
    field = set(entrants)
    for round_number in range(1, rounds_in(size) + 1):
        played = [
            m
            for m in matches
            if m.round == round_number
            and not (third and teams >= 4 and m.round == rounds_in(size) and m.slot == 1)
        ]
        assert len(played) == size >> round_number
        assert {t for m in played for t in m.teams if t is not None} == field
        for m in played:
            assert m.winner in m.teams and m.winner is not None
        field = {m.winner for m in played}
        assert len(field) == len(played)
    assert len(field) == 1
    assert sorted(t for place in placings for t in place) == sorted(entrants)
    if third and teams >= 4:
        assert [len(p) for p in placings[:4]] == [1, 1, 1, 1]


def test_a_winner_who_did_not_play_is_refused():
    with pytest.raises(ValueError):
        play_cup([1, 2, 3, 4], lambda a, b: 99)


@pytest.mark.parametrize(("teams", "games"), [(16, 1), (8, 1), (4, 3), (2, 3)])
def test_best_of_three_from_the_semi_finals(teams, games):
    assert games_in_match(best_of=3, best_of_from="semi_final", teams=teams) == games
    assert games_in_match(best_of=3, best_of_from=None, teams=teams) == 3


def test_a_random_cup_is_reproducible():
    seeded = list(range(1, 30))
    first = play_cup(seeded, lambda a, b: random.Random(a * b).choice((a, b)))
    assert first == play_cup(seeded, lambda a, b: random.Random(a * b).choice((a, b)))
