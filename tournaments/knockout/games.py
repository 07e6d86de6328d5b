"""A match's games as pure functions: when a game is decided, when a match is.

Rules (RULINGS.md, "Knockout cups and group stages"):

- A game to a target ends after the hand in which a team reaches it; both over it: the higher
  wins; equal: play on (``scoring.victory.game_result``). A game of a fixed number of hands ends
  after them; equal totals play on, one hand at a time, until they differ.
- A match is the best of N games (N odd): decided when a team has won more than half of them.
  Teams swap seats after each game: the first team of the match sits in seats 0 and 2 in odd
  games, in seats 1 and 3 in even ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.victory import game_result


def game_winner(
    totals: Sequence[int], hands: int, *, target: int | None, hands_per_game: int | None
) -> int | None:
    """The table team (0: seats 0/2, 1: seats 1/3) that won the game, or None while it goes on."""
    if target is not None:
        return game_result(totals, target)
    assert hands_per_game is not None, "a game has a target or a number of hands"
    if hands < hands_per_game or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def side_at_table(game_number: int, side: int) -> int:
    """The table team that a match side (0: first team, 1: second) is in game ``game_number``
    (1-based): seats swap after each game."""
    return side if game_number % 2 else 1 - side


def match_winner(best_of: int, sides_won: Sequence[int | None]) -> int | None:
    """The side (0 or 1) that won the match, from the winning side of each game in order
    (None for a game still going on), or None while the match goes on."""
    needed = best_of // 2 + 1
    wins = [0, 0]
    for side in sides_won:
        if side is None:
            return None
        wins[side] += 1
        if wins[side] >= needed:
            return side
    return None


def games_needed(best_of: int, sides_won: Sequence[int | None]) -> int:
    """How many games the match has needed so far: up to its decision, or up to and including
    its first undecided game, or one more than those played when it goes on."""
    needed = best_of // 2 + 1
    wins = [0, 0]
    for index, side in enumerate(sides_won):
        if side is None:
            return index + 1
        wins[side] += 1
        if wins[side] >= needed:
            return index + 1
    return len(sides_won) + 1
