"""Fixtures for the pages: events built through the services, standings computed directly."""

from __future__ import annotations

import pytest

from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.simulation import simulate_event
from tournaments.services.standings import refresh


def played(owner, entrants: int, rounds: int = 2, seed: int = 3, preset: str = "dtm"):
    """An event whose rounds were all played by the engine's bots, standings stored."""
    event = simulate_event(preset=preset, entrants=entrants, seed=seed, owner=owner,
                           rounds=rounds, name=f"Played {entrants}").event
    refresh(event.pk)
    event.refresh_from_db()
    return event


@pytest.fixture
def played_event(organizer):
    return played(organizer, 8)


@pytest.fixture
def running_event(organizer):
    """A DTM event of 8 with round 1 published and no hand entered yet."""
    event = event_create(owner=organizer, name="Club evening", preset="dtm", seed=11)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=["Anna", "Ben", "Clara", "David", "Emma", "Felix",
                                         "Greta", "Hannes"], actor=actor)
    round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    refresh(event.pk)
    event.refresh_from_db()
    return event


@pytest.fixture
def table(running_event):
    return running_event.rounds.get(number=1).tables.order_by("number").first()


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def other_client(client, other_organizer):
    client.force_login(other_organizer)
    return client


# A valid DTM hand: seat 0 called Tichu and went out first; team A 70 card points.
GOOD_HAND = {"number": "1", "call_0": "tichu", "first_out": "0", "cp_0": "70"}
