"""Grand Seigneur: tables of 5 to 12 individuals (mixed sizes; ``rules.players`` is the
preferred size), scored per player in placing points (the players beaten), places kept for the
tie-breaks by first and second places; tables by standings, no byes from 5 players on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring import VARIANTS

from .base import SoloGame
from .columns import PLACE, PLACING_POINTS


class GrandSeigneurTables(SoloGame):
    """Five to twelve players at a table, each for themself; sizes may be mixed."""

    name = "grand_seigneur"
    seats = 8
    placings = True
    summary = "5-12 players, placings"
    sized_tables = True
    avoid_meetings = False
    vp_schemes = ("dtm",)
    tiebreaks = ("first_places", "second_places")
    SIZES = VARIANTS["grand_seigneur"].players_allowed
    hand_columns = (PLACING_POINTS,)
    total_columns = (PLACING_POINTS,)
    standing_columns = (PLACING_POINTS,)
    hand_record = ("finish_order",)
    """A hand's result is its finish order: on the sheet a place each, as many as the table
    seats."""
    sheet_side_columns = ()
    export_columns = (PLACE, PLACING_POINTS)
    sheet_help = _("Write each hand's finish order as seat numbers: under 1. the first out, "
                   "and so on (the last may be left out).")

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

    def score_entry(self, entry: Mapping[str, Any], number: int, rules, seats: int):
        """The captain may leave out the last player (the form says so): here, where the
        table's size is known, the one seat missing from the finish order is added last. The
        engine takes only the whole order, which it cannot tell from a shorter table's."""
        return super().score_entry(with_last_seat(entry, seats), number, rules, seats)

    def seat_credits(self, score, number: int, vp: tuple[int, int]
                     ) -> dict[int, tuple[int, int, int | None]]:
        """Placing points (the players beaten) as VP, no TP, and the place."""
        return {seat: (0, points, score.place_of(seat)) for seat, points in
                enumerate(score.points)}

    def setting(self, number: int, previous: Any) -> dict[str, Any]:
        """From the second hand on, the exchange by the previous hand's placing."""
        return {} if previous is None else {"placing": previous.finish_order}


    def hand_notes(self, hand: Any, names: Mapping[int, str]) -> list[str]:
        """The finish order, by name."""
        order = (hand.entry or {}).get("finish_order") or []
        return [" · ".join(f"{place}. {names.get(seat, '?')}"
                           for place, seat in enumerate(order, start=1))]

def with_last_seat(entry: Mapping[str, Any], seats: int) -> Mapping[str, Any]:
    """The entry with the one seat of a table of ``seats`` missing from its finish order added
    last, when exactly one is missing (any other entry unchanged: the engine judges it)."""
    order = entry.get("finish_order") if isinstance(entry, Mapping) else None
    if not isinstance(order, list) or len(order) != seats - 1:
        return entry
    missing = [seat for seat in range(seats) if seat not in order]
    return {**entry, "finish_order": [*order, *missing]} if len(missing) == 1 else entry
