"""What Tientsin's rules alone decide (RULINGS.md "Tientsin"): two teams of three whose partners
change every round, never two players partners twice over a whole 18-player event; a triple
victory entered by a captain, 3 VP to 0, its points and the caller's Tichu; the organizer warned
when a swap seats round 1's partners side by side again. What every game's events have in
common (tables of the game's size, hands stored as scored, standings the sums of the hands,
fixed teams of three filling their side, a roster of three needed) is checked for every game by
``tests/games``."""

from __future__ import annotations

import pytest

from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.models import Hand, Seat
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish, round_warnings, seats_swap
from tournaments.simulation import simulate_event


def tables_of(event) -> dict[int, list[int]]:
    """Each table's entrants in seat order."""
    tables: dict[int, list[int]] = {}
    for table, _position, entrant in (
        Seat.objects.filter(table__round__event=event)
        .order_by("table_id", "position")
        .values_list("table_id", "position", "entrant_id")
    ):
        tables.setdefault(table, []).append(entrant)
    return tables


def partner_pairs(event) -> list[frozenset]:
    """Every pair of partners of every table (same team: seats of the same parity)."""
    return [
        frozenset((seats[x], seats[y]))
        for seats in tables_of(event).values()
        for x in range(6)
        for y in range(x + 2, 6, 2)
    ]


@pytest.mark.django_db(transaction=True)
def test_a_whole_18_player_tientsin_never_seats_two_partners_twice(organizer):
    event = simulate_event(preset="tientsin", entrants=18, seed=1, owner=organizer).event
    assert event.rounds.count() == 6
    pairs = partner_pairs(event)
    assert len(pairs) == 6 * 3 * 6 and len(pairs) == len(set(pairs)), "no partners twice"
    for hand in Hand.objects.filter(table__round__event=event, sweep_team__isnull=False):
        assert hand.entry["triple_victory"] == hand.sweep_team  # the sweep is Tientsin's


@pytest.mark.django_db(transaction=True)
def test_a_triple_victory_entered_by_a_captain(organizer):
    event = event_create(owner=organizer, name="Tientsin", preset="tientsin", seed=5)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(13)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    assert rnd.tables.count() == 2 and rnd.byes.count() == 1
    table = rnd.tables.first()
    outcome = hand_record(
        table_id=table.pk,
        number=1,
        actor=Actor.captain(table),
        entry={
            "card_points": None,
            "finish_order": [1, 3, 5],
            "calls": {"1": "tichu"},
            "triple_victory": 1,
        },
    )
    hand = outcome.hand
    assert (hand.tp_0, hand.tp_1, hand.vp_0, hand.vp_1, hand.sweep_team) == (0, 400, 0, 3, 1)
    outcome = hand_record(
        table_id=table.pk,
        number=2,
        actor=Actor.captain(table),
        entry={"card_points": [70, 30], "finish_order": [2], "calls": {}},
    )
    assert (outcome.hand.vp_0, outcome.hand.vp_1) == (2, 0)
    wait_for_standings(event)
    row = selectors.standing_rows(event).get(entrant=table.seats.get(position=3).entrant_id)
    assert (row.victory_points, row.tichu_points) == (3, 430)


@pytest.mark.django_db(transaction=True)
def test_tientsin_draft_swap_warns_of_partners_again(organizer):
    event = event_create(owner=organizer, name="Tientsin", preset="tientsin", seed=6)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(12)], actor=actor)
    first = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    for table in first.tables.all():
        for number in range(1, 5):
            hand_record(
                table_id=table.pk,
                number=number,
                actor=actor,
                entry={"card_points": [50, 50], "finish_order": [], "calls": {}},
            )
    wait_for_standings(event)
    second = round_pair(event_id=event.pk, actor=actor)
    assert round_warnings(second) == []
    # seat two of round 1's partners side by side again: the organizer is warned
    old = first.tables.get(number=1)
    a, b = (old.seats.get(position=p).entrant_id for p in (0, 2))
    table_a = Seat.objects.get(table__round=second, entrant_id=a)
    teammate = (
        Seat.objects.filter(table=table_a.table)
        .exclude(pk=table_a.pk)
        .filter(position__in=[p for p in range(6) if p % 2 == table_a.position % 2])
        .first()
    )
    seat_b = Seat.objects.get(table__round=second, entrant_id=b)
    warnings = seats_swap(round_id=second.pk, seat_a=teammate.pk, seat_b=seat_b.pk, actor=actor)
    assert any("partners" in w.lower() for w in warnings), warnings
