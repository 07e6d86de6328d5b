"""Fixtures for the domain tests: events with a published round seated by hand (no pairing)."""

import pytest
from django.db import transaction

from tournaments.models import Round, Seat, Table
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import complete_finished_rounds, table_close


@transaction.atomic  # as the pairing service does: a worker never sees a round without tables
def seated_round(event, entrants, number=1, status=Round.Status.PUBLISHED):
    """A round whose tables seat ``entrants`` four by four, in order."""
    rnd = Round.objects.create(event=event, number=number, seed=number, status=status)
    for index in range(0, len(entrants) - len(entrants) % 4, 4):
        table = Table.objects.create(round=rnd, number=index // 4 + 1)
        for position, entrant in enumerate(entrants[index : index + 4]):
            Seat.objects.create(table=table, position=position, entrant=entrant)
    return rnd


def close_last_table(rnd, actor: Actor) -> Table:
    """Every table of a DTM round plays its four hands but the last, which plays two and is
    closed as forfeited; the round is then complete (as the worker marks it)."""
    *played, last = rnd.tables.order_by("number")
    for table in played:
        for number in range(1, 5):
            hand_record(
                table_id=table.pk,
                number=number,
                entry={"card_points": [60, 40]},
                actor=Actor.captain(table),
            )
    for number in (1, 2):
        hand_record(
            table_id=last.pk,
            number=number,
            entry={"card_points": [60, 40]},
            actor=Actor.captain(last),
        )
    table_close(
        table_id=last.pk,
        status=Table.Status.FORFEITED,
        forfeited_by=1,
        actor=actor,
        reason="no show",
    )
    complete_finished_rounds(rnd.event_id)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE
    return last


@pytest.fixture
def dtm_event(organizer):
    event = event_create(owner=organizer, name="Club evening", preset="dtm", seed=7)
    players_register(
        event=event, names=[f"P{i}" for i in range(8)], actor=Actor.organizer(organizer)
    )
    return event


@pytest.fixture
def dtm_round(dtm_event):
    return seated_round(dtm_event, list(dtm_event.entrants.order_by("pk")))
