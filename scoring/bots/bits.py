"""Bit helpers the bots share: seats looked up rather than worked out, one action value per
seat and card, and quick readings of a hand held as a card mask (``scoring.cards``).

Bots ask the same small questions on every turn (which cards of a rank, which ranks held twice,
might these cards be one play); answering them straight from the bits, without building cards
or combinations, is what keeps a simulated hand cheap.
"""

from __future__ import annotations

from scoring.actions import Pass, Play
from scoring.cards import (
    CARDS,
    DECK_SIZE,
    DOG,
    DOG_BIT,
    DRAGON,
    DRAGON_BIT,
    MAH_JONG,
    MAH_JONG_BIT,
    PHOENIX,
    PHOENIX_BIT,
    RANK_MASKS,
    SECOND_DECK,
    SUITED_MASK,
    Card,
    card_at,
    cards_of,
)
from scoring.plays import rank_sets
from scoring.score import team_of

MOST_SEATS = 12
"""The most hands at a table (Grand Seigneur with twelve players)."""
PASSES = tuple(Pass(seat) for seat in range(MOST_SEATS))
"""Actions are immutable values: one ``Pass`` per seat serves every turn."""
OTHERS = tuple(((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3) for seat in range(4))
"""The other seats from each: the next player (the right-hand opponent), the partner, the
previous player (the left-hand opponent)."""
OPPONENTS = tuple((right, left) for right, _, left in OTHERS)
TEAMS = tuple(team_of(seat) for seat in range(4))
"""Each seat's opponents, and its team, looked up rather than worked out on every turn."""
PHOENIX_OR_DRAGON = PHOENIX_BIT | DRAGON_BIT
_INDEXES = frozenset(card.index for card in CARDS + SECOND_DECK)


def others_of(seat: int, seats: int) -> tuple[int, ...]:
    """The other seats from ``seat`` in playing order (``OTHERS`` for any number of seats)."""
    if seats == 4:
        return OTHERS[seat]
    return tuple((seat + k) % seats for k in range(1, seats))


SINGLE_PLAYS = tuple((card_at(i),) if i in _INDEXES else None for i in range(2 * DECK_SIZE))
_SINGLE_ACTIONS = tuple(
    tuple(Play(seat, play) if play else None for play in SINGLE_PLAYS) for seat in range(MOST_SEATS)
)
"""Likewise one ``Play`` of each card alone (with no wish) per seat."""


def ranks_held(free: int) -> tuple[int, int, int]:
    """The rank bitmasks (bit ``r``: rank ``r``; bit 1: the Mah Jong) of the ranks of ``free``
    held once or more, twice or more, three times or more."""
    held, paired, tripled = rank_sets(free)
    if free & MAH_JONG_BIT:
        held |= 2
    return held, paired, tripled


def cards_of_bombs(bombs: tuple[tuple[Card, ...], ...]) -> int:
    """The cards of some bombs, as a mask."""
    cards = 0
    for bomb in bombs:
        for card in bomb:
            cards |= card.bit
    return cards


def weakest(mask: int, count: int) -> list[Card]:
    """The ``count`` weakest cards of ``mask`` (which holds no Mah Jong): the Dog, 2 to Ace,
    the Phoenix, the Dragon."""
    low = [DOG] if mask & DOG_BIT else []
    suited = higher = mask & SUITED_MASK
    for _ in range(count):
        higher &= higher - 1
    low += cards_of(suited ^ higher)  # the lowest ``count`` suited cards
    if len(low) < count:
        low += [card for card in (PHOENIX, DRAGON) if mask & card.bit]
    return low[:count]


def set_of(cards: int, most: int) -> int:
    """Up to ``most`` of ``cards`` (of one rank), the lowest suits first."""
    while cards.bit_count() > most:
        cards &= ~(1 << (cards.bit_length() - 1))
    return cards


def rank_cards(mask: int, rank: int) -> int:
    """The cards of ``mask`` of one rank (1: the Mah Jong)."""
    return mask & (MAH_JONG_BIT if rank == 1 else RANK_MASKS[rank])


def run_from(ranks: int, rank: int) -> int:
    """How many consecutive ranks of the rank bitmask ``ranks`` start at ``rank``."""
    ones = ranks >> rank
    return (~ones & (ones + 1)).bit_length() - 1


def single_action(seat: int, bit: int) -> Play:
    """``seat`` plays the one card of a one-card mask alone (no wish)."""
    action = _SINGLE_ACTIONS[seat][bit.bit_length() - 1]
    if action is None:
        raise ValueError("no card of the decks has this bit")
    return action


def single_play(bit: int) -> tuple[Card, ...]:
    """The one card of a one-card mask, as a play."""
    play = SINGLE_PLAYS[bit.bit_length() - 1]
    if play is None:
        raise ValueError("no card of the decks has this bit")
    return play


def as_listed(play: int) -> tuple[Card, ...]:
    """A play built from bits (no Phoenix in it), its cards in the order ``legal_plays`` lists
    them: by index, save the Mah Jong first in a straight and the triple first in a full
    house."""
    if not play & (play - 1):
        return single_play(play)
    if play & MAH_JONG_BIT:
        return (MAH_JONG, *cards_of(play & SUITED_MASK))
    if play.bit_count() == 5:
        held, _, tripled = rank_sets(play)
        if held.bit_count() == 2:
            triple = play & RANK_MASKS[tripled.bit_length() - 1]
            return cards_of(triple) + cards_of(play & ~triple)
    return cards_of(play)


def highest_of(cards: int) -> int:
    """The highest card of a mask, as a mask."""
    return 1 << (cards.bit_length() - 1)


def may_be_one_play(mask: int) -> bool:
    """Might these cards form one combination? A quick test before reading them: one card; or
    no Dragon and no Dog, and either at most two ranks (a pair, a triple, a full house, two
    pairs, four of a kind) or a rank a card with at most one gap between the lowest and the
    highest (a straight, the Phoenix filling it) or a pair a rank without a gap (stairs)."""
    count = mask.bit_count()
    if count == 1:
        return True
    if mask & (DRAGON_BIT | DOG_BIT):
        return False
    held, paired, _ = ranks_held(mask)
    ranks = held.bit_count()
    if ranks <= 2:
        return True
    span = held.bit_length() - (held & -held).bit_length() + 1  # from the lowest rank up
    if count >= 5 and ranks >= count - 1:
        return span <= count
    return 2 * paired.bit_count() >= count - 1 and span == ranks
