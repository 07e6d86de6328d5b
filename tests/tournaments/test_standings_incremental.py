"""Incremental standings: after each hand or correction the worker updates only what the changed
table touches, and the result is exactly what a full recomputation stores and ``compute`` derives.

Random hands and corrections over several formats (per-hand VP, per-round VP, teams, tie-break
chains, byes); after each change: stored (incremental) == full recomputation == computed.
"""

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import F

from tests.conftest import (
    delete_after_the_workers,
    wait_for_standings,
    wait_until_no_run_is_pending,
)
from tournaments import selectors, tasks
from tournaments.models import Event, Hand, RoundResult, Seat, StandingRow, StandingsChange
from tournaments.services.events import (
    entrant_withdraw,
    event_create,
    players_register,
    team_register,
)
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish, round_regenerate
from tournaments.standings import compute as standings
from tournaments.standings import schedule
from tournaments.standings.sql import _floor_div

pytestmark = pytest.mark.django_db(transaction=True)

FORMATS = {
    "dtm with byes": ("dtm", {}, 10),
    "tie-break chain": (
        "dtm",
        {"tiebreaks": ["double_victories", "tichu_calls_made", "tichu_points"]},
        9,
    ),
    "per-round VP": ("dtm", {"vp_scheme": "round", "hands_per_round": 3}, 8),
    "no bye credit": ("dtm", {"bye_credit": "none"}, 11),
    "teams": ("team_swiss", {}, 5),
    "opponents' VP (always full)": ("dtm", {"tiebreaks": ["opponent_victory_points"]}, 8),
}


def random_entry(rng: random.Random) -> dict:
    """A valid DTM score entry: card points, calls made or failed, now and then a double victory."""
    kind = rng.random()
    if kind < 0.15:
        team = rng.randrange(2)
        return {"double_victory": team, "finish_order": [team, team + 2]}
    entry = {"card_points": [(points := rng.randrange(-5, 26) * 5), 100 - points]}
    if kind < 0.45:
        caller = rng.randrange(4)
        first = caller if rng.random() < 0.5 else (caller + 1) % 4
        entry.update(calls={str(caller): "tichu"}, finish_order=[first])
    return entry


def stored(event) -> tuple[list, list]:
    rows = sorted(
        selectors.standing_rows(event).values_list(  # position: compute's rank
            "entrant_id",
            "position",
            "victory_points",
            "tichu_points",
            "hands_played",
            "byes",
            "adjustment_vp",
            "adjustment_tp",
            "tiebreaks",
        )
    )
    results = sorted(
        RoundResult.objects.filter(round__event=event).values_list(
            "round_id",
            "entrant_id",
            "victory_points",
            "tichu_points",
            "hands_played",
            "bye",
            "adjustment_vp",
            "adjustment_tp",
        )
    )
    return rows, results


def computed(event) -> tuple[list, list]:
    lines, results = standings.compute(Event.objects.get(pk=event.pk))
    rows = sorted(
        (
            line.entrant_id,
            line.rank,
            line.victory_points,
            line.tichu_points,
            line.hands_played,
            line.byes,
            line.adjustment_vp,
            line.adjustment_tp,
            line.tiebreaks,
        )
        for line in lines
    )
    return rows, sorted(
        (
            r.round_id,
            r.entrant_id,
            r.victory_points,
            r.tichu_points,
            r.hands_played,
            r.bye,
            r.adjustment_vp,
            r.adjustment_tp,
        )
        for r in results
    )


def assert_incremental_is_full(event) -> None:
    wait_for_standings(event)
    incremental = stored(event)
    standings.refresh(event.pk, full=True)
    assert stored(event) == incremental
    assert computed(event) == incremental


def make_event(organizer, preset, overrides, entrants):
    event = event_create(owner=organizer, name="Random", preset=preset, overrides=overrides, seed=3)
    orga = Actor.organizer(organizer)
    if event.format.entrant_type == "team":
        for i in range(entrants):
            team_register(event=event, name=f"T{i}", members=[f"a{i}", f"b{i}"], actor=orga)
    else:
        players_register(event=event, names=[f"P{i}" for i in range(entrants)], actor=orga)
    return event


@pytest.mark.parametrize("name", FORMATS)
def test_random_hands_and_corrections_give_the_full_recomputation(organizer, name):
    preset, overrides, entrants = FORMATS[name]
    rng = random.Random(name)
    event = make_event(organizer, preset, overrides, entrants)
    orga = Actor.organizer(organizer)
    hands_per_round = event.format.hands_per_round
    for _ in range(2):
        rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
        tables = list(rnd.tables.order_by("number"))
        open_slots = [(t, n) for t in tables for n in range(1, hands_per_round + 1)]
        rng.shuffle(open_slots)
        while open_slots:
            played = list(Hand.objects.filter(table__round__event=event))
            if played and rng.random() < 0.3:  # an organizer's correction, maybe of round 1
                hand = rng.choice(played)
                hand_record(
                    table_id=hand.table_id,
                    number=hand.number,
                    actor=orga,
                    entry=random_entry(rng),
                    reason="typo",
                )
            else:
                table, hand_number = open_slots.pop()
                hand_record(
                    table_id=table.pk,
                    number=hand_number,
                    entry=random_entry(rng),
                    actor=Actor.captain(table),
                )
            assert_incremental_is_full(event)


def test_a_hand_records_its_table_and_the_worker_touches_only_its_entrants(organizer):
    event = make_event(organizer, "dtm", {}, 8)
    orga = Actor.organizer(organizer)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    wait_for_standings(event)
    table = rnd.tables.get(number=1)
    seated = set(table.seats.values_list("entrant_id", flat=True))
    scope = standings._scope(event, [table.pk], full=False)
    assert set(scope.entrants) == seated and scope.tables_changed == (table.pk,)
    assert scope.seated == tuple(sorted((rnd.pk, entrant) for entrant in seated))
    assert standings._scope(event, [table.pk, None], full=False).whole
    others = set(
        StandingRow.objects.filter(event=event)
        .exclude(entrant_id__in=seated)
        .values_list("entrant_id", flat=True)
    )
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [100, 0]}, actor=Actor.captain(table)
    )
    wait_for_standings(event)
    assert not StandingsChange.objects.filter(event=event).exists()
    rows = {r.entrant_id: r for r in StandingRow.objects.filter(event=event)}
    assert {rows[e].victory_points for e in seated} == {0, 2}
    assert all(rows[e].victory_points == 0 for e in others)
    assert_incremental_is_full(event)


def test_a_change_outlives_the_broker_until_the_worker_applies_it(
    organizer, monkeypatch, pause_session_worker
):
    """Scheduling fails (broker down): the recorded change stays, and the next run applies it."""
    event = make_event(organizer, "dtm", {}, 4)
    orga = Actor.organizer(organizer)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    wait_until_no_run_is_pending(event)
    pause_session_worker()  # its catch-up would send the run this test expects to fail

    def broker_down(event_id):
        raise ConnectionError("the broker is down")

    monkeypatch.setattr(tasks.recompute_standings, "delay", broker_down)
    table = rnd.tables.get()
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [100, 0]}, actor=Actor.captain(table)
    )
    assert list(StandingsChange.objects.filter(event=event).values_list("table_id", flat=True)) == [
        table.pk
    ]
    assert cache.get(schedule.PENDING_KEY.format(event.pk)) is None  # taken back for the sweep
    standings.refresh(event.pk)
    event.refresh_from_db()
    assert event.standings_up_to_date
    assert selectors.standing_rows(event).first().victory_points == 2
    assert_incremental_is_full(event)


def test_the_sweep_sends_again_a_run_whose_message_was_lost(
    organizer, monkeypatch, settings, pause_session_worker
):
    """A run was sent and its message lost with a killed worker: its pending mark stops every
    later change from sending one, until the sweep finds the mark older than its interval."""
    event = make_event(organizer, "dtm", {}, 4)
    orga = Actor.organizer(organizer)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    wait_until_no_run_is_pending(event)
    pause_session_worker()  # its catch-up would send runs of its own between the two hands
    sent: list[int] = []
    monkeypatch.setattr(tasks.recompute_standings, "delay", sent.append)  # lost on the way
    table = rnd.tables.get()
    for number in (1, 2):
        hand_record(
            table_id=table.pk,
            number=number,
            entry={"card_points": [100, 0]},
            actor=Actor.captain(table),
        )
    assert sent == [event.pk]  # the second hand found the first one's run pending
    assert schedule.stale_event_ids() == [event.pk]
    settings.STANDINGS_SWEEP_SECONDS = 60
    assert not schedule.schedule(event.pk)  # a run sent a moment ago: not yet taken as lost
    settings.STANDINGS_SWEEP_SECONDS = 0
    assert schedule.schedule(event.pk)
    assert sent == [event.pk, event.pk]
    settings.STANDINGS_SWEEP_SECONDS = 60
    assert not schedule.schedule(event.pk)  # the mark was renewed with the new run


def test_a_run_for_an_event_deleted_since_it_was_sent_does_nothing(organizer):
    """The worker takes a run whose event is gone (deleted, or replaced by a backup's import):
    it neither fails nor writes (the round-completion step looked the event up and raised)."""
    event = make_event(organizer, "dtm", {}, 4)
    event_id = event.pk
    delete_after_the_workers(event, people=False)
    tasks.recompute_standings.run(event_id)
    assert not Event.objects.filter(pk=event_id).exists()


def test_bye_credits_round_down_like_python_floor_division():
    """A credit never exceeds the average (RULINGS.md): 11 / 2 is 5, -13 / 5 is -3 (the SQL
    engines' own division rounds towards zero: -2)."""
    cases = [(total, count) for total in range(-13, 14) for count in range(1, 7)]
    select = " UNION ALL ".join(
        f"SELECT {t}, {c}, {_floor_div(str(t), str(c))}" for t, c in cases
    ).replace("%%", "%")
    with connection.cursor() as cursor:
        cursor.execute(select)
        assert {(t, c): v for t, c, v in cursor.fetchall()} == {(t, c): t // c for t, c in cases}


def test_a_regenerated_draft_drops_the_result_of_a_seat_that_is_gone(organizer):
    """A withdrawn player's seat in a draft disappears when the draft is paired again: so must
    the round result the worker had stored for that seat."""
    event = make_event(organizer, "dtm", {}, 9)
    orga = Actor.organizer(organizer)
    draft = round_pair(event_id=event.pk, actor=orga)
    wait_for_standings(event)
    gone = Seat.objects.filter(table__round=draft).values_list("entrant_id", flat=True)[0]
    assert RoundResult.objects.filter(round=draft, entrant_id=gone, bye=False).exists()
    entrant_withdraw(entrant_id=gone, actor=orga)
    round_regenerate(round_id=draft.pk, actor=orga)
    wait_for_standings(event)
    assert not RoundResult.objects.filter(round=draft, entrant_id=gone).exists()
    assert_incremental_is_full(event)


@pytest.mark.parametrize("parts", [1, 2, 3])
def test_a_full_recomputation_in_parts_repairs_every_kind_of_wrong_row(organizer, parts):
    """A whole event is diffed in parts of its rounds (side by side on PostgreSQL); whatever the
    split, a changed, a missing and a stale round result are all found and repaired."""
    event = make_event(organizer, "dtm", {"hands_per_round": 2}, 10)
    orga = Actor.organizer(organizer)
    rng = random.Random(parts)
    for _ in range(3):
        rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
        for table in rnd.tables.all():
            for number in (1, 2):
                hand_record(
                    table_id=table.pk,
                    number=number,
                    entry=random_entry(rng),
                    actor=Actor.captain(table),
                )
    wait_for_standings(event)
    seat = Seat.objects.filter(table__round=rnd).order_by("pk").last()
    seat.delete()  # as the admin could: that seat's stored result is now stale
    results = RoundResult.objects.filter(round__event=event, bye=False).order_by("pk")
    RoundResult.objects.filter(pk=results[0].pk).update(victory_points=F("victory_points") + 1)
    results[1].delete()
    expected = computed(event)
    with connection.cursor() as cursor:
        scope = standings.Scope.whole_event(cursor, event.pk, parts=parts)
    assert len(scope.parts()) == parts
    standings.store(Event.objects.get(pk=event.pk), scope)
    assert stored(event) == expected
    assert not RoundResult.objects.filter(round=rnd, entrant_id=seat.entrant_id).exists()


@pytest.mark.parametrize("name", ["dtm with byes", "per-round VP", "teams"])
def test_closed_tables_credit_the_same_incrementally_and_in_full(organizer, name):
    """A table closed before all its hands are in credits its missing hands (RULINGS.md): the
    worker's update at that table, a full recomputation and ``compute`` agree, and so do they
    once a closed round's byes are credited from it."""
    from tournaments.services.rounds import table_close

    preset, overrides, entrants = FORMATS[name]
    rng = random.Random(name)
    event = make_event(organizer, preset, overrides, entrants)
    orga = Actor.organizer(organizer)
    for closing in (("averaged", None), ("forfeited", 1)), (("forfeited", 0), ("averaged", None)):
        rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
        for table, (status, at_fault) in zip(
            rnd.tables.order_by("number"), closing * 3, strict=False
        ):
            hand_record(
                table_id=table.pk, number=1, entry=random_entry(rng), actor=Actor.captain(table)
            )
            table_close(table_id=table.pk, status=status, forfeited_by=at_fault, actor=orga)
            assert_incremental_is_full(event)
    if event.format.vp_scheme == "dtm" and event.format.entrant_type == "player":
        assert StandingRow.objects.filter(event=event, adjustment_vp__gt=0).exists()
