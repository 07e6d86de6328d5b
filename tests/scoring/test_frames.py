"""A hand record's replay frames (``scoring.frames``): one per action and the deal, every card
accounted for in every frame, the last frame's score the replay's, for every game's hands as the
bots play them; and the refusals a page words, each with its code."""

import ast
import copy
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Rules, play_hand
from scoring.frames import frames, seat_cards
from scoring.record import InvalidRecord, replay, result_of
from scoring.state import BLIND, GRAND

GAMES = [
    (Rules(), {}),
    (Rules(chaos=True), {}),
    (Rules(blind_grand_tichu=True, double_victory_points=200), {}),
    (Rules(game="tientsin"), {}),
    (Rules(game="threechu"), {"dealer": 2}),
    (Rules(game="grand_seigneur", players=5), {}),
    (Rules(game="grand_seigneur", players=8), {"placing": [3, 0, 1, 4, 2, 7, 6, 5]}),
    (Rules(game="grand_seigneur", players=12), {"placing": list(range(11, -1, -1))}),
]


def dealt_so_far(record, frame, look):
    """The cards dealt by the frame's phase: none before a Blind Grand Tichu is decided, the
    first ``look`` of each seat while a Grand Tichu may be called, then all."""
    if frame["phase"] == BLIND:
        return Counter()
    if frame["phase"] == GRAND:
        return Counter(card for cards in record["deal"] for card in cards[:look])
    return Counter(card for cards in record["deal"] for card in cards)


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(range(len(GAMES))), seed=st.integers(0, 2**32))
def test_frames_of_every_game_account_for_every_card_and_end_in_the_score(game, seed):
    rules, setting = GAMES[game]
    record = play_hand(rules, seed=seed, **setting).record
    shown = frames(record)
    assert len(shown.frames) == len(record["actions"]) + 1
    assert shown.frames[0]["action"] is None
    look = rules.variant.grand_look
    for frame, action in zip(shown.frames[1:], record["actions"], strict=True):
        assert {key: frame["action"][key] for key in action} == action
    for frame in shown.frames:
        cards = Counter(card for cards in seat_cards(frame) for card in cards)
        assert cards == dealt_so_far(record, frame, look)
        assert len(frame["hands"]) == len(frame["calls"]) == shown.seats
    assert shown.frames[-1]["score"] == result_of(replay(record))
    assert all(frame["score"] is None for frame in shown.frames[:-1])
    assert shown.frames[-1]["events"][-1] == {"code": "over"}
    out = [e["seat"] for f in shown.frames for e in f["events"] if e["code"] == "out"]
    assert out == shown.frames[-1]["out"]


def test_the_first_frames_show_the_first_look_then_every_card():
    record = play_hand(Rules(), seed=5).record
    shown = frames(record).frames
    assert [len(hand) for hand in shown[0]["hands"]] == [8, 8, 8, 8]
    assert shown[0]["hands"][0] == sorted(record["deal"][0][:8], key=shown[0]["hands"][0].index)
    rest = next(i for i, f in enumerate(shown) if {"code": "dealt_rest"} in f["events"])
    assert [len(hand) for hand in shown[rest]["hands"]] == [14, 14, 14, 14]
    assert all(f["phase"] == GRAND for f in shown[:rest])


def test_the_exchange_shows_who_gave_what_to_whom_and_the_cards_change_hands_at_once():
    record = play_hand(Rules(), seed=7).record
    shown = frames(record).frames
    laid = [i for i, a in enumerate(record["actions"], start=1) if a["action"] == "exchange"]
    first, last = laid[0], laid[-1]
    action = record["actions"][first - 1]
    seat = action["seat"]
    left, partner, right = (seat + 3) % 4, (seat + 2) % 4, (seat + 1) % 4
    assert shown[first]["exchange"][seat] == [
        [left, action["left"]],
        [partner, action["partner"]],
        [right, action["right"]],
    ]
    assert action["left"] in shown[first]["hands"][seat]  # laid out, not yet given
    assert {"code": "exchanged"} in shown[last]["events"]
    assert action["left"] in shown[last]["hands"][left]


def test_a_trick_lists_its_plays_and_passes_until_taken():
    record = play_hand(Rules(), seed=11).record
    shown = frames(record).frames
    taken = next(
        i
        for i, f in enumerate(shown)
        if any(e["code"] == "trick_taken" and e["cards"] > 1 for e in f["events"])
    )
    before, after = shown[taken - 1], shown[taken]
    assert before["trick"] and not after["trick"]
    plays = [p for p in after["last_trick"]["plays"] if "cards" in p]
    assert plays and all(p["kind"] for p in plays)
    assert before["trick"] == after["last_trick"]["plays"][: len(before["trick"])]
    event = next(e for e in after["events"] if e["code"] == "trick_taken")
    assert after["last_trick"]["to"] == event["seat"]
    assert event["cards"] == sum(len(p["cards"]) for p in plays)
    gained = len(after["taken"][event["seat"]]) - len(before["taken"][event["seat"]])
    assert gained == event["cards"]


def test_threechu_names_its_dealer_and_dummy_and_the_game_its_teams():
    shown = frames(play_hand(Rules(game="threechu"), seed=1, dealer=1).record)
    assert shown.roles == {1: "dealer", 3: "dummy"}
    assert shown.teams == (0, 1, 0, 1)
    placing = frames(play_hand(Rules(game="grand_seigneur", players=6), seed=1).record)
    assert placing.teams == (None,) * 6 and placing.roles == {}


def test_a_wish_stands_until_fulfilled():
    for seed in range(60):
        record = play_hand(Rules(), seed=seed).record
        wished = [a for a in record["actions"] if a.get("wish")]
        if wished:
            break
    shown = frames(record).frames
    made = next(i for i, f in enumerate(shown) if f["action"] and f["action"].get("wish"))
    rank = shown[made]["action"]["wish"]
    assert shown[made]["wish"] == rank
    fulfilled = [
        i for i, f in enumerate(shown) if {"code": "wish_fulfilled", "rank": rank} in f["events"]
    ]
    end = fulfilled[0] if fulfilled else len(shown)
    assert all(f["wish"] == rank for f in shown[made:end])


def test_an_illegal_record_is_refused_with_the_rule_broken():
    record = play_hand(Rules(), seed=2).record
    bad = copy.deepcopy(record)
    play = next(i for i, a in enumerate(bad["actions"]) if a["action"] == "play")
    bad["actions"][play]["seat"] = (bad["actions"][play]["seat"] + 1) % 4
    with pytest.raises(InvalidRecord) as caught:
        frames(bad)
    assert caught.value.code == "illegal_action"
    assert caught.value.index == play
    assert caught.value.params["rule"] in {"not_your_turn", "not_held"}
    short = {**record, "actions": record["actions"][:-1]}
    with pytest.raises(InvalidRecord) as caught:
        frames(short)
    assert caught.value.code == "incomplete"
    with pytest.raises(InvalidRecord) as caught:
        frames({**record, "result": {"finish_order": []}})
    assert caught.value.code == "result_differs"
    with pytest.raises(InvalidRecord) as caught:
        frames({**record, "deal": [["Tr"]]})
    assert caught.value.code == "bad_deal"
    with pytest.raises(InvalidRecord) as caught:
        frames({"format": "other"})
    assert caught.value.code == "not_a_record"


def test_every_refusal_of_the_state_names_its_rule():
    """Each ``IllegalAction`` the state raises carries a code (a page words it)."""
    source = (Path(__file__).resolve().parents[2] / "scoring" / "state.py").read_text()
    calls = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "IllegalAction"
    ]
    assert len(calls) > 30
    for call in calls:
        starred = any(isinstance(arg, ast.Starred) for arg in call.args)
        assert starred or len(call.args) >= 3, ast.unparse(call)
