"""Grand Seigneur: five to twelve players, placings only (``docs/rules.md``, "Grand Seigneur").

- No teams, no calls, no card points: a hand's result is the order in which the players go out;
  the hand ends when one player is left holding cards, who is last.
- One deck for 5 or 6 players; for 7 to 12, two decks, the second without Dog and Mah Jong (110
  cards). Cards are drawn one at a time until none is left (the first seats may hold one card
  more). A card of the second deck is written with a trailing ``'`` (``Kj'``, ``DR'``, ``PH'``).
- First hand: no exchange. From the second hand on, by the previous placings: the last gives
  their 3 best cards to the first, the second-to-last their 2 best to the second, the
  third-to-last their best to the third (5 players: 2 and 1); each receiver gives back as many
  cards of their choice. "Best" ranks Dragon, Phoenix, Mah Jong above the Ace, then Ace down to
  2; the Dog lowest.
- The Mah Jong's holder leads first. The Dog passes the lead to the next player who holds cards.
  A Dragon's trick is kept by its winner. With two decks the second Dragon played beats the
  first, and a four-of-a-kind bomb needs four different suits.
- Standings: each hand gives a player the number of players they beat (``PlacingScore.points``);
  ties by the number of first places, then of second places.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .base import PlacingVariant

if TYPE_CHECKING:
    from ..cards import Card

TWO_DECKS_FROM = 7
"""From this many players on, two decks are dealt."""


class GrandSeigneur(PlacingVariant):
    """Five to twelve players, each for themself."""

    name = "grand_seigneur"
    players_allowed = range(5, 13)

    @property
    def decks(self) -> int:
        return 2 if self.players >= TWO_DECKS_FROM else 1

    def tributes(self) -> tuple[int, ...]:
        """How many cards the last, the second-to-last, ... give to the first, the second, ...
        (and get back): 3, 2, 1; with five players 2, 1."""
        return (2, 1) if self.players == 5 else (3, 2, 1)

    def setting(
        self, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int | None, tuple[int, ...] | None]:
        """The previous hand's placing (every seat, first out first), or none: the first hand,
        without an exchange."""
        if dealer is not None:
            raise ValueError("grand_seigneur has no dealer who plays a dummy")
        if placing is None:
            return None, None
        placing = tuple(placing)
        if sorted(placing) != list(range(self.seats)):
            raise ValueError(f"the placing lists each of the {self.seats} seats once")
        return None, placing

    def recipients(
        self, seat: int, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int, ...]:
        """The last gives their best cards to the first, the second-to-last to the second, ...
        (``tributes``), and each receiver as many cards back."""
        if placing is None:
            return ()
        for k, count in enumerate(self.tributes()):
            giver, receiver = placing[-1 - k], placing[k]
            if seat == giver:
                return (receiver,) * count
            if seat == receiver:
                return (giver,) * count
        return ()

    def forced_push(
        self, seat: int, hand: int, placing: Sequence[int] | None
    ) -> tuple[Card, ...] | None:
        """A giver's best cards (``best_rank``; among equal cards the first)."""
        if placing is None or seat not in placing[len(placing) - len(self.tributes()) :]:
            return None
        from ..cards import cards_of

        count = len(self.recipients(seat, None, placing))
        return tuple(sorted(cards_of(hand), key=best_rank, reverse=True)[:count])

    def push_fault(
        self, seat: int, mask: int, hand: int, placing: Sequence[int] | None
    ) -> str | None:
        """A giver gives their best cards: none kept may rank above one given."""
        if placing is None or seat not in placing[len(placing) - len(self.tributes()) :]:
            return None
        from ..cards import cards_of

        given = min(best_rank(card) for card in cards_of(mask))
        kept = [card for card in cards_of(hand & ~mask) if best_rank(card) > given]
        if kept:
            return f"seat {seat} must give their best cards ({kept[0]} is better)"
        return None


def best_rank(card: Card) -> int:
    """How good a card is to give: the Dragon, the Phoenix, the Mah Jong above the Ace, then Ace
    down to 2, the Dog lowest."""
    face = card.face
    rank = face.rank
    if rank is None:
        return 17 if face.points < 0 else 0  # the Phoenix, the Dog
    if rank == 15:
        return 18
    if rank == 1:
        return 16
    return rank
