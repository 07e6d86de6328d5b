"""Issue 23: the opponents confirm a hand with their own code; a captain asks the organizer to
correct a saved hand; both with the event option that a round is complete only once every hand
is confirmed; the codes in a pairing drawn again and in backups."""

import pytest

from tournaments.models import (
    OPPONENTS_CODE_LENGTH,
    TABLE_CODE_ALPHABET,
    Change,
    Hand,
    Round,
    is_opponents_code,
)
from tournaments.services.backup import event_export, event_import
from tournaments.services.backup_check import BackupError
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import (
    hand_confirm,
    hand_correct,
    hand_record,
    hand_request_correction,
    hand_request_dismiss,
)
from tournaments.services.history import Actor, Conflict, ServiceError
from tournaments.services.lifecycle import event_finish
from tournaments.services.rounds import (
    complete_finished_rounds,
    round_is_complete,
    round_pair,
    round_publish,
    round_regenerate,
)
from tournaments.services.undo import change_undo

pytestmark = pytest.mark.django_db

HAND = {"card_points": [70, 30], "finish_order": [0], "calls": {"0": "tichu"}}
OTHER = {"card_points": [40, 60], "finish_order": [1]}


def running(organizer, **overrides):
    """A DTM event of 8 (two tables, two hands a round), round 1 published."""
    actor = Actor.organizer(organizer)
    event = event_create(
        owner=organizer,
        name="Opponents",
        preset="dtm",
        overrides={"rounds": 2, "hands_per_round": 2, **overrides},
        seed=5,
    )
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event, rnd, actor


def play_all(rnd):
    for table in rnd.tables.all():
        for number in (1, 2):
            hand_record(table_id=table.pk, number=number, entry=HAND, actor=Actor.captain(table))


def confirm_all(rnd):
    for table in rnd.tables.all():
        for number in (1, 2):
            hand_confirm(table_id=table.pk, number=number, code=table.opponents_code)


def test_each_table_has_a_short_opponents_code_of_its_own(organizer):
    _event, rnd, _actor = running(organizer)
    first, second = rnd.tables.order_by("number")
    for table in (first, second):
        assert len(table.opponents_code) == OPPONENTS_CODE_LENGTH
        assert set(table.opponents_code) <= set(TABLE_CODE_ALPHABET)
        assert is_opponents_code(table.opponents_code)
        assert table.opponents_code != table.code
    assert first.opponents_code != second.opponents_code  # 1 in 2**30 to fail
    assert not is_opponents_code("ABC10O") and not is_opponents_code("ABCDEFG")


def test_the_opponents_confirm_with_their_code_only(organizer):
    _event, rnd, actor = running(organizer)
    first, second = rnd.tables.order_by("number")
    hand_record(table_id=first.pk, number=1, entry=HAND, actor=Actor.captain(first))
    for wrong in (None, "", first.code, second.opponents_code, "AAAAAA", 12):
        with pytest.raises(ServiceError) as refused:
            hand_confirm(table_id=first.pk, number=1, code=wrong)
        assert refused.value.code == "wrong_code" and refused.value.status == 403
    assert not Hand.objects.get(table=first, number=1).confirmed_by_opponents
    typed = f"  {first.opponents_code.lower()} "  # as typed on a phone
    assert hand_confirm(table_id=first.pk, number=1, code=typed).confirmed_by_opponents
    assert hand_confirm(table_id=first.pk, number=1, code=first.opponents_code)  # again: no-op
    with pytest.raises(ServiceError) as missing:
        hand_confirm(table_id=first.pk, number=2, code=first.opponents_code)
    assert missing.value.code == "not_found"
    hand_record(table_id=first.pk, number=2, entry=HAND, actor=Actor.captain(first))
    assert hand_confirm(table_id=first.pk, number=2, actor=actor).confirmed_by_opponents


def test_a_round_waits_for_the_opponents_codes(organizer):
    event, rnd, actor = running(organizer, confirmation_required=True)
    play_all(rnd)
    table = rnd.tables.first()
    with pytest.raises(ServiceError):
        hand_confirm(table_id=table.pk, number=1, code=table.code)  # the captain's: refused
    assert not round_is_complete(rnd)
    confirm_all(rnd)
    assert round_is_complete(rnd)
    complete_finished_rounds(event.pk)  # what the standings worker does after the commit
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE


def test_a_captain_asks_for_a_correction_and_the_organizer_corrects(organizer):
    event, rnd, actor = running(organizer, confirmation_required=True)
    play_all(rnd)
    table = rnd.tables.order_by("number").first()
    captain = Actor.captain(table)
    hand = hand_request_correction(
        table_id=table.pk, number=2, text="  Tichu was called by\nP2, not P0 ", actor=captain
    )
    confirm_all(rnd)
    assert hand.correction_request == "Tichu was called by P2, not P0"
    assert not round_is_complete(rnd)  # an open request holds the round
    change = Change.objects.get(subject="correction_request", subject_id=hand.pk)
    assert change.action == "ask" and change.actor == "captain:table 1"
    assert change.new["text"] == "Tichu was called by P2, not P0"
    outcome = hand_correct(hand_id=hand.pk, entry=OTHER, actor=actor, reason="request")
    assert outcome.hand.correction_request == "" and not outcome.hand.confirmed_by_opponents
    assert not round_is_complete(rnd)  # the opponents confirm the corrected hand anew
    hand_confirm(table_id=table.pk, number=2, code=table.opponents_code)
    assert round_is_complete(rnd)
    correction = Change.objects.get(subject="hand", action="correct")
    change_undo(change_id=correction.pk, actor=actor)  # the request does not stand in the way


def test_the_organizer_dismisses_a_request(organizer):
    event, rnd, actor = running(organizer, confirmation_required=True)
    play_all(rnd)
    table = rnd.tables.order_by("number").first()
    hand = hand_request_correction(
        table_id=table.pk, number=1, text="wrong team", actor=Actor.captain(table)
    )
    confirm_all(rnd)
    assert not round_is_complete(rnd)
    with pytest.raises(ServiceError) as refused:
        hand_request_dismiss(hand_id=hand.pk, actor=Actor.captain(table))
    assert refused.value.code == "forbidden"
    hand = hand_request_dismiss(hand_id=hand.pk, actor=actor, reason="sheet is right")
    assert hand.correction_request == "" and hand.entry["card_points"] == [70, 30]
    dismissal = Change.objects.get(subject="correction_request", action="dismiss")
    assert dismissal.old["text"] == "wrong team" and dismissal.reason == "sheet is right"
    assert round_is_complete(rnd)
    complete_finished_rounds(event.pk)  # what the standings worker does after the commit
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE


def test_a_request_needs_words_a_saved_hand_and_a_running_event(organizer):
    event, rnd, actor = running(organizer, rounds=1)
    table = rnd.tables.first()
    captain = Actor.captain(table)
    with pytest.raises(ServiceError) as missing:
        hand_request_correction(table_id=table.pk, number=1, text="x", actor=captain)
    assert missing.value.code == "not_found"
    play_all(rnd)
    for text in ("", "   ", "x" * 301):
        with pytest.raises(ServiceError) as refused:
            hand_request_correction(table_id=table.pk, number=1, text=text, actor=captain)
        assert refused.value.field == "text"
    event_finish(event_id=event.pk, actor=actor)
    with pytest.raises(Conflict):
        hand_request_correction(table_id=table.pk, number=1, text="late", actor=captain)
    with pytest.raises(Conflict):
        hand_confirm(table_id=table.pk, number=1, code=table.opponents_code)


def test_a_draft_paired_again_keeps_both_codes(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Redraw", preset="dtm", seed=3)
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    rnd = round_pair(event_id=event.pk, actor=actor)
    before = {t.number: (t.code, t.opponents_code) for t in rnd.tables.all()}
    round_regenerate(round_id=rnd.pk, actor=actor)
    assert {t.number: (t.code, t.opponents_code) for t in rnd.tables.all()} == before


def test_backups_carry_the_opponents_code_and_open_requests(organizer):
    event, rnd, actor = running(organizer)
    play_all(rnd)
    table = rnd.tables.order_by("number").first()
    hand_request_correction(
        table_id=table.pk, number=1, text="wrong card points", actor=Actor.captain(table)
    )
    document = event_export(event.pk)
    exported = document["rounds"][0]["tables"][0]
    assert exported["opponents_code"] == table.opponents_code
    assert exported["hands"][0]["correction_request"] == "wrong card points"
    restored = event_import(document)
    copy = Round.objects.get(event=restored).tables.get(number=1)
    assert copy.opponents_code == table.opponents_code
    assert copy.hands.get(number=1).correction_request == "wrong card points"


@pytest.mark.parametrize("code", ["abcdef", "ABCDE0", "ABCDEFG", "", 123456, ["ABCDEF"]])
def test_a_backup_refuses_an_opponents_code_outside_the_alphabet(organizer, code):
    event, _rnd, _actor = running(organizer)
    document = event_export(event.pk)
    document["rounds"][0]["tables"][1]["opponents_code"] = code
    with pytest.raises(BackupError) as refused:
        event_import(document)
    assert refused.value.place == "rounds[0].tables[1].opponents_code"


def test_an_older_backup_without_the_code_gets_a_new_one(organizer):
    event, rnd, _actor = running(organizer)
    play_all(rnd)
    document = event_export(event.pk)
    for table in document["rounds"][0]["tables"]:
        del table["opponents_code"]
        for hand in table["hands"]:
            del hand["correction_request"]
    restored = event_import(document)
    for table in Round.objects.get(event=restored).tables.all():
        assert is_opponents_code(table.opponents_code)
        assert not table.hands.exclude(correction_request="").exists()
