"""A round's individual players as the pairings that seat them read it: their history indexed
for fast table costs, and the local repair of a draw (swap players between tables while the
total cost falls).

Shared by ``individual`` (tables of four) and ``tables`` (the other games' tables): each says what
a table costs (``PlayerField.cost``), this module how the history is indexed and how swaps lower
the cost. A cost is a tuple compared in order, its first member the hard fault (a repeat
partner), so a swap that removes a repeat partner wins over any number of softer gains.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from .base import Entrant, PairingHistory

Cost = tuple[int, int, int, int]
Swap = tuple[Cost, int, int, int, Cost, Cost]  # (cost change, table j, seat in i, in j, new costs)


class PlayerField(ABC):
    """The round's players (best first) with their history: ``rank``, ``score``, each one's
    ``partners`` so far and how often they ``met`` each other player as opponents."""

    def __init__(self, order: Sequence[Entrant], history: PairingHistory):
        self.rank = {e.id: i for i, e in enumerate(order)}
        self.score = {e.id: e.score for e in order}
        self.partners: dict[int, set[int]] = {e.id: set() for e in order}
        self.met: dict[int, dict[int, int]] = {e.id: {} for e in order}
        for a, b in history.partners:
            if a in self.partners and b in self.partners:
                self.partners[a].add(b)
                self.partners[b].add(a)
        for (a, b), count in history.opponents.items():
            if a in self.met and b in self.met:
                self.met[a][b] = count
                self.met[b][a] = count

    @abstractmethod
    def cost(self, table: Sequence[int]) -> Cost:
        """What a table of these players costs (lower is better; the first member is hard)."""

    def improve(self, tables: list[list[int]], radius: int) -> int:
        """Swap players between tables while the total cost falls; return the hard faults left.

        A table with a soft fault (a repeat opponent) looks for swaps with the tables up to
        ``radius`` places away; a table with a hard fault (a repeat partner) looks as far as
        needed, nearest first.
        """
        costs = [self.cost(t) for t in tables]
        todo = [i for i in reversed(range(len(tables))) if costs[i][0] or costs[i][1]]
        while todo:
            i = todo.pop()
            if not (costs[i][0] or costs[i][1]):
                continue
            hard = costs[i][0] > 0
            best: Swap | None = None
            for distance in range(1, (len(tables) if hard else radius) + 1):
                for j in (i - distance, i + distance):
                    if 0 <= j < len(tables):
                        move = self._best_swap(tables, costs, i, j)
                        if move is not None and (best is None or move[0] < best[0]):
                            best = move
                if best is not None and (not hard or best[0][0] < 0):
                    break
            if best is None:
                continue
            _, j, x, y, cost_i, cost_j = best
            tables[i][x], tables[j][y] = tables[j][y], tables[i][x]
            costs[i], costs[j] = cost_i, cost_j
            todo.extend(k for k in (j, i) if costs[k][0] or costs[k][1])
        return sum(c[0] for c in costs)

    def _best_swap(self, tables: list[list[int]], costs: list[Cost], i: int, j: int) -> Swap | None:
        """The swap of a player of table ``i`` with one of table ``j`` lowering the cost most."""
        old = tuple(a + b for a, b in zip(costs[i], costs[j], strict=True))
        best = None
        first, second = tables[i], tables[j]
        for x in range(len(first)):
            for y in range(len(second)):
                first[x], second[y] = second[y], first[x]
                cost_i, cost_j = self.cost(first), self.cost(second)
                first[x], second[y] = second[y], first[x]
                delta = tuple(a + b - c for a, b, c in zip(cost_i, cost_j, old, strict=True))
                if delta < (0, 0, 0, 0) and (best is None or delta < best[0]):
                    best = (delta, j, x, y, cost_i, cost_j)
        return best
