"""Team Swiss: each round, teams of similar standing play each other, never twice if avoidable.

Tournament rules implemented here:

- Round 1 is a random draw by the seed; later rounds pair by the standings.
- With an odd number of teams, the lowest-ranked team that has not had a bye sits out; no team has
  a second bye (``PairingError`` when every team has had one).
- The matches are a maximum-weight perfect matching whose integer weights rank, each priority
  outweighing all lower ones together: (1) no rematch while one is avoidable (then as few and as
  rarely repeated as possible), (2) the smallest score distance (difference in victory points),
  (3) the smallest rank distance (squared, so 1-2 3-4 beats 1-3 2-4, which beats 1-4 2-3).
- Sides alternate fairly: the team that was team 0 less often (net) is team 0; on a tie, the
  better-ranked team.

How, at scale: the matcher (networkx's blossom algorithm) gets a sparse graph, each team linked
to its nearest ``neighbours`` unmet teams below it in the standings, widened until a perfect
matching exists; rematch edges join only when even all unmet pairs admit none. Fields larger than
``window`` are matched window by window down the standings (the matches of each window's top
``commit`` teams are kept, the rest float into the next window); if the last window cannot be
completed without a rematch, kept matches above it are taken back, doubling it each time, up to
the whole field matched at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx
from django.utils.translation import gettext_lazy as _

from ..choices import EntrantType
from .base import (
    Draw,
    Entrant,
    PairingError,
    PairingHistory,
    PairingMethod,
    checked_entrants,
    round_random,
)

Pair = tuple[int, int]


def lexicographic_weights(costs: Sequence[Sequence[int]], pairs_per_matching: int) -> list[int]:
    """Positive integer edge weights whose maximum perfect matching minimises ``costs`` in order.

    Each cost level (non-negative integers) is scaled so that one unit of it outweighs the largest
    possible sum of all lower levels over a matching of ``pairs_per_matching`` edges. Since every
    perfect matching has the same number of edges, maximising ``base - cost`` minimises the cost.
    """
    levels = len(costs[0])
    scale = [0] * levels
    factor = 1
    for level in reversed(range(levels)):
        scale[level] = factor
        factor *= pairs_per_matching * max(cost[level] for cost in costs) + 1
    totals = [sum(c * s for c, s in zip(cost, scale, strict=True)) for cost in costs]
    base = max(totals) + 1
    return [base - total for total in totals]


class _Matcher:
    """Matches the teams of one round (best-first) by the Swiss priorities."""

    def __init__(self, teams: Sequence[Entrant], history: PairingHistory, neighbours: int):
        self.teams = [t.id for t in teams]
        self.rank = {t.id: i for i, t in enumerate(teams)}
        self.score = {t.id: t.score for t in teams}
        self.met: dict[int, dict[int, int]] = {t.id: {} for t in teams}
        for (a, b), count in history.matches.items():
            if a in self.met and b in self.met:
                self.met[a][b] = count
                self.met[b][a] = count
        self.neighbours = neighbours

    def cost(self, a: int, b: int) -> tuple[int, int, int, int]:
        met = self.met[a].get(b, 0)
        return (
            met > 0,
            met,
            abs(self.score[a] - self.score[b]),
            (self.rank[a] - self.rank[b]) ** 2,
        )

    def best(self, teams: list[int], edges: list[Pair]) -> list[Pair]:
        """The maximum-cardinality matching of ``teams`` over ``edges`` of least cost."""
        if not edges:
            return []
        weights = lexicographic_weights([self.cost(a, b) for a, b in edges], len(teams) // 2)
        graph = nx.Graph()
        graph.add_nodes_from(teams)
        graph.add_weighted_edges_from((a, b, w) for (a, b), w in zip(edges, weights, strict=True))
        pairs = [
            tuple(sorted(p, key=self.rank.__getitem__))
            for p in nx.max_weight_matching(graph, maxcardinality=True)
        ]
        return sorted(pairs, key=lambda pair: self.rank[pair[0]])

    def unmet(self, teams: list[int]) -> list[Pair]:
        """The best matching without rematches, widening the band of neighbours as needed.

        Maximum cardinality: perfect if the unmet pairs of ``teams`` admit a perfect matching.
        """
        reach = self.neighbours
        while True:
            edges = []
            for i, a in enumerate(teams):
                found = 0
                for b in teams[i + 1 :]:
                    if b not in self.met[a]:
                        edges.append((a, b))
                        found += 1
                        if found == reach:
                            break
            pairs = self.best(teams, edges)
            if 2 * len(pairs) == len(teams) or reach >= len(teams) - 1:
                return pairs
            reach *= 2

    def exact(self, teams: list[int]) -> list[Pair]:
        """The best perfect matching of ``teams``, with rematches only if unavoidable."""
        pairs = self.unmet(teams)
        if 2 * len(pairs) == len(teams):
            return pairs
        return self.best(teams, [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :]])

    def windowed(self, window: int, commit: int) -> list[Pair]:
        """Match window by window down the standings (see the module's docstring)."""
        teams = self.teams
        if len(teams) <= window:
            return self.exact(teams)
        pairs: list[Pair] = []
        carried: list[int] = []
        start = 0
        while True:
            take = max(commit, window - len(carried))
            block = carried + teams[start : start + take]
            start += take
            if len(block) % 2 and start < len(teams):
                block.append(teams[start])
                start += 1
            if start >= len(teams):
                return self.last(pairs, block)
            matched = self.unmet(block)
            position = {team: i for i, team in enumerate(block)}
            kept = [pair for pair in matched if position[pair[0]] < commit]
            pairs.extend(kept)
            done = {team for pair in kept for team in pair}
            carried = [team for team in block if team not in done]

    def last(self, pairs: list[Pair], block: list[int]) -> list[Pair]:
        """Complete the matching with the last block, taking back kept pairs if it needs a rematch.

        Each time the last block admits no perfect matching without a rematch, it grows by as
        many teams from the kept pairs above it as it has; with nothing left to take back, the
        whole field is matched at once.
        """
        while True:
            matched = self.unmet(block)
            if 2 * len(matched) == len(block):
                return pairs + matched
            if not pairs:
                return self.exact(block)
            back = max(1, len(block) // 2)
            block = sorted(
                [t for pair in pairs[-back:] for t in pair] + block, key=self.rank.__getitem__
            )
            del pairs[-back:]


class SwissPairing(PairingMethod):
    """Swiss pairing of fixed teams (see the module's rules).

    ``neighbours`` is how many unmet teams below each team the sparse graph links first;
    ``window`` is the largest field matched in one piece, ``commit`` how many teams from the top
    of each window keep their match when the field is larger.
    """

    method = "swiss"
    # Translators: a pairing method, described in the API's schema
    label = _("Swiss: teams against teams of equal standing")
    entrant_type = EntrantType.TEAM

    def __init__(self, *, neighbours: int = 6, window: int = 64, commit: int = 40):
        if not 0 < commit < window:
            raise ValueError("commit must be positive and smaller than window")
        self.neighbours = neighbours
        self.window = window
        self.commit = commit

    def pair(
        self,
        entrants: Sequence[Entrant],
        history: PairingHistory,
        *,
        seed: int | str,
        round_number: int,
    ) -> Draw:
        order = checked_entrants(entrants, 2, "teams")
        if round_number == 1:
            order.sort(key=lambda e: e.id)
            round_random(seed, round_number).shuffle(order)
        byes: list[int] = []
        if len(order) % 2:
            eligible = [e for e in order if not history.byes.get(e.id, 0)]
            if not eligible:
                raise PairingError(
                    "all_had_byes",
                    f"All {len(order)} teams have had a bye; no "
                    f"team may have a second one. Add or withdraw a team.",
                    teams=len(order),
                )
            byes.append(eligible[-1].id)
            order = [e for e in order if e.id != byes[0]]
        matcher = _Matcher(order, history, self.neighbours)
        pairs = matcher.windowed(self.window, self.commit)
        pairs.sort(key=lambda pair: matcher.rank[pair[0]])
        balance = history.side_balance
        tables = [(a, b) if balance.get(a, 0) <= balance.get(b, 0) else (b, a) for a, b in pairs]
        return Draw(tables=tables, byes=byes, method=self.method)
