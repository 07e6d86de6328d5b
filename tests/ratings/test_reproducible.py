"""The ratings the worker keeps after each change of a register equal the register rated from
scratch: hands entered and corrected, a team's line-up changed after its hands, a merge, the
merge undone, an erasure. Live mode runs a real worker; the embedded mode rates at the commit."""

from __future__ import annotations

import pytest

from tests.conftest import LIVE, wait_for_ratings, wait_until_no_run_is_pending
from tournaments.models import Event, Hand, Player, Rating, RatingPoint, Register, Seat
from tournaments.ratings.store import refresh
from tournaments.services.events import event_create, players_register, teams_register
from tournaments.services.hands import hand_correct, hand_record
from tournaments.services.history import Actor
from tournaments.services.lineups import rosters, seats_lineup
from tournaments.services.people import merge_undo, person_erase, person_merge
from tournaments.services.rounds import round_pair, round_publish

REGULARS = ["Anna Alt", "Ben Bauer", "Clara Cramer", "David Dorn", "Emil Esser", "Frida Fuchs"]


def _played(event: Event, hands: int = 4) -> None:
    """A round paired, published and played: each table's hands with margins that differ by
    table and hand, so that every person's rating moves."""
    actor = Actor.organizer(event.owner)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    for table in rnd.tables.order_by("number"):
        for number in range(1, hands + 1):
            points = (15 * table.number + 35 * number) % 100 + 5 * (number % 2)
            hand_record(
                table_id=table.pk,
                number=number,
                entry={"card_points": [points, 100 - points]},
                actor=Actor.captain(table),
            )


def _stored(register_id: int) -> tuple[list[tuple], list[tuple]]:
    """The register's rating rows, to the last bit."""
    ratings = Rating.objects.filter(register_id=register_id).order_by("person_id")
    points = RatingPoint.objects.filter(person__register_id=register_id).order_by(
        "person_id", "event_id"
    )
    return (
        list(ratings.values_list("person_id", "mu", "sigma", "hands")),
        list(points.values_list("person_id", "event_id", "mu", "sigma", "hands")),
    )


def _settled(register_id: int) -> tuple[list[tuple], list[tuple]]:
    """What the workers stored once they are done with every change of the register."""
    for event in Event.objects.filter(register_id=register_id):
        wait_until_no_run_is_pending(event)
    wait_for_ratings(register_id)
    if LIVE:  # a rating run sent after the last change may still be writing the same rows
        from tests.conftest import _wait_until_idle
        from tichu_site.celery import app

        _wait_until_idle(app, None)
    register = Register.objects.get(pk=register_id)
    assert register.ratings_seq == register.change_seq
    return _stored(register_id)


def _assert_as_from_scratch(register_id: int) -> tuple[list[tuple], list[tuple]]:
    kept = _settled(register_id)
    assert kept[0], "nobody rated"
    assert refresh(register_id, full=True)
    assert _stored(register_id) == kept
    return kept


@pytest.mark.django_db(transaction=True)
def test_the_kept_ratings_equal_a_rating_from_scratch_after_each_change(organizer):
    actor = Actor.organizer(organizer)
    first = event_create(owner=organizer, name="First evening", preset="dtm", seed=5)
    players_register(event=first, names=[*REGULARS, "Yvonne Ypsilon", "Xaver Xu"], actor=actor)
    _played(first)
    register_id = first.register_id
    states = [_assert_as_from_scratch(register_id)]

    second = event_create(owner=organizer, name="Second evening", preset="dtm", seed=6)
    players_register(event=second, names=[*REGULARS, "Zacharias Zett", "Wanda Weiss"], actor=actor)
    _played(second)
    states.append(_assert_as_from_scratch(register_id))

    cup = event_create(owner=organizer, name="Team cup", preset="team_swiss", seed=7)
    teams_register(
        event=cup,
        teams=[(f"Team {i}", [f"Member {i}a", f"Member {i}b", f"Member {i}c"]) for i in range(4)],
        actor=actor,
    )
    _played(cup, hands=2)
    states.append(_assert_as_from_scratch(register_id))

    # the organizer names who really played a team's seats, after the table's hands
    seat = Seat.objects.filter(table__round__event=cup, position=0).select_related("entrant")[0]
    team = rosters([seat.entrant_id])[seat.entrant_id]
    seats_lineup(table_id=seat.table_id, team=0, player_ids=[team[0], team[2]], actor=actor)
    states.append(_assert_as_from_scratch(register_id))
    assert Rating.objects.get(person_id=team[2]).hands == 2
    assert not Rating.objects.filter(person_id=team[1]).exists()

    hand = Hand.objects.filter(table__round__event=first).order_by("id")[0]
    hand_correct(
        hand_id=hand.pk, entry={"card_points": [100, 0]}, actor=actor, reason="misread sheet"
    )
    states.append(_assert_as_from_scratch(register_id))

    merge = person_merge(
        kept=Player.objects.get(name="Yvonne Ypsilon"),
        merged=Player.objects.get(name="Zacharias Zett"),
        actor=actor,
    )
    states.append(_assert_as_from_scratch(register_id))
    merge_undo(merge, actor=actor)
    states.append(_assert_as_from_scratch(register_id))
    assert states[-1] == states[-3], "the undo restores the ratings before the merge"

    person_erase(Player.objects.get(name="Wanda Weiss"), actor=actor)
    states.append(_assert_as_from_scratch(register_id))
    assert states[-1] == states[-2], "an erasure keeps the results, and so the ratings"
    assert all(before != after for before, after in zip(states[:-2], states[1:-1], strict=True))
