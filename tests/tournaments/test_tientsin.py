"""Tientsin events (RULINGS.md "Tientsin"): tables of six in two teams of three, seats 0, 2, 4
against 1, 3, 5; individuals whose two partners change every round, or fixed teams of three; per
hand a triple victory 3 VP to 0, otherwise 2/1/0 by TP. Whole events played by the engine's
bots through the services, as captains enter hands."""

from __future__ import annotations

from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command

from tests.conftest import wait_for_standings
from tests.tournaments.test_standings_incremental import computed, stored
from tournaments import selectors
from tournaments.models import Event, Hand, RoundResult, Seat
from tournaments.services.events import event_create, players_register, team_register
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
def test_a_whole_18_player_tientsin(organizer):
    event = simulate_event(preset="tientsin", entrants=18, seed=1, owner=organizer).event
    assert event.rules.game == "tientsin"
    assert event.rounds.count() == 6
    assert set(event.rounds.values_list("status", flat=True)) == {"complete"}
    tables = tables_of(event)
    assert len(tables) == 6 * 3 and all(len(seats) == 6 for seats in tables.values())
    pairs = partner_pairs(event)
    assert len(pairs) == 6 * 3 * 6 and len(pairs) == len(set(pairs)), "no partners twice"
    hands = list(Hand.objects.filter(table__round__event=event))
    assert len(hands) == 6 * 3 * 4
    for hand in hands:  # the per-hand VP: a triple victory 3 to 0, else 2/1/0 by TP
        if hand.sweep_team is not None:
            assert hand.entry["triple_victory"] == hand.sweep_team
            assert (hand.vp_0, hand.vp_1)[hand.sweep_team] == 3
            assert hand.vp_0 + hand.vp_1 == 3
        else:
            expected = (
                (2, 0) if hand.tp_0 > hand.tp_1 else (0, 2) if hand.tp_0 < hand.tp_1 else (1, 1)
            )
            assert (hand.vp_0, hand.vp_1) == expected
    rows = selectors.standing_rows(event)
    assert set(rows.values_list("hands_played", flat=True)) == {24}
    # six players credited per hand, three a team
    assert sum(rows.values_list("victory_points", flat=True)) == sum(
        3 * (h.vp_0 + h.vp_1) for h in hands
    )
    assert sum(rows.values_list("tichu_points", flat=True)) == sum(
        3 * (h.tp_0 + h.tp_1) for h in hands
    )
    by_seat = Counter()
    for hand in hands:
        seats = tables[hand.table_id]
        for position, entrant in enumerate(seats):
            by_seat[entrant] += (hand.vp_0, hand.vp_1)[position % 2]
    assert dict(rows.values_list("entrant_id", "victory_points")) == dict(by_seat)
    assert computed(event) == stored(event)


@pytest.mark.django_db(transaction=True)
def test_tientsin_with_fixed_teams_of_three(organizer):
    event = simulate_event(
        preset="tientsin",
        entrants=5,
        seed=2,
        owner=organizer,
        rounds=3,
        overrides={"entrant_type": "team", "pairing": "swiss"},
    ).event
    assert all(e.members.count() == 3 for e in event.entrants.all())
    for seats in tables_of(event).values():  # a team fills its side: 0, 2, 4 or 1, 3, 5
        assert len(seats) == 6 and len(set(seats[0::2])) == 1 and len(set(seats[1::2])) == 1
    rows = selectors.standing_rows(event)
    hands = list(Hand.objects.filter(table__round__event=event))
    assert sum(r.tichu_points - r.adjustment_tp for r in rows) == sum(
        h.tp_0 + h.tp_1 for h in hands
    )
    assert RoundResult.objects.filter(round__event=event, bye=True).count() == 3
    assert computed(event) == stored(event)


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


@pytest.mark.django_db(transaction=True)
def test_simulate_event_plays_a_tientsin():
    out = StringIO()
    call_command(
        "simulate_event",
        "--format",
        "tientsin",
        "--players",
        "12",
        "--rounds",
        "2",
        "--seed",
        "3",
        stdout=out,
    )
    event = Event.objects.get()
    assert event.rules.game == "tientsin" and "16 hands played" in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_team_of_three_names_its_three_players_at_a_table(organizer):
    from tournaments.services.history import ServiceError
    from tournaments.services.lineups import seats_lineup

    event = event_create(
        owner=organizer,
        name="Teams of three",
        preset="tientsin",
        seed=3,
        overrides={"entrant_type": "team", "pairing": "swiss"},
    )
    actor = Actor.organizer(organizer)
    teams = [
        team_register(
            event=event, name=f"T{i}", members=[f"a{i}", f"b{i}", f"c{i}", f"d{i}"], actor=actor
        )
        for i in range(2)
    ]
    table = round_pair(event_id=event.pk, actor=actor).tables.get()
    roster = list(teams[0].members.order_by("pk").values_list("pk", flat=True))
    team = 0 if table.seats.get(position=0).entrant_id == teams[0].pk else 1
    with pytest.raises(ServiceError):
        seats_lineup(table_id=table.pk, team=team, player_ids=roster[:2], actor=actor)
    seats = seats_lineup(table_id=table.pk, team=team, player_ids=roster[1:], actor=actor)
    assert [(s.position, s.player_id) for s in seats] == list(
        zip(range(team, 6, 2), roster[1:], strict=True)
    )


@pytest.mark.django_db
def test_a_tientsin_team_needs_three_players(organizer):
    from tournaments.services.history import ServiceError

    event = event_create(
        owner=organizer,
        name="Teams of three",
        preset="tientsin",
        seed=3,
        overrides={"entrant_type": "team", "pairing": "swiss"},
    )
    with pytest.raises(ServiceError) as error:
        team_register(event=event, name="Two", members=["a", "b"], actor=Actor.organizer(organizer))
    assert error.value.code == "roster_size" and "at least 3" in error.value.message
