"""When a table's round is over: one rule (``Format.play_is_over``, ``Table.is_done``), used by
the round's completion, the table pages, hand entry and the simulation; restated in SQL by the
standings (``standings.sql._table_vp``) and tested here to agree with it."""

from __future__ import annotations

import pytest
from django.db import connection
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.victory import round_victory_points
from tournaments.formats import Format, resolve_format
from tournaments.models import Table
from tournaments.standings.sql import _table_vp

TP = st.integers(-200, 400).map(lambda points: points - points % 5)


@st.composite
def formats(draw) -> Format:
    """A format scoring a table's round or game (the schemes ``_table_vp`` decides for)."""
    if draw(st.booleans()):
        return resolve_format(
            "team_swiss", {"vp_scheme": "round", "hands_per_round": draw(st.integers(1, 6))}
        )
    return resolve_format(
        "league",
        {
            "game_to": draw(st.integers(20, 120)) * 5,
            "vp_scheme": draw(st.sampled_from(["game", "round"])),
        },
    )


def _sql_vp(event_format: Format, hands: list[tuple[int, int]], status: str) -> tuple[int, int]:
    """Both teams' VP as the standings' SQL gives them, for one table (the per-table sums are
    NULL without hands, as the standings' LEFT JOIN gives them; typed, as the tables' columns
    are, since PostgreSQL reads an untyped NULL parameter as text)."""
    parts = [_table_vp(event_format, team) for team in (0, 1)]
    n = len(hands) or None
    totals = [sum(h[team] for h in hands) if hands else None for team in (0, 1)]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {parts[0][0]}, {parts[1][0]} FROM "
            f"(SELECT CAST(%s AS integer) AS n, CAST(%s AS integer) AS tp_0, "
            f"CAST(%s AS integer) AS tp_1, NULL AS vp_0, NULL AS vp_1) ht, "
            f"(SELECT CAST(%s AS varchar) AS status) t",
            [*parts[0][1], *parts[1][1], n, *totals, status],
        )
        return tuple(int(value) for value in cursor.fetchone())


@pytest.mark.django_db
@settings(max_examples=300, deadline=None)
@given(
    event_format=formats(),
    hands=st.lists(st.tuples(TP, TP), max_size=8),
    status=st.sampled_from(Table.Status.values),
)
def test_the_standings_sql_scores_a_table_exactly_when_it_is_done(event_format, hands, status):
    totals = (sum(h[0] for h in hands), sum(h[1] for h in hands))
    done = Table(status=status).is_done(event_format, len(hands), totals)
    expected = round_victory_points(totals) if done and hands else (0, 0)
    assert event_format.victory_points.table_points([(0, 0)] * len(hands), totals, done) == expected
    assert _sql_vp(event_format, hands, status) == expected


def test_a_fixed_round_is_over_after_its_hands_and_a_game_once_decided():
    four_hands = resolve_format("team_swiss")
    assert not four_hands.play_is_over(3, (900, 0)) and four_hands.play_is_over(4, (0, 0))
    game = resolve_format("league")
    assert not game.play_is_over(30, (990, 990)) and not game.play_is_over(30, (1000, 1000))
    assert game.play_is_over(5, (1000, 600)) and game.play_is_over(9, (1100, 1200))


def test_a_closed_table_is_done_whatever_was_played():
    game = resolve_format("league")
    assert not Table(status=Table.Status.OPEN).is_done(game, 0, (0, 0))
    assert Table(status=Table.Status.FORFEITED).is_done(game, 0, (0, 0))
    assert Table(status=Table.Status.AVERAGED).is_done(game, 2, (300, 100))
