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
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from ..formats import Format


class PairingError(ValueError):
    """No draw obeys the hard rules of the method, or the entrants given are malformed."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player or a team to pair; ``score`` is its victory points in the standings."""

    id: int
    score: int = 0


@dataclass(frozen=True)
class Draw:
    """One round's seating, the same shape whichever method produced it.

    ``tables`` holds the seats of each table in seat order: four player ids for an individual
    event (seats 0 and 2 partners, 1 and 3 partners), two team ids for a team match (team 0
    first). ``byes`` lists the entrants without a table this round (for a round robin: the team
    that rests). Tables are numbered in list order, best-ranked table first.
    """

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    method: str = ""

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
    def from_tables(cls, tables: Iterable[Sequence[int]],
                    byes: Iterable[int] = ()) -> PairingHistory:
        """The history of earlier rounds from their tables (seats in seat order) and byes.

        A table of four seats records two partnerships (seats 0-2, 1-3) and four opponent pairs;
        a table of two seats records a match between two teams, the first as team 0.
        """
        return cls().add(Draw(tables=tuple(tables), byes=tuple(byes)))

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
            if len(seats) == 4:
                a, b, c, d = seats
                partners.update((frozenset((a, c)), frozenset((b, d))))
                opponents.update(frozenset(pair) for pair in ((a, b), (a, d), (c, b), (c, d)))
            elif len(seats) == 2:
                home, away = seats
                matches[frozenset(seats)] += 1
                sides[home] += 1
                sides[away] -= 1
            else:
                raise PairingError(f"a table has four seats (players) or two (teams), not {seats}")
        byes.update(draw.byes)
        return PairingHistory(partners=frozenset(partners), opponents=_frozen(opponents),
                              matches=_frozen(matches), byes=_frozen(byes),
                              side_balance=_frozen(sides))

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
    many it needs)."""

    method: ClassVar[str]
    label: ClassVar[Promise]
    entrant_type: ClassVar[str]
    is_cup: ClassVar[bool] = False
    open_rounds: ClassVar[bool] = False

    @classmethod
    def check_format(cls, fmt: Format) -> None:
        """Refuse the format values this method cannot play (``FormatError`` naming the field);
        ``Format`` calls it after its own checks."""


class PairingMethod(Pairing, ABC):
    """One way to pair a round of an event; concrete methods are registered in ``factory``."""

    @abstractmethod
    def pair(self, entrants: Sequence[Entrant], history: PairingHistory, *, seed: int | str,
             round_number: int) -> Draw:
        """Seat ``entrants`` (best-first) for round ``round_number``; raise ``PairingError``."""


def checked_entrants(entrants: Sequence[Entrant], minimum: int, what: str) -> list[Entrant]:
    """The entrants as a list, refusing duplicate ids and too few entrants to seat a table."""
    entrants = list(entrants)
    seen: set[int] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise PairingError(f"entrant {entrant.id} is listed twice")
        seen.add(entrant.id)
    if len(entrants) < minimum:
        raise PairingError(f"{len(entrants)} {what} cannot fill a table; at least {minimum} "
                           f"are needed")
    return entrants


def round_random(seed: int | str, round_number: int) -> random.Random:
    """The random source of one round's draw: fixed by the seed and the round number."""
    return random.Random(f"{seed}/{round_number}")
