"""Rating a register and storing it: ``Rating`` per person, ``RatingPoint`` per person and event.

Always from scratch: the register's hands (``observations``) go through the model's chain of
events (``model.history``) and every stored row of the register is replaced, so a register rated
twice from the same hands has the same rows, whatever was stored before (a merge undone, a hand
corrected in an old event). Stored in TP (``model.SCALE``): ``mu`` is what a person adds to their
side's margin in a hand over an average player of the register, ``sigma`` its uncertainty.
The bookkeeping is the standings' (``Register.change_seq`` counts changes, ``ratings_seq`` the
change the stored rows reflect).
"""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone

from ..models import Event, Rating, RatingPoint, Register
from . import model
from .observations import register_hands


def refresh(register_id: int, *, full: bool = False) -> bool:
    """Rate the register if a change came since its last rating (or ``full``); True if it did.

    The ratings are computed outside the transaction (they only read committed hands); the
    rows are replaced in one transaction holding the register's row, so two runs never
    interleave their writes, and the later run's reading stands. The register's events are
    held first (``_hold_events``).
    """
    seqs = Register.objects.filter(pk=register_id).values_list("change_seq", "ratings_seq").first()
    if seqs is None or (seqs[0] == seqs[1] and not full):
        return False
    seq = seqs[0]
    register = Register.objects.get(pk=register_id)
    hands = register_hands(register)
    fits = model.history([observations for _, observations in hands.events], len(hands.people))
    with transaction.atomic():
        _hold_events(register_id)
        Register.objects.select_for_update(no_key=True).filter(pk=register_id).first()
        Rating.objects.filter(register_id=register_id).delete()
        RatingPoint.objects.filter(person__register_id=register_id).delete()
        if fits:
            Rating.objects.bulk_create(_ratings(register_id, hands.people, fits[-1]))
            RatingPoint.objects.bulk_create(_points(hands.people, hands.events, fits))
        Register.objects.filter(pk=register_id, ratings_seq__lt=seq).update(
            ratings_seq=seq, ratings_computed_at=timezone.now()
        )
    return True


def _hold_events(register_id: int) -> None:
    """Take now the share locks that the new rating points' references to their events take at
    the commit (PostgreSQL checks Django's foreign keys then, ``FOR KEY SHARE``), before the
    register's row. A service that locks an event exclusively and then bumps its register's
    counter (a line-up changed after the hands began) would otherwise hold the event while
    waiting for the register, and this run the register while waiting for the event: a
    deadlock (``tests/reliability/test_locking.py``). Taken first, this run waits for the service
    and the service never waits for it. SQLite has one writer and no row locks."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id FROM {connection.ops.quote_name(Event._meta.db_table)} "
            "WHERE register_id = %s ORDER BY id FOR KEY SHARE",
            [register_id],
        )


def _ratings(register_id: int, people: list[int], fit: model.Fit) -> list[Rating]:
    return [
        Rating(
            register_id=register_id,
            person_id=person,
            mu=float(fit.mu[index] * model.SCALE),
            sigma=float(fit.sigma[index] * model.SCALE),
            hands=int(fit.hands[index]),
        )
        for index, person in enumerate(people)
    ]


def _points(people: list[int], events: list, fits: list[model.Fit]) -> list[RatingPoint]:
    """A point for each person after each event they played hands in."""
    points = []
    before = None
    for (event_id, _), fit in zip(events, fits, strict=True):
        played = fit.hands if before is None else fit.hands - before
        for index in played.nonzero()[0]:
            points.append(
                RatingPoint(
                    person_id=people[index],
                    event_id=event_id,
                    mu=float(fit.mu[index] * model.SCALE),
                    sigma=float(fit.sigma[index] * model.SCALE),
                    hands=int(fit.hands[index]),
                )
            )
        before = fit.hands
    return points
