"""Locks of a hand entry on PostgreSQL: per table, not per event; and in one order with the
changes of the event's structure, so that an entry and the closing of its table never both win
and never deadlock. The worker marking a round complete and a table opened again never leave a
complete round with an open table either.

Each test holds one real service call inside its transaction (paused by an ``execute_wrapper``
right after a chosen statement, in a thread with its own database connection) while another
call runs, then lets it go on.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tournaments.models import Change, Hand, Round, Table
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor, Conflict
from tournaments.services.rounds import (
    complete_finished_rounds,
    round_pair,
    round_publish,
    table_close,
)

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


def enter(table: Table, entry=HAND):
    return lambda: (
        hand_record(table_id=table.pk, number=1, entry=entry, actor=Actor.captain(table)).result
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
