"""What a game puts on paper and in a spreadsheet: the columns of a table's printed score grid
(``TableGame.sheet_columns``) and the words the results export lists beside a hand's numbers
(``TableGame.hand_record``). The sheet and the exports (``tournaments.views.exports``) draw and
write only what these declare, so a new game brings its own sheet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

RECORD_KEYS = ("dealer", "calls", "first_out", "sweep", "card_points", "finish_order")
"""The words a hand's record may list, in this order: who deals, the calls, who went out first,
the sweep's side, the dealer's side's card points (one team's), the whole finish order."""


@dataclass(frozen=True)
class SheetColumn:
    """One column of a table sheet's score grid after the hand's number: its ``title``, its
    share of the grid's width (``width``, millimetres on A4 before the grid is fitted to the
    page), and, for a column printed in advance (the dealer of each hand), its text per hand."""

    title: str
    width: float
    printed: Callable[[int], str] | None = None

    def cell(self, number: int) -> str:
        """What the sheet prints in hand ``number``'s cell (empty: the table writes it)."""
        return self.printed(number) if self.printed is not None else ""
