"""Recording hands: validated by the engine, idempotent, conflicts refused, corrections kept."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import InvalidHand
from tournaments.models import Change, Hand, Round, StandingsChange, Table
from tournaments.services.hands import hand_confirm, hand_correct, hand_record
from tournaments.services.history import Actor, Conflict, ServiceError
from tournaments.services.undo import change_undo

from .conftest import seated_round

pytestmark = pytest.mark.django_db

ENTRY = {"card_points": [70, 30], "finish_order": [0, 1, 3], "calls": {"0": "tichu"}}


def table_of(rnd, number=1):
    return rnd.tables.get(number=number)


def test_a_captain_records_a_hand_scored_by_the_engine(dtm_round):
    table = table_of(dtm_round)
    outcome = hand_record(table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table))
    hand = outcome.hand
    assert outcome.result == "created"
    assert (hand.tp_0, hand.tp_1) == (170, 30)
    assert (hand.vp_0, hand.vp_1) == (2, 0)
    assert hand.entry["tichu_success"] == {"0": True}
    change = Change.objects.get(subject="hand", subject_id=hand.pk)
    assert change.action == "create" and change.actor == "captain:table 1"


def test_a_new_hand_is_two_queries_on_postgresql(dtm_round):
    """The locks with the table and the hand they protect, then the hand, its history row and
    its standings change: each several statements sent in one round trip on PostgreSQL (SQLite
    runs them one by one)."""
    table = table_of(dtm_round)
    with CaptureQueriesContext(connection) as queries:
        hand = hand_record(
            table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table)
        ).hand
    statements = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == (2 if connection.vendor == "postgresql" else 7), statements
    assert Change.objects.get(subject="hand").subject_id == hand.pk
    assert StandingsChange.objects.filter(table=table).count() == 1


def test_the_same_entry_again_changes_nothing(dtm_round):
    table = table_of(dtm_round)
    first = hand_record(table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table))
    again = hand_record(
        table_id=table.pk,
        number=1,
        entry=dict(ENTRY, calls={0: "tichu"}),
        actor=Actor.captain(table),
    )
    assert again.result == "unchanged" and again.hand.pk == first.hand.pk
    assert Change.objects.filter(subject="hand").count() == 1


def test_a_different_entry_from_a_captain_is_a_conflict(dtm_round):
    table = table_of(dtm_round)
    hand_record(table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table))
    with pytest.raises(Conflict):
        hand_record(
            table_id=table.pk, number=1, entry={"card_points": [50, 50]}, actor=Actor.captain(table)
        )
    assert Hand.objects.get().tp_0 == 170


def test_an_invalid_entry_is_refused_and_nothing_is_stored(dtm_round):
    table = table_of(dtm_round)
    with pytest.raises(InvalidHand) as error:
        hand_record(
            table_id=table.pk, number=1, entry={"card_points": [60, 30]}, actor=Actor.captain(table)
        )
    assert error.value.code == "card_points_sum"
    assert not Hand.objects.exists() and not Change.objects.filter(subject="hand").exists()


def test_dtm_refuses_grand_tichu(dtm_round):
    table = table_of(dtm_round)
    with pytest.raises(InvalidHand):
        hand_record(
            table_id=table.pk,
            number=1,
            entry={"card_points": [50, 50], "finish_order": [1], "calls": {"1": "grand"}},
            actor=Actor.captain(table),
        )


def test_dtm_double_victory_is_worth_100_and_3_vp(dtm_round):
    table = table_of(dtm_round)
    hand = hand_record(
        table_id=table.pk,
        number=1,
        entry={"double_victory": 1, "finish_order": [1, 3], "calls": {"0": "tichu"}},
        actor=Actor.captain(table),
    ).hand
    assert (hand.tp_0, hand.tp_1, hand.vp_0, hand.vp_1) == (-100, 100, 0, 3)


@pytest.mark.parametrize("number", [0, 5, 99])
def test_hand_numbers_stay_within_the_round(dtm_round, number):
    table = table_of(dtm_round)
    with pytest.raises(ServiceError) as error:
        hand_record(table_id=table.pk, number=number, entry=ENTRY, actor=Actor.captain(table))
    assert error.value.field == "number"


def test_captains_enter_only_in_a_published_round_at_an_open_table(dtm_event):
    entrants = list(dtm_event.entrants.all())
    draft = seated_round(dtm_event, entrants, status=Round.Status.DRAFT)
    table = table_of(draft)
    with pytest.raises(Conflict):
        hand_record(table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table))
    draft.status = Round.Status.PUBLISHED
    draft.save()
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FORFEITED)
    with pytest.raises(Conflict):
        hand_record(table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table))


def test_an_organizer_correction_keeps_history_and_can_be_undone(dtm_round, organizer):
    table = table_of(dtm_round)
    hand = hand_record(table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table)).hand
    orga = Actor.organizer(organizer)
    with pytest.raises(ServiceError):
        hand_correct(hand_id=hand.pk, entry={"card_points": [50, 50]}, actor=orga, reason=" ")
    outcome = hand_correct(
        hand_id=hand.pk, entry={"card_points": [50, 50]}, actor=orga, reason="sheet misread"
    )
    assert outcome.result == "corrected"
    correction = Change.objects.get(action="correct")
    assert correction.old["totals"] == [170, 30] and correction.new["totals"] == [50, 50]
    assert correction.reason == "sheet misread" and correction.actor == "organizer:orga"
    change_undo(change_id=correction.pk, actor=orga)
    hand.refresh_from_db()
    assert (hand.tp_0, hand.tp_1) == (170, 30)
    assert Change.objects.filter(action="correct").count() == 2


def test_opponents_confirm_a_score(dtm_round):
    table = table_of(dtm_round)
    hand_record(table_id=table.pk, number=1, entry=ENTRY, actor=Actor.captain(table))
    code = table.opponents_code
    assert hand_confirm(table_id=table.pk, number=1, code=code).confirmed_by_opponents
    with pytest.raises(ServiceError):
        hand_confirm(table_id=table.pk, number=2, code=code)
