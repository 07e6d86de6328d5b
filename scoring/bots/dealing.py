"""Dealing: a shuffled deck in four hands of 14, from an explicit random generator."""

from __future__ import annotations

import random

from scoring.cards import CARDS, Card

_SHUFFLE_DRAWS = tuple((place, (place + 1).bit_length()) for place in range(len(CARDS) - 1, 0, -1))
"""The draws of a shuffle of the deck: each place from the last down, and the random bits drawn
to pick the place at or below it that it swaps with."""


def deal_cards(rng: random.Random) -> list[tuple[Card, ...]]:
    """A shuffled deck dealt into four hands of 14, the first 8 of each being the Grand look.

    A ``random.Random`` shuffles here exactly as its ``shuffle`` does (each place swapped with
    one drawn at or below it, a draw out of range drawn again), written out to save a call a
    card; any other generator shuffles the deck itself."""
    deck = list(CARDS)
    if type(rng) is random.Random:
        getrandbits = rng.getrandbits
        for place, bits in _SHUFFLE_DRAWS:
            other = getrandbits(bits)
            while other > place:
                other = getrandbits(bits)
            deck[place], deck[other] = deck[other], deck[place]
    else:
        rng.shuffle(deck)
    return [tuple(deck[14 * seat:14 * seat + 14]) for seat in range(4)]
