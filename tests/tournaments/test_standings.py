"""Standings: VP and TP per seat's team, byes as adjustments, tie-breaks, determinism."""

import pytest

from tests.conftest import wait_for_standings
from tournaments import selectors
from tournaments.models import Bye, Event, RoundResult
from tournaments.services.events import event_create, players_register, team_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor, ServiceError
from tournaments.services.rounds import table_close
from tournaments.standings.compute import compute, refresh

from .conftest import seated_round

pytestmark = pytest.mark.django_db(transaction=True)


def enter(table, number, entry):
    return hand_record(table_id=table.pk, number=number, entry=entry, actor=Actor.captain(table))


def rows(event):
    wait_for_standings(event)
    return {r.entrant.name: r for r in selectors.standing_rows(event)}


def test_each_player_earns_their_team_vp_and_tp(dtm_event):
    rnd = seated_round(dtm_event, list(dtm_event.entrants.order_by("pk")))
    table = rnd.tables.get(number=1)  # P0 P1 P2 P3: P0 & P2 against P1 & P3
    enter(table, 1, {"card_points": [70, 30], "finish_order": [0], "calls": {"0": "tichu"}})
    enter(table, 2, {"card_points": [25, 75]})
    enter(table, 3, {"card_points": [50, 50]})
    standings = rows(dtm_event)
    assert (standings["P0"].victory_points, standings["P0"].tichu_points) == (3, 245)
    assert (standings["P2"].victory_points, standings["P2"].tichu_points) == (3, 245)
    assert (standings["P1"].victory_points, standings["P1"].tichu_points) == (3, 155)
    assert standings["P0"].hands_played == 3
    assert standings["P0"].rank < standings["P1"].rank  # equal VP: more TP ranks higher
    assert standings["P4"].hands_played == 0


def test_standings_are_up_to_date_after_each_change_and_recomputing_changes_nothing(dtm_event):
    rnd = seated_round(dtm_event, list(dtm_event.entrants.order_by("pk")))
    enter(rnd.tables.get(number=2), 1, {"double_victory": 0, "finish_order": [0, 2]})
    wait_for_standings(dtm_event)
    assert dtm_event.standings_up_to_date and dtm_event.change_seq > 0

    def stored():
        return [
            (r.entrant_id, r.rank, r.victory_points, r.tichu_points)
            for r in selectors.standing_rows(dtm_event)
        ]

    before = stored()
    refresh(dtm_event.pk)
    assert stored() == before
    assert rows(dtm_event)["P4"].victory_points == 3


def test_a_bye_is_credited_as_the_average_of_the_other_rounds(organizer):
    event = event_create(owner=organizer, name="Byes", preset="dtm", seed=1)
    players_register(
        event=event, names=[f"P{i}" for i in range(5)], actor=Actor.organizer(organizer)
    )
    entrants = list(event.entrants.order_by("pk"))
    for number, (sitting, out) in enumerate(
        [(entrants[:4], entrants[4]), (entrants[1:], entrants[0])], start=1
    ):
        rnd = seated_round(event, sitting, number=number)
        Bye.objects.create(round=rnd, entrant=out)
        table = rnd.tables.get()
        for hand in range(1, 5):
            enter(table, hand, {"card_points": [75, 25]})
    standings = rows(event)
    # P0 sat in seat 0 in round 1: 4 hands x 2 VP, 4 x 75 TP; round 2 is a bye worth the average.
    p0 = standings["P0"]
    assert (p0.victory_points, p0.tichu_points, p0.hands_played, p0.byes) == (16, 600, 4, 1)
    assert (p0.adjustment_vp, p0.adjustment_tp) == (8, 300)
    assert RoundResult.objects.filter(entrant__name="P0", bye=True).count() == 1
    # P4 played only round 2 (seat 3: team 1) and had the bye in round 1.
    assert (standings["P4"].adjustment_vp, standings["P4"].adjustment_tp) == (0, 100)


def test_a_bye_is_credited_per_hand_played_not_per_round(organizer):
    """Issue 14, bug 3: a round cut short (a table closed after one hand) counted as a whole
    round in a bye's average. RULINGS.md: average VP and TP per played hand, times the hands of
    a round."""
    event = event_create(owner=organizer, name="Cut short", preset="dtm", seed=1)
    orga = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(5)], actor=orga)
    entrants = list(event.entrants.order_by("pk"))
    for number, (sitting, out, sheets) in enumerate(
        [
            (entrants[:4], entrants[4], [[75, 25]] * 4),  # P0 (team A): 4 x 2 VP, 300 TP
            (entrants[1:], entrants[0], [[50, 50]] * 4),  # P0's bye
            (entrants[:4], entrants[4], [[25, 75]]),
        ],
        start=1,
    ):  # P0: one hand, 0 VP, 25 TP
        rnd = seated_round(event, sitting, number=number)
        Bye.objects.create(round=rnd, entrant=out)
        table = rnd.tables.get()
        for hand, points in enumerate(sheets, start=1):
            enter(table, hand, {"card_points": points})
    table_close(table_id=table.pk, status="averaged", actor=orga, reason="time")
    p0 = rows(event)["P0"]
    assert p0.hands_played == 5
    # 8 VP and 325 TP in 5 hands: 1.6 VP and 65 TP a hand, times 4 (not 8/2 and 325/2 a round)
    bye = RoundResult.objects.get(entrant__name="P0", bye=True)
    assert (bye.victory_points, bye.tichu_points) == (6, 260)
    # beside it, the 3 averaged missing hands of round 3: 1 VP and 50 TP each
    assert (p0.adjustment_vp, p0.adjustment_tp) == (6 + 3, 260 + 150)


def _closed_after_one_hand(organizer, status, forfeited_by=None, **overrides):
    """P0 & P2 against P1 & P3: one hand of 4 played (75:25), then the table closed."""
    event = event_create(owner=organizer, name="Closed", preset="dtm", seed=1, overrides=overrides)
    orga = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(4)], actor=orga)
    table = seated_round(event, list(event.entrants.order_by("pk"))).tables.get()
    enter(table, 1, {"card_points": [75, 25]})
    table_close(table_id=table.pk, status=status, forfeited_by=forfeited_by, actor=orga)
    return event


def _line(row):
    return (
        row.victory_points,
        row.tichu_points,
        row.hands_played,
        row.adjustment_vp,
        row.adjustment_tp,
    )


def test_an_averaged_table_credits_each_team_1_vp_and_50_tp_per_missing_hand(organizer):
    """Issue 14, bug 3: an averaged table credited nothing for its missing hands."""
    event = _closed_after_one_hand(organizer, "averaged")
    standings = rows(event)
    assert _line(standings["P0"]) == (2 + 3, 75 + 150, 1, 3, 150)
    assert _line(standings["P1"]) == (0 + 3, 25 + 150, 1, 3, 150)
    assert [(line.victory_points, line.adjustment_vp) for line in compute(event)[0]] == [
        (5, 3),
        (5, 3),
        (3, 3),
        (3, 3),
    ]


def test_a_forfeit_credits_2_vp_per_missing_hand_to_the_team_not_at_fault(organizer):
    """Issue 14, bug 3: a forfeited table credited nothing; team B (1) forfeits here."""
    event = _closed_after_one_hand(organizer, "forfeited", forfeited_by=1)
    standings = rows(event)
    assert _line(standings["P0"]) == (2 + 6, 75, 1, 6, 0)
    assert _line(standings["P3"]) == (0, 25, 1, 0, 0)


def test_the_option_of_100_tp_per_forfeited_hand_goes_to_the_team_not_at_fault(organizer):
    event = _closed_after_one_hand(organizer, "forfeited", forfeited_by=1, forfeit_tp=100)
    standings = rows(event)
    assert _line(standings["P0"]) == (2 + 6, 75 + 300, 1, 6, 300)
    assert _line(standings["P3"]) == (0, 25, 1, 0, 0)
    assert [line.adjustment_tp for line in compute(event)[0]] == [300, 300, 0, 0]


def test_reopening_a_closed_table_takes_its_credit_back(organizer):
    event = _closed_after_one_hand(organizer, "forfeited", forfeited_by=0)
    assert _line(rows(event)["P1"]) == (6, 25, 1, 6, 0)
    table_close(
        table_id=event.rounds.get().tables.get().pk, status="open", actor=Actor.organizer(organizer)
    )
    assert _line(rows(event)["P1"]) == (0, 25, 1, 0, 0)


def test_a_forfeit_must_name_the_team_at_fault(organizer):
    event = event_create(owner=organizer, name="Closed", preset="dtm", seed=1)
    orga = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(4)], actor=orga)
    table = seated_round(event, list(event.entrants.order_by("pk"))).tables.get()
    with pytest.raises(ServiceError) as refused:
        table_close(table_id=table.pk, status="forfeited", actor=orga)
    assert refused.value.field == "forfeited_by"
    table.refresh_from_db()
    assert table.status == "open"


def test_no_bye_credit_when_the_format_says_none(organizer):
    event = event_create(
        owner=organizer, name="No credit", preset="dtm", seed=1, overrides={"bye_credit": "none"}
    )
    players_register(
        event=event, names=[f"P{i}" for i in range(5)], actor=Actor.organizer(organizer)
    )
    entrants = list(event.entrants.order_by("pk"))
    rnd = seated_round(event, entrants[:4])
    Bye.objects.create(round=rnd, entrant=entrants[4])
    enter(rnd.tables.get(), 1, {"card_points": [75, 25]})
    assert rows(event)["P4"].byes == 1 and rows(event)["P4"].victory_points == 0


def test_team_events_count_a_team_once_per_hand(organizer):
    event = event_create(owner=organizer, name="Teams", preset="team_swiss", seed=1)
    orga = Actor.organizer(organizer)
    a = team_register(event=event, name="A", members=["a1", "a2"], actor=orga)
    b = team_register(event=event, name="B", members=["b1", "b2", "b3"], actor=orga)
    rnd = seated_round(event, [a, b, a, b])
    enter(rnd.tables.get(), 1, {"card_points": [80, 20]})
    standings = rows(event)
    assert (standings["A"].victory_points, standings["A"].tichu_points) == (2, 80)
    assert (standings["B"].victory_points, standings["B"].tichu_points) == (0, 20)
    assert standings["A"].hands_played == 1


def test_round_scheme_scores_the_table_once_its_round_is_complete(organizer):
    event = event_create(
        owner=organizer,
        name="Per round",
        preset="dtm",
        seed=1,
        overrides={"vp_scheme": "round", "hands_per_round": 2},
    )
    players_register(
        event=event, names=[f"P{i}" for i in range(4)], actor=Actor.organizer(organizer)
    )
    rnd = seated_round(event, list(event.entrants.order_by("pk")))
    table = rnd.tables.get()
    enter(table, 1, {"card_points": [75, 25]})
    assert rows(event)["P0"].victory_points == 0
    enter(table, 2, {"card_points": [40, 60]})
    assert rows(event)["P0"].victory_points == 2 and rows(event)["P1"].victory_points == 0


def test_compute_orders_by_vp_then_tp_then_registration(dtm_event):
    lines, _ = compute(Event.objects.get(pk=dtm_event.pk))
    assert [line.rank for line in lines] == list(range(1, 9))
    assert [line.entrant_id for line in lines] == sorted(line.entrant_id for line in lines)
