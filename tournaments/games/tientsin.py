"""Tientsin (RULINGS.md "Tientsin"): tables of 6, two teams of three (seats 0, 2, 4 and 1, 3,
5), a triple victory as its sweep. Its preset: individuals whose two partners change every
round (no two players partners twice while that can be avoided), 6 rounds of 4 hands, per-hand
victory points (a triple victory 3/0, else 2/1/0 by TP); ``entrant_type: team`` with
``pairing: swiss`` plays fixed teams of three."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from .base import GamePreset, SampleEvent, TeamGame, players_of


class TientsinTables(TeamGame):
    name = "tientsin"
    title = _("Tientsin")
    seats = players_of("tientsin")
    summary = "6 seats, two teams of three"
    # Translators: a preset's short name and its line in the form that creates an event.
    preset = GamePreset(
        _("Tientsin"), _("Tientsin: tables of six, two teams of three, partners change")
    )
    sample = SampleEvent("Demo Tientsin night (18 players)", 18)
    sweep_label = _("triple victory")
    card_points_help = _(
        "Enter one team's card points: the other team gets %(total)s minus "
        "them. Leave both empty after a triple victory."
    )
