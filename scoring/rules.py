"""Rule options of a Tichu event, as one immutable value.

A few rules are the event's choice (``docs/rules.md``, "Event options", and the rules marked
**option** there). An event carries one ``Rules`` value; every function of the engine that depends
on an option takes it.

- ``double_victory_points``: what a double victory scores (200 in the published rules; the DTM
  scores 100, as its victory points already reward the double victory).
- ``grand_tichu_allowed``: may a player call Grand Tichu before seeing their last six cards?
  (The DTM does not allow it.)
- ``blind_grand_tichu``: the Great or Blind Grand Tichu, called before any card is seen, +-400
  (a variant of the English article; off by default).
- ``dragon_kept_when_last``: a player who goes out with the Dragon as the hand's last trick keeps it
  (the German article and the DTM; the publisher's FAQ gives it away all the same).
- ``mahjong_in_bomb``: the Mah Jong may stand as the 1 in a straight-flush bomb (German house rule).
- ``game``: which game of the seeds is played on the cards, by its name in
  ``scoring.variants.VARIANTS`` (``tichu``, four players, or another game with its own seats).
- ``players``: how many play; only Grand Seigneur leaves a choice (5-12), and its rules must
  give it (a guess would score every hand of another table size wrong); the other games fix it
  (``None``: the game's own number).
- ``chaos``: Chaos Tichu, each team calls exactly one Grand Tichu every hand (four-player Tichu
  only).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the games import these rules
    from .variants import Variant

TICHU_VALUE = 100
GRAND_TICHU_VALUE = 200
BLIND_GRAND_TICHU_VALUE = 400
MAX_DOUBLE_VICTORY_POINTS = 1000

_VARIANTS_SEEN: dict[int, tuple[Rules, Variant]] = {}
"""``Rules.variant`` by the rules' identity."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one event. Immutable; derive variants with ``rules.replace(...)``."""

    double_victory_points: int = 200
    grand_tichu_allowed: bool = True
    blind_grand_tichu: bool = False
    dragon_kept_when_last: bool = True
    mahjong_in_bomb: bool = False
    game: str = "tichu"
    players: int | None = None
    chaos: bool = False

    def __post_init__(self) -> None:
        value = self.double_victory_points
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not (0 < value <= MAX_DOUBLE_VICTORY_POINTS)
            or value % 5
        ):
            raise ValueError(
                "the double-victory value must be a multiple of 5 from 5 to "
                f"{MAX_DOUBLE_VICTORY_POINTS}"
            )
        for option in (
            "grand_tichu_allowed",
            "blind_grand_tichu",
            "dragon_kept_when_last",
            "mahjong_in_bomb",
            "chaos",
        ):
            if not isinstance(getattr(self, option), bool):
                raise ValueError(f"{option} must be true or false")
        from .variants import check_rules  # the games check their own options

        check_rules(self)

    @property
    def variant(self) -> Variant:
        """The game these rules play (``scoring.variants.Variant``): seats, teams, deal, scoring.
        Looked up by identity first: every hand asks, and hashing the rules costs more."""
        found = _VARIANTS_SEEN.get(id(self))
        if found is not None and found[0] is self:
            return found[1]
        from .variants import variant_of

        variant = variant_of(self)
        if len(_VARIANTS_SEEN) > 1024:
            _VARIANTS_SEEN.clear()
        _VARIANTS_SEEN[id(self)] = (self, variant)  # the rules kept alive: their id stays theirs
        return variant

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (unknown names raise ``TypeError``)."""
        return replace(self, **changes)

    def as_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready mapping (the inverse of ``Rules.from_dict``)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options from a mapping; unknown keys are refused so that a typo is never ignored."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        return cls(**data)


STANDARD = Rules()
"""The published rules: double victory 200, Grand Tichu allowed."""

DTM = Rules(double_victory_points=100, grand_tichu_allowed=False)
"""The German championship (Deutsche Tichu-Meisterschaft): double victory 100, no Grand Tichu."""
