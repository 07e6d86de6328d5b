"""Individuals at tables of other sizes (``pairing.tables``): Tientsin's six in two teams of three,
partners changing every round; fair byes; neighbours in the standings."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pairing.simulation import play, standings
from tournaments.games import GAMES
from tournaments.pairing import Draw, Entrant, PairingHistory, TablePairing, check_draw


def tientsin(entrants, history=None, seed=1, round_number=2) -> Draw:
    return (
        GAMES["tientsin"]
        .draw_method("individual")
        .pair(entrants, history or PairingHistory.empty(), seed=seed, round_number=round_number)
    )


def partner_pairs(draw: Draw) -> set[frozenset[int]]:
    return {
        frozenset((t[x], t[y]))
        for t in draw.tables
        for x in range(len(t))
        for y in range(x + 2, len(t), 2)
    }


@settings(max_examples=40, deadline=None)
@given(size=st.integers(6, 72), rounds=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_tientsin_rounds_seat_everyone_once_with_new_partners(size, rounds, seed):
    """Simulated Tientsin events of 6-72 players: tables of six, ``size % 6`` byes to those with
    the fewest byes, deterministic by the seed; no two players partners twice while that can be
    avoided (from 18 players on it always can in six rounds, from 12 in three)."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, rounds + 1):
        order = standings(scores)
        draw = tientsin(order, history, seed=seed, round_number=number)
        seated = [p for table in draw.tables for p in table]
        assert all(len(table) == 6 for table in draw.tables)
        assert sorted(seated + list(draw.byes)) == sorted(scores), "seated once or a bye"
        assert len(draw.byes) == size % 6
        fewest = min(history.byes.get(p, 0) for p in seated)
        assert all(history.byes.get(b, 0) <= fewest for b in draw.byes), "byes spread"
        repeats = partner_pairs(draw) & history.partners
        if size >= 18 or (size >= 12 and number <= 3):
            assert not repeats, f"round {number}: partners again {repeats}"
        breaches = check_draw(draw, history, active=list(scores), sizes=(6,))
        assert {b.code for b in breaches} <= {"partners_again"}
        assert len(breaches) == len(repeats)
        assert draw == tientsin(order, history, seed=seed, round_number=number), "deterministic"
        play(draw, scores, rng)
        history = history.add(draw)


def test_a_round_of_six_players_repeats_as_few_partners_as_possible():
    """Six players: round 2 cannot avoid a repeat (a team of three takes two of one earlier
    team), and the draw keeps it to one a team."""
    history = PairingHistory.from_tables([(1, 2, 3, 4, 5, 6)])
    draw = tientsin([Entrant(i) for i in range(1, 7)], history)
    assert len(partner_pairs(draw) & history.partners) == 2


def test_later_rounds_seat_neighbours_and_the_best_in_seat_0():
    order = [Entrant(i, score=100 - i) for i in range(18)]
    draw = tientsin(order)
    assert [sorted(t) for t in draw.tables] == [
        list(range(0, 6)),
        list(range(6, 12)),
        list(range(12, 18)),
    ]
    assert all(t[0] == min(t) for t in draw.tables)


def test_history_of_tables_of_six_and_of_tables_without_teams():
    history = PairingHistory.from_tables([(1, 2, 3, 4, 5, 6)])
    assert history.partners == {
        frozenset(p) for p in ((1, 3), (1, 5), (3, 5), (2, 4), (2, 6), (4, 6))
    }
    assert sum(history.opponents.values()) == 9
    alone = PairingHistory.from_tables([(1, 2, 3)], teams=False)
    assert not alone.partners and set(alone.opponents) == {
        frozenset(p) for p in ((1, 2), (1, 3), (2, 3))
    }


def test_round_one_is_a_random_draw_by_seed():
    order = [Entrant(i) for i in range(24)]
    first = TablePairing(seats=6).pair(order, PairingHistory.empty(), seed=1, round_number=1)
    again = TablePairing(seats=6).pair(
        list(reversed(order)), PairingHistory.empty(), seed=1, round_number=1
    )
    assert first == again
    assert first != TablePairing(seats=6).pair(
        order, PairingHistory.empty(), seed=2, round_number=1
    )


def threechu(entrants, history=None, seed=1, round_number=2) -> Draw:
    return (
        GAMES["threechu"]
        .draw_method("individual")
        .pair(entrants, history or PairingHistory.empty(), seed=seed, round_number=round_number)
    )


@settings(max_examples=40, deadline=None)
@given(size=st.integers(3, 60), rounds=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_threechu_rounds_seat_everyone_once_meeting_new_opponents(size, rounds, seed):
    """Simulated Threechu events of 3-60 players: tables of three, ``size % 3`` byes to those
    with the fewest byes, deterministic; no teams; players meet new opponents while they can
    (from 9 players on, nobody meets anyone a third time in six rounds; from 15, the first
    three rounds repeat no meeting)."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, rounds + 1):
        order = standings(scores)
        draw = threechu(order, history, seed=seed, round_number=number)
        seated = [p for table in draw.tables for p in table]
        assert all(len(table) == 3 for table in draw.tables) and not draw.teams
        assert sorted(seated + list(draw.byes)) == sorted(scores)
        assert len(draw.byes) == size % 3
        fewest = min(history.byes.get(p, 0) for p in seated)
        assert all(history.byes.get(b, 0) <= fewest for b in draw.byes)
        met = [
            history.opponents.get(frozenset((t[x], t[y])), 0)
            for t in draw.tables
            for x in range(3)
            for y in range(x + 1, 3)
        ]
        if size >= 9:
            assert max(met) <= 1, "nobody meets anyone a third time"
        if size >= 15 and number <= 3:
            assert max(met) == 0, f"round {number} repeats a meeting"
        assert check_draw(draw, history, active=list(scores), sizes=(3,)) == []
        assert draw == threechu(order, history, seed=seed, round_number=number)
        play(draw, scores, rng)
        history = history.add(draw)


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(5, 80),
    preferred=st.integers(5, 12),
    rounds=st.integers(1, 4),
    seed=st.integers(0, 2**32),
)
def test_grand_seigneur_seats_everyone_at_tables_of_5_to_12_by_standings(
    size, preferred, rounds, seed
):
    """Simulated Grand Seigneur events of 5-80 players: no byes, every table of 5 to 12 seats
    and their sizes within one of each other; after round 1 each table is a run of neighbours in
    the standings, the best first; deterministic by the seed."""
    from scoring import STANDARD

    game = GAMES["grand_seigneur"].for_rules(
        STANDARD.replace(game="grand_seigneur", players=preferred)
    )
    method = game.draw_method("individual")
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, rounds + 1):
        order = standings(scores)
        draw = method.pair(order, history, seed=seed, round_number=number)
        sizes = [len(t) for t in draw.tables]
        assert not draw.byes and sorted(p for t in draw.tables for p in t) == sorted(scores)
        assert all(5 <= n <= 12 for n in sizes) and max(sizes) - min(sizes) <= 1
        if number > 1:
            ranks = {e.id: i for i, e in enumerate(order)}
            start = 0
            for table in draw.tables:
                assert sorted(ranks[p] for p in table) == list(range(start, start + len(table)))
                start += len(table)
        assert check_draw(draw, history, active=list(scores), sizes=game.allowed_sizes()) == []
        assert draw == method.pair(order, history, seed=seed, round_number=number)
        play(draw, scores, rng)
        history = history.add(draw)
