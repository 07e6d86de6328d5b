"""Pairing benchmark (issue 6): seconds per round and the quality of the draw at scale.

For each size, an event is simulated for 5 rounds (the draw of each round by the method itself,
results drawn at random as DTM victory points: 3/2/1/0 per hand, 4 hands a round), then round 6
is paired several times and timed. Quality of round 6:

- individual: repeat partners (must be 0), repeat opponents (pairs who met as opponents before),
  mean score spread at a table (highest minus lowest victory points);
- Swiss: rematches, avoidable rematches (rematches above the fewest any perfect matching has,
  from a complete-graph matching, computed only when there is a rematch), mean score distance
  of a match; up to 200 teams also the complete-graph matching as the reference floor (time
  and score distance), which the design avoids (about 210 s at 1,000 teams on this machine).

Target: 1,000 entrants paired in under 5 s with zero repeat partners and zero avoidable rematches.

    python benchmarks/pairing.py [--sizes 40,200,1000,5000] [--runs 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import Draw, Entrant, PairingHistory, pair_round  # noqa: E402
from tournaments.pairing.swiss import lexicographic_weights  # noqa: E402

HISTORY_ROUNDS = 5
REFERENCE_LIMIT = 200
HAND_RESULTS = ((3, 0), (2, 1), (1, 2), (0, 3))


def simulate(method: str, size: int, seed: int) -> tuple[list[Entrant], PairingHistory]:
    """The standings and history after ``HISTORY_ROUNDS`` rounds with random results."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, HISTORY_ROUNDS + 1):
        order = standings(scores)
        draw = pair_round(method, order, history, seed=seed, round_number=number)
        for table in draw.tables:
            for _ in range(4):
                vp = rng.choice(HAND_RESULTS)
                for seat, entrant in enumerate(table):
                    scores[entrant] += vp[seat % 2]
        for entrant in draw.byes:
            scores[entrant] += 6  # the average of a round
        history = history.add(draw)
    return standings(scores), history


def standings(scores: dict[int, int]) -> list[Entrant]:
    return [Entrant(i, scores[i]) for i in sorted(scores, key=lambda i: (-scores[i], i))]


def timed(
    method: str, order: list[Entrant], history: PairingHistory, seed: int, runs: int
) -> tuple[float, Draw]:
    """The median seconds of ``runs`` pairings of round 6, and the draw."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        draw = pair_round(method, order, history, seed=seed, round_number=HISTORY_ROUNDS + 1)
        times.append(time.perf_counter() - start)
    return statistics.median(times), draw


def individual_row(size: int, seed: int, runs: int) -> dict[str, str]:
    order, history = simulate("individual", size, seed)
    seconds, draw = timed("individual", order, history, seed, runs)
    score = {e.id: e.score for e in order}
    repeat_partners = sum(
        frozenset(pair) in history.partners
        for t in draw.tables
        for pair in ((t[0], t[2]), (t[1], t[3]))
    )
    repeat_opponents = sum(
        frozenset(pair) in history.opponents
        for t in draw.tables
        for pair in ((t[0], t[1]), (t[0], t[3]), (t[2], t[1]), (t[2], t[3]))
    )
    spread = statistics.mean(
        max(score[p] for p in t) - min(score[p] for p in t) for t in draw.tables
    )
    return {
        "method": "individual",
        "entrants": f"{size:,}",
        "s/round": f"{seconds:.3f}",
        "repeat partners": str(repeat_partners),
        "repeat opponents": str(repeat_opponents),
        "rematches (avoidable)": "-",
        "mean score distance": f"{spread:.2f}",
        "complete graph: s, distance": "-",
    }


def complete_matching(order: list[Entrant], history: PairingHistory) -> list[tuple[int, int]]:
    """The Swiss priorities over every pair of teams: the exact but slow reference."""
    rank = {e.id: i for i, e in enumerate(order)}
    score = {e.id: e.score for e in order}
    edges = [(a.id, b.id) for i, a in enumerate(order) for b in order[i + 1 :]]
    costs = [
        (
            frozenset(e) in history.matches,
            abs(score[e[0]] - score[e[1]]),
            (rank[e[0]] - rank[e[1]]) ** 2,
        )
        for e in edges
    ]
    graph = nx.Graph()
    graph.add_weighted_edges_from(
        (a, b, w)
        for (a, b), w in zip(edges, lexicographic_weights(costs, len(order) // 2), strict=True)
    )
    return list(nx.max_weight_matching(graph, maxcardinality=True))


def swiss_row(size: int, seed: int, runs: int) -> dict[str, str]:
    order, history = simulate("swiss", size, seed)
    seconds, draw = timed("swiss", order, history, seed, runs)
    score = {e.id: e.score for e in order}

    def rematches(matches):
        return sum(frozenset(m) in history.matches for m in matches)

    def distance(matches):
        return statistics.mean(abs(score[a] - score[b]) for a, b in matches)

    playing = [e for e in order if e.id not in draw.byes]
    reference = "-"
    fewest = 0
    if size <= REFERENCE_LIMIT or rematches(draw.tables):
        start = time.perf_counter()
        best = complete_matching(playing, history)
        reference = f"{time.perf_counter() - start:.2f}, {distance(best):.2f}"
        fewest = rematches(best)
    found = rematches(draw.tables)
    return {
        "method": "swiss",
        "entrants": f"{size:,}",
        "s/round": f"{seconds:.3f}",
        "repeat partners": "-",
        "repeat opponents": "-",
        "rematches (avoidable)": f"{found} ({found - fewest})",
        "mean score distance": f"{distance(draw.tables):.2f}",
        "complete graph: s, distance": reference,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", default="40,200,1000,5000", help="comma-separated numbers of entrants"
    )
    parser.add_argument("--runs", type=int, default=3, help="timed pairings per size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = [
        row(size, args.seed, args.runs) for row in (individual_row, swiss_row) for size in sizes
    ]
    print(
        f"Pairing after {HISTORY_ROUNDS} rounds, median of {args.runs} runs; "
        f"{datetime.date.today()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} CPUs, networkx {nx.__version__}\n"
    )
    columns = list(rows[0])
    print("| " + " | ".join(columns) + " |")
    print("|" + "|".join("---" for _ in columns) + "|")
    for row in rows:
        print("| " + " | ".join(row[c] for c in columns) + " |")
    print("\nTarget: 1,000 entrants in under 5 s, 0 repeat partners, 0 avoidable rematches.")


if __name__ == "__main__":
    main()
