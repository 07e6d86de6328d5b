"""Combinations and beating (docs/rules.md, "Combinations" and "Beating")."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import CARDS, PHOENIX, parse_cards
from scoring.combinations import (
    Combination,
    InvalidCombination,
    beats,
    classify,
    lies_on,
    reading_on,
    readings,
)


def kind_rank(text, **options):
    combo = classify(text, **options)
    return combo.kind, combo.rank


def ranks_of(text):
    return [reading.rank for reading in readings(text)]


# -- classification ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, kind, rank",
    [
        ("7s", "single", 7),
        ("Ar", "single", 14),
        ("2j", "single", 2),
        ("MJ", "single", 1),
        ("DR", "single", 15),
        ("PH", "single", 1.5),
        ("DOG", "dog", None),
        ("7s 7j", "pair", 7),
        ("Qs PH", "pair", 12),
        ("7s 7j 7p", "triple", 7),
        ("2s 2j PH", "triple", 2),
        ("7s 7j 8s 8j", "stairs", 8),
        ("2s 2j 3s 3j 4s 4j 5s 5r", "stairs", 5),
        ("7s 7j 7p 2s 2j", "full_house", 7),
        ("2s 2j 2p As Aj", "full_house", 2),
        ("3s 4j 5p 6r 7s", "straight", 7),
        ("9s Tj Jp Qr Ks Aj", "straight", 14),
        ("2s 3j 4p 5r 6s 7j 8p 9r Ts Jj Qp Kr As", "straight", 14),
        ("7s 7j 7p 7r", "bomb_four", 7),
        ("3s 4s 5s 6s 7s", "bomb_straight_flush", 7),
        ("2r 3r 4r 5r 6r 7r 8r 9r Tr Jr Qr Kr Ar", "bomb_straight_flush", 14),
    ],
)
def test_classify_kinds_and_ranks(text, kind, rank):
    combo = classify(text)
    assert (combo.kind, combo.rank, combo.length) == (kind, rank, len(text.split()))
    assert combo.is_bomb == kind.startswith("bomb")
    assert set(combo.cards) == set(parse_cards(text))


def test_classify_accepts_cards_as_well_as_text():
    cards = parse_cards("3s 4j 5p 6r 7s")
    assert (
        classify(cards)
        == classify(list(cards))
        == classify(iter(cards))
        == classify("7s 6r 5p 4j 3s")
    )


def test_combination_is_frozen_and_lists_its_cards_in_index_order():
    combo = classify("7s 7j PH")
    with pytest.raises(AttributeError):
        combo.rank = 8
    assert combo.cards == tuple(sorted(combo.cards))
    assert str(combo) == "7j 7s PH"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "at least one card"),
        ("7s 8s", "pair"),
        ("7s 7j 8p", "triple"),
        ("3s 4j 5p 6r", "four cards"),
        ("3s 4j 5p 6r 8s", "straight needs five or more consecutive ranks"),
        ("7s 7j 9s 9j", "four cards"),
        ("7s 7j 8s 8j 9s", "five cards"),
        ("7s 7j 8s 8j 9s 9j Ts", "six or more"),
        ("7s 7j 8s 8j Ts Tj", "six or more"),
        ("DOG 7s", "Dog"),
        ("DOG PH", "Dog"),
        ("DR 7s", "Dragon"),
        ("DR PH", "Dragon"),
        ("MJ 2s", "Mah Jong"),
        ("MJ PH", "Mah Jong"),
        ("7s 7j 7p 7r 8s", "five cards"),
        ("Js Qs Ks As DR", "Dragon"),
    ],
)
def test_invalid_combinations_say_why(text, reason):
    with pytest.raises(InvalidCombination, match=reason):
        classify(text)
    assert readings(text) == ()


def test_a_card_twice_is_invalid():
    seven = parse_cards("7s")[0]
    with pytest.raises(InvalidCombination, match="twice"):
        classify([seven, seven])
    with pytest.raises(InvalidCombination, match="twice"):
        classify("7s 7s")
    assert not beats([seven, seven], None)


def test_bad_notation_is_an_invalid_combination():
    with pytest.raises(InvalidCombination):
        classify("7x")
    assert not beats("7x", None)


def test_invalid_combination_is_a_value_error():
    assert issubclass(InvalidCombination, ValueError)


# -- the Phoenix --------------------------------------------------------------------------------


def test_phoenix_at_either_end_of_a_straight():
    assert ranks_of("3s 4j 5p 6r PH") == [7, 6]
    assert ranks_of("3s 4j 5p 6r 7s PH") == [8, 7]
    assert kind_rank("3s 4j 5p 6r PH") == ("straight", 7)


def test_phoenix_fills_the_gap_of_a_straight():
    assert ranks_of("3s 4j 6p 7r PH") == [7]
    assert ranks_of("3s 4j 5p 6r 8r 9j PH") == [9]


def test_phoenix_straight_never_runs_past_the_ace_nor_below_the_two():
    assert ranks_of("Ts Jj Qp Kr PH") == [14, 13]  # the Phoenix is the Ace or the 9
    assert ranks_of("Ts Jj Qp Kr As PH") == [14]  # only the 9
    assert ranks_of("2s 3j 4p 5r PH") == [6]  # never a 1: the Phoenix is not the Mah Jong


def test_phoenix_needs_exactly_one_gap():
    with pytest.raises(InvalidCombination):
        classify("3s 4j 7p 8r PH")
    with pytest.raises(InvalidCombination):
        classify("3s 4j 5p PH")


def test_phoenix_completing_either_part_of_a_full_house():
    assert ranks_of("7s 7j 9s 9j PH") == [9, 7]
    assert kind_rank("7s 7j 9s 9j PH") == ("full_house", 9)
    assert ranks_of("7s 7j 7p 9j PH") == [7]  # the Phoenix completes the pair
    assert ranks_of("7s 9j 9p 9s PH") == [9]


def test_full_house_reading_chosen_on_a_table():
    play = "7s 7j 9s 9j PH"
    assert reading_on(play, "8s 8j 8p 2s 2j").rank == 9
    assert reading_on(play, "6s 6j 6p 2s 2j").rank == 9  # the highest that beats
    assert reading_on(play, None).rank == 9
    assert reading_on(play, "Ts Tj Tp 2p 2r") is None
    low_table = Combination("full_house", 6, 5, parse_cards("6s 6j 6p 2s 2j"))
    assert beats(play, low_table)


def test_straight_reading_chosen_on_a_table():
    play = "3s 4j 5p 6r PH"
    assert reading_on(play, "2s 3j 4p 5r 6s").rank == 7
    assert reading_on(play, "3j 4p 5r 6s 7p") is None
    # A table Phoenix straight lying at its lower reading can be beaten by the higher one.
    lower = readings("4s 5j 6p 7r PH")[1]
    assert lower.rank == 7
    assert beats("4p 5p 6j 7j 8s", lower)
    assert not beats("4p 5p 6j 7j 8s", "4s 5j 6p 7r PH")  # table cards read at their highest


def test_stairs_with_a_phoenix():
    assert kind_rank("7s 7j 8s PH") == ("stairs", 8)
    assert kind_rank("7s 8j 8s PH") == ("stairs", 8)
    assert kind_rank("7s 7j 8s 8j 9s PH") == ("stairs", 9)
    assert kind_rank("7s 7j 8s 9s 9j PH") == ("stairs", 9)
    with pytest.raises(InvalidCombination):
        classify("7s 7j 8s 8j PH 9s 9j")  # the Phoenix cannot make a pair on its own
    with pytest.raises(InvalidCombination):
        classify("7s 8s 9s 9j PH")


def test_phoenix_never_joins_a_bomb():
    assert kind_rank("3s 4s 5s 6s PH") == ("straight", 7)
    assert kind_rank("3s 4s 5s 6s 7s PH") == ("straight", 8)
    with pytest.raises(InvalidCombination, match="never joins a bomb"):
        classify("7s 7j 7p 7r PH")
    with pytest.raises(InvalidCombination, match="never joins a bomb"):
        classify("7s 7j 7p PH")


def test_phoenix_never_stands_for_a_special_card():
    for text in ("MJ PH", "DR PH", "DOG PH", "MJ 2s 3s 4s DR"):
        with pytest.raises(InvalidCombination):
            classify(text)


# -- the Mah Jong --------------------------------------------------------------------------------


def test_mahjong_at_the_bottom_of_a_straight():
    assert kind_rank("MJ 2s 3j 4p 5r") == ("straight", 5)
    assert kind_rank("MJ 2s 3j 4p 5r 6s 7s") == ("straight", 7)
    assert ranks_of("MJ 2s 3j 4p PH") == [5]  # the Phoenix only at the top
    assert ranks_of("MJ 3j 4p 5r PH") == [5]  # the Phoenix as the 2
    with pytest.raises(InvalidCombination):
        classify("MJ 3s 4j 5p 6r")


def test_mahjong_in_a_straight_flush_only_by_the_house_rule():
    assert kind_rank("MJ 2s 3s 4s 5s") == ("straight", 5)
    assert kind_rank("MJ 2s 3s 4s 5s", mahjong_in_bomb=True) == ("bomb_straight_flush", 5)
    assert kind_rank("MJ 2s 3s 4s 5j", mahjong_in_bomb=True) == ("straight", 5)
    assert beats("MJ 2s 3s 4s 5s 6s", "7s 7j 7p 7r", mahjong_in_bomb=True)
    assert not beats("MJ 2s 3s 4s 5s 6s", "7s 7j 7p 7r")


def test_mahjong_is_only_a_single_or_in_a_straight():
    for text in ("MJ 2s", "MJ 2s 2j", "MJ 2s 3s 4s"):
        with pytest.raises(InvalidCombination, match="Mah Jong"):
            classify(text)


# -- beating -------------------------------------------------------------------------------------


def test_same_kind_same_length_higher_rank():
    assert beats("8s", "7s")
    assert not beats("7j", "7s")
    assert not beats("6s", "7s")
    assert beats("9s 9j", "8s 8j")
    assert not beats("9s 9j 9p", "8s 8j")
    assert beats("4s 5j 6p 7r 8s", "3s 4j 5p 6r 7s")
    assert not beats("4s 5j 6p 7r 8s 9j", "3s 4j 5p 6r 7s")  # not a longer straight
    assert not beats("4s 5j 6p 7r 8s", "3s 4j 5p 6r 7s 8j")
    assert beats("8s 8j 9s 9j", "7s 7j 8p 8r")
    assert not beats("8s 8j 9s 9j Ts Tj", "7s 7j 8p 8r")
    assert not beats("3s 3j 3p 2s 2j", "2p 2r Ks Kj PH")  # table cards read at their highest: K


def test_full_house_is_ranked_by_its_triple():
    assert beats("3s 3j 3p 2s 2j", "2p 2r 2j As Aj")
    assert not beats("2p 2r 2j As Aj", "3s 3j 3p 2s 2j")


def test_mahjong_dragon_and_singles():
    assert beats("2s", "MJ")
    assert beats("DR", "As")
    assert not beats("As", "DR")
    assert not beats("MJ", "2s")


def test_phoenix_single_against_ace_dragon_and_the_led_phoenix():
    assert beats("PH", "As")
    assert reading_on("PH", "As").rank == 14.5
    assert reading_on("PH", "7s").rank == 7.5
    assert reading_on("PH", "MJ").rank == 1.5
    assert not beats("PH", "DR")
    assert reading_on("PH", "DR") is None
    assert beats("DR", reading_on("PH", "As"))
    assert not beats("As", reading_on("PH", "As"))
    # A lone Phoenix given as table cards is the led Phoenix, 1.5.
    assert beats("2s", "PH")
    assert not beats("MJ", "PH")
    assert reading_on("PH", None).rank == 1.5
    assert not beats("8s", reading_on("PH", "8j"))
    assert beats("9s", reading_on("PH", "8j"))


def test_phoenix_single_is_no_wild_card_beyond_singles():
    assert not beats("PH", "7s 7j")


def test_dog_only_leads_and_nothing_is_laid_on_it():
    assert beats("DOG", None)
    for play in ("DOG", "2s", "DR", "PH", "7s 7j 7p 7r", "3s 4s 5s 6s 7s"):
        assert not beats(play, "DOG")
    assert not beats("DOG", "MJ")
    assert not beats("DOG", "2s")
    assert reading_on("DOG", None).kind == "dog"
    assert reading_on("7s 7j 7p 7r", "DOG") is None


def test_any_bomb_beats_any_non_bomb():
    for table in (
        "DR",
        "As Aj",
        "Ks Kj Kp",
        "Ts Jj Qp Kr Ap",
        "Ks Kj Kp Ap Aj",
        "Js Jj Qp Qr Ks Kj",
        "MJ",
        "PH",
    ):
        assert beats("2s 2j 2p 2r", table)
        assert beats("2s 3s 4s 5s 6s", table)
        assert not beats(table, "2s 2j 2p 2r")


def test_bomb_against_bomb():
    four_twos, four_aces = "2s 2j 2p 2r", "As Aj Ap Ar"
    assert beats(four_aces, four_twos)  # the higher four beats the lower
    assert not beats(four_twos, four_aces)
    assert beats("2s 3s 4s 5s 6s", four_aces)  # a straight flush beats any four
    assert not beats(four_aces, "2s 3s 4s 5s 6s")
    assert beats("2j 3j 4j 5j 6j 7j", "Ts Js Qs Ks As")  # longer beats shorter
    assert not beats("Ts Js Qs Ks As", "2j 3j 4j 5j 6j 7j")
    assert beats("4s 5s 6s 7s 8s", "3j 4j 5j 6j 7j")  # as long, higher top card
    assert not beats("3s 4s 5s 6s 7s", "3j 4j 5j 6j 7j")


def test_any_valid_combination_may_lead():
    for text in ("DOG", "MJ", "PH", "DR", "7s 7j 8s 8j 9s PH", "2s 2j 2p 2r"):
        assert beats(text, None)
    assert not beats("7s 8j", None)
    assert not beats("", None)


def test_reading_on_returns_the_table_combination():
    combo = reading_on("3s 4j 5p 6r 7s", "2s 3j 4p 5r 6s")
    assert (combo.kind, combo.rank, combo.length) == ("straight", 7, 5)
    assert reading_on("3s 4j 5p 6r 7s", "2s 3j 4p 5r 6s 7j") is None
    assert reading_on("7s 8j", None) is None


def test_invalid_table_cards_raise():
    with pytest.raises(InvalidCombination):
        beats("7s", "7j 8s")


# -- properties ------------------------------------------------------------------------------


def _all_readings_of_small_sets():
    """Every reading of every set of up to three cards from a small pool (a test fixture)."""
    pool = parse_cards("2s 2j 2p 7s 7j 8s 8j As Aj MJ DOG PH DR")
    found = []
    for size in (1, 2, 3, 4):
        for cards in combinations(pool, size):
            found.extend(readings(cards))
    return found


SMALL_READINGS = _all_readings_of_small_sets()

combination_cards = st.lists(st.sampled_from(CARDS), min_size=1, max_size=8, unique=True)


@st.composite
def valid_combinations(draw):
    """A valid combination: built by kind from random ranks and suits, then classified."""
    kind = draw(
        st.sampled_from(
            ["single", "pair", "triple", "full_house", "stairs", "straight", "four", "flush"]
        )
    )
    suits = st.integers(0, 3)
    card = lambda rank, suit: CARDS[(rank - 2) * 4 + suit]  # noqa: E731
    if kind == "single":
        return classify([draw(st.sampled_from(CARDS))])
    if kind in ("pair", "triple", "four"):
        rank = draw(st.integers(2, 14))
        size = {"pair": 2, "triple": 3, "four": 4}[kind]
        chosen = draw(st.lists(suits, min_size=size, max_size=size, unique=True))
        cards = [card(rank, s) for s in chosen]
        if kind != "four" and draw(st.booleans()):
            cards[-1] = PHOENIX
        return classify(cards)
    if kind == "full_house":
        top, pair = draw(st.lists(st.integers(2, 14), min_size=2, max_size=2, unique=True))
        cards = [card(top, s) for s in draw(st.lists(suits, min_size=3, max_size=3, unique=True))]
        cards += [card(pair, s) for s in draw(st.lists(suits, min_size=2, max_size=2, unique=True))]
        if draw(st.booleans()):
            cards[draw(st.integers(0, 4))] = PHOENIX
        return classify(cards)
    if kind == "stairs":
        pairs = draw(st.integers(2, 7))
        low = draw(st.integers(2, 15 - pairs))
        cards = []
        for rank in range(low, low + pairs):
            cards += [
                card(rank, s) for s in draw(st.lists(suits, min_size=2, max_size=2, unique=True))
            ]
        if draw(st.booleans()):
            cards[draw(st.integers(0, len(cards) - 1))] = PHOENIX
        return classify(cards)
    length = draw(st.integers(5, 13))
    low = draw(st.integers(2, 15 - length))
    if kind == "flush":
        suit = draw(suits)
        return classify([card(rank, suit) for rank in range(low, low + length)])
    cards = [card(rank, draw(suits)) for rank in range(low, low + length)]
    if draw(st.booleans()):
        cards[draw(st.integers(0, length - 1))] = PHOENIX
    return classify(cards)


@settings(max_examples=300, deadline=None)
@given(valid_combinations())
def test_classify_survives_the_text_round_trip(combo):
    assert classify(str(combo)) == combo
    assert classify(parse_cards(str(combo))) == combo
    assert classify(reversed(combo.cards)) == combo


@settings(max_examples=300, deadline=None)
@given(combination_cards)
def test_readings_and_classify_agree(cards):
    found = readings(cards)
    if not found:
        with pytest.raises(InvalidCombination):
            classify(cards)
        assert not beats(cards, None)
        return
    assert classify(cards) == found[0]
    assert [r.rank for r in found] == sorted((r.rank for r in found), reverse=True)
    assert len({r.kind for r in found}) == 1
    assert all(r.length == len(cards) and set(r.cards) == set(cards) for r in found)
    assert len(found) == 1 or PHOENIX in cards


def test_beats_is_irreflexive():
    for combo in SMALL_READINGS:
        assert not lies_on(combo, combo), combo
        assert not beats(combo.cards, classify(combo.cards))


@settings(max_examples=300, deadline=None)
@given(valid_combinations())
def test_beats_is_irreflexive_for_every_reading(combo):
    assert not beats(combo.cards, combo)
    for reading in readings(combo.cards):
        assert not lies_on(reading, reading)


def test_beats_is_transitive_within_a_kind():
    """a beats b as it lies on c, b beats c: then a beats c."""
    for kind in {combo.kind for combo in SMALL_READINGS}:
        same = [combo for combo in SMALL_READINGS if combo.kind == kind]
        for c in same:
            for b in same:
                lying = reading_on(b.cards, c)
                if lying is None:
                    continue
                for a in same:
                    if beats(a.cards, lying) and not set(a.cards) & set(c.cards):
                        assert beats(a.cards, c), (a, b, c)


@settings(max_examples=200, deadline=None)
@given(valid_combinations(), valid_combinations(), valid_combinations())
def test_beats_is_transitive_for_random_combinations(a, b, c):
    lying = reading_on(b.cards, c)
    if lying is not None and beats(a.cards, lying) and not set(a.cards) & set(c.cards):
        assert beats(a.cards, c)


@settings(max_examples=300, deadline=None)
@given(valid_combinations(), valid_combinations())
def test_bombs_order_totally_and_beat_all_else(a, b):
    if a.is_bomb and b.is_bomb and (a.length, a.rank) != (b.length, b.rank):
        assert beats(a.cards, b) != beats(b.cards, a)
    if a.is_bomb and not b.is_bomb:
        assert beats(a.cards, b) == (b.kind != "dog")  # bombs go on anything but the Dog
        assert not beats(b.cards, a)


@settings(max_examples=300, deadline=None)
@given(valid_combinations(), valid_combinations())
def test_reading_on_agrees_with_beats(play, table):
    lying = reading_on(play.cards, table)
    assert (lying is not None) == beats(play.cards, table)
    if lying is not None:
        assert set(lying.cards) == set(play.cards)
        assert lying in readings(play.cards) or lying.rank == table.rank + 0.5
