"""The rating's maths: a least-squares team model with a Gaussian prior (pure numpy/scipy).

In the spirit of the English Bridge Union's grading, where a partnership is expected to score
the average of its two grades minus the opponents': every hand is one observation

    margin / SCALE = strength(side A) - strength(side B) + noise,   noise ~ N(0, NOISE²)

where a side's strength is the mean of its members' times two (``team_row``): a Tichu pair is
the sum of its two players, Tientsin's three count two thirds each, and in Threechu the dealer
(who plays the dummy's hand too) counts twice against the other two players, once each. A Grand
Seigneur hand is a ranking of many: each player's place, centred and standardised
(``(N + 1) / 2 - place`` over its standard deviation for N players), is one observation of their
strength minus the mean of the table's (``placing_rows``), with unit noise.

Every person's strength has the prior N(0, PRIOR²), so the posterior mean is a ridge regression:
minimise ``|X s - y|² + (NOISE / PRIOR)² |s|²``. It is solved by a library solver
(``scipy.sparse.linalg.cg`` on the sparse normal equations, Jacobi-preconditioned), never by
hand. The posterior standard deviation of a person is approximated by the diagonal,
``NOISE / sqrt((XᵀX + λI)_ii)``. It ignores how a person's partners' and opponents' estimates
share their uncertainty, and the register's common level: hands tell only differences of
strength, so the mean of everyone's is known from the prior alone (its variance PRIOR² / N),
which moves everybody together and never changes an order. Against the exact posterior of a
person's strength relative to the register's mean, it is within 15 % on a register of 8 and
5 % on one of 20 (tested), and it costs nothing at 10,000 people, where the exact inverse
costs minutes.

The history (``history``): the ratings after each event, in event order. Each event's solve
starts from the previous event's ratings (a warm start, the same chain every time), so a
register rated from scratch twice gets identical numbers; the last point is the rating.

The table's level: a hand's margin tells only how its sides differ, never how strong its table
is, so two clubs that have not met yet could not be compared. Its total does: both sides' TP
together are 100 plus what the calls and double victories add, and strong players call Tichu
when they can make it and go out together more often. So a hand of two sides whose total is
known is a second observation (``_level_rows``)

    (total - 100) / SCALE = base(game) + LEVEL_SLOPE * sum of |coefficient| * strength + noise,

with noise ~ N(0, LEVEL_NOISE²), weighed against the margin's by ``NOISE / LEVEL_NOISE``. Each
game has its own ``base`` (what a table of average strength totals above 100 TP: the calls'
mean, another game's card points), an unknown solved with the strengths under the wide prior
N(0, BASE_PRIOR²); the slope is the same for every game.

``NOISE``, ``LEVEL_SLOPE`` and ``LEVEL_NOISE`` were fitted to Tichu: the residual standard
deviation of a hand's margin, and the regression of a hand's total on its table's strength, on
the simulated DTM registers of ``benchmarks/ratings.py``, in units of ``SCALE`` TP. ``PRIOR``
was chosen there too, by the log-loss of predicting each event's hands before learning them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import LinearOperator, cg
from scipy.special import ndtr

SCALE = 100.0
"""A hand's margin in these TP: the unit of strength (a player 1.0 above another is expected
to make their side 100 TP a hand more)."""
NOISE = 1.1
"""The standard deviation of a Tichu hand's margin around its expectation, in ``SCALE`` units:
the residual measured on simulated DTM hands (``benchmarks/ratings.py`` prints it: 1.09 to
1.11 in its three scenarios)."""
PRIOR = 0.25
"""The prior standard deviation of a person's strength (25 TP a hand), chosen by the benchmark's
log-loss: the best of 0.15, 0.25, 0.5 and 1.0 in all three of its scenarios."""
LEVEL_SLOPE = 0.14
"""What a table's strength adds to a hand's total (both sides' TP, ``SCALE`` units) per unit of
the sum of its players' strengths: 0.137 on the benchmark's simulated DTM pool (it prints it)."""
LEVEL_NOISE = 0.62
"""The standard deviation of a hand's total around that expectation (``SCALE`` units): 0.62
there. A total tells a table's level far less surely than a margin tells its sides' difference."""
BASE_PRIOR = 2.0
"""The prior standard deviation of a game's ``base`` (200 TP): wide, the hands decide it."""
CONSERVATIVE_K = 2.0
"""The ranking list orders people by ``mu - CONSERVATIVE_K * sigma``."""
TOLERANCE = 1e-7
"""The solver's relative residual: far below what any rating shows (one decimal)."""


@dataclass(frozen=True)
class TeamHand:
    """A hand between two sides (people's indices), with side A's margin in TP (its TP minus
    side B's), and where known both sides' TP together and the game they were scored by (the
    table's level, see the module)."""

    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    margin: float
    total: float | None = None
    game: str = "tichu"


@dataclass(frozen=True)
class PlacingHand:
    """A hand of placings: its players (indices) and each one's place (1 = first out)."""

    players: tuple[int, ...]
    places: tuple[int, ...]


Observation = TeamHand | PlacingHand


@dataclass(frozen=True)
class Design:
    """Observations as the regression sees them: the sparse rows ``x`` (one per team hand and
    one more for its total, one per player of a placing hand; a column per person, then one per
    game's base), their targets ``y``, and each person's hands."""

    x: sp.csr_matrix
    y: np.ndarray
    hands: np.ndarray


@dataclass(frozen=True)
class Fit:
    """Each person's posterior mean ``mu`` and standard deviation ``sigma`` (strength units),
    the hands they were rated from, and each game's ``base`` (``Normal.games``' order)."""

    mu: np.ndarray
    sigma: np.ndarray
    hands: np.ndarray
    base: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def conservative(self, k: float = CONSERVATIVE_K) -> np.ndarray:
        """What the ranking list orders by: strength we are fairly sure of."""
        return self.mu - k * self.sigma


def team_row(side_a: Sequence[int], side_b: Sequence[int]) -> dict[int, float]:
    """A team hand's coefficients: ``2 / size`` for each of side A's members, minus that for
    side B's."""
    return {person: 2.0 / len(side_a) for person in side_a} | {
        person: -2.0 / len(side_b) for person in side_b
    }


def games_of(observations: Iterable[Observation]) -> tuple[str, ...]:
    """The games whose hands tell their totals: each has a ``base`` column, in this order."""
    told = {obs.game for obs in observations if isinstance(obs, TeamHand) and obs.total is not None}
    return tuple(sorted(told))


def design(observations: Sequence[Observation], people: int, games: Sequence[str] = ()) -> Design:
    """The regression's rows of ``observations`` over ``people`` persons (indices 0..people-1)
    and the bases of ``games`` (a total of another game is left out): observations of one shape
    (team sizes, table size) become rows together, as arrays."""
    teams: dict[tuple[int, int], list[TeamHand]] = {}
    levels: dict[tuple[int, int, int], list[TeamHand]] = {}
    placings: dict[int, list[PlacingHand]] = {}
    for observation in observations:
        if isinstance(observation, TeamHand):
            shape = (len(observation.side_a), len(observation.side_b))
            teams.setdefault(shape, []).append(observation)
            if observation.total is not None and observation.game in games:
                base = people + list(games).index(observation.game)
                levels.setdefault((*shape, base), []).append(observation)
        else:
            placings.setdefault(len(observation.players), []).append(observation)
    parts = [_team_rows(hands) for _, hands in sorted(teams.items())]
    parts += [_level_rows(hands, base) for (_, _, base), hands in sorted(levels.items())]
    parts += [_placing_rows(hands) for _, hands in sorted(placings.items())]
    hands = np.zeros(people, dtype=np.int64)
    columns = people + len(games)
    if not parts:
        return Design(x=sp.csr_matrix((0, columns)), y=np.zeros(0), hands=hands)
    members = np.concatenate([part[3] for part in parts])
    np.add.at(hands, members, 1)
    x = sp.vstack(
        [
            sp.csr_matrix((coefficients, (rows, cols)), shape=(int(rows.max()) + 1, columns))
            for rows, cols, coefficients, _, _ in parts
        ],
        format="csr",
    )
    return Design(x=x, y=np.concatenate([part[4] for part in parts]), hands=hands)


Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Row numbers, columns and coefficients of some rows, the people they count a hand for, and
their targets."""


def _team_rows(hands: Sequence[TeamHand]) -> Rows:
    """One row per hand (all of one shape): ``2 / size`` for each member of side A, minus that
    for side B's; the margin in ``SCALE`` units."""
    side_a = np.array([hand.side_a for hand in hands], dtype=np.int64)
    side_b = np.array([hand.side_b for hand in hands], dtype=np.int64)
    members = np.hstack([side_a, side_b])
    coefficients = np.hstack(
        [
            np.full(side_a.shape, 2.0 / side_a.shape[1]),
            np.full(side_b.shape, -2.0 / side_b.shape[1]),
        ]
    )
    rows = np.repeat(np.arange(len(hands)), members.shape[1])
    margins = np.array([hand.margin for hand in hands], dtype=float) / SCALE
    return rows, members.ravel(), coefficients.ravel(), members.ravel(), margins


def _level_rows(hands: Sequence[TeamHand], base: int) -> Rows:
    """One row per hand (all of one shape and game, whose base is column ``base``): the table's
    strength, each member at ``LEVEL_SLOPE`` times their weight in the margin, plus the base;
    the total above 100 TP in ``SCALE`` units. Rows and target are weighed by ``NOISE /
    LEVEL_NOISE``, so that one noise serves every row. The hand was counted by its margin."""
    side_a = np.array([hand.side_a for hand in hands], dtype=np.int64)
    side_b = np.array([hand.side_b for hand in hands], dtype=np.int64)
    weight = NOISE / LEVEL_NOISE
    members = np.hstack([side_a, side_b, np.full((len(hands), 1), base)])
    coefficients = weight * np.hstack(
        [
            np.full(side_a.shape, LEVEL_SLOPE * 2.0 / side_a.shape[1]),
            np.full(side_b.shape, LEVEL_SLOPE * 2.0 / side_b.shape[1]),
            np.ones((len(hands), 1)),
        ]
    )
    rows = np.repeat(np.arange(len(hands)), members.shape[1])
    totals = np.array([hand.total for hand in hands], dtype=float)
    targets = weight * (totals - 100.0) / SCALE
    return rows, members.ravel(), coefficients.ravel(), np.zeros(0, dtype=np.int64), targets


def _placing_rows(hands: Sequence[PlacingHand]) -> Rows:
    """One row per player (tables of one size N): 1 - 1/N for the player, -1/N for each other;
    the place centred and standardised, ``((N + 1) / 2 - place) / sqrt((N² - 1) / 12)``."""
    players = np.array([hand.players for hand in hands], dtype=np.int64)
    places = np.array([hand.places for hand in hands], dtype=float)
    count, n = players.shape
    rows = np.repeat(np.arange(count * n), n)
    columns = np.repeat(players, n, axis=0).ravel()
    coefficients = np.tile(np.eye(n) - 1.0 / n, (count, 1)).ravel()
    targets = ((n + 1) / 2.0 - places.ravel()) / np.sqrt((n * n - 1) / 12.0)
    return rows, columns, coefficients, players.ravel(), targets


@dataclass
class Normal:
    """The normal equations' sums ``XᵀX`` and ``Xᵀy`` and the hands, accumulated event by event,
    over ``people`` persons and the bases of ``games``."""

    gram: sp.csr_matrix
    moment: np.ndarray
    hands: np.ndarray
    games: tuple[str, ...] = ()

    @classmethod
    def empty(cls, people: int, games: Sequence[str] = ()) -> Normal:
        columns = people + len(games)
        return cls(
            sp.csr_matrix((columns, columns)),
            np.zeros(columns),
            np.zeros(people, dtype=np.int64),
            tuple(games),
        )

    @property
    def people(self) -> int:
        return self.hands.shape[0]

    def add(self, part: Design) -> None:
        self.gram = (self.gram + (part.x.T @ part.x).tocsr()).tocsr()
        self.moment = self.moment + part.x.T @ part.y
        self.hands = self.hands + part.hands

    def design(self, observations: Sequence[Observation]) -> Design:
        """``observations`` as rows over this system's columns."""
        return design(observations, self.people, self.games)


def solve(
    normal: Normal, *, noise: float = NOISE, prior: float = PRIOR, start: Fit | None = None
) -> Fit:
    """The posterior of the strengths (and the games' bases) given the accumulated ``normal``
    equations: mean by conjugate gradients from ``start`` (zeros by default), standard deviation
    by the diagonal approximation (see the module)."""
    people, columns = normal.people, normal.moment.shape[0]
    damping = np.full(columns, (noise / prior) ** 2)
    damping[people:] = (noise / BASE_PRIOR) ** 2
    gram = normal.gram
    system = LinearOperator(
        (columns, columns), matvec=lambda v: gram @ v + damping * v, dtype=float
    )  # XᵀX + λI without a copy of XᵀX
    diagonal = gram.diagonal() + damping
    preconditioner = sp.diags(1.0 / diagonal)
    mu, info = cg(
        system,
        normal.moment,
        x0=np.zeros(columns) if start is None else np.concatenate([start.mu, start.base]),
        rtol=TOLERANCE,
        maxiter=10 * columns + 100,
        M=preconditioner,
    )
    if info != 0:  # pragma: no cover - a positive definite system converges within its size
        raise RuntimeError(f"the rating's solver did not converge ({info})")
    return Fit(
        mu=mu[:people],
        sigma=noise / np.sqrt(diagonal[:people]),
        hands=normal.hands.copy(),
        base=mu[people:],
    )


def fit(
    observations: Sequence[Observation],
    people: int,
    *,
    noise: float = NOISE,
    prior: float = PRIOR,
) -> Fit:
    """The ratings from ``observations`` all at once."""
    normal = Normal.empty(people, games_of(observations))
    normal.add(normal.design(observations))
    return solve(normal, noise=noise, prior=prior)


def history(
    events: Sequence[Sequence[Observation]],
    people: int,
    *,
    noise: float = NOISE,
    prior: float = PRIOR,
) -> list[Fit]:
    """The ratings after each event in order, each solve warm-started from the previous one's
    ratings: deterministic, so the same events always give the same chain."""
    normal = Normal.empty(people, games_of(obs for event in events for obs in event))
    fits: list[Fit] = []
    for observations in events:
        normal.add(normal.design(observations))
        fits.append(solve(normal, noise=noise, prior=prior, start=fits[-1] if fits else None))
    return fits


def win_probability(
    fit: Fit, side_a: Sequence[int], side_b: Sequence[int], *, noise: float = NOISE
) -> float:
    """The chance that side A's margin is positive: the expected margin over its predictive
    spread (the hand's noise and the sides' rating uncertainties)."""
    row = team_row(side_a, side_b)
    people = np.array(sorted(row))
    weights = np.array([row[p] for p in people])
    expected = float(weights @ fit.mu[people])
    spread = float(np.sqrt(noise**2 + (weights**2) @ (fit.sigma[people] ** 2)))
    return float(ndtr(expected / spread))
