"""Boards of Duplicate Tichu (RULINGS.md, "Duplicate Tichu"): dealt from the event's seed and the
board number, the same every time, each card once, 14 per seat, the dealer rotating as in bridge."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.boards import board, dealer_of
from scoring.cards import CARDS
from scoring.state import HandState, Phase

seeds = st.integers(min_value=-(2**63), max_value=2**63 - 1)
numbers = st.integers(min_value=1, max_value=200)


@given(seeds, numbers)
def test_a_board_is_the_same_every_time(seed, number):
    assert board(seed, number) == board(seed, number)


def test_a_board_is_pinned_to_its_seed_and_number():
    """The deal follows from the seed and number alone (no process state, no hash seed): pinned,
    so that a change of the generator or the shuffle, which would change every printed board of a
    running event, fails here. Seed 12345, board 1: North's first card and West's last, recorded
    when the module was written."""
    first = board(12345, 1)
    assert [str(first.hands[0][0]), str(first.hands[3][-1])] == ["Tj", "Ts"]


@given(seeds, numbers)
def test_every_card_is_dealt_once_fourteen_to_a_seat(seed, number):
    dealt = board(seed, number)
    assert [len(hand) for hand in dealt.hands] == [14, 14, 14, 14]
    assert sorted(card for hand in dealt.hands for card in hand) == list(CARDS)
    for seat in range(4):
        assert dealt.first_eight(seat) + dealt.last_six(seat) == dealt.hands[seat]
        assert len(dealt.first_eight(seat)) == 8 and len(dealt.last_six(seat)) == 6


@given(seeds, numbers)
def test_the_engine_deals_the_first_eight_for_the_grand_tichu_look(seed, number):
    dealt = board(seed, number)
    state = HandState(dealt.hands)
    assert state.phase is Phase.GRAND
    for seat in range(4):
        assert state.hands[seat] == sum(card.bit for card in dealt.first_eight(seat))


@given(seeds, st.integers(min_value=1, max_value=100), st.integers(min_value=1, max_value=100))
def test_different_boards_and_different_events_differ(seed, number, other):
    if number != other:
        assert board(seed, number).hands != board(seed, other).hands
    assert board(seed, number).hands != board(seed + 1, number).hands


def test_the_dealer_rotates_with_the_board_number_as_in_bridge():
    assert [dealer_of(n) for n in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [board(7, n).dealer for n in range(1, 6)] == [0, 1, 2, 3, 0]


def test_boards_are_numbered_from_one():
    with pytest.raises(ValueError, match="from 1"):
        board(7, 0)


# --- passes recorded with a board (``check_passes``) ----------------------------------------


@given(st.integers(1, 200), st.integers(0, 3), st.randoms(use_true_random=False))
def test_any_three_cards_a_seat_held_pass_and_a_card_it_did_not_is_refused(number, seat, rng):
    from scoring.boards import check_passes
    from scoring.entry import InvalidHand

    deal = board(11, number)
    given_cards = rng.sample(list(deal.hands[seat]), 3)
    others = [s for s in range(4) if s != seat]
    passes = {str(seat): {str(o): str(c) for o, c in zip(others, given_cards, strict=True)}}
    assert check_passes(deal, passes) == passes
    stranger = rng.choice(list(deal.hands[others[0]]))
    fouled = {str(seat): {**passes[str(seat)], str(others[1]): str(stranger)}}
    with pytest.raises(InvalidHand) as refused:
        check_passes(deal, fouled)
    assert refused.value.code == "pass_not_in_hand"
    assert refused.value.params == {"seat": seat, "card": str(stranger), "board": number}


@pytest.mark.parametrize(
    "passes, code",
    [
        ([], "passes_invalid"),
        ({"4": {}}, "passes_invalid"),
        ({"0": {"1": "Xx", "2": "2j", "3": "3j"}}, "pass_card_unknown"),
        ({"0": {"0": "2j", "1": "2j", "2": "3j"}}, "pass_receivers"),
        ({"0": {"1": "2j", "2": "3j"}}, "pass_receivers"),
        (
            {"0": {str(o): str(board(11, 1).hands[0][o // 3]) for o in (1, 2, 3)}},
            "pass_card_twice",
        ),
    ],
)
def test_malformed_passes_are_refused_with_a_code(passes, code):
    from scoring.boards import check_passes
    from scoring.entry import InvalidHand

    with pytest.raises(InvalidHand) as refused:
        check_passes(board(11, 1), passes)
    assert refused.value.code == code
