"""Duplicate Tichu benchmark (issue 26): movements for 4 to 100 pairs, and scoring a 60-pair
event of 30 boards after each table's entry.

- Movements: ``movement(pairs)``, the full round robin (``pairs - 1`` rounds, or ``pairs`` for an
  odd field), timed for every field from 4 to 100 pairs; the table gives the slowest field and
  the total.
- Scoring: a 60-pair event (30 tables), 15 rounds of 2 boards (30 boards, each at all 30
  tables), results drawn at random; after each table's entry the whole event is scored again
  (``score_event``, what the worker runs), timed per entry: 900 entries.

Pure Python, no database. ``python benchmarks/movements.py [--runs 3] [--seed 1]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.duplicate.matchpoints import TableResult, score_event  # noqa: E402
from tournaments.duplicate.movement import MAX_PAIRS, MIN_PAIRS, movement  # noqa: E402

EVENT_PAIRS, EVENT_ROUNDS, BOARDS_PER_ROUND = 60, 15, 2


def time_movements() -> dict[int, float]:
    """Seconds to compute each field's full movement."""
    seconds = {}
    for pairs in range(MIN_PAIRS, MAX_PAIRS + 1):
        start = time.perf_counter()
        movement(pairs)
        seconds[pairs] = time.perf_counter() - start
    return seconds


def time_scoring(seed: int) -> list[float]:
    """Seconds to score the event after each table's entry, in the order of play."""
    rng = random.Random(seed)
    entered: list[TableResult] = []
    seconds = []
    for meetings in movement(EVENT_PAIRS, EVENT_ROUNDS, BOARDS_PER_ROUND).rounds:
        for meeting in meetings:
            for board in meeting.boards:
                ns = rng.choice(range(-25, 130, 5)) + rng.choice((0, 0, 100, -100, 200))
                entered.append(TableResult(board, meeting.ns, meeting.ew, tp=(ns, 100 - ns)))
                start = time.perf_counter()
                score_event(entered)
                seconds.append(time.perf_counter() - start)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args, _ = parser.parse_known_args()
    print("| Measure | Median of runs | Runs |")
    print("|---|---|---|")
    slowest, totals, p50s, p99s, lasts = [], [], [], [], []
    for run in range(args.runs):
        fields = time_movements()
        worst = max(fields, key=fields.__getitem__)
        slowest.append((fields[worst], worst))
        totals.append(sum(fields.values()))
        entries = time_scoring(args.seed + run)
        p50s.append(statistics.median(entries))
        p99s.append(statistics.quantiles(entries, n=100)[98])
        lasts.append(entries[-1])
    print(
        f"| Movement, slowest field (pairs) | {statistics.median(s for s, _ in slowest) * 1000:.1f}"
        f" ms | {', '.join(f'{s * 1000:.1f} ms ({p})' for s, p in slowest)} |"
    )
    print(
        f"| Movements 4-100 pairs, total | {statistics.median(totals):.2f} s | "
        f"{', '.join(f'{t:.2f} s' for t in totals)} |"
    )
    for label, values in (("p50", p50s), ("p99", p99s), ("last entry", lasts)):
        print(
            f"| Scoring {EVENT_PAIRS} pairs x {EVENT_ROUNDS * BOARDS_PER_ROUND} boards, {label} | "
            f"{statistics.median(values) * 1000:.1f} ms | "
            f"{', '.join(f'{v * 1000:.1f} ms' for v in values)} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
