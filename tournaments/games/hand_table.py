"""A table's hands laid out by its game's shape (and its format's columns: a duplicate board
shows its result, not VP): a heading per side and column, a row per hand with its notes. The
organizer's table page, the public table cards, the captain's page and the results export all
read this, so a game's columns are the same wherever its hands appear."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .columns import Column

if TYPE_CHECKING:
    from ..formats import Format


@dataclass(frozen=True)
class HandRow:
    """One hand's row: its number, the stored hand (None while missing), its notes and its
    cells, side by side in the table's ``headings`` order."""

    number: int
    label: int
    """The number shown for it (``Format.hand_label``: a duplicate table's board)."""
    hand: Any | None
    notes: list[str]
    cells: list[int | None]
    lines: list[tuple[Column, str]]
    """Each column with the sides' values side by side ("120 : 80"), for a narrow screen."""
    dealer: str | None = None
    """Who deals the hand, where the game names a dealer (entered or not)."""


@dataclass(frozen=True)
class HandTable:
    heading: str
    """What its rows are called (``Format.hand_heading``: hands, or boards)."""
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
    event_format: Format,
    names: Mapping[int, str],
    hands: Sequence[Any],
    numbers: Iterable[int] = (),
    *,
    round_number: int,
) -> HandTable:
    """The ``hands`` of a table of round ``round_number`` whose players are ``names`` (by
    position), with a row for each of ``numbers`` still missing; the columns are the format's
    (``Format.hand_columns``), the rows' labels too (``Format.hand_label``)."""
    game, columns = event_format.game, event_format.hand_columns
    positions = list(game.positions_of(names))
    by_number = {hand.number: hand for hand in hands}
    rows = []
    for number in sorted(set(numbers) | set(by_number)):
        hand = by_number.get(number)
        dealer = game.dealer_position(number)
        dealer_name = None if dealer is None else names.get(dealer, "?")
        label = event_format.hand_label(round_number, number)
        if hand is None:
            rows.append(HandRow(number, label, None, [], [], [], dealer_name))
            continue
        sides = event_format.hand_sides(hand, positions)
        lines = [
            (column, " : ".join(_shown(side.get(column.key)) for side in sides))
            for column in columns
        ]
        rows.append(
            HandRow(
                number,
                label,
                hand,
                game.hand_notes(hand, names),
                [side.get(column.key) for side in sides for column in columns],
                lines,
                dealer_name,
            )
        )
    return HandTable(
        heading=str(event_format.hand_heading),
        sides=game.side_names(names),
        columns=columns,
        rows=rows,
    )


def _shown(value: int | None) -> str:
    return "–" if value is None else str(value)
