"""Every registered tie-break, end to end: an event whose chain is that tie-break alone, hands
recorded through the service, the standings computed by the worker, and the entrants equal on
VP ordered by the tie-break, against registration order (which would rank them otherwise)."""

import pytest

from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair
from tournaments.standings.tiebreaks import TIEBREAKS

from .conftest import seated_round

pytestmark = pytest.mark.django_db(transaction=True)

# Table 1 seats P0-P3, table 2 P4-P7 (seats 0 and 2 against 1 and 3). P0 & P2 and P4 & P6 end
# on 3 VP each; the later registered P4 (and P6) must come first by the tie-break.
WINS_BY_TP = [{"card_points": [75, 25]}, {"card_points": [50, 50]}]  # 3 VP to 1, TP 125 to 75
DOUBLE_WITH_A_TICHU = [{"double_victory": 0, "finish_order": [0, 2], "calls": {"0": "tichu"}}]
DOUBLE = [{"double_victory": 0, "finish_order": [0, 2]}]  # 3 VP to 0

SCENARIOS = {
    # (hands at table 1, hands at table 2, the standings' order)
    "tichu_points": (
        WINS_BY_TP,
        DOUBLE_WITH_A_TICHU,  # TP 300 against 125
        ["P4", "P6", "P0", "P2", "P1", "P3", "P5", "P7"],
    ),
    "double_victories": (
        WINS_BY_TP,
        DOUBLE_WITH_A_TICHU,  # 1 against 0
        ["P4", "P6", "P0", "P2", "P1", "P3", "P5", "P7"],
    ),
    "tichu_calls_made": (
        WINS_BY_TP,
        DOUBLE_WITH_A_TICHU,  # P4 made one, P0, P2, P6 none
        ["P4", "P0", "P2", "P6", "P1", "P3", "P5", "P7"],
    ),
    "opponent_victory_points": (
        DOUBLE,
        WINS_BY_TP,  # P4, P6 met 1 + 1 VP; P0, P2 met 0 + 0
        ["P4", "P6", "P0", "P2", "P5", "P7", "P1", "P3"],
    ),
}


# Grand Seigneur's tie-breaks read the places of a game of placings: one table of five, two
# hands; positions 0, 1 and 3 end on 4 placing points each (4 + 0, 2 + 2, 1 + 3), position 0 with
# a first place, position 3 with a second one. (the finish orders, the positions in order)
PLACING_HANDS = [[0, 2, 1, 3, 4], [2, 3, 1, 4, 0]]
PLACING_SCENARIOS = {"first_places": [2, 0, 1, 3, 4], "second_places": [2, 3, 0, 1, 4]}


def test_every_registered_tiebreak_has_a_scenario():
    assert set(SCENARIOS) | set(PLACING_SCENARIOS) == set(TIEBREAKS)


@pytest.mark.parametrize("name", list(PLACING_SCENARIOS))
def test_a_placing_tiebreak_orders_the_standings(organizer, name):
    event = event_create(
        owner=organizer,
        name=f"Tie-break {name}",
        preset="grand_seigneur",
        seed=1,
        overrides={"tiebreaks": [name], "rules": {"players": 5}},
    )
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(5)], actor=actor)
    table = round_pair(event_id=event.pk, actor=actor, publish=True).tables.get()
    by_position = dict(table.seats.values_list("position", "entrant_id"))
    for number, order in enumerate(PLACING_HANDS, start=1):
        hand_record(
            table_id=table.pk,
            number=number,
            entry={"finish_order": order},
            actor=Actor.captain(table),
        )
    wait_for_standings(event)
    rows = list(selectors.standing_rows(event))
    expected = [by_position[p] for p in PLACING_SCENARIOS[name]]
    # positions 0, 1 and 3 are equal on points; registration order breaks what the tie-break
    # leaves equal, so only the tie-break's own decisions are compared
    assert [row.victory_points for row in rows] == [7, 4, 4, 4, 1]
    decided = [row.entrant_id for row in rows if row.tiebreaks[name] > 0 or row.victory_points != 4]
    assert decided == [e for e in expected if e in decided]
    assert rows[1].entrant_id == expected[1]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_tiebreak_orders_the_standings(organizer, name):
    first, second, order = SCENARIOS[name]
    event = event_create(
        owner=organizer,
        name=f"Tie-break {name}",
        preset="dtm",
        seed=1,
        overrides={"tiebreaks": [name]},
    )
    entrants = players_register(
        event=event, names=[f"P{i}" for i in range(8)], actor=Actor.organizer(organizer)
    )
    rnd = seated_round(event, entrants)
    for number, hands in ((1, first), (2, second)):
        table = rnd.tables.get(number=number)
        for hand, entry in enumerate(hands, start=1):
            hand_record(table_id=table.pk, number=hand, entry=entry, actor=Actor.captain(table))
    wait_for_standings(event)
    rows = list(selectors.standing_rows(event))
    assert [row.entrant.name for row in rows] == order
    by_name = {row.entrant.name: row for row in rows}
    assert by_name["P0"].victory_points == by_name["P4"].victory_points == 3
    assert by_name["P4"].rank < by_name["P0"].rank  # decided by the tie-break, not a tie
    assert set(by_name["P4"].tiebreaks) == {name}
