"""How fresh the public standings are on the day: ``python benchmarks/freshness.py [--runs 3]``.

The whole service as it runs at a venue, on this machine: PostgreSQL, Redis, a real Celery
worker (with its beat) and gunicorn with 2 workers. Each run creates a 160-player DTM event and
publishes its round 1 (40 tables); then, from one client process:

- 40 captains, one per table, enter their table's 4 hands (``PUT /api/tables/{id}/hands/{n}/``
  with the table's code), each after a pause of 2-9 s (a hand takes minutes at a real table;
  the pauses are short to keep the run short, which makes the load heavier, not lighter);
- 500 spectators poll the public standings API (``GET /api/events/{id}/standings/``), each every
  5 s, started evenly over the first 5 s (so about 100 reads a second, one every 10 ms).

Measured for every hand: the time from its ``201`` reaching the captain to the first standings
answer any spectator receives that includes it (the four players of its table show at least that
many hands played), so the figure includes the spectators' polling (one answer every ~10 ms);
and each captain's entry latency. Prints p50/p95/p99/max of the freshness and p50/p99 of the
entry latency per run and their medians over the runs, against the targets (freshness p99 <= 2 s,
entry p99 <= 100 ms). To tell where the time goes it also prints each request's time inside a
gunicorn worker (from its access log: a captain's latency beyond it is the wait for a free worker)
and the client's own event-loop lag.

The clients are asyncio coroutines over plain HTTP/1.1 connections (one per request, as
gunicorn's sync workers close them), in one process: 540 clients cost a few percent of a core,
where 540 threads would compete with the servers for the machine's two.

Database: ``tichu_freshness`` (``BENCH_FRESHNESS_DB``) on ``BENCH_PG`` (as in ``common``); Redis:
database 12 (``BENCH_FRESHNESS_REDIS``). ``--threads N`` runs gunicorn's gthread workers instead of
its sync workers, ``--spectators N`` another crowd.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages, wherever the script is run from

import argparse  # noqa: E402
import asyncio  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

from benchmarks import common  # noqa: E402

DATABASE = os.environ.get("BENCH_FRESHNESS_DB", "tichu_freshness")
# Its own Redis database: the worker must not take tasks another benchmark left in a queue.
REDIS = os.environ.get("BENCH_FRESHNESS_REDIS", "redis://127.0.0.1:6379/12")
PLAYERS, HANDS = 160, 4
SPECTATORS, POLL_SECONDS = 500, 5.0
PAUSE_SECONDS = (2.0, 9.0)
TARGET_FRESHNESS_P99, TARGET_ENTRY_P99 = 2.0, 0.100
ACCESS_LOG = "access.log"  # gunicorn's: method and microseconds in the worker, per request


@dataclass
class Table:
    id: int
    code: str
    entrants: tuple[int, ...]


@dataclass
class Run:
    """What one run observed."""

    entered: dict[tuple[int, int], float] = field(default_factory=dict)  # (table, hand) -> 201
    seen: dict[tuple[int, int], float] = field(default_factory=dict)  # first answer with it
    latencies: list[float] = field(default_factory=list)
    loop_lag: list[float] = field(default_factory=list)  # the client's own delays
    reads: int = 0
    failures: list[str] = field(default_factory=list)


# --- the service -----------------------------------------------------------------------------


def _environment() -> dict:
    return common.server_environment(DATABASE_URL=common.database_url(DATABASE), REDIS_URL=REDIS)


def _start_services(port: int, logs: Path, threads: int) -> list[subprocess.Popen]:
    """gunicorn (2 workers; sync, or gthread with ``threads`` threads each) and a Celery worker
    with its beat, as in production."""
    env = _environment()
    access = ("--access-logfile", str(logs / ACCESS_LOG), "--access-logformat", "%(m)s %(D)s")
    web = common.start_gunicorn(
        env,
        port,
        ready="/api/events/",
        options=("--threads", str(threads), *access),
        log=logs / "gunicorn.log",
    )
    worker = subprocess.Popen(
        [
            str(common.ROOT / ".venv/bin/celery"),
            "-A",
            "tichu_site",
            "worker",
            "-B",
            "--pool=solo",
            "--loglevel=WARNING",
            f"--schedule={logs / 'beat-schedule'}",
        ],
        cwd=common.ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(logs / "celery.log", "w"),  # noqa: SIM115
    )
    processes = [web, worker]
    deadline = time.monotonic() + 60
    from tichu_site.celery import app

    while not app.control.ping(timeout=0.5):
        if time.monotonic() > deadline or worker.poll() is not None:
            _stop(processes)
            raise RuntimeError(
                "the worker did not start: " + (logs / "celery.log").read_text()[-2000:]
            )
    return processes


def _stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _prepare_database() -> None:
    if not common.database_exists(DATABASE):
        common.psql(f"CREATE DATABASE {DATABASE}")
    os.environ["REDIS_URL"] = REDIS
    common.setup_django(DATABASE)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    get_user_model().objects.get_or_create(username="bench")


def _new_round(seed: int) -> tuple[int, list[Table]]:
    """A 160-player DTM event with round 1 published and its (empty) standings computed."""
    from django.contrib.auth import get_user_model

    from tournaments.services.events import event_create, players_register
    from tournaments.services.history import Actor
    from tournaments.services.rounds import round_pair
    from tournaments.standings import compute as standings

    owner = get_user_model().objects.get(username="bench")
    organizer = Actor.organizer(owner)
    event = event_create(owner=owner, name=f"Freshness {seed}", preset="dtm", seed=seed)
    players_register(event=event, names=[f"Player {i}" for i in range(PLAYERS)], actor=organizer)
    rnd = round_pair(event_id=event.pk, actor=organizer, publish=True)
    standings.refresh(event.pk, full=True)
    tables = [
        Table(t.pk, t.code, tuple(s.entrant_id for s in t.seats.order_by("position")))
        for t in rnd.tables.prefetch_related("seats").order_by("number")
    ]
    assert len(tables) == PLAYERS // 4
    return event.pk, tables


# --- the clients -----------------------------------------------------------------------------


async def _http(
    port: int, method: str, path: str, body: bytes = b"", headers: dict | None = None
) -> tuple[int, bytes]:
    """One request on its own connection (gunicorn's sync workers close each one)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [
        f"{method} {path} HTTP/1.1",
        "Host: 127.0.0.1",
        "Connection: close",
        f"Content-Length: {len(body)}",
        *(f"{k}: {v}" for k, v in (headers or {}).items()),
    ]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    head, _, payload = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), payload


async def _captain(port: int, table: Table, rng: random.Random, run: Run) -> None:
    for number in range(1, HANDS + 1):
        await asyncio.sleep(rng.uniform(*PAUSE_SECONDS))
        points = 5 * rng.randint(0, 20)
        body = json.dumps({"card_points": [points, 100 - points]}).encode()
        started = time.monotonic()
        status, payload = await _http(
            port,
            "PUT",
            f"/api/tables/{table.id}/hands/{number}/",
            body,
            {"X-Table-Code": table.code, "Content-Type": "application/json"},
        )
        answered = time.monotonic()
        if status != 201:
            run.failures.append(f"hand {number} at table {table.id}: {status} {payload[:200]!r}")
            return
        run.latencies.append(answered - started)
        run.entered[(table.id, number)] = answered


async def _spectator(
    port: int, event_id: int, offset: float, stop: asyncio.Event, tables: list[Table], run: Run
) -> None:
    await asyncio.sleep(offset)
    path = f"/api/events/{event_id}/standings/"
    while not stop.is_set():
        started = time.monotonic()
        status, payload = await _http(port, "GET", path)
        received = time.monotonic()
        run.reads += 1
        if status != 200:
            run.failures.append(f"standings: {status}")
        elif len(run.seen) < len(run.entered):  # hands entered and not seen yet: look
            _note_seen(json.loads(payload)["rows"], received, tables, run)
        await asyncio.sleep(max(0.0, POLL_SECONDS - (time.monotonic() - started)))


def _note_seen(rows: list[dict], received: float, tables: list[Table], run: Run) -> None:
    played = {row["player"]["id"]: row["hands_played"] for row in rows}
    for table in tables:
        shown = min(played.get(entrant, 0) for entrant in table.entrants)
        for number in range(1, shown + 1):
            run.seen.setdefault((table.id, number), received)


async def _watch_loop(stop: asyncio.Event, run: Run) -> None:
    """How late the client's event loop wakes (a 50 ms sleep's overshoot): time the client,
    not the service, adds to every figure."""
    while not stop.is_set():
        started = time.monotonic()
        await asyncio.sleep(0.05)
        run.loop_lag.append(time.monotonic() - started - 0.05)


async def _day(port: int, event_id: int, tables: list[Table], seed: int, spectators: int) -> Run:
    run, stop = Run(), asyncio.Event()
    polling = [
        asyncio.create_task(
            _spectator(port, event_id, POLL_SECONDS * i / spectators, stop, tables, run)
        )
        for i in range(spectators)
    ]
    watch = asyncio.create_task(_watch_loop(stop, run))
    rng = random.Random(seed)
    await asyncio.gather(
        *(_captain(port, table, random.Random(rng.random()), run) for table in tables)
    )
    deadline = time.monotonic() + 30  # the last hands: until every one is seen
    while len(run.seen) < len(run.entered) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    stop.set()
    await asyncio.gather(*polling, watch)
    return run


# --- figures ---------------------------------------------------------------------------------


def _percentile(values: list[float], percent: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(percent / 100 * (len(ordered) - 1))))]


def _server_times(log: Path, start: int) -> dict[str, list[float]]:
    """Seconds each request spent in a gunicorn worker, by method, from byte ``start`` of the
    access log on."""
    times: dict[str, list[float]] = {}
    with open(log, "rb") as lines:
        lines.seek(start)
        for line in lines:
            method, micros = line.split()
            times.setdefault(method.decode(), []).append(int(micros) / 1e6)
    return times


def _figures(run: Run, server: dict[str, list[float]]) -> dict[str, float]:
    missing = [key for key in run.entered if key not in run.seen]
    assert not missing, f"{len(missing)} hands never shown in the standings: {missing[:5]}"
    freshness = [max(0.0, run.seen[key] - entered) for key, entered in run.entered.items()]
    return {
        "hands": len(run.entered),
        "reads": run.reads,
        **{f"fresh p{p}": _percentile(freshness, p) for p in (50, 95, 99)},
        "fresh max": max(freshness),
        "entry p50": _percentile(run.latencies, 50),
        "entry p99": _percentile(run.latencies, 99),
        "entry in server p50": _percentile(server["PUT"], 50),
        "entry in server p99": _percentile(server["PUT"], 99),
        "read in server p99": _percentile(server["GET"], 99),
        "client lag p99": _percentile(run.loop_lag, 99),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--port", type=int, default=0, help="gunicorn's (default: a free one)")
    parser.add_argument("--spectators", type=int, default=SPECTATORS)
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="threads per gunicorn worker (1: sync workers, more: gthread)",
    )
    args = parser.parse_args()
    _prepare_database()
    port = args.port or common.free_port()
    load_before = os.getloadavg()[0]
    results = []
    with tempfile.TemporaryDirectory() as logs:
        processes = _start_services(port, Path(logs), args.threads)
        try:
            for index in range(args.runs):
                seed = int(time.time()) * 10 + index
                event_id, tables = _new_round(seed)
                started = time.monotonic()
                log = Path(logs) / ACCESS_LOG
                log_start = log.stat().st_size
                run = asyncio.run(_day(port, event_id, tables, seed, args.spectators))
                if run.failures:
                    raise SystemExit(
                        f"run {index + 1}: {len(run.failures)} failures, first: {run.failures[0]}"
                    )
                time.sleep(1)  # gunicorn writes its access log after each answer
                figures = _figures(run, _server_times(log, log_start))
                figures["seconds"] = time.monotonic() - started
                results.append(figures)
                print(
                    f"run {index + 1}: "
                    + ", ".join(
                        f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                        for k, v in figures.items()
                    ),
                    flush=True,
                )
        finally:
            _stop(processes)
    median = {key: common.median([r[key] for r in results]) for key in results[0]}
    print(
        f"\n### Standings freshness: {PLAYERS}-player DTM round, {PLAYERS // 4} captains, "
        f"{args.spectators} spectators polling every {POLL_SECONDS:.0f} s; gunicorn 2 workers "
        f"x {args.threads} thread(s), "
        f"1 Celery worker; median of {args.runs} runs\n"
    )
    print(f"{common.machine()}, load {load_before:.1f} before the runs\n")

    def verdict(value: float, target: float) -> str:
        return "met" if value <= target else "**not met**"

    print(
        common.table(
            ["figure", "p50", "p95", "p99", "max", "target", ""],
            [
                [
                    "freshness: 201 -> first public answer with the hand "
                    f"({median['hands']:.0f} hands, {median['reads']:.0f} reads)",
                    common.ms(median["fresh p50"]),
                    common.ms(median["fresh p95"]),
                    common.ms(median["fresh p99"]),
                    common.ms(median["fresh max"]),
                    "p99 <= 2 s",
                    verdict(median["fresh p99"], TARGET_FRESHNESS_P99),
                ],
                [
                    "hand entry latency (captains)",
                    common.ms(median["entry p50"]),
                    "",
                    common.ms(median["entry p99"]),
                    "",
                    "p99 <= 100 ms",
                    verdict(median["entry p99"], TARGET_ENTRY_P99),
                ],
                [
                    "hand entry, its time in a gunicorn worker",
                    common.ms(median["entry in server p50"]),
                    "",
                    common.ms(median["entry in server p99"]),
                    "",
                    "",
                    "",
                ],
                [
                    "standings read, its time in a gunicorn worker",
                    "",
                    "",
                    common.ms(median["read in server p99"]),
                    "",
                    "",
                    "",
                ],
                [
                    "the client's event-loop lag",
                    "",
                    "",
                    common.ms(median["client lag p99"]),
                    "",
                    "",
                    "",
                ],
            ],
        )
    )
    reads_per_second = common.median([r["reads"] / r["seconds"] for r in results])
    print(
        f"\nStandings reads answered: {reads_per_second:.0f}/s of "
        f"{args.spectators / POLL_SECONDS:.0f}/s asked; a run took "
        f"{median['seconds']:.0f} s."
    )


if __name__ == "__main__":
    main()
