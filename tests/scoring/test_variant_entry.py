"""Score entry of the seed's other games: a test per rule of RULINGS.md's "Chaos Tichu",
"Tientsin", "Threechu" and "Grand Seigneur" sections, and the registry of games."""

import pytest

from scoring import VARIANTS, InvalidHand, Rules, score_entry
from scoring.score import HandScore, PlacingScore

CHAOS = Rules(chaos=True)
TIENTSIN = Rules(game="tientsin")
THREECHU = Rules(game="threechu")


def refused(entry, rules):
    return refused_with(entry, rules)


def refused_with(entry, rules, **setting):
    with pytest.raises(InvalidHand) as caught:
        score_entry(entry, rules, **setting)
    error = caught.value
    assert error.message.endswith(".") and str(error) == error.message
    return error


# --- the registry and the options ------------------------------------------------------------


def test_the_registry_names_every_game():
    assert set(VARIANTS) == {"tichu", "tientsin", "threechu", "grand_seigneur"}
    assert Rules().variant.name == "tichu"
    for name, game in VARIANTS.items():
        assert game.name == name


@pytest.mark.parametrize(
    "game, players, seats", [("tichu", 4, 4), ("tientsin", 6, 6), ("threechu", 3, 4)]
)
def test_each_game_has_its_players_and_seats(game, players, seats):
    variant = Rules(game=game).variant
    assert (variant.players, variant.seats) == (players, seats)
    assert (VARIANTS[game].own_players(), VARIANTS[game].seats_for()) == (players, seats)


def test_grand_seigneur_seats_as_many_as_the_event_says():
    variant = Rules(game="grand_seigneur", players=9).variant
    assert (variant.players, variant.seats) == (9, 9)
    assert VARIANTS["grand_seigneur"].own_players() is None
    assert VARIANTS["grand_seigneur"].seats_for(7) == 7


def test_grand_seigneur_rules_name_how_many_play():
    """Five to twelve may play: rules that do not say how many are refused, not taken as five."""
    with pytest.raises(ValueError, match="players"):
        Rules(game="grand_seigneur")
    with pytest.raises(ValueError, match="players"):
        Rules.from_dict({"game": "grand_seigneur"})


@pytest.mark.parametrize(
    "options",
    [
        {"game": "bridge"},
        {"game": "tientsin", "players": 4},
        {"game": "grand_seigneur", "players": 4},
        {"game": "grand_seigneur", "players": 13},
        {"game": "tichu", "players": True},
        {"game": "tientsin", "chaos": True},
        {"game": "threechu", "chaos": True},
        {"game": "grand_seigneur", "chaos": True},
        {"chaos": "yes"},
    ],
)
def test_rules_refuse_a_game_or_option_that_does_not_exist(options):
    with pytest.raises(ValueError):
        Rules(**options)
    with pytest.raises(ValueError):
        Rules.from_dict(options)


def test_rules_round_trip_with_the_game():
    rules = Rules(game="grand_seigneur", players=9)
    assert Rules.from_dict(rules.as_dict()) == rules


# --- Chaos Tichu -----------------------------------------------------------------------------


def test_chaos_scores_as_tichu_with_one_grand_tichu_per_team():
    score = score_entry(
        {
            "card_points": [30, 70],
            "finish_order": [1, 0, 2],
            "calls": {"1": "grand", "2": "grand", "3": "tichu"},
        },
        CHAOS,
    )
    assert score.totals == (30 - 200, 70 + 200 - 100)


@pytest.mark.parametrize(
    "calls, team",
    [
        ({}, 0),
        ({"0": "grand"}, 1),
        ({"1": "grand", "3": "tichu"}, 0),
        ({"0": "tichu", "2": "tichu", "1": "grand"}, 0),
    ],
)
def test_chaos_refuses_a_team_without_its_grand_tichu(calls, team):
    error = refused({"card_points": [50, 50], "finish_order": [0], "calls": calls}, CHAOS)
    assert (error.code, error.field, error.params) == (
        "chaos_grand_tichu_missing",
        "calls",
        {"team": team},
    )


def test_chaos_refuses_two_grand_tichus_in_a_team():
    error = refused(
        {
            "card_points": [50, 50],
            "finish_order": [0],
            "calls": {"0": "grand", "2": "grand", "1": "grand"},
        },
        CHAOS,
    )
    assert error.code == "two_grand_tichus" and error.params["seats"] == [0, 2]


def test_chaos_allows_grand_tichu_where_the_event_does_not():
    dtm_chaos = Rules(double_victory_points=100, grand_tichu_allowed=False, chaos=True)
    score = score_entry(
        {"double_victory": 0, "finish_order": [2], "calls": {"2": "grand", "3": "grand"}}, dtm_chaos
    )
    assert score.totals == (300, -200) and score.victory_points() == (3, 0)
    assert (
        refused(
            {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "grand"}},
            Rules(grand_tichu_allowed=False),
        ).code
        == "grand_tichu_not_allowed"
    )


# --- Tientsin --------------------------------------------------------------------------------


def test_tientsin_card_points_and_calls_per_team_of_three():
    score = score_entry(
        {
            "card_points": [45, 55],
            "finish_order": [4, 1, 3, 0, 5],
            "calls": {"4": "tichu", "5": "grand"},
        },
        TIENTSIN,
    )
    assert score.totals == (145, -145)
    assert score.finish_order == (4, 1, 3, 0, 5, 2)  # the sixth is implied
    assert score.victory_points() == (2, 0)


def test_tientsin_partners_first_and_second_is_nothing_special():
    score = score_entry({"card_points": [80, 20], "finish_order": [0, 2, 1]}, TIENTSIN)
    assert score.totals == (80, 20) and score.sweep is None


def test_tientsin_triple_victory_scores_300_and_3_vp():
    score = score_entry(
        {"triple_victory": 1, "finish_order": [5, 1], "calls": {"5": "tichu"}}, TIENTSIN
    )
    assert score.totals == (0, 400)
    assert score.finish_order == (5, 1, 3)  # the third of the team is implied
    assert score.victory_points() == (0, 3)
    assert score.as_entry()["triple_victory"] == 1 and "double_victory" not in score.as_entry()
    assert score_entry({"triple_victory": 0, "card_points": [300, 0]}, TIENTSIN).totals == (300, 0)


@pytest.mark.parametrize("points", [[200, 0], [0, 0], [50, 50], [0, 300]])
def test_tientsin_triple_victory_refuses_other_card_points(points):
    error = refused({"triple_victory": 0, "card_points": points}, TIENTSIN)
    assert (error.code, error.params) == ("triple_victory_card_points", {"expected": [300, 0]})


def test_tientsin_a_whole_team_out_first_must_be_a_triple_victory():
    error = refused({"card_points": [50, 50], "finish_order": [2, 0, 4]}, TIENTSIN)
    assert (error.code, error.params) == ("finish_order_triple_victory", {"team": 0})


def test_tientsin_triple_victory_may_list_the_others_after_the_team():
    score = score_entry({"triple_victory": 0, "finish_order": [0, 2, 4, 1, 5]}, TIENTSIN)
    assert score.finish_order == (0, 2, 4)


@pytest.mark.parametrize("order", [[0, 1], [1], [0, 2, 1, 4]])
def test_tientsin_triple_victory_must_match_the_finish_order(order):
    assert (
        refused({"triple_victory": 0, "finish_order": order}, TIENTSIN).code
        == "triple_victory_mismatch"
    )


def test_tientsin_double_victory_is_no_key_of_its_sheet():
    assert refused({"double_victory": 0}, TIENTSIN).code == "unknown_field"


def test_tientsin_seats_run_to_5():
    assert refused({"card_points": [50, 50], "finish_order": [6]}, TIENTSIN).params == {
        "seat": 6,
        "seats": 6,
    }


def test_tientsin_at_most_one_grand_tichu_per_team():
    error = refused(
        {
            "card_points": [50, 50],
            "finish_order": [1],
            "calls": {"1": "grand", "5": "grand", "0": "grand"},
        },
        TIENTSIN,
    )
    assert error.code == "two_grand_tichus" and error.params == {"seats": [1, 5], "team": 1}
    score = score_entry(
        {
            "card_points": [50, 50],
            "finish_order": [1],
            "calls": {"1": "grand", "3": "tichu", "0": "grand"},
        },
        TIENTSIN,
    )
    assert score.totals == (50 - 200, 50 + 200 - 100)


def test_tientsin_a_tick_against_a_triple_victory():
    assert (
        refused(
            {"triple_victory": 1, "calls": {"0": "tichu"}, "tichu_success": {"0": True}}, TIENTSIN
        ).code
        == "tick_contradicts_triple_victory"
    )


# --- Threechu --------------------------------------------------------------------------------


def test_threechu_needs_its_dealer():
    assert refused({"card_points": [50, 50]}, THREECHU).code == "dealer_missing"
    assert refused({"card_points": [50, 50], "dealer": 4}, THREECHU).code == "unknown_seat"


def test_threechu_credits_the_dealer_with_the_dummy_side():
    score = score_entry(
        {"card_points": [70, 30], "finish_order": [2, 1, 3], "dealer": 0, "calls": {"2": "tichu"}},
        THREECHU,
    )
    assert score.totals == (170, 30)
    assert score.credits() == {0: (170, 2), 1: (30, 0), 3: (30, 0)}
    assert score.as_entry()["dealer"] == 0


def test_threechu_a_dealer_known_to_the_caller_is_never_replaced():
    """A tournament knows each hand's dealer: an entry naming none is given it, one naming
    another seat is refused (the dealer the captain typed is never silently replaced)."""
    hand = {"card_points": [70, 30], "finish_order": [2]}
    assert score_entry(hand, THREECHU, dealer=0).dealer == 0
    assert score_entry({**hand, "dealer": "0"}, THREECHU, dealer=0).dealer == 0
    error = refused_with({**hand, "dealer": 1}, THREECHU, dealer=0)
    assert (error.code, error.field, error.params) == (
        "dealer_not_hands_dealer",
        "dealer",
        {"seat": 1, "dealer": 0},
    )
    assert refused_with({**hand, "dealer": 7}, THREECHU, dealer=0).code == "unknown_seat"


@pytest.mark.parametrize("rules", [Rules(), TIENTSIN, Rules(game="grand_seigneur", players=5)])
def test_only_threechu_has_a_dealer_to_know(rules):
    with pytest.raises(ValueError, match="dealer"):
        score_entry({"finish_order": [0, 1, 2, 3, 4]}, rules, dealer=0)


def test_threechu_double_victory_of_the_dealer_side():
    score = score_entry({"double_victory": 1, "dealer": 3}, THREECHU)
    assert score.credits() == {0: (0, 0), 2: (0, 0), 3: (200, 3)}


@pytest.mark.parametrize("call", ["grand", "blind"])
def test_threechu_dealer_and_dummy_call_no_grand_tichu(call):
    rules = THREECHU.replace(blind_grand_tichu=True)
    dealer = refused(
        {"card_points": [50, 50], "dealer": 1, "finish_order": [1], "calls": {"1": call}}, rules
    )
    assert (dealer.code, dealer.params) == ("dealer_grand_tichu", {"seat": 1})
    dummy = refused(
        {"card_points": [50, 50], "dealer": 1, "finish_order": [1], "calls": {"3": call}}, rules
    )
    assert (dummy.code, dummy.params) == ("dummy_grand_tichu", {"seat": 3})


def test_threechu_dealer_calls_tichu_for_themself_and_the_dummy():
    score = score_entry(
        {
            "card_points": [50, 50],
            "dealer": 1,
            "finish_order": [3, 0, 2],
            "calls": {"1": "tichu", "3": "tichu", "0": "grand"},
        },
        THREECHU,
    )
    assert score.totals == (50 - 200, 50 - 100 + 100)


# --- Grand Seigneur --------------------------------------------------------------------------


def test_grand_seigneur_placing_points_are_the_players_beaten():
    score = score_entry({"finish_order": [3, 0, 4, 1, 2]}, Rules(game="grand_seigneur", players=5))
    assert isinstance(score, PlacingScore)
    assert score.points == (3, 1, 0, 4, 2)
    assert score.place_of(3) == 1 and score.place_of(2) == 5


def test_grand_seigneur_implies_no_seat():
    """Seven seats at a table of eight are not a whole hand: no invisible eighth is added last
    (which would give each of the seven a point too many)."""
    rules = Rules(game="grand_seigneur", players=8)
    error = refused({"finish_order": [6, 5, 4, 3, 2, 1, 0]}, rules)
    assert (error.code, error.field, error.params) == (
        "finish_order_incomplete",
        "finish_order",
        {"missing": [7]},
    )
    score = score_entry({"finish_order": [7, 6, 5, 4, 3, 2, 1, 0]}, rules)
    assert score.points == (0, 1, 2, 3, 4, 5, 6, 7)


@pytest.mark.parametrize(
    "rules, entry",
    [
        (Rules(game="grand_seigneur", players=7), {"finish_order": [6, 5, 4, 3, 2, 1, 0, 7]}),
        (Rules(game="grand_seigneur", players=5), {"finish_order": [0, 1, 2, 3, 4, 5, 6]}),
        (Rules(), {"card_points": [50, 50], "finish_order": [0, 1, 2, 3, 0]}),
        (TIENTSIN, {"card_points": [50, 50], "finish_order": list(range(7))}),
        (THREECHU, {"card_points": [50, 50], "finish_order": [0, 1, 2, 3, 4], "dealer": 0}),
    ],
)
def test_a_finish_order_longer_than_the_table_is_refused(rules, entry):
    error = refused(entry, rules)
    assert (error.code, error.field, error.params) == (
        "finish_order_too_long",
        "finish_order",
        {"given": len(entry["finish_order"]), "table_seats": rules.variant.seats},
    )


@pytest.mark.parametrize(
    "entry, code",
    [
        ({"finish_order": [0, 1, 2, 3]}, "finish_order_incomplete"),
        ({"finish_order": [0, 1, 2]}, "finish_order_incomplete"),
        ({}, "finish_order_incomplete"),
        ({"finish_order": [0, 1, 2, 3, 3]}, "duplicate_seat"),
        ({"finish_order": [0, 1, 2, 3, 4, 4]}, "finish_order_too_long"),
        ({"finish_order": [0, 1, 2, 3, 5]}, "unknown_seat"),
        ({"finish_order": "0 1 2 3 4"}, "finish_order_invalid"),
        ({"finish_order": [0, 1, 2, 3, 4], "card_points": [50, 50]}, "unknown_field"),
        ({"finish_order": [0, 1, 2, 3, 4], "calls": {"0": "tichu"}}, "unknown_field"),
    ],
)
def test_grand_seigneur_refuses_anything_but_a_whole_finish_order(entry, code):
    error = refused(entry, Rules(game="grand_seigneur", players=5))
    assert error.code == code


def test_grand_seigneur_names_the_missing_seats():
    error = refused({"finish_order": [4, 0]}, Rules(game="grand_seigneur", players=6))
    assert error.params == {"missing": [1, 2, 3, 5]} and error.field == "finish_order"


def test_team_games_score_a_hand_score():
    assert isinstance(score_entry({"card_points": [50, 50]}, TIENTSIN), HandScore)
