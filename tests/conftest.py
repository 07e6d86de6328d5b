"""Test configuration shared by every test package.

Two modes, chosen by the environment (``.ci/run`` runs both):

- embedded (default): SQLite and Celery tasks executed in process at commit time, so standings are
  up to date as soon as a change is committed;
- live (``REDIS_URL`` and ``DATABASE_URL`` set): PostgreSQL, Redis as the broker, and a real
  Celery worker process (with its beat, for the catch-up of stale standings) started here against
  the test database. Standings then arrive asynchronously: tests wait for them with
  ``wait_for_standings``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
LIVE = bool(os.environ.get("REDIS_URL"))

# Property tests, as the CI runs them: the same examples every run (a run that fails fails again,
# with the same case), and no per-example time limit (speed is measured in benchmarks/, not on a
# shared machine where a busy second makes an example "too slow"). To look for new cases:
# `pytest --hypothesis-profile=explore`.
settings.register_profile("ci", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None, max_examples=1000)
settings.load_profile("ci")


def _django(config: pytest.Config) -> bool:
    """Is pytest-django active? Not under ``pytest tests/scoring -p no:django``: the engine's
    tests run without Django, so nothing here imports it unless it is."""
    return config.pluginmanager.hasplugin("django")


def pytest_report_header(config):
    if not _django(config):
        return "tichu test mode: without Django (the engine's tests only)"
    from django.conf import settings

    mode = "live: PostgreSQL/Redis/Celery worker" if LIVE else "embedded: SQLite, Celery eager"
    if not LIVE:
        mode += "; tests marked live are deselected"
    return f"tichu test mode: {mode} ({settings.DATABASES['default']['ENGINE']})"


def pytest_collection_modifyitems(config, items):
    """Embedded mode deselects (never skips) the tests marked ``live``: they need PostgreSQL,
    Redis and real worker processes, and run in the live pass of ``.ci/run``."""
    if LIVE:
        return
    live = [item for item in items if item.get_closest_marker("live")]
    if live:
        config.hook.pytest_deselected(items=live)
        items[:] = [item for item in items if not item.get_closest_marker("live")]


def _worker_redis_url(worker_id: str) -> str:
    """Each xdist worker gets its own Redis database after the one REDIS_URL names, so queues
    of parallel test processes never mix."""
    base, _, database = os.environ["REDIS_URL"].rpartition("/")
    number = int(database or 0) + 1 + (int(worker_id[2:]) if worker_id.startswith("gw") else 0)
    return f"{base}/{number}"


@pytest.fixture(scope="session", autouse=True)
def celery_worker_process(request, worker_id):
    """In live mode: a real ``celery -A tichu_site worker -B`` on the test database."""
    if not LIVE or not _django(request.config):
        yield None
        return
    request.getfixturevalue("django_db_setup")
    import redis
    from django.db import connection

    url = _worker_redis_url(worker_id)
    redis.Redis.from_url(url).flushdb()
    point_celery_at(url)
    db = connection.settings_dict
    database_url = (
        f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": url,
        "STANDINGS_SWEEP_SECONDS": "1",
    }
    _session_worker[:] = [_session_worker_name(worker_id)]
    log = open(ROOT / f".celery-test-{worker_id}.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "tichu_site",
            "worker",
            "-B",
            "--pool=solo",
            "--loglevel=INFO",
            f"--hostname={_session_worker_name(worker_id)}",
            f"--schedule=/tmp/celerybeat-{worker_id}-{os.getpid()}",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    _wait_until_ready(url)
    yield process
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


def descendants(pid: int) -> list[int]:
    """Every descendant of ``pid`` (from /proc), so that a stop reaches a worker's beat too."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@pytest.fixture
def pause_session_worker(celery_worker_process):
    """A function that stops the session's worker and its beat (SIGSTOP) from when it is called
    to the end of the test (then SIGCONT); nothing in embedded mode. A test of the scheduling
    itself calls it once no run is pending: the beat's catch-up, every second here, would
    otherwise send runs of its own between the test's changes and the test's count of them."""
    stopped: list[int] = []

    def pause() -> None:
        if celery_worker_process is None or stopped:
            return
        stopped.extend([celery_worker_process.pid, *descendants(celery_worker_process.pid)])
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)

    yield pause
    for pid in stopped:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)


def _session_worker_name(worker_id: str) -> str:
    return f"tests-{worker_id}-{os.getpid()}@localhost"


@pytest.fixture(autouse=True)
def session_worker_idle_before_flush(request, worker_id, celery_worker_process):
    """Live mode: the session's worker takes no task while a transactional test's data is
    deleted (Django's flush: one ``TRUNCATE`` of every table), and has finished the one it ran.

    The flush locks the tables one by one while a standings run may hold some of them and wait
    for others: PostgreSQL then ends one of the two with a deadlock, and when it was the flush,
    the test's rows stayed for the next test (a user that "already exists"). So the worker stops
    consuming before the flush (its beat's messages wait in the queue) and consumes again when
    the next test starts. The database helper is requested here so that this teardown runs
    before its flush.
    """
    if celery_worker_process is None:
        yield
        return
    from tichu_site.celery import app

    name = [_session_worker_name(worker_id)]
    queue = app.conf.task_default_queue
    if _session_worker_paused:
        app.control.add_consumer(queue, destination=name, reply=True)
        _session_worker_paused.clear()
    if not _is_transactional(request):
        yield
        return
    request.getfixturevalue("_django_db_helper")
    yield
    app.control.cancel_consumer(queue, destination=name, reply=True)
    _session_worker_paused.add(name[0])
    _wait_until_idle(app, name)


_session_worker_paused: set[str] = set()  # its name, between a flush and the next test


def _is_transactional(request) -> bool:
    """Does the test's database helper flush the tables afterwards (rather than roll back)?"""
    from pytest_django.fixtures import validate_django_db

    marker = request.node.get_closest_marker("django_db")
    transactional, reset_sequences, *_ = validate_django_db(marker) if marker else (False, False)
    return (
        transactional
        or reset_sequences
        or any(
            name in request.fixturenames
            for name in ("transactional_db", "live_server", "django_db_reset_sequences")
        )
    )


_session_worker: list[str] = []  # the name of this test process's worker (live mode)


def _wait_until_idle(app, name: list[str] | None, timeout: float = 120) -> None:
    """Until the worker (``name``; None: the session's, the only one on its broker: the
    reliability tests start theirs on Redis servers of their own) runs no task and holds none
    reserved (a solo worker answers between tasks, so an answer at all means its current task
    is done). Named, an inquiry ends with the worker's answer, not after its whole timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        inspect = app.control.inspect(destination=name or _session_worker or None, timeout=5)
        active, reserved = inspect.active(), inspect.reserved()
        if active and reserved and not any(active.values()) and not any(reserved.values()):
            return
    raise RuntimeError(f"the session's Celery worker did not become idle in {timeout}s")


def point_celery_at(url: str) -> None:
    """This test process's Celery app and cache talk to the Redis database at ``url`` (the
    worker's), from now on: the app's pools of connections to the former one are dropped."""
    from django.conf import settings
    from django.core.cache import caches

    from tichu_site.celery import app

    app.conf.broker_url = url
    app._pool = None  # noqa: SLF001 - Celery keeps no public way to re-point a running app
    app.amqp._producer_pool = None  # noqa: SLF001
    settings.CACHES["default"]["LOCATION"] = url
    caches["default"].close()
    del caches["default"]


def _wait_until_ready(url: str, timeout: float = 60) -> None:
    from tichu_site.celery import app

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        replies = app.control.ping(timeout=0.5)
        if replies:
            return
        time.sleep(0.5)
    raise RuntimeError(f"the Celery worker did not start on {url} (see .celery-test-*.log)")


def wait_for_standings(event, timeout: float = 60) -> None:
    """Return once the stored standings reflect every committed change of ``event``.

    Embedded mode computes them at commit time; live mode waits for the worker, and then for
    the version token it renews after its commit to reach this process (``tichu_site.tokens``),
    so that the next cached read shows the new standings.
    """
    deadline = time.monotonic() + timeout
    while True:
        event.refresh_from_db()
        if event.standings_up_to_date and _token_renewed_since(event):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"standings of event {event.pk} still stale after {timeout}s")
        time.sleep(0.1)


def wait_until_no_run_is_pending(event, timeout: float = 60) -> None:
    """The standings are up to date and no run is queued or running for them: a run sent for
    changes an earlier run already applied would otherwise still come, and a test that counts
    what its next change sends would count it. Checked after the worker is idle, since the run
    it finished may have sent another (a round it marked complete is a change)."""
    from django.core.cache import cache

    from tournaments.standings.schedule import PENDING_KEY

    deadline = time.monotonic() + timeout
    while True:
        wait_for_standings(event, timeout)
        if LIVE:
            from tichu_site.celery import app

            _wait_until_idle(app, None, timeout)
        event.refresh_from_db()
        if cache.get(PENDING_KEY.format(event.pk)) is None and event.standings_up_to_date:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"a standings run of event {event.pk} stayed pending")
        time.sleep(0.1)


def delete_after_the_workers(*events, people: bool) -> None:
    """Delete every event (and every person, if ``people``), as a test that imports a backup into
    an empty database does, once the workers are done with ``events``: a run still going would
    write standings or rating points that point at an event while it goes."""
    from tournaments.models import Event, Player

    for event in events:
        wait_until_no_run_is_pending(event)
        wait_for_ratings(event.register_id)
    Event.objects.all().delete()
    if people:
        Player.objects.all().delete()


def wait_for_ratings(register_id: int, timeout: float = 60) -> None:
    """Return once the register's stored ratings reflect every committed change (at once in
    embedded mode; after the standings' and then the ratings' runs in live mode, so a test that
    then writes known ratings in place of the worker's is not overwritten by a late run)."""
    from tournaments.models import Register

    deadline = time.monotonic() + timeout
    while True:
        seqs = Register.objects.filter(pk=register_id).values_list("change_seq", "ratings_seq")
        change, rated = seqs.get()
        if change == rated:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"ratings of register {register_id} still stale after {timeout}s")
        time.sleep(0.1)


def settled(*events) -> None:
    """The workers are done with ``events``: no standings run is pending or running, and their
    registers' ratings reflect every change (at once in embedded mode). Known figures a test
    writes after this in place of the workers' stay: nothing is left that would send a run."""
    from django.core.cache import cache

    from tichu_site.celery import app
    from tournaments.ratings.schedule import PENDING_KEY as RATINGS_PENDING_KEY

    registers = {event.register_id for event in events}
    deadline = time.monotonic() + 60
    while True:
        for event in events:
            wait_until_no_run_is_pending(event)
        for register_id in registers:
            wait_for_ratings(register_id)
        if LIVE:
            _wait_until_idle(app, None)
        if not any(cache.get(RATINGS_PENDING_KEY.format(r)) for r in registers):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"a ratings run of registers {registers} stayed pending")
        time.sleep(0.1)


def _token_renewed_since(event) -> bool:
    """The event's version token, as this process knows it, is newer than its standings."""
    if not LIVE or event.standings_computed_at is None:
        return True
    from tournaments.standings.cache import versions

    token = versions.current(event.pk)
    return token is None or token > event.standings_computed_at.timestamp() * 1e9


@pytest.fixture(autouse=True)
def fresh_local_cache(request):
    """Embedded mode: the in-process cache starts empty for every test (SQLite reuses the ids of
    rolled-back rows, so a cached answer of an earlier test's event could otherwise be served)."""
    if not LIVE and _django(request.config):
        from django.core.cache import cache

        cache.clear()


@pytest.fixture(autouse=True)
def fresh_attempt_limits(request):
    """Live mode: every test starts with no failed attempts counted. The limits' counters live
    in Redis for their window (a minute), and an earlier test's wrong passwords or codes from the
    same test client would otherwise count against this one's limit."""
    if LIVE and _django(request.config):
        import redis
        from django.conf import settings

        client = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
        stale = list(client.scan_iter(match="*throttle_*"))
        if stale:
            client.delete(*stale)


@pytest.fixture(autouse=True)
def english_unless_asked(request, monkeypatch):
    """Every test starts in the default language: a request in German leaves its language active
    in the thread (as a server's next request would replace it), and services called directly
    afterwards would otherwise word their messages in German; commands that follow the shell's
    ``LANG`` see none. Nothing to do without Django."""
    if not _django(request.config):
        yield
        return
    from django.conf import settings as django_settings
    from django.utils import translation

    monkeypatch.setenv("LANG", "C.UTF-8")
    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user(username="orga", password="orga-password-1")


@pytest.fixture
def other_organizer(django_user_model):
    return django_user_model.objects.create_user(username="other", password="other-password-1")


@pytest.fixture
def rows_fetched(monkeypatch):
    """``rows_fetched()``: how many rows Django's cursors have handed to Python so far. A read
    that costs what it shows fetches the rows it shows, however many the event holds (counted
    where every query's rows pass: the cursor's fetches)."""
    from django.db.backends.utils import CursorWrapper

    fetched = [0]

    def counting(name: str):
        def fetch(self, *args):
            rows = getattr(self.cursor, name)(*args)
            fetched[0] += (rows is not None) if name == "fetchone" else len(rows)
            return rows

        return fetch

    for name in ("fetchone", "fetchmany", "fetchall"):
        monkeypatch.setattr(CursorWrapper, name, counting(name), raising=False)
    return lambda: fetched[0]
