"""Victory points: the DTM scheme per hand, per round, and the game to 1000."""

import pytest

from scoring.victory import SCHEMES, game_result, hand_victory_points, round_victory_points


@pytest.mark.parametrize(
    "totals, double_victory, expected",
    [
        ((200, 0), 0, (3, 0)),
        ((0, 300), 1, (0, 3)),
        ((0, 0), 0, (3, 0)),  # a double victory wins 3 VP whatever the calls did
        ((-100, 200), 0, (3, 0)),
        ((60, 40), None, (2, 0)),
        ((-50, 150), None, (0, 2)),
        ((50, 50), None, (1, 1)),
    ],
)
def test_dtm_per_hand(totals, double_victory, expected):
    assert hand_victory_points(totals, double_victory) == expected
    assert hand_victory_points(totals, double_victory, "dtm") == expected


def test_scheme_without_double_victory_scores_it_by_totals():
    assert hand_victory_points((200, 0), 0, "win_tie_loss") == (2, 0)
    assert hand_victory_points((0, 0), 0, "win_tie_loss") == (1, 1)


def test_custom_scheme_is_data():
    scheme = {"win": 1, "tie": 0, "loss": -1, "double_victory": 5}
    assert hand_victory_points((10, 90), None, scheme) == (-1, 1)
    assert hand_victory_points((200, 0), 0, scheme) == (5, -1)


def test_bad_arguments():
    with pytest.raises(ValueError):
        hand_victory_points((1, 2), None, "nope")
    with pytest.raises(ValueError):
        hand_victory_points((1, 2), 2)
    with pytest.raises(ValueError):
        hand_victory_points((1, 2, 3), None)
    with pytest.raises(ValueError):
        round_victory_points((1, 2), {"win": 1})


def test_round_scheme():
    assert round_victory_points((420, 380)) == (2, 0)
    assert round_victory_points((380, 420)) == (0, 2)
    assert round_victory_points((400, 400)) == (1, 1)
    assert set(SCHEMES) >= {"dtm", "win_tie_loss"}


@pytest.mark.parametrize(
    "totals, winner",
    [
        ((995, 400), None),
        ((1000, 400), 0),
        ((400, 1005), 1),
        ((1100, 1200), 1),
        ((1200, 1100), 0),
        ((1100, 1100), None),
        ((-300, 999), None),
    ],
)
def test_game_to_1000(totals, winner):
    assert game_result(totals) == winner


def test_game_target_is_a_parameter():
    assert game_result((500, 300), target=500) == 0
