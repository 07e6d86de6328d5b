"""Individual events (DTM "Einzelspielermodus"): tables of four, partners change every round.

Tournament rules implemented here:

- Every active player sits at exactly one table or has a bye. There are (players mod 4) byes,
  given to the players with the fewest byes so far, lowest ranked first.
- No two players are partners twice. This is a hard rule: ``PairingError`` is raised only when no
  seating (with any equally fair choice of byes) avoids a repeat partner.
- Repeat opponents are kept as few as local improvement finds.
- Round 1 is a random draw by the seed. Later rounds seat players of similar standing together: a
  table is four neighbours in the standings, as far as the two rules above allow.
- Within a table, of the three ways to split four players into two partnerships, the draw takes
  one without a repeat partner and with the fewest repeat opponents; among equal splits the seed
  decides (the "random partner draw").

How, in linear time for the usual case: slide through the standings in groups of four, then
repair locally by swapping single players between nearby tables while that lowers the cost
(repeat partners, repeat opponents, score spread, rank spread), compared lexicographically. If a
repeat partner remains (small or exhausted fields only), partnerships are matched exactly on the
graph of allowed partners (networkx, a band of neighbours first, then all pairs), neighbouring
partnerships share a table, and the repair runs again.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations, islice

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
from .field import Cost, PlayerField

# The three seat orders of a table's players a, b, c, d: seats 0 and 2 are partners.
SEAT_ORDERS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))

# How many other equally fair bye choices to try when the first admits no seating at all.
MAX_BYE_CHOICES = 1000


class _Field(PlayerField):
    """The players of one round with their history, indexed for fast table costs."""

    def split_costs(self, table: Sequence[int]) -> list[tuple[int, int]]:
        """(repeat partners, repeat opponents) of the table seated in each of ``SEAT_ORDERS``."""
        costs = []
        for i, j, k, m in SEAT_ORDERS:
            north, east, south, west = table[i], table[j], table[k], table[m]
            repeat_partners = (south in self.partners[north]) + (west in self.partners[east])
            met_north, met_south = self.met[north], self.met[south]
            repeat_opponents = (
                met_north.get(east, 0)
                + met_north.get(west, 0)
                + met_south.get(east, 0)
                + met_south.get(west, 0)
            )
            costs.append((repeat_partners, repeat_opponents))
        return costs

    def cost(self, table: Sequence[int]) -> Cost:
        """(repeat partners, repeat opponents) of the table's best split, then its spreads."""
        repeat_partners, repeat_opponents = min(self.split_costs(table))
        scores = [self.score[p] for p in table]
        ranks = [self.rank[p] for p in table]
        return (
            repeat_partners,
            repeat_opponents,
            max(scores) - min(scores),
            max(ranks) - min(ranks),
        )

    def seat(self, table: Sequence[int], rng: random.Random) -> tuple[int, int, int, int]:
        """The table's seats: the best split, drawn by ``rng`` among equal ones.

        The best-ranked player takes seat 0, the better-ranked opponent seat 1.
        """
        table = sorted(table, key=self.rank.__getitem__)
        costs = self.split_costs(table)
        best = min(costs)
        order = rng.choice([o for o, c in zip(SEAT_ORDERS, costs, strict=True) if c == best])
        return tuple(table[i] for i in order)  # type: ignore[return-value]

    def partnerships(self, players: list[int]) -> list[tuple[int, int]] | None:
        """Partnerships of all ``players`` with no repeat partner, near in rank; None if none exist.

        A maximum-weight matching on the allowed pairs within a band of ranks, widened until it is
        perfect or covers every pair.
        """
        count = len(players)
        band = 8
        while True:
            graph = nx.Graph()
            graph.add_nodes_from(players)
            for i, player in enumerate(players):
                for j in range(i + 1, min(count, i + 1 + band)):
                    if players[j] not in self.partners[player]:
                        graph.add_edge(player, players[j], weight=count - (j - i))
            matching = nx.max_weight_matching(graph, maxcardinality=True)
            if 2 * len(matching) == count:
                pairs = [tuple(sorted(pair, key=self.rank.__getitem__)) for pair in matching]
                return sorted(pairs, key=lambda pair: self.rank[pair[0]])
            if band >= count - 1:
                return None
            band *= 4


class IndividualPairing(PairingMethod):
    """Tables of four for individual players, no partner twice (see the module's rules).

    ``repair_radius`` is how many tables away a table with a repeat opponent looks for a swap:
    larger finds fewer repeat opponents but seats players of less similar standing together.
    """

    method = "individual"
    # Translators: a pairing method, described in the API's schema
    label = _("individual: a new partner every round")
    entrant_type = EntrantType.INDIVIDUAL

    def __init__(self, *, repair_radius: int = 2):
        self.repair_radius = repair_radius

    def pair(
        self,
        entrants: Sequence[Entrant],
        history: PairingHistory,
        *,
        seed: int | str,
        round_number: int,
    ) -> Draw:
        order = checked_entrants(entrants, 4, "players")
        rng = round_random(seed, round_number)
        if round_number == 1:
            order.sort(key=lambda e: e.id)
            rng.shuffle(order)
        field = _Field(order, history)
        bye_count = len(order) % 4
        for byes in islice(_bye_choices(order, history, bye_count), MAX_BYE_CHOICES):
            tables = self._tables(field, [e.id for e in order if e.id not in byes])
            if tables is not None:
                break
        else:
            raise PairingError(
                "repeat_partner",
                f"No seating of these {len(order)} players avoids a repeat "
                f"partner: with {bye_count} bye(s) given fairly, someone has already partnered "
                f"every player still available.",
                players=len(order),
                byes=bye_count,
            )
        tables.sort(key=lambda t: min(field.rank[p] for p in t))
        return Draw(
            tables=[field.seat(t, rng) for t in tables],
            byes=sorted(byes, key=field.rank.__getitem__),
            method=self.method,
        )

    def _tables(self, field: _Field, players: list[int]) -> list[list[int]] | None:
        """Tables of four without a repeat partner, near in rank; None if there are none."""
        tables = [players[i : i + 4] for i in range(0, len(players), 4)]
        if field.improve(tables, self.repair_radius) == 0:
            return tables
        pairs = field.partnerships(players)
        if pairs is None:
            return None
        tables = [[*pairs[i], *pairs[i + 1]] for i in range(0, len(pairs), 2)]
        field.improve(tables, self.repair_radius)
        return tables


def _bye_choices(order: list[Entrant], history: PairingHistory, count: int) -> Iterator[set[int]]:
    """The fair sets of ``count`` byes, the rule's own choice first.

    The rule: fewest byes so far, lowest ranked first. Any other set giving byes to players with
    the same numbers of earlier byes is equally fair; those follow, in the rule's preference.
    """
    queue = sorted(reversed(order), key=lambda e: history.byes.get(e.id, 0))
    if count == 0:
        yield set()
        return
    threshold = history.byes.get(queue[count - 1].id, 0)
    must = [e.id for e in queue if history.byes.get(e.id, 0) < threshold]
    pool = [e.id for e in queue if history.byes.get(e.id, 0) == threshold]
    for rest in combinations(pool, count - len(must)):
        yield {*must, *rest}
