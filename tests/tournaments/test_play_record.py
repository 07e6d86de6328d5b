"""A hand's play record (``Hand.play_record``): the bots' record kept with each simulated hand,
checked against the hand it is kept with, dropped by a correction that brings none, carried by
a backup and checked again when it comes back."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import call_command

from scoring import Rules, play_hand, replay
from tests.conftest import delete_after_the_workers
from tournaments.models import Event, Hand
from tournaments.services.backup import event_export
from tournaments.services.hands import hand_correct, hand_record
from tournaments.services.history import Actor, ServiceError
from tournaments.simulation import simulate_event

from .test_backup import backup, hand, refused  # noqa: F401 - the fixture and its helpers

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(organizer):
    return simulate_event(preset="dtm", entrants=8, seed=5, owner=organizer, rounds=1).event


def test_every_simulated_hand_keeps_the_bots_record_of_its_very_entry(event):
    hands = list(Hand.objects.filter(table__round__event=event))
    assert len(hands) == 8
    for stored in hands:
        assert replay(stored.play_record).as_entry() == stored.entry


def another_table_hand(event, seed=1):
    """A table of the event with hand 4 taken back (its slot free), and a bots' hand."""
    table = event.rounds.get().tables.first()
    Hand.objects.filter(table=table, number=4).delete()
    return table, play_hand(event.format.rules, seed=seed)


def record_hand_4(event, table, entry, play_record):
    """The organizer enters hand 4 again (``another_table_hand``), with a bots' record."""
    return hand_record(
        table_id=table.pk,
        number=4,
        entry=entry,
        actor=Actor.organizer(event.owner),
        reason="a hand taken back",
        play_record=play_record,
    )


def test_a_record_of_another_hand_is_refused_and_nothing_is_written(event):
    table, played = another_table_hand(event)
    other = play_hand(event.format.rules, seed=2)
    assert other.entry != played.entry
    with pytest.raises(ServiceError) as refusal:
        record_hand_4(event, table, played.entry, other.record)
    assert refusal.value.code == "invalid_play_record"
    assert "another score" in str(refusal.value)
    assert not Hand.objects.filter(table=table, number=4).exists()


def test_a_record_under_other_rules_or_with_an_illegal_action_is_refused(event):
    table, played = another_table_hand(event)
    other_rules = play_hand(Rules(double_victory_points=200), seed=1).record
    tampered = copy.deepcopy(played.record)
    tampered["actions"][0]["seat"] = 9
    for record, words in ((other_rules, "other rules"), (tampered, "Action 1")):
        with pytest.raises(ServiceError) as refusal:
            record_hand_4(event, table, played.entry, record)
        assert words in str(refusal.value)
    outcome = record_hand_4(event, table, played.entry, played.record)
    assert Hand.objects.get(pk=outcome.hand.pk).play_record == played.record


def test_a_correction_keeps_only_the_record_it_is_given(event, organizer):
    stored = Hand.objects.filter(table__round__event=event).order_by("pk").first()
    entry = {"card_points": [50, 50], "finish_order": [0]}
    assert stored.entry != entry and stored.play_record is not None
    hand_correct(
        hand_id=stored.pk,
        entry=entry,
        actor=Actor.organizer(organizer),
        reason="typo",
    )
    assert Hand.objects.get(pk=stored.pk).play_record is None


def test_a_backup_carries_the_records_and_checks_them_again(organizer, tmp_path):
    event = simulate_event(preset="dtm", entrants=8, seed=7, owner=organizer, rounds=1).event
    document = event_export(event.pk)
    records = [
        h["play_record"] for r in document["rounds"] for t in r["tables"] for h in t["hands"]
    ]
    assert all(records) and len(records) == 8
    delete_after_the_workers(event, people=False)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    call_command("import_event", str(path))
    restored = sorted(
        Hand.objects.filter(table__round__event=Event.objects.get()).order_by(
            "table__number", "number"
        ),
        key=lambda h: (h.table.number, h.number),
    )
    assert [h.play_record for h in restored] == records


def test_a_tampered_record_in_a_backup_is_refused_at_its_place(backup, tmp_path):  # noqa: F811
    record = hand(backup, table=1, index=2)["play_record"]
    play = next(i for i, a in enumerate(record["actions"]) if a["action"] == "play")
    record["actions"][play]["cards"] = "DR"
    message = refused(tmp_path, backup)
    assert f"rounds[0].tables[1].hands[2].play_record: Action {play + 1} (" in message


def test_a_backup_without_records_still_restores(backup, tmp_path):  # noqa: F811
    for r in backup["rounds"]:
        for t in r["tables"]:
            for h in t["hands"]:
                del h["play_record"]  # a backup made before records were kept
    path = tmp_path / "event.json"
    path.write_text(json.dumps(backup))
    call_command("import_event", str(path))
    assert not Hand.objects.filter(play_record__isnull=False).exists()
    assert Hand.objects.count() == 8
