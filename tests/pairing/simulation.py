"""Stand-in entrants for the pairing tests: simulated rounds with random results, brute force."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from itertools import combinations

from tournaments.pairing import Draw, Entrant, PairingHistory, pair_round


def standings(scores: dict[int, int]) -> list[Entrant]:
    """Entrants best-first: most victory points, then lowest id."""
    return [Entrant(i, scores[i]) for i in sorted(scores, key=lambda i: (-scores[i], i))]


def play(draw: Draw, scores: dict[int, int], rng: random.Random) -> None:
    """Random victory points for every table (20 shared per table), 10 for a bye."""
    for table in draw.tables:
        first = rng.randint(0, 20)
        for seat, entrant in enumerate(table):
            scores[entrant] += first if seat % 2 == 0 else 20 - first
    for entrant in draw.byes:
        scores[entrant] += 10


def simulate(
    method: str, size: int, rounds: int, seed: int
) -> Iterator[tuple[list[Entrant], PairingHistory, Draw]]:
    """Each round's standings, the history before it and its draw, results drawn by ``seed``."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    history = PairingHistory.empty()
    for number in range(1, rounds + 1):
        order = standings(scores)
        draw = pair_round(method, order, history, seed=seed, round_number=number)
        yield order, history, draw
        play(draw, scores, rng)
        history = history.add(draw)


def perfect_matchings(items: tuple[int, ...]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split ``items`` (an even number) into pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for matching in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *matching]


def fair_bye_sets(order: list[Entrant], history: PairingHistory) -> list[frozenset[int]]:
    """Every set of (players mod 4) byes that gives no bye while a player with fewer sits."""
    count = len(order) % 4
    ids = [e.id for e in order]
    result = []
    for byes in combinations(ids, count):
        seated = [history.byes.get(p, 0) for p in ids if p not in byes]
        if all(history.byes.get(b, 0) <= min(seated) for b in byes):
            result.append(frozenset(byes))
    return result


def partners_possible(players: list[int], history: PairingHistory) -> bool:
    """Whether ``players`` split into partnerships without a repeat partner (brute force)."""

    @cache
    def possible(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        first = min(rest)
        return any(
            possible(rest - {first, other})
            for other in rest - {first}
            if frozenset((first, other)) not in history.partners
        )

    return possible(frozenset(players))
