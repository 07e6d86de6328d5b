"""Fixtures of the reliability tests: real processes on the test database.

- ``start_server``: gunicorn (gthread, 4 workers x 4 threads) on 127.0.0.1 and a free port, with
  production-like settings (``DEBUG=0``), on the test database and a given Redis.
- ``start_worker``: a Celery worker (optionally with its beat) on the test database and a Redis.
- ``start_redis``: a private ``redis-server`` on a free port that a test may stop and start again.
- ``paused_session_worker``: the session's Celery worker (tests/conftest.py) is stopped (SIGSTOP)
  while a fault test runs, so that only the test's own worker computes standings; it is continued
  (SIGCONT) afterwards.

Every process started here is stopped by the fixture that started it, by its own process id.
Logs go to the pytest temporary folder and are quoted in assertion messages.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from rest_framework.authtoken.models import Token

from tests.conftest import descendants

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = "/usr/bin/redis-server"

# A valid DTM hand: team 0 takes 60 card points, team 1 40.
HAND = {"card_points": [60, 40], "finish_order": [1, 0, 3, 2]}
OTHER_HAND = {"card_points": [30, 70], "finish_order": [1, 0, 3, 2]}


@pytest.fixture(autouse=True)
def _fresh_throttles():
    """Throttle counters live in the cache: every test starts with none of its client IPs'."""
    keys = [
        f"throttle_{scope}_{ip}"
        for scope in ("table_code_failures", "login_per_client")
        for ip in ("127.0.0.1", "10.0.0.1", "10.0.0.2")
    ]
    cache.delete_many(keys)
    yield
    cache.delete_many(keys)


# --- helpers --------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_database_url() -> str:
    """The URL of the test database (inside a test with database access)."""
    from django.db import connection

    db = connection.settings_dict
    return (
        f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


test_database_url.__test__ = False  # not a test, whatever its name says


def session_redis_url() -> str:
    """The Redis database the session's worker and this test process use (live mode)."""
    return settings.CACHES["default"]["LOCATION"]


def token_for(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


@dataclass
class Reply:
    status: int
    body: bytes
    seconds: float
    headers: dict = field(default_factory=dict)

    def json(self):
        return json.loads(self.body)

    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


def request(
    base: str,
    method: str,
    path: str,
    body=None,
    headers: dict | None = None,
    timeout: float = 30,
    raw: bytes | None = None,
) -> Reply:
    """One HTTP request on a new connection (stdlib only); ``body`` is sent as JSON."""
    host, port = base.removeprefix("http://").split(":")
    headers = dict(headers or {})
    data = raw
    if body is not None:
        data = json.dumps(body).encode()
    if data is not None:
        headers.setdefault("Content-Type", "application/json")
    started = time.monotonic()
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        return Reply(
            response.status,
            payload,
            time.monotonic() - started,
            {k.lower(): v for k, v in response.getheaders()},
        )
    finally:
        conn.close()


def _stop(process: subprocess.Popen, timeout: float = 20, sig: int = signal.SIGTERM) -> None:
    if process.poll() is not None:
        return
    process.send_signal(sig)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        for child in descendants(process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
        process.kill()
        process.wait(timeout=10)


# --- gunicorn -------------------------------------------------------------------------------------


@dataclass
class Server:
    process: subprocess.Popen
    url: str
    log: Path

    def request(self, method: str, path: str, body=None, headers=None, **kwargs) -> Reply:
        return request(self.url, method, path, body, headers, **kwargs)


def server_env(redis_url: str) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        "REDIS_URL": redis_url,
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
    }


@pytest.fixture
def start_server(tmp_path):
    """``start_server(redis_url)`` -> a running ``Server``; stopped after the test."""
    started: list[Server] = []

    def start(redis_url: str, workers: int = 4, threads: int = 4) -> Server:
        port = free_port()
        log = tmp_path / f"gunicorn-{port}.log"
        with open(log, "w") as out:  # gunicorn's log and the service's (Django's 500s) alike
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "tichu_site.wsgi:application",
                    "--bind",
                    f"127.0.0.1:{port}",
                    "--worker-class",
                    "gthread",
                    "--workers",
                    str(workers),
                    "--threads",
                    str(threads),
                    "--timeout",
                    "60",
                    "--graceful-timeout",
                    "5",
                    "--error-logfile",
                    "-",
                ],
                cwd=ROOT,
                env=server_env(redis_url),
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        server = Server(process, f"http://127.0.0.1:{port}", log)
        started.append(server)
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{tail(log)}")
            try:
                if server.request("GET", "/api/events/", timeout=5).status == 200:
                    return server
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer:\n{tail(log)}")
            time.sleep(0.2)

    yield start
    for server in started:
        _stop(server.process, sig=signal.SIGQUIT)  # gunicorn's quick shutdown


# --- Redis and Celery -----------------------------------------------------------------------------


@dataclass
class PrivateRedis:
    port: int
    log: Path
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--logfile",
                str(self.log),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 10
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start:\n{tail(self.log)}")
            time.sleep(0.05)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            _stop(self.process)
            self.process = None


@pytest.fixture
def start_redis(tmp_path):
    """``start_redis()`` -> a running private ``PrivateRedis``; stopped after the test."""
    started: list[PrivateRedis] = []

    def start() -> PrivateRedis:
        port = free_port()
        redis = PrivateRedis(port, tmp_path / f"redis-{port}.log")
        redis.start()
        started.append(redis)
        return redis

    yield start
    for redis in started:
        redis.stop()


@dataclass
class Worker:
    process: subprocess.Popen
    log: Path

    def kill(self) -> None:
        """SIGKILL, as the kernel's OOM killer or a pulled plug would."""
        for child in descendants(self.process.pid):
            os.kill(child, signal.SIGKILL)
        self.process.kill()
        self.process.wait(timeout=10)


def celery_ping(redis_url: str, timeout: float = 60) -> None:
    from celery import Celery

    app = Celery(broker=redis_url, set_as_current=False)  # the tests keep their own app
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if app.control.ping(timeout=0.5):
                return
            time.sleep(0.3)
        raise RuntimeError(f"no Celery worker answered on {redis_url}")
    finally:
        app.close()


@pytest.fixture
def start_worker(tmp_path):
    """``start_worker(redis_url, beat=True)`` -> a ready ``Worker`` on the test database."""
    started: list[Worker] = []

    def start(
        redis_url: str, beat: bool = True, *, processes: int = 0, sweep_seconds: float = 1
    ) -> Worker:
        """``processes`` > 0: a prefork pool of that many processes, as production runs it
        (reserving up to that many messages); 0: one process (solo)."""
        name = f"reliability-{len(started)}-{os.getpid()}"
        log = tmp_path / f"{name}.log"
        pool = [f"--concurrency={processes}"] if processes else ["--pool=solo"]
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "tichu_site",
            "worker",
            *pool,
            "--loglevel=INFO",
            f"--hostname={name}@%h",
            "--without-gossip",
            "--without-mingle",
        ]
        if beat:
            command += ["-B", f"--schedule={tmp_path / name}-beat"]
        env = {
            **os.environ,
            "DATABASE_URL": test_database_url(),
            "REDIS_URL": redis_url,
            "STANDINGS_SWEEP_SECONDS": str(sweep_seconds),
        }
        with open(log, "w") as out:
            process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        worker = Worker(process, log)
        started.append(worker)
        try:
            celery_ping(redis_url)
        except RuntimeError as error:
            raise RuntimeError(f"{error}:\n{tail(log)}") from None
        return worker

    yield start
    for worker in started:
        _stop(worker.process)


@pytest.fixture
def paused_session_worker(transactional_db, pause_session_worker):
    """Stop the session's worker (and its beat) for the test, continue it afterwards.

    The session worker shares the test database: its catch-up beat would otherwise refresh the
    fault tests' stale standings through the session's Redis and hide what the test checks.
    """
    pause_session_worker()


DERIVED = {"RoundResult", "StandingRow", "StandingsChange"}


def stored() -> dict:
    """Rows of every model of the service but the derived ones (standings the worker rebuilds
    at its own pace): what a refused request must never change."""
    return {
        model.__name__: model.objects.count()
        for model in apps.get_app_config("tournaments").get_models()
        if model.__name__ not in DERIVED
    }
