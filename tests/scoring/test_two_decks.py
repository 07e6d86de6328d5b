"""Two decks (Grand Seigneur from seven players on; docs/rules.md, "Grand Seigneur"): the second
deck's cards, combinations and beating with twins, and legal plays against a brute force."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import (
    CARDS,
    SECOND_DECK,
    TWO_DECKS_MASK,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
    points_of_mask,
)
from scoring.combinations import InvalidCombination, Kind, beats, classify, reading_on
from scoring.hand_plays import HandPlays
from scoring.plays import bombs_in, legal_plays, wish_obliges

TWO_DECKS = CARDS + SECOND_DECK


def test_the_second_deck_has_no_dog_and_no_mah_jong():
    assert len(SECOND_DECK) == 54 and len(TWO_DECKS) == 110
    assert TWO_DECKS_MASK.bit_count() == 110
    assert points_of_mask(TWO_DECKS_MASK) == 200
    for text in ("MJ'", "DOG'", "Xj'", "Kj''"):
        with pytest.raises(ValueError):
            parse_card(text)


def test_a_second_deck_card_is_written_with_a_trailing_quote_and_is_distinct():
    king, twin = parse_cards("Kj Kj'")
    assert twin is not king and twin.face is king and twin.deck == 1 and king.deck == 0
    assert (twin.rank, twin.suit, twin.points) == (king.rank, king.suit, king.points)
    assert str(twin) == "Kj'" and parse_card(str(twin)) is twin
    assert [str(card) for card in parse_cards("dr' ph'")] == ["DR'", "PH'"]
    assert cards_of(mask_of(TWO_DECKS)) == tuple(sorted(TWO_DECKS))


@pytest.mark.parametrize(
    "text, kind, rank",
    [
        ("Aj Aj'", Kind.PAIR, 14),
        ("Aj Aj' As", Kind.TRIPLE, 14),
        ("Ts Ts' PH", Kind.TRIPLE, 10),
        ("Ts Ts' Js Js'", Kind.STAIRS, 11),
        ("3s 3s' 3p 4j 4j'", Kind.FULL_HOUSE, 3),
        ("Aj As' Ap Ar", Kind.BOMB_FOUR, 14),
        ("5j 6j 7j' 8j 9j", Kind.BOMB_STRAIGHT_FLUSH, 9),
        ("5j 6s 7j' 8j 9j", Kind.STRAIGHT, 9),
        ("5j' 6s' 7j' 8j' PH'", Kind.STRAIGHT, 9),
    ],
)
def test_combinations_with_twins(text, kind, rank):
    found = classify(text)
    assert (found.kind, found.rank) == (kind, rank)
    assert set(found.cards) == set(parse_cards(text))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("Aj Aj' As Ap", "four different suits"),
        ("Aj Aj' As As' Ap", "more than four"),
        ("PH PH'", "one Phoenix"),
        ("2s PH PH'", "one Phoenix"),
        ("DR DR'", "Dragon"),
        ("5j 6j 7j' 7j 8j", "full house"),
    ],
)
def test_no_combination_with_twins(text, reason):
    with pytest.raises(InvalidCombination, match=reason):
        classify(text)


def test_the_second_dragon_played_beats_the_first():
    assert beats("DR'", "DR") and beats("DR", "DR'")
    assert not beats("DR", "DR")
    assert reading_on("DR'", "DR").rank == 15
    assert not beats("PH", "DR'") and not beats("As'", "DR")


def test_a_phoenix_single_may_lie_on_the_other():
    assert beats("PH'", "PH") and not beats("PH", "PH")
    assert reading_on("PH'", classify("PH")).rank == 2.0
    assert beats("Ks'", "Kj") is False and beats("As'", "Kj")


def test_the_wish_is_fulfilled_by_either_deck():
    assert wish_obliges("7s' 2j", None, 7)
    assert legal_plays("7s' 8j", classify("3s"), 7) == [(parse_card("7s'"),)]


def test_bombs_of_two_decks():
    found = {frozenset(bomb) for bomb in bombs_in(mask_of(parse_cards("Aj As' Ap Ar Ar'")))}
    assert found == {
        frozenset(parse_cards("Aj As' Ap Ar")),
        frozenset(parse_cards("Aj As' Ap Ar'")),
    }


def brute_force(hand, table, wish):
    valid = [
        frozenset(cards)
        for size in range(1, len(hand) + 1)
        for cards in combinations(hand, size)
        if beats(cards, table)
    ]
    fulfilling = [cards for cards in valid if any(card.rank == wish for card in cards)]
    if wish is not None and fulfilling:
        return set(fulfilling) | {cards for cards in valid if classify(cards).is_bomb}
    return set(valid)


@st.composite
def two_deck_hands(draw, max_size=9):
    """Hands from two decks, biased to twins: half the cards drawn from a few ranks."""
    ranks = draw(st.lists(st.integers(2, 14), min_size=1, max_size=3, unique=True))
    near = [card for card in TWO_DECKS if card.rank in ranks]
    hand = draw(st.lists(st.sampled_from(near), max_size=max_size // 2, unique=True))
    rest = draw(st.lists(st.sampled_from(TWO_DECKS), max_size=max_size - len(hand), unique=True))
    hand = list(dict.fromkeys(hand + rest))
    if not hand:
        hand = [draw(st.sampled_from(TWO_DECKS))]
    return hand


@settings(max_examples=250, deadline=None)
@given(st.data())
def test_legal_plays_of_two_decks_agree_with_brute_force(data):
    hand = data.draw(two_deck_hands())
    others = [card for card in TWO_DECKS if card not in hand]
    lead = data.draw(
        st.sampled_from(
            legal_plays(
                data.draw(st.lists(st.sampled_from(others), min_size=1, max_size=6, unique=True))
            )
        )
    )
    table = data.draw(st.sampled_from([None, classify(lead)]))
    wish = data.draw(st.one_of(st.none(), st.integers(2, 14)))
    found = legal_plays(hand, table, wish)
    assert len(found) == len({frozenset(play) for play in found})
    assert {frozenset(play) for play in found} == brute_force(hand, table, wish)
    plays, _ = HandPlays(mask_of(hand)).legal(table, wish)
    assert {frozenset(play) for play in plays} == {frozenset(play) for play in found}
