"""Score entry: every rule of docs/rules.md's "Scoring a hand" and "The score entry", and every
error code."""

import pytest

from scoring.entry import InvalidHand, normalize_entry, score_entry, score_hand
from scoring.rules import DTM, STANDARD


def refused(entry, rules=STANDARD):
    with pytest.raises(InvalidHand) as caught:
        score_hand(entry, rules)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == caught.value.message and caught.value.message.endswith(".")
    return caught.value


# --- card points -----------------------------------------------------------------------------


def test_plain_card_points_are_the_totals():
    assert score_hand({"card_points": [60, 40]}) == (60, 40)
    assert score_hand({"card_points": [-25, 125], "finish_order": [1, 0, 3]}) == (-25, 125)


@pytest.mark.parametrize(
    "points, code",
    [
        ([52, 48], "card_points_not_multiple_of_5"),
        ([130, -30], "card_points_range"),
        ([-30, 130], "card_points_range"),
        ([50, 45], "card_points_sum"),
        ([0, 0], "card_points_sum"),
        ([200, 0], "card_points_range"),
        ([50], "card_points_invalid"),
        ([50, 50, 0], "card_points_invalid"),
        ("50 50", "card_points_invalid"),
        ([50.0, 50], "card_points_invalid"),
        ([True, 99], "card_points_invalid"),
        (None, "card_points_missing"),
    ],
)
def test_bad_card_points(points, code):
    error = refused({"card_points": points})
    assert error.code == code
    assert error.field == "card_points"


def test_missing_card_points_key_is_missing_card_points():
    assert refused({}).code == "card_points_missing"


# --- double victory --------------------------------------------------------------------------


def test_double_victory_scores_the_value_and_no_card_points():
    assert score_hand({"double_victory": 0}) == (200, 0)
    assert score_hand({"double_victory": 1, "card_points": None}) == (0, 200)
    assert score_hand({"double_victory": 1, "card_points": [0, 200]}) == (0, 200)
    assert score_hand({"double_victory": 1}, DTM) == (0, 100)
    assert score_hand({"double_victory": 0, "card_points": [100, 0]}, DTM) == (100, 0)


@pytest.mark.parametrize("points", [[0, 0], [60, 40], [200, 0], [0, 100], [100, 0]])
def test_double_victory_refuses_other_card_points(points):
    error = refused({"double_victory": 1, "card_points": points})
    assert (error.code, error.field) == ("double_victory_card_points", "card_points")


def test_dtm_double_victory_value_is_100():
    assert (
        refused({"double_victory": 0, "card_points": [200, 0]}, DTM).code
        == "double_victory_card_points"
    )


@pytest.mark.parametrize("value", [2, -1, "0", True, 0.0, [0]])
def test_double_victory_names_a_team(value):
    error = refused({"double_victory": value, "card_points": [50, 50]})
    assert (error.code, error.field) == ("double_victory_invalid", "double_victory")


def test_double_victory_with_a_made_tichu_and_a_failed_grand_of_opponents():
    entry = {"double_victory": 0, "finish_order": [2, 0], "calls": {"2": "tichu", "1": "grand"}}
    assert score_hand(entry) == (300, -200)


def test_double_victory_opponents_call_fails_without_finish_order():
    assert score_hand({"double_victory": 1, "calls": {"0": "tichu"}}) == (-100, 200)


def test_double_victory_own_call_needs_the_first_out():
    error = refused({"double_victory": 1, "calls": {"1": "tichu"}})
    assert (error.code, error.field) == ("first_out_unknown", "finish_order")
    assert score_hand(
        {"double_victory": 1, "calls": {"1": "tichu"}, "tichu_success": {"1": True}}
    ) == (0, 300)
    assert score_hand(
        {"double_victory": 1, "calls": {"1": "tichu"}, "tichu_success": {"1": False}}
    ) == (0, 100)


def test_double_victory_finish_order_must_agree():
    assert refused({"double_victory": 0, "finish_order": [1]}).code == "double_victory_mismatch"
    assert refused({"double_victory": 0, "finish_order": [0, 1]}).code == "double_victory_mismatch"
    assert (
        refused({"double_victory": 0, "finish_order": [0, 3, 1]}).code == "double_victory_mismatch"
    )


@pytest.mark.parametrize("rest", [(), (1,), (3,), (1, 3), (3, 1)])
def test_double_victory_finish_order_may_list_the_other_two(rest):
    """Issue 14, bug 13: a paper sheet's full finish order after a double victory (the winning
    pair, then the other two) is accepted; the order after the pair is ignored."""
    entry = {"double_victory": 0, "finish_order": [2, 0, *rest], "calls": {"1": "tichu"}}
    score = score_entry(entry)
    assert score.totals == (200, -100)
    assert score.finish_order == (2, 0)
    assert normalize_entry(entry) == normalize_entry({**entry, "finish_order": [2]})


def test_partners_out_first_and_second_must_be_a_double_victory():
    error = refused({"card_points": [50, 50], "finish_order": [3, 1]})
    assert (error.code, error.field) == ("finish_order_double_victory", "finish_order")


def test_made_tick_of_a_double_victory_loser_is_refused():
    entry = {"double_victory": 0, "calls": {"1": "tichu"}, "tichu_success": {"1": True}}
    assert refused(entry).code == "tick_contradicts_double_victory"


# --- calls -----------------------------------------------------------------------------------


def test_calls_are_won_only_by_the_first_out():
    entry = {
        "card_points": [70, 30],
        "finish_order": [1, 0, 2],
        "calls": {"1": "tichu", "3": "grand", "0": "tichu"},
    }
    assert score_hand(entry) == (-30, -70)


def test_grand_tichu_made():
    assert score_hand({"card_points": [25, 75], "finish_order": [0], "calls": {"0": "grand"}}) == (
        225,
        75,
    )


def test_int_seat_keys_and_case_are_accepted():
    assert score_hand({"card_points": [50, 50], "finish_order": ["3"], "calls": {3: "Tichu "}}) == (
        50,
        150,
    )


def test_empty_call_is_no_call():
    assert score_hand({"card_points": [50, 50], "calls": {"0": None, "1": ""}}) == (50, 50)


def test_grand_tichu_not_allowed_in_dtm():
    error = refused({"card_points": [50, 50], "finish_order": [0], "calls": {"0": "grand"}}, DTM)
    assert (error.code, error.field) == ("grand_tichu_not_allowed", "calls")


def test_blind_grand_tichu_only_with_the_option():
    entry = {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "blind"}}
    assert refused(entry).code == "blind_grand_tichu_not_allowed"
    assert score_hand(entry, STANDARD.replace(blind_grand_tichu=True)) == (450, 50)
    entry["finish_order"] = [1]
    assert score_hand(entry, STANDARD.replace(blind_grand_tichu=True)) == (-350, 50)


def test_partners_may_not_both_call_grand():
    error = refused(
        {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "grand", "2": "grand"}}
    )
    assert (error.code, error.field) == ("two_grand_tichus", "calls")
    blind = STANDARD.replace(blind_grand_tichu=True)
    assert (
        refused(
            {"card_points": [50, 50], "finish_order": [0], "calls": {"1": "blind", "3": "grand"}},
            blind,
        ).code
        == "two_grand_tichus"
    )


def test_partners_may_call_tichu_and_grand():
    entry = {"card_points": [50, 50], "finish_order": [2], "calls": {"0": "grand", "2": "tichu"}}
    assert score_hand(entry) == (-50, 50)


@pytest.mark.parametrize(
    "calls, code",
    [
        ({"0": "small"}, "unknown_call"),
        ({"0": 1}, "unknown_call"),
        ({"4": "tichu"}, "unknown_seat"),
        ({"north": "tichu"}, "unknown_seat"),
        ({"0": "tichu", 0: "tichu"}, "duplicate_seat"),
        (["0"], "calls_invalid"),
    ],
)
def test_bad_calls(calls, code):
    error = refused({"card_points": [50, 50], "finish_order": [0], "calls": calls})
    assert (error.code, error.field) == (code, "calls")


def test_first_out_unknown_when_anyone_called():
    error = refused({"card_points": [50, 50], "calls": {"1": "tichu"}})
    assert (error.code, error.field) == ("first_out_unknown", "finish_order")


# --- finish order ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "order, code",
    [
        ([0, 0], "duplicate_seat"),
        ([5], "unknown_seat"),
        ([0.0], "unknown_seat"),
        ("0123", "finish_order_invalid"),
        (0, "finish_order_invalid"),
    ],
)
def test_bad_finish_order(order, code):
    error = refused({"card_points": [50, 50], "finish_order": order})
    assert (error.code, error.field) == (code, "finish_order")


def test_partial_and_empty_finish_orders_are_fine():
    for order in ([], [1], [1, 2], [1, 2, 3], [1, 2, 3, 0]):
        assert score_hand({"card_points": [50, 50], "finish_order": order}) == (50, 50)


# --- ticks -----------------------------------------------------------------------------------


def test_ticks_alone_name_the_outcomes():
    entry = {
        "card_points": [50, 50],
        "calls": {"0": "tichu", "1": "grand"},
        "tichu_success": {"0": True, "1": False},
    }
    assert score_hand(entry) == (150, -150)
    entry["tichu_success"] = {"0": False, "1": False}
    assert score_hand(entry) == (-50, -150)


def test_one_made_tick_names_the_first_out_for_the_other_calls():
    entry = {
        "card_points": [50, 50],
        "calls": {"0": "tichu", "1": "grand"},
        "tichu_success": {"1": True},
    }
    assert score_hand(entry) == (-50, 250)


def test_a_missing_tick_without_a_first_out_is_unknown():
    entry = {
        "card_points": [50, 50],
        "calls": {"0": "tichu", "1": "grand"},
        "tichu_success": {"1": False},
    }
    assert refused(entry).code == "first_out_unknown"


@pytest.mark.parametrize(
    "ticks, order, code",
    [
        ({"2": False}, [0], "tick_not_caller"),
        ({"0": True, "1": True}, [], "two_calls_made"),
        ({"0": True}, [1], "tick_contradicts_finish_order"),
        ({"0": False}, [0], "tick_contradicts_finish_order"),
        ({"0": "yes"}, [0], "tichu_success_invalid"),
        ({"0": True, 0: True}, [0], "duplicate_seat"),
        ({"7": True}, [0], "unknown_seat"),
        ([True], [0], "tichu_success_invalid"),
    ],
)
def test_bad_ticks(ticks, order, code):
    entry = {
        "card_points": [50, 50],
        "finish_order": order,
        "calls": {"0": "tichu", "1": "tichu"},
        "tichu_success": ticks,
    }
    error = refused(entry)
    assert (error.code, error.field) == (code, "tichu_success")


def test_agreeing_ticks_are_accepted():
    entry = {
        "card_points": [50, 50],
        "finish_order": [0],
        "calls": {"0": "tichu", "1": "tichu"},
        "tichu_success": {"0": True, "1": False},
    }
    assert score_hand(entry) == (150, -50)


# --- the entry as a whole --------------------------------------------------------------------


def test_entry_must_be_a_mapping():
    assert refused([50, 50]).code == "entry_invalid"
    assert refused(None).field is None


def test_unknown_field_is_refused():
    error = refused({"card_points": [50, 50], "card_point": [50, 50]})
    assert (error.code, error.field) == ("unknown_field", "card_point")


def test_hand_score_tells_the_calls_and_first_out():
    score = score_entry(
        {"card_points": [80, 20], "finish_order": [2, 1, 0], "calls": {"2": "tichu", "3": "tichu"}}
    )
    assert score.totals == (180, -80)
    assert score.first_out == 2
    assert score.finish_order == (2, 1, 0, 3)
    assert [(c.seat, c.call, c.made, c.points) for c in score.calls] == [
        (2, "tichu", True, 100),
        (3, "tichu", False, -100),
    ]


def test_normalize_gives_one_form_for_one_meaning():
    one = normalize_entry(
        {
            "double_victory": 0,
            "card_points": [200, 0],
            "finish_order": [2],
            "calls": {2: "Tichu", "3": None},
        }
    )
    two = normalize_entry(
        {"double_victory": 0, "calls": {"2": "tichu"}, "tichu_success": {"2": True}}
    )
    assert (
        one
        == two
        == {
            "card_points": None,
            "finish_order": [2, 0],
            "calls": {"2": "tichu"},
            "double_victory": 0,
            "tichu_success": {"2": True},
        }
    )
    assert normalize_entry(one) == one
    assert normalize_entry({"card_points": (50, 50)}) == {
        "card_points": [50, 50],
        "finish_order": [],
        "calls": {},
        "double_victory": None,
        "tichu_success": {},
    }


def test_score_hand_refuses_a_game_without_team_totals():
    """Grand Seigneur scores placings: ``score_hand`` says so with a code, as every refusal."""
    error = refused(
        {"finish_order": [4, 3, 2, 1, 0]}, STANDARD.replace(game="grand_seigneur", players=5)
    )
    assert (error.code, error.field, error.params) == (
        "no_team_totals",
        None,
        {"game": "grand_seigneur"},
    )


def test_normalize_respects_the_rules():
    with pytest.raises(InvalidHand):
        normalize_entry(
            {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "grand"}}, DTM
        )
