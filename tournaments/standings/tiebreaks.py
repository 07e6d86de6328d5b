"""The tie-breaks after victory points: one class each, registered by name in ``TIEBREAKS``.

A tie-break is its name (stored in a format's chain and in a standing row's ``tiebreaks``), the
label a person sees, and its value per entrant as SQL (higher ranks first): a column the lines
have already (``ColumnTiebreak``) or a relation of its own (``SqlTiebreak``). The formats validate
a chain against the registry and the settings form offers its choices, so a new tie-break is one
class here and nothing else.

This module imports no models: ``formats`` reads the registry and ``models`` reads ``formats``.
The tables a tie-break reads come in as names (``Sources``), from ``sql``, which knows the models.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from .sql import Dialect


@dataclass(frozen=True)
class Sources:
    """What a tie-break's SQL reads: the seat and hand tables, the lines' totals relation
    (entrant_id, vp, ...), the scope's filter on ``s.entrant_id`` with its params, and whether
    the event's entrants are teams (a team fills seats 0 and 2, or 1 and 3)."""

    dialect: Dialect
    seat: str
    hand: str
    totals: str
    seats: str
    params: list
    team: bool
    hand_seat: str = ""
    """The per-seat credits of hands (``HandSeat``: position, tp, vp, place)."""

    @property
    def team_seat(self) -> str:
        """The condition that counts a team once per table: its first seat only."""
        return " AND s.position < 2" if self.team else ""


class Tiebreak(ABC):
    """One tie-break: a ``ColumnTiebreak`` or a ``SqlTiebreak``. ``local`` ones depend only on
    the entrant's own hands, so an incremental update may recompute them for the entrants who
    played; the others need the whole event. ``in_totals`` names (totals column, stored row
    column) when the value is already a column of the lines (a ``ColumnTiebreak``)."""

    name: ClassVar[str]
    label: ClassVar[Promise]
    local: ClassVar[bool] = True
    in_totals: ClassVar[tuple[str, str] | None] = None

    def stored_key(self, dialect: Dialect, alias: str) -> str:
        """The value in the stored standing rows ``alias``, as a sort key."""
        if self.in_totals:
            return f"{alias}.{self.in_totals[1]}"
        return dialect.json_int(f"{alias}.tiebreaks", self.name)


class ColumnTiebreak(Tiebreak):
    """A tie-break whose value is already a column of the lines: no SQL of its own."""

    in_totals: ClassVar[tuple[str, str]]


class SqlTiebreak(Tiebreak):
    """A tie-break with a relation of its own, joined to the lines."""

    @abstractmethod
    def relation(self, sources: Sources) -> tuple[str, list]:
        """(entrant_id, value) rows for the entrants in scope, and their params."""


TIEBREAKS: dict[str, Tiebreak] = {}


def register(cls: type[Tiebreak]) -> type[Tiebreak]:
    """Add a tie-break to the registry under its name (the choices keep this order)."""
    TIEBREAKS[cls.name] = cls()
    return cls


def tiebreak_choices() -> list[tuple[str, Promise]]:
    """(name, label) of every tie-break, for choice fields."""
    return [(name, tiebreak.label) for name, tiebreak in TIEBREAKS.items()]


@register
class TichuPoints(ColumnTiebreak):
    """Total Tichu points: the DTM's tie-break, a column of the lines already."""

    name = "tichu_points"
    # Translators: a tie-break, in the event settings' "Tie-break 1-3" and the settings' history;
    # also a column of the standings and the player page
    label = _("Tichu points")
    in_totals = ("tp", "tichu_points")


@register
class DoubleVictories(SqlTiebreak):
    """Hands in which the entrant's team went out first and second."""

    name = "double_victories"
    # Translators: a tie-break, in the event settings' "Tie-break 1-3" and the settings' history
    label = _("double victories")

    def relation(self, sources: Sources) -> tuple[str, list]:
        return (
            f"SELECT s.entrant_id, COUNT(*) AS value FROM {sources.seat} s "
            f"JOIN {sources.hand} h ON h.table_id = s.table_id "
            f"WHERE {sources.seats}{sources.team_seat} "
            f"AND h.sweep_team = s.position %% 2 GROUP BY s.entrant_id",
            sources.params,
        )


@register
class TichuCallsMade(SqlTiebreak):
    """Tichu and Grand Tichu calls made (the engine's verdict); a team's: both of its seats."""

    name = "tichu_calls_made"
    # Translators: a tie-break, in the event settings' "Tie-break 1-3" and the settings' history
    label = _("Tichu calls made")

    def relation(self, sources: Sources) -> tuple[str, list]:
        made = sources.dialect.call_made("h.entry", "s.position")
        return (
            f"SELECT s.entrant_id, COUNT(*) AS value FROM {sources.seat} s "
            f"JOIN {sources.hand} h ON h.table_id = s.table_id "
            f"WHERE {sources.seats} AND {made} GROUP BY s.entrant_id",
            sources.params,
        )


@register
class OpponentVictoryPoints(SqlTiebreak):
    """The VP of every opponent met, once per table (a strength of schedule: needs every
    entrant's line, so never incremental)."""

    name = "opponent_victory_points"
    # Translators: a tie-break, in the event settings' "Tie-break 1-3" and the settings' history
    label = _("opponents' victory points")
    local = False

    def relation(self, sources: Sources) -> tuple[str, list]:
        team = sources.team_seat
        return (
            f"SELECT s.entrant_id, SUM(o.vp) AS value FROM {sources.seat} s "
            f"JOIN {sources.seat} x ON x.table_id = s.table_id "
            f"AND x.position %% 2 <> s.position %% 2 "
            f"JOIN {sources.totals} o ON o.entrant_id = x.entrant_id "
            f"WHERE {sources.seats}{team}{team and ' AND x.position < 2'} "
            f"GROUP BY s.entrant_id",
            sources.params,
        )


@register
class FirstPlaces(Tiebreak):
    """Hands the entrant went out first (Grand Seigneur: the placings' first tie-break)."""

    name = "first_places"
    label = _("first places")
    place: ClassVar[int] = 1

    def relation(self, sources: Sources) -> tuple[str, list]:
        return (
            f"SELECT s.entrant_id, COUNT(*) AS value FROM {sources.seat} s "
            f"JOIN {sources.hand} h ON h.table_id = s.table_id "
            f"JOIN {sources.hand_seat} c ON c.hand_id = h.id AND c.position = s.position "
            f"WHERE {sources.seats} AND c.place = {int(self.place)} "
            f"GROUP BY s.entrant_id",
            sources.params,
        )


@register
class SecondPlaces(FirstPlaces):
    """Hands the entrant went out second (Grand Seigneur: the second tie-break)."""

    name = "second_places"
    label = _("second places")
    place = 2
