"""Threechu events (RULINGS.md "Threechu"): tables of three, the deal rotating every hand (hand n
dealt by position (n - 1) % 3, who plays the dummy's hand too), a round a multiple of 3 hands;
individual totals: the dealer is credited with the dealer-and-dummy side's TP and VP, the two
others with theirs (``HandSeat``). Whole events of 9 and 10 players by the engine's bots."""

from __future__ import annotations

from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command

from tests.conftest import wait_for_standings
from tests.tournaments.test_standings_incremental import computed, stored
from tournaments import selectors
from tournaments.formats import FormatError, resolve_format
from tournaments.models import Bye, Event, Hand, HandSeat, Seat
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.simulation import simulate_event


def seated(event) -> dict[int, list[int]]:
    tables: dict[int, list[int]] = {}
    for table, entrant in (
        Seat.objects.filter(table__round__event=event)
        .order_by("table_id", "position")
        .values_list("table_id", "entrant_id")
    ):
        tables.setdefault(table, []).append(entrant)
    return tables


def meetings(event) -> Counter:
    return Counter(
        frozenset((t[a], t[b]))
        for t in seated(event).values()
        for a in range(3)
        for b in range(a + 1, 3)
    )


def test_threechu_preset_and_its_limits():
    threechu = resolve_format("threechu")
    assert (threechu.game.seats, threechu.hands_per_round % 3, threechu.vp_scheme) == (3, 0, "dtm")
    for overrides in (
        {"hands_per_round": 4},
        {"entrant_type": "team", "pairing": "swiss"},
        {"vp_scheme": "round"},
        {"tiebreaks": ["opponent_vp"]},
    ):
        with pytest.raises(FormatError):
            resolve_format("threechu", overrides)


def assert_whole_event(event, players: int, byes: int) -> None:
    assert set(event.rounds.values_list("status", flat=True)) == {"complete"}
    tables = seated(event)
    assert len(tables) == 6 * (players // 3) and all(len(t) == 3 for t in tables.values())
    assert Bye.objects.filter(round__event=event).count() == 6 * byes
    hands = list(Hand.objects.filter(table__round__event=event).prefetch_related("seat_credits"))
    assert len(hands) == len(tables) * 6
    expected = Counter()
    for hand in hands:
        credits = {c.position: (c.tp, c.vp) for c in hand.seat_credits.all()}
        dealer = (hand.number - 1) % 3
        assert hand.entry["dealer"] == 0
        assert credits[dealer] == (hand.tp_0, hand.vp_0), "the dealer: the dummy's side"
        assert all(credits[p] == (hand.tp_1, hand.vp_1) for p in range(3) if p != dealer)
        for position, entrant in enumerate(tables[hand.table_id]):
            expected[entrant] += credits[position][1]
    rows = selectors.standing_rows(event)
    assert set(r.hands_played for r in rows if not r.byes) == {36}
    assert {r.entrant_id: r.victory_points - r.adjustment_vp for r in rows} == {
        e: expected[e] for e in event.entrants.values_list("pk", flat=True)
    }
    assert computed(event) == stored(event)


@pytest.mark.django_db(transaction=True)
def test_a_whole_9_player_threechu(organizer):
    event = simulate_event(preset="threechu", entrants=9, seed=1, owner=organizer).event
    assert_whole_event(event, 9, 0)
    met = meetings(event)
    # six rounds, two opponents a round: 12 meetings of 8 others; none three times
    assert max(met.values()) <= 2, met


@pytest.mark.django_db(transaction=True)
def test_a_whole_10_player_threechu(organizer):
    event = simulate_event(preset="threechu", entrants=10, seed=2, owner=organizer).event
    assert_whole_event(event, 10, 1)
    byes = list(Bye.objects.filter(round__event=event).values_list("entrant_id", flat=True))
    assert len(set(byes)) == 6, "a bye each round, never twice while others have none"


@pytest.mark.django_db(transaction=True)
def test_a_captain_enters_threechu_hands_the_dealer_credited_with_the_dummy(organizer):
    event = event_create(owner=organizer, name="Threechu", preset="threechu", seed=5)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=["Anna", "Ben", "Clara"], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    table = rnd.tables.get()
    by_position = dict(table.seats.values_list("position", "entrant_id"))
    captain = Actor.captain(table)
    # hand 1: position 0 deals; hand seats 0 dealer, 1 next, 2 dummy, 3 third
    first = hand_record(
        table_id=table.pk,
        number=1,
        actor=captain,
        entry={"card_points": [70, 30], "finish_order": [2], "calls": {"2": "tichu"}},
    )
    assert first.credits == {0: (170, 2, None), 1: (30, 0, None), 2: (30, 0, None)}
    # hand 2: position 1 deals: a double victory of the two others (positions 2 and 0)
    second = hand_record(
        table_id=table.pk,
        number=2,
        actor=captain,
        entry={"card_points": None, "finish_order": [1, 3], "calls": {}, "double_victory": 1},
    )
    assert second.credits == {1: (0, 0, None), 2: (200, 3, None), 0: (200, 3, None)}
    assert HandSeat.objects.filter(hand__table=table).count() == 6
    wait_for_standings(event)
    rows = {
        r.entrant_id: (r.victory_points, r.tichu_points) for r in selectors.standing_rows(event)
    }
    assert rows == {by_position[0]: (5, 370), by_position[1]: (0, 30), by_position[2]: (3, 230)}


@pytest.mark.django_db(transaction=True)
def test_simulate_event_plays_a_threechu():
    out = StringIO()
    call_command(
        "simulate_event",
        "--format",
        "threechu",
        "--players",
        "6",
        "--rounds",
        "2",
        "--seed",
        "3",
        stdout=out,
    )
    event = Event.objects.get()
    assert event.rules.game == "threechu" and "24 hands played" in out.getvalue()
