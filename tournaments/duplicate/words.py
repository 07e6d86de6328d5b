"""Duplicate Tichu's words in the reader's language: the seats by their bridge names, the two
directions, and a run of boards.

A board fixes the cards of seats 0-3 (``scoring.boards``), which the tables know by the compass
as in bridge: North, East, South, West, North-South (seats 0 and 2) against East-West (1 and 3).
Printouts and pages word them here, so that a slip, a movement card and a page say the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SEAT_WORDS = (_("North"), _("East"), _("South"), _("West"))
"""Seats 0-3 by their compass names."""
SEAT_LETTERS = (
    # Translators: the first letter of North, on a board's compass
    pgettext_lazy("compass", "N"),
    # Translators: the first letter of East, on a board's compass (German: O)
    pgettext_lazy("compass", "E"),
    # Translators: the first letter of South, on a board's compass
    pgettext_lazy("compass", "S"),
    # Translators: the first letter of West, on a board's compass
    pgettext_lazy("compass", "W"),
)
DIRECTION_WORDS = (
    # Translators: the direction North-South of Duplicate Tichu, short (a movement card's column)
    pgettext_lazy("direction", "NS"),
    # Translators: the direction East-West of Duplicate Tichu, short (German: OW)
    pgettext_lazy("direction", "EW"),
)


def seat_name(seat: int) -> str:
    """Seat 0-3 by its compass name: "North"."""
    return str(SEAT_WORDS[seat])


def seat_letter(seat: int) -> str:
    """Seat 0-3 by its compass letter: "N"."""
    return str(SEAT_LETTERS[seat])


def direction_name(north_south: bool) -> str:
    """A direction, short: "NS" or "EW"."""
    return str(DIRECTION_WORDS[0 if north_south else 1])


def board_list(boards: Sequence[int]) -> str:
    """Board numbers as a person reads them: a run of three or more as "5–8", others listed
    ("1, 2"): a movement card's boards of a round."""
    runs: list[list[int]] = []
    for number in boards:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts: list[str] = []
    for run in runs:
        parts += [f"{run[0]}–{run[-1]}"] if len(run) >= 3 else [str(number) for number in run]
    return ", ".join(parts)
