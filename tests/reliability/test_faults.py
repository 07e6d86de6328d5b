"""Faults: Redis stopped, a Celery worker killed mid-recomputation, a database error mid-request.

The live tests run their own processes (a private ``redis-server``, gunicorn, Celery workers) on
the test database, with the session's worker paused so that only the test's own processes act.
"""

from __future__ import annotations

import contextlib
import time

import psycopg
import pytest
from celery import Celery
from django.db import DatabaseError, connection
from rest_framework.test import APIClient

from tournaments import selectors
from tournaments.models import Bye, Change, Event, Hand, Round, Seat, Table
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.standings import compute as standings

from ..conftest import point_celery_at
from .conftest import (
    HAND,
    OTHER_HAND,
    session_redis_url,
    tail,
    test_database_url,
    token_for,
)

ENTRIES = [
    HAND,
    OTHER_HAND,
    {"card_points": [25, 75], "finish_order": [0, 1, 2, 3]},
    {"double_victory": 1, "finish_order": [3, 1], "calls": {"3": "tichu"}},
]


def running_round(organizer, players: int = 8):
    event = event_create(owner=organizer, name="Fault night", preset="dtm", seed=5)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(players)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event, rnd, list(rnd.tables.order_by("number"))


def stored_rows(event) -> list[tuple]:
    return list(
        selectors.standing_rows(event).values_list(  # position: compute's rank
            "entrant_id", "position", "victory_points", "tichu_points", "hands_played"
        )
    )


def computed_rows(event) -> list[tuple]:
    lines, _ = standings.compute(Event.objects.get(pk=event.pk))
    return [
        (line.entrant_id, line.rank, line.victory_points, line.tichu_points, line.hands_played)
        for line in lines
    ]


def api_rows(body: dict) -> list[tuple]:
    return [
        (r["player"]["id"], position, r["victory_points"], r["tichu_points"], r["hands_played"])
        for position, r in enumerate(body["rows"], start=1)
    ]


def poll(predicate, timeout: float, message: str, interval: float = 0.2):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message)
        time.sleep(interval)


# --- (a) Redis stopped ----------------------------------------------------------------------------


@pytest.mark.live
def test_hands_are_stored_while_redis_is_down_and_standings_catch_up(
    paused_session_worker, organizer, start_redis, start_server, start_worker
):
    redis = start_redis()
    server = start_server(redis.url)
    worker = start_worker(redis.url, beat=True)
    event, rnd, tables = running_round(organizer)
    standings_url = f"/api/events/{event.pk}/standings/"

    def up_to_date():
        body = server.request("GET", standings_url).json()
        return body if body["up_to_date"] else None

    poll(up_to_date, 30, f"the worker never computed the first standings:\n{tail(worker.log)}")
    before = server.request("GET", standings_url).json()

    redis.stop()  # fault injected: the broker and the cache are gone
    entered = 0
    for table in tables:
        for number, entry in enumerate(ENTRIES, start=1):
            reply = server.request(
                "PUT",
                f"/api/tables/{table.pk}/hands/{number}/",
                entry,
                {"X-Table-Code": table.code},
            )
            assert reply.status == 201, reply.text()
            assert reply.seconds < 5  # the short broker timeouts, not a hang
            entered += 1
    assert Hand.objects.filter(table__round=rnd).count() == entered == 8
    # the same request again is still recognised without Redis
    again = server.request(
        "PUT", f"/api/tables/{tables[0].pk}/hands/1/", HAND, {"X-Table-Code": tables[0].code}
    )
    assert again.status == 200 and again.json()["result"] == "unchanged"
    # every other answer is a clean 4xx too: a wrong code, a login, a public page
    wrong = server.request(
        "PUT", f"/api/tables/{tables[0].pk}/hands/1/", HAND, {"X-Table-Code": "WRONGWRONGWR"}
    )
    assert wrong.status in (403, 429), wrong.text()
    login = server.request(
        "POST", "/api/auth/token/", {"username": "orga", "password": "orga-password-1"}
    )
    assert login.status == 200, login.text()
    assert server.request("GET", f"/events/{event.pk}/").status == 200

    time.sleep(2.5)  # longer than a catch-up sweep: nothing can catch up without the broker
    during = server.request("GET", standings_url).json()
    assert during["up_to_date"] is False
    assert during["rows"] == before["rows"]

    redis.start()  # same port, empty: the queued work and the cache are lost, the DB is not
    caught_up = poll(
        up_to_date,
        90,
        f"standings did not catch up after Redis came back:\n{tail(worker.log)}",
        interval=0.5,
    )
    assert api_rows(caught_up) == computed_rows(event)
    assert sum(row[4] for row in api_rows(caught_up)) == 4 * entered


# --- (b) a worker killed in the middle of a recomputation -----------------------------------------


def backend_waiting(cursor, database: str, query_like: str) -> int | None:
    """The backend waiting for a lock in a statement like ``query_like`` (the worker's)."""
    cursor.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock' "
        "AND query LIKE %s",
        [database, query_like],
    )
    row = cursor.fetchone()
    return row[0] if row else None


@pytest.mark.live
def test_worker_killed_mid_recomputation_leaves_old_standings_that_the_next_run_corrects(
    paused_session_worker, organizer, start_redis, start_worker
):
    event, rnd, tables = running_round(organizer)
    captain = Actor.captain(tables[0])
    for number, entry in enumerate(ENTRIES, start=1):
        hand_record(table_id=tables[0].pk, number=number, entry=entry, actor=captain)
    standings.refresh(event.pk, full=True)
    event.refresh_from_db()
    assert event.standings_up_to_date
    before = stored_rows(event)
    assert before == computed_rows(event)
    # a correction that moves the standings: they are stale until a worker runs
    hand_record(
        table_id=tables[0].pk,
        number=1,
        entry=OTHER_HAND,
        actor=Actor.organizer(organizer),
        reason="sheet misread",
    )
    event.refresh_from_db()
    assert not event.standings_up_to_date
    assert computed_rows(event) != before

    redis = start_redis()
    worker = start_worker(redis.url, beat=False)
    database = connection.settings_dict["NAME"]
    with (
        psycopg.connect(
            test_database_url().replace("postgres://", "postgresql://"), autocommit=False
        ) as holder,
        holder.cursor() as cursor,
    ):
        # the test holds the event's row: the worker computes and writes, then waits for it
        cursor.execute("SELECT id FROM tournaments_event WHERE id = %s FOR UPDATE", [event.pk])
        app = Celery(broker=redis.url, set_as_current=False)  # not the tests' own app
        app.send_task("tournaments.tasks.recompute_standings", args=[event.pk])
        app.close()
        with (
            psycopg.connect(
                test_database_url().replace("postgres://", "postgresql://"), autocommit=True
            ) as observer,
            observer.cursor() as look,
        ):
            pid = poll(
                lambda: backend_waiting(look, database, 'UPDATE "tournaments_event"%'),
                30,
                f"the worker never reached the end of its recomputation:\n{tail(worker.log)}",
            )
            look.execute(
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                "WHERE l.pid = %s AND c.relname = 'tournaments_standingrow' "
                "AND l.mode = 'RowExclusiveLock'",
                [pid],
            )
            assert look.fetchone()[0] >= 1  # it has written standing rows, uncommitted
            worker.kill()  # fault injected: SIGKILL in the middle of the transaction
            holder.rollback()
            poll(
                lambda: (
                    look.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid]
                    ).fetchone()[0]
                    == 0
                ),
                20,
                "the killed worker's database session did not end",
            )
    # its transaction was rolled back: the standings are as before, and still marked stale
    event.refresh_from_db()
    assert not event.standings_up_to_date
    assert stored_rows(event) == before
    # acknowledged late: the message of the killed run was never acknowledged
    import redis as redis_client

    assert redis_client.Redis.from_url(redis.url).hlen("unacked") == 1

    # the next run (a new worker, its catch-up beat) corrects them
    second = start_worker(redis.url, beat=True)

    def caught_up():
        event.refresh_from_db()
        return event.standings_up_to_date

    poll(caught_up, 60, f"the next worker did not correct the standings:\n{tail(second.log)}")
    assert stored_rows(event) == computed_rows(event) != before


@contextlib.contextmanager
def changes_scheduled_through(redis_url: str):
    """Changes made by this test process mark and send their standings runs through
    ``redis_url`` (a private Redis), as the web processes of a deployment would."""
    session_url = session_redis_url()
    point_celery_at(redis_url)
    try:
        yield
    finally:
        point_celery_at(session_url)


@pytest.mark.live
def test_standings_catch_up_within_seconds_of_a_new_worker_after_one_died_mid_write(
    paused_session_worker, organizer, start_redis, start_worker
):
    """A worker (a prefork pool, as production runs it) is killed while it rewrites round
    results, with hands entered during its run: their pending mark must not keep the standings
    stale once a worker is back (it did for the mark's 300 s)."""
    event, rnd, tables = running_round(organizer)
    captain = Actor.captain(tables[0])
    for number, entry in enumerate(ENTRIES, start=1):
        hand_record(table_id=tables[0].pk, number=number, entry=entry, actor=captain)
    standings.refresh(event.pk, full=True)
    redis = start_redis()
    dying = start_worker(redis.url, beat=False, processes=2)
    database = connection.settings_dict["NAME"]
    url = test_database_url().replace("postgres://", "postgresql://")
    with (
        changes_scheduled_through(redis.url),
        psycopg.connect(url, autocommit=False) as holder,
        holder.cursor() as hold,
        psycopg.connect(url, autocommit=True) as observer,
        observer.cursor() as look,
    ):
        # the test holds the round results: the worker's run waits in the middle of its writes
        hold.execute(
            "SELECT id FROM tournaments_roundresult WHERE round_id = %s FOR UPDATE", [rnd.pk]
        )
        hand_record(
            table_id=tables[0].pk,
            number=1,
            entry=OTHER_HAND,
            actor=Actor.organizer(organizer),
            reason="sheet misread",
        )
        poll(
            lambda: backend_waiting(look, database, "%tournaments_roundresult%"),
            30,
            f"the worker never reached its writes:\n{tail(dying.log)}",
        )
        # the captains go on while it is stuck: each hand marks a run pending and sends it
        for number, entry in enumerate(ENTRIES, start=1):
            hand_record(
                table_id=tables[1].pk, number=number, entry=entry, actor=Actor.captain(tables[1])
            )
        dying.kill()  # fault injected: SIGKILL of the whole pool in the middle of the run
        holder.rollback()
    event.refresh_from_db()
    assert not event.standings_up_to_date

    start_worker(redis.url, beat=True, sweep_seconds=5)  # the production sweep interval
    back = time.monotonic()  # the worker answers: it is back (its start-up is not counted)

    def caught_up():
        event.refresh_from_db()
        return event.standings_up_to_date

    poll(caught_up, 60, "the standings never caught up after the worker came back")
    assert time.monotonic() - back <= 10
    assert stored_rows(event) == computed_rows(event)


# --- (c) a database error in the middle of a request ----------------------------------------------


def fail_when(predicate):
    """An ``execute_wrapper`` that fails the statements ``predicate(sql, params)`` picks."""

    def wrapper(execute, sql, params, many, context):
        if predicate(sql, params or ()):
            raise DatabaseError("injected fault")
        return execute(sql, params, many, context)

    return wrapper


def counts() -> dict:
    return {
        model.__name__: model.objects.count() for model in (Hand, Change, Round, Table, Seat, Bye)
    }


def history_insert(action: str):
    return lambda sql, params: 'INSERT INTO "tournaments_change"' in sql and action in params


def change_seq_update(sql, params):
    """The counter's update, alone or (PostgreSQL) in one query with the hand's other writes."""
    return 'UPDATE "tournaments_event"' in sql and "change_seq" in sql


@pytest.mark.parametrize(
    "fault",
    [history_insert("create"), change_seq_update],
    ids=["history insert", "change_seq update"],
)
def test_database_error_while_entering_a_hand_leaves_no_partial_hand(db, organizer, fault):
    event, rnd, tables = running_round(organizer)
    client = APIClient(raise_request_exception=False)
    url = f"/api/tables/{tables[0].pk}/hands/1/"
    before = counts()
    seq = Event.objects.get(pk=event.pk).change_seq
    with connection.execute_wrapper(fail_when(fault)):
        response = client.put(url, HAND, format="json", HTTP_X_TABLE_CODE=tables[0].code)
    assert response.status_code == 503 and response.json()["code"] == "database_unavailable"
    assert counts() == before
    assert Event.objects.get(pk=event.pk).change_seq == seq
    # the service is not left broken: the same request now succeeds, once
    response = client.put(url, HAND, format="json", HTTP_X_TABLE_CODE=tables[0].code)
    assert response.status_code == 201
    assert counts()["Hand"] == 1


@pytest.mark.parametrize("action", ["pair", "publish"])
def test_database_error_while_pairing_leaves_no_partial_round(db, organizer, action):
    event = event_create(owner=organizer, name="Fault night", preset="dtm", seed=5)
    players_register(
        event=event, names=[f"P{i}" for i in range(9)], actor=Actor.organizer(organizer)
    )
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(organizer)}")
    before = counts()
    with connection.execute_wrapper(fail_when(history_insert(action))):
        response = client.post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 503 and response.json()["code"] == "database_unavailable"
    assert counts() == before  # no round, table, seat or bye: pairing and publishing are one
    response = client.post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 201
    assert Round.objects.get(event=event).status == Round.Status.PUBLISHED


TRIGGER = """
CREATE OR REPLACE FUNCTION reliability_fault() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'reliability test: injected fault'; END $$ LANGUAGE plpgsql;
CREATE TRIGGER reliability_fault BEFORE INSERT ON tournaments_change FOR EACH ROW
WHEN (NEW.subject IN ('hand', 'round')) EXECUTE FUNCTION reliability_fault();
"""


@pytest.fixture
def history_trigger(transactional_db):
    """A PostgreSQL trigger that fails every insert of a hand's or a round's history row."""

    def install():
        with connection.cursor() as cursor:
            cursor.execute(TRIGGER)

    def remove():
        with connection.cursor() as cursor:
            cursor.execute(
                "DROP TRIGGER IF EXISTS reliability_fault ON tournaments_change; "
                "DROP FUNCTION IF EXISTS reliability_fault()"
            )

    yield install, remove
    remove()


@pytest.mark.live
def test_database_error_on_the_real_server_is_a_prompt_clean_error(
    history_trigger, organizer, start_server
):
    from .conftest import session_redis_url

    install, remove = history_trigger
    event, rnd, tables = running_round(organizer, players=16)
    second = event_create(owner=organizer, name="Second night", preset="dtm", seed=6)
    players_register(
        event=second, names=[f"Q{i}" for i in range(8)], actor=Actor.organizer(organizer)
    )
    server = start_server(session_redis_url())
    token = {"Authorization": f"Token {token_for(organizer)}"}
    before = counts()
    install()
    replies = [
        server.request(
            "PUT",
            f"/api/tables/{table.pk}/hands/1/",
            HAND,
            {"X-Table-Code": table.code},
            timeout=20,
        )
        for table in tables
    ]
    replies.append(
        server.request("POST", f"/api/events/{second.pk}/rounds/", None, token, timeout=20)
    )
    for reply in replies:
        assert reply.status == 503 and reply.seconds < 10
        assert "injected fault" not in reply.text() and "Traceback" not in reply.text()
    assert counts() == before  # no hand, round, table, seat, bye or history row was left
    remove()
    # every gunicorn worker's connection is usable again: the same requests now succeed
    for table in tables:
        reply = server.request(
            "PUT", f"/api/tables/{table.pk}/hands/1/", HAND, {"X-Table-Code": table.code}
        )
        assert reply.status == 201, reply.text()
    reply = server.request("POST", f"/api/events/{second.pk}/rounds/", None, token)
    assert reply.status == 201, reply.text()
    assert Hand.objects.filter(table__round=rnd).count() == len(tables)
