"""Simulated events: the engine's bots play every hand; each hand is recorded the way a captain's
entry is (``hand_record``), so a simulation exercises the whole service path, with the bots'
record of the hand card by card (``Hand.play_record``: its replay page).

Used by ``manage.py simulate_event`` (the demo), by tests of whole events and by benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils import translation

from scoring.boards import board
from scoring.bots import HeuristicBot, RandomBot
from scoring.simulation import play_hand

from .choices import EntrantType
from .formats import PRESET_LIST
from .knockout.draw import cup_draw
from .models import Event, Round, StandingRow, Table
from .pairing.duplicate import board_number
from .services.events import event_create, players_register, teams_register
from .services.hands import hand_record
from .services.history import Actor
from .services.lifecycle import event_finish
from .services.people import EXACT_OR_NEW
from .services.rounds import complete_finished_rounds, round_pair, round_publish
from .standings import schedule as standings_schedule
from .standings.compute import ranked, refresh

FIRST_NAMES = (
    "Anna",
    "Ben",
    "Clara",
    "David",
    "Emma",
    "Felix",
    "Greta",
    "Hannes",
    "Ida",
    "Jonas",
    "Klara",
    "Lukas",
    "Mia",
    "Noah",
    "Olga",
    "Paul",
    "Quirin",
    "Rosa",
    "Simon",
    "Tilda",
    "Uwe",
    "Vera",
    "Wim",
    "Xenia",
    "Yusuf",
    "Zoe",
)
LAST_NAMES = (
    "Bauer",
    "Fischer",
    "Hoffmann",
    "Koch",
    "Lange",
    "Meyer",
    "Neumann",
    "Richter",
    "Schulz",
    "Wagner",
    "Weber",
    "Zimmermann",
)


def demo_names(count: int, rng: random.Random) -> list[str]:
    """Distinct, readable player names."""
    pool = [f"{first} {last}" for last in LAST_NAMES for first in FIRST_NAMES]
    rng.shuffle(pool)
    return [
        pool[i % len(pool)] + (f" {i // len(pool) + 1}" if i >= len(pool) else "")
        for i in range(count)
    ]


@dataclass
class Simulation:
    event: Event
    hands: int


def demo_organizer(username: str = "demo", password: str = "demo-organizer"):
    """The organizer account a simulation's event belongs to (created if missing)."""
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(password)
        user.save()
    return user


def _default_name(preset: str, entrants: int, seed: int) -> str:
    """A simulated event's name, by its preset's name as the site lists it (an event's name is
    data, kept in one language: English), never the preset's key, which reads as code."""
    with translation.override("en"):
        labels = {p.name: str(p.label) for p in PRESET_LIST}
    label = labels.get(preset, preset)
    return f"Simulated {label} ({entrants}, seed {seed})"


def simulate_event(
    *,
    preset: str,
    entrants: int,
    seed: int,
    owner=None,
    name: str | None = None,
    rounds: int | None = None,
    overrides: dict | None = None,
    names: Sequence[str] | None = None,
) -> Simulation:
    """Create an event, register entrants, pair and play every round with bots, and return it
    with its standings computed. ``names``: the people who play (as many as the entrants need;
    by default, names drawn from the seed): a season's events draw them from one pool."""
    owner = owner or demo_organizer()
    overrides = dict(overrides or {})
    if rounds is not None:
        overrides["rounds"] = rounds
    rng = random.Random(seed)
    event = event_create(
        owner=owner,
        name=name or _default_name(preset, entrants, seed),
        preset=preset,
        overrides=overrides,
        seed=seed,
    )
    organizer = Actor.organizer(owner)
    size = event.format.game.team_size if event.format.entrant_type == EntrantType.TEAM else 1
    names = list(names) if names is not None else demo_names(entrants * size, rng)
    if event.format.entrant_type == EntrantType.INDIVIDUAL:
        players_register(
            event=event, names=names, actor=organizer, people=[EXACT_OR_NEW] * len(names)
        )
    else:
        for i in range(entrants):
            members = names[size * i : size * (i + 1)]
            teams_register(
                event=event,
                teams=[(" & ".join(m.split()[1] for m in members) + f" {i + 1}", members)],
                people=[[EXACT_OR_NEW] * len(members)],
                actor=organizer,
            )
    if event.format.is_cup:
        return _simulate_cup(event, organizer, rng)
    return Simulation(event, play_rounds(event, rng))


def play_rounds(event: Event, rng: random.Random) -> int:
    """Pair, publish and play every round of ``event`` (its entrants registered already, by
    whatever path: a simulation, or an organizer's pages in a test) with bots, and compute its
    standings; the number of hands played. ``event`` is refreshed."""
    organizer = Actor.organizer(event.owner)
    played = 0
    while True:
        event.refresh_from_db()
        if Round.objects.filter(event=event).count() >= _rounds_of(event):
            break
        rnd = round_publish(
            round_id=round_pair(event_id=event.pk, actor=organizer).pk, actor=organizer
        )
        played += _play_round(event, rnd, rng)
    refresh(event.pk)
    complete_finished_rounds(event.pk)  # as the worker does, without waiting for it
    event.refresh_from_db()
    return played


def simulate_season(
    *,
    owner,
    events: int,
    pool: int,
    per_event: int,
    seed: int,
    name: str = "Club evening",
    rounds: int = 3,
) -> list[Event]:
    """A season of DTM-style club evenings of one register: ``pool`` people, of whom
    ``per_event`` come to each evening (so the fields overlap, and the same people meet again
    with other partners); each evening is played by bots and finished, so that it places its
    people for a series and its hands rate them."""
    rng = random.Random(seed)
    people = demo_names(pool, rng)
    organizer = Actor.organizer(owner)
    season = []
    for number in range(1, events + 1):
        event = simulate_event(
            preset="dtm",
            entrants=per_event,
            seed=seed * 1000 + number,
            owner=owner,
            name=f"{name} {number}",
            rounds=rounds,
            names=sorted(rng.sample(people, per_event)),
        ).event
        season.append(event_finish(event_id=event.pk, actor=organizer))
    return season


def _rounds_of(event: Event) -> int:
    from .services.rounds import total_rounds

    return total_rounds(event, event.entrants.count())


class _ErringBot:
    """A sensible player who now and then plays a random legal card: at a duplicate board the
    engine's heuristic bots, dealt the same cards, would play every table alike, and every
    result would tie."""

    def __init__(self, rng: random.Random, slip: float = 0.15):
        self.rng, self.slip = rng, slip
        self.sensible = HeuristicBot(random.Random(rng.getrandbits(64)))
        self.careless = RandomBot(random.Random(rng.getrandbits(64)), call_chance=0.0)

    def act(self, state, seat: int):
        bot = self.careless if self.rng.random() < self.slip else self.sensible
        return bot.act(state, seat)

    def interrupt(self, state, seat: int):
        return self.sensible.interrupt(state, seat)


def _erring_bots(seed: int) -> list[_ErringBot]:
    rng = random.Random(seed)
    return [_ErringBot(random.Random(rng.getrandbits(64))) for _ in range(4)]


def _play_round(event: Event, rnd: Round, rng: random.Random) -> int:
    """Every table plays its hands; each hand goes through the captain's path. The standings
    are recomputed once the round's hands are in, not after each (``schedule.held``)."""
    with standings_schedule.held():
        return sum(_play_table(event.format, table, rng, event.seed) for table in rnd.tables.all())


def _play_table(event_format, table: Table, rng: random.Random, event_seed: int = 0) -> int:
    """The table's hands, or its game to its end, as its captain would enter them. At a
    duplicate table each hand is its board's deal, recorded with the passes the bots made."""
    captain = Actor.captain(table)
    game = event_format.game
    rules = game.rules_for(event_format.rules, table.seats.count())
    totals = [0, 0]
    number = 0
    previous = None
    while not table.is_done(event_format, number, totals):
        number += 1
        deal = None
        if event_format.is_duplicate:
            deal = board(
                event_seed,
                board_number(table.round.number, number, event_format.hands_per_round),
            ).hands
        seed = rng.getrandbits(48)
        hand = play_hand(
            rules,
            seed=seed,
            deal=deal,
            bots=None if deal is None else _erring_bots(seed),
            **game.setting(number, previous),
        )
        hand_record(
            table_id=table.pk,
            number=number,
            entry=hand.entry,
            actor=captain,
            play_record=hand.record,
            passes=hand.passes if deal is not None else None,
        )
        totals = [totals[0] + hand.totals[0], totals[1] + hand.totals[1]]
        previous = hand.score
    return number


def _simulate_cup(event: Event, organizer: Actor, rng: random.Random) -> Simulation:
    """Draw the cup, then play every game that is at a table until none is left: each decided
    game opens the next game or the next match (``knockout.progress``)."""
    cup_draw(event_id=event.pk, actor=organizer)
    played = 0
    while True:
        waiting = list(
            Table.objects.filter(
                round__event=event, status=Table.Status.OPEN, hands__isnull=True, game__isnull=False
            ).order_by("pk")
        )
        if not waiting:
            break
        for table in waiting:
            played += _play_table(event.format, table, rng)
    refresh(event.pk)
    event.refresh_from_db()
    return Simulation(event, played)


def standings_table(event: Event) -> str:
    """The standings as text, for the command line."""
    rows = ranked(StandingRow.objects.filter(event=event).select_related("entrant"), event.format)
    duplicate = event.format.is_duplicate  # ranked by the percentage (or butler total)
    head, width = ("Score", 7) if duplicate else ("VP", 5)
    lines = [f"{'Rank':>4}  {'Name':<28} {head:>{width}} {'TP':>6} {'Hands':>5} {'Byes':>4}"]
    for r in rows:
        value = f"{r.score or 0:.2f}" if duplicate else str(r.victory_points)
        lines.append(
            f"{r.rank:>4}  {r.entrant.name:<28} {value:>{width}} {r.tichu_points:>6} "
            f"{r.hands_played:>5} {r.byes:>4}"
        )
    return "\n".join(lines)


def placings_table(event: Event) -> str:
    """A cup's final placings as text, for the command line."""
    from .knockout.placings import placings

    names = dict(event.entrants.values_list("pk", "name"))
    lines = [f"{'Place':>5}  Team"]
    lines += [f"{place:>5}  {names[team]}" for place, team in placings(event)]
    return "\n".join(lines)
