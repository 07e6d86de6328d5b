"""The numbers a page can show for a side of a table, each declared once with its words.

A game (``tournaments.games``) picks which of these a hand, a table and the standings show
(``TableGame.hand_columns``, ``total_columns``, ``standing_columns``); every page, sheet and
export lays its columns out from that choice, so no template asks which game it shows.
A side is a team of a team game, or one player where every player plays for themself.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Column:
    """One number of a side: ``key`` names it in a side's values (``SideValues``), ``label`` is
    its short heading, ``title`` what it means (a tooltip, the sheet's legend); ``standing``
    the attribute of a standings row that holds its total, where the standings show it, and
    ``credit`` the one holding the part of it credited for byes and closed tables (the
    standings export lists it beside)."""

    key: str
    label: str | Promise
    title: str | Promise
    standing: str | None = None
    credit: str | None = None


CARD_POINTS = Column("card_points", _("CP"), _("Card points"))
TICHU_POINTS = Column(
    "tp", _("TP"), _("Tichu points"), standing="tichu_points", credit="adjustment_tp"
)
VICTORY_POINTS = Column(
    "vp", _("VP"), _("Victory points"), standing="victory_points", credit="adjustment_vp"
)
PLACE = Column("place", _("Place"), _("Place in the hand's finish order"))
PLACING_POINTS = Column(
    "points",
    _("Points"),
    _("Placing points: the players beaten, hand by hand"),
    standing="victory_points",
)

SideValues = dict[str, int | None]
"""A side's numbers by column key (``Column.key``); None where a number is not known yet."""
BOARD_RESULT = Column(
    "result", _("Result"), _("A board's result: the side's Tichu points minus the other side's")
)
PERCENTAGE = Column(
    "percentage",
    _("%"),
    _("Matchpoints: the average percentage of the pair's boards"),
    standing="score_shown",
)
BUTLER_SCORE = Column(
    "butler",
    _("Butler"),
    _("Butler score: Tichu points against each board's average, summed"),
    standing="score_shown",
)
