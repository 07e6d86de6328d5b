"""Locks of a hand entry on PostgreSQL: per table, not per event; and in one order with the
changes of the event's structure, so that an entry and the closing of its table never both win
and never deadlock. The worker marking a round complete and a table opened again never leave a
complete round with an open table either.

The standings worker scoring a duplicate event never waits for an entry at a table it scores
(its new rows of the table are checked at its commit, when it holds the event's row, which the
entry waits for: a deadlock, found by the demo). The ratings worker and a change that holds an
event and then its register never deadlock either (found by the CI's live pass).

Each test holds one real service call inside its transaction (paused by an ``execute_wrapper``
right after a chosen statement, in a thread with its own database connection) while another
call runs, then lets it go on.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tournaments.models import (
    BoardScore,
    Change,
    Event,
    Hand,
    Player,
    Register,
    Round,
    Series,
    Table,
)
from tournaments.ratings import store as ratings_store
from tournaments.services.events import (
    event_create,
    players_register,
    team_register,
    teams_register,
)
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor, Conflict
from tournaments.services.lineups import seats_lineup
from tournaments.services.rounds import (
    complete_finished_rounds,
    round_pair,
    round_publish,
    table_close,
)
from tournaments.services.series import SeriesSettings, series_create
from tournaments.standings import compute

from .conftest import HAND

pytestmark = pytest.mark.live

WAIT = 20  # seconds: a bound on every wait, far above what a prompt answer takes
BLOCKED = 0.5  # seconds a call must stay unfinished to count as waiting for a lock


class Call:
    """A service call in a thread of its own, optionally paused inside its transaction right
    after the first statement ``pause_after(sql)`` picks, until ``resume``."""

    def __init__(self, function, pause_after=None):
        self.function, self.pause_after = function, pause_after
        self.paused, self.resumed = threading.Event(), threading.Event()
        self.result = self.error = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        def pause(execute, sql, params, many, context):
            result = execute(sql, params, many, context)
            if self.pause_after and not self.paused.is_set() and self.pause_after(sql):
                self.paused.set()
                self.resumed.wait(WAIT)
            return result

        try:
            with connection.execute_wrapper(pause):
                self.result = self.function()
        except Exception as error:  # noqa: BLE001 - reported to the test by ``outcome``
            self.error = error
        finally:
            connection.close()

    def wait_paused(self):
        assert self.paused.wait(WAIT), f"never reached its pause: {self.error!r}"

    def resume(self):
        self.resumed.set()

    def finished(self, within: float) -> bool:
        self.thread.join(within)
        return not self.thread.is_alive()

    def waits(self) -> bool:
        """Still running after a while: waiting for a lock another transaction holds."""
        return not self.finished(BLOCKED)

    def outcome(self):
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the call did not finish"
        if self.error is not None:
            raise self.error
        return self.result


def statement(prefix: str):
    return lambda sql: sql.startswith(prefix)


AFTER_LOCKS = statement("SELECT e.id")  # the event's row, the table's, the hand's: one query
AFTER_WRITES = statement('INSERT INTO "tournaments_hand"')  # the hand, its history, the counter
AFTER_TABLE_UPDATE = statement('UPDATE "tournaments_table"')


@pytest.fixture
def tables(transactional_db, organizer):
    event = event_create(owner=organizer, name="Lock night", preset="dtm", seed=3)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return list(rnd.tables.order_by("number"))


def enter(table: Table, entry=HAND, number: int = 1):
    return lambda: (
        hand_record(
            table_id=table.pk, number=number, entry=entry, actor=Actor.captain(table)
        ).result
    )


def close(table: Table, organizer):
    return lambda: table_close(
        table_id=table.pk,
        status=Table.Status.FORFEITED,
        forfeited_by=1,
        actor=Actor.organizer(organizer),
        reason="no show",
    )


def test_entries_at_two_tables_of_an_event_go_on_in_parallel(tables):
    first = Call(enter(tables[0]), pause_after=AFTER_LOCKS)
    first.wait_paused()  # an entry at table 1 is inside its transaction, its locks taken
    other_table = Call(enter(tables[1]))
    same_table = Call(enter(tables[0]))
    assert other_table.finished(WAIT / 2)  # did not wait for table 1's transaction
    assert other_table.outcome() == "created"
    assert same_table.waits()  # the same table waits for it: its row is locked
    first.resume()
    assert first.outcome() == "created"
    assert same_table.outcome() == "unchanged"
    assert Hand.objects.filter(table__in=tables).count() == 2
    assert Change.objects.filter(subject="hand").count() == 2


@pytest.mark.parametrize("pause", [AFTER_LOCKS, AFTER_WRITES], ids=["locks", "writes"])
def test_closing_a_table_during_an_entry_waits_for_it_and_closes_after_it(tables, organizer, pause):
    entry = Call(enter(tables[0]), pause_after=pause)
    entry.wait_paused()  # after its locks, or after its writes too (the event's counter)
    closing = Call(close(tables[0], organizer))
    assert closing.waits()
    entry.resume()
    assert entry.outcome() == "created"
    closing.outcome()  # no deadlock: the event's row and then the table, in both
    assert Hand.objects.filter(table=tables[0]).count() == 1
    history = list(
        Change.objects.filter(subject__in=["hand", "table"])
        .order_by("pk")
        .values_list("subject", flat=True)
    )
    assert history == ["hand", "table"]


def test_an_entry_during_the_closing_of_its_table_waits_and_is_refused(tables, organizer):
    closing = Call(close(tables[0], organizer), pause_after=AFTER_TABLE_UPDATE)
    closing.wait_paused()  # the table's new status is written, not committed
    entry = Call(enter(tables[0]))
    assert entry.waits()
    closing.resume()
    closing.outcome()
    with pytest.raises(Conflict) as refused:
        entry.outcome()
    assert refused.value.code == "table_closed"  # it read the status the close committed
    assert not Hand.objects.filter(table=tables[0]).exists()
    assert Table.objects.get(pk=tables[0].pk).status == Table.Status.FORFEITED


# --- the worker completing a round, a table opened again -------------------------------------

AFTER_FIRST_LOOK = statement('SELECT "tournaments_table"."id"')  # the round's tables, counted
AFTER_ROUND_LOCK = lambda sql: "FOR NO KEY UPDATE" in sql  # noqa: E731 - as ``statement``


@pytest.fixture
def closed_last_table(tables, organizer, paused_session_worker):
    """Table 1 has its four hands, table 2 two and is closed as forfeited: the round is done
    but not yet marked complete (the session's worker, which would, is paused)."""
    for table, hands in ((tables[0], 4), (tables[1], 2)):
        for number in range(1, hands + 1):
            hand_record(table_id=table.pk, number=number, entry=HAND, actor=Actor.captain(table))
    close(tables[1], organizer)()
    return tables[1]


def reopen(table: Table, organizer):
    return lambda: table_close(
        table_id=table.pk,
        status=Table.Status.OPEN,
        actor=Actor.organizer(organizer),
        reason="they came back",
    )


def test_a_table_opened_again_after_the_workers_first_look_keeps_its_round_running(
    closed_last_table, organizer
):
    """The worker saw every table done; the table is opened again before it marks the round:
    it looks again under the event's lock and leaves the round running."""
    rnd = closed_last_table.round
    completion = Call(lambda: complete_finished_rounds(rnd.event_id), pause_after=AFTER_FIRST_LOOK)
    completion.wait_paused()
    Call(reopen(closed_last_table, organizer)).outcome()  # the worker holds no lock yet
    completion.resume()
    completion.outcome()
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED
    assert not Change.objects.filter(subject="round", action="complete").exists()


def test_a_table_opened_while_the_worker_completes_its_round_runs_the_round_again(
    closed_last_table, organizer
):
    """The worker holds the event's lock and marks the round complete: the opening waits for
    it, then reads the round as complete and runs it again."""
    rnd = closed_last_table.round
    completion = Call(lambda: complete_finished_rounds(rnd.event_id), pause_after=AFTER_ROUND_LOCK)
    completion.wait_paused()
    opening = Call(reopen(closed_last_table, organizer))
    assert opening.waits()
    completion.resume()
    completion.outcome()
    opening.outcome()
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED
    history = list(
        Change.objects.filter(subject="round", action__in=["complete", "reopen"])
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert history == ["complete", "reopen"]


# --- the standings worker scoring a duplicate event during an entry --------------------------


@pytest.fixture
def duplicate_tables(transactional_db, organizer, paused_session_worker):
    """Four pairs at two tables of a duplicate event, board 1 played at both and not scored
    yet (the session's worker, which would, is paused)."""
    event = event_create(owner=organizer, name="Duplicate lock night", preset="duplicate", seed=3)
    actor = Actor.organizer(organizer)
    teams_register(
        event=event, teams=[(f"Pair {i}", [f"A{i}", f"B{i}"]) for i in range(4)], actor=actor
    )
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    tables = list(rnd.tables.order_by("number"))
    for table in tables:
        enter(table)()
    return tables


def test_the_standings_worker_never_waits_for_an_entry_at_a_table_it_scores(duplicate_tables):
    """An entry of board 2 holds its table's row; the worker scores board 1 of that table
    (new rows pointing at it) and commits without waiting; then the entry goes on."""
    table = duplicate_tables[0]
    entry = Call(enter(table, number=2), pause_after=AFTER_LOCKS)
    entry.wait_paused()
    scoring = Call(lambda: compute.refresh(table.round.event_id))
    assert scoring.finished(WAIT / 2), "the worker waited for the entry's table"
    assert scoring.outcome() is True
    assert BoardScore.objects.filter(table=table, board=1).count() == 2  # both pairs
    entry.resume()
    assert entry.outcome() == "created"  # no deadlock: it bumped the event's counter after it
    assert compute.refresh(table.round.event_id) is True
    assert BoardScore.objects.filter(table=table).count() == 4


# --- the ratings worker during a change that holds the event -----------------------------------

AFTER_EVENT_LOCK = lambda sql: 'FROM "tournaments_event"' in sql and sql.endswith(" FOR UPDATE")  # noqa: E731


@pytest.fixture
def played_team_table(transactional_db, organizer, paused_session_worker):
    """A team event's table with a hand recorded, its register rated (the session's worker,
    which would rate it again, is paused)."""
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Rated team night", preset="team_swiss", seed=2)
    for name, members in (("Dragons", ["Anna", "Bert", "Cleo"]), ("Phoenix", ["Dora", "Emil"])):
        team_register(event=event, name=name, members=members, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    table = rnd.tables.get()
    enter(table)()
    ratings_store.refresh(event.register_id, full=True)
    return table


def test_the_ratings_worker_and_a_line_up_change_never_deadlock(played_team_table, organizer):
    """The organizer names other players after the hands began: the change holds the event's
    row and then bumps the register's counter; the ratings worker replaces the register's rows,
    whose references to the event are checked at its commit. The worker waits for the change
    before it takes the register, so both finish."""
    table = played_team_table
    dragons = 0 if table.seats.get(position=0).entrant.name == "Dragons" else 1
    cleo = Player.objects.get(team_entries__event=table.round.event_id, name="Cleo").pk
    anna = Player.objects.get(team_entries__event=table.round.event_id, name="Anna").pk
    register_id = Event.objects.get(pk=table.round.event_id).register_id
    lineup = Call(
        lambda: seats_lineup(
            table_id=table.pk,
            team=dragons,
            player_ids=[cleo, anna],
            actor=Actor.organizer(organizer),
        ),
        pause_after=AFTER_EVENT_LOCK,
    )
    lineup.wait_paused()
    rating = Call(lambda: ratings_store.refresh(register_id, full=True))
    assert rating.waits()  # for the event the change holds, before it takes the register
    lineup.resume()
    lineup.outcome()  # no deadlock: the register was free
    assert rating.outcome() is True
    register = Register.objects.get(pk=register_id)
    assert register.change_seq > register.ratings_seq  # the change comes after the rating read
    assert ratings_store.refresh(register_id) is True


def test_two_series_of_one_name_at_once_give_one_series_and_a_refusal(transactional_db, organizer):
    """The second request's check cannot see the first's row before it commits; its insert
    waits on the unique index and then fails: refused as the check would (409 name_taken), where
    it answered 503 "database unavailable"."""
    register = event_create(owner=organizer, name="Season opener", preset="dtm", seed=3).register

    def create():
        settings = SeriesSettings(name="Summer 2027")
        return series_create(register=register, user=organizer, settings=settings)

    first = Call(create, pause_after=statement('INSERT INTO "tournaments_series"'))
    first.wait_paused()  # its row written, not committed
    second = Call(create)
    assert second.waits()  # on the unique index: the first may still roll back
    first.resume()
    assert first.outcome().name == "Summer 2027"
    with pytest.raises(Conflict) as refused:
        second.outcome()
    assert (refused.value.code, refused.value.field) == ("name_taken", "name")
    assert Series.objects.filter(register=register).count() == 1
