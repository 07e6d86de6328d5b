"""Fixtures for the domain tests: events with a published round seated by hand (no pairing)."""

import pytest
from django.db import transaction

from tournaments.models import Round, Seat, Table
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor


@transaction.atomic  # as the pairing service does: a worker never sees a round without tables
def seated_round(event, entrants, number=1, status=Round.Status.PUBLISHED):
    """A round whose tables seat ``entrants`` four by four, in order."""
    rnd = Round.objects.create(event=event, number=number, seed=number, status=status)
    for index in range(0, len(entrants) - len(entrants) % 4, 4):
        table = Table.objects.create(round=rnd, number=index // 4 + 1)
        for position, entrant in enumerate(entrants[index:index + 4]):
            Seat.objects.create(table=table, position=position, entrant=entrant)
    return rnd


@pytest.fixture
def dtm_event(organizer):
    event = event_create(owner=organizer, name="Club evening", preset="dtm", seed=7)
    players_register(event=event, names=[f"P{i}" for i in range(8)],
                     actor=Actor.organizer(organizer))
    return event


@pytest.fixture
def dtm_round(dtm_event):
    return seated_round(dtm_event, list(dtm_event.entrants.order_by("pk")))
