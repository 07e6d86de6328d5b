"""The fixed choices of a format, as Django ``TextChoices``: who plays (``EntrantType``), what a
bye is worth (``ByeCredit``) and where a cup's seeds come from (``Seeding``).

A member is its stored value (a ``str``): a format keeps plain strings in its JSON, and compares
them with these members. Forms, serializers and the OpenAPI schema take ``.choices`` from here.
The choices with a rule of their own (pairing methods, victory-point schemes, tie-breaks) are
registries of classes instead: ``pairing.factory``, ``standings.vp_schemes``,
``standings.tiebreaks``.

This module imports nothing of ``tournaments``: every layer may read it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class EntrantType(models.TextChoices):
    """Who an event's entrants are: single players with partners drawn each round, or fixed
    teams of two."""

    # Translators: a choice of an event's entrants, described in the API's schema
    INDIVIDUAL = "individual", _("individual players")
    # Translators: a choice of an event's entrants, described in the API's schema
    TEAM = "team", _("fixed teams of two")


class ByeCredit(models.TextChoices):
    """What a round with a bye is worth (``standings.sql.bye_results``)."""

    # Translators: a choice of the event settings' "A bye is worth", and in the settings' history
    AVERAGE = "average", _("average of the player's other rounds")
    # Translators: a choice of the event settings' "A bye is worth", and in the settings' history
    NONE = "none", _("nothing")


class Seeding(models.TextChoices):
    """Where a cup's seeds come from: the organizer's order of the teams, or the standings of
    another event (``Format.seeding_event``)."""

    # Translators: a choice of where a knockout cup's seeds come from
    ORGANIZER = "organizer", _("the organizer's order")
    # Translators: a choice of where a knockout cup's seeds come from
    EVENT = "event", _("the standings of another event")


class BoardScoring(models.TextChoices):
    """How a duplicate event scores a board (``duplicate.matchpoints``): matchpoints as a
    percentage of the top, a pair's total their average; or a butler score, a pair's total
    their sum (RULINGS.md, "Duplicate Tichu", option)."""

    # Translators: a choice of how a duplicate event scores its boards
    MATCHPOINTS = "matchpoints", _("matchpoints, as a percentage")
    # Translators: a choice of how a duplicate event scores its boards
    BUTLER = "butler", _("butler: Tichu points against the board's average")
