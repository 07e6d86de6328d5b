"""A group stage as pure functions: snake seeding, the group ranking, the crossing into the bracket.

Rules (RULINGS.md, "Knockout cups and group stages"):

- Groups are seeded by snake order: seeds 1..G go to groups A..G, seeds G+1..2G back from the
  last group to A, and so on; each group plays a round robin (the circle method of
  ``pairing.round_robin_schedule``).
- A group ranks by matches won, then TP difference, then TP scored, then the matches between the
  tied teams (wins among them); last the seed, so the ranking is always total.
- The top K of each group advance, crossed into the bracket: group winners are the top seeds,
  then the runners-up and so on, in an order of each tier chosen so that teams of one group meet
  as late as possible (A1 v B2 and B1 v A2 for two groups).
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .bracket import bracket_size, first_round

T = TypeVar("T", bound=Hashable)

MAX_GROUPS = 16
MAX_ADVANCE = 8
"""The most teams of a group that may advance to the bracket (``Format.advance``)."""


def group_label(index: int) -> str:
    """A, B, C... for groups 0, 1, 2..."""
    return string.ascii_uppercase[index]


def snake(seeded: Sequence[T], groups: int) -> list[list[T]]:
    """Teams in seed order dealt into ``groups`` groups in snake order."""
    if not 1 <= groups <= len(seeded) // 2:
        raise ValueError("every group needs at least two teams")
    dealt: list[list[T]] = [[] for _ in range(groups)]
    for index, team in enumerate(seeded):
        row, column = divmod(index, groups)
        dealt[column if row % 2 == 0 else groups - 1 - column].append(team)
    return dealt


@dataclass(frozen=True)
class Result:
    """A decided group match: its teams, the winner and each team's Tichu points."""

    a: Hashable
    b: Hashable
    winner: Hashable
    tp_a: int = 0
    tp_b: int = 0


@dataclass
class Line:
    """A team's line in its group's table."""

    team: Hashable
    played: int = 0
    won: int = 0
    tp_for: int = 0
    tp_against: int = 0

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def tp_difference(self) -> int:
        return self.tp_for - self.tp_against


def rank_group(members: Sequence[T], results: Sequence[Result]) -> list[Line]:
    """The group's table in ranking order (the module's rules); ``members`` in seed order."""
    lines = {team: Line(team) for team in members}
    for result in results:
        for team, own, other in (
            (result.a, result.tp_a, result.tp_b),
            (result.b, result.tp_b, result.tp_a),
        ):
            line = lines[team]
            line.played += 1
            line.won += result.winner == team
            line.tp_for += own
            line.tp_against += other
    seed = {team: index for index, team in enumerate(members)}

    def key(line: Line) -> tuple[int, int, int]:
        return (-line.won, -line.tp_difference, -line.tp_for)

    ranked: list[Line] = []
    ordered = sorted(lines.values(), key=lambda line: (key(line), seed[line.team]))
    for _, tied in itertools.groupby(ordered, key=key):
        cluster = list(tied)
        among = {line.team for line in cluster}
        wins = {
            team: sum(1 for r in results if r.winner == team and {r.a, r.b} <= among)
            for team in among
        }
        ranked += sorted(cluster, key=lambda line: (-wins[line.team], seed[line.team]))
    return ranked


def cross(rankings: Sequence[Sequence[T]], advance: int) -> list[T]:
    """The teams that advance, in bracket seed order: the top ``advance`` of each group's
    ranking, tier by tier, each tier in the order (a rotation, or a rotation of the reversed
    groups) that lets the fewest teams of one group meet in the first round, then in the second;
    the groups' order on a tie. Chosen one tier after the other (not every combination: eight
    groups of four would be thousands of brackets)."""
    if any(len(ranking) < advance for ranking in rankings):
        raise ValueError("a group has fewer teams than advance from it")
    group_of = {team: g for g, ranking in enumerate(rankings) for team in ranking[:advance]}
    tiers = [[ranking[k] for ranking in rankings] for k in range(advance)]
    for k in range(1, advance):  # tier by tier, the later tiers as they are for now

        def order_with(tier: list[T], k: int = k) -> list[T]:
            return [team for t in (*tiers[:k], tier, *tiers[k + 1 :]) for team in t]

        tiers[k] = min(_orders(tiers[k]), key=lambda tier: _clashes(order_with(tier), group_of))
    return [team for tier in tiers for team in tier]


def _orders(tier: list[T]) -> list[list[T]]:
    rotations = [tier[i:] + tier[:i] for i in range(len(tier))]
    backwards = list(reversed(tier))
    return rotations + [backwards[i:] + backwards[:i] for i in range(len(tier))]


def _clashes(order: list[T], group_of: dict) -> tuple[int, int]:
    """Same-group meetings the order makes: certain in the first round, possible in the second."""
    matches = first_round(order)
    first = sum(
        1 for a, b in matches if a is not None and b is not None and group_of[a] == group_of[b]
    )
    second = 0
    if bracket_size(len(order)) >= 4:
        for left, right in zip(matches[::2], matches[1::2], strict=True):
            second += sum(
                1
                for a in left
                for b in right
                if a is not None and b is not None and group_of[a] == group_of[b]
            )
    return first, second
