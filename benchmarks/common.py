"""What the database benchmarks share: the PostgreSQL bench database, Django set-up, timing and
the markdown table every benchmark prints.

The machine is shared and noisy, so each figure is the median of several runs and is printed
beside its floor measured in the same run: ratios hold where absolute times drift.
"""

from __future__ import annotations

import os
import platform
import socket
import statistics
import subprocess
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/9")  # a database of its own


def database_url(name: str) -> str:
    return f"{PG}/{name}"


def psql(sql: str, database: str = "postgres") -> str:
    """Run one statement with psql (CREATE/DROP DATABASE cannot run in a transaction)."""
    return subprocess.run(
        ["psql", database_url(database), "-tAc", sql], check=True, capture_output=True, text=True
    ).stdout.strip()


def database_exists(name: str) -> bool:
    return psql(f"SELECT 1 FROM pg_database WHERE datname = '{name}'") == "1"


def setup_django(database: str) -> None:
    """Point Django at the bench database (and Redis as broker and cache), then set it up.

    With a broker, ``hand_record`` only enqueues the standings task; no worker listens on the bench
    Redis database, so a benchmark calls the worker's function itself and times it.
    """
    os.environ["DATABASE_URL"] = database_url(database)
    os.environ.setdefault("REDIS_URL", REDIS)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tichu_site.settings")
    import django

    django.setup()


def timed(function, *args, **kwargs) -> float:
    start = time.perf_counter()
    function(*args, **kwargs)
    return time.perf_counter() - start


def median(values) -> float:
    return statistics.median(values)


def machine() -> str:
    """Date, CPU count and model: the context every results table is printed with."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} CPUs ({model}), "
        f"Python {platform.python_version()}"
    )


def table(columns: list[str], rows: list[list[str]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(columns) + " |", "|" + "|".join("---" for _ in columns) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


# --- the product served as in production -----------------------------------------------------


def free_port() -> int:
    """A TCP port on the loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_environment(**settings: str) -> dict[str, str]:
    """The environment of the product run as the README's production section says (``DEBUG=0``,
    errors only in the log), with a benchmark's own ``settings`` (its database, its broker)."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tichu_site.settings",
        "DEBUG": "0",
        "SECRET_KEY": "benchmark-only-" + "k" * 40,
        "HTTPS": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "ERROR",
        **settings,
    }


def start_gunicorn(
    env: dict[str, str],
    port: int,
    *,
    ready: str = "/",
    options: tuple[str, ...] = (),
    log: Path | None = None,
) -> subprocess.Popen:
    """gunicorn with 2 workers on ``port``, returned once ``ready`` (a path) answers; its errors
    go to ``log`` when given (and are quoted if it does not start)."""
    errors = open(log, "w") if log else subprocess.PIPE  # noqa: SIM115 - the process keeps it
    process = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "tichu_site.wsgi", "-b", f"127.0.0.1:{port}"]
        + ["-w", "2", "--log-level", "warning", *options],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{ready}", timeout=2)
            return process
        except OSError:
            time.sleep(0.3)
    process.kill()
    said = log.read_text() if log else process.stderr.read().decode()  # type: ignore[union-attr]
    raise RuntimeError("gunicorn did not start: " + said[-2000:])
