"""Ratings benchmark (issue 24): does the rating know who plays well, and how fast is it?

Quality. A register of players with a known strength ``p`` (spread evenly from 0 to 1 over the
field): each hand, each player plays with the engine's ``HeuristicBot`` with chance ``p`` and its
``RandomBot`` otherwise. 20 DTM events (6 rounds of 4 hands, DTM victory points), every round
paired by the project's own pairing (``tournaments.pairing``, individuals by their standings),
in three scenarios:

- ``pool``: one pool of 32 that meets at every event;
- ``clubs``: two clubs of 16 that play apart (an event each) and meet at every fifth event;
- ``attendance``: 40 players who each come to an event with chance 0.6.

The hands are simulated once per scenario and seed (about 10,000 hands a seed; ten seeds by
default, their means and spread reported) and then read by the rating and two baselines in the
same run: the standings (VP per hand) and a per-player Elo that ignores partners (each player
against the mean of their two opponents). Reported: Kendall's tau between strength and each estimate
after 1, 3, 10 and 20 events (players who have played), and the log-loss of predicting whether
side A wins each hand of an event before learning the event's hands (ties left out; 0.693 is a
coin). The baselines' probabilities are logistic in their score difference with a scale fitted
on the very hands they predict (Elo's K too, from 8/16/32): an advantage the rating, whose noise
and prior are fixed constants, does not get. The rating's prior is also shown over a small
grid, and what the model's constants are set to: the residual standard deviation of a hand's
margin (``model.NOISE``), and the slope and residual of a hand's total on its table's strength
(``model.LEVEL_SLOPE``, ``model.LEVEL_NOISE``).

Speed. A synthetic register of 10,000 people and 1,000,000 hands (tables of four drawn at
random, margins and totals from known strengths plus noise) in 100 events of 10,000 hands:
rated from scratch (the worker's chain: a solve after each event) and in one solve; the update
after one table's result (its four hands added to the normal equations, one warm-started
solve). Medians.

    python benchmarks/ratings.py [--seeds 10] [--runs 3] [--skip-speed]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy.stats import kendalltau

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import machine, table  # noqa: E402
from scoring.bots import HeuristicBot, RandomBot  # noqa: E402
from scoring.simulation import play_hand  # noqa: E402
from scoring.victory import hand_victory_points  # noqa: E402
from tournaments.formats import Format  # noqa: E402
from tournaments.pairing import Entrant, PairingHistory, pair_round  # noqa: E402
from tournaments.ratings import model  # noqa: E402

EVENTS = 20
ROUNDS, HANDS = 6, 4  # the DTM's
CHECKPOINTS = (1, 3, 10, 20)
PRIORS = (0.15, 0.25, 0.5, 1.0)


@dataclass(frozen=True)
class Hand:
    """One simulated hand: the four seats' players (0 and 2 against 1 and 3), side A's TP margin,
    both sides' DTM VP and both sides' TP together."""

    seats: tuple[int, int, int, int]
    margin: int
    vp: tuple[int, int]
    total: int


@dataclass
class Scenario:
    name: str
    strength: np.ndarray
    days: list[list[list[Hand]]] = field(default_factory=list)
    """Each event day's events (the clubs play two on most days), each a list of hands."""


# --- simulation ---------------------------------------------------------------------------------


def play_event(players: Sequence[int], strength: np.ndarray, rng: random.Random) -> list[Hand]:
    """A DTM event of ``players``: each round paired by the project's pairing from the standings,
    each hand played by the bots their strengths draw."""
    rules = Format().rules
    seed = rng.getrandbits(32)
    vp = dict.fromkeys(players, 0)
    history = PairingHistory.empty()
    hands = []
    for number in range(1, ROUNDS + 1):
        order = [Entrant(p, vp[p]) for p in sorted(players, key=lambda p: (-vp[p], p))]
        draw = pair_round("individual", order, history, seed=seed, round_number=number)
        history = history.add(draw)
        for seats in draw.tables:
            for _ in range(HANDS):
                bots = [
                    HeuristicBot(random.Random(rng.getrandbits(64)))
                    if rng.random() < strength[p]
                    else RandomBot(random.Random(rng.getrandbits(64)))
                    for p in seats
                ]
                played = play_hand(rules, seed=rng.getrandbits(64), bots=bots)
                points = hand_victory_points(played.totals, played.score.sweep, "dtm")
                for position, p in enumerate(seats):
                    vp[p] += points[position % 2]
                tp = played.totals
                hands.append(Hand(tuple(seats), tp[0] - tp[1], (points[0], points[1]), sum(tp)))
    return hands


def simulate(name: str, seed: int) -> Scenario:
    rng = random.Random(f"{name}:{seed}")
    size = {"pool": 32, "clubs": 32, "attendance": 40}[name]
    strength = np.linspace(0.0, 1.0, size)
    order = list(range(size))
    rng.shuffle(order)  # who is strong has nothing to do with ids or clubs
    strength = strength[order]
    scenario = Scenario(name, strength)
    for day in range(1, EVENTS + 1):
        if name == "pool":
            fields = [list(range(size))]
        elif name == "clubs":
            half = size // 2
            together = day % 5 == 0
            fields = (
                [list(range(size))] if together else [list(range(half)), list(range(half, size))]
            )
        else:
            fields = [[p for p in range(size) if rng.random() < 0.6]]
        scenario.days.append([play_event(players, strength, rng) for players in fields])
    return scenario


# --- the estimators -----------------------------------------------------------------------------


class Estimator(ABC):
    """Reads events in order: ``predict`` a hand before its event is learnt, ``learn`` an event,
    ``scores`` for the rank correlation."""

    @abstractmethod
    def predict(self, hand: Hand) -> float:
        """The chance that side A (seats 0 and 2) wins the hand."""

    @abstractmethod
    def learn(self, hands: list[Hand]) -> None:
        """Take in an event's hands."""

    @abstractmethod
    def scores(self) -> np.ndarray:
        """Each player's estimate so far, higher is stronger."""


class Rating(Estimator):
    """The register's rating (``tournaments.ratings.model``), solved after each event from the
    previous event's ratings, as the worker's chain does."""

    def __init__(self, players: int, prior: float = model.PRIOR):
        self.players, self.prior = players, prior
        self.normal = model.Normal.empty(players, ("tichu",))
        self.fit = model.Fit(
            np.zeros(players), np.full(players, prior), np.zeros(players), np.zeros(1)
        )

    def predict(self, hand: Hand) -> float:
        a, b, c, d = hand.seats
        return model.win_probability(self.fit, (a, c), (b, d))

    def learn(self, hands: list[Hand]) -> None:
        self.normal.add(self.normal.design(observations(hands)))
        self.fit = model.solve(self.normal, prior=self.prior, start=self.fit)

    def scores(self) -> np.ndarray:
        return self.fit.mu


def observations(hands: list[Hand], totals: bool = True) -> list[model.Observation]:
    """The hands as the rating reads them: with their totals, or (``totals=False``) the margins
    alone."""
    return [
        model.TeamHand(
            (h.seats[0], h.seats[2]),
            (h.seats[1], h.seats[3]),
            h.margin,
            total=float(h.total) if totals else None,
        )
        for h in hands
    ]


class Standings(Estimator):
    """VP per hand so far (1.5, the mean, before a player's first hand); a side is its
    members' mean."""

    def __init__(self, players: int, scale: float = 1.0):
        self.vp = np.zeros(players)
        self.hands = np.zeros(players)
        self.scale = scale

    def scores(self) -> np.ndarray:
        return np.where(self.hands > 0, self.vp / np.maximum(self.hands, 1), 1.5)

    def predict(self, hand: Hand) -> float:
        s = self.scores()
        a, b, c, d = hand.seats
        return logistic(self.scale * ((s[a] + s[c]) - (s[b] + s[d])) / 2)

    def learn(self, hands: list[Hand]) -> None:
        for hand in hands:
            for position, p in enumerate(hand.seats):
                self.vp[p] += hand.vp[position % 2]
                self.hands[p] += 1


class Elo(Estimator):
    """A per-player Elo that ignores partners: each player's expectation against the mean of
    their two opponents, updated hand by hand (1 a win, 0.5 a tie, 0 a loss)."""

    def __init__(self, players: int, k: float = 16.0, scale: float = 1.0):
        self.rating = np.full(players, 1500.0)
        self.k, self.scale = k, scale

    def scores(self) -> np.ndarray:
        return self.rating

    def predict(self, hand: Hand) -> float:
        r = self.rating
        a, b, c, d = hand.seats
        return logistic(self.scale * math.log(10) * ((r[a] + r[c]) - (r[b] + r[d])) / 800)

    def learn(self, hands: list[Hand]) -> None:
        for hand in hands:
            outcome = 0.5 if hand.margin == 0 else float(hand.margin > 0)
            seats = hand.seats
            new = {}
            for position, p in enumerate(seats):
                opponents = (seats[(position + 1) % 4] + 0, seats[(position + 3) % 4])
                mean = (self.rating[opponents[0]] + self.rating[opponents[1]]) / 2
                expected = 1 / (1 + 10 ** ((mean - self.rating[p]) / 400))
                result = outcome if position % 2 == 0 else 1 - outcome
                new[p] = self.rating[p] + self.k * (result - expected)
            for p, value in new.items():
                self.rating[p] = value


def logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


# --- measuring ----------------------------------------------------------------------------------


@dataclass
class Reading:
    """What one estimator did over a scenario: tau at the checkpoints, its predictions."""

    taus: dict[int, float]
    predictions: list[tuple[float, int]]  # (P(side A wins), 1 if it did)

    def log_loss(self) -> float:
        return float(
            np.mean(
                [
                    -math.log(max(min(p if won else 1 - p, 1 - 1e-12), 1e-12))
                    for p, won in self.predictions
                ]
            )
        )


def read(scenario: Scenario, estimator: Estimator) -> Reading:
    played = np.zeros(len(scenario.strength), dtype=bool)
    taus, predictions = {}, []
    for day, events in enumerate(scenario.days, start=1):
        for hands in events:
            predictions += [(estimator.predict(h), int(h.margin > 0)) for h in hands if h.margin]
        for hands in events:
            estimator.learn(hands)
            for hand in hands:
                played[list(hand.seats)] = True
        if day in CHECKPOINTS:
            taus[day] = kendalltau(scenario.strength[played], estimator.scores()[played]).statistic
    return Reading(taus, predictions)


def best(make: Callable[..., Estimator], scenario: Scenario, grid: dict) -> tuple[Reading, str]:
    """The baseline at its best scale (and K, from ``grid``) on these very hands: its
    predictions at scale 1 are re-scaled on the logit, and the best log-loss kept."""
    readings = []
    for k in grid.get("k", [None]):
        reading = read(scenario, make() if k is None else make(k=k))
        logits = [(math.log(p / (1 - p)), won) for p, won in reading.predictions]
        for scale in np.geomspace(0.1, 20, 40):
            candidate = Reading(reading.taus, [(logistic(scale * x), won) for x, won in logits])
            label = f"scale {scale:.2f}" + ("" if k is None else f", K {k:g}")
            readings.append((candidate.log_loss(), candidate, label))
    _, reading, label = min(readings, key=lambda item: item[0])
    return reading, label


def residuals(scenario: Scenario) -> tuple[float, float, float]:
    """What the model's constants are set to: the standard deviation of a hand's margin around
    the final rating's expectation (``model.NOISE``, SCALE units), and the regression of a hand's
    total above 100 TP on its table's summed strengths (``LEVEL_SLOPE``) with its residual
    standard deviation (``LEVEL_NOISE``), the strengths from the margins alone."""
    people = len(scenario.strength)
    hands = [h for events in scenario.days for hs in events for h in hs]
    margins = observations(hands, totals=False)
    fit = model.fit(margins, people)
    x = model.design(margins, people)
    noise = float(np.sqrt(np.mean((x.y - x.x @ fit.mu) ** 2)))
    table_strength = np.array([fit.mu[list(h.seats)].sum() for h in hands])
    above = (np.array([h.total for h in hands]) - 100.0) / model.SCALE
    slope, intercept = np.polyfit(table_strength, above, 1)
    level_noise = float(np.std(above - (intercept + slope * table_strength)))
    return noise, float(slope), level_noise


SCENARIOS = ("pool", "clubs", "attendance")
ESTIMATES = ("rating", "standings (VP/hand)", "Elo (no partners)")


def measure(name: str, seed: int) -> dict:
    """One scenario of one seed simulated and read by the rating and both baselines: each
    estimate's taus and log-loss, the rating's log-loss by prior, the residual SD."""
    scenario = simulate(name, seed)
    people = len(scenario.strength)
    standings, _ = best(lambda: Standings(people), scenario, {})
    elo, _ = best(lambda k=16.0: Elo(people, k=k), scenario, {"k": [8.0, 16.0, 32.0]})
    readings = dict(zip(ESTIMATES, (read(scenario, Rating(people)), standings, elo), strict=True))
    return {
        "hands": sum(len(hs) for events in scenario.days for hs in events),
        "estimates": {
            label: [*(r.taus[c] for c in CHECKPOINTS), r.log_loss()]
            for label, r in readings.items()
        },
        "priors": [read(scenario, Rating(people, prior)).log_loss() for prior in PRIORS],
        "residuals": residuals(scenario),
    }


def quality(seeds: int) -> None:
    """Every scenario over ``seeds`` seeds (two processes): the means, then the rating's margin
    over the better baseline seed by seed (its mean, standard error and the seeds it is ahead
    in). 32 to 40 players make one seed's tau move by several hundredths, so a margin smaller
    than about two standard errors is not told apart from the seeds' luck."""
    start = time.perf_counter()
    jobs = [(name, seed) for seed in range(1, seeds + 1) for name in SCENARIOS]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = dict(zip(jobs, pool.map(measure, *zip(*jobs, strict=True)), strict=True))
    hands = sum(result["hands"] for result in results.values())
    print(
        f"{hands:,} hands simulated and read in {time.perf_counter() - start:.0f} s; "
        f"means over {seeds} seeds\n"
    )
    rows, margin_rows, prior_rows, noise = [], [], [], []
    for name in SCENARIOS:
        mine = [results[(name, seed)] for seed in range(1, seeds + 1)]
        values = {label: np.array([m["estimates"][label] for m in mine]) for label in ESTIMATES}
        for label in ESTIMATES:
            means = values[label].mean(axis=0)
            rows.append([name, label, *(f"{v:.3f}" for v in means[:-1]), f"{means[-1]:.4f}"])
        margin_rows.append([name, *_margins(values)])
        prior_rows.append([name, *(f"{v:.4f}" for v in np.mean([m["priors"] for m in mine], 0))])
        fitted = np.mean([m["residuals"] for m in mine], axis=0)
        noise.append(f"{name} {fitted[0]:.2f}, {fitted[1]:.3f}, {fitted[2]:.2f}")
    print("Kendall's tau (strength vs estimate) after n events; log-loss of each event's hands\n")
    print(table(["scenario", "estimate", *(f"tau {c}" for c in CHECKPOINTS), "log-loss"], rows))
    print(
        "\nThe rating minus the better baseline, seed by seed (tau: the higher of the two; "
        "log-loss: the lower, negative is better): mean ± standard error, seeds ahead\n"
    )
    print(table(["scenario", *(f"tau {c}" for c in CHECKPOINTS), "log-loss"], margin_rows))
    print(f"\nThe rating (noise {model.NOISE}, prior {model.PRIOR}): log-loss by prior\n")
    print(table(["scenario", *(f"prior {p}" for p in PRIORS)], prior_rows))
    print(
        "\nFitted (100 TP): a margin's residual SD (model.NOISE), a total's slope on its table's "
        f"strength (LEVEL_SLOPE) and residual SD (LEVEL_NOISE): {'; '.join(noise)}"
    )


def _margins(values: dict[str, np.ndarray]) -> list[str]:
    """Per checkpoint and for the log-loss: the rating's margin over the better baseline of each
    seed, as ``mean ± standard error (ahead/seeds)``."""
    rating, baselines = values[ESTIMATES[0]], [values[label] for label in ESTIMATES[1:]]
    better = np.maximum(*baselines)
    better[:, -1] = np.minimum(*(b[:, -1] for b in baselines))
    margin = rating - better
    ahead = np.hstack([margin[:, :-1] > 0, margin[:, -1:] <= 0]).sum(axis=0)
    error = margin.std(axis=0, ddof=1) / np.sqrt(len(margin)) if len(margin) > 1 else 0 * ahead
    digits = [3] * (margin.shape[1] - 1) + [4]
    return [
        f"{m:+.{d}f} ± {e:.{d}f} ({a}/{len(margin)})"
        for m, e, a, d in zip(margin.mean(axis=0), error, ahead, digits, strict=True)
    ]


# --- speed --------------------------------------------------------------------------------------


def synthetic(seed: int, people=10_000, hands=1_000_000, events=100):
    rng = np.random.default_rng(seed)
    strength = rng.normal(0, model.PRIOR, people)
    seats = rng.integers(0, people, size=(hands, 4))
    seats = seats[(seats[:, 0] != seats[:, 1]) & (seats[:, 0] != seats[:, 2])]  # rough: a few
    signs = strength[seats] @ np.array([1, -1, 1, -1])
    margin = (signs + rng.normal(0, model.NOISE, len(seats))) * model.SCALE
    level = model.LEVEL_SLOPE * strength[seats].sum(axis=1)
    total = 100 + (level + rng.normal(0, model.LEVEL_NOISE, len(seats))) * model.SCALE
    obs = [
        model.TeamHand((a, c), (b, d), m, total=t)
        for (a, b, c, d), m, t in zip(seats.tolist(), margin.tolist(), total.tolist(), strict=True)
    ]
    size = len(obs) // events
    return strength, [obs[i * size : (i + 1) * size] for i in range(events)]


def speed(seed: int, runs: int) -> None:
    strength, events = synthetic(seed)
    people = len(strength)
    everything = [o for event in events for o in event]
    chain, single, update = [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        fits = model.history(events, people)
        chain.append(time.perf_counter() - start)
        start = time.perf_counter()
        model.fit(everything, people)
        single.append(time.perf_counter() - start)
    normal = model.Normal.empty(people, model.games_of(everything))
    normal.add(normal.design(everything[:-4]))
    before = model.solve(normal)
    for _ in range(runs):
        trial = model.Normal(normal.gram, normal.moment, normal.hands, normal.games)
        start = time.perf_counter()
        trial.add(trial.design(everything[-4:]))
        model.solve(trial, start=before)
        update.append(time.perf_counter() - start)
    tau = kendalltau(strength, fits[-1].mu).statistic
    print(
        f"\n{people:,} people, {len(everything):,} hands in {len(events)} events (tau {tau:.3f})\n"
    )
    print(
        table(
            ["what", "median seconds"],
            [
                [
                    "from scratch, a solve after each event (the worker)",
                    f"{statistics.median(chain):.1f}",
                ],
                ["from scratch, one solve", f"{statistics.median(single):.1f}"],
                ["update after one table's result (4 hands)", f"{statistics.median(update):.2f}"],
            ],
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()
    print(f"{machine()}\n")
    quality(args.seeds)
    if not args.skip_speed:
        speed(1, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
