"""Rounds: drafts can be regenerated and adjusted with warnings, tables closed, history kept."""

import pytest

from tournaments.models import Change, Round, Seat, Table
from tournaments.services.events import event_create, players_register, team_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor, Conflict
from tournaments.services.rounds import (
    round_pair,
    round_publish,
    round_regenerate,
    seats_swap,
    table_close,
)
from tournaments.simulation import _play_round

from .conftest import close_last_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def orga(organizer):
    return Actor.organizer(organizer)


def seating(rnd):
    return [
        list(t.seats.order_by("position").values_list("entrant_id", flat=True))
        for t in rnd.tables.order_by("number")
    ]


def dtm(organizer, orga, players=8, **overrides):
    event = event_create(owner=organizer, name="Club", preset="dtm", seed=5, overrides=overrides)
    players_register(event=event, names=[f"P{i}" for i in range(players)], actor=orga)
    return event


def test_pairing_a_draft_again_draws_anew_and_keeps_the_codes(organizer, orga):
    """Issue 14, bug 12: "Pair again" gave the identical draw with new codes, so the sheets
    printed for the draft stopped working. Now: another draw, each table number its code."""
    event = dtm(organizer, orga)
    rnd = round_pair(event_id=event.pk, actor=orga)
    codes = dict(rnd.tables.values_list("number", "code"))
    draws = [seating(rnd)]
    for _ in range(3):
        round_regenerate(round_id=rnd.pk, actor=orga)
        rnd = Round.objects.get(pk=rnd.pk)
        assert seating(rnd) != draws[-1]
        assert dict(rnd.tables.values_list("number", "code")) == codes
        draws.append(seating(rnd))
    pairs = Change.objects.filter(subject="round", subject_id=rnd.pk, action="pair")
    assert pairs.count() == 4 and pairs.latest("id").new["seed"] == rnd.seed


def test_pairing_again_is_deterministic(organizer, orga):
    """The same event seed pairs again to the same draws: a replay reproduces them."""
    seatings = []
    for name in ("One", "Two"):
        event = event_create(owner=organizer, name=name, preset="dtm", seed=5)
        players_register(event=event, names=[f"P{i}" for i in range(8)], actor=orga)
        rnd = round_pair(event_id=event.pk, actor=orga)
        round_regenerate(round_id=rnd.pk, actor=orga)
        names = dict(event.entrants.values_list("pk", "name"))
        seatings.append([[names[e] for e in table] for table in seating(rnd)])
    assert seatings[0] == seatings[1]


def test_a_late_entry_joins_a_regenerated_draft(organizer, orga):
    event = dtm(organizer, orga, players=7)
    rnd = round_pair(event_id=event.pk, actor=orga)
    assert rnd.byes.count() == 3
    late = players_register(event=event, names=["Late"], actor=orga)[0]
    assert late.joined_round == 1
    round_regenerate(round_id=rnd.pk, actor=orga)
    assert rnd.byes.count() == 0 and late.pk in sum(seating(rnd), [])


@pytest.mark.parametrize("players, late", [(8, 1), (8, 2), (12, 3), (9, 2)])
def test_a_late_arrival_is_seated_in_their_first_round(organizer, orga, players, late):
    """Issue 14, bug 11: late arrivals, last in the standings with 0 VP, took the byes of their
    first round although the players already there could sit out instead. The rounds they
    missed count as rests: byes go to those who sat out least."""
    event = dtm(organizer, orga, players=players, rounds=3)
    first = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    _play_round(event, first, __import__("random").Random(5))
    arrivals = players_register(event=event, names=[f"Late {i}" for i in range(late)], actor=orga)
    second = round_pair(event_id=event.pk, actor=orga)
    byes = set(second.byes.values_list("entrant_id", flat=True))
    seated = set(sum(seating(second), []))
    late_ids = {entrant.pk for entrant in arrivals}
    assert len(byes) == (players + late) % 4 and seated.isdisjoint(byes)
    assert late_ids <= seated and late_ids.isdisjoint(byes)


def test_a_swap_that_repeats_partners_is_allowed_with_a_warning(organizer, orga):
    event = dtm(organizer, orga, rounds=2)
    first = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    _play_round(event, first, __import__("random").Random(3))
    old_partners = seating(first)[0]
    second = round_pair(event_id=event.pk, actor=orga)
    seat_of = {s.entrant_id: s for s in Seat.objects.filter(table__round=second)}
    # Put the round-1 partner of old_partners[0] opposite them again.
    a, partner = seat_of[old_partners[0]], seat_of[old_partners[2]]
    opposite = Seat.objects.get(table=a.table, position=(a.position + 2) % 4)
    if opposite.pk == partner.pk:  # pragma: no cover - the pairing never repeats partners
        pytest.fail("pairing repeated a partnership")
    warnings = seats_swap(round_id=second.pk, seat_a=opposite.pk, seat_b=partner.pk, actor=orga)
    assert any("partners" in w for w in warnings)
    assert Change.objects.filter(subject="seat", action="swap").count() == 1
    round_publish(round_id=second.pk, actor=orga)
    with pytest.raises(Conflict, match="draft"):
        seats_swap(round_id=second.pk, seat_a=opposite.pk, seat_b=partner.pk, actor=orga)


def test_a_forfeited_table_completes_the_round(organizer, orga):
    event = dtm(organizer, orga, rounds=2)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    tables = list(rnd.tables.order_by("number"))
    _play_round(event, rnd, __import__("random").Random(3))  # plays every table
    for hand in tables[1].hands.all():
        hand.delete()
    with pytest.raises(Conflict, match="not complete"):
        round_pair(event_id=event.pk, actor=orga)
    table_close(
        table_id=tables[1].pk,
        status=Table.Status.FORFEITED,
        forfeited_by=0,
        actor=orga,
        reason="no show",
    )
    assert round_pair(event_id=event.pk, actor=orga).number == 2
    assert Change.objects.filter(subject="table", action="close", reason="no show").exists()


def test_team_swiss_seats_each_team_on_both_of_its_seats(organizer, orga):
    event = event_create(owner=organizer, name="Teams", preset="team_swiss", seed=2)
    for i in range(5):
        team_register(event=event, name=f"T{i}", members=[f"a{i}", f"b{i}"], actor=orga)
    rnd = round_pair(event_id=event.pk, actor=orga)
    assert rnd.tables.count() == 2 and rnd.byes.count() == 1
    for seats in seating(rnd):
        assert seats[0] == seats[2] and seats[1] == seats[3] and seats[0] != seats[1]
    assert Change.objects.filter(subject="round", action="pair").count() == 1


def test_a_team_names_two_roster_players_for_its_seats(organizer, orga):
    from tournaments.services.history import ServiceError
    from tournaments.services.lineups import seats_lineup

    event = event_create(owner=organizer, name="League", preset="league", seed=2)
    teams = [
        team_register(event=event, name=f"T{i}", members=[f"a{i}", f"b{i}", f"c{i}"], actor=orga)
        for i in range(2)
    ]
    table = round_pair(event_id=event.pk, actor=orga).tables.get()
    team = table.seats.get(position=0).entrant
    roster = list(team.members.values_list("pk", flat=True))
    seats_lineup(table_id=table.pk, team=0, player_ids=roster[1:], actor=orga)
    assert (
        list(
            table.seats.filter(position__in=(0, 2))
            .order_by("position")
            .values_list("player_id", flat=True)
        )
        == roster[1:]
    )
    other = [m.pk for t in teams if t != team for m in t.members.all()]
    with pytest.raises(ServiceError, match="roster"):
        seats_lineup(table_id=table.pk, team=0, player_ids=other[:2], actor=orga)
    assert Change.objects.filter(subject="seat", action="lineup").count() == 1


def test_a_table_opened_again_runs_its_complete_round_again(organizer, orga):
    """A round's status follows its tables: opened again, the closed table has hands to enter,
    so the round runs again (its captain enters them, the next round waits for them)."""
    event = dtm(organizer, orga)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    table = close_last_table(rnd, orga)
    table_close(table_id=table.pk, status=Table.Status.OPEN, actor=orga, reason="they came")
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED
    reopened = Change.objects.filter(subject="round").latest("pk")
    assert (reopened.action, reopened.subject_id) == ("reopen", rnd.pk)
    assert reopened.old == {"status": "complete"} and reopened.new == {"status": "published"}
    outcome = hand_record(
        table_id=table.pk, number=3, entry={"card_points": [50, 50]}, actor=Actor.captain(table)
    )
    assert outcome.result == "created"
    with pytest.raises(Conflict, match="not complete"):
        round_pair(event_id=event.pk, actor=orga)


def test_a_table_is_not_opened_again_once_the_next_round_is_paired(organizer, orga):
    """Round 2 is paired on round 1's results, the closed table's credit among them: opening it
    again is refused; closing it another way is how the organizer corrects it."""
    event = dtm(organizer, orga)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    table = close_last_table(rnd, orga)
    round_pair(event_id=event.pk, actor=orga)
    with pytest.raises(Conflict, match="Round 2 is already paired") as refused:
        table_close(table_id=table.pk, status=Table.Status.OPEN, actor=orga)
    assert refused.value.code == "later_round"
    assert Table.objects.get(pk=table.pk).status == Table.Status.FORFEITED
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE
    table_close(table_id=table.pk, status=Table.Status.AVERAGED, actor=orga, reason="fairer")
    assert Table.objects.get(pk=table.pk).status == Table.Status.AVERAGED
