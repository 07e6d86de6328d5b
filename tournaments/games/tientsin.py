"""Tientsin: tables of 6, two teams of three (seats 0, 2, 4 and 1, 3, 5), a triple victory as
its sweep; individuals whose partners change every round, or fixed teams of three."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from .base import TeamGame, players_of


class TientsinTables(TeamGame):
    name = "tientsin"
    title = _("Tientsin")
    seats = players_of("tientsin")
    summary = "6 seats, two teams of three"
    sweep_label = _("triple victory")
    card_points_help = _(
        "Enter one team's card points: the other team gets %(total)s minus "
        "them. Leave both empty after a triple victory."
    )
