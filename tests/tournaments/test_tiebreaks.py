"""Every registered tie-break, end to end: an event whose chain is that tie-break alone, hands
recorded through the service, the standings computed by the worker, and the entrants equal on
VP ordered by the tie-break, against registration order (which would rank them otherwise)."""

import pytest

from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
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
    "tichu_points": (WINS_BY_TP, DOUBLE_WITH_A_TICHU,  # TP 300 against 125
                     ["P4", "P6", "P0", "P2", "P1", "P3", "P5", "P7"]),
    "double_victories": (WINS_BY_TP, DOUBLE_WITH_A_TICHU,  # 1 against 0
                         ["P4", "P6", "P0", "P2", "P1", "P3", "P5", "P7"]),
    "tichu_calls_made": (WINS_BY_TP, DOUBLE_WITH_A_TICHU,  # P4 made one, P0, P2, P6 none
                         ["P4", "P0", "P2", "P6", "P1", "P3", "P5", "P7"]),
    "opponent_victory_points": (DOUBLE, WINS_BY_TP,  # P4, P6 met 1 + 1 VP; P0, P2 met 0 + 0
                                ["P4", "P6", "P0", "P2", "P5", "P7", "P1", "P3"]),
}


def test_every_registered_tiebreak_has_a_scenario():
    assert set(SCENARIOS) == set(TIEBREAKS)


@pytest.mark.parametrize("name", list(TIEBREAKS))
def test_a_tiebreak_orders_the_standings(organizer, name):
    first, second, order = SCENARIOS[name]
    event = event_create(owner=organizer, name=f"Tie-break {name}", preset="dtm", seed=1,
                         overrides={"tiebreaks": [name]})
    entrants = players_register(event=event, names=[f"P{i}" for i in range(8)],
                                actor=Actor.organizer(organizer))
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
