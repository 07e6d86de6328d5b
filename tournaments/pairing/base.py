"""Values shared by every pairing method: entrants, the history of earlier rounds, the draw.

Tournament rules encoded here:

- An entrant is an individual player (DTM "Einzelspielermodus", partners change every round) or
  a fixed team of two. The caller lists the entrants best-first by the current standings, so an
  entrant's position in the list is its rank; its ``score`` (victory points) measures the
  distance between score groups.
- At a table of four, seats 0 and 2 are partners against seats 1 and 3.
- A match of two teams lists the team seated as team 0 first.
- A bye is a round without a table; how it is credited is the format's business, not pairing's.
- Every draw is a function of its inputs and a seed: the same seed gives the same draw.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from ..formats import Format


class PairingError(ValueError):
    """No draw obeys the hard rules of the method, or the entrants given are malformed.

    As the engine's ``InvalidHand``: ``code`` is stable and ``params`` holds the numbers at
    fault; ``str(error)`` is a sentence for a developer, and ``tournaments.wording`` words the
    code for the organizer in their language (``pairing_refusal``)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player or a team to pair; ``score`` is its victory points in the standings."""

    id: int
    score: int = 0


@dataclass(frozen=True)
class Draw:
    """One round's seating, the same shape whichever method produced it.

    ``tables`` holds the seats of each table in seat order: four player ids for an individual
    event (seats 0 and 2 partners, 1 and 3 partners), six in Tientsin (0, 2, 4 against 1, 3, 5),
    two team ids for a team match (team 0 first). ``byes`` lists the entrants without a table
    this round (for a round robin: the team that rests). Tables are numbered in list order,
    best-ranked table first. Any sequences given are stored as tuples.
    """

    tables: Sequence[Sequence[int]]
    byes: Sequence[int] = ()
    method: str = ""
    teams: bool = True
    """The seats of a table form two teams that alternate (even seats, odd seats); False: every
    player plays for themself (``tournaments.games``)."""

    def __post_init__(self):
        object.__setattr__(self, "tables", tuple(tuple(table) for table in self.tables))
        object.__setattr__(self, "byes", tuple(self.byes))


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, eq=False)
class PairingHistory:
    """Who met whom in the earlier rounds of an event, as pairing needs it.

    - ``partners``: every pair of players who shared a partnership (individual events);
    - ``opponents``: how often each pair of players sat as opponents (individual events);
    - ``matches``: how often each pair of teams played each other (team events);
    - ``byes``: how many byes (or rests) each entrant had;
    - ``side_balance``: per team, rounds as team 0 minus rounds as team 1.

    Pairs are frozensets of two ids. Build it with ``from_tables`` from the seats of every earlier
    table; ``add`` returns the history extended by one more round.
    """

    partners: frozenset[frozenset[int]] = frozenset()
    opponents: Mapping[frozenset[int], int] = field(default_factory=lambda: _frozen({}))
    matches: Mapping[frozenset[int], int] = field(default_factory=lambda: _frozen({}))
    byes: Mapping[int, int] = field(default_factory=lambda: _frozen({}))
    side_balance: Mapping[int, int] = field(default_factory=lambda: _frozen({}))

    @classmethod
    def empty(cls) -> PairingHistory:
        """The history before round 1."""
        return cls()

    @classmethod
    def from_tables(
        cls, tables: Iterable[Sequence[int]], byes: Iterable[int] = (), *, teams: bool = True
    ) -> PairingHistory:
        """The history of earlier rounds from their tables (seats in seat order) and byes.

        A table of four seats records two partnerships (seats 0-2, 1-3) and four opponent pairs
        (of six: the partnerships within the even seats and within the odd ones, the opponents
        across); a table of two seats records a match between two teams, the first as team 0.
        Without ``teams`` every two players at a table are opponents.
        """
        return cls().add(Draw(tables=tuple(tables), byes=tuple(byes), teams=teams))

    @classmethod
    def from_draws(cls, draws: Iterable[Draw]) -> PairingHistory:
        """The history of the given earlier rounds."""
        history = cls()
        for draw in draws:
            history = history.add(draw)
        return history

    def add(self, draw: Draw) -> PairingHistory:
        """This history followed by one more round seated as ``draw``."""
        partners = set(self.partners)
        opponents = Counter(self.opponents)
        matches = Counter(self.matches)
        byes = Counter(self.byes)
        sides = Counter(self.side_balance)
        for seats in draw.tables:
            if not draw.teams and len(seats) >= 2:
                opponents.update(frozenset(pair) for pair in combinations(seats, 2))
            elif len(seats) >= 4 and len(seats) % 2 == 0:
                for x, y in combinations(range(len(seats)), 2):
                    pair = frozenset((seats[x], seats[y]))
                    if (x - y) % 2:
                        opponents[pair] += 1
                    else:
                        partners.add(pair)
            elif len(seats) == 2:
                home, away = seats
                matches[frozenset(seats)] += 1
                sides[home] += 1
                sides[away] -= 1
            else:
                raise PairingError(
                    "table_shape",
                    f"a table of two teams has an even number of "
                    f"seats (players) or two (teams), not {seats}",
                    seats=len(seats),
                )
        byes.update(draw.byes)
        return PairingHistory(
            partners=frozenset(partners),
            opponents=_frozen(opponents),
            matches=_frozen(matches),
            byes=_frozen(byes),
            side_balance=_frozen(sides),
        )

    def with_rests(self, missed: Mapping[int, int]) -> PairingHistory:
        """This history with the rounds late entrants missed counted as rests: byes go to those
        who sat out least, and a late entrant has sat out every round before joining (so it is
        seated whenever a table can take it, not given a bye for arriving)."""
        byes = Counter(self.byes)
        byes.update({entrant: rounds for entrant, rounds in missed.items() if rounds > 0})
        return replace(self, byes=_frozen(byes))


class Pairing:
    """How a format's entrants meet, as a format names it (``Format.pairing``): one class per
    method, registered by ``method`` in ``factory.PAIRING_METHODS``, the one place a format's
    pairing is looked up. A round's draw (``PairingMethod``) or a cup (``knockout.formats``).

    ``label`` is what a person sees, ``entrant_type`` who plays it (an ``EntrantType`` value),
    ``is_cup`` whether its matches come from a bracket rather than a round's draw,
    ``open_rounds`` whether a format may leave its number of rounds open (the method knows how
    many it needs), ``deals_boards`` and ``fixed_order`` below."""

    method: ClassVar[str]
    label: ClassVar[Promise]
    entrant_type: ClassVar[str]
    is_cup: ClassVar[bool] = False
    open_rounds: ClassVar[bool] = False
    deals_boards: ClassVar[bool] = False
    """Its tables play boards dealt in advance, compared across tables (Duplicate Tichu): the
    standings are matchpoints, not victory points."""
    fixed_order: ClassVar[bool] = False
    """Its rounds follow a schedule of the entrants in registration order, not the standings
    (``RoundRobinPairing``, ``DuplicatePairing``): built with ``schedule_options``."""

    @classmethod
    def check_format(cls, fmt: Format) -> None:
        """Refuse the format values this method cannot play (``FormatError`` naming the field);
        ``Format`` calls it after its own checks."""

    @classmethod
    def schedule_options(cls, fmt: Format) -> dict[str, Any]:
        """A ``fixed_order`` method's options from the format (besides ``active``)."""
        return {}


class PairingMethod(Pairing, ABC):
    """One way to pair a round of an event; concrete methods are registered in ``factory``."""

    @abstractmethod
    def pair(
        self,
        entrants: Sequence[Entrant],
        history: PairingHistory,
        *,
        seed: int | str,
        round_number: int,
    ) -> Draw:
        """Seat ``entrants`` (best-first) for round ``round_number``; raise ``PairingError``."""


def checked_entrants(entrants: Sequence[Entrant], minimum: int, what: str) -> list[Entrant]:
    """The entrants as a list, refusing duplicate ids and too few entrants (``what``: "players"
    or "teams") to seat a table."""
    entrants = list(entrants)
    seen: set[int] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise PairingError(
                "listed_twice", f"entrant {entrant.id} is listed twice", entrant=entrant.id
            )
        seen.add(entrant.id)
    if len(entrants) < minimum:
        raise too_few(what, len(entrants), minimum)
    return entrants


def too_few(what: str, count: int, minimum: int) -> PairingError:
    """The refusal of ``count`` players or teams (``what``) when a table needs ``minimum``."""
    return PairingError(
        f"too_few_{what}",
        f"{count} {what} cannot fill a table; at least {minimum} are needed",
        count=count,
        minimum=minimum,
    )


def round_random(seed: int | str, round_number: int) -> random.Random:
    """The random source of one round's draw: fixed by the seed and the round number."""
    return random.Random(f"{seed}/{round_number}")
