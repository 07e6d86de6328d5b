"""The suite every game and format passes (issue 22). Its tests are parametrized over the games
events run (``tournaments.games.GAMES``) and a toy game registered at test time (``toy``), or
over the presets (``formats.PRESETS``): a new game or preset is checked by them with no change
here, and what they check is read from the game's class (its tables, its shape), never from
its name. What one game's rules alone decide stays in that game's own tests
(``tests/*/test_<game>.py``).

The helpers start, seat and play an event of a game as its organizer and captains would: from
the game's own preset, entries as the engine's bots play them, typed into the form the game's
hands are entered with."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from scoring.simulation import play_hand
from tests.conftest import wait_for_standings
from tournaments.choices import EntrantType
from tournaments.formats import PRESET_LIST, game_format
from tournaments.games import GAMES, TableGame, score_for_table
from tournaments.models import Event, Hand, HandSeat, Table
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.people import NEW
from tournaments.services.rounds import round_pair, round_publish
from tournaments.simulation import demo_names, simulate_event
from tournaments.views.forms import hand_form_class

from . import toy

GAME_NAMES = [*GAMES, toy.NAME]
"""The registered games, then the toy (registered by the ``game`` fixture while a test runs)."""


def game_named(name: str, monkeypatch) -> TableGame:
    """The game ``name`` of ``GAME_NAMES``, the toy registered for the test only."""
    return toy.register(monkeypatch) if name == toy.NAME else GAMES[name]


@pytest.fixture(params=GAME_NAMES)
def game(request, monkeypatch) -> TableGame:
    """Each game in turn."""
    return game_named(request.param, monkeypatch)


@pytest.fixture
def organizer_client(organizer) -> Client:
    """The organizer's own browser (the ``client`` fixture stays anonymous)."""
    client = Client()
    client.force_login(organizer)
    return client


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Organizer accounts are made for each test: a fast hasher keeps that cheap."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def preset_of(game: TableGame) -> tuple[str, dict]:
    """How an event of ``game`` starts: its own preset; where it has none, the first preset for
    individuals that plays it (four-player Tichu: the DTM); a game registered at test time,
    which no preset plays, any preset overridden by its preset's format."""
    for preset in PRESET_LIST:
        fmt = preset.format
        if fmt.rules.game == game.name and fmt.entrant_type == EntrantType.INDIVIDUAL:
            return preset.name, {}
    return "dtm", game_format(game).as_dict()


def field_of(game: TableGame) -> int:
    """Two tables of the game and one player more: a bye, or a table more or less full."""
    return 2 * game.seats + 1


def start(game: TableGame, owner, entrants: int, **changes) -> Event:
    """An event of ``game`` with ``entrants`` players registered, ``changes`` to its format."""
    preset, overrides = preset_of(game)
    event = event_create(
        owner=owner,
        name=f"{game.name} evening",
        preset=preset,
        overrides={**overrides, **changes},
        seed=2,
    )
    if entrants:
        names = demo_names(entrants, random.Random(entrants))
        players_register(
            event=event, names=names, people=[NEW] * len(names), actor=Actor.organizer(owner)
        )
    return event


def one_table(game: TableGame, owner) -> Table:
    """The one table of an event of ``game`` with a table's players, its round published."""
    event = start(game, owner, game.seats)
    actor = Actor.organizer(owner)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


def play(game: TableGame, owner, entrants: int | None = None, rounds: int = 2) -> Event:
    """An event of ``game`` played by the engine's bots for ``rounds`` rounds, every hand
    through the captain's path (``simulate_event``), its standings stored."""
    preset, overrides = preset_of(game)
    event = simulate_event(
        preset=preset,
        entrants=entrants or field_of(game),
        seed=3,
        owner=owner,
        name=f"{game.name} evening",
        overrides=overrides,
        rounds=rounds,
    ).event
    wait_for_standings(event)
    return event


def names_at(table: Table) -> dict[int, str]:
    """The table's players by position, as its pages name them."""
    return {seat.position: seat.label for seat in table.seats.select_related("entrant", "player")}


def bot_entry(table: Table, number: int = 1, seed: int = 1) -> dict:
    """Hand ``number`` at ``table`` as the engine's bots play it: the score entry a captain
    makes of it."""
    event_format = table.round.event.format
    game = event_format.game
    rules = game.rules_for(event_format.rules, table.seats.count())
    return play_hand(rules, seed=seed, **game.setting(number, None)).entry


def sweep_entry(table: Table) -> dict | None:
    """A hand swept by the table's second team (the engine's odd seats) under the game's key
    of a sweep; None in a game of placings, which has no sweep."""
    event_format = table.round.event.format
    if event_format.game.placings:
        return None
    variant = event_format.game.rules_for(event_format.rules, table.seats.count()).variant
    return {
        "card_points": None,
        "finish_order": list(range(1, variant.seats, 2)),
        variant.sweep_key: 1,
    }


def typed(table: Table, number: int, entry: dict) -> dict:
    """``entry`` as a captain types it into the form of the table's game (POST data)."""
    form_class = hand_form_class(table.round.event.format.game)
    initial = form_class.initial_from_entry(number, entry)
    return {name: str(value) for name, value in initial.items()}


def scored(table: Table, number: int, entry: dict):
    """What the engine makes of ``entry`` as hand ``number`` of ``table`` (``ScoredHand``)."""
    return score_for_table(table.round.event.format, entry, number, table.seats.count())


def assert_stored_as_scored(hand: Hand, expected, *, typed: bool = False) -> None:
    """The stored hand holds what the engine scored: the entry, both teams' TP and VP, the
    sweep's team and, in a game scored per player, each position's credit. ``typed``: the hand
    came through a form, which holds what a score sheet does (the first out, not the whole
    finish order of a bot's entry): the numbers only are the same."""
    if not typed:
        assert hand.entry == expected.entry
    assert (hand.tp_0, hand.tp_1) == expected.team_points
    assert (hand.vp_0, hand.vp_1) == expected.victory_points
    assert hand.sweep_team == expected.sweep
    credits = {c.position: (c.tp, c.vp, c.place) for c in HandSeat.objects.filter(hand_id=hand.pk)}
    assert credits == (expected.credits or {})


def credits_of(game: TableGame, hand: Hand, positions: list[int]) -> dict[int, dict]:
    """Each table position's numbers of a stored hand, by the game's shape: its side's
    (``sides``, ``hand_sides``)."""
    sides = game.sides(positions)
    values = game.hand_sides(hand, positions)
    return {position: values[i] for i, side in enumerate(sides) for position in side}
