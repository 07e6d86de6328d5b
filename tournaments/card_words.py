"""Cards in the reader's language: the suits, the ranks and the four special cards, and a hand
laid out as a person reads one (suit by suit, highest first).

The engine writes cards in its notation (``scoring.cards``: ``Tr``, ``MJ``, ``DR``), made for
typing, not for reading; what a person reads on a page or a printout is worded here. The ranks
are the cards' own indices (2-10, J, Q, K, A, the same in German: the cards print them so); the
suits and the special cards are translated (Jade, Swords, Pagodas, Stars; Mah Jong, Dog, Phoenix,
Dragon).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.cards import CARDS, DOG, DRAGON, MAH_JONG, PHOENIX, RANK_SYMBOLS, SUITS, Card

SUIT_WORDS = (
    # Translators: a suit of the Tichu deck (green)
    pgettext_lazy("suit", "Jade"),
    # Translators: a suit of the Tichu deck (black)
    pgettext_lazy("suit", "Swords"),
    # Translators: a suit of the Tichu deck (blue)
    pgettext_lazy("suit", "Pagodas"),
    # Translators: a suit of the Tichu deck (red)
    pgettext_lazy("suit", "Stars"),
)
"""The suits by ``card.suit`` (0-3)."""
SPECIAL_WORDS = {
    DRAGON: _("Dragon"),
    PHOENIX: _("Phoenix"),
    MAH_JONG: _("Mah Jong"),
    DOG: _("Dog"),
}
"""The special cards, highest first: the order a hand lists them in."""
SUIT_COLOURS = ("#1b7a3a", "#222222", "#1f4fa8", "#c0262d")
"""The suits' colours on the cards (Jade green, Swords black, Pagodas blue, Stars red)."""


def rank_text(rank: int) -> str:
    """A suited card's rank as the card shows it: 2-10, J, Q, K, A."""
    return "10" if rank == 10 else RANK_SYMBOLS[rank]


def suit_name(suit: int) -> str:
    """A suit (0-3, ``card.suit``) in the reader's language."""
    return str(SUIT_WORDS[suit])


def card_name(card: Card) -> str:
    """One card in the reader's language: "Jade 10", "Phoenix"."""
    if card.suit is None:
        return str(SPECIAL_WORDS[card.face])
    assert card.rank is not None
    return f"{suit_name(card.suit)} {rank_text(card.rank)}"


@dataclass(frozen=True, slots=True)
class SortedHand:
    """Cards laid out as a hand is read: the special cards (Dragon, Phoenix, Mah Jong, Dog) and
    each suit's ranks, highest first, by ``card.suit`` (an empty tuple for a void suit)."""

    specials: tuple[str, ...]
    suits: tuple[tuple[str, ...], ...]

    @property
    def count(self) -> int:
        return len(self.specials) + sum(len(ranks) for ranks in self.suits)


def sorted_hand(cards: Iterable[Card]) -> SortedHand:
    """``cards`` (of one deck) as a person reads them: specials first, then suit by suit."""
    held = set(cards)
    return SortedHand(
        tuple(str(word) for card, word in SPECIAL_WORDS.items() if card in held),
        tuple(
            tuple(
                rank_text(card.rank)
                for card in sorted(held, key=lambda c: -(c.rank or 0))
                if card.suit == suit and card.rank is not None
            )
            for suit in range(len(SUITS))
        ),
    )


@dataclass(frozen=True, slots=True)
class ReadHand:
    """A hand for a page: its special cards' names, and each suit it holds with its name, its
    colour and its ranks, highest first (``sorted_hand`` worded)."""

    specials: tuple[str, ...]
    suits: tuple[tuple[str, str, tuple[str, ...]], ...]


def read_hand(cards: Iterable[Card]) -> ReadHand:
    """``cards`` worded for a page in the reader's language (a board's hands on its page)."""
    laid_out = sorted_hand(cards)
    return ReadHand(
        laid_out.specials,
        tuple(
            (suit_name(suit), SUIT_COLOURS[suit], ranks)
            for suit, ranks in enumerate(laid_out.suits)
            if ranks
        ),
    )


def deck_choices() -> list[tuple[str, str]]:
    """Every card of one deck as a choice of a form: its notation and its name in the reader's
    language, in the order a hand is read (specials, then suit by suit, highest first)."""
    suited = sorted(
        (c for c in CARDS if c.suit is not None), key=lambda c: (c.suit, -(c.rank or 0))
    )
    return [(str(card), card_name(card)) for card in (*SPECIAL_WORDS, *suited)]
