"""What Threechu's rules alone decide (RULINGS.md "Threechu"): the deal rotating every hand (hand
n dealt by position (n - 1) % 3, who plays the dummy's hand too); individual totals, the dealer
credited with the dealer-and-dummy side's TP and VP, the two others with theirs (``HandSeat``),
over a whole 9-player event and in a captain's hands; tables that meet new opponents. What
every game's events have in common (tables of three, byes spread, hands stored as scored,
standings the sums of the credits, a round's hands a multiple of the game's) is checked for
every game by ``tests/games``."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.models import Hand, HandSeat, Seat
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


@pytest.mark.django_db(transaction=True)
def test_a_whole_9_player_threechu(organizer):
    """Six rounds of three tables: every hand's dealer credited with the dealer-and-dummy
    side, the two others with theirs; no two players at one table three times."""
    event = simulate_event(preset="threechu", entrants=9, seed=1, owner=organizer).event
    assert event.rounds.count() == 6
    hands = Hand.objects.filter(table__round__event=event).prefetch_related("seat_credits")
    for hand in hands:
        credits = {c.position: (c.tp, c.vp) for c in hand.seat_credits.all()}
        dealer = (hand.number - 1) % 3
        assert hand.entry["dealer"] == 0
        assert credits[dealer] == (hand.tp_0, hand.vp_0), "the dealer: the dummy's side"
        assert all(credits[p] == (hand.tp_1, hand.vp_1) for p in range(3) if p != dealer)
    met = meetings(event)
    # six rounds, two opponents a round: 12 meetings of 8 others; none three times
    assert max(met.values()) <= 2, met


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
