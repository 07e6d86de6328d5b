"""Individuals at tables of any size: Tientsin's six in two teams of three, and the tables of
games where every player plays for themself (``tournaments.games`` says which).

Tournament rules implemented here:

- Every active player sits at exactly one table or has a bye. The game splits the field into
  tables (``table_sizes``: a fixed size with the rest on byes, or mixed sizes where the game
  allows them); byes go to the players with the fewest byes so far, lowest ranked first.
- Tables of two teams: no two players are partners twice while that can be avoided (local search
  with restarts; a repeat is kept only when none of them found a seating without one). Repeat
  opponents are kept as few as the search finds. Within a table the split into two teams is the
  one with the fewest repeat partners, then repeat opponents; among equal splits the seed draws.
- Tables without teams: players meet new opponents, as far as the search finds (the number of
  earlier meetings of the table's players is kept low), unless the game seats groups of the
  standings whoever met before (``avoid_meetings`` off: Grand Seigneur).
- Round 1 is a random draw by the seed; later rounds seat players of similar standing together
  (neighbours in the standings), as far as the rules above allow.

How: consecutive players of the standings fill the tables, then single players are swapped
between tables while that lowers the cost (repeat partners, repeat meetings, score spread, rank
spread), compared lexicographically; while a repeat partner remains, the search starts again from
random seatings (``RESTARTS``) and keeps the best.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from django.utils.translation import gettext_lazy as _

from ..choices import EntrantType
from .base import (
    Draw,
    Entrant,
    PairingHistory,
    PairingMethod,
    checked_entrants,
    round_random,
    too_few,
)
from .field import Cost, PlayerField
from .individual import _bye_choices

RESTARTS = 40
"""Random restarts of the search while a repeat partner remains."""

SizesOf = Callable[[int], tuple[list[int], int]]


def fixed_size(seats: int) -> SizesOf:
    """Tables of ``seats``, the rest on byes."""

    def sizes(players: int) -> tuple[list[int], int]:
        tables, byes = divmod(players, seats)
        return [seats] * tables, byes

    return sizes


class _Field(PlayerField):
    """The round's players with their history, indexed for fast table costs."""

    def __init__(
        self,
        order: Sequence[Entrant],
        history: PairingHistory,
        teams: bool,
        avoid_meetings: bool = True,
    ):
        super().__init__(order, history)
        self.teams = teams
        self.avoid_meetings = avoid_meetings
        self._splits: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}

    def splits(self, size: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The ways to split a table's indexes into two teams of half its size (the first
        index always in the first team)."""
        found = self._splits.get(size)
        if found is None:
            found = []
            for rest in combinations(range(1, size), size // 2 - 1):
                first = (0, *rest)
                found.append((first, tuple(i for i in range(size) if i not in first)))
            self._splits[size] = found
        return found

    def split_costs(self, table: Sequence[int]) -> list[tuple[int, int]]:
        """(repeat partners, repeat opponents) of each split of the table into two teams."""
        costs = []
        for first, second in self.splits(len(table)):
            repeats = 0
            for team in (first, second):
                for x, y in combinations(team, 2):
                    repeats += table[y] in self.partners[table[x]]
            met = 0
            for x in first:
                seen = self.met[table[x]]
                for y in second:
                    met += seen.get(table[y], 0)
            costs.append((repeats, met))
        return costs

    def cost(self, table: Sequence[int]) -> Cost:
        """(repeat partners, repeat meetings) of the table's best seating, then its spreads."""
        if self.teams:
            repeats, met = min(self.split_costs(table))
        else:
            repeats = 0
            met = (
                sum(self.met[a].get(b, 0) for a, b in combinations(table, 2))
                if self.avoid_meetings
                else 0
            )
        scores = [self.score[p] for p in table]
        ranks = [self.rank[p] for p in table]
        return repeats, met, max(scores) - min(scores), max(ranks) - min(ranks)

    def total(self, tables: list[list[int]]) -> Cost:
        costs = [self.cost(t) for t in tables]
        return tuple(sum(c[k] for c in costs) for k in range(4))  # type: ignore[return-value]

    def seat(self, table: Sequence[int], rng: random.Random) -> tuple[int, ...]:
        """The table's seats. Two teams: the best split (drawn among equal ones), each team in
        rank order, the team of the best-ranked player in the even seats. Without teams: a
        random order by the seed."""
        table = sorted(table, key=self.rank.__getitem__)
        if not self.teams:
            seats = list(table)
            rng.shuffle(seats)
            return tuple(seats)
        costs = self.split_costs(table)
        best = min(costs)
        first, second = rng.choice(
            [
                split
                for split, cost in zip(self.splits(len(table)), costs, strict=True)
                if cost == best
            ]
        )
        seats = []
        for a, b in zip(first, second, strict=True):
            seats += [table[a], table[b]]
        return tuple(seats)


def _fill(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start : start + size]))
        start += size
    return tables


class TablePairing(PairingMethod):
    """Individuals at tables of ``table_sizes`` (see the module's rules); ``teams``: the seats
    form two alternating teams."""

    method = "tables"
    label = _("individuals at tables of the game's size")
    entrant_type = EntrantType.INDIVIDUAL

    def __init__(
        self,
        *,
        seats: int = 6,
        teams: bool = True,
        table_sizes: SizesOf | None = None,
        repair_radius: int = 2,
        avoid_meetings: bool = True,
    ):
        self.avoid_meetings = avoid_meetings
        self.seats = seats
        self.teams = teams
        self.table_sizes = table_sizes or fixed_size(seats)
        self.repair_radius = repair_radius

    def fewest_players(self) -> int:
        """The fewest players that fill a table (the table sizes' smallest: Grand Seigneur's
        five, the seats of the other games)."""
        return next(count for count in range(1, self.seats + 1) if self.table_sizes(count)[0])

    def pair(
        self,
        entrants: Sequence[Entrant],
        history: PairingHistory,
        *,
        seed: int | str,
        round_number: int,
    ) -> Draw:
        order = checked_entrants(entrants, 1, "players")
        sizes, bye_count = self.table_sizes(len(order))
        if not sizes:
            raise too_few("players", len(order), self.fewest_players())
        rng = round_random(seed, round_number)
        if round_number == 1:
            order.sort(key=lambda e: e.id)
            rng.shuffle(order)
        field = _Field(order, history, self.teams, self.avoid_meetings)
        byes = next(iter(_bye_choices(order, history, bye_count)))
        players = [e.id for e in order if e.id not in byes]
        tables = _fill(players, sizes)
        field.improve(tables, self.repair_radius)
        best, best_cost = tables, field.total(tables)
        for _attempt in range(RESTARTS):
            if best_cost[0] == 0:
                break
            shuffled = list(players)
            rng.shuffle(shuffled)
            tables = _fill(shuffled, sizes)
            field.improve(tables, self.repair_radius)
            cost = field.total(tables)
            if cost < best_cost:
                best, best_cost = tables, cost
        best.sort(key=lambda t: min(field.rank[p] for p in t))
        return Draw(
            tables=[field.seat(t, rng) for t in best],
            byes=sorted(byes, key=field.rank.__getitem__),
            method=self.method,
            teams=self.teams,
        )
