"""What every game on Tichu's cards has, and the hooks each game overrides.

``Variant`` holds what all games share: the event's ``rules``, the number of ``players`` and of
``seats`` (hands at the table: Threechu's dummy is a seat without a player), the decks and the
deal. ``TeamVariant`` adds the partnership games' teams (the even seats against the odd ones:
they alternate round the table in every such game), the *sweep* (a team's players all out
before any opponent: the double victory of Tichu, the triple victory of Tientsin), the calls and
the score sheet of ``scoring.entry``. ``PlacingVariant`` is a game of placings only (Grand
Seigneur). A game's class overrides the flags and hooks where it differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from ..rules import Rules

if TYPE_CHECKING:
    from ..score import HandScore, PlacingScore

DECK_CARDS = 56
"""The cards of one deck: 52 suited cards and the four specials."""
SECOND_DECK_CARDS = 54
"""A second deck is played without its Dog and Mah Jong."""


class Variant:
    """A game on Tichu's cards under an event's rules (the base: what every game has).

    Flags (class attributes): ``name`` (the registry's key), ``players_allowed`` (how many may
    play; the first is the default), ``grand_look`` (the cards a player sees before the Grand
    Tichu window closes; 0: no Grand Tichu, no calls at all in a game without teams),
    ``chaos_allowed`` (may the event play it as Chaos Tichu?).
    """

    name: ClassVar[str]
    players_allowed: ClassVar[range]
    grand_look: ClassVar[int] = 0
    chaos_allowed: ClassVar[bool] = False

    def __init__(self, rules: Rules):
        self.rules = rules
        self.players: int = rules.players or self.players_allowed[0]
        self.seats: int = self.players
        """The hands at the table, in playing order (a dummy's included)."""

    @classmethod
    def check_rules(cls, rules: Rules) -> None:
        """Refuse options this game does not have (``ValueError``)."""
        players = rules.players
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                    or players not in cls.players_allowed):
            allowed = cls.players_allowed
            count = (f"{allowed[0]}" if len(allowed) == 1
                     else f"{allowed[0]} to {allowed[-1]}")
            raise ValueError(f"{cls.name} is played by {count} players, not {players!r}")
        if rules.chaos and not cls.chaos_allowed:
            raise ValueError("Chaos Tichu is an option of four-player Tichu only")

    @property
    def decks(self) -> int:
        """How many decks are dealt (one; Grand Seigneur takes two from seven players)."""
        return 1

    @property
    def cards(self) -> int:
        """How many cards are dealt: 56 a deck, 54 of the second (no Dog, no Mah Jong)."""
        return DECK_CARDS + (self.decks - 1) * SECOND_DECK_CARDS

    @property
    def deal_counts(self) -> tuple[int, ...]:
        """How many cards each seat is dealt: drawn one at a time from seat 0 on until none is
        left, so the first seats may hold one card more."""
        share, more = divmod(self.cards, self.seats)
        return tuple(share + (seat < more) for seat in range(self.seats))

    def score_entry(self, entry: Mapping) -> HandScore | PlacingScore:
        """A captain's score entry, checked and scored (``scoring.entry``)."""
        raise NotImplementedError


class TeamVariant(Variant):
    """A partnership game: two teams, the even seats (team 0) and the odd ones (team 1), who
    alternate round the table; Tichu and Grand Tichu calls; card points or a sweep.

    Flags: ``sweep_key``, the score sheet's name for a sweep (``double_victory`` or
    ``triple_victory``).
    """

    sweep_key: ClassVar[str] = "double_victory"
    grand_look: ClassVar[int] = 8

    @property
    def team_size(self) -> int:
        return self.seats // 2

    @staticmethod
    def team_of(seat: int) -> int:
        """Team 0 is the even seats, team 1 the odd ones."""
        return seat & 1

    def members(self, team: int) -> tuple[int, ...]:
        """The seats of a team, in playing order from the lowest."""
        return tuple(range(team, self.seats, 2))

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team, in playing order after it."""
        return tuple((seat + k) % self.seats for k in range(2, self.seats, 2))

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats of the other team, in playing order after ``seat``."""
        return tuple((seat + k) % self.seats for k in range(1, self.seats, 2))

    @property
    def sweep_points(self) -> int:
        """What a sweep scores (the other team 0, no card points counted)."""
        return self.rules.double_victory_points

    @property
    def grand_tichu_allowed(self) -> bool:
        """May a Grand Tichu be called (the event's option)?"""
        return self.rules.grand_tichu_allowed

    @property
    def entry_keys(self) -> tuple[str, ...]:
        """The keys of this game's score sheet."""
        return ("card_points", "finish_order", "calls", self.sweep_key, "tichu_success")

    def dealer_of(self, entry: Mapping) -> int | None:
        """The dealer the score sheet names, where the game has one (Threechu)."""
        return None

    def check_calls(self, calls: dict[int, str], dealer: int | None) -> None:
        """The game's own limits on the calls of a score entry (``InvalidHand``); the general
        ones (known calls, allowed by the event, one Grand Tichu per team) are checked before."""

    def score_entry(self, entry: Mapping) -> HandScore:
        from ..entry import score_team_entry  # entry's defaults are rules, which check games

        return score_team_entry(entry, self)


class PlacingVariant(Variant):
    """A game of placings only: no teams, no calls, no card points; a hand's result is the order
    in which the players go out."""

    def score_entry(self, entry: Mapping) -> PlacingScore:
        from ..entry import score_placing_entry

        return score_placing_entry(entry, self)
