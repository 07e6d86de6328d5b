"""A duplicate event's backup (``export_event`` / ``import_event``): the passes the tables
recorded and the organizer's artificial results come back, so the restored boards score as
before; a backup's passes of a card the board never dealt, and artificial results the service
never gives, are refused at their place with nothing written."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import delete_after_the_workers, wait_for_standings
from tournaments.models import ArtificialResult, BoardScore, Event, Hand
from tournaments.services.backup import event_export
from tournaments.services.duplicate import artificial_result_set
from tournaments.services.history import Actor
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def played(organizer):
    """Six pairs, one round of three boards played by the bots (passes recorded), and board 2
    at table 1 given average plus / average minus by the organizer."""
    event = simulate_event(preset="duplicate", entrants=6, seed=3, owner=organizer, rounds=1).event
    table = event.rounds.get().tables.get(number=1)
    artificial_result_set(
        table_id=table.pk,
        number=2,
        ns="average_plus",
        ew="average_minus",
        actor=Actor.organizer(organizer),
    )
    wait_for_standings(event)
    return event


def scores(event: Event) -> list[tuple]:
    return sorted(
        BoardScore.objects.filter(event=event).values_list(
            "entrant__name", "board", "direction", "result", "artificial", "value"
        )
    )


def passes_of(event: Event) -> list[tuple]:
    hands = Hand.objects.filter(table__round__event=event).order_by("table__number", "number")
    return list(hands.values_list("table__number", "number", "passes"))


def test_passes_and_artificial_results_come_back_and_score_as_before(played, tmp_path):
    before = scores(played)
    passes = passes_of(played)
    assert before and all(kept for _, _, kept in passes)  # the bots record their passes
    path = tmp_path / "duplicate.json"
    call_command("export_event", str(played.pk), "-o", str(path))
    document = json.loads(path.read_text())
    assert document["rounds"][0]["tables"][0]["artificial"] == [
        {"number": 2, "ns": "average_plus", "ew": "average_minus"}
    ]
    delete_after_the_workers(played, people=False)
    call_command("import_event", str(path))
    restored = Event.objects.get()
    assert scores(restored) == before
    assert passes_of(restored) == passes
    assert ArtificialResult.objects.get().table.number == 1


@pytest.fixture
def document(played):
    exported = event_export(played.pk)
    delete_after_the_workers(played, people=True)
    return exported


def refused(tmp_path, document) -> str:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path))
    assert not Event.objects.exists() and not Hand.objects.exists()
    return str(refusal.value).removeprefix("nothing imported: ")


def test_passes_of_a_card_the_board_never_dealt_are_refused_at_their_place(document, tmp_path):
    hand = document["rounds"][0]["tables"][1]["hands"][0]
    giver = hand["passes"]["0"]
    taken = set(giver.values())
    other = next(
        card for passes in hand["passes"].values() for card in passes.values() if card not in taken
    )  # a card another seat held: not dealt to seat 0 on this board
    giver[next(iter(giver))] = other
    message = refused(tmp_path, document)
    assert message.startswith("rounds[0].tables[1].hands[0].passes: ")


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda row: row.update(ns="average_maximum"), "artificial[0].ns"),
        (lambda row: row.update(number=4), "artificial[0].number"),  # 3 boards a round
    ],
)
def test_an_artificial_result_the_service_never_gives_is_refused(document, tmp_path, change, place):
    change(document["rounds"][0]["tables"][0]["artificial"][0])
    assert refused(tmp_path, document).startswith(f"rounds[0].tables[0].{place}: ")
