"""Dealing: a shuffled deck (or two) in each game's hands, from an explicit random generator."""

from __future__ import annotations

import random
from functools import cache

from scoring.cards import CARDS, SECOND_DECK, Card
from scoring.rules import STANDARD, Rules


@cache
def _shuffle_draws(size: int) -> tuple[tuple[int, int], ...]:
    """The draws of a shuffle of ``size`` cards: each place from the last down, and the random
    bits drawn to pick the place at or below it that it swaps with."""
    return tuple((place, (place + 1).bit_length()) for place in range(size - 1, 0, -1))


def deal_cards(rng: random.Random, rules: Rules = STANDARD) -> list[tuple[Card, ...]]:
    """A shuffled deck dealt into the game's hands (four of 14 in Tichu: the first 8 of each
    being the Grand look; each game's ``deal_counts``, a second deck with Grand Seigneur's
    biggest tables), each hand a run of the shuffled deck.

    A ``random.Random`` shuffles here exactly as its ``shuffle`` does (each place swapped with
    one drawn at or below it, a draw out of range drawn again), written out to save a call a
    card; any other generator shuffles the deck itself."""
    variant = rules.variant
    deck = list(CARDS) if variant.decks == 1 else [*CARDS, *SECOND_DECK]
    if type(rng) is random.Random:
        getrandbits = rng.getrandbits
        for place, bits in _shuffle_draws(len(deck)):
            other = getrandbits(bits)
            while other > place:
                other = getrandbits(bits)
            deck[place], deck[other] = deck[other], deck[place]
    else:
        rng.shuffle(deck)
    hands, start = [], 0
    for count in variant.deal_counts:
        hands.append(tuple(deck[start : start + count]))
        start += count
    return hands
