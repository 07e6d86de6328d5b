"""Public reads of a club event and of a 40,000-player event: ``python benchmarks/public_reads.py``.

Every public page and API read should cost what it shows, not what the event holds. This builds
(once; ``--reuse`` keeps it) the database ``tichu_bench_reads`` (``BENCH_READS_DATABASE`` names
another) with two DTM events of the same shape, 40 and 40,000 players: six rounds, rounds 1-5
played (4 hands a table, hands the engine's bots played and the engine scored), round 6
published with half of its tables played, standings computed. Rows go in with COPY, as in
``standings.py``; the large event takes about a minute to build.

Then it requests each read in process (Django's test client, ``DEBUG=0``, Redis as the cache),
as the public does:

- *warm*: the same request again and again, the cache as it is between two changes;
- *cold*: the event's version tokens renewed before each request, so whatever is cached is
  rebuilt: what the first reader pays after each change.

It prints the medians for both events, their ratio (target: at most 2x) and the queries of a
cold request.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages, wherever the script is run from

from benchmarks import common  # noqa: E402
from benchmarks import standings as league  # noqa: E402

DATABASE = os.environ.get("BENCH_READS_DATABASE", "tichu_bench_reads")
SIZES = (40, 40_000)
ROUNDS = 6
HANDS_PER_ROUND = 4
HAND_POOL = 300
CLUBS = [f"Club {n}" for n in range(1, 201)]
TARGET = 2.0

# (name, path): ``{e}`` the event, ``{p}`` a player in the middle of the standings (of those
# who played every hand),
# ``{last}`` the last page of the standings, ``{screen}`` the projector's first standings screen.
READS = [
    ("event page", "/events/{e}/"),
    ("standings table (htmx)", "/events/{e}/standings/"),
    ("standings table, last page", "/events/{e}/standings/?page={last}"),
    ("projector, seating screen", "/events/{e}/projector/"),
    ("projector, standings screen", "/events/{e}/projector/?screen={screen}"),
    ("player page", "/events/{e}/players/{p}/"),
    ("API event", "/api/events/{e}/"),
    ("API standings, first 100", "/api/events/{e}/standings/?limit=100"),
    ("API event players", "/api/events/{e}/players/"),
    ("API event rounds", "/api/events/{e}/rounds/"),
    ("API players of the event", "/api/players/?event={e}"),
    ("API tables of the event", "/api/tables/?event={e}"),
    ("API hands of the event", "/api/hands/?event={e}"),
    ("API player", "/api/players/{p}/"),
]


def event_name(players: int) -> str:
    return f"Public reads, {players} players (benchmark)"


# --- building -----------------------------------------------------------------------------------


def build(reuse: bool) -> dict[int, int]:
    """The two events' ids by size, building the database first unless ``reuse`` finds them."""
    exists = common.database_exists(DATABASE)
    if exists and not reuse:
        common.psql(f"DROP DATABASE {DATABASE} WITH (FORCE)")
        exists = False
    if not exists:
        common.psql(f"CREATE DATABASE {DATABASE}")
    common.setup_django(DATABASE)
    from django.core.management import call_command

    from tournaments.models import Event

    call_command("migrate", verbosity=0)
    ids = {}
    for players in SIZES:
        event = Event.objects.filter(name=event_name(players)).first()
        if event is None:
            start = time.perf_counter()
            event = _populate(players)
            print(
                f"built the event of {players:,} players in {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )
        ids[players] = event.pk
    return ids


def _populate(players: int):
    """An event of ``players`` players, its rounds, seats and hands, with standings."""
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from tournaments.models import Entrant, Event, Player, Round, StandingsChange
    from tournaments.services.events import event_create
    from tournaments.standings import compute as standings

    rng = random.Random(players)
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    event = event_create(
        owner=owner,
        name=event_name(players),
        preset="dtm",
        seed=1,
        overrides={"rounds": ROUNDS, "hands_per_round": HANDS_PER_ROUND},
    )
    pool = league._hand_pool(event.format, rng, HAND_POOL)
    with transaction.atomic():
        people = Player.objects.bulk_create(
            [Player(name=_name(i)) for i in range(players)], batch_size=5000
        )
        entrants = [
            e.pk
            for e in Entrant.objects.bulk_create(
                [
                    Entrant(event=event, name=p.name, player=p, club=rng.choice(CLUBS))
                    for p in people
                ],
                batch_size=5000,
            )
        ]
        rounds = Round.objects.bulk_create(
            [
                Round(
                    event=event,
                    number=n,
                    seed=n,
                    status=Round.Status.COMPLETE if n < ROUNDS else Round.Status.PUBLISHED,
                )
                for n in range(1, ROUNDS + 1)
            ]
        )
        per_round = players // 4
        codes = league._table_codes(rng, len(rounds) * per_round)
        with connection.cursor() as cursor:
            league._copy(
                cursor,
                "tournaments_table",
                ["round_id", "number", "code", "status"],
                ((rnd.pk, t + 1, next(codes), "open") for rnd in rounds for t in range(per_round)),
            )
            cursor.execute(
                "SELECT id, round_id, number FROM tournaments_table WHERE round_id "
                "= ANY(%s) ORDER BY round_id, number",
                [[r.pk for r in rounds]],
            )
            tables = cursor.fetchall()
            seats = {}
            for round_id in [r.pk for r in rounds]:
                order = entrants[:]
                rng.shuffle(order)
                round_tables = [t for t, r, _ in tables if r == round_id]
                for index, table_id in enumerate(round_tables):
                    seats[table_id] = order[4 * index : 4 * index + 4]
            league._copy(
                cursor,
                "tournaments_seat",
                ["table_id", "position", "entrant_id"],
                ((table_id, p, e) for table_id, four in seats.items() for p, e in enumerate(four)),
            )
            last = rounds[-1].pk
            played = [
                t for t, round_id, number in tables if round_id != last or number <= per_round // 2
            ]
            league._copy(
                cursor,
                "tournaments_hand",
                [
                    "table_id",
                    "number",
                    "entry",
                    "tp_0",
                    "tp_1",
                    "vp_0",
                    "vp_1",
                    "double_victory",
                    "entered_by",
                    "confirmed_by_opponents",
                    "created_at",
                    "updated_at",
                ],
                (
                    (
                        t,
                        n,
                        *rng.choice(pool),
                        "bench",
                        True,
                        "2026-01-01 00:00+00",
                        "2026-01-01 00:00+00",
                    )
                    for t in played
                    for n in range(1, HANDS_PER_ROUND + 1)
                ),
            )
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING, change_seq=1)
        StandingsChange.objects.create(event=event)
    with connection.cursor() as cursor:  # as autovacuum would (it may be off), before the
        cursor.execute("VACUUM ANALYZE")  # standings' plans and after their rows are written
        standings.refresh(event.pk, full=True)
        cursor.execute("VACUUM ANALYZE")
    return event


FIRST = [
    "Anna",
    "Ben",
    "Clara",
    "David",
    "Eva",
    "Felix",
    "Greta",
    "Hans",
    "Ida",
    "Jonas",
    "Karla",
    "Lukas",
    "Mia",
    "Noah",
    "Olga",
    "Paul",
]


def _name(index: int) -> str:
    """Names as a field has them: mostly distinct, a few shared (told apart by club or number)."""
    return f"{FIRST[index % len(FIRST)]} {'Schmidt' if index % 97 == 0 else f'Player {index}'}"


# --- measuring ----------------------------------------------------------------------------------


def _paths(event_id: int, players: int) -> dict[str, str]:
    from tournaments import selectors
    from tournaments.models import Event

    event = Event.objects.get(pk=event_id)
    full = [
        entrant
        for entrant, hands in selectors.standing_rows(event).values_list(
            "entrant_id", "hands_played"
        )
        if hands == ROUNDS * HANDS_PER_ROUND
    ]
    middle = full[len(full) // 2]  # a player page of as many hands in both events
    values = {"e": event_id, "p": middle, "last": -(-players // 100), "screen": -(-players // 32)}
    return {name: path.format(**values) for name, path in READS}


def _cold(event_id: int) -> None:
    """What a hand entered does: the standings' token renewed."""
    from tournaments.standings import cache as standings_cache

    standings_cache.invalidate(event_id)


def _request(client, path: str) -> float:
    # the standings table is read as the event page polls it (htmx), not as a page of its own
    polled = not path.startswith("/api/") and path.split("?")[0].endswith("/standings/")
    start = time.perf_counter()
    response = client.get(path, headers={"HX-Request": "true"} if polled else None)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, (path, response.status_code, response.content[:300])
    return elapsed


def measure(ids: dict[int, int], runs: int) -> list[list[str]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    paths = {size: _paths(event_id, size) for size, event_id in ids.items()}
    results = []
    for name, _ in READS:
        timings: dict[tuple[int, str], float] = {}
        queries = {}
        for size, event_id in ids.items():
            path = paths[size][name]
            _request(client, path)  # warm: the cache holds the answer from here on
            timings[size, "warm"] = common.median([_request(client, path) for _ in range(runs)])
            cold = []
            for _ in range(runs):
                _cold(event_id)
                cold.append(_request(client, path))
            timings[size, "cold"] = common.median(cold)
            _cold(event_id)
            with CaptureQueriesContext(connection) as captured:
                _request(client, path)
            queries[size] = len(captured)
        small, large = SIZES
        row = [name]
        for kind in ("warm", "cold"):
            ratio = timings[large, kind] / timings[small, kind]
            row += [
                common.ms(timings[small, kind]),
                common.ms(timings[large, kind]),
                f"{ratio:.2f}x" if ratio <= TARGET else f"**{ratio:.2f}x**",
            ]
        row.append(f"{queries[small]} / {queries[large]}")
        results.append(row)
        print(" | ".join(row), file=sys.stderr, flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--reuse", action="store_true", help=f"keep {DATABASE} (its two events) if already built"
    )
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-" + "k" * 40)
    os.environ.setdefault("HTTPS", "0")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    ids = build(args.reuse)
    rows = measure(ids, args.runs)
    small, large = SIZES
    print(
        f"### Public reads: {small} vs {large:,} players (in process, median of {args.runs} "
        f"requests each)\n"
    )
    print(f"{common.machine()}\n")
    print(
        common.table(
            [
                "read",
                f"warm {small}",
                f"warm {large:,}",
                "ratio",
                f"cold {small}",
                f"cold {large:,}",
                "ratio",
                "queries (cold)",
            ],
            rows,
        )
    )
    print(
        f"\nTarget: the {large:,}-player event within {TARGET:g}x of the {small}-player one. "
        "Warm: the cache as between two changes; cold: every cached answer rebuilt (after a "
        "change)."
    )


if __name__ == "__main__":
    main()
