"""The cards: the deck, card points and the text notation (docs/rules.md, "Cards")."""

import pickle

import pytest

from scoring.cards import (
    CARDS,
    DOG,
    DRAGON,
    MAH_JONG,
    PHOENIX,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    points_of,
)


def test_the_deck_has_56_distinct_cards():
    assert len(CARDS) == 56
    assert len({str(card) for card in CARDS}) == 56
    assert [card.index for card in CARDS] == list(range(56))


def test_suited_cards_are_ordered_by_rank_then_suit():
    for card in CARDS[:52]:
        assert card.index == (card.rank - 2) * 4 + card.suit
    assert parse_card("2j").index == 0
    assert parse_card("Ar").index == 51


def test_special_cards_have_fixed_indexes_and_ranks():
    assert (MAH_JONG.index, DOG.index, PHOENIX.index, DRAGON.index) == (52, 53, 54, 55)
    assert MAH_JONG.rank == 1
    assert DRAGON.rank == 15
    assert DOG.rank is None and PHOENIX.rank is None
    assert all(card.suit is None for card in (MAH_JONG, DOG, PHOENIX, DRAGON))


def test_notation_round_trips_for_every_card():
    for card in CARDS:
        assert parse_card(str(card)) is card
    assert parse_cards(format_cards(CARDS)) == CARDS


def test_notation_examples():
    assert parse_cards("Tr Aj 2s 9p") == tuple(
        CARDS[(rank - 2) * 4 + suit] for rank, suit in ((10, 3), (14, 0), (2, 1), (9, 2))
    )
    assert parse_cards("  7s\t7j\n") == (parse_card("7s"), parse_card("7j"))
    assert parse_cards("") == ()


@pytest.mark.parametrize("text", ["mj", "Mj", "MJ", "dog", "Dog", "DOG", "ph", "pH", "dr", "Dr"])
def test_specials_are_case_insensitive(text):
    assert parse_card(text) in (MAH_JONG, DOG, PHOENIX, DRAGON)
    assert str(parse_card(text)) == text.upper()


@pytest.mark.parametrize("text", ["1s", "Tx", "10s", "PHX", "A", "s7", "", "Joker"])
def test_bad_card_text_is_a_value_error(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_a_card_named_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        parse_cards("7s PH 7s")
    with pytest.raises(ValueError):
        parse_cards("ph PH")


def test_parse_cards_refuses_non_text():
    with pytest.raises(ValueError):
        parse_cards(["7s"])


def test_card_points_total_100():
    assert points_of(CARDS) == 100


def test_card_points_by_rule():
    assert [card.points for card in parse_cards("5j Tj Kj 2j 9j Qj Aj")] == [5, 10, 10, 0, 0, 0, 0]
    assert (DRAGON.points, PHOENIX.points, MAH_JONG.points, DOG.points) == (25, -25, 0, 0)


def test_masks_and_cards_are_inverse():
    cards = parse_cards("2j 7s Ar MJ DOG PH DR")
    mask = mask_of(cards)
    assert mask.bit_count() == len(cards)
    assert cards_of(mask) == tuple(sorted(cards))


def test_cards_stay_interned_through_pickling():
    assert pickle.loads(pickle.dumps(CARDS)) == CARDS
    assert pickle.loads(pickle.dumps(PHOENIX)) is PHOENIX
