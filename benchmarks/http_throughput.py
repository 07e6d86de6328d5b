"""HTTP throughput under gunicorn: ``python benchmarks/http_throughput.py [--seconds 10]``.

Starts gunicorn (2 workers, the product's WSGI app plus the reference endpoints of
``benchmarks/bare_app``) on PostgreSQL (``tichu_bench``, built by ``benchmarks/standings.py``) with
Redis as cache and broker (no Celery worker: a hand entry only enqueues), and loads it from a
second process with ``wrk`` for a fixed time per scenario:

- hand entry, ``PUT /api/tables/{id}/hands/{n}/`` with the captain's ``X-Table-Code``: each request
  a NEW hand (a Lua script walks the 2,500 tables of the league's open round and their hand
  numbers), validated by the engine, stored with its history, standings change recorded and the
  worker scheduled; against a bare DRF endpoint that inserts one row;
- the public standings API ``GET /api/events/{id}/standings/`` and page ``/events/{id}/``, for a
  club evening (40 players) and the league (10,000), against a constant-JSON endpoint of the
  same body size.

Prints requests/s, p50/p99 latency, ratios and the targets (hand entry >= 50% of the bare insert;
standings reads >= 80% of the constant endpoint). The hands entered are removed after each run.
``--only hand`` runs the hand entry and its bare insert, ``--only standings`` the reads.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages, wherever the script is run from

import argparse  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import urllib.request  # noqa: E402

from benchmarks import common  # noqa: E402
from benchmarks import standings as league  # noqa: E402

CLUB_NAME = "Club evening (benchmark)"
CONNECTIONS = 8
THREADS = 2
GROUPS = ("hand", "standings")  # scenario groups: ``--only`` picks one

PUT_SCRIPT = """
local tables = {%(tables)s}
local codes = {%(codes)s}
local per_thread = math.floor(#tables / %(threads)d)
local counter = 0
local thread_index = 0
-- Each thread takes its own slice of the tables. ``first`` is a global: setup() sets it in the
-- thread's state (a local here would shadow it, and every thread would enter the same hands).
function setup(thread)
  thread:set("first", thread_index * per_thread)
  thread_index = thread_index + 1
end
function init(args)
  first = tonumber(first) or 0
end
function request()
  local slot = counter
  counter = counter + 1
  local i = first + (slot %% per_thread) + 1
  local number = 1 + math.floor(slot / per_thread)
  wrk.headers["X-Table-Code"] = codes[i]
  wrk.headers["Content-Type"] = "application/json"
  return wrk.format("PUT", "/api/tables/" .. tables[i] .. "/hands/" .. number .. "/", nil,
                    '{"card_points": [60, 40]}')
end
"""

POST_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"card_points": [60, 40]}'
"""


def _club_event() -> int:
    """A 40-player club evening with one round played (created once in the bench database)."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event
    from tournaments.services.events import event_create, players_register
    from tournaments.services.hands import hand_record
    from tournaments.services.history import Actor
    from tournaments.services.rounds import round_pair, round_publish
    from tournaments.standings import compute as standings

    event = Event.objects.filter(name=CLUB_NAME).first()
    if event is not None:
        return event.pk
    orga = Actor.organizer(get_user_model().objects.get(username="bench"))
    event = event_create(
        owner=get_user_model().objects.get(username="bench"), name=CLUB_NAME, preset="dtm", seed=5
    )
    players_register(event=event, names=[f"Club player {i}" for i in range(40)], actor=orga)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    for table in rnd.tables.all():
        for number in range(1, 5):
            hand_record(
                table_id=table.pk,
                number=number,
                actor=Actor.captain(table),
                entry={"card_points": [50 + 5 * number, 50 - 5 * number]},
            )
    standings.refresh(event.pk)
    return event.pk


def _start_gunicorn(port: int) -> subprocess.Popen:
    env = common.server_environment(
        DJANGO_SETTINGS_MODULE="benchmarks.bare_app.settings",
        DATABASE_URL=common.database_url(league.DATABASE),
        REDIS_URL=common.REDIS,
        TABLE_CODE_THROTTLE="100000/minute",
    )
    return common.start_gunicorn(env, port, ready="/bench/constant/")


def _wrk(url: str, seconds: int, script: str | None = None) -> dict:
    command = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        if script:
            lua.write(script)
            command += ["-s", lua.name]
    out = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    os.unlink(lua.name)

    def latency(percent: str) -> float:
        value, unit = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": latency("50"),
        "p99": latency("99"),
        "errors": int(errors.group(1)) if errors else 0,
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
    }


def _size(url: str) -> int:
    with urllib.request.urlopen(url, timeout=30) as response:
        return len(response.read())


def _median(results: list[dict]) -> dict:
    return {key: common.median([r[key] for r in results]) for key in results[0]}


def measure(seconds: int, runs: int, groups=GROUPS) -> list[list[str]]:
    from django.db import connection

    from tournaments.models import Hand, Table
    from tournaments.standings import compute as standings

    event_id = league.build(reuse=True)
    club_id = _club_event()
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE IF NOT EXISTS bench_insert (id bigserial PRIMARY KEY, "
            "body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())"
        )
    open_round = league.ROUNDS_PLAYED + 1
    tables = list(
        Table.objects.filter(round__event_id=event_id, round__number=open_round)
        .order_by("number")
        .values_list("pk", "code")
    )
    hands_before = Hand.objects.filter(
        table__round__number=open_round, table__round__event_id=event_id
    ).count()
    assert hands_before == 0, "the league's open round must be empty (see standings.py)"
    port = common.free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start_gunicorn(port)
    results: dict[str, list[dict]] = {}
    try:
        scenarios = {}
        if "hand" in groups:
            scenarios["bare insert (POST one row)"] = (f"{base}/bench/insert/", POST_SCRIPT)
        read_events = (("club", club_id), ("league", event_id)) if "standings" in groups else ()
        for name, path in read_events:
            api = f"{base}/api/events/{path}/standings/"
            page = f"{base}/events/{path}/"
            _size(api)  # fill the cache
            scenarios[f"standings API, {name}"] = (api, None)
            scenarios[f"constant, size of {name} API"] = (
                f"{base}/bench/constant/?bytes={_size(api)}",
                None,
            )
            scenarios[f"standings page, {name}"] = (page, None)
            scenarios[f"constant, size of {name} page"] = (
                f"{base}/bench/constant/?bytes={_size(page)}",
                None,
            )
        script = PUT_SCRIPT % {
            "tables": ",".join(str(pk) for pk, _ in tables),
            "codes": ",".join(f'"{code}"' for _, code in tables),
            "threads": THREADS,
        }
        for _ in range(runs):
            with connection.cursor() as cursor:  # every run inserts into an empty table
                cursor.execute("TRUNCATE bench_insert")
            if "hand" in groups:
                run = _wrk(base, seconds, script)
                entered = _remove_entered_hands(event_id, open_round)  # the next: from hand 1
                # requests under way when wrk stops are entered without being counted
                assert run["requests"] <= entered <= run["requests"] + 2 * CONNECTIONS, (
                    f"{run['requests']} requests entered {entered} hands: not one new hand each"
                )
                results.setdefault("hand entry (PUT, new hand)", []).append(run)
            for scenario, (url, lua) in scenarios.items():
                if lua is None:
                    _size(url)  # cached reads: the hand entries above renewed the token
                results.setdefault(scenario, []).append(_wrk(url, seconds, lua))
    finally:
        server.terminate()
        server.wait(timeout=20)
        _remove_entered_hands(event_id, open_round)
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE bench_insert")
        standings.refresh(event_id, full=True)
    return _rows({name: _median(r) for name, r in results.items()})


def _remove_entered_hands(event_id: int, open_round: int) -> int:
    """Remove the hands the benchmark entered in the league's open round, with their history
    and standings changes; how many. A round holds 8 hands a table: a fast run would otherwise
    leave the next too few. Then vacuum what was written, as autovacuum would (it is off on this
    machine): without it every run found more dead rows than the one before, and ran slower."""
    from django.db import connection

    from tournaments.models import Change, Event, Hand, StandingsChange

    added = list(
        Hand.objects.filter(
            table__round__event_id=event_id, table__round__number=open_round
        ).values_list("pk", flat=True)
    )
    Change.objects.filter(subject="hand", subject_id__in=added).delete()
    StandingsChange.objects.filter(
        table__round__event_id=event_id, table__round__number=open_round
    ).delete()
    Hand.objects.filter(pk__in=added).delete()
    with connection.cursor() as cursor:
        cursor.execute(
            "VACUUM ANALYZE "
            + ", ".join(model._meta.db_table for model in (Hand, Change, StandingsChange, Event))
        )
    return len(added)


def _rows(m: dict[str, dict]) -> list[list[str]]:
    def row(name, reference=None, target=None):
        r = m[name]
        cells = [
            name,
            f"{r['rps']:,.0f}",
            f"{r['p50']:.1f} ms",
            f"{r['p99']:.1f} ms",
            f"{r['errors']:.0f}",
        ]
        if reference is None:
            return [*cells, "", "", ""]
        ratio = r["rps"] / m[reference]["rps"] if m[reference]["rps"] else 0.0
        if r["errors"] or m[reference]["errors"]:
            verdict = "**not measured: errors**"
        else:
            verdict = "met" if ratio >= target else "**not met**"
        return [*cells, f"{ratio:.0%} of {reference}", f">= {target:.0%}", verdict]

    rows = []
    if "hand entry (PUT, new hand)" in m:
        rows += [
            row("bare insert (POST one row)"),
            row("hand entry (PUT, new hand)", "bare insert (POST one row)", 0.5),
        ]
    for name in ("club", "league") if "standings API, club" in m else ():
        rows += [
            row(f"constant, size of {name} API"),
            row(f"standings API, {name}", f"constant, size of {name} API", 0.8),
            row(f"constant, size of {name} page"),
            row(f"standings page, {name}", f"constant, size of {name} page", 0.8),
        ]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10, help="per scenario and run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--only",
        choices=GROUPS,
        help="run only the hand entry scenarios (with "
        "their bare insert) or only the standings reads",
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: apt-get install -y wrk")
    common.setup_django(league.DATABASE)
    rows = measure(args.seconds, args.runs, (args.only,) if args.only else GROUPS)
    print(
        f"### HTTP under gunicorn (2 workers), wrk {THREADS} threads x {CONNECTIONS} "
        f"connections, {args.seconds} s per scenario, median of {args.runs} runs\n"
    )
    print(f"{common.machine()}\n")
    print(
        common.table(
            ["scenario", "requests/s", "p50", "p99", "non-2xx", "ratio", "target", ""], rows
        )
    )


if __name__ == "__main__":
    main()
