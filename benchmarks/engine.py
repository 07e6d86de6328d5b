"""How fast the rules engine runs: ``python benchmarks/engine.py [--runs N]``.

Measures, as the median of several runs (each on fresh random inputs, with the combination cache
emptied first so that no run is served from an earlier one):

- combinations classified per second: random 1-14-card subsets of a shuffled deck (most are no
  combination), and valid combinations only (legal leads drawn from random hands);
- legal-play generations per second for random 14-card hands: as the lead, and on a random table
  (a legal lead from the other 42 cards);
- full hands simulated per second through the state machine with random and heuristic bots (bot
  thinking included; every action still checked by ``HandState.apply``), and the time per
  action; then the same with each hand's JSON record built as well (the demo and the service
  keep only the score entry, so the record is not part of a simulated hand);
- the state machine alone: recorded random hands replayed per second, every action checked;
- bot hands per second for each game of the seeds (``scoring.VARIANTS``).

Each figure is printed beside the reference the engine must beat by 5x: the fastest public Python
engine (frohlfing/tichu), measured side by side on this machine kind in interleaved runs
(2026-11, issue 17): 34,000 random card sets and 56,000 valid combinations classified a second,
the legal plays of 10,500 fourteen-card hands a second on a lead, 310 bot hands a second. The
lead measured 4.1x that until straights were made from tables of windows (2026-11-25); measured
A/B against the previous code in one process (the same hands, alternated, 15 runs each, load
5.7-6.8), 1.47-1.51x in CPU time since, so about 6.0x. On a shared machine the absolute figures
drift with the load: compare code A/B in one process, as then.
Last, how the heuristic bots' hands end: the share of double victories and of Tichu calls made,
beside decent human players' rates.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import combinations  # noqa: E402
from scoring.bots import HeuristicBot, RandomBot  # noqa: E402
from scoring.cards import CARDS  # noqa: E402
from scoring.combinations import InvalidCombination, classify  # noqa: E402
from scoring.plays import legal_plays  # noqa: E402
from scoring.rules import STANDARD, Rules  # noqa: E402
from scoring.score import HandScore  # noqa: E402
from scoring.simulation import play_hand  # noqa: E402
from scoring.state import HandState  # noqa: E402

REFERENCE = {
    "classify_random": 34_000,
    "classify_valid": 56_000,
    "legal_lead": 10_500,
    "hands": 310,
}
TARGET_RATIO = 5


def _cold() -> None:
    """Empty the combination cache so each run measures fresh work."""
    clear = getattr(getattr(combinations, "_analyse", None), "cache_clear", None)
    if clear:
        clear()


def _random_subsets(rng: random.Random, count: int) -> list[tuple]:
    subsets = []
    for _ in range(count):
        deck = list(CARDS)
        rng.shuffle(deck)
        subsets.append(tuple(deck[: rng.randint(1, 14)]))
    return subsets


def _random_hand(rng: random.Random) -> tuple[list, list]:
    deck = list(CARDS)
    rng.shuffle(deck)
    return deck[:14], deck[14:]


def _valid_combinations(rng: random.Random, count: int) -> list[tuple]:
    found = []
    while len(found) < count:
        hand, _ = _random_hand(rng)
        found.extend(rng.sample(legal_plays(hand), 5))
    return found[:count]


def _rate(function, items) -> float:
    _cold()
    start = time.perf_counter()
    for item in items:
        function(item)
    return len(items) / (time.perf_counter() - start)


def _classify_any(cards) -> None:
    with contextlib.suppress(InvalidCombination):
        classify(cards)


def bench_classify(rng, valid_only: bool) -> float:
    items = _valid_combinations(rng, 20_000) if valid_only else _random_subsets(rng, 20_000)
    return _rate(classify if valid_only else _classify_any, items)


def bench_legal_plays(rng, on_table: bool) -> float:
    cases = []
    for _ in range(3_000):
        hand, rest = _random_hand(rng)
        table = None
        if on_table:
            table = rng.choice([p for p in legal_plays(rest[:14]) if len(p) > 0])
            table = classify(table)
            if table.kind == "dog":
                table = None
        cases.append((hand, table))
    return _rate(lambda case: legal_plays(case[0], case[1]), cases)


def bench_hands(
    rng, bot_class, count: int, record: bool = False, rules: Rules = STANDARD
) -> tuple[float, float, list[HandScore]]:
    """Hands per second, microseconds per action, and the scores of the hands of the rules'
    game. With ``record``, each hand's JSON record is built too (what the demo skips: it keeps
    only the entry)."""
    actions = 0
    scores = []
    seats = rules.variant.seats
    start = time.perf_counter()
    for _ in range(count):
        seed = rng.getrandbits(32)
        bots = [bot_class(random.Random(seed + seat)) for seat in range(seats)]
        played = play_hand(rules, seed, bots)
        actions += len(played.record["actions"]) if record else len(played.actions)
        scores.append(played.score)
    elapsed = time.perf_counter() - start
    return count / elapsed, elapsed / actions * 1e6, scores


def realism(scores: list[HandScore]) -> tuple[float, float, float]:
    """How the bots' hands end: the share of double victories, Tichu calls (Grand included) per
    hand, and the share of calls made."""
    calls = [call for score in scores for call in score.calls]
    double = sum(score.sweep is not None for score in scores) / len(scores)
    made = sum(call.made for call in calls) / len(calls) if calls else 0.0
    return double, len(calls) / len(scores), made


def bench_state_machine(rng, count: int) -> tuple[float, float]:
    """Hands replayed per second through the state machine alone (every action checked by
    ``apply``, no bot thinking), and microseconds per action."""
    hands = []
    for _ in range(count):
        seed = rng.getrandbits(32)
        played = play_hand(STANDARD, seed, [RandomBot(random.Random(seed + s)) for s in range(4)])
        hands.append((played.state.deal, played.actions))
    actions = sum(len(a) for _, a in hands)
    start = time.perf_counter()
    for deal, played_actions in hands:
        state = HandState(deal, STANDARD)
        for action in played_actions:
            state.apply(action)
        state.score()
    elapsed = time.perf_counter() - start
    return count / elapsed, elapsed / actions * 1e6


GAMES = (
    ("tichu (four players)", STANDARD, 1),
    ("tichu, Chaos Tichu", Rules(chaos=True), 1),
    ("tientsin (six players)", Rules(game="tientsin"), 2),
    ("threechu (three and a dummy)", Rules(game="threechu"), 1),
    ("grand_seigneur, 5 players (one deck)", Rules(game="grand_seigneur", players=5), 2),
    ("grand_seigneur, 7 players (two decks)", Rules(game="grand_seigneur", players=7), 20),
    ("grand_seigneur, 12 players (two decks)", Rules(game="grand_seigneur", players=12), 20),
)
"""Each game's label, rules, and the share of ``--hands`` it plays per run (the two-deck
tables are slower: ``scoring.plays.two_deck_leads``)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=400, help="hands per run and bot")
    args = parser.parse_args()
    rng = random.Random(2024)

    def median(function) -> float:
        return statistics.median(function() for _ in range(args.runs))

    rows = [
        (
            "classify: random 1-14-card subsets",
            "classify_random",
            median(lambda: bench_classify(rng, False)),
            "/s",
        ),
        (
            "classify: valid combinations only",
            "classify_valid",
            median(lambda: bench_classify(rng, True)),
            "/s",
        ),
        (
            "legal plays: 14-card hand, lead",
            "legal_lead",
            median(lambda: bench_legal_plays(rng, False)),
            "/s",
        ),
        (
            "legal plays: 14-card hand, on a table",
            None,
            median(lambda: bench_legal_plays(rng, True)),
            "/s",
        ),
    ]
    heuristic_scores: list[HandScore] = []
    for name, bot in (("random", RandomBot), ("heuristic", HeuristicBot)):
        runs = [bench_hands(rng, bot, args.hands) for _ in range(args.runs)]
        rows.append(
            (f"full hands: {name} bots", "hands", statistics.median(r[0] for r in runs), "/s")
        )
        rows.append(
            (
                f"  engine+bot time per action ({name})",
                None,
                statistics.median(r[1] for r in runs),
                " us",
            )
        )
        recorded = [bench_hands(rng, bot, args.hands, record=True) for _ in range(args.runs)]
        rows.append(
            (
                f"  with the JSON record built ({name})",
                None,
                statistics.median(r[0] for r in recorded),
                "/s",
            )
        )
        if bot is HeuristicBot:
            heuristic_scores = [score for run in runs + recorded for score in run[2]]

    runs = [bench_state_machine(rng, args.hands) for _ in range(args.runs)]
    rows.append(
        (
            "state machine alone: random hands replayed",
            "hands",
            statistics.median(r[0] for r in runs),
            "/s",
        )
    )
    rows.append(("  engine time per action", None, statistics.median(r[1] for r in runs), " us"))

    print(f"median of {args.runs} runs (Python {sys.version.split()[0]})")
    for name, reference, value, unit in rows:
        line = f"{name:<44} {value:>12,.0f}{unit}"
        if reference:
            ratio = value / REFERENCE[reference]
            mark = "ok" if ratio >= TARGET_RATIO else "BELOW TARGET"
            line += f"   reference {REFERENCE[reference]:>6,}/s   x{ratio:5.1f}  {mark}"
        print(line)
    print("\nfull hands per game (bots deal, call, exchange and play; every action checked):")
    for label, rules, share in GAMES:
        count = max(10, args.hands // share)
        rates = [
            statistics.median(
                bench_hands(rng, bot, count, rules=rules)[0] for _ in range(args.runs)
            )
            for bot in (RandomBot, HeuristicBot)
        ]
        print(f"  {label:<42} random {rates[0]:>8,.0f}/s   heuristic {rates[1]:>8,.0f}/s")
    double, calls, made = realism(heuristic_scores)
    print(
        f"heuristic bots over {len(heuristic_scores):,} hands: double victories {double:.1%}, "
        f"Tichu calls {calls:.2f} a hand, made {made:.1%} "
        f"(decent human players: 5-10% and 60-75%)"
    )


if __name__ == "__main__":
    main()
