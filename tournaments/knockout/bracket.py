"""A single-elimination bracket as pure functions: no database, no Django.

Rules (RULINGS.md, "Knockout cups and group stages"):

- The bracket has the next power of two of slots; the missing teams are byes, and the byes go to
  the top seeds (seed ``k`` of a bracket of ``size`` slots meets seed ``size + 1 - k``, who is a
  bye when there are fewer teams).
- Seeds are placed so that 1 and 2 can meet only in the final, 1-4 only from the semi-finals, and
  so on: the standard order (1 v 16, 8 v 9, 4 v 13, 5 v 12, ...), built by splitting each match of
  the smaller bracket into two.
- The winner of match ``slot`` of a round plays match ``slot // 2`` of the next round, as its
  first team when ``slot`` is even. The losers of the two semi-finals meet in the third-place
  match, when the format has one.

Rounds are numbered from 1 (the first round) to ``rounds_in(size)`` (the final).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

# A stage's name by the number of teams in it, as the organizer chooses "best of 3 from ...".
STAGES: dict[str, int] = {
    "final": 2,
    "semi_final": 4,
    "quarter_final": 8,
    "round_of_16": 16,
    "round_of_32": 32,
    "round_of_64": 64,
}
MAX_TEAMS = 256
MAX_BEST_OF = 9
"""The most games a match may have (``Format.best_of``, an odd number)."""


def bracket_size(teams: int) -> int:
    """The next power of two of ``teams`` (at least 2)."""
    if teams < 2:
        raise ValueError("a bracket needs at least two teams")
    size = 2
    while size < teams:
        size *= 2
    return size


def rounds_in(size: int) -> int:
    """Rounds of a bracket of ``size`` slots: 1 for 2 slots, 4 for 16."""
    return size.bit_length() - 1


def teams_in_round(size: int, round_number: int) -> int:
    """Teams that a round of the bracket holds: ``size`` in round 1, 2 in the final."""
    return size >> (round_number - 1)


def seed_order(size: int) -> list[int]:
    """Seeds (1-based) in slot order: slots 2k and 2k+1 play match k of the first round.

    ``seed_order(4) == [1, 4, 2, 3]``; each step replaces seed ``s`` by ``s, 2n + 1 - s``.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def first_round(seeded: Sequence[T]) -> list[tuple[T | None, T | None]]:
    """The first round's matches for teams in seed order (best first); ``None`` is a bye."""
    size = bracket_size(len(seeded))
    order = seed_order(size)
    at = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    return [(at[i], at[i + 1]) for i in range(0, size, 2)]


def seeds_of_first_round(teams: int) -> list[tuple[int, int | None]]:
    """The seeds (1-based) of each first-round match; ``None`` is a bye."""
    pairs = first_round(list(range(1, teams + 1)))
    return [(a, b) for a, b in pairs]  # type: ignore[misc]  # the first team is never a bye


def next_match(slot: int) -> tuple[int, int]:
    """Where the winner of match ``slot`` goes: (slot in the next round, side 0 or 1)."""
    return slot // 2, slot % 2


def games_in_match(*, best_of: int, best_of_from: str | None, teams: int) -> int:
    """How many games a match of a stage of ``teams`` teams is the best of: ``best_of`` from the
    stage named ``best_of_from`` on (every stage when None), one game before it."""
    if best_of_from is None or teams <= STAGES[best_of_from]:
        return best_of
    return 1


def stage_name(teams: int) -> str:
    """``final``, ``semi_final``... or ``round_of_N`` for a round of ``teams`` teams."""
    for name, count in STAGES.items():
        if count == teams:
            return name
    return f"round_of_{teams}"


@dataclass(frozen=True)
class Played(Generic[T]):
    """One match of a played cup: its round, slot, teams and winner (``bye`` when one is None)."""

    round: int
    slot: int
    teams: tuple[T | None, T | None]
    winner: T

    @property
    def bye(self) -> bool:
        return None in self.teams


def play_cup(
    seeded: Sequence[T], winner_of: Callable[[T, T], T], *, third_place: bool = False
) -> tuple[list[Played[T]], list[list[T]]]:
    """A whole cup: every match in order, and the placings as groups of equal place
    (champion, finalist, then the third-place match or the semi-finals' losers, ...).

    The services move a stored cup on by the same rules (``next_match``); the properties check
    this function over many sizes and choosers of winners.
    """
    size = bracket_size(len(seeded))
    matches: list[Played[T]] = []
    current: list[tuple[T | None, T | None]] = first_round(seeded)
    losers_by_round: list[list[T]] = []
    semi_losers: list[T] = []
    for round_number in range(1, rounds_in(size) + 1):
        winners: list[T] = []
        losers: list[T] = []
        for slot, (a, b) in enumerate(current):
            if a is None or b is None:
                winner = a if b is None else b
                assert winner is not None, "a bracket never has two byes in one match"
            else:
                winner = winner_of(a, b)
                if winner not in (a, b):
                    raise ValueError("the winner of a match is one of its teams")
                losers.append(b if winner == a else a)
            matches.append(Played(round_number, slot, (a, b), winner))
            winners.append(winner)
        if teams_in_round(size, round_number) == 4:
            semi_losers = list(losers)
        losers_by_round.append(losers)
        current = [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
    champion = matches[-1].winner
    placings: list[list[T]] = [[champion]]
    for round_losers in reversed(losers_by_round):
        if third_place and round_losers == semi_losers and len(semi_losers) == 2:
            a, b = semi_losers
            third = winner_of(a, b)
            matches.append(Played(rounds_in(size), 1, (a, b), third))
            placings += [[third], [b if third == a else a]]
        elif round_losers:
            placings.append(round_losers)
    return matches, placings
