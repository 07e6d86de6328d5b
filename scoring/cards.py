"""The cards of Tichu: the 56-card deck, card points and the text notation.

Rules implemented here (``docs/rules.md``, "Cards"):

- 52 suited cards, ranks 2-10, J, Q, K, A (Ace highest) in four suits: Jade, Sword, Pagoda, Star;
  plus four special cards: the Mah Jong (the 1), the Dog, the Phoenix and the Dragon.
- Card points: each 5 counts 5, each 10 and King 10, the Dragon +25, the Phoenix -25; every other
  card 0. The whole deck holds exactly 100 points.
- Notation: rank ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` followed by the suit ``j``, ``s``,
  ``p``, ``r`` (``Tr`` is the ten of Stars); specials ``MJ``, ``DOG``, ``PH``, ``DR``. Cards are
  separated by spaces; specials are case-insensitive. ``str(card)`` gives the notation back, so
  ``parse_cards(" ".join(map(str, cards))) == cards``.

Grand Seigneur from seven players on plays with two decks, the second without its Dog and Mah
Jong (``SECOND_DECK``, 54 cards). A second-deck card is written with a trailing ``'`` (``Kj'``,
``DR'``, ``PH'``); it is a distinct card with index ``56 +`` the index of its twin in the first
deck (``card.face``), whose rank, suit and points it shares (``card.deck`` is 0 or 1).

Each card is one interned object with a stable ``index`` (0-55, the second deck's 56-111).
Suited cards come first, ordered by rank then suit, so ``index >> 2`` recovers ``rank - 2``; the
specials follow. Sets of cards
elsewhere in the engine are plain-int bitmasks over these indexes (``card.bit``), which keeps the
rules fast in pure Python. The mask tables every module reads (the cards of a rank, of a suit, the
suited cards, the whole deck, each special card's bit) are built here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

SUITS = ("j", "s", "p", "r")
SUIT_NAMES = ("Jade", "Sword", "Pagoda", "Star")
RANK_SYMBOLS = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
SYMBOL_RANKS = {symbol: rank for rank, symbol in RANK_SYMBOLS.items()}

MAH_JONG_RANK = 1
DRAGON_RANK = 15
LOWEST_RANK, HIGHEST_RANK = 2, 14

MAH_JONG_INDEX, DOG_INDEX, PHOENIX_INDEX, DRAGON_INDEX = 52, 53, 54, 55
SPECIAL_SYMBOLS = {MAH_JONG_INDEX: "MJ", DOG_INDEX: "DOG", PHOENIX_INDEX: "PH", DRAGON_INDEX: "DR"}


def card_points_of(rank: int | None, index: int) -> int:
    """Card points, the rule: 5s count 5, 10s and Kings 10, the Dragon 25, the Phoenix -25."""
    if index == DRAGON_INDEX:
        return 25
    if index == PHOENIX_INDEX:
        return -25
    if rank == 5:
        return 5
    if rank in (10, 13):
        return 10
    return 0


class Card:
    """One card of the deck. Interned: compare with ``is`` or ``==``, look up with ``CARDS[i]``.

    ``rank`` is 2-14 for suited cards, 1 for the Mah Jong, 15 for the Dragon, and ``None`` for the
    Dog and the Phoenix (which have no fixed rank). ``suit`` is 0-3 for suited cards, else ``None``.
    """

    __slots__ = ("index", "rank", "suit", "points", "bit", "_text", "face", "deck")

    index: int
    bit: int
    rank: int | None
    suit: int | None
    points: int
    face: Card
    deck: int
    _text: str

    def __init__(self, index: int, face: Card | None = None) -> None:
        self.index = index
        self.bit = 1 << index
        self.face = face or self
        self.deck = 0 if face is None else 1
        if face is not None:  # a second-deck twin
            self.rank, self.suit, self.points = face.rank, face.suit, face.points
            self._text = face._text + "'"
            return
        if index < 52:
            self.rank, self.suit = LOWEST_RANK + (index >> 2), index & 3
            self._text = RANK_SYMBOLS[self.rank] + SUITS[self.suit]
        else:
            self.rank = {MAH_JONG_INDEX: MAH_JONG_RANK, DRAGON_INDEX: DRAGON_RANK}.get(index)
            self.suit = None
            self._text = SPECIAL_SYMBOLS[index]
        self.points = card_points_of(self.rank, index)

    @property
    def is_special(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (card_at, (self.index,))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(56))
"""The deck, in index order."""

DECK_SIZE = len(CARDS)
FULL_DECK_MASK = (1 << DECK_SIZE) - 1
MAH_JONG, DOG, PHOENIX, DRAGON = (
    CARDS[i] for i in (MAH_JONG_INDEX, DOG_INDEX, PHOENIX_INDEX, DRAGON_INDEX)
)
POINTS_IN_DECK = sum(card.points for card in CARDS)
assert POINTS_IN_DECK == 100, "the deck must hold 100 card points"

SECOND_DECK: tuple[Card, ...] = tuple(
    Card(DECK_SIZE + card.index, card) for card in CARDS if card is not MAH_JONG and card is not DOG
)
"""The second deck's 54 cards (no Dog, no Mah Jong), in index order."""
TWO_DECKS_MASK = FULL_DECK_MASK | sum(card.bit for card in SECOND_DECK)
"""The 110 cards of two decks."""
_BY_INDEX = {card.index: card for card in CARDS + SECOND_DECK}

_SUITED_BY_TEXT = {str(card): card for card in CARDS + SECOND_DECK if card.suit is not None}
_SPECIAL_BY_TEXT = {str(card).lower(): card for card in CARDS + SECOND_DECK if card.suit is None}


def card_at(index: int) -> Card:
    """The interned card with this index (used by pickling)."""
    return _BY_INDEX[index]


def parse_card(text: str) -> Card:
    """One card from its notation; a ``ValueError`` names the bad text."""
    card = _SUITED_BY_TEXT.get(text) or _SPECIAL_BY_TEXT.get(text.lower())
    if card is None:
        raise ValueError(
            f"{text!r} is not a card: write rank 2-9, T, J, Q, K, A and suit j, s, p, r "
            "(e.g. 'Tr'), or MJ, DOG, PH, DR; a second-deck card ends with ' (e.g. 'Tr'')"
        )
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from their notation separated by whitespace. A card named twice is an error."""
    if not isinstance(text, str):
        raise ValueError("cards must be given as text, e.g. '7s 7j PH'")
    cards = tuple(parse_card(token) for token in text.split())
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card appears twice in {text!r}")
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, the inverse of ``parse_cards``."""
    return " ".join(str(card) for card in cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a set of cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


_BYTE_CARDS = tuple(
    tuple(
        tuple(_BY_INDEX[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i in _BY_INDEX)
        for byte in range(256)
    )
    for k in range(14)
)
"""The cards of each byte of a mask, so that ``cards_of`` reads eight cards at a time."""


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in index order."""
    if not mask & (mask - 1):  # one card or none
        return (_BY_INDEX[mask.bit_length() - 1],) if mask else ()
    cards: tuple[Card, ...] = ()
    for byte_cards in _BYTE_CARDS:
        if not mask:
            break
        if mask & 255:
            cards += byte_cards[mask & 255]
        mask >>= 8
    return cards


def points_of(cards: Iterable[Card]) -> int:
    """The card points of some cards."""
    return sum(card.points for card in cards)


# -- mask tables -------------------------------------------------------------------------------

SUITED_MASK = (1 << 52) - 1
"""The 52 suited cards."""
MAH_JONG_BIT, DOG_BIT, PHOENIX_BIT, DRAGON_BIT = (MAH_JONG.bit, DOG.bit, PHOENIX.bit, DRAGON.bit)
RANK_MASKS: tuple[int, ...] = tuple(
    15 << ((rank - LOWEST_RANK) << 2) if LOWEST_RANK <= rank <= HIGHEST_RANK else 0
    for rank in range(DRAGON_RANK + 1)
)
"""``RANK_MASKS[rank]``: the four real cards of a rank 2-A (0 for the others: the Phoenix is never
a card of a rank)."""
WISH_MASKS: tuple[int, ...] = tuple(mask | mask << DECK_SIZE for mask in RANK_MASKS)
"""``WISH_MASKS[rank]``: the real cards of a rank in either deck, what fulfils a wish of it (with
one deck, ``RANK_MASKS[rank]``)."""
SUIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << ((rank << 2) + suit) for rank in range(13)) for suit in range(4)
)
"""``SUIT_MASKS[suit]``: the 13 suited cards of a suit."""
RANK_FIRSTS = SUIT_MASKS[0]
"""The first suit's card of each rank: where a rank's nibble starts in a mask."""
_FIVES, _TENS = (sum(card.bit for card in CARDS if card.points == value) for value in (5, 10))


def points_of_mask(mask: int) -> int:
    """The card points of the cards of a mask (``points_of`` for a mask): the 5s, and the 10s and
    Kings, each counted in one go, then the Dragon and the Phoenix (a second deck's alike)."""
    if mask >> DECK_SIZE:
        return points_of_mask(mask & FULL_DECK_MASK) + points_of_mask(mask >> DECK_SIZE)
    return (
        5 * (mask & _FIVES).bit_count()
        + 10 * (mask & _TENS).bit_count()
        + (DRAGON.points if mask & DRAGON_BIT else 0)
        + (PHOENIX.points if mask & PHOENIX_BIT else 0)
    )
