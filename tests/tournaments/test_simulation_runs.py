"""A simulated round recomputes the standings once its hands are in, not after each hand: the
demo and every test that plays an event paid a recomputation per hand where the tasks run in
process."""

import pytest

from tests.conftest import wait_for_standings
from tournaments.models import Round
from tournaments.simulation import simulate_event
from tournaments.standings import schedule
from tournaments.standings.compute import compute

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_simulated_round_sends_one_standings_run_not_one_per_hand(organizer, monkeypatch):
    real = schedule._worker
    assert real is not None
    sent: list[int] = []

    class Counted:
        """The real task, its runs counted."""

        def delay(self, event_id: int) -> object:
            sent.append(event_id)
            return real.delay(event_id)

    monkeypatch.setattr(schedule, "_worker", Counted())
    simulation = simulate_event(preset="dtm", entrants=12, seed=4, owner=organizer, rounds=3)
    event = simulation.event
    assert simulation.hands == 3 * 3 * 4
    # per round: its pairing, its publication and its hands; and the registration
    assert len(sent) <= 3 * 3 + 1 < simulation.hands
    wait_for_standings(event)
    assert list(event.rounds.values_list("status", flat=True)) == [Round.Status.COMPLETE] * 3
    lines, _results = compute(event)
    stored = event.standings.values_list("entrant_id", "victory_points", "tichu_points")
    assert set(stored) == {
        (line.entrant_id, line.victory_points, line.tichu_points) for line in lines
    }
