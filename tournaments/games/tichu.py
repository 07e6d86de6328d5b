"""Four-player Tichu (and its option Chaos Tichu): tables of 4, two teams of two (seats 0, 2
and 1, 3), a double victory as its sweep (``TableGame``'s); the only game a knockout cup plays."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _lazy

from .base import TeamGame, players_of


class TichuTables(TeamGame):
    name = "tichu"
    title = _lazy("Tichu")
    seats = players_of("tichu")
    cups = True
    summary = "4 seats, two teams of two"
