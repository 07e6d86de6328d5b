"""The games of the seeds played on Tichu's cards: one engine, each game a class.

As python-chess's ``variant.py`` subclasses its board and overrides hooks and flags, each game
here is a subclass of ``Variant`` that says how it differs from four-player Tichu: its seats and
teams, the deal (card counts, one or two decks), the Grand Tichu window, the exchange pattern,
the Dog's target, when a hand ends and who gets which cards then, and how a hand is scored. The
registry ``VARIANTS`` names them; an event's ``Rules.game`` picks one, and ``rules.variant`` is
that game under the event's options.

- ``tichu``: four players, two teams of two (``Tichu``); Chaos Tichu is its option ``chaos``.
- ``tientsin``: six players, two teams of three (``Tientsin``).
- ``threechu``: three players and a dummy, the dealer playing both hands (``Threechu``).
- ``grand_seigneur``: five to twelve players, placings only, two decks from seven on
  (``GrandSeigneur``).
"""

from __future__ import annotations

from functools import lru_cache

from ..rules import Rules
from .base import PlacingVariant, TeamVariant, Variant
from .grand_seigneur import GrandSeigneur
from .threechu import Threechu
from .tichu import Tichu
from .tientsin import Tientsin

VARIANTS: dict[str, type[Variant]] = {
    game.name: game for game in (Tichu, Tientsin, Threechu, GrandSeigneur)
}
"""Every game by its name (``Rules.game``)."""


def sweep_keys() -> frozenset[str]:
    """The score sheet's names of a sweep over every game (an entry carries its game's)."""
    return frozenset(game.sweep_key for game in VARIANTS.values() if issubclass(game, TeamVariant))


def check_rules(rules: Rules) -> None:
    """Refuse rules naming an unknown game, or options the game does not have
    (``ValueError``)."""
    game = VARIANTS.get(rules.game)
    if game is None:
        raise ValueError(f"unknown game {rules.game!r}; known: {', '.join(VARIANTS)}")
    game.check_rules(rules)


@lru_cache(maxsize=256)
def variant_of(rules: Rules) -> Variant:
    """The game the rules play, under their options (one instance per distinct rules)."""
    return VARIANTS[rules.game](rules)


__all__ = [
    "VARIANTS",
    "GrandSeigneur",
    "PlacingVariant",
    "TeamVariant",
    "Threechu",
    "Tichu",
    "Tientsin",
    "Variant",
    "check_rules",
    "sweep_keys",
    "variant_of",
]
