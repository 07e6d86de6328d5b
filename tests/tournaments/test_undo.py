"""Undo (``services/undo.py``): an undo puts one thing back (a hand's entry, an entrant's
withdrawal, two seats, a table's closure) only while nothing later changed that thing (issue
"Hardening, second pass", item 3); a table's close undone runs its round again, or is refused
once the next round is paired (item 4)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.models import Change, Entrant, Hand, Round, Seat, Table
from tournaments.services.backup import event_export, event_import
from tournaments.services.events import entrant_withdraw
from tournaments.services.hands import hand_correct, hand_record
from tournaments.services.history import Actor, Conflict, ServiceError
from tournaments.services.players import entrant_update
from tournaments.services.rounds import (
    complete_finished_rounds,
    round_pair,
    round_publish,
    round_regenerate,
    seats_swap,
    table_close,
)
from tournaments.services.undo import change_undo, entrant_reinstate, is_undoable

from .conftest import close_last_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def orga(organizer):
    return Actor.organizer(organizer)


def score(team_a: int) -> dict:
    """A hand in which team A takes ``team_a`` card points (and so ``team_a`` TP)."""
    return {"card_points": [team_a, 100 - team_a]}


def last_change(**fields) -> Change:
    return Change.objects.filter(**fields).latest("pk")


def refused_undo(change: Change, actor: Actor) -> Conflict:
    """The undo of ``change`` is refused as a conflict, and nothing is written."""
    changes = Change.objects.count()
    with pytest.raises(Conflict) as refused:
        change_undo(change_id=change.pk, actor=actor)
    assert Change.objects.count() == changes
    return refused.value


def assert_names(refusal: Conflict, later: Change) -> None:
    """The refusal names the later change: its number and who made it."""
    assert refusal.code == "superseded"
    assert f"#{later.pk}" in refusal.message and "orga (organizer)" in refusal.message


# --- an undo applies only while nothing later changed the same thing --------------------------


def test_undoing_an_older_correction_keeps_the_newer_one(dtm_round, orga):
    """Hand 10:90, corrected to 20:80 (c1), then to 30:70 (c2): undoing c1 would bring 10:90
    back and lose c2 without a word. It is refused, naming c2, in German too."""
    table = dtm_round.tables.get(number=1)
    hand = hand_record(
        table_id=table.pk, number=1, entry=score(10), actor=Actor.captain(table)
    ).hand
    hand_correct(hand_id=hand.pk, entry=score(20), actor=orga, reason="sheet misread")
    first = last_change(action="correct")
    hand_correct(hand_id=hand.pk, entry=score(30), actor=orga, reason="sheet misread again")
    second = last_change(action="correct")
    assert not is_undoable(first) and is_undoable(second)

    assert_names(refused_undo(first, orga), second)
    hand.refresh_from_db()
    assert (hand.tp_0, hand.tp_1) == (30, 70)
    with translation.override("de"):
        german = refused_undo(first, orga).message
    assert f"#{second.pk}" in german and "rückgängig" in german

    change_undo(change_id=second.pk, actor=orga)  # the newest one undoes
    hand.refresh_from_db()
    assert (hand.tp_0, hand.tp_1) == (20, 80)
    undo = last_change(action="correct")
    assert not is_undoable(second) and is_undoable(undo)  # the undo is the newest change now


def test_a_correction_of_another_hand_does_not_stand_in_the_way(dtm_round, orga):
    table = dtm_round.tables.get(number=1)
    hands = [
        hand_record(table_id=table.pk, number=n, entry=score(10), actor=Actor.captain(table)).hand
        for n in (1, 2)
    ]
    hand_correct(hand_id=hands[0].pk, entry=score(20), actor=orga, reason="typo")
    first = last_change(action="correct")
    hand_correct(hand_id=hands[1].pk, entry=score(40), actor=orga, reason="typo")
    assert is_undoable(first)
    change_undo(change_id=first.pk, actor=orga)
    assert Hand.objects.get(pk=hands[0].pk).tp_0 == 10


def test_a_withdrawal_reinstated_since_is_not_undone_again(dtm_event, orga):
    entrant = dtm_event.entrants.first()
    entrant_withdraw(entrant_id=entrant.pk, actor=orga, reason="ill")
    withdrawal = last_change(action="withdraw")
    entrant_reinstate(entrant_id=entrant.pk, actor=orga, reason="better")
    assert not is_undoable(withdrawal)
    assert_names(refused_undo(withdrawal, orga), last_change(action="reinstate"))


def test_a_rename_does_not_stand_in_the_way_of_undoing_a_withdrawal(dtm_event, orga):
    """A rename changes the name, not whether the entrant plays: the reinstatement still
    applies as it would have before."""
    entrant = dtm_event.entrants.first()
    entrant_withdraw(entrant_id=entrant.pk, actor=orga, reason="ill")
    withdrawal = last_change(action="withdraw")
    entrant_update(entrant_id=entrant.pk, name="Anna M.", club="", actor=orga)
    assert is_undoable(withdrawal)
    change_undo(change_id=withdrawal.pk, actor=orga)
    assert Entrant.objects.get(pk=entrant.pk).active


def test_a_seat_swapped_again_is_not_swapped_back(dtm_event, orga):
    rnd = round_pair(event_id=dtm_event.pk, actor=orga)
    a, b, c, d = Seat.objects.filter(table__round=rnd).order_by("pk")[:4]
    seats_swap(round_id=rnd.pk, seat_a=a.pk, seat_b=b.pk, actor=orga)
    first = last_change(action="swap")
    seats_swap(round_id=rnd.pk, seat_a=c.pk, seat_b=d.pk, actor=orga)  # other seats
    assert is_undoable(first)
    seats_swap(round_id=rnd.pk, seat_a=c.pk, seat_b=b.pk, actor=orga)  # b again
    later = last_change(action="swap")
    assert not is_undoable(first)
    assert_names(refused_undo(first, orga), later)
    change_undo(change_id=later.pk, actor=orga)


def test_a_swap_is_not_offered_once_its_draft_is_paired_again_or_published(dtm_event, orga):
    rnd = round_pair(event_id=dtm_event.pk, actor=orga)
    a, b = Seat.objects.filter(table__round=rnd).order_by("pk")[:2]
    seats_swap(round_id=rnd.pk, seat_a=a.pk, seat_b=b.pk, actor=orga)
    swap = last_change(action="swap")
    round_regenerate(round_id=rnd.pk, actor=orga)  # new seats: the swapped ones are gone
    assert not is_undoable(swap)
    with pytest.raises(ServiceError) as refused:
        change_undo(change_id=swap.pk, actor=orga)
    assert refused.value.code == "not_undoable"
    a, b = Seat.objects.filter(table__round=rnd).order_by("pk")[:2]
    seats_swap(round_id=rnd.pk, seat_a=a.pk, seat_b=b.pk, actor=orga)
    swap = last_change(action="swap")
    round_publish(round_id=rnd.pk, actor=orga)
    assert not is_undoable(swap)
    assert refused_undo(swap, orga).code == "not_draft"


def test_a_table_closed_again_keeps_its_newer_closure(dtm_round, orga):
    table = dtm_round.tables.get(number=1)
    table_close(table_id=table.pk, status=Table.Status.FORFEITED, forfeited_by=0, actor=orga)
    first = last_change(action="close")
    table_close(table_id=table.pk, status=Table.Status.AVERAGED, actor=orga, reason="fairer")
    second = last_change(action="close")
    assert not is_undoable(first) and is_undoable(second)
    assert_names(refused_undo(first, orga), second)
    assert Table.objects.get(pk=table.pk).status == Table.Status.AVERAGED


# --- a closed table opened again ---------------------------------------------------------------


def test_undoing_the_close_of_the_last_open_table_runs_the_round_again(dtm_round, orga):
    """Item 4: the table was open again but its round stayed complete, so its captain was
    refused (``round_not_running``) and the next round could not be paired."""
    table = close_last_table(dtm_round, orga)
    change_undo(change_id=last_change(action="close").pk, actor=orga)
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    assert Round.objects.get(pk=dtm_round.pk).status == Round.Status.PUBLISHED
    assert last_change(subject="round").action == "reopen"
    for number in (3, 4):  # the captain finishes the table, then the round completes
        outcome = hand_record(
            table_id=table.pk, number=number, entry=score(60), actor=Actor.captain(table)
        )
        assert outcome.result == "created"
    complete_finished_rounds(dtm_round.event_id)
    assert round_pair(event_id=dtm_round.event_id, actor=orga).number == 2


def test_a_close_is_not_offered_nor_undone_once_the_next_round_is_paired(dtm_round, orga):
    """Opening the table again would leave round 1 unfinishable and take its players' credit
    for the closed table; a new close (averaged, or forfeited by the other team) corrects it,
    and that one can be undone: the table stays closed either way."""
    table = close_last_table(dtm_round, orga)
    close = last_change(action="close")
    round_pair(event_id=dtm_round.event_id, actor=orga)
    assert not is_undoable(close)
    refusal = refused_undo(close, orga)
    assert refusal.code == "later_round" and "Round 2" in refusal.message
    assert Table.objects.get(pk=table.pk).status == Table.Status.FORFEITED
    table_close(table_id=table.pk, status=Table.Status.AVERAGED, actor=orga, reason="fairer")
    averaged = last_change(action="close")
    assert is_undoable(averaged)
    change_undo(change_id=averaged.pk, actor=orga)
    assert Table.objects.get(pk=table.pk).status == Table.Status.FORFEITED


# --- a restored event's history ------------------------------------------------------------------


def test_a_restored_history_row_never_undoes_another_events_hand(dtm_event, orga, other_organizer):
    """A backup keeps its history rows with the source's ids: in a copy restored beside the
    original, the copy's correction names the original's hand. Undoing it changed the
    original, another event (of another organizer)."""
    rnd = round_pair(event_id=dtm_event.pk, actor=orga, publish=True)  # a running event
    table = rnd.tables.get(number=1)
    hand = hand_record(
        table_id=table.pk, number=1, entry=score(10), actor=Actor.captain(table)
    ).hand
    hand_correct(hand_id=hand.pk, entry=score(20), actor=orga, reason="sheet misread")
    copy = event_import(event_export(dtm_event.pk), owner=other_organizer.username)
    restored = Change.objects.get(event=copy, action="correct")
    assert restored.subject_id == hand.pk  # the original's hand, not the copy's

    assert not is_undoable(restored)
    changes = Change.objects.count()
    with pytest.raises(ServiceError) as refused:
        change_undo(change_id=restored.pk, actor=Actor.organizer(other_organizer))
    assert refused.value.code == "not_undoable" and Change.objects.count() == changes
    assert Hand.objects.get(pk=hand.pk).tp_0 == 20


def test_an_old_entry_no_longer_valid_is_refused_naming_the_player_not_seat_0(dtm_round, orga):
    """The refusal of an undo whose old entry the event's rules no longer take (a restored
    history may hold one) names the player who called, as the organizer knows them."""
    table = dtm_round.tables.get(number=1)
    hand_record(table_id=table.pk, number=1, entry=score(60), actor=Actor.captain(table))
    hand = Hand.objects.get(table=table, number=1)
    hand_correct(hand_id=hand.pk, entry=score(70), actor=orga, reason="typo")
    correction = last_change(subject="hand", action="correct")
    correction.old = {  # the DTM allows no Grand Tichu: seat 0 calls one
        "entry": {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "grand"}}
    }
    correction.save()
    refusal = refused_undo(correction, orga)
    first = Seat.objects.get(table=table, position=0).entrant.name
    assert refusal.code == "not_undoable"
    assert first in refusal.message and "seat 0" not in refusal.message
