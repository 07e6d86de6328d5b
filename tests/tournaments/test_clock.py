"""The round clock (issue 23): started, paused, let go on, extended and taken back through
``services.clock``, each change in the history with who made it; the time left counted on the
server from the moment asked about (``tournaments.clock``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments.clock import clock_of
from tournaments.models import Change, Round
from tournaments.services.clock import (
    clock_extend,
    clock_pause,
    clock_reset,
    clock_resume,
    clock_start,
)
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor, Conflict, ServiceError
from tournaments.services.rounds import event_finish_now, round_pair, round_publish

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0)


def at(seconds: int):
    return T0 + timedelta(seconds=seconds)


@pytest.fixture
def actor(organizer):
    return Actor.organizer(organizer)


@pytest.fixture
def draft(organizer, actor):
    event = event_create(owner=organizer, name="Clock", preset="dtm", seed=5)
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    return round_pair(event_id=event.pk, actor=actor)


@pytest.fixture
def rnd(draft, actor):
    return round_publish(round_id=draft.pk, actor=actor)


def clock(rnd, seconds):
    return clock_of(Round.objects.get(pk=rnd.pk), at(seconds))


def test_a_round_without_a_started_clock_has_none(rnd):
    assert clock_of(rnd) is None


def test_the_clock_counts_down_from_its_start(rnd, actor):
    clock_start(round_id=rnd.pk, minutes=60, actor=actor, now=at(0))
    assert clock(rnd, 0).seconds_left == 3600 and clock(rnd, 0).state == "running"
    later = clock(rnd, 125)
    assert (later.seconds_left, later.minutes_left, later.digits) == (3475, 58, "57:55")
    over = clock(rnd, 3600 + 30)
    assert (over.state, over.seconds_left) == ("over", 0)


def test_a_paused_clock_keeps_its_time_and_goes_on_from_it(rnd, actor):
    clock_start(round_id=rnd.pk, minutes=10, actor=actor, now=at(0))
    clock_pause(round_id=rnd.pk, actor=actor, now=at(100))
    assert clock(rnd, 100).seconds_left == 500
    assert clock(rnd, 900).seconds_left == 500 and clock(rnd, 900).state == "paused"
    clock_resume(round_id=rnd.pk, actor=actor, now=at(900))
    assert clock(rnd, 960).seconds_left == 440 and clock(rnd, 960).state == "running"


def test_an_extension_adds_to_the_time_left_also_once_it_is_up(rnd, actor):
    clock_start(round_id=rnd.pk, minutes=10, actor=actor, now=at(0))
    clock_extend(round_id=rnd.pk, minutes=5, actor=actor, now=at(60))
    assert clock(rnd, 60).seconds_left == 840 and clock(rnd, 60).duration == 900
    clock_extend(round_id=rnd.pk, minutes=2, actor=actor, now=at(2000))  # time was up
    assert clock(rnd, 2000).seconds_left == 120 and clock(rnd, 2000).duration == 1020
    clock_pause(round_id=rnd.pk, actor=actor, now=at(2010))
    clock_extend(round_id=rnd.pk, minutes=1, actor=actor, now=at(2500))
    assert clock(rnd, 2600).seconds_left == 170 and clock(rnd, 2600).state == "paused"


def test_taking_the_clock_back_lets_it_start_anew(rnd, actor):
    clock_start(round_id=rnd.pk, minutes=10, actor=actor, now=at(0))
    with pytest.raises(Conflict) as refused:
        clock_start(round_id=rnd.pk, minutes=20, actor=actor, now=at(5))
    assert refused.value.code == "clock_started"
    clock_reset(round_id=rnd.pk, actor=actor, now=at(10))
    assert clock(rnd, 10) is None
    clock_start(round_id=rnd.pk, minutes=20, actor=actor, now=at(20))
    assert clock(rnd, 20).seconds_left == 1200


@pytest.mark.parametrize(
    "action, code",
    [
        (clock_pause, "clock_not_started"),
        (clock_resume, "clock_not_started"),
        (clock_reset, "clock_not_started"),
    ],
)
def test_a_clock_not_started_cannot_be_paused_or_taken_back(rnd, actor, action, code):
    with pytest.raises(Conflict) as refused:
        action(round_id=rnd.pk, actor=actor)
    assert refused.value.code == code


def test_pause_and_go_on_only_from_the_other_state(rnd, actor):
    clock_start(round_id=rnd.pk, minutes=10, actor=actor)
    with pytest.raises(Conflict, match="not paused"):
        clock_resume(round_id=rnd.pk, actor=actor)
    clock_pause(round_id=rnd.pk, actor=actor)
    with pytest.raises(Conflict, match="already paused"):
        clock_pause(round_id=rnd.pk, actor=actor)


@pytest.mark.parametrize("minutes", [0, -5, 601, "10", 2.5, True, None])
def test_the_minutes_are_whole_and_bounded(rnd, actor, minutes):
    with pytest.raises(ServiceError) as refused:
        clock_start(round_id=rnd.pk, minutes=minutes, actor=actor)
    assert refused.value.field == "minutes"
    assert clock_of(Round.objects.get(pk=rnd.pk)) is None


def test_no_clock_for_a_draft_or_a_finished_event(draft, actor):
    with pytest.raises(Conflict) as refused:
        clock_start(round_id=draft.pk, minutes=10, actor=actor)
    assert refused.value.code == "round_not_running"
    round_publish(round_id=draft.pk, actor=actor)
    event_finish_now(
        event_id=draft.event_id,
        actor=actor,
        closing={table.pk: ("averaged", None) for table in draft.tables.all()},
    )
    with pytest.raises(Conflict) as refused:
        clock_start(round_id=draft.pk, minutes=10, actor=actor)
    assert refused.value.code == "event_finished"


def test_every_change_of_the_clock_is_in_the_history_with_who_made_it(rnd, actor, other_organizer):
    helper = Actor.helper(other_organizer)
    clock_start(round_id=rnd.pk, minutes=45, actor=actor, now=at(0))
    clock_pause(round_id=rnd.pk, actor=helper, now=at(300))
    clock_extend(round_id=rnd.pk, minutes=5, actor=helper, now=at(400))
    rows = list(
        Change.objects.filter(
            subject="round", subject_id=rnd.pk, action__startswith="clock_"
        ).order_by("id")
    )
    assert [(row.action, row.actor) for row in rows] == [
        ("clock_start", "organizer:orga"),
        ("clock_pause", "helper:other"),
        ("clock_extend", "helper:other"),
    ]
    assert rows[1].old["seconds_left"] == 2400 and rows[1].new["state"] == "paused"
    assert rows[2].new == {"number": 1, "state": "paused", "seconds_left": 2700, "duration": 3000}
