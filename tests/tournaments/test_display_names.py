"""The one rule for the name a person reads: equal names told apart, all others left alone."""

from __future__ import annotations

from tournaments.display_names import display_names


def test_unique_names_stay_plain():
    assert display_names([(1, "Anna", ""), (2, "Ben", "")]) == {1: "Anna", 2: "Ben"}


def test_equal_names_get_their_start_number():
    names = display_names([(7, "Anna Schmidt", ""), (8, "Ben", ""), (9, "anna schmidt", "")])
    assert names == {7: "Anna Schmidt #1", 8: "Ben", 9: "anna schmidt #3"}


def test_a_club_stands_beside_the_name_and_tells_equal_names_apart():
    names = display_names(
        [(1, "Anna Schmidt", "Köln"), (2, "Anna Schmidt", "Bonn"), (3, "Ben", " Aachen ")]
    )
    assert names == {1: "Anna Schmidt (Köln)", 2: "Anna Schmidt (Bonn)", 3: "Ben (Aachen)"}


def test_equal_names_of_one_club_get_their_start_number():
    names = display_names(
        [(1, "Anna Schmidt", "Köln"), (2, "Anna Schmidt", "köln"), (3, "Anna Schmidt", "")]
    )
    assert names == {1: "Anna Schmidt (Köln) #1", 2: "Anna Schmidt (köln) #2", 3: "Anna Schmidt"}
