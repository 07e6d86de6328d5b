"""The ratings follow the register's changes: a hand entered, a person merged and unmerged."""

import time

import pytest

from tests.conftest import wait_until_no_run_is_pending
from tournaments import tasks
from tournaments.models import Player, Rating, RatingPoint, Register
from tournaments.ratings import schedule as ratings_schedule
from tournaments.ratings.store import refresh
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.people import merge_undo, person_merge
from tournaments.services.rounds import round_pair, round_publish


def rated(register_id: int, people: int, timeout: float = 60) -> Register:
    """The register once ``people`` are rated and its ratings reflect every change: at once in
    embedded mode (the tasks run at the commit), after the workers' runs in live mode."""
    deadline = time.monotonic() + timeout
    while True:
        register = Register.objects.get(pk=register_id)
        done = register.change_seq and register.ratings_seq == register.change_seq
        if done and Rating.objects.filter(register=register).count() == people:
            return register
        assert time.monotonic() < deadline, "the ratings stayed stale"
        time.sleep(0.1)


@pytest.mark.django_db(transaction=True)
def test_the_worker_rates_the_register_after_a_hand(organizer):
    event = event_create(owner=organizer, name="Evening", preset="dtm", seed=1)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=["Anna", "Ben", "Clara", "David"], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    table = rnd.tables.get()
    assert not Rating.objects.exists()
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [80, 20]}, actor=Actor.captain(table)
    )
    register = rated(event.register_id, 4)
    assert register.change_seq >= 1
    seats = {s.position: s.entrant.player_id for s in table.seats.select_related("entrant")}
    ratings = {r.person_id: r for r in Rating.objects.all()}
    assert set(ratings) == set(seats.values())
    winners = [ratings[seats[p]] for p in (0, 2)]
    losers = [ratings[seats[p]] for p in (1, 3)]
    assert min(r.mu for r in winners) > 0 > max(r.mu for r in losers)
    assert all(r.hands == 1 for r in ratings.values())
    assert RatingPoint.objects.filter(event=event).count() == 4


NAMES = [
    "Anna Alt",
    "Ben Bauer",
    "Clara Cramer",
    "David Dorn",
    "Emil Esser",
    "Frida Fuchs",
    "Gus Gold",
]


def played_event(organizer, name: str, last: str):
    """An event of seven regulars and ``last``, one round of four hands played."""
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name=name, preset="dtm", seed=3)
    players_register(event=event, names=[*NAMES, last], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    for table in rnd.tables.all():
        for number in range(1, 5):
            hand_record(
                table_id=table.pk,
                number=number,
                entry={"card_points": [30 + 10 * number, 70 - 10 * number]},
                actor=Actor.captain(table),
            )
    return event


@pytest.mark.django_db
def test_a_merge_and_its_undo_rate_the_register_anew(organizer):
    first = played_event(organizer, "First evening", "Yvonne Ypsilon")
    second = played_event(organizer, "Second evening", "Zacharias Zett")
    register = first.register
    kept = Player.objects.get(name="Yvonne Ypsilon")
    merged = Player.objects.get(name="Zacharias Zett")
    seq = Register.objects.get(pk=register.pk).change_seq
    merge = person_merge(kept=kept, merged=merged, actor=Actor.organizer(organizer))
    assert Register.objects.get(pk=register.pk).change_seq == seq + 1
    assert refresh(register.pk)
    assert not Rating.objects.filter(person=merged).exists()
    assert Rating.objects.get(person=kept).hands == 8
    assert set(RatingPoint.objects.filter(person=kept).values_list("event_id", flat=True)) == {
        first.pk,
        second.pk,
    }
    merge_undo(merge, actor=Actor.organizer(organizer))
    assert Register.objects.get(pk=register.pk).change_seq == seq + 2
    assert refresh(register.pk)
    assert Rating.objects.get(person=kept).hands == 4
    assert Rating.objects.get(person=merged).hands == 4
    assert Rating.objects.get(person__name="Anna Alt").hands == 8


@pytest.mark.django_db(transaction=True)
def test_the_catch_up_rates_a_register_left_stale(organizer):
    """A run lost with its worker or the broker: the periodic sweep sends it again."""
    event = played_event(organizer, "Evening", "Yvonne Ypsilon")
    wait_until_no_run_is_pending(event)  # no standings run left to mark the ratings stale
    seq = rated(event.register_id, 8).change_seq
    Register.objects.filter(pk=event.register_id).update(change_seq=seq + 5)
    ratings_schedule.clear_pending(event.register_id)
    assert ratings_schedule.stale_register_ids() == [event.register_id]
    assert tasks.catch_up_ratings() == 1
    register = rated(event.register_id, 8)
    assert register.ratings_seq == seq + 5 and register.ratings_computed_at is not None
    assert tasks.catch_up_ratings() == 0
