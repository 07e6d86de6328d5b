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

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIVE = bool(os.environ.get("REDIS_URL"))


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
    _point_celery_at(url)
    db = connection.settings_dict
    database_url = (f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:"
                    f"{db['PORT'] or 5432}/{db['NAME']}")
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": url,
           "STANDINGS_SWEEP_SECONDS": "1"}
    log = open(ROOT / f".celery-test-{worker_id}.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "tichu_site", "worker", "-B", "--pool=solo",
         "--loglevel=INFO", f"--schedule=/tmp/celerybeat-{worker_id}-{os.getpid()}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    _wait_until_ready(url)
    yield process
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


def _point_celery_at(url: str) -> None:
    """This test process's Celery app and cache talk to the worker's Redis database."""
    from django.conf import settings
    from django.core.cache import caches

    from tichu_site.celery import app

    app.conf.broker_url = url
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
