"""Movements of Duplicate Tichu, computed for any field: who meets whom, where, in which direction
and on which boards, round by round.

The ruling (``docs/rules.md``, "Duplicate Tichu"): every pair plays every board at most once, every
board is played in both directions as evenly as the field allows, and pairs meet each other as
evenly as the field allows. A movement is a pure function of the number of pairs, the rounds and
the boards per round; nothing is stored but those numbers.

The design, and the bounds ``tests/duplicate/test_movement.py`` checks for every field
of 4 to 100 pairs:

- **Who meets whom: the circle method** (``tournaments.circle_method``): its ``m - 1`` rounds
  (``m`` the pairs, one more for an odd field, whose opponent sits out) are perfect matchings in
  which every two pairs meet exactly once. A movement of more rounds runs them again in the same
  order. So no pair meets another twice before it has met everyone once, and after any number of
  rounds two pairs have met ``q`` or ``q + 1`` times. Every pair sits out at most once in ``m - 1``
  rounds.
- **Boards: a barometer.** Every table of a round plays the same boards, each round new ones:
  round 1 boards 1 to b, round 2 boards b + 1 to 2b, and so on. Boards are dealt by the engine
  (``scoring.boards``), so each table receives its own copy. A pair plays one table a round, so it
  never meets a board twice, and every board is played by every table of its round: each board
  has the most results to compare that the field gives (``floor(pairs / 2)``), the same for all,
  and the Neuberg formula is needed only for results missing at the table. With
  ``sets_per_round = g`` the tables of a round split into ``g`` nearly equal groups, each with its
  own boards, for a room with fewer copies of a board (a board then has fewer results).
  Why not a relay of board sets between tables (one copy a set, each set at one table a round):
  a complete one is a Room square of side ``m - 1``, which does not exist for 4 or 6 pairs, and
  the others need a search or stored tables (as aragos/tichu-tournament's files for 4 to 12);
  with boards dealt from the seed, copies cost a printout.
- **Directions: two rounds at a time.** Two consecutive rounds are two perfect matchings without a
  common meeting; together they form disjoint cycles of even length, alternating between the two
  rounds. Walking each cycle one way and seating each meeting's first pair of the walk North-South
  gives every pair of the cycle one round North-South and one East-West. So in an even field, a
  pair has sat North-South and East-West the same number of rounds after every second round, and
  one apart after the others: it holds each direction's cards on as many boards as the other's,
  give or take one round (every board has as many North-South results as East-West ones, one of
  each per table, by construction). In an
  odd field the walk through the sit-out is broken: the two pairs who sit out in the two rounds get
  opposite directions in their one round played, the direction that evens their count (when
  possible); the bound measured and checked is 1 at the end of every two rounds and 2 after any
  round. A last odd round seats North-South the pair of each table that sat East-West more often.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..circle_method import circle_rounds

MIN_PAIRS = 4
MAX_PAIRS = 100


@dataclass(frozen=True, slots=True)
class Meeting:
    """One table of one round: the North-South pair, the East-West pair and the boards (numbers
    from 1). Pairs are numbered from 1, tables from 1."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole movement: ``rounds[r]`` the meetings of round ``r + 1`` by table, ``sit_outs[r]``
    the pair sitting out that round (None in an even field)."""

    pairs: int
    boards_per_round: int
    sets_per_round: int
    rounds: tuple[tuple[Meeting, ...], ...]
    sit_outs: tuple[int | None, ...]

    @property
    def boards(self) -> int:
        """How many boards the movement deals."""
        return len(self.rounds) * self.boards_per_round * self.sets_per_round

    def card(self, pair: int) -> tuple[Meeting | None, ...]:
        """A pair's movement card: its meeting of each round, None where it sits out."""
        return tuple(
            next((m for m in meetings if pair in (m.ns, m.ew)), None) for meetings in self.rounds
        )


def movement(
    pairs: int, rounds: int | None = None, boards_per_round: int = 2, sets_per_round: int = 1
) -> Movement:
    """The movement of ``pairs`` pairs over ``rounds`` rounds (default: the full round robin, every
    pair meeting every other once) of ``boards_per_round`` boards, with ``sets_per_round`` board
    groups in a round (see the module). A ``ValueError`` names the number out of range."""
    if not MIN_PAIRS <= pairs <= MAX_PAIRS:
        raise ValueError(f"a movement is for {MIN_PAIRS} to {MAX_PAIRS} pairs, not {pairs}")
    leg = circle_rounds(range(1, pairs + 1))
    rounds = len(leg) if rounds is None else rounds
    tables = pairs // 2
    if rounds < 1:
        raise ValueError("a movement has at least one round")
    if boards_per_round < 1:
        raise ValueError("a round has at least one board")
    if not 1 <= sets_per_round <= tables:
        raise ValueError(f"a round has 1 to {tables} board groups, one per table at most")
    schedule = [leg[r % len(leg)] for r in range(rounds)]
    matches = [[frozenset(match) for match in circle.matches] for circle in schedule]
    sit_outs = tuple(circle.sitting_out[0] if circle.sitting_out else None for circle in schedule)
    seated = _directions(matches, sit_outs)
    return Movement(
        pairs,
        boards_per_round,
        sets_per_round,
        tuple(
            tuple(
                Meeting(
                    r + 1,
                    t + 1,
                    ns,
                    ew,
                    _boards(r, t * sets_per_round // tables, boards_per_round, sets_per_round),
                )
                for t, (ns, ew) in enumerate(round_seats)
            )
            for r, round_seats in enumerate(seated)
        ),
        sit_outs,
    )


def _boards(round_index: int, group: int, per_round: int, groups: int) -> tuple[int, ...]:
    """The boards of a group of tables in a round: each (round, group) its own run of numbers."""
    first = (round_index * groups + group) * per_round + 1
    return tuple(range(first, first + per_round))


def _directions(
    matches: Sequence[Sequence[frozenset[int]]], sit_outs: Sequence[int | None]
) -> list[list[tuple[int, int]]]:
    """Each round's meetings as (North-South, East-West), oriented two rounds at a time (the
    module's "Directions"); the meetings keep the schedule's order, which numbers the tables."""
    balance: dict[int, int] = {}  # rounds North-South minus rounds East-West, per pair
    seated: list[list[tuple[int, int]]] = []
    for start in range(0, len(matches), 2):
        block = matches[start : start + 2]
        if len(block) == 1:
            seated.append([_by_balance(match, balance) for match in block[0]])
            continue
        north: set[tuple[int, int]] = set()  # (round of the block, pair seated North-South)
        for walk in _cycles(block[0], block[1], sit_outs[start : start + 2]):
            if _gain(walk, balance) < 0:
                walk = [(r, b, a) for r, a, b in walk]
            north.update((r, a) for r, a, _ in walk)
        for r, round_matches in enumerate(block):
            seated.append([_ordered(match, r, north) for match in round_matches])
        for pair_ns, pair_ew in seated[-2] + seated[-1]:
            balance[pair_ns] = balance.get(pair_ns, 0) + 1
            balance[pair_ew] = balance.get(pair_ew, 0) - 1
    return seated


def _ordered(match: frozenset[int], r: int, north: set[tuple[int, int]]) -> tuple[int, int]:
    low, high = sorted(match)
    return (low, high) if (r, low) in north else (high, low)


def _by_balance(match: frozenset[int], balance: dict[int, int]) -> tuple[int, int]:
    """A last odd round's meeting: North-South the pair that sat East-West more (the lower
    number on a tie)."""
    low, high = sorted(match)
    return (high, low) if balance.get(high, 0) < balance.get(low, 0) else (low, high)


def _cycles(
    first: Sequence[frozenset[int]],
    second: Sequence[frozenset[int]],
    sit_outs: Sequence[int | None],
) -> list[list[tuple[int, int, int]]]:
    """The walks of two rounds' meetings: each a list of steps (round 0 or 1 of the block, the
    pair seated North-South, its opponent), alternating rounds. A closed cycle starts from its
    lowest pair; a path (an odd field: it ends at the two pairs who sit out) from the pair who sits
    out in the second round, whose meeting is in the first."""
    partner = [_opponents(matches) for matches in (first, second)]
    seen: set[int] = set()
    walks = []
    starts = [s for s in (sit_outs[1],) if s is not None] + sorted(partner[0])
    for start in starts:
        if start in seen:
            continue
        walk, pair, r = [], start, 0
        while pair not in seen and pair in partner[r]:
            seen.add(pair)
            other = partner[r][pair]
            walk.append((r, pair, other))
            pair, r = other, 1 - r
        seen.add(pair)
        walks.append(walk)
    return walks


def _opponents(matches: Sequence[frozenset[int]]) -> dict[int, int]:
    opponent = {}
    for match in matches:
        low, high = sorted(match)
        opponent[low], opponent[high] = high, low
    return opponent


def _gain(walk: Sequence[tuple[int, int, int]], balance: dict[int, int]) -> int:
    """How much better walking a path as given evens its end pairs' counts than walking it back:
    the first pair sits North-South once more, the last East-West once more (reversed, the other
    way round). A closed cycle seats each of its pairs once each way: 0."""
    head, tail = walk[0][1], walk[-1][2]
    if head == tail:
        return 0
    as_given = abs(balance.get(head, 0) + 1) + abs(balance.get(tail, 0) - 1)
    reversed_ = abs(balance.get(head, 0) - 1) + abs(balance.get(tail, 0) + 1)
    return reversed_ - as_given
