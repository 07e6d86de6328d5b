"""A duplicate event on PostgreSQL, entry by entry: ``python benchmarks/duplicate_event.py
[--runs 1] [--seed 1]``.

``movements`` times the scoring alone, in memory; this is the service's own path for the same
event. Each run creates a 60-pair event (preset ``duplicate``, 15 rounds of 2 boards: 30 boards,
each played at all 30 tables) in the database ``tichu_bench_dup`` (``BENCH_DUP_DATABASE``;
created if missing, on ``BENCH_PG`` as in ``common``), registers its pairs (``teams_register``),
and round by round the organizer pairs and publishes the round (``round_pair``,
``round_publish``: the movement) and the captains enter its boards, board 1 at every table, then
board 2 (``hand_record`` as ``Actor.captain``; random valid results: card points a multiple of 5,
no calls). After each of the 900 entries the standings worker's run is called and timed:
``compute.refresh``, which for a duplicate event scores the whole event again and writes what
differs (``standings.duplicate.store_scores``: every pair's board scores and total).

Printed: p50 and p99 per entry of the hand entry and of the worker's run (medians over the runs
with ``--runs``), the worker's run over the last round's 60 entries (the event then has nearly
all its results), the organizer's pairing and publishing of a round, and the worker's run after
it (a structural change: the whole event recomputed).

No Redis: Celery runs eagerly in process, so each committed entry would run the worker inline
(inside the time of ``hand_record``) and again when called here. The worker's task is therefore
replaced by a stand-in broker that only counts the runs sent, as the Redis broker with no worker
listening does in ``standings``; its pending mark is cleared before each timed run, as the task
does, so every entry sends exactly one. The hand entry's time thus leaves out the Redis round
trips of its scheduling (the pending mark, the standings' version, the message), and the task's
other steps (the register's ratings, marking finished rounds complete) are not run:
``round_pair`` checks that the previous round's tables are done by itself.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages, wherever the script is run from

from benchmarks import common  # noqa: E402

DATABASE = os.environ.get("BENCH_DUP_DATABASE", "tichu_bench_dup")
PAIRS, ROUNDS, BOARDS_PER_ROUND = 60, 15, 2


class Broker:
    """Stands for a broker no worker listens on: counts the runs the service sends."""

    def __init__(self) -> None:
        self.sent = 0

    def delay(self, event_id: int) -> None:
        self.sent += 1


def prepare() -> Broker:
    """The bench database, migrated, with Celery eager and its standings task replaced."""
    if not common.database_exists(DATABASE):
        common.psql(f"CREATE DATABASE {DATABASE}")
    os.environ["REDIS_URL"] = ""  # no broker, no Redis cache: tasks eager, cache in process
    common.setup_django(DATABASE)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments.standings import schedule

    call_command("migrate", verbosity=0)
    get_user_model().objects.get_or_create(username="bench")
    broker = Broker()
    schedule.register_worker(broker)
    return broker


def run_event(seed: int, broker: Broker) -> dict[str, list[float]]:
    """Play one event as the docstring says; seconds per entry and per round."""
    from django.contrib.auth import get_user_model

    from tournaments.models import BoardScore, StandingRow
    from tournaments.services.events import event_create, teams_register
    from tournaments.services.hands import hand_record
    from tournaments.services.history import Actor
    from tournaments.services.people import EXACT_OR_NEW
    from tournaments.services.rounds import round_pair, round_publish
    from tournaments.standings import compute, schedule

    rng = random.Random(seed)
    owner = get_user_model().objects.get(username="bench")
    organizer = Actor.organizer(owner)
    event = event_create(
        owner=owner,
        name=f"Duplicate, {PAIRS} pairs (benchmark, seed {seed}, {time.time():.0f})",
        preset="duplicate",
        seed=seed,
        overrides={"rounds": ROUNDS, "hands_per_round": BOARDS_PER_ROUND},
    )
    teams_register(
        event=event,
        teams=[(f"Pair {i}", [f"Player {i}a", f"Player {i}b"]) for i in range(1, PAIRS + 1)],
        people=[[EXACT_OR_NEW] * 2] * PAIRS,
        actor=organizer,
    )
    times: dict[str, list[float]] = {"pair": [], "round_refresh": [], "hand": [], "refresh": []}

    def worker_run() -> float:
        schedule.clear_pending(event.pk)  # as the task does first (tournaments.tasks)
        return common.timed(compute.refresh, event.pk)

    for _ in range(ROUNDS):
        start = time.perf_counter()
        rnd = round_publish(
            round_id=round_pair(event_id=event.pk, actor=organizer).pk, actor=organizer
        )
        times["pair"].append(time.perf_counter() - start)
        times["round_refresh"].append(worker_run())  # a structural change: the whole event
        tables = list(rnd.tables.order_by("number"))
        assert len(tables) == PAIRS // 2
        for number in range(1, BOARDS_PER_ROUND + 1):
            for table in tables:
                ns = rng.randrange(0, 101, 5)
                entry = {"card_points": [ns, 100 - ns], "finish_order": [0, 1, 2, 3]}
                sent = broker.sent
                times["hand"].append(
                    common.timed(
                        hand_record,
                        table_id=table.pk,
                        number=number,
                        entry=entry,
                        actor=Actor.captain(table),
                    )
                )
                assert broker.sent == sent + 1, "each entry sends one run of the worker"
                times["refresh"].append(worker_run())
    assert len(times["hand"]) == PAIRS // 2 * ROUNDS * BOARDS_PER_ROUND
    assert BoardScore.objects.filter(event=event).count() == PAIRS * ROUNDS * BOARDS_PER_ROUND
    assert not StandingRow.objects.filter(event=event, score__isnull=True).exists()
    return times


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def rows(runs: list[dict[str, list[float]]]) -> list[list[str]]:
    """The table's rows: each figure the median over the runs, each run's value beside it."""
    last_round = PAIRS // 2 * BOARDS_PER_ROUND

    def row(label: str, figure) -> list[str]:
        values = [figure(times) for times in runs]
        return [label, common.ms(common.median(values)), ", ".join(common.ms(v) for v in values)]

    return [
        row("Hand entry by the captain (`hand_record`), p50", lambda t: common.median(t["hand"])),
        row("The same, p99", lambda t: p99(t["hand"])),
        row(
            "The worker's run after each entry (`refresh`: standings and board scores), p50",
            lambda t: common.median(t["refresh"]),
        ),
        row("The same, p99", lambda t: p99(t["refresh"])),
        row(
            f"The same over the last round's {last_round} entries, p50",
            lambda t: common.median(t["refresh"][-last_round:]),
        ),
        row(
            f"Pairing and publishing a round (`round_pair`, `round_publish`), p50 of {ROUNDS}",
            lambda t: common.median(t["pair"]),
        ),
        row(
            "The worker's run after a round is paired (the whole event), p50",
            lambda t: common.median(t["round_refresh"]),
        ),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args, _ = parser.parse_known_args()
    broker = prepare()
    load = os.getloadavg()[0]
    start = time.perf_counter()
    runs = [run_event(args.seed + run, broker) for run in range(args.runs)]
    entries = PAIRS // 2 * ROUNDS * BOARDS_PER_ROUND
    print(
        f"### Duplicate event on PostgreSQL: {PAIRS} pairs, {ROUNDS * BOARDS_PER_ROUND} boards, "
        f"{entries} entries per run (median of {args.runs} runs)\n"
    )
    print(
        f"{common.machine()}, load {load:.1f} before and {os.getloadavg()[0]:.1f} after, "
        f"{time.perf_counter() - start:.0f} s\n"
    )
    print(common.table(["Measure", "Median of runs", "Runs"], rows(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
