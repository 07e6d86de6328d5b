"""The hand state machine: the deal, calls, exchange, tricks and every corner of the end."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import (
    BlindGrandTichu,
    Exchange,
    GiveDragon,
    GrandTichu,
    IllegalAction,
    Pass,
    Play,
    Tichu,
)
from scoring.bots import deal_cards
from scoring.cards import CARDS, DRAGON, PHOENIX, parse_cards
from scoring.combinations import classify
from scoring.entry import score_entry, score_hand
from scoring.plays import bombs_in, legal_plays
from scoring.rules import DTM, STANDARD
from scoring.state import HandState, Phase


def position(*hands, turn=0, out=(), rules=STANDARD, calls=(None,) * 4):
    return HandState.position(list(hands), turn=turn, out=out, rules=rules, calls=calls)


def play(state, seat, text, wish=None):
    state.apply(Play(seat, parse_cards(text), wish))


def passes(state, *seats):
    for seat in seats:
        state.apply(Pass(seat))


def snapshot(state):
    return [
        list(v) if isinstance(v, list) else v
        for v in (getattr(state, name) for name in HandState.__slots__)
    ]


def refused(state, action, reason_part=""):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert snapshot(state) == before, "an illegal action must leave the state unchanged"
    assert reason_part in caught.value.reason
    assert isinstance(caught.value, ValueError)
    return caught.value


# --- deal, calls, exchange -------------------------------------------------------------------


def test_grand_tichu_on_eight_cards_then_six_more():
    deal = deal_cards(random.Random(1))
    state = HandState(deal)
    assert state.phase == Phase.GRAND
    assert all(len(state.hand(s)) == 8 for s in range(4))
    assert set(state.hand(0)) == set(deal[0][:8])
    refused(state, Tichu(0), "14 cards")
    refused(state, Exchange(0, *deal[0][:3]), "after the deal")
    state.apply(GrandTichu(0))
    refused(state, GrandTichu(0), "already decided")
    refused(state, GrandTichu(2), "partners")
    passes(state, 2, 1)
    assert state.to_act == 3 and state.phase == Phase.GRAND
    state.apply(GrandTichu(3))
    assert state.phase == Phase.EXCHANGE
    assert state.calls == ["grand", None, None, "grand"]
    assert all(len(state.hand(s)) == 14 for s in range(4))


def test_dtm_has_no_grand_tichu():
    state = HandState(deal_cards(random.Random(2)), DTM)
    assert state.phase == Phase.EXCHANGE
    refused(state, GrandTichu(0), "Grand Tichu")
    assert not any(isinstance(a, GrandTichu) for a in state.legal_actions(0))
    assert len(state.legal_actions(0)) == 14 * 13 * 12 + 1  # every exchange, and Tichu


def test_blind_grand_tichu_before_any_card():
    rules = STANDARD.replace(blind_grand_tichu=True)
    state = HandState(deal_cards(random.Random(3)), rules)
    assert state.phase == Phase.BLIND and state.hand(0) == ()
    assert state.legal_actions(0) == [BlindGrandTichu(0), Pass(0)]
    state.apply(BlindGrandTichu(0))
    refused(state, BlindGrandTichu(2), "partners")
    passes(state, 1, 2, 3)
    assert state.phase == Phase.GRAND and state.to_act == 1
    refused(state, GrandTichu(0), "already decided")
    refused(state, GrandTichu(2), "partners")
    state.apply(GrandTichu(1))
    passes(state, 2, 3)
    assert state.phase == Phase.EXCHANGE and state.calls == ["blind", "grand", None, None]
    assert score_entry(
        {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "blind", "1": "grand"}}, rules
    ).totals == (450, -150)


def test_blind_phase_only_with_the_option():
    state = HandState(deal_cards(random.Random(3)))
    refused(state, BlindGrandTichu(0), "before any card")


def start_exchange(seed=4):
    state = HandState(deal_cards(random.Random(seed)))
    passes(state, 0, 1, 2, 3)
    return state


def test_exchange_is_simultaneous():
    state = start_exchange()
    before = [set(state.hand(s)) for s in range(4)]
    given = {}
    for seat in range(4):
        left, partner, right = state.hand(seat)[:3]
        given[seat] = (left, partner, right)
        state.apply(Exchange(seat, left, partner, right))
        if seat < 3:
            assert [set(state.hand(s)) for s in range(4)] == before  # nothing moves yet
            refused(state, Exchange(seat, *state.hand(seat)[3:6]), "already exchanged")
    assert state.phase == Phase.PLAY
    for seat, (left, partner, right) in given.items():
        assert right in state.hand((seat + 1) % 4)
        assert partner in state.hand((seat + 2) % 4)
        assert left in state.hand((seat + 3) % 4)
        assert all(len(state.hand(s)) == 14 for s in range(4))
    assert parse_cards("MJ")[0] in state.hand(state.turn)
    assert state.table is None


def test_exchange_must_give_three_held_distinct_cards():
    state = start_exchange()
    own = state.hand(0)
    other = state.hand(1)[0]
    refused(state, Exchange(0, own[0], own[0], own[1]), "three different")
    refused(state, Exchange(0, own[0], own[1], other), "does not hold")
    refused(state, Exchange(0, own[0], own[1], "2s"), "three cards")


def test_tichu_until_the_first_card():
    state = start_exchange()
    state.apply(Tichu(1))
    refused(state, Tichu(1), "already called")
    for seat in range(4):
        state.apply(Exchange(seat, *state.hand(seat)[:3]))
    leader = state.turn
    lead = next(a for a in state.legal_actions(leader) if isinstance(a, Play))
    state.apply(lead)
    refused(state, Tichu(leader), "before one's first card")
    other = next(s for s in range(4) if s not in (leader, 1))
    state.apply(Tichu(other))  # out of turn, before their first card: fine
    assert state.calls[other] == "tichu"


def test_not_an_action_and_no_such_seat():
    state = start_exchange()
    refused(state, Pass(4), "no such seat")
    refused(state, "pass", "no such seat")


# --- tricks ----------------------------------------------------------------------------------


def test_trick_ends_when_all_others_pass_and_winner_leads():
    state = position("3s 9s", "4s Qs", "5s Ks", "6s As")
    play(state, 0, "3s")
    play(state, 1, "4s")
    passes(state, 2, 3)
    assert state.table is not None and state.turn == 0
    refused(state, Pass(1), "seat 0's turn")
    passes(state, 0)
    assert state.table is None and state.turn == 1
    assert state.won[1] & parse_cards("3s")[0].bit


def test_lead_may_not_pass_and_must_beat():
    state = position("3s 9s", "4s Qs", "5s Ks", "6s As")
    refused(state, Pass(0), "lead may not pass")
    play(state, 0, "9s")
    refused(state, Play(1, parse_cards("4s")), "does not beat")
    refused(state, Play(1, parse_cards("4s Qs")), "not a combination")
    refused(state, Play(1, parse_cards("Ks")), "does not hold")


def test_trick_winner_out_passes_the_lead_on():
    state = position("As", "3s 4s", "5s 6s", "7s 8s")
    play(state, 0, "As")
    assert state.out == [0]
    passes(state, 1, 2)
    assert state.table is not None
    passes(state, 3)
    assert state.table is None and state.turn == 1


def test_bomb_out_of_turn_during_a_trick():
    state = position("3s 4s", "5s", "7j 7s 7p 7r 9s", "8j")
    refused(state, Play(2, parse_cards("7j 7s 7p 7r")), "take the lead")
    assert not any(a.seat == 2 for a in state.legal_actions())
    play(state, 0, "3s")
    assert Play(2, parse_cards("7j 7s 7p 7r")) in state.legal_actions()
    refused(state, Play(3, parse_cards("8j")), "only a bomb")
    play(state, 2, "7j 7s 7p 7r")  # seat 1 was to play
    assert state.turn == 3 and state.table.kind == "bomb_four" and state.table_seat == 2
    passes(state, 3, 0, 1)
    assert state.turn == 2 and state.table is None


def test_bomb_on_a_bomb():
    state = position("3s 4s", "5s 5j 5p 5r 3j", "6j 7j 8j 9j Tj 3p", "2s 2j 2p 2r 3r")
    play(state, 0, "3s")
    play(state, 3, "2s 2j 2p 2r")
    refused(state, Play(1, parse_cards("5s")), "does not beat")
    play(state, 1, "5s 5j 5p 5r")
    play(state, 2, "6j 7j 8j 9j Tj")
    assert state.table.kind == "bomb_straight_flush"


def test_bombs_in_a_hand():
    assert bombs_in(0) == ()
    found = bombs_in(sum(c.bit for c in parse_cards("MJ 2j 3j 4j 5j 6j 9s 9j 9p 9r")))
    assert sorted(map(len, found)) == [4, 5]  # the Mah Jong joins no bomb by default
    with_mj = bombs_in(sum(c.bit for c in parse_cards("MJ 2j 3j 4j 5j 6j")), True)
    assert {len(b) for b in with_mj} == {5, 6}


def test_no_bomb_on_the_dog():
    state = position("DOG 3s", "5s 5j 5p 5r 6s", "8s", "9s")
    play(state, 0, "DOG")
    assert state.turn == 2 and state.table is None
    refused(state, Play(1, parse_cards("5s 5j 5p 5r")), "take the lead")
    assert all(a.seat == 2 for a in state.legal_actions() if isinstance(a, Play))


def test_dog_only_leads():
    state = position("DOG 3s", "5s 6s", "8s", "9s")
    play(state, 0, "3s")
    refused(state, Play(1, parse_cards("DOG")), "does not hold")
    state = position("4s 3s", "DOG 6s", "8s", "9s")
    play(state, 0, "3s")
    refused(state, Play(1, parse_cards("DOG")), "does not beat")


def test_dog_when_the_partner_is_out():
    state = position("DOG 3s", "5s", "", "9s", out=[2])
    play(state, 0, "DOG")
    assert state.turn == 3


def test_dog_comes_back_when_partner_and_next_are_out():
    state = position("DOG 3s", "5s", "", "", out=[2, 3])
    play(state, 0, "DOG")
    assert state.turn == 0


def test_dog_as_last_card():
    state = position("DOG", "5s", "6s", "7s")
    play(state, 0, "DOG")
    assert state.out == [0] and state.turn == 2 and state.phase == Phase.PLAY


def test_dog_as_last_card_ending_a_double_victory():
    state = position("DOG", "5s", "", "7s", out=[2])
    play(state, 0, "DOG")
    assert state.phase == Phase.OVER and state.sweep == 0


# --- the wish --------------------------------------------------------------------------------


def test_wish_only_with_the_mah_jong_and_a_rank():
    state = position("MJ 3s", "4s", "5s", "6s")
    refused(state, Play(0, parse_cards("3s"), 7), "Mah Jong")
    refused(state, Play(0, parse_cards("MJ"), 15), "rank")
    refused(state, Play(0, parse_cards("MJ"), 1), "rank")


def test_wish_stands_until_fulfilled_and_the_phoenix_never_fulfils():
    state = position("MJ 3s 3j", "4s 5s", "PH 9s", "7j Js")
    play(state, 0, "MJ", wish=7)
    assert state.wish == 7
    passes(state, 1)  # holds no 7
    play(state, 2, "PH")  # the Phoenix is no 7
    assert state.wish == 7
    refused(state, Pass(3), "wish")
    refused(state, Play(3, parse_cards("Js")), "wish")
    assert state.legal_actions(3) == [Play(3, parse_cards("7j"))]
    play(state, 3, "7j")
    assert state.wish is None


def test_wish_persists_across_tricks():
    state = position("MJ 3s", "Ks 4s", "7s 9s", "Ts Qs")
    play(state, 0, "MJ", wish=7)
    play(state, 1, "Ks")
    passes(state, 2)  # a 7 cannot beat the King: no obligation
    passes(state, 3, 0)
    assert state.turn == 1 and state.wish == 7
    play(state, 1, "4s")
    refused(state, Play(2, parse_cards("9s")), "wish")
    refused(state, Pass(2), "wish")
    play(state, 2, "7s")
    assert state.wish is None


def test_a_bomb_may_always_be_played_instead_of_the_wish():
    state = position("MJ 3s", "7s 8j 8s 8p 8r", "9s", "Ts")
    play(state, 0, "MJ", wish=7)
    play(state, 1, "8j 8s 8p 8r")
    assert state.wish == 7


def test_wish_with_a_straight_holding_the_rank_stands():
    state = position("MJ 2s 3j 4j 5r 9s", "8s", "9j", "Ts")
    play(state, 0, "MJ 2s 3j 4j 5r", wish=3)
    assert state.wish == 3


# --- the Dragon ------------------------------------------------------------------------------


def test_dragon_trick_goes_to_an_opponent_of_choice():
    state = position("DR 3s", "5s", "6s", "7s")
    play(state, 0, "DR")
    passes(state, 1, 2, 3)
    assert state.phase == Phase.DRAGON_GIFT and state.to_act == 0
    assert state.legal_actions() == [GiveDragon(0, 1), GiveDragon(0, 3)]
    refused(state, GiveDragon(0, 2), "opponent")
    refused(state, GiveDragon(1, 3), "seat 0 won")
    refused(state, Pass(0), "nothing to pass")
    refused(state, Play(0, parse_cards("3s")), "must first give")
    state.apply(GiveDragon(0, 3))
    assert state.won[3] & DRAGON.bit and state.phase == Phase.PLAY and state.turn == 0
    refused(state, GiveDragon(0, 1), "no Dragon trick")


def test_phoenix_does_not_beat_the_dragon():
    state = position("DR 3s", "PH", "6s", "7s")
    play(state, 0, "DR")
    refused(state, Play(1, (PHOENIX,)), "does not beat")


def test_bombed_dragon_trick_goes_to_the_bomb():
    state = position("DR 3s", "5s 5j 5p 5r 6s", "6j", "7s")
    play(state, 0, "DR")
    play(state, 1, "5s 5j 5p 5r")
    passes(state, 2, 3, 0)
    assert state.phase == Phase.PLAY and state.turn == 1
    assert state.won[1] & DRAGON.bit


def test_dragon_of_a_player_out_first_is_still_given():
    state = position("DR", "5s", "6s", "7s")
    play(state, 0, "DR")
    passes(state, 1, 2, 3)
    assert state.phase == Phase.DRAGON_GIFT
    state.apply(GiveDragon(0, 1))
    assert state.turn == 1


@pytest.mark.parametrize("kept", [True, False])
def test_third_out_with_the_dragon(kept):
    rules = STANDARD.replace(dragon_kept_when_last=kept)
    state = position("DR", "5s", "", "", out=[2, 3], rules=rules)
    play(state, 0, "DR")
    if kept:
        assert state.phase == Phase.OVER and state.won[0] & DRAGON.bit
    else:
        assert state.phase == Phase.DRAGON_GIFT
        state.apply(GiveDragon(0, 1))
        assert state.phase == Phase.OVER and state.won[1] & DRAGON.bit
    score = state.score()
    assert score.finish_order == (2, 3, 0, 1)
    assert sum(score.card_points) == 100
    assert score_entry(state.entry(), rules) == score


# --- the end ---------------------------------------------------------------------------------


def test_third_out_takes_the_trick_at_once():
    state = position("3s", "As 4s", "", "", out=[2, 3])
    play(state, 0, "3s")
    assert state.phase == Phase.OVER and state.table is None
    assert state.won[0] & parse_cards("3s")[0].bit
    refused(state, Play(1, parse_cards("As")), "over")


def test_double_victory_ends_the_hand():
    state = position("3s", "4s 9s", "", "5s 6s", out=[2], calls=("tichu", None, "tichu", None))
    play(state, 0, "3s")
    assert state.phase == Phase.OVER and state.sweep == 0
    score = state.score()
    assert score.totals == (200, 0)  # seat 2's Tichu made, seat 0's failed
    assert score.card_points is None and score.finish_order == (2, 0)
    assert score_hand(state.entry()) == score.totals


@pytest.mark.parametrize("out, expected", [([3, 2], (90, 10)), ([2, 3], (100, 0))])
def test_last_players_tricks_to_the_first_out_hand_to_the_opponents(out, expected):
    state = position("3s 9s", "Ks Kj 4s", "", "", out=out)
    play(state, 0, "3s")
    play(state, 1, "Ks")
    passes(state, 0)  # seat 1 wins 3s Ks (10 points)
    play(state, 1, "4s")
    play(state, 0, "9s")  # third out: the hand ends, seat 1 holds Kj
    assert state.phase == Phase.OVER
    assert state.card_points() == expected
    assert score_hand(state.entry()) == state.score().totals == expected


def test_score_before_the_end_is_refused():
    with pytest.raises(ValueError):
        position("3s", "4s", "5s", "6s").score()


def test_position_validation():
    with pytest.raises(ValueError):
        position("3s", "3s", "5s", "6s")
    with pytest.raises(ValueError):
        position("3s", "", "5s", "6s")


def test_copy_is_independent():
    state = position("3s 9s", "4s Qs", "5s Ks", "6s As")
    twin = state.copy()
    play(state, 0, "3s")
    assert twin.table is None and len(twin.hand(0)) == 2


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=16, unique=True), st.booleans())
def test_bombs_in_agrees_with_legal_plays(cards, mahjong_in_bomb):
    found = bombs_in(sum(card.bit for card in cards), mahjong_in_bomb)
    expected = {
        frozenset(play)
        for play in legal_plays(cards, mahjong_in_bomb=mahjong_in_bomb)
        if classify(play, mahjong_in_bomb=mahjong_in_bomb).is_bomb
    }
    assert {frozenset(bomb) for bomb in found} == expected and len(found) == len(expected)
