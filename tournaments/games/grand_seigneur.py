"""Grand Seigneur (RULINGS.md "Grand Seigneur"): tables of 5 to 12 individuals (mixed sizes;
``rules.players`` is the preferred size), scored per player in placing points (the players
beaten), places kept for the tie-breaks by first and second places; tables by standings, no
byes from 5 players on. Its preset: tables of 8 preferred (a field that does not divide sits
at tables of mixed sizes), 4 rounds of 6 hands; ties by first places, then second places;
tables by the standings after round 1."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _lazy

from scoring import VARIANTS

from ..choices import ByeCredit
from .base import GamePreset, PlacingGame, SampleEvent


class GrandSeigneurTables(PlacingGame):
    """Five to twelve players at a table, each for themself; sizes may be mixed."""

    name = "grand_seigneur"
    title = _lazy("Grand Seigneur")
    seats = 8
    summary = "5-12 players, placings"
    # Translators: a preset's short name and its line in the form that creates an event.
    preset = GamePreset(
        _lazy("Grand Seigneur"),
        _lazy("Grand Seigneur: tables of 5 to 12, placing points"),
        rules={"players": 8},
        format={
            "rounds": 4,
            "hands_per_round": 6,
            "tiebreaks": ("first_places", "second_places"),
            "bye_credit": ByeCredit.NONE,
        },
    )
    sample = SampleEvent("Demo Grand Seigneur (10 players)", 10)
    sized_tables = True
    avoid_meetings = False
    SIZES = VARIANTS["grand_seigneur"].players_allowed

    def __init__(self, seats: int = 8):
        self.seats = seats  # type: ignore[misc]

    def for_rules(self, rules) -> GrandSeigneurTables:
        return GrandSeigneurTables(rules.players)

    def table_sizes(self, players: int) -> tuple[list[int], int]:
        """As many tables as the preferred size gives, their sizes as equal as can be, all
        within 5 to 12; fewer than five players fill no table."""
        if players < self.SIZES[0]:
            return [], players
        count = max(1, round(players / self.seats))
        while players / count < self.SIZES[0]:
            count -= 1
        while -(-players // count) > self.SIZES[-1]:
            count += 1
        share, more = divmod(players, count)
        return [share + 1] * more + [share] * (count - more), 0

    def allowed_sizes(self) -> tuple[int, ...]:
        return tuple(self.SIZES)

    def rules_for(self, rules, seats: int):
        return rules.replace(players=seats)

    def setting(self, number: int, previous: Any) -> dict[str, Any]:
        """From the second hand on, the exchange by the previous hand's placing."""
        return {} if previous is None else {"placing": previous.finish_order}
