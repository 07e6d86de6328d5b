"""A toy game, registered at test time only: a new game is its classes. The engine's class
(``scoring.variants``), the tournament's class (``tournaments.games``: its tables, its shape and
its preset's values) and its words are all it has; nothing else in the code base knows it, and
the suite of every game (``tests/games``) plays it through the services, every page, sheet,
export and API route as it plays the registered games.

Five players at a table, every one for themself, a hand's result its finish order: its own
columns (the place and the points of every player) wherever its hands show."""

from __future__ import annotations

from scoring import variants as engine_games
from scoring.variants import GrandSeigneur
from tichu_site.celery import app as celery_app
from tournaments import games
from tournaments.games import GamePreset, PlacingGame
from tournaments.games.columns import PLACE, PLACING_POINTS


class Quintet(GrandSeigneur):
    """The engine's toy: Grand Seigneur's deal and placings, always five players."""

    name = "quintet"
    players_allowed = range(5, 6)


class QuintetTables(PlacingGame):
    """The tournament's toy: tables of five, each player's place and points in every hand."""

    name = "quintet"
    title = "Quintet"
    summary = "5 players, placings"
    seats = 5
    avoid_meetings = False
    hand_columns = (PLACE, PLACING_POINTS)
    preset = GamePreset(
        "Quintet",
        "Quintet: tables of five, placings",
        format={"rounds": 3, "tiebreaks": ("first_places", "second_places")},
    )

    def hand_notes(self, hand, names):
        order = (hand.entry or {}).get("finish_order") or []
        return ["first: " + names.get(order[0], "?")] if order else []


NAME = QuintetTables.name


def register(monkeypatch) -> QuintetTables:
    """The toy game, known to the engine and to the tournament for one test: in this process,
    so its standings are computed here too (a live pass's worker, another process, does not
    know it)."""
    monkeypatch.setitem(engine_games.VARIANTS, Quintet.name, Quintet)
    game = QuintetTables()
    monkeypatch.setitem(games.GAMES, game.name, game)
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    return game
