"""A table's hands laid out by its game's shape: a heading per side and column, a row per hand
with its notes. The organizer's table page, the public table cards, the captain's page and the
results export all read this, so a game's columns are the same wherever its hands appear."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import TableGame
from .columns import Column


@dataclass(frozen=True)
class HandRow:
    """One hand's row: its number, the stored hand (None while missing), its notes and its
    cells, side by side in the table's ``headings`` order."""

    number: int
    hand: Any | None
    notes: list[str]
    cells: list[int | None]
    lines: list[tuple[Column, str]]
    """Each column with the sides' values side by side ("120 : 80"), for a narrow screen."""
    dealer: str | None = None
    """Who deals the hand, where the game names a dealer (entered or not)."""


@dataclass(frozen=True)
class HandTable:
    sides: list[str]
    """Each side's name (a team's players, or a player)."""
    columns: tuple[Column, ...]
    """Each side's columns (the game's ``hand_columns``)."""
    rows: list[HandRow]

    @property
    def headings(self) -> list[tuple[str, Column]]:
        """The cells' headings: each side's columns, side after side."""
        return [(side, column) for side in self.sides for column in self.columns]

    @property
    def width(self) -> int:
        """How many cells a row has."""
        return len(self.sides) * len(self.columns)


def hand_table(
    game: TableGame, names: Mapping[int, str], hands: Sequence[Any], numbers: Iterable[int] = ()
) -> HandTable:
    """The ``hands`` of a table whose players are ``names`` (by position), with a row for each
    of ``numbers`` still missing."""
    positions = list(game.positions_of(names))
    by_number = {hand.number: hand for hand in hands}
    rows = []
    for number in sorted(set(numbers) | set(by_number)):
        hand = by_number.get(number)
        dealer = game.dealer_position(number)
        dealer_name = None if dealer is None else names.get(dealer, "?")
        if hand is None:
            rows.append(HandRow(number, None, [], [], [], dealer_name))
            continue
        sides = game.hand_sides(hand, positions)
        lines = [
            (column, " : ".join(_shown(side.get(column.key)) for side in sides))
            for column in game.hand_columns
        ]
        rows.append(
            HandRow(
                number,
                hand,
                game.hand_notes(hand, names),
                [side.get(column.key) for side in sides for column in game.hand_columns],
                lines,
                dealer_name,
            )
        )
    return HandTable(sides=game.side_names(names), columns=game.hand_columns, rows=rows)


def _shown(value: int | None) -> str:
    return "–" if value is None else str(value)
