"""The games an event can run, as the tournament sees them: one class each, in ``GAMES``.

A new game is its engine class (``scoring.variants``), its class here (a ``TeamGame``, a
``SoloGame`` or a ``PlacingGame``: its tables and its shape, ``base``) and its words; the
pairing, the seating, the captain's form, the standings, the pages, sheets, exports and the API
ask it rather than testing the game's name.
"""

from __future__ import annotations

from ..page_engine import with_last_seat
from .base import (
    GamePreset,
    PlacingGame,
    SampleEvent,
    SeatName,
    SoloGame,
    TableGame,
    TeamGame,
    players_of,
    side_name,
)
from .columns import Column
from .grand_seigneur import GrandSeigneurTables
from .hand_table import HandRow, HandTable, hand_table
from .scored import ScoredHand, checked_play_record, score_for_table
from .sheets import SheetColumn
from .threechu import ThreechuTables
from .tichu import TichuTables
from .tientsin import TientsinTables

GAMES: dict[str, TableGame] = {}
"""Every game events can run, by its name (``Rules.game``)."""


def register(game: TableGame) -> TableGame:
    """Make ``game`` playable (a test registers a toy game this way, and removes it after)."""
    GAMES[game.name] = game
    return game


for _game in (TichuTables(), TientsinTables(), ThreechuTables(), GrandSeigneurTables()):
    register(_game)


def game_of(event_format) -> TableGame:
    """The tables of the game a format plays, under its rules."""
    return GAMES[event_format.rules.game].for_rules(event_format.rules)


__all__ = [
    "GAMES",
    "Column",
    "GamePreset",
    "GrandSeigneurTables",
    "HandRow",
    "HandTable",
    "PlacingGame",
    "SampleEvent",
    "ScoredHand",
    "SeatName",
    "SheetColumn",
    "SoloGame",
    "TableGame",
    "TeamGame",
    "ThreechuTables",
    "TichuTables",
    "TientsinTables",
    "checked_play_record",
    "game_of",
    "hand_table",
    "players_of",
    "register",
    "score_for_table",
    "side_name",
    "with_last_seat",
]
