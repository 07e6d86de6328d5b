"""Celery tasks. They only call services; the rules live there.

Tasks are idempotent and acknowledged late (settings), so a worker killed in the middle of a
recomputation leaves the message on the broker and the next run corrects the standings.
"""

from celery import shared_task

from .services import rounds
from .standings import compute, schedule


@shared_task(name="tournaments.tasks.recompute_standings", acks_late=True)
def recompute_standings(event_id: int) -> None:
    """Recompute one event's standings (scheduled after each committed change, coalesced)."""
    schedule.clear_pending(event_id)
    compute.refresh(event_id)
    rounds.complete_finished_rounds(event_id)


@shared_task(name="tournaments.tasks.catch_up_standings")
def catch_up_standings() -> int:
    """Schedule every event whose standings are stale (periodic, e.g. after the broker was down)."""
    return sum(schedule.schedule(event_id) for event_id in schedule.stale_event_ids())
