"""Standings of a national league on PostgreSQL: ``python benchmarks/standings.py [--reuse]``.

Builds (once; ``--reuse`` keeps it) the database ``tichu_bench``: one league event of 10,000
players in 51 rounds of 2,500 tables of four, 8 hands per round; rounds 1-50 are played
(1,000,000 hands, VP and TP of hands the engine's bots played, scored by the engine), round 51 is
published and empty, so new hands can be entered. Rows go in with COPY; a build takes a few
minutes.

Then measures, as medians of several runs:

- the floor: one SQL aggregate of VP/TP per player over the 1,000,000 hands, ranked. Two forms:
  the TIPS.md form (UNION ALL over the four seat columns of a denormalised copy of the hands),
  and the same aggregate over the service's own tables (hands joined to seats);
- our full recomputation (``standings.refresh(event, full=True)``: every round result and
  standing line recomputed from the hands, only differences written), and once the first one
  from empty standings (every row written);
- the update after one new hand: the hand recorded through ``hand_record`` (the captain's path),
  then the worker's ``standings.refresh`` called directly and timed; likewise an organizer's
  correction of a hand of round 1.

Targets (issue 6): full recomputation at most 2x the floor; the update after one hand at least
50x faster than a full recomputation. The hands added are removed again at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages, wherever the script is run from

from benchmarks import common  # noqa: E402

DATABASE = os.environ.get("BENCH_DATABASE", "tichu_bench")  # another name: a second copy
PLAYERS = 10_000
ROUNDS_PLAYED = 50
HANDS_PER_ROUND = 8
HAND_POOL = 1_500  # distinct bot-played hands, sampled for the million
EVENT_NAME = "National online league (benchmark)"
FLOOR_TABLE = "bench_floor_hands"

FLOOR_UNION_SQL = f"""
SELECT player, vp, tp, RANK() OVER (ORDER BY vp DESC, tp DESC) FROM (
    SELECT player, SUM(vp) AS vp, SUM(tp) AS tp FROM (
        SELECT p0 AS player, vp_0 AS vp, tp_0 AS tp FROM {FLOOR_TABLE}
        UNION ALL SELECT p1, vp_1, tp_1 FROM {FLOOR_TABLE}
        UNION ALL SELECT p2, vp_0, tp_0 FROM {FLOOR_TABLE}
        UNION ALL SELECT p3, vp_1, tp_1 FROM {FLOOR_TABLE}
    ) AS seats GROUP BY player
) AS totals
"""

FLOOR_SCHEMA_SQL = """
SELECT entrant_id, vp, tp, RANK() OVER (ORDER BY vp DESC, tp DESC) FROM (
    SELECT s.entrant_id, SUM(CASE WHEN s.position %% 2 = 0 THEN h.vp_0 ELSE h.vp_1 END) AS vp,
           SUM(CASE WHEN s.position %% 2 = 0 THEN h.tp_0 ELSE h.tp_1 END) AS tp
    FROM tournaments_hand h JOIN tournaments_seat s ON s.table_id = h.table_id
    JOIN tournaments_table t ON t.id = h.table_id JOIN tournaments_round r ON r.id = t.round_id
    WHERE r.event_id = %s GROUP BY s.entrant_id
) AS totals
"""


# --- building the league -------------------------------------------------------------------------


def build(reuse: bool) -> int:
    """The bench event's id, building the database first unless ``reuse`` finds it built."""
    if reuse and common.database_exists(DATABASE):
        common.setup_django(DATABASE)
        from django.core.management import call_command

        from tournaments.models import Event

        call_command("migrate", verbosity=0)  # a copy built before the latest migration
        event = Event.objects.filter(name=EVENT_NAME).first()
        if event is not None:
            return event.pk
    elif common.database_exists(DATABASE):
        common.psql(f"DROP DATABASE {DATABASE} WITH (FORCE)")
    if not common.database_exists(DATABASE):
        common.psql(f"CREATE DATABASE {DATABASE}")
    common.setup_django(DATABASE)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    event_id = _populate()
    print(f"built {DATABASE} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return event_id


def _populate() -> int:
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from tournaments.models import Entrant, Event, Player, Round, StandingsChange, Table
    from tournaments.services.events import event_create

    rng = random.Random(2026)
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    event = event_create(
        owner=owner,
        name=EVENT_NAME,
        preset="dtm",
        seed=1,
        overrides={"rounds": ROUNDS_PLAYED + 1, "hands_per_round": HANDS_PER_ROUND},
    )
    pool = _hand_pool(event.format, rng)
    with transaction.atomic():
        players = Player.objects.bulk_create(
            [Player(name=f"Player {i + 1}") for i in range(PLAYERS)], batch_size=5000
        )
        entrants = [
            e.pk
            for e in Entrant.objects.bulk_create(
                [Entrant(event=event, name=p.name, player=p) for p in players], batch_size=5000
            )
        ]
        rounds = Round.objects.bulk_create(
            [
                Round(
                    event=event,
                    number=n,
                    seed=n,
                    status=Round.Status.COMPLETE if n <= ROUNDS_PLAYED else Round.Status.PUBLISHED,
                )
                for n in range(1, ROUNDS_PLAYED + 2)
            ]
        )
        codes = _table_codes(rng, len(rounds) * PLAYERS // 4)
        with connection.cursor() as cursor:
            _copy(
                cursor,
                "tournaments_table",
                ["round_id", "number", "code", "status"],
                (
                    (rnd.pk, t + 1, next(codes), "open")
                    for rnd in rounds
                    for t in range(PLAYERS // 4)
                ),
            )
            cursor.execute(
                "SELECT id, round_id, number FROM tournaments_table t WHERE round_id "
                "= ANY(%s) ORDER BY round_id, number",
                [[r.pk for r in rounds]],
            )
            tables = cursor.fetchall()
            seats = {}
            by_round: dict[int, list[int]] = {}
            for table_id, round_id, _number in tables:
                by_round.setdefault(round_id, []).append(table_id)
            for round_tables in by_round.values():
                order = entrants[:]
                rng.shuffle(order)
                for index, table_id in enumerate(round_tables):
                    seats[table_id] = order[4 * index : 4 * index + 4]
            _copy(
                cursor,
                "tournaments_seat",
                ["table_id", "position", "entrant_id"],
                ((table_id, p, e) for table_id, four in seats.items() for p, e in enumerate(four)),
            )
            played = [t for t, round_id, _ in tables if round_id != rounds[-1].pk]
            _copy(
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
            _floor_table(cursor)
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING, change_seq=1)
        StandingsChange.objects.create(event=event)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    assert Table.objects.filter(round__event=event).count() == len(tables)
    return event.pk


def _hand_pool(event_format, rng: random.Random, size: int = HAND_POOL) -> list[tuple]:
    """``size`` hands the engine's bots played, scored by the engine: (entry, tp_0, tp_1, vp_0,
    vp_1, dv)."""
    from scoring.simulation import play_hand
    from tournaments.games import score_for_table

    pool = []
    for number in range(1, size + 1):
        scored = score_for_table(
            event_format,
            play_hand(event_format.rules, seed=rng.getrandbits(48)).entry,
            number,
            event_format.game.seats,
        )
        pool.append(
            (json.dumps(scored.entry), *scored.team_points, *scored.victory_points, scored.sweep)
        )
    return pool


def _table_codes(rng: random.Random, count: int):
    from tournaments.models import TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH

    seen = set()
    while len(seen) < count:
        code = "".join(rng.choices(TABLE_CODE_ALPHABET, k=TABLE_CODE_LENGTH))
        if code not in seen:
            seen.add(code)
            yield code


def _copy(cursor, table_name: str, columns: list[str], rows) -> None:
    """COPY rows in (psycopg 3), far faster than INSERTs for a million rows."""
    with cursor.cursor.copy(f"COPY {table_name} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def _floor_table(cursor) -> None:
    """The TIPS.md floor's shape: the same hands with the four players as columns."""
    cursor.execute(
        f"CREATE TABLE {FLOOR_TABLE} (p0 bigint, p1 bigint, p2 bigint, p3 bigint, "
        "vp_0 int, vp_1 int, tp_0 int, tp_1 int)"
    )
    cursor.execute(f"""
        INSERT INTO {FLOOR_TABLE}
        SELECT s.p0, s.p1, s.p2, s.p3, h.vp_0, h.vp_1, h.tp_0, h.tp_1
        FROM tournaments_hand h JOIN (
            SELECT table_id, MAX(CASE WHEN position = 0 THEN entrant_id END) AS p0,
                   MAX(CASE WHEN position = 1 THEN entrant_id END) AS p1,
                   MAX(CASE WHEN position = 2 THEN entrant_id END) AS p2,
                   MAX(CASE WHEN position = 3 THEN entrant_id END) AS p3
            FROM tournaments_seat GROUP BY table_id) AS s ON s.table_id = h.table_id""")


# --- measuring ----------------------------------------------------------------------------------

FLOOR_SETTINGS = {
    "default settings": [],
    "jit off, work_mem 64MB": ["SET LOCAL jit = off", "SET LOCAL work_mem = '64MB'"],
}


def _floor(sql_text: str, params: list, settings: list[str]) -> float:
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as cursor:
        for statement in settings:
            cursor.execute(statement)
        start = time.perf_counter()
        cursor.execute(sql_text, params)
        rows = cursor.fetchall()
        elapsed = time.perf_counter() - start
    assert len(rows) == PLAYERS
    return elapsed


def measure(event_id: int, runs: int) -> list[list[str]]:
    """Interleaved runs (floor, full, update...) so that the machine's noise hits all alike."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from tournaments.models import Change, Event, Hand, RoundResult, StandingRow, Table
    from tournaments.services.hands import hand_record
    from tournaments.services.history import Actor
    from tournaments.standings import compute as standings
    from tournaments.standings import schedule

    event = Event.objects.get(pk=event_id)
    organizer = Actor.organizer(get_user_model().objects.get(username="bench"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM tournaments_hand")
        hands_before = cursor.fetchone()[0]
    standings.refresh(event_id, full=True)  # start from stored, up-to-date standings
    open_tables = list(
        Table.objects.filter(round__event=event, round__number=ROUNDS_PLAYED + 1)
        .filter(hands__isnull=True)
        .order_by("number")[:runs]
    )
    old_hands = list(
        Hand.objects.filter(table__round__event=event, table__round__number=1).order_by(
            "table_id", "number"
        )[:runs]
    )
    pool = [{"card_points": [points, 100 - points]} for points in range(-25, 126, 5)]
    times: dict[str, list[float]] = {
        name: [] for name in ("floor_union", "floor_schema", "full", "hand", "correction")
    }
    added = []
    for run in range(runs):
        times["floor_union"].append(
            min(_floor(FLOOR_UNION_SQL, [], s) for s in FLOOR_SETTINGS.values())
        )
        times["floor_schema"].append(
            min(_floor(FLOOR_SCHEMA_SQL, [event_id], s) for s in FLOOR_SETTINGS.values())
        )
        times["full"].append(common.timed(standings.refresh, event_id, full=True))
        table = open_tables[run]
        added.append(
            hand_record(
                table_id=table.pk, number=1, entry=pool[run % len(pool)], actor=Actor.captain(table)
            ).hand.pk
        )
        times["hand"].append(common.timed(standings.refresh, event_id))
        old = old_hands[run]
        entry = next(e for e in pool if e["card_points"] != old.entry["card_points"])
        hand_record(
            table_id=old.table_id,
            number=old.number,
            entry=entry,
            actor=organizer,
            reason="benchmark",
        )
        times["correction"].append(common.timed(standings.refresh, event_id))
        hand_record(
            table_id=old.table_id,
            number=old.number,
            entry=old.entry,
            actor=organizer,
            reason="benchmark, undone",
        )
        standings.refresh(event_id)
    cold = _cold_full(event_id)
    Hand.objects.filter(pk__in=added).delete()
    Change.objects.filter(event=event, reason__startswith="benchmark").delete()
    Change.objects.filter(event=event, subject="hand", subject_id__in=added).delete()
    schedule.mark_changed(event)
    standings.refresh(event_id)
    assert Hand.objects.count() == hands_before
    assert RoundResult.objects.filter(round__event=event).count() == (ROUNDS_PLAYED + 1) * PLAYERS
    assert StandingRow.objects.filter(event=event).count() == PLAYERS
    return _rows({name: common.median(values) for name, values in times.items()}, cold, runs)


def _cold_full(event_id: int) -> float:
    """The first computation: no stored standings, every row written."""
    from django.db import connection

    from tournaments.models import RoundResult, StandingRow
    from tournaments.standings import compute as standings

    RoundResult.objects.filter(round__event_id=event_id).delete()
    StandingRow.objects.filter(event_id=event_id).delete()
    elapsed = common.timed(standings.refresh, event_id, full=True)
    with connection.cursor() as cursor:  # as autovacuum would: the next run starts as this one
        cursor.execute(f"VACUUM ANALYZE {RoundResult._meta.db_table}, {StandingRow._meta.db_table}")
    return elapsed


def _rows(median: dict[str, float], cold: float, runs: int) -> list[list[str]]:
    floor = median["floor_union"]
    full = median["full"]

    def verdict(ok: bool) -> str:
        return "met" if ok else "**not met**"

    return [
        [
            "floor: UNION ALL over four seat columns, ranked (TIPS.md)",
            common.ms(floor),
            "1.00x",
            "",
            "",
        ],
        [
            "floor': the same aggregate over hands x seats",
            common.ms(median["floor_schema"]),
            f"{median['floor_schema'] / floor:.2f}x",
            "",
            "",
        ],
        [
            "full recomputation (stored, diff-written)",
            common.ms(full),
            f"{full / floor:.2f}x",
            "<= 2x floor",
            verdict(full <= 2 * floor),
        ],
        [
            "full recomputation from empty (1 run, all rows written)",
            common.ms(cold),
            f"{cold / floor:.2f}x",
            "(none)",
            "",
        ],
        [
            "update after one new hand (hand_record + refresh)",
            common.ms(median["hand"]),
            f"full / update = {full / median['hand']:.0f}x",
            ">= 50x faster",
            verdict(full >= 50 * median["hand"]),
        ],
        [
            "update after a correction in round 1",
            common.ms(median["correction"]),
            f"full / update = {full / median['correction']:.0f}x",
            ">= 50x faster",
            verdict(full >= 50 * median["correction"]),
        ],
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reuse", action="store_true", help="keep tichu_bench if already built")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    event_id = build(args.reuse)
    rows = measure(event_id, args.runs)
    print(
        f"### Standings: {PLAYERS:,} players, {ROUNDS_PLAYED * PLAYERS // 4 * HANDS_PER_ROUND:,} "
        f"hands on PostgreSQL (median of {args.runs} runs)\n"
    )
    print(f"{common.machine()}\n")
    print(common.table(["measure", "median", "ratio", "target", ""], rows))


if __name__ == "__main__":
    main()
