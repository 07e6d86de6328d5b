"""Legal plays and the Mah Jong's wish (docs/rules.md, "Beating" and "The Mah Jong's wish")."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import CARDS, DOG, MAH_JONG, PHOENIX, mask_of, parse_cards
from scoring.combinations import (
    BOMB_KINDS,
    PHOENIX_TOP_RANK,
    Combination,
    beats,
    classify,
    reading_on,
    readings,
)
from scoring.hand_plays import BOMB, LEAD_KINDS, LEADS, HandPlays, singles_above
from scoring.plays import is_legal_play, legal_plays, rank_sets, wish_obliges


def plays_of(hand, table=None, wish=None, **options):
    """The legal plays as a set of card sets (order inside a play carries no meaning)."""
    found = [frozenset(play) for play in legal_plays(parse_cards(hand), table, wish, **options)]
    assert len(found) == len(set(found)), "a card set is listed twice"
    return set(found)


def sets(*texts):
    return {frozenset(parse_cards(text)) for text in texts}


def brute_force(hand, table, wish, mahjong_in_bomb=False):
    """The legal plays by the letter of the rules: every subset of the hand that beats the table;
    under the wish's obligation only those holding the wished rank, and the bombs."""
    valid = [
        frozenset(cards)
        for size in range(1, len(hand) + 1)
        for cards in combinations(hand, size)
        if beats(cards, table, mahjong_in_bomb=mahjong_in_bomb)
    ]
    fulfilling = [cards for cards in valid if any(card.rank == wish for card in cards)]
    if wish is not None and fulfilling:
        bombs = [
            cards for cards in valid if classify(cards, mahjong_in_bomb=mahjong_in_bomb).is_bomb
        ]
        return set(fulfilling) | set(bombs)
    return set(valid)


# -- generation by kind --------------------------------------------------------------------------


def test_lead_lists_every_combination_once():
    hand = "7s 7j 8s 8j PH"
    assert plays_of(hand) == sets(
        "7s",
        "7j",
        "8s",
        "8j",
        "PH",
        "7s 7j",
        "8s 8j",
        "7s PH",
        "7j PH",
        "8s PH",
        "8j PH",
        "7s 7j PH",
        "8s 8j PH",
        "7s 7j 8s 8j",
        "7s 7j 8s PH",
        "7s 7j 8j PH",
        "7s 8s 8j PH",
        "7j 8s 8j PH",
        "7s 7j 8s 8j PH",  # one full house, though it reads two ways
    )


def test_lead_may_be_the_dog_the_mahjong_or_a_bomb():
    found = plays_of("DOG MJ 2s 2j 2p 2r")
    assert sets("DOG", "MJ", "2s 2j 2p 2r") <= found


def test_singles_on_a_single():
    assert plays_of("MJ 5s 7s 9j DR PH DOG", "7j") == sets("9j", "DR", "PH")
    assert plays_of("MJ 5s 7s As DR PH", "As") == sets("DR", "PH")
    assert plays_of("MJ 5s 7s As DR PH", "DR") == set()
    assert plays_of("MJ 2s 7s", "PH") == sets("2s", "7s")  # the led Phoenix is 1.5
    assert plays_of("MJ 2s 7s PH", "MJ") == sets("2s", "7s", "PH")


def test_phoenix_single_on_a_phoenix_lying_half_a_rank_up():
    lying = reading_on("PH", "8j")
    assert plays_of("8s 9s", lying) == sets("9s")


def test_nothing_is_laid_on_the_dog():
    assert plays_of("2s 2j 2p 2r 3s 4s 5s 6s PH DR", "DOG") == set()
    assert legal_plays(parse_cards("2s"), Combination("dog", None, 1, (DOG,))) == []


def test_pairs_triples_and_full_houses_on_the_table():
    assert plays_of("7s 7j 9s PH", "8s 8j") == sets("9s PH")
    assert plays_of("7s 7j 9s 9j 9p", "8s 8j 8p") == sets("9s 9j 9p")
    assert plays_of("7s 7j 9s 9j PH", "8s 8j 8p 2s 2j") == sets("7s 7j 9s 9j PH")
    assert plays_of("7s 7j 9s 9j PH", "Ts Tj Tp 2p 2r") == set()


def test_stairs_of_the_table_length():
    table = "3s 3j 4s 4j"
    assert plays_of("5s 5j 6s 6j 7s 7j", table) == sets("5s 5j 6s 6j", "6s 6j 7s 7j")
    assert plays_of("5s 5j 6s PH", table) == sets("5s 5j 6s PH")
    assert plays_of("5s 5j 6s 6j 7s PH", "3s 3j 4s 4j 5p 5r") == sets("5s 5j 6s 6j 7s PH")


def test_straights_of_the_table_length_with_and_without_the_phoenix():
    table = "3s 4j 5p 6r 7s"
    hand = "4s 5j 6p 7r 8s 9j PH"
    found = plays_of(hand, table)
    assert all(len(play) == 5 for play in found)
    assert sets("4s 5j 6p 7r 8s", "5j 6p 7r 8s 9j", "5j 6p 7r 8s PH", "6p 7r 8s 9j PH") <= found
    assert frozenset(parse_cards("4s 5j 6p 7r PH")) in found  # 4-8 with the Phoenix as the 8
    table = "3s 4j 5p 6r 7s 8p"
    assert plays_of(hand, table) == brute_force(parse_cards(hand), table, None)


def test_phoenix_at_either_end_is_one_play():
    found = legal_plays(parse_cards("3s 4j 5p 6r PH"))
    straights = [play for play in found if len(play) == 5]
    assert len(straights) == 1
    assert reading_on(straights[0], None).rank == 7


def test_mahjong_at_the_bottom_of_a_straight():
    assert plays_of("MJ 2s 3j 4p 5r 6s", "2j 3p 4r 5s 6p") == set()  # MJ-5 is lower, 2-6 ties
    assert plays_of("MJ 2s 3j 4p 5r 6s", "MJ 2j 3p 4r 5s") == sets("2s 3j 4p 5r 6s")
    assert sets("MJ 2s 3j 4p 5r", "2s 3j 4p 5r 6s", "MJ 2s 3j 4p 5r 6s") <= plays_of(
        "MJ 2s 3j 4p 5r 6s"
    )


def test_straight_flushes_are_bombs():
    hand = "3s 4s 5s 6s 7s 8s"
    found = plays_of(hand, "Ks Kj")
    assert found == sets("3s 4s 5s 6s 7s", "4s 5s 6s 7s 8s", "3s 4s 5s 6s 7s 8s")
    # With the Phoenix, one suit is a plain straight; 3-7 itself stays a bomb.
    assert plays_of("3s 4s 5s 6s 7s PH", "2j 3j 4j 5p 6j") == sets(
        "3s 4s 5s 6s 7s",
        "3s PH 5s 6s 7s",
        "3s 4s PH 6s 7s",
        "3s 4s 5s PH 7s",
        "3s 4s 5s 6s PH",
        "4s 5s 6s 7s PH",
    )
    assert classify("3s 4s 5s 6s PH").kind == "straight"


def test_bombs_on_bombs():
    assert plays_of("4j 4s 4p 4r 9j 9s 9p 9r", "5s 5j 5p 5r") == sets("9j 9s 9p 9r")
    assert plays_of("Tp Jp Qp Kp Ap", "2s 3s 4s 5s 6s 7s") == set()
    assert plays_of("2p 3p 4p 5p 6p 7p", "Ts Js Qs Ks As") == sets("2p 3p 4p 5p 6p 7p")


def test_mahjong_in_a_straight_flush_only_by_the_house_rule():
    hand = "MJ 2s 3s 4s 5s"
    assert plays_of(hand, "7s 7j 7p 7r") == set()
    assert plays_of(hand, "7s 7j 7p 7r", mahjong_in_bomb=True) == sets(hand)
    assert classify(hand).kind == "straight"  # a plain straight without the rule
    assert sets(hand) <= plays_of(hand) - plays_of(hand, "7s 7j 7p 7r")


def test_lead_counts_for_fixed_hands():
    """Regression data, like python-chess's move counts (checked against the brute force)."""
    straights = parse_cards("MJ 2s 3j 4p 5r 6s 6j 7s 7p 8j 9s 9p PH DR")
    bombs = parse_cards("5s 5j 5p 5r 6s 7s 8s 9s Ts Tj Qp Kp Ap PH")
    assert len(legal_plays(straights)) == 487
    assert len(legal_plays(straights, "2j 3j 4j 5j 6j 7p")) == 64
    assert len(legal_plays(straights, "2j 3j 4j 5j 6j 7p", wish=9)) == 40
    assert len(legal_plays(straights, "2j 3j 4j 5j 6j 7j")) == 0  # a straight flush
    assert len(legal_plays(bombs)) == 232
    assert len(legal_plays(bombs, "7j 7p")) == 12
    assert len(legal_plays(bombs, "2j 3j 4j 5j 6p", wish=13)) == 8
    assert len(legal_plays(parse_cards("2s 2j 3s 3j 4s 4j PH"))) == 39


def test_a_full_hand_agrees_with_brute_force():
    hand = parse_cards("MJ 2s 3j 4p 5r 6s 6j 7s 7p 8j 9s 9p PH DR")
    for table in (None, "2j 3j 4j 5j 6j 7p", "8s 8p", "3s"):
        found = {frozenset(play) for play in legal_plays(hand, table, 9)}
        assert found == brute_force(hand, table, 9)


# -- the wish ------------------------------------------------------------------------------------


def test_wish_obliges_a_play_holding_the_wished_rank():
    hand = "5s 8j 9s 9j"
    assert plays_of(hand, "3s", wish=8) == sets("8j")
    assert wish_obliges(parse_cards(hand), "3s", 8)
    assert not is_legal_play(parse_cards(hand), None, "3s", wish=8)
    assert not is_legal_play(parse_cards(hand), parse_cards("9s"), "3s", wish=8)
    assert is_legal_play(parse_cards(hand), parse_cards("8j"), "3s", wish=8)


def test_wish_that_cannot_be_fulfilled_allows_a_pass_and_anything():
    hand = parse_cards("5s 5j Qs 9j")
    table = "7s"  # example d) of the seed: the fives can no longer beat the table
    assert not wish_obliges(hand, table, 5)
    assert is_legal_play(hand, None, table, wish=5)
    assert plays_of("5s 5j Qs 9j", table, wish=5) == sets("Qs", "9j")
    # example a): a single queen cannot make the six-card straight
    assert not wish_obliges(parse_cards("Qs 2j 3j 4j 5j 6p 7p"), "MJ 2s 3s 4s 5s 6s", 12)
    assert plays_of("Qs 2j 3j 4j 5j 6p 7p", "MJ 2s 3p 4s 5s 6s", wish=12) == sets(
        "2j 3j 4j 5j 6p 7p"
    )


def test_wish_that_only_a_bomb_can_fulfil():
    hand = parse_cards("Qs Qj Qp Qr 4j 5j 6j 7j 8p 9p")
    table = "MJ 2s 3s 4s 5s 6p"  # example b): the four queens must be played
    assert wish_obliges(hand, table, 12)
    assert plays_of("Qs Qj Qp Qr 4j 5j 6j 7j 8p 9p", table, wish=12) == sets("Qs Qj Qp Qr")
    assert not is_legal_play(hand, parse_cards("4j 5j 6j 7j 8p 9p"), table, wish=12)
    assert not is_legal_play(hand, None, table, wish=12)
    # example e): four fives on a seven
    assert plays_of("5s 5j 5p 5r", "7s", wish=5) == sets("5s 5j 5p 5r")


def test_wish_that_only_a_phoenix_straight_can_fulfil():
    hand = parse_cards("5s 6j 7p 8r PH 2j")
    table = "3s 4s 5j 6s 7s"
    assert wish_obliges(hand, table, 8)
    assert plays_of("5s 6j 7p 8r PH 2j", table, wish=8) == sets("5s 6j 7p 8r PH")


def test_a_bomb_may_always_be_played_instead():
    hand = parse_cards("8j 2s 2j 2p 2r")
    assert plays_of("8j 2s 2j 2p 2r", "3s", wish=8) == sets("8j", "2s 2j 2p 2r")
    assert is_legal_play(hand, parse_cards("2s 2j 2p 2r"), "3s", wish=8)
    assert not is_legal_play(hand, parse_cards("2s"), "MJ", wish=8)


def test_the_phoenix_never_counts_as_the_wished_rank():
    hand = parse_cards("PH 3s")
    assert not wish_obliges(hand, "MJ", 5)  # example c)
    assert plays_of("PH 3s", "MJ", wish=5) == sets("PH", "3s")
    assert is_legal_play(hand, None, "MJ", wish=5)


def test_leading_with_the_wished_rank_in_hand():
    hand = parse_cards("DOG 8j 9s 9j 3s 3j 3p 3r")
    assert wish_obliges(hand, None, 8)
    found = plays_of("DOG 8j 9s 9j 3s 3j 3p 3r", None, wish=8)
    assert found == sets("8j", "3s 3j 3p 3r")
    assert not is_legal_play(hand, [DOG], None, wish=8)
    assert is_legal_play(hand, [DOG], None, wish=7)
    assert not is_legal_play(hand, None, None)  # a lead is never a pass


def test_no_wish_without_the_wished_rank_in_hand():
    assert not wish_obliges(parse_cards("9s 9j"), "7s", 8)
    assert not wish_obliges(parse_cards("8s"), "DOG", 8)
    assert not wish_obliges(parse_cards("8s"), "3s", None)


def test_wish_must_be_a_rank():
    with pytest.raises(ValueError):
        legal_plays(parse_cards("8s"), None, 15)
    with pytest.raises(ValueError):
        wish_obliges(parse_cards("8s"), None, 1)


def test_is_legal_play_checks_the_hand_and_the_table():
    hand = parse_cards("7s 7j 8s")
    assert is_legal_play(hand, parse_cards("7s 7j"), "6s 6j")
    assert not is_legal_play(hand, parse_cards("7s 7p"), "6s 6j")  # 7p not in hand
    assert not is_legal_play(hand, parse_cards("7s 8s"), None)  # no combination
    assert not is_legal_play(hand, parse_cards("7s 7j"), "8p 8r")
    assert is_legal_play(hand, None, "8p 8r")
    assert is_legal_play("7s 7j 8s", "8s", "7p")  # notation accepted


# -- properties ----------------------------------------------------------------------------------


@st.composite
def hands(draw, max_size=9):
    """A hand of up to ``max_size`` cards, drawn mostly from a few ranks so that pairs, stairs,
    full houses, straights and bombs all come up, plus some special cards."""
    ranks = draw(st.lists(st.integers(2, 14), min_size=1, max_size=7, unique=True))
    low = draw(st.integers(2, 10))
    if draw(st.booleans()):
        ranks += list(range(low, low + 5))
    pool = [card for card in CARDS if card.rank in ranks] + [MAH_JONG, DOG, PHOENIX, CARDS[55]]
    return draw(st.lists(st.sampled_from(pool), min_size=1, max_size=max_size, unique=True))


@st.composite
def tables(draw, hand):
    """``None`` (a lead) or a combination of cards outside the hand, in any of its readings."""
    if draw(st.integers(0, 3)) == 0:
        return None
    others = [card for card in CARDS if card not in hand]
    ranks = draw(st.lists(st.integers(2, 14), min_size=1, max_size=7, unique=True))
    pool = [card for card in others if card.rank in ranks or card.index >= 52] or others
    other_hand = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=9, unique=True))
    candidates = legal_plays(other_hand)
    play = draw(st.sampled_from(candidates))
    return draw(st.sampled_from(readings(play)))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_legal_plays_agree_with_brute_force(data):
    hand = data.draw(hands())
    table = data.draw(tables(hand))
    wish = data.draw(st.one_of(st.none(), st.integers(2, 14)))
    option = data.draw(st.booleans())
    found = legal_plays(hand, table, wish, mahjong_in_bomb=option)
    assert len(found) == len({frozenset(play) for play in found})
    assert {frozenset(play) for play in found} == brute_force(hand, table, wish, option)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_legal_play_is_a_combination_that_beats_the_table(data):
    hand = data.draw(hands(max_size=14))
    table = data.draw(tables(hand))
    wish = data.draw(st.one_of(st.none(), st.integers(2, 14)))
    found = legal_plays(hand, table, wish)
    for play in found:
        assert set(play) <= set(hand)
        assert readings(play)
        assert beats(play, table)
        assert is_legal_play(hand, play, table, wish)
    obliged = wish_obliges(hand, table, wish)
    if obliged:
        assert all(
            any(card.rank == wish for card in play) or classify(play).is_bomb for play in found
        )
    assert is_legal_play(hand, None, table, wish) == (table is not None and not obliged)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_is_legal_play_agrees_with_legal_plays(data):
    hand = data.draw(hands())
    table = data.draw(tables(hand))
    wish = data.draw(st.one_of(st.none(), st.integers(2, 14)))
    size = data.draw(st.integers(1, len(hand)))
    play = data.draw(st.lists(st.sampled_from(hand), min_size=size, max_size=size, unique=True))
    listed = {frozenset(p) for p in legal_plays(hand, table, wish)}
    assert is_legal_play(hand, play, table, wish) == (frozenset(play) in listed)


# -- one hand over many turns (HandPlays) ---------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_hand_plays_narrowed_agree_with_legal_plays(data):
    """Candidates generated from a hand and narrowed as it shrinks give exactly the legal plays
    of the smaller hand (and the pass exactly when it is legal), whatever kinds were asked for
    before the cards went."""
    hand = data.draw(hands(max_size=14))
    option = data.draw(st.booleans())
    plays_of = HandPlays(mask_of(hand), option)
    for kind in data.draw(st.lists(st.sampled_from([*LEAD_KINDS, BOMB, LEADS]), max_size=4)):
        plays_of.entries(kind)
    left = data.draw(st.lists(st.sampled_from(hand), min_size=1, unique=True))
    plays_of = plays_of.narrow(mask_of(left))
    table = data.draw(tables(left))
    wish = data.draw(st.one_of(st.none(), st.integers(2, 14)))
    found, may_pass = plays_of.legal(table, wish)
    expected = legal_plays(left, table, wish, mahjong_in_bomb=option)
    assert len(found) == len(expected)
    assert {frozenset(p) for p in found} == {frozenset(p) for p in expected}
    assert may_pass == is_legal_play(left, None, table, wish, mahjong_in_bomb=option)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_hand_plays_exhausted_kinds_stay_empty(data):
    """A kind is marked exhausted exactly when its entries have come out empty, and an exhausted
    kind has no entries in any part of the hand (callers skip it without asking)."""
    hand = data.draw(hands(max_size=14))
    option = data.draw(st.booleans())
    plays_of = HandPlays(mask_of(hand), option)
    kinds = [*LEAD_KINDS, BOMB]
    left = hand
    for _ in range(3):
        for kind in data.draw(st.lists(st.sampled_from(kinds), max_size=5)):
            entries = plays_of.entries(kind)
            assert (kind in plays_of.exhausted) == (not entries)
        for kind in plays_of.exhausted:
            assert HandPlays(mask_of(left), option).entries(kind) == []
        left = data.draw(st.lists(st.sampled_from(left), min_size=1, unique=True))
        plays_of = plays_of.narrow(mask_of(left))
    for kind in kinds:
        assert (kind in plays_of.exhausted) <= (not plays_of.entries(kind))


@settings(max_examples=200, deadline=None)
@given(hands(max_size=14), st.booleans())
def test_hand_plays_entries_hold_mask_length_and_highest_reading(hand, option):
    plays_of = HandPlays(mask_of(hand), option)
    for kind in (*LEAD_KINDS, BOMB):
        for bits, play, length, rank in plays_of.entries(kind):
            assert bits == mask_of(play) and length == len(play)
            reading = classify(play, mahjong_in_bomb=option)
            assert (reading.kind in BOMB_KINDS) if kind == BOMB else reading.kind == kind
            if play == (PHOENIX,):
                assert rank == PHOENIX_TOP_RANK
            else:
                assert rank == (reading.rank or 0)


def test_hand_plays_on_a_table_and_a_new_hand():
    plays_of = HandPlays(mask_of(parse_cards("5s 5j 9s 9p 9r Ks PH DR")))
    assert {frozenset(p) for p in plays_of.beating(classify("8s 8j"))} == sets(
        "9s 9p", "9s 9r", "9p 9r", "9s PH", "9p PH", "9r PH", "Ks PH"
    )
    assert {frozenset(p) for p in plays_of.beating(classify("As"))} == sets("PH", "DR")
    smaller = plays_of.narrow(mask_of(parse_cards("5s 9s Ks")))
    assert smaller is plays_of and plays_of.beating(classify("8s 8j")) == []
    other = plays_of.narrow(mask_of(parse_cards("2s 3s")))  # not a part of it: starts afresh
    assert other is not plays_of and {frozenset(p) for p in other.leads()} == sets("2s", "3s")


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 56) - 1), st.sampled_from([1, 1.5, 2, 7, 7.5, 13, 14, 14.5, 15]))
def test_fast_helpers_read_the_bits_right(mask, rank):
    cards = [card for card in CARDS if mask & card.bit]
    held, paired, tripled = rank_sets(mask)
    for r in range(2, 15):
        count = sum(card.rank == r for card in cards)
        assert (held >> r & 1, paired >> r & 1, tripled >> r & 1) == (
            count >= 1,
            count >= 2,
            count >= 3,
        )
    assert singles_above(mask, rank) == mask_of(
        card for card in cards if card.index < 52 and card.rank > rank
    )
