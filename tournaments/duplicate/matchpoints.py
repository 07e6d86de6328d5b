"""Scoring of Duplicate Tichu: a board's results compared among the pairs who held the same cards.

The ruling (``docs/rules.md``, "Duplicate Tichu"), and where each part is:

- A board's result for a direction is its Tichu points minus the opponents' (``TableResult``):
  a failed call of the opponents helps as much as one's own made call.
- Results of a board are compared among those who sat in the same direction (North-South,
  seats 0 and 2; East-West, 1 and 3): ``matchpoints``, 2 for each result beaten and 1 for each
  tied; the top is ``2 x (n - 1)`` for ``n`` results, a percentage is the matchpoints over the top.
- A board played fewer times (``n``) than the most-played board of the event (``N``) is scaled by
  the Neuberg formula, ``M' = (M + 1) x N / n - 1`` (``neuberg``), against the top ``2 x (N - 1)``.
  With a single result anywhere (``N = 1``) there is nothing to compare: 50%.
- Artificial results (``Artificial``), given by the organizer: average 50%, average plus 60%,
  average minus 40% of the top. The pairs who played the board are scored among the real results
  only, then scaled by Neuberg (``percentages``).
- A pair's total is the average of its percentages (``score_event``). Option: a butler score per
  board, the result's difference from the board's average with the highest and lowest result left
  out (``butler``), a pair's total their sum; an artificial result there scores 0 for average and
  plus or minus ``artificial_points`` (an option, 20 Tichu points unless given) for average plus
  or minus.

Pure functions of the results: the worker computes standings with them, and they are tested from
worked examples in ``tests/duplicate/test_matchpoints.py``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Artificial(StrEnum):
    """An artificial result, and its share of the top."""

    AVERAGE = "average"
    AVERAGE_PLUS = "average_plus"
    AVERAGE_MINUS = "average_minus"

    @property
    def percentage(self) -> float:
        return {"average": 50.0, "average_plus": 60.0, "average_minus": 40.0}[self.value]

    @property
    def sign(self) -> int:
        """-1, 0 or +1: below, at or above the average (what a butler score gives it)."""
        return {"average": 0, "average_plus": 1, "average_minus": -1}[self.value]


Score = int | Artificial
"""A direction's result on a board: its Tichu points minus the opponents', or an artificial one."""

NS, EW = 0, 1
"""The directions: North-South (seats 0 and 2) and East-West (seats 1 and 3)."""


def board_result(tp: Sequence[int], direction: int) -> int:
    """A direction's result on a board played: its Tichu points minus the opponents' (``tp``:
    North-South's, East-West's)."""
    return tp[direction] - tp[1 - direction]


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result on one board: the pairs and either the Tichu points of each direction
    (``tp``: North-South, East-West) or an artificial result for each (``artificial``)."""

    board: int
    ns: int
    ew: int
    tp: tuple[int, int] | None = None
    artificial: tuple[Artificial, Artificial] | None = None

    def __post_init__(self) -> None:
        if (self.tp is None) == (self.artificial is None):
            raise ValueError("a table's result is its Tichu points or an artificial result")

    def score(self, direction: int) -> Score:
        """The direction's result: its Tichu points minus the opponents', or its artificial one."""
        if self.artificial is not None:
            return self.artificial[direction]
        assert self.tp is not None
        return board_result(self.tp, direction)


def matchpoints(results: Sequence[int]) -> list[int]:
    """Each result's matchpoints among ``results``: 2 for each other result it beats, 1 for each
    it ties."""
    return [
        sum(2 if result > other else 1 if result == other else 0 for other in results) - 1
        for result in results
    ]


def neuberg(points: float, played: int, most_played: int) -> float:
    """Matchpoints ``points`` of a board with ``played`` results scaled to the ``most_played``
    board's: ``(M + 1) x N / n - 1``."""
    return (points + 1) * most_played / played - 1


def percentages(scores: Sequence[Score], most_played: int | None = None) -> list[float]:
    """The percentage of each result of one board in one direction: real results by their
    matchpoints among the real ones, scaled by Neuberg to ``most_played`` (default: this board's
    count of real results), artificial ones by their fixed share."""
    real = [score for score in scores if not isinstance(score, Artificial)]
    most = len(real) if most_played is None else most_played
    if real and most < len(real):
        raise ValueError("the most-played board has at least as many results as any board")
    real_points = iter(matchpoints(real))
    top = 2 * (most - 1)
    shares = []
    for score in scores:
        if isinstance(score, Artificial):
            shares.append(score.percentage)
        elif top == 0:
            shares.append(50.0)
            next(real_points)
        else:
            shares.append(100 * neuberg(next(real_points), len(real), most) / top)
    return shares


def butler(scores: Sequence[Score], artificial_points: int = 20) -> list[float]:
    """The butler score of each result of one board in one direction: its difference from the
    average of the real results with the highest and lowest left out (all of them when fewer than
    three); artificial results score 0 or plus or minus ``artificial_points``."""
    real = sorted(score for score in scores if not isinstance(score, Artificial))
    kept = real[1:-1] if len(real) >= 3 else real
    datum = sum(kept) / len(kept) if kept else 0.0
    return [
        float(score.sign * artificial_points) if isinstance(score, Artificial) else score - datum
        for score in scores
    ]


@dataclass(frozen=True, slots=True)
class PairScore:
    """A pair's scorecard, board by board (board number, percentage or butler score), and its
    total: the average percentage, or the sum of the butler scores."""

    pair: int
    boards: tuple[tuple[int, float], ...]
    total: float


def score_event(
    results: Iterable[TableResult], *, use_butler: bool = False, artificial_points: int = 20
) -> dict[int, PairScore]:
    """Every pair's scorecard and total from all the tables' results of an event. ``N`` for the
    Neuberg formula is the largest number of real results of any board."""
    by_board: dict[int, list[TableResult]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(result)
    most_played = max(
        (sum(1 for t in tables if t.tp is not None) for tables in by_board.values()), default=0
    )
    cards: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for board, tables in sorted(by_board.items()):
        for direction in (NS, EW):
            scores = [table.score(direction) for table in tables]
            if use_butler:
                values = butler(scores, artificial_points)
            else:
                values = percentages(scores, max(most_played, 1))
            for table, value in zip(tables, values, strict=True):
                cards[table.ew if direction else table.ns].append((board, value))
    return {
        pair: PairScore(
            pair,
            tuple(card),
            sum(v for _, v in card) if use_butler else sum(v for _, v in card) / len(card),
        )
        for pair, card in sorted(cards.items())
    }
