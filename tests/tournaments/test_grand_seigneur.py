"""What Grand Seigneur's rules alone decide (RULINGS.md "Grand Seigneur"): tables of 5 to 12
players, a field that does not divide seated at tables of mixed sizes; placing points per hand
(the players beaten), ties by first places, then second places, over a whole 23-player event;
later rounds' tables as groups of the standings. What every game's events have in common
(tables of a size the game allows, hands stored as scored, standings the sums of the credits,
the formats it refuses) is checked for every game by ``tests/games``."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.formats import resolve_format
from tournaments.games import GAMES
from tournaments.models import Bye, Hand, Seat
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.simulation import simulate_event


@pytest.mark.parametrize(
    ("players", "preferred", "sizes"),
    [
        (5, 8, [5]),
        (8, 8, [8]),
        (12, 8, [6, 6]),
        (12, 12, [12]),
        (13, 8, [7, 6]),
        (23, 8, [8, 8, 7]),
        (23, 5, [6, 6, 6, 5]),
        (40, 12, [10, 10, 10, 10]),
        (25, 12, [9, 8, 8]),
    ],
)
def test_grand_seigneur_splits_a_field_into_tables_of_5_to_12(players, preferred, sizes):
    game = GAMES["grand_seigneur"].for_rules(
        resolve_format("grand_seigneur", {"rules": {"players": preferred}}).rules
    )
    assert game.table_sizes(players) == (sizes, 0)
    assert game.table_sizes(4) == ([], 4)


@pytest.mark.django_db(transaction=True)
def test_a_whole_23_player_grand_seigneur(organizer):
    event = simulate_event(preset="grand_seigneur", entrants=23, seed=1, owner=organizer).event
    assert set(event.rounds.values_list("status", flat=True)) == {"complete"}
    assert not Bye.objects.filter(round__event=event).exists()
    tables: dict[int, list[int]] = {}
    for table, entrant in (
        Seat.objects.filter(table__round__event=event)
        .order_by("table_id", "position")
        .values_list("table_id", "entrant_id")
    ):
        tables.setdefault(table, []).append(entrant)
    assert sorted(Counter(len(t) for t in tables.values()).items()) == [(7, 4), (8, 8)]
    hands = list(Hand.objects.filter(table__round__event=event).prefetch_related("seat_credits"))
    points, firsts, seconds = Counter(), Counter(), Counter()
    for hand in hands:
        seats = tables[hand.table_id]
        order = hand.entry["finish_order"]
        assert sorted(order) == list(range(len(seats)))
        credits = {c.position: (c.vp, c.place) for c in hand.seat_credits.all()}
        for place, position in enumerate(order, start=1):
            assert credits[position] == (len(seats) - place, place)
            points[seats[position]] += len(seats) - place
        firsts[seats[order[0]]] += 1
        seconds[seats[order[1]]] += 1
    rows = list(selectors.standing_rows(event))
    assert {r.entrant_id: r.victory_points for r in rows} == dict(points)
    assert all(
        r.tiebreaks
        == {"first_places": firsts[r.entrant_id], "second_places": seconds[r.entrant_id]}
        for r in rows
    )
    keys = [(r.victory_points, firsts[r.entrant_id], seconds[r.entrant_id]) for r in rows]
    assert keys == sorted(keys, reverse=True), "placing points, then firsts, then seconds"


@pytest.mark.django_db(transaction=True)
def test_later_rounds_seat_groups_of_the_standings(organizer):
    event = event_create(
        owner=organizer,
        name="GS",
        preset="grand_seigneur",
        seed=4,
        overrides={"rules": {"players": 5}},
    )
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(11)], actor=actor)
    first = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    assert sorted(t.seats.count() for t in first.tables.all()) == [5, 6]
    for table in first.tables.all():
        for number in range(1, 7):
            hand_record(
                table_id=table.pk,
                number=number,
                actor=actor,
                entry={"finish_order": list(range(table.seats.count()))},
            )
    wait_for_standings(event)
    ranking = list(selectors.standing_rows(event).values_list("entrant_id", flat=True))
    second = round_pair(event_id=event.pk, actor=actor)
    groups = [
        set(t.seats.values_list("entrant_id", flat=True)) for t in second.tables.order_by("number")
    ]
    assert groups == [set(ranking[:6]), set(ranking[6:])]


def test_a_team_game_credits_each_seat_with_its_teams_points():
    from scoring import DTM
    from scoring.entry import score_entry

    score = score_entry({"card_points": [70, 30]}, DTM)
    assert GAMES["tichu"].seat_credits(score, 1, (2, 0)) == {
        0: (70, 2, None),
        1: (30, 0, None),
        2: (70, 2, None),
        3: (30, 0, None),
    }
