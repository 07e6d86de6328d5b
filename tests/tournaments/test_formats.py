"""Formats are presets plus checked overrides."""

import pytest

from scoring import DTM, STANDARD
from tournaments.formats import PRESETS, Format, FormatError, resolve_format


def test_dtm_preset_is_the_championship():
    dtm = PRESETS["dtm"]
    assert (dtm.entrant_type, dtm.rounds, dtm.hands_per_round) == ("individual", 6, 4)
    assert dtm.rules == DTM and not dtm.rules.grand_tichu_allowed
    assert dtm.rules.double_victory_points == 100
    assert dtm.vp_scheme == "dtm" and dtm.tiebreaks == ("tichu_points",)


def test_league_preset_plays_a_game_to_1000_by_round_robin():
    league = PRESETS["league"]
    assert league.pairing == "round_robin" and league.game_to == 1000
    assert league.rules == STANDARD and league.hands_per_round is None


def test_overrides_change_any_value_and_rule_options_merge():
    f = resolve_format("dtm", {"rounds": 3, "rules": {"grand_tichu_allowed": True}})
    assert f.rounds == 3
    assert f.rules.grand_tichu_allowed and f.rules.double_victory_points == 100


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"rounds": 0}, "rounds"),
        ({"rounds": "six"}, "rounds"),
        ({"hands_per_round": None}, "hands_per_round"),
        ({"pairing": "swiss"}, "pairing"),
        ({"colour": "red"}, "colour"),
        ({"rules": {"double_victory_points": 7}}, "rules"),
        ({"rules": {"no_such_rule": True}}, "rules"),
        ({"tiebreaks": ["coin_toss"]}, "tiebreaks"),
        ({"vp_scheme": "elo"}, "vp_scheme"),
    ],
)
def test_bad_overrides_name_their_field(overrides, field):
    with pytest.raises(FormatError) as error:
        resolve_format("dtm", overrides)
    assert error.value.field == field


def test_unknown_preset_is_refused():
    with pytest.raises(FormatError, match="Unknown format"):
        resolve_format("poker")


def test_format_round_trips_through_json():
    f = resolve_format("team_swiss", {"rounds": 5})
    assert Format.from_dict(f.as_dict()) == f


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"game": "bridge"}, "rules"),
        ({"game": "threechu"}, "hands_per_round"),  # the DTM's 4 hands: not a multiple of 3
        ({"game": "grand_seigneur", "players": 8}, "tiebreaks"),
    ],
)  # placings rank by places
def test_events_run_the_games_of_the_registry_under_their_limits(rules, field):
    """The engine plays the seed's games; the service seats those of ``GAMES``, each with the
    format values it can take."""
    with pytest.raises(FormatError) as error:
        resolve_format("dtm", {"rules": rules})
    assert error.value.field == field
    assert resolve_format("dtm", {"rules": {"chaos": True}}).rules.chaos
    assert resolve_format("dtm", {"rules": {"game": "tientsin"}}).game.seats == 6
    assert (
        resolve_format("dtm", {"rules": {"game": "threechu"}, "hands_per_round": 3}).game.seats == 3
    )


def test_tientsin_preset_and_its_limits():
    tientsin = resolve_format("tientsin")
    assert (tientsin.rules.game, tientsin.game.seats, tientsin.entrant_type) == (
        "tientsin",
        6,
        "individual",
    )
    teams = resolve_format("tientsin", {"entrant_type": "team", "pairing": "swiss"})
    assert teams.game.team_size == 3
    with pytest.raises(FormatError) as error:
        resolve_format(
            "tientsin",
            {
                "entrant_type": "team",
                "pairing": "knockout",
                "rounds": None,
                "hands_per_round": None,
                "game_to": 1000,
                "vp_scheme": "game",
            },
        )
    assert error.value.field == "pairing"
    with pytest.raises(FormatError):
        resolve_format("tientsin", {"rules": {"chaos": True}})


@pytest.mark.parametrize(
    "rules",
    [
        {"double_victory_points": 10**30},
        {"double_victory_points": 100.0},
        {"double_victory_points": True},
        {"grand_tichu_allowed": "yes"},
    ],
)
def test_rule_options_are_checked_for_type_and_range(rules):
    with pytest.raises(FormatError) as error:
        resolve_format("dtm", {"rules": rules})
    assert error.value.field == "rules"
