"""The state machine for every game of the seeds: a unit test per rule of docs/rules.md's
"Chaos Tichu", "Tientsin", "Threechu" and "Grand Seigneur" sections, and properties of whole
hands played by bots in each game."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import HeuristicBot, RandomBot, Rules, play_hand, score_entry
from scoring.actions import (
    Exchange,
    GiveDragon,
    GiveLead,
    GrandTichu,
    IllegalAction,
    Pass,
    Play,
    Push,
    Tichu,
)
from scoring.bots import deal_cards
from scoring.cards import CARDS, DRAGON, parse_card, parse_cards
from scoring.record import replay
from scoring.score import PlacingScore
from scoring.state import HandState, Phase

CHAOS = Rules(chaos=True)
TIENTSIN = Rules(game="tientsin")
THREECHU = Rules(game="threechu")


def grand_seigneur(players=5):
    return Rules(game="grand_seigneur", players=players)


def refused(state, action, reason_part=""):
    before = [
        list(v) if isinstance(v, list) else v
        for v in (getattr(state, name) for name in HandState.__slots__)
    ]
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    after = [
        list(v) if isinstance(v, list) else v
        for v in (getattr(state, name) for name in HandState.__slots__)
    ]
    assert after == before, "an illegal action must leave the state unchanged"
    assert reason_part in caught.value.reason
    return caught.value


def dealt(rules, seed=1, **setting):
    return HandState(deal_cards(random.Random(seed), rules), rules, **setting)


def pass_grand(state):
    while state.phase == Phase.GRAND:
        state.apply(Pass(state.to_act))


# --- Chaos Tichu -----------------------------------------------------------------------------


def test_chaos_the_last_of_a_team_may_not_pass_without_its_grand_tichu():
    state = dealt(CHAOS)
    state.apply(Pass(0))
    refused(state, Pass(2), "Chaos Tichu")
    state.apply(GrandTichu(2))
    state.apply(Pass(1))
    refused(state, GrandTichu(1), "already decided")
    state.apply(GrandTichu(3))
    assert state.phase == Phase.EXCHANGE
    assert state.calls == [None, None, "grand", "grand"]


def test_chaos_allows_grand_tichu_where_the_event_does_not():
    state = dealt(Rules(grand_tichu_allowed=False, chaos=True))
    assert state.phase == Phase.GRAND
    state.apply(GrandTichu(1))
    refused(state, GrandTichu(3), "partners may not both")


# --- Tientsin --------------------------------------------------------------------------------


def test_tientsin_deals_10_10_9_9_9_9_and_calls_grand_on_six():
    state = dealt(TIENTSIN)
    assert [len(cards) for cards in state.deal] == [10, 10, 9, 9, 9, 9]
    assert [hand.bit_count() for hand in state.hands] == [6] * 6
    state.apply(GrandTichu(0))
    refused(state, GrandTichu(4), "partners may not both")
    state.apply(GrandTichu(3))
    pass_grand(state)
    assert [hand.bit_count() for hand in state.hands] == [10, 10, 9, 9, 9, 9]


def test_tientsin_exchange_one_card_to_each_partner():
    state = dealt(TIENTSIN)
    pass_grand(state)
    assert state.recipients(1) == (3, 5)
    own = state.hand(0)
    refused(state, Exchange(0, *own[:3]), "Push")
    refused(state, Push(0, own[:3]), "two cards")
    given = {}
    for seat in range(6):
        cards = state.hand(seat)[:2]
        given[seat] = cards
        state.apply(Push(seat, cards))
    assert state.phase == Phase.PLAY
    for seat in range(6):
        for card, to in zip(given[seat], ((seat + 2) % 6, (seat + 4) % 6), strict=True):
            assert state.hands[to] & card.bit


def test_tientsin_dog_lead_goes_to_the_partner_of_choice():
    hands = ["DOG 2s", "3s", "4s 5s", "6s", "7s 8s", "9s"]
    state = HandState.position(hands, turn=0, rules=TIENTSIN)
    state.apply(Play(0, parse_cards("DOG")))
    assert state.phase == Phase.DOG_LEAD and state.to_act == 0
    refused(state, GiveLead(0, 1), "partner")
    state.apply(GiveLead(0, 4))
    assert (state.phase, state.turn) == (Phase.PLAY, 4)


def test_tientsin_dog_with_partners_out_goes_to_the_next_player():
    hands = ["DOG 2s", "3s", "", "6s", "", "9s"]
    state = HandState.position(hands, turn=0, rules=TIENTSIN, out=[2, 4])
    state.apply(Play(0, parse_cards("DOG")))
    assert (state.phase, state.turn) == (Phase.PLAY, 1)


def test_tientsin_triple_victory_ends_the_hand():
    hands = ["2s", "Ks", "", "Qs", "", "Js"]
    state = HandState.position(hands, turn=0, rules=TIENTSIN, out=[2, 4])
    state.apply(Play(0, parse_cards("2s")))
    assert state.over and state.sweep == 0
    score = state.score()
    assert score.totals == (300, 0) and score.card_points is None
    assert score.victory_points() == (3, 0)
    assert score_entry(state.entry(score), TIENTSIN).totals == (300, 0)


def test_tientsin_partners_first_and_second_play_on():
    hands = ["2s", "Ks 3s", "", "Qs", "4s", "Js"]
    state = HandState.position(hands, turn=0, rules=TIENTSIN, out=[2])
    state.apply(Play(0, parse_cards("2s")))
    assert not state.over


def test_tientsin_the_last_gives_hand_and_tricks_away_the_fifth_to_the_first():
    # seat 1 (team B) is last; seat 3 (team B) fifth; seat 0 (team A) first
    hands = ["", "Ks Tj", "", "5s", "", ""]
    state = HandState.position(hands, turn=3, rules=TIENTSIN, out=[0, 2, 5, 4])
    state.won = [0] * 6
    state.won[1] = parse_card("Kj").bit  # the last's trick: to team A
    state.won[3] = parse_card("Tr").bit  # the fifth's trick: to the first out (team A)
    state.won[5] = parse_card("5j").bit  # an ordinary trick of team B
    state.apply(Play(3, parse_cards("5s")))  # the fifth goes out, takes the trick at once
    assert state.over
    # team A: Kj, Tr, the last's hand Ks Tj, and 5s (the fifth's trick) -> 45; team B: 5j -> 5
    assert state.card_points() == (45, 5)


# --- Threechu --------------------------------------------------------------------------------


def test_threechu_neither_dealer_nor_dummy_calls_grand_tichu():
    state = dealt(THREECHU, dealer=1)
    assert state.to_act == 0 and state.decided == [False, True, False, True]
    refused(state, GrandTichu(1), "may not call Grand")
    refused(state, GrandTichu(3), "may not call Grand")
    state.apply(GrandTichu(0))
    state.apply(Pass(2))
    assert state.phase == Phase.EXCHANGE


def test_threechu_dealer_and_dummy_give_no_card_to_each_other():
    state = dealt(THREECHU, dealer=1)
    pass_grand(state)
    assert state.recipients(1) == (0, 2) and state.recipients(3) == (2, 0)
    assert state.recipients(0) == (3, 2, 1)
    refused(state, Exchange(1, *state.hand(1)[:3]), "Push")
    refused(state, Tichu(3), "dummy")
    state.apply(Tichu(1))
    for seat in (1, 3):
        state.apply(Push(seat, state.hand(seat)[:2]))
    for seat in (0, 2):
        state.apply(Exchange(seat, *state.hand(seat)[:3]))
    assert state.phase == Phase.PLAY
    state.apply(Tichu(3))  # for the dummy, once the exchange is done
    assert state.calls[1] == state.calls[3] == "tichu"
    assert sum(hand.bit_count() for hand in state.hands) == 56


def test_threechu_dummy_is_not_obliged_by_the_wish():
    hands = ["MJ 2s", "3s Kj", "7s 3p", "7j 4p"]
    state = HandState.position(hands, turn=0, rules=THREECHU, dealer=0)  # dummy: seat 2
    state.apply(Play(0, parse_cards("MJ"), 7))
    state.apply(Play(1, parse_cards("3s")))
    state.apply(Pass(2))  # the dummy holds a 7 but need not play it
    refused(state, Pass(3), "wish")


def test_threechu_scores_per_side_and_credits_the_dealer():
    played = play_hand(THREECHU, 5, dealer=3)
    score = played.score
    assert score.dealer == 3 and played.entry["dealer"] == 3
    credits = score.credits()
    assert set(credits) == {0, 2, 3} and credits[3][0] == score.totals[1]


# --- Grand Seigneur --------------------------------------------------------------------------


def test_grand_seigneur_first_hand_has_no_exchange_and_no_calls():
    state = dealt(grand_seigneur())
    assert state.phase == Phase.PLAY and state.hands[state.turn] & CARDS[52].bit
    refused(state, Tichu(state.turn), "no calls")
    assert [len(cards) for cards in state.deal] == [12, 11, 11, 11, 11]


@pytest.mark.parametrize(
    "players, counts",
    [(6, (10, 10, 9, 9, 9, 9)), (7, (16, 16, 16, 16, 16, 15, 15)), (12, (10,) * 2 + (9,) * 10)],
)
def test_grand_seigneur_deals_one_deck_or_two(players, counts):
    state = dealt(grand_seigneur(players))
    assert tuple(len(cards) for cards in state.deal) == counts
    assert sum(counts) == (56 if players < 7 else 110)


def test_grand_seigneur_exchange_by_placings_the_givers_give_their_best():
    placing = (2, 0, 4, 1, 3)  # seat 2 first, ... seat 3 last
    state = dealt(grand_seigneur(), placing=placing)
    assert state.phase == Phase.EXCHANGE
    assert state.recipients(3) == (2, 2) and state.recipients(2) == (3, 3)
    assert state.recipients(1) == (0,) and state.recipients(0) == (1,)
    assert state.recipients(4) == ()
    hand = state.hand(3)
    worst = hand[:2]
    refused(state, Push(3, worst), "best cards")
    forced = state.variant.forced_push(3, state.hands[3], placing)
    state.apply(Push(3, forced))
    state.apply(Push(2, state.hand(2)[:2]))  # the receiver gives back any two
    state.apply(Push(1, state.variant.forced_push(1, state.hands[1], placing)))
    state.apply(Push(0, state.hand(0)[:1]))
    assert state.phase == Phase.PLAY
    assert all(state.hands[2] & card.bit for card in forced)


def test_grand_seigneur_dog_passes_to_the_next_player_and_dragon_is_kept():
    rules = grand_seigneur()
    state = HandState.position(["DOG 2s", "3s", "4s", "5s", "DR 6s"], turn=0, rules=rules)
    state.apply(Play(0, parse_cards("DOG")))
    assert state.turn == 1
    state = HandState.position(["2s", "3s", "4s", "5s", "DR 6s"], turn=4, rules=rules)
    state.apply(Play(4, (DRAGON,)))
    for seat in range(4):
        state.apply(Pass(seat))
    assert state.phase == Phase.PLAY and state.turn == 4 and state.won[4] & DRAGON.bit
    refused(state, GiveDragon(4, 0), "no Dragon trick")


def test_grand_seigneur_second_dragon_beats_the_first():
    rules = grand_seigneur(7)
    hands = ["DR 2s", "DR' 3s", "4s", "5s", "6s", "7s", "8s"]
    state = HandState.position(hands, turn=0, rules=rules)
    state.apply(Play(0, (DRAGON,)))
    state.apply(Play(1, parse_cards("DR'")))
    assert state.table.cards == parse_cards("DR'")


def test_grand_seigneur_ends_when_one_player_holds_cards():
    rules = grand_seigneur()
    state = HandState.position(["", "", "", "5s", "6s 7s"], turn=3, rules=rules, out=[1, 0, 2])
    state.apply(Play(3, parse_cards("5s")))
    assert state.over
    score = state.score()
    assert isinstance(score, PlacingScore)
    assert score.finish_order == (1, 0, 2, 3, 4) and score.points == (3, 4, 2, 1, 0)


# --- whole hands by bots, every game -----------------------------------------------------------

GAMES = [
    Rules(),
    CHAOS,
    TIENTSIN,
    THREECHU,
    grand_seigneur(5),
    grand_seigneur(6),
    grand_seigneur(7),
    grand_seigneur(10),
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.booleans(), st.data())
def test_bot_hands_of_every_game_are_legal_and_replay(rules, seed, random_bots, data):
    seats = rules.variant.seats
    setting = {}
    if rules.game == "threechu":
        setting["dealer"] = data.draw(st.integers(0, 3))
    if rules.game == "grand_seigneur" and data.draw(st.booleans()):
        setting["placing"] = data.draw(st.permutations(range(seats)))
    rng = random.Random(seed)
    bots = [
        (RandomBot if random_bots else HeuristicBot)(random.Random(rng.random()))
        for _ in range(seats)
    ]
    played = play_hand(rules, seed, bots, **setting)  # every action checked by the state
    record = json.loads(json.dumps(played.record))
    assert replay(record) == played.score  # the replay reproduces the score
    score = played.score
    if isinstance(score, PlacingScore):  # a complete placing
        assert sorted(score.finish_order) == list(range(seats))
        assert sorted(score.points) == list(range(seats))
        return
    if score.card_points is not None:
        assert sum(score.card_points) == 100
    # the captain's sheet of the hand scores it the same
    assert score_entry(played.entry, rules).totals == score.totals
    if rules.chaos:
        assert sorted(c.seat & 1 for c in score.calls if c.call == "grand") == [0, 1]
