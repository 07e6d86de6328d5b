"""Victory points: how Tichu points (TP) turn into results that rank players.

Rules implemented here (``docs/rules.md``, "Victory points"):

- Per hand, the DTM scheme: the double-victory team 3 VP and its opponents 0, whatever the calls;
  otherwise the team with more TP 2 VP, the other 0, equal TP 1 each.
- Per round: VP from the round's TP totals, e.g. 2 for a win, 1 for a tie, 0 for a loss.
- Per game to 1000: the game is won when a team reaches the target with more TP than the other;
  both over the target, the higher wins; equal totals play on.

A scheme is data, a mapping of outcome to VP in ``SCHEMES``, so an event can name one or bring its
own mapping. A scheme without a ``double_victory`` entry scores a double victory by its TP, like any
other hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

SCHEMES: dict[str, Mapping[str, int]] = {
    "dtm": {"double_victory": 3, "win": 2, "tie": 1, "loss": 0},
    "win_tie_loss": {"win": 2, "tie": 1, "loss": 0},
}
"""Named VP schemes: ``dtm`` (per hand, the German championship) and ``win_tie_loss`` (2/1/0, for
a hand or a round's TP totals)."""

GAME_TARGET = 1000


def scheme_of(scheme: str | Mapping[str, int]) -> Mapping[str, int]:
    """A scheme by name, or a mapping taken as it is (giving ``win``, ``tie`` and ``loss``)."""
    if isinstance(scheme, str):
        try:
            return SCHEMES[scheme]
        except KeyError:
            raise ValueError(
                f"unknown victory-point scheme {scheme!r}; known: {', '.join(SCHEMES)}"
            ) from None
    missing = {"win", "tie", "loss"} - set(scheme)
    if missing:
        raise ValueError(f"a victory-point scheme needs {', '.join(sorted(missing))}")
    return scheme


def _pair(totals: Sequence[int]) -> tuple[int, int]:
    if len(totals) != 2:
        raise ValueError("totals are two numbers, team 0's and team 1's")
    return totals[0], totals[1]


def hand_victory_points(
    totals: Sequence[int], double_victory: int | None, scheme: str | Mapping[str, int] = "dtm"
) -> tuple[int, int]:
    """VP for one hand from its TP ``totals`` and the team that made a double victory (or None).

    A scheme with a ``double_victory`` value gives it to that team and ``loss`` to the other,
    whatever the calls did to the TP; otherwise more TP wins, equal TP ties.
    """
    values = scheme_of(scheme)
    a, b = _pair(totals)
    if double_victory not in (None, 0, 1) or isinstance(double_victory, bool):
        raise ValueError("double_victory is 0, 1 or None")
    if double_victory is not None and "double_victory" in values:
        return (
            (values["double_victory"], values["loss"])
            if double_victory == 0
            else (values["loss"], values["double_victory"])
        )
    return _by_totals(a, b, values)


def round_victory_points(
    totals: Sequence[int], scheme: str | Mapping[str, int] = "win_tie_loss"
) -> tuple[int, int]:
    """VP for a round from the TP totals of its hands: more TP wins, equal TP ties."""
    a, b = _pair(totals)
    return _by_totals(a, b, scheme_of(scheme))


def _by_totals(a: int, b: int, values: Mapping[str, int]) -> tuple[int, int]:
    if a > b:
        return values["win"], values["loss"]
    if a < b:
        return values["loss"], values["win"]
    return values["tie"], values["tie"]


def game_result(running_totals: Sequence[int], target: int = GAME_TARGET) -> int | None:
    """The team that won a game to ``target`` (0 or 1), or None while it goes on.

    A team wins once some team has reached the target and it holds more TP than the other (so both
    over the target: the higher wins); equal totals play on, whatever they are.
    """
    a, b = _pair(running_totals)
    if max(a, b) < target or a == b:
        return None
    return 0 if a > b else 1
