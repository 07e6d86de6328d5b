"""The actions of a hand of Tichu: what a player may say or do, as immutable values.

Each action names its seat; ``scoring.state.HandState.apply`` judges it against the rules
(``docs/rules.md``, "A hand, step by step") and refuses it with ``IllegalAction`` and a reason.
A hand's record (``scoring.record``) is the list of its actions in the order made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, format_cards


@dataclass(frozen=True, slots=True)
class BlindGrandTichu:
    """Call a Blind Grand Tichu (+-400) before seeing any card (Blind Grand Tichu option)."""

    seat: int


@dataclass(frozen=True, slots=True)
class GrandTichu:
    """Call a Grand Tichu (+-200) having seen 8 cards."""

    seat: int


@dataclass(frozen=True, slots=True)
class Tichu:
    """Call Tichu (+-100) before playing one's first card."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Say nothing: no call in a calling phase, no play on a trick in turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Lay out one card for each other player: ``left`` (seat + 3), ``partner``, ``right``
    (seat + 1, the next player)."""

    seat: int
    left: Card
    partner: Card
    right: Card


@dataclass(frozen=True, slots=True)
class Push:
    """Lay out the cards of an exchange where the game gives other than one card to each other
    player: one card per seat of the game's ``recipients`` (Tientsin: the two partners;
    Threechu's dealer and dummy: the two opponents; Grand Seigneur: the tribute by placings),
    in that order."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} gives {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Play:
    """Lay cards on the trick, in turn or (a bomb) out of turn; ``wish`` with the Mah Jong only."""

    seat: int
    cards: tuple[Card, ...]
    wish: int | None = None

    def __str__(self) -> str:
        wish = f" wishing {self.wish}" if self.wish else ""
        return f"seat {self.seat} plays {format_cards(self.cards)}{wish}"


def _fast_init(cls: type[Play] | type[Pass]) -> None:
    """Give ``Play`` or ``Pass`` an ``__init__`` that fills the slots through their descriptors:
    the same value, built in about two thirds of the time. Kept for speed: the dataclass's own
    ``__init__`` must go through ``object.__setattr__`` (the class is frozen), and the bots make
    a ``Play`` for nearly every play; the engine benchmark's simulated hands lose 2-4% without
    it (``benchmarks/engine.py``, measured when the engine was split into modules)."""
    setters = tuple(getattr(cls, name).__set__ for name in cls.__slots__)
    if len(setters) == 3:
        set_seat, set_cards, set_wish = setters

        def init_play(
            self: Play, seat: int, cards: tuple[Card, ...], wish: int | None = None
        ) -> None:
            set_seat(self, seat)
            set_cards(self, cards)
            set_wish(self, wish)

        cls.__init__ = init_play  # type: ignore[method-assign]
    else:
        (set_seat,) = setters

        def init_pass(self: Pass, seat: int) -> None:
            set_seat(self, seat)

        cls.__init__ = init_pass  # type: ignore[method-assign]


_fast_init(Play)
_fast_init(Pass)


@dataclass(frozen=True, slots=True)
class GiveDragon:
    """Give the trick won with the Dragon to an opponent."""

    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class GiveLead:
    """Tientsin: the Dog's player passes the lead to the partner of their choice."""

    seat: int
    to: int


Action = (
    BlindGrandTichu | GrandTichu | Tichu | Pass | Exchange | Push | Play | GiveDragon | GiveLead
)


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why (in English), ``action`` is the
    action. ``code`` names the rule broken in no language, ``params`` the values its sentence
    names (seats, a rank, a count), for a page to word (``tournaments.wording``); "illegal"
    where no finer code is given."""

    def __init__(
        self,
        action: Any,
        reason: str,
        code: str = "illegal",
        params: dict[str, Any] | None = None,
    ):
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason
        self.code = code
        self.params = params or {}
