"""Finished events of one register, with overlapping fields: the same seed draws the same names
first, so the 8 of the smaller event also play in the larger one (an exact name links to the
same person)."""

from __future__ import annotations

import pytest

from tests.conftest import wait_until_no_run_is_pending
from tournaments.models import Event
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish
from tournaments.simulation import simulate_event


def finished(organizer, entrants: int, *, preset: str = "dtm", seed: int = 7, **kwargs) -> Event:
    simulation = simulate_event(
        preset=preset, entrants=entrants, seed=seed, owner=organizer, rounds=1, **kwargs
    )
    event = event_finish(event_id=simulation.event.pk, actor=Actor.organizer(organizer))
    wait_until_no_run_is_pending(event)  # the standings as finished, no run to come
    return event


@pytest.fixture
def season(organizer) -> list[Event]:
    """Two finished DTM evenings of the organizer's register: 8 players, then 12 (the 8 again)."""
    return [finished(organizer, 8, name="Evening 1"), finished(organizer, 12, name="Evening 2")]
