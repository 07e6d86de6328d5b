"""The combinations of Tichu and which one beats which.

Rules implemented here (``docs/rules.md``, "Combinations" and "Beating"):

- A play is one of: a **single** card; a **pair**; a **triple** (three of a kind); a **full house**
  (a triple and a pair of another rank, ranked by the triple); **stairs** (two or more pairs of
  consecutive ranks, ranked by the top pair); a **straight** (five or more consecutive ranks of any
  suits, ranked by its top card, running at most up to the Ace; the Mah Jong may stand as the 1 at
  its bottom); or a **bomb**: four of a kind, or a straight of five or more cards of one suit
  (a straight flush).
- The Phoenix replaces any one missing rank 2-A in a pair, triple, full house, stairs or straight.
  It never stands for the Mah Jong, the Dog or the Dragon, and never joins a bomb: one suit plus
  the Phoenix is a plain straight, and four equal cards plus the Phoenix are no combination at all.
- Alone, the Phoenix is a single "half a rank above" the single it is laid on (it beats an Ace,
  never the Dragon); led, it counts 1.5 (above the Mah Jong, below a 2).
- The Mah Jong plays only as a single (the 1) or as the 1 at the bottom of a straight; as the 1 of a
  straight-flush bomb only under the house rule ``mahjong_in_bomb``. The Dragon plays only as a
  single (rank 15, above the Ace); the Dog only alone, only as a lead, and nothing is laid on it.
- Where the Phoenix can stand in several places (either end of a straight, either part of a full
  house), a combination has several *readings*. Led, it takes the highest; laid on a table, it may
  take any reading that beats the table.
- A play beats the table when it is of the same kind, has the same number of cards and a higher
  rank. Any bomb beats any non-bomb; a bomb beats a bomb with more cards, or with as many cards and
  a higher top card (so a straight-flush bomb beats every four of a kind). Bombs may be laid on
  anything but the Dog.

With two decks (Grand Seigneur from seven players on; ``docs/rules.md``, "Grand Seigneur"):
identical cards of the two decks are distinct cards, a pair of twins (``Kj Kj'``) is a pair; the
second Dragon played beats the first; a four-of-a-kind bomb needs four different suits (four of a
rank with a suit twice are no combination), while a straight flush takes its suit from either
deck; a combination holds one Phoenix at most, and a Phoenix single may be laid on the other.

Card sets are analysed as plain-int bitmasks over the card indexes of ``scoring.cards`` (suited
cards: four bits per rank, one per suit), with a cache keyed by the mask.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from scoring.cards import (
    CARDS,
    DECK_SIZE,
    DOG_BIT,
    DOG_INDEX,
    DRAGON_BIT,
    DRAGON_INDEX,
    DRAGON_RANK,
    FULL_DECK_MASK,
    HIGHEST_RANK,
    LOWEST_RANK,
    MAH_JONG_BIT,
    MAH_JONG_RANK,
    PHOENIX,
    PHOENIX_BIT,
    PHOENIX_INDEX,
    SECOND_DECK,
    SUITED_MASK,
    Card,
    card_at,
    cards_of,
    format_cards,
    parse_cards,
)

# -- kinds -------------------------------------------------------------------------------------


class Kind(StrEnum):
    """The kinds of combination (their values are what records and tests read)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FULL_HOUSE = "full_house"
    STAIRS = "stairs"
    STRAIGHT = "straight"
    BOMB_FOUR = "bomb_four"
    BOMB_STRAIGHT_FLUSH = "bomb_straight_flush"
    DOG = "dog"


# The kinds as module constants, for the code that reads a kind on every play: in Python 3.11 an
# attribute of an Enum class (``Kind.SINGLE``) costs about three times a global, as the enum's
# metaclass defines ``__getattr__`` (measured: the bot simulations ran 5% slower with them).
(SINGLE, PAIR, TRIPLE, FULL_HOUSE, STAIRS, STRAIGHT, BOMB_FOUR, BOMB_STRAIGHT_FLUSH, DOG_KIND) = (
    Kind
)
BOMB_KINDS = frozenset((BOMB_FOUR, BOMB_STRAIGHT_FLUSH))


# -- the Phoenix single ------------------------------------------------------------------------

PHOENIX_STEP = 0.5
"""The Phoenix alone lies half a rank above the single it is laid on: the one encoding of its
value. Led, it lies above the Mah Jong (1.5); in hand, it is compared with tables as
``PHOENIX_TOP_RANK``."""


def phoenix_rank_on(rank: int | float) -> float:
    """The rank of the Phoenix single laid on a single of ``rank`` (led: on the Mah Jong's 1)."""
    return rank + PHOENIX_STEP


LED_PHOENIX_RANK = phoenix_rank_on(MAH_JONG_RANK)
"""The rank of the Phoenix led as a single: above the Mah Jong (1), below a 2."""
PHOENIX_TOP_RANK = phoenix_rank_on(HIGHEST_RANK)
"""The highest rank the Phoenix single can take (on an Ace): what a Phoenix in hand is compared
with, above every single but the Dragon (15)."""

MIN_STRAIGHT_LENGTH = 5

Cards = Iterable[Card] | str
"""Cards given as ``Card`` objects or as their notation (``"7s 7j PH"``)."""


class InvalidCombination(ValueError):
    """Cards that form no combination of Tichu; the message says why."""


@dataclass(frozen=True, slots=True)
class Combination:
    """One reading of some cards as a combination.

    ``kind`` is a ``Kind``. ``rank`` is 2-14 (J 11, Q 12, K 13, A 14), 1 for the Mah Jong,
    15 for the Dragon, ``None`` for the Dog, and a float only for the Phoenix single (1.5 led,
    ``phoenix_rank_on(r)`` laid on a single of rank ``r``). Full houses are ranked by their
    triple, stairs by their top pair, straights and bombs by their top card. ``length`` is the
    number of cards and ``cards`` the cards in index order.
    """

    kind: Kind
    rank: int | float | None
    length: int
    cards: tuple[Card, ...]

    @property
    def is_bomb(self) -> bool:
        """Four of a kind or a straight flush."""
        return self.kind in BOMB_KINDS

    def __str__(self) -> str:
        return format_cards(self.cards)


Table = Combination | Cards | None
"""What lies on the table: ``None`` before the lead, a ``Combination`` as it lies, or its cards."""


# -- tables built at import ------------------------------------------------------------------

_POPCOUNT4 = tuple(bin(nibble).count("1") for nibble in range(16))
_ONE_SUIT = frozenset((1, 2, 4, 8))


def _single_of(card: Card) -> Combination:
    """A lone card: the Dog, the led Phoenix (1.5), or a single of the card's rank."""
    index = card.face.index
    if index == DOG_INDEX:
        return Combination(DOG_KIND, None, 1, (card,))
    if index == PHOENIX_INDEX:
        return Combination(SINGLE, LED_PHOENIX_RANK, 1, (card,))
    return Combination(SINGLE, card.rank, 1, (card,))


_SINGLES = tuple(
    _single_of(CARDS[i])
    if i < DECK_SIZE
    else _single_of(card_at(i))
    if any(c.index == i for c in SECOND_DECK)
    else None
    for i in range(2 * DECK_SIZE)
)
"""The single of each card index (``None`` where the second deck has no card: Mah Jong, Dog)."""
PHOENIX_2, DRAGON_2 = (card_at(DECK_SIZE + PHOENIX_INDEX), card_at(DECK_SIZE + DRAGON_INDEX))
"""The second deck's Phoenix and Dragon."""


# -- reading a set of cards --------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def _analyse(mask: int, mahjong_in_bomb: bool) -> tuple[Combination, ...] | str:
    """Every reading of the cards in ``mask``, highest rank first, or the reason there is none.

    This is the one place where the shapes of the combinations are decided; the checks run from
    the fewest cards to the most.
    """
    n = mask.bit_count()
    if n == 1:
        single = _SINGLES[mask.bit_length() - 1]
        return (single,) if single is not None else "no such card"
    if n == 0:
        return "a play needs at least one card"
    if mask >> DECK_SIZE:
        return _analyse_two_decks(mask, mahjong_in_bomb)
    if mask & DOG_BIT:
        return "the Dog is played only alone"
    if mask & DRAGON_BIT:
        return "the Dragon is played only as a single"
    phoenix = bool(mask & PHOENIX_BIT)
    mahjong = bool(mask & MAH_JONG_BIT)
    suited = mask & SUITED_MASK
    if not suited:
        return "the Phoenix never stands for the Mah Jong"

    # Counts per rank from the lowest to the highest suited rank held.
    lo = LOWEST_RANK + (((suited & -suited).bit_length() - 1) >> 2)
    hi = LOWEST_RANK + ((suited.bit_length() - 1) >> 2)
    counts = []
    suits = 0
    shifted = suited >> ((lo - LOWEST_RANK) << 2)
    for _ in range(hi - lo + 1):
        nibble = shifted & 15
        counts.append(_POPCOUNT4[nibble])
        suits |= nibble
        shifted >>= 4
    span = hi - lo + 1
    top = max(counts)
    cards = cards_of(mask)

    # Straights (and straight flushes): one card per rank, five or more consecutive ranks.
    if top == 1 and n >= MIN_STRAIGHT_LENGTH:
        if mahjong:
            lo = MAH_JONG_RANK
            span = hi
        if span == n:  # every rank held, or the Phoenix fills the one gap inside
            if not phoenix and suits in _ONE_SUIT and (not mahjong or mahjong_in_bomb):
                return (Combination(BOMB_STRAIGHT_FLUSH, hi, n, cards),)
            return (Combination(STRAIGHT, hi, n, cards),)
        if phoenix and span == n - 1:  # the Phoenix at either end
            found = []
            if hi < HIGHEST_RANK:
                found.append(Combination(STRAIGHT, hi + 1, n, cards))
            if lo > LOWEST_RANK:
                found.append(Combination(STRAIGHT, hi, n, cards))
            if found:
                return tuple(found)
        return "a straight needs five or more consecutive ranks"
    if mahjong:
        return "the Mah Jong plays only as a single or as the 1 at the bottom of a straight"

    # Pairs and triples (the Phoenix may stand for the missing card).
    if span == 1 and n <= 3:
        return (Combination(PAIR if n == 2 else TRIPLE, lo, n, cards),)
    if n == 2:
        return "a pair needs two cards of the same rank"
    if n == 3:
        return "a triple needs three cards of the same rank"

    # Four of a kind.
    if span == 1:
        if phoenix:
            return (
                f"the Phoenix never joins a bomb: {n - 1} cards of one rank and the Phoenix "
                "are no combination"
            )
        return (Combination(BOMB_FOUR, lo, n, cards),)

    # Full houses: a triple and a pair of another rank.
    if n == 5:
        ranks = [r for r, c in zip(range(lo, hi + 1), counts, strict=True) if c]
        held = [c for c in counts if c]
        if len(ranks) == 2:
            if not phoenix:
                if sorted(held) == [2, 3]:
                    triple = ranks[0] if held[0] == 3 else ranks[1]
                    return (Combination(FULL_HOUSE, triple, n, cards),)
            elif held == [2, 2]:  # the Phoenix completes either pair to the triple
                return (
                    Combination(FULL_HOUSE, ranks[1], n, cards),
                    Combination(FULL_HOUSE, ranks[0], n, cards),
                )
            elif sorted(held) == [1, 3]:  # the Phoenix completes the pair
                triple = ranks[0] if held[0] == 3 else ranks[1]
                return (Combination(FULL_HOUSE, triple, n, cards),)
        return "five cards must be a full house (a triple and a pair) or a straight"

    # Stairs: pairs of consecutive ranks (the Phoenix completes at most one pair).
    if (
        n % 2 == 0
        and span == n // 2
        and top == 2
        and 0 not in counts
        and counts.count(1) == phoenix
    ):
        return (Combination(STAIRS, hi, n, cards),)
    if n == 4:
        return "four cards must be four of a kind or stairs (two pairs of consecutive ranks)"
    return (
        "six or more cards must be stairs (pairs of consecutive ranks) or a straight "
        "(five or more consecutive ranks)"
    )


def _analyse_two_decks(mask: int, mahjong_in_bomb: bool) -> tuple[Combination, ...] | str:
    """``_analyse`` for cards of two decks: the shapes are one deck's, read from the same counts
    per rank (twins spread over the rank's free suits, so that they never read as a bomb), with
    the cards themselves put back; a suit twice in a four of a kind, two Phoenixes or two
    Dragons are refused first."""
    first, second = mask & FULL_DECK_MASK, mask >> DECK_SIZE
    twins = first & second
    if twins & DRAGON_BIT:
        return "the Dragon is played only as a single"
    if twins & PHOENIX_BIT:
        return "a combination holds one Phoenix at most"
    folded = first | second
    for shift in range(0, 52, 4) if twins else ():
        if twins >> shift & 15:
            count = (first >> shift & 15).bit_count() + (second >> shift & 15).bit_count()
            if count > 4:
                return "no combination holds more than four cards of one rank"
            if count == 4:
                return "four of a kind is a bomb only in four different suits"
            folded = folded & ~(15 << shift) | ((1 << count) - 1) << shift
    found = _analyse(folded, mahjong_in_bomb)
    if isinstance(found, str):
        return found
    cards = cards_of(mask)
    return tuple(
        Combination(reading.kind, reading.rank, n, cards)
        for reading in found
        for n in (reading.length,)
    )


def _mask(cards: Cards) -> int:
    """The bitmask of a play given as cards or as their notation; a card named twice is refused."""
    if isinstance(cards, str):
        try:
            cards = parse_cards(cards)
        except ValueError as error:
            raise InvalidCombination(str(error)) from None
    elif not isinstance(cards, tuple | list):
        cards = tuple(cards)
    mask = 0
    for card in cards:
        mask |= card.bit
    if mask.bit_count() != len(cards):
        raise InvalidCombination("a card appears twice in the play")
    return mask


def readings(cards: Cards, *, mahjong_in_bomb: bool = False) -> tuple[Combination, ...]:
    """Every valid reading of the cards, highest rank first; empty when they form no combination.

    Only a Phoenix gives several readings: at either end of a straight, or completing either pair
    of a full house.
    """
    try:
        found = _analyse(_mask(cards), mahjong_in_bomb)
    except InvalidCombination:
        return ()
    return () if isinstance(found, str) else found


def classify(cards: Cards, *, mahjong_in_bomb: bool = False) -> Combination:
    """The combination the cards form, in its highest reading (the reading of a lead).

    Raises ``InvalidCombination`` saying why when they form none (an empty play, a card twice, ...).
    """
    found = _analyse(_mask(cards), mahjong_in_bomb)
    if isinstance(found, str):
        raise InvalidCombination(found)
    return found[0]


# -- beating -----------------------------------------------------------------------------------


def table_combination(table: Table, *, mahjong_in_bomb: bool = False) -> Combination | None:
    """The combination lying on the table: ``None`` for a lead, a ``Combination`` as given, or the
    highest reading of table cards (a lone Phoenix is the led Phoenix, 1.5). Table cards that form
    no combination raise ``InvalidCombination``.
    """
    if table is None or isinstance(table, Combination):
        return table
    return classify(table, mahjong_in_bomb=mahjong_in_bomb)


def outranks_bomb(length: int, rank: float | None, bomb: Combination) -> bool:
    """The order of bombs: does a bomb of ``length`` cards up to the top card ``rank`` beat the
    bomb ``bomb``? It must have more cards, or as many and a higher top card."""
    return (length, rank) > (bomb.length, bomb.rank)


def lies_on(play: Combination, table: Combination) -> bool:
    """May this reading be laid on the table? The rule of beating, for one reading of each.

    Nothing is laid on the Dog, and the Dog only leads. Any bomb beats any non-bomb; a bomb beats
    a bomb with more cards, or as many and a higher top card. Otherwise: same kind, same number of
    cards, higher rank; the Phoenix single beats every single but the Dragon (and itself), and
    the second Dragon beats the first.
    """
    rank, table_rank = play.rank, table.rank
    if rank is None or table_rank is None:  # the Dog (the one rank None): only ever led
        return False
    kind, table_kind = play.kind, table.kind
    if kind in BOMB_KINDS:
        return table_kind not in BOMB_KINDS or outranks_bomb(play.length, rank, table)
    if kind != table_kind or play.length != table.length:
        return False
    if kind == SINGLE:
        card = play.cards[0]
        if card is PHOENIX or card is PHOENIX_2:
            return table_rank < DRAGON_RANK and table.cards[0] is not card
        # with two decks, the second Dragon beats the first
        return rank > table_rank or (
            rank == DRAGON_RANK == table_rank and card is not table.cards[0]
        )
    return rank > table_rank


def reading_on(play: Cards, table: Table, *, mahjong_in_bomb: bool = False) -> Combination | None:
    """The combination as it lies on the table once ``play`` is laid there, or ``None`` when it
    may not be laid there (or is no combination).

    Led, a play takes its highest reading; on a table, the highest reading that beats it. The
    Phoenix single lies half a rank above the single it beats (1.5 when led).
    """
    table = table_combination(table, mahjong_in_bomb=mahjong_in_bomb)
    try:
        mask = _mask(play)
    except InvalidCombination:
        return None
    return reading_of_mask(mask, table, mahjong_in_bomb)


def reading_of_mask(
    mask: int, table: Combination | None, mahjong_in_bomb: bool = False
) -> Combination | None:
    """``reading_on`` for cards given as a bitmask and a table given as a ``Combination`` (or
    ``None``): the state machine's check of each play, without re-reading the cards."""
    found = _analyse(mask, mahjong_in_bomb)
    if isinstance(found, str):
        return None
    if table is None:
        return found[0]
    for reading in found:
        if lies_on(reading, table):
            if reading.kind == SINGLE and (
                reading.cards[0] is PHOENIX or reading.cards[0] is PHOENIX_2
            ):
                assert table.rank is not None  # a single, not the Dog: ``lies_on`` said so
                return Combination(SINGLE, phoenix_rank_on(table.rank), 1, reading.cards)
            return reading
    return None


def beats(play: Cards, table: Table, *, mahjong_in_bomb: bool = False) -> bool:
    """May ``play`` be laid on ``table``? True when any reading of the play beats the table.

    ``table`` is ``None`` for a lead (any valid combination may lead, the Dog and bombs included),
    a ``Combination`` as it lies on the table, or the table's cards (read at their highest; a lone
    Phoenix is the led Phoenix, 1.5). Cards that form no combination never beat anything.
    """
    table = table_combination(table, mahjong_in_bomb=mahjong_in_bomb)
    found = readings(play, mahjong_in_bomb=mahjong_in_bomb)
    if table is None:
        return bool(found)
    return any(lies_on(reading, table) for reading in found)
