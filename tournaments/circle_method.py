"""The circle method: a schedule in which every member of a field meets every other once.

The first member stays in place, the others rotate one place per round; with an odd number of
members a dummy joins the circle and its opponent of the round sits out. The fixed member
alternates sides, every other member is on the left of its match on the circle's left half, so
each one's left and right differ by at most one over the schedule. The schedule depends only on
the order given, never on results or on a seed.

A leaf of its own (no imports from the rest of the service): the leagues' round robin
(``pairing.round_robin``) and the duplicate movements (``duplicate.movement``, which the pairing
package itself imports) both build on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class CircleRound:
    """One round: its matches (left, right) and who sits out (none, or the odd member)."""

    matches: list[tuple[int, int]]
    sitting_out: list[int]


def circle_rounds(members: Sequence[int]) -> list[CircleRound]:
    """The ``n - 1`` rounds (``n`` rounded up to even) in which ``members`` all meet once."""
    circle: list[int | None] = [*members, None] if len(members) % 2 else list(members)
    size = len(circle)
    rounds = []
    for number in range(size - 1):
        matches, sitting_out = [], []
        for i in range(size // 2):
            left, right = circle[i], circle[size - 1 - i]
            if left is None or right is None:
                sitting_out.append(right if left is None else left)
            elif i == 0 and number % 2:
                matches.append((right, left))
            else:
                matches.append((left, right))
        rounds.append(CircleRound(matches, [m for m in sitting_out if m is not None]))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds
