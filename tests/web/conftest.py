"""Fixtures for the pages: events built through the services, standings computed directly."""

from __future__ import annotations

import pytest

from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.people import NEW
from tournaments.services.rounds import round_pair, round_publish
from tournaments.simulation import demo_names
from tournaments.standings.compute import refresh

# Score sheets to play from, in turn: calls made and failed, a double victory, a tie.
HANDS = [
    {"card_points": [70, 30], "finish_order": [0], "calls": {"0": "tichu"}},
    {"card_points": [25, 75], "finish_order": [1], "calls": {"2": "tichu"}},
    {"card_points": None, "finish_order": [3], "double_victory": 1, "calls": {"3": "tichu"}},
    {"card_points": [50, 50], "finish_order": [2]},
    {"card_points": [-25, 125], "finish_order": [0], "calls": {"1": "tichu"}},
    {"card_points": [60, 40], "finish_order": [1]},
]


def played(
    owner,
    entrants: int,
    rounds: int = 2,
    seed: int = 3,
    names: list[str] | None = None,
    *,
    open_round: bool = False,
):
    """A DTM event of ``rounds`` rounds, every hand entered by the captains (fixed sheets in
    turn, fast), standings stored; its players ``names``, or demo names; with ``open_round``,
    one more round published, no hand entered yet."""
    import random

    actor = Actor.organizer(owner)
    event = event_create(
        owner=owner,
        name=f"Played {entrants}",
        preset="dtm",
        overrides={"rounds": rounds + open_round},
        seed=seed,
    )
    names = names or demo_names(entrants, random.Random(seed))
    # each event's own people: demo names of another event are not asked about
    players_register(event=event, names=names, people=[NEW] * len(names), actor=actor)
    turn = seed
    for _ in range(rounds):
        rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
        for table in rnd.tables.all():
            for number in range(1, event.format.hands_per_round + 1):
                turn += 1
                hand_record(
                    table_id=table.pk,
                    number=number,
                    entry=HANDS[turn % len(HANDS)],
                    actor=Actor.captain(table),
                )
        refresh(event.pk)  # the next round is paired by these standings
    if open_round:
        round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
        refresh(event.pk)
    event.refresh_from_db()
    return event


@pytest.fixture
def played_event(organizer):
    return played(organizer, 8)


@pytest.fixture
def running_event(organizer):
    """A DTM event of 8 with round 1 published and no hand entered yet."""
    event = event_create(owner=organizer, name="Club evening", preset="dtm", seed=11)
    actor = Actor.organizer(organizer)
    players_register(
        event=event,
        names=["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes"],
        actor=actor,
    )
    round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    refresh(event.pk)
    event.refresh_from_db()
    return event


@pytest.fixture
def table(running_event):
    return running_event.rounds.get(number=1).tables.order_by("number").first()


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def other_client(client, other_organizer):
    client.force_login(other_organizer)
    return client


# A valid DTM hand: seat 0 called Tichu and went out first; team A 70 card points.
GOOD_HAND = {"number": "1", "call_0": "tichu", "first_out": "0", "cp_0": "70"}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Organizer accounts are made for each test: a fast hasher keeps that cheap."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def fresh_throttle():
    """No failed attempts counted from earlier tests: the captain pages' code limits live in
    the cache (used by the modules of the captain's pages as ``pytestmark``'s autouse)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def one_table(owner, preset: str, names: list[str], name: str = "Evening"):
    """An event of ``preset`` with ``names`` registered and its first round published at one
    table, which it returns."""
    event = event_create(owner=owner, name=name, preset=preset, seed=2)
    actor = Actor.organizer(owner)
    players_register(event=event, names=names, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


def captain_url(table, name: str = "captain-table", **kwargs) -> str:
    """A page of the table's captain (``name``), by its code."""
    from django.urls import reverse

    return reverse(name, kwargs={"code": table.code, **kwargs})


def seat_names(table) -> list[str]:
    """The names of a table's entrants, seat by seat."""
    return [s.entrant.name for s in table.seats.order_by("position").select_related("entrant")]
