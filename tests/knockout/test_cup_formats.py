"""The cup formats: presets, every value adjustable, wrong values refused with the field named."""

from __future__ import annotations

import pytest

from tournaments.formats import FormatError, resolve_format
from tournaments.pairing import PAIRING_METHODS


def test_the_presets_follow_the_online_cups_and_the_club_championships():
    cup = resolve_format("knockout")
    assert (cup.game_to, cup.best_of, cup.best_of_from, cup.third_place) == (
        1000,
        3,
        "semi_final",
        False,
    )
    groups = resolve_format("groups_knockout")
    assert (groups.groups, groups.advance, groups.best_of) == (2, 2, 1)
    cups = {name for name, method in PAIRING_METHODS.items() if method.is_cup}
    assert cups == {"knockout", "groups_knockout"}


def test_every_value_is_adjustable():
    cup = resolve_format(
        "knockout",
        {
            "game_to": None,
            "hands_per_round": 8,
            "best_of": 5,
            "best_of_from": None,
            "third_place": True,
            "seeding": "event",
            "seeding_event": 3,
        },
    )
    assert (
        cup.hands_per_round,
        cup.best_of,
        cup.best_of_from,
        cup.third_place,
        cup.seeding_event,
    ) == (8, 5, None, True, 3)
    assert cup.game_winner((400, 400), 8) is None and cup.game_winner((400, 300), 9) == 0
    assert resolve_format("groups_knockout", {"groups": 4, "advance": 1}).groups == 4


@pytest.mark.parametrize(
    ("preset", "overrides", "field"),
    [
        ("knockout", {"best_of": 2}, "best_of"),
        ("knockout", {"best_of": None}, "best_of"),
        ("knockout", {"best_of_from": "eighth"}, "best_of_from"),
        ("knockout", {"third_place": "yes"}, "third_place"),
        ("knockout", {"groups": 2}, "groups"),
        ("knockout", {"seeding": "event"}, "seeding_event"),
        ("knockout", {"seeding": "random"}, "seeding"),
        ("knockout", {"entrant_type": "individual"}, "pairing"),
        ("groups_knockout", {"groups": 1}, "groups"),
        ("groups_knockout", {"advance": 0}, "advance"),
        ("dtm", {"best_of": "three"}, "best_of"),
    ],
)
def test_wrong_values_are_refused_naming_the_field(preset, overrides, field):
    with pytest.raises(FormatError) as error:
        resolve_format(preset, overrides)
    assert error.value.field == field
