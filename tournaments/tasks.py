"""Celery tasks. They only call services; the rules live there.

Tasks are idempotent and acknowledged late (settings), so a worker killed in the middle of a
recomputation leaves the message on the broker and the next run corrects the standings.
"""

from celery import shared_task

from .ratings import schedule as ratings_schedule
from .ratings import store as ratings_store
from .services import rounds
from .standings import compute, schedule


@shared_task(name="tournaments.tasks.recompute_standings", acks_late=True)
def recompute_standings(event_id: int) -> None:
    """Recompute one event's standings (scheduled after each committed change, coalesced)."""
    schedule.clear_pending(event_id)
    if compute.refresh(event_id):
        ratings_schedule.event_changed(event_id)
    rounds.complete_finished_rounds(event_id)


@shared_task(name="tournaments.tasks.catch_up_standings")
def catch_up_standings() -> int:
    """Schedule every event whose standings are stale (periodic, e.g. after the broker was down)."""
    return sum(schedule.schedule(event_id) for event_id in schedule.stale_event_ids())


@shared_task(name="tournaments.tasks.rate_register", acks_late=True)
def rate_register(register_id: int) -> None:
    """Rate a register's people from scratch (scheduled after its events' hands or its people
    changed, coalesced: ``ratings.schedule``)."""
    ratings_schedule.clear_pending(register_id)
    ratings_store.refresh(register_id)


@shared_task(name="tournaments.tasks.catch_up_ratings")
def catch_up_ratings() -> int:
    """Schedule every register whose ratings are stale (periodic, as the standings' catch-up)."""
    return sum(
        ratings_schedule.schedule(register_id)
        for register_id in ratings_schedule.stale_register_ids()
    )
