"""The victory-point schemes: one class each, registered by name in ``VP_SCHEMES``.

A scheme is its name (stored as a format's ``vp_scheme``), the label a person sees, the values
of a format it refuses, its Python (the VP a hand gets when it is entered, ``hand_vp``, and a
table's, ``table_points``) and its SQL (a team's VP at a table, ``table_vp``, and the credit for
a closed table's missing hands, ``missing_hands_credit``), which ``standings.sql`` composes into
the round results. The formats validate a scheme against the registry and the settings form and
the API offer its choices, so a new scheme is one class here (``docs/rules.md``, "Victory
points").

- ``dtm``: per hand, 3 for a double victory, else 2 / 1 / 0 by the hand's TP
  (``scoring.victory.hand_victory_points``), summed over the table's hands.
- ``round``: per round, 2 / 1 / 0 by the table's TP once its round is over.
- ``game``: per game, 2 for a game won (a game to a target), else like ``round``.

``round`` and ``game`` score a table alike: once it is done (``Format.play_is_over``; the SQL
restates that rule, tested to agree in ``tests/tournaments/test_table_done.py``), by its TP
totals; what decides that a table is done (its hands, or its game) is the format's.

This module imports no models (``formats`` reads the registry and ``models`` reads ``formats``):
the table statuses the SQL compares with come in as ``TableStatuses``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.victory import hand_victory_points, round_victory_points, scheme_of

from ..errors import FormatError

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from scoring import HandScore

    from ..formats import Format

TABLE_VP = scheme_of("win_tie_loss")  # a table's round or game: 2 / 1 / 0 (scoring.victory)
AVERAGED_HAND_TP = 50  # an averaged missing hand: a drawn hand without calls, 50 TP a team


@dataclass(frozen=True)
class TableStatuses:
    """The values of ``Table.Status`` the SQL compares ``t.status`` with."""

    open: str
    averaged: str


class VictoryPoints(ABC):
    """One victory-point scheme. ``per_hand``: its VP are the hands' (stored on each hand as it
    is entered), not a table's result."""

    name: ClassVar[str]
    label: ClassVar[Promise]
    per_hand: ClassVar[bool] = False

    def check_format(self, fmt: Format) -> None:  # noqa: B027 (a hook: most refuse nothing)
        """Refuse the format values the scheme cannot score (``FormatError`` naming the field)."""

    def hand_vp(self, score: HandScore) -> tuple[int, int]:
        """Both teams' VP for one hand as it is entered; 0 where the scheme scores a table."""
        return (0, 0)

    @abstractmethod
    def table_points(
        self, hand_vps: Sequence[tuple[int, int]], totals: tuple[int, int], done: bool
    ) -> tuple[int, int]:
        """Both teams' VP at a table with the hands' VP ``hand_vps`` (``hand_vp``) and TP
        ``totals``, ``done`` or not (``Table.is_done``), without the credit for missing hands:
        the rule that ``table_vp`` restates in SQL."""

    @abstractmethod
    def table_vp(self, fmt: Format, team: int, statuses: TableStatuses) -> tuple[str, list]:
        """(SQL, params): table team ``team``'s VP at a table, from the table's per-hand sums
        ``ht`` (n, tp_0, tp_1, vp_0, vp_1: NULL without hands) and its row ``t``."""

    def missing_hands_credit(self, fmt: Format, statuses: TableStatuses) -> tuple[str, str, list]:
        """(VP, TP, params) a seat ``s`` of table ``t`` (totals ``ht``) is credited for the
        table's missing hands once the organizer closed it; none unless the scheme says."""
        return "0", "0", []


VP_SCHEMES: dict[str, VictoryPoints] = {}


def register(cls: type[VictoryPoints]) -> type[VictoryPoints]:
    """Add a scheme to the registry under its name (the choices keep this order)."""
    VP_SCHEMES[cls.name] = cls()
    return cls


def vp_scheme_choices() -> list[tuple[str, Promise]]:
    """(name, label) of every scheme, for choice fields."""
    return [(name, scheme.label) for name, scheme in VP_SCHEMES.items()]


@register
class PerHand(VictoryPoints):
    """The DTM's: VP per hand, summed over the table."""

    name = "dtm"
    # Translators: a victory-point scheme, in the event settings' "Victory points"
    label = gettext_lazy("per hand: 3 double victory / 2 more TP / 1 tie / 0")
    per_hand = True

    def check_format(self, fmt: Format) -> None:
        if fmt.game_to is not None:
            raise FormatError("vp_scheme", _("A game to a target is scored per game or per round."))

    def hand_vp(self, score: HandScore) -> tuple[int, int]:
        return hand_victory_points(score.totals, score.sweep, "dtm")  # Tientsin: a triple

    def table_points(
        self, hand_vps: Sequence[tuple[int, int]], totals: tuple[int, int], done: bool
    ) -> tuple[int, int]:
        return (sum(vp[0] for vp in hand_vps), sum(vp[1] for vp in hand_vps))

    def table_vp(self, fmt: Format, team: int, statuses: TableStatuses) -> tuple[str, list]:
        return f"COALESCE(ht.vp_{team}, 0)", []

    def missing_hands_credit(self, fmt: Format, statuses: TableStatuses) -> tuple[str, str, list]:
        """RULINGS.md, "Closing a table before all its hands are in": averaged, per missing hand
        1 VP and 50 TP to each team; forfeited, 2 VP to the team not at fault
        (``t.forfeited_by`` names the other), and the format's ``forfeit_tp`` (0 unless the
        organizer chose, say, 100). Only where a round has a fixed number of hands; elsewhere a
        closed table counts with the hands it has."""
        if fmt.hands_per_round is None:
            return "0", "0", []
        hands = int(fmt.hands_per_round)
        missing = (
            f"CASE WHEN t.status <> %s AND COALESCE(ht.n, 0) < {hands} "
            f"THEN {hands} - COALESCE(ht.n, 0) ELSE 0 END"
        )
        vp = (
            f"({missing}) * CASE WHEN t.status = %s THEN %s "
            f"WHEN t.forfeited_by = 1 - s.position %% 2 THEN %s ELSE 0 END"
        )
        tp = (
            f"({missing}) * CASE WHEN t.status = %s THEN {AVERAGED_HAND_TP} "
            f"WHEN t.forfeited_by = 1 - s.position %% 2 THEN %s ELSE 0 END"
        )
        open_, averaged = statuses.open, statuses.averaged
        return (
            vp,
            tp,
            [
                open_,
                averaged,
                TABLE_VP["tie"],
                TABLE_VP["win"],
                open_,
                averaged,
                int(fmt.forfeit_tp),
            ],
        )


class PerTable(VictoryPoints):
    """VP for a table's result: win / tie / loss by its TP once the table is done (all its
    hands, its game decided, or closed by the organizer); a table without hands scores
    nothing."""

    def table_points(
        self, hand_vps: Sequence[tuple[int, int]], totals: tuple[int, int], done: bool
    ) -> tuple[int, int]:
        return round_victory_points(totals) if done and hand_vps else (0, 0)

    def table_vp(self, fmt: Format, team: int, statuses: TableStatuses) -> tuple[str, list]:
        own, other = f"ht.tp_{team}", f"ht.tp_{1 - team}"
        by_tp = (
            f"CASE WHEN {own} > {other} THEN %s WHEN {own} < {other} THEN %s ELSE %s END",
            [TABLE_VP["win"], TABLE_VP["loss"], TABLE_VP["tie"]],
        )
        closed = "t.status <> %s"
        if fmt.game_to is not None:  # the winner of a game to the target (``game_result``)
            target = fmt.game_to
            return (
                f"CASE WHEN ht.n > 0 AND (ht.tp_0 >= %s OR ht.tp_1 >= %s) "
                f"AND ht.tp_0 <> ht.tp_1 "
                f"THEN CASE WHEN {own} > {other} THEN %s ELSE %s END "
                f"WHEN ht.n > 0 AND {closed} THEN {by_tp[0]} ELSE 0 END",
                [target, target, TABLE_VP["win"], TABLE_VP["loss"], statuses.open, *by_tp[1]],
            )
        return (
            f"CASE WHEN ht.n > 0 AND (ht.n >= %s OR {closed}) THEN {by_tp[0]} ELSE 0 END",
            [fmt.hands_per_round, statuses.open, *by_tp[1]],
        )


@register
class PerRound(PerTable):
    """2 / 1 / 0 by a round's TP at the table."""

    name = "round"
    # Translators: a victory-point scheme, in the event settings' "Victory points"
    label = gettext_lazy("per round: 2 / 1 / 0 by the table's round TP")


@register
class PerGame(PerTable):
    """2 for a game won (a league's or a cup's game to 1000)."""

    name = "game"
    # Translators: a victory-point scheme, in the event settings' "Victory points"
    label = gettext_lazy("per game: 2 for a game won")
