"""A person's record across the events of their register: the data of their public page and of
the API's ``/api/people/{id}/profile/``.

- **Events**: every event the person entered, alone or on a team's roster, by date, with its
  game and, once finished, their place and the field (``placings.final_places``).
- **Awards**: the firsts, seconds and thirds of their finished events.
- **Statistics per game**, from every hand at a table they sat at in a published or complete
  round. Who played a seat is ``Seat.player`` (a roster member) or else the entrant's person.
  Each game shows what it has (``tournaments.games``): a game with calls counts the calls of
  the seats the person played in each hand (``engine_seats``: Threechu's dealer also plays the
  dummy) and made as the engine stored it (the canonical entry's ``tichu_success``), and its
  sweep (the double victory, Tientsin's triple victory: ``sweep_label``) made and suffered; a
  game of placings counts the hands won and the average place. VP per hand are the round
  results' VP earned at the tables (credits for byes and closed tables left out) over their
  hands, so that every victory-point scheme reads alike (a scheme per round or game gives a
  hand no VP of its own).
- **Partners**: who sat on the person's side most often, in hands (a side is the engine's team
  of the hand, so Threechu's change with the deal; a game of placings has none).
- **Rating**: the register's last rating of them and its history (``Rating``,
  ``RatingPoint``), None before the ratings worker rated them.

The number of queries does not grow with the person's events or hands (a cup reads its bracket,
``final_places``): the rows are read in a few queries and counted here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, OuterRef, Q, QuerySet

from ..collation import name_key
from ..games import GAMES, TableGame
from ..models import (
    Entrant,
    Event,
    Hand,
    HandSeat,
    Membership,
    Player,
    Rating,
    RatingPoint,
    Round,
    RoundResult,
    Seat,
)
from .placings import final_places
from .stats import CallStats

MAX_PARTNERS = 10
CALLS = ("tichu", "grand", "blind")


@dataclass(frozen=True)
class EventLine:
    """One event of the person: ``place`` of ``field`` once it is finished and placed them."""

    event: Event
    game: TableGame
    team: str | None  # the team's name when the person played on its roster
    place: int | None = None
    field: int | None = None


@dataclass(frozen=True)
class Awards:
    firsts: int = 0
    seconds: int = 0
    thirds: int = 0


@dataclass
class GameStats:
    """A person's numbers in one game. ``calls`` and ``sweeps`` only where the game has calls
    (not a game of placings); ``places`` (a hand's place: count) only where it has placings."""

    game: TableGame
    events: int = 0
    hands: int = 0
    vp: int = 0
    vp_hands: int = 0
    calls: dict[str, CallStats] = field(default_factory=lambda: {c: CallStats() for c in CALLS})
    sweeps: int = 0
    sweeps_suffered: int = 0
    places: Counter[int] = field(default_factory=Counter)

    @property
    def has_calls(self) -> bool:
        return not self.game.placings

    @property
    def vp_per_hand(self) -> float | None:
        return self.vp / self.vp_hands if self.vp_hands else None

    @property
    def call_lines(self) -> list[tuple[str, CallStats]]:
        """The calls as a page lists them: Tichu and Grand Tichu always, the rarer Blind Grand
        Tichu where it was called."""
        return [(k, c) for k, c in self.calls.items() if k != "blind" or c.called]

    @property
    def hands_won(self) -> int:
        """Hands the person finished first in (a game of placings)."""
        return self.places[1]

    @property
    def average_place(self) -> float | None:
        placed = sum(self.places.values())
        return sum(p * n for p, n in self.places.items()) / placed if placed else None


@dataclass(frozen=True)
class Partner:
    """Someone who sat on the person's side, and in how many hands. ``public_id`` is None where
    their page is not public (hidden: named, not linked); an erased one is not named."""

    name: str
    hands: int
    person_id: int
    public_id: str | None
    erased: bool


@dataclass(frozen=True)
class RatingLine:
    """The rating after one event (the chart's points)."""

    event_id: int
    event_name: str
    date: datetime
    mu: float
    sigma: float
    hands: int


@dataclass
class Profile:
    person: Player
    events: list[EventLine]
    awards: Awards
    games: list[GameStats]
    partners: list[Partner]
    rating: Rating | None
    history: list[RatingLine]

    @property
    def hands(self) -> int:
        return sum(g.hands for g in self.games)

    @property
    def rating_moved(self) -> bool:
        """Does the rating differ, to the tenth the page shows, from its value after the
        person's last event? The register's later events rate the people met anew, and this
        person's rating with them: the page then says so."""
        if self.rating is None or not self.history:
            return False
        return round(self.history[-1].mu, 1) != round(self.rating.mu, 1)

    @property
    def tichu(self) -> CallStats:
        return self._calls("tichu")

    @property
    def grand(self) -> CallStats:
        return self._calls("grand")

    def _calls(self, kind: str) -> CallStats:
        """One kind of call over every game that has calls (the overview's line)."""
        total = CallStats()
        for stats in self.games:
            if stats.has_calls:
                total.called += stats.calls[kind].called
                total.made += stats.calls[kind].made
        return total


def kept_person(person: Player) -> Player:
    """The record a merged one points to (through later merges too): a merged record's page is
    the kept person's."""
    while person.merged_into_id is not None:
        person = Player.objects.select_related("register").get(pk=person.merged_into_id)
    return person


def person_profile(person: Player) -> Profile:
    """Everything a person's page shows (module docstring)."""
    entries = _entries(person)
    events = {entrant.event_id: entrant.event for entrant in entries}
    places = final_places(events.values())
    lines = [_event_line(entrant, places.get(entrant.event_id, [])) for entrant in entries]
    lines.sort(key=lambda line: (line.event.created_at, line.event.pk))
    games = _game_stats(person, events, lines)
    return Profile(
        person=person,
        events=lines,
        awards=Awards(
            firsts=sum(1 for line in lines if line.place == 1),
            seconds=sum(1 for line in lines if line.place == 2),
            thirds=sum(1 for line in lines if line.place == 3),
        ),
        games=[games.stats[name] for name in GAMES if name in games.stats],
        partners=_partners(games.partners),
        rating=Rating.objects.filter(person=person).first(),
        history=[
            RatingLine(p.event_id, p.event.name, p.event.created_at, p.mu, p.sigma, p.hands)
            for p in RatingPoint.objects.filter(person=person)
            .select_related("event")
            .order_by("event__created_at", "event_id")
        ],
    )


def _entries(person: Player) -> list[Entrant]:
    """The person's entries: their own, and the teams whose roster they are on."""
    rosters = Membership.objects.filter(player=person).values("entrant_id")
    return list(
        Entrant.objects.filter(Q(player=person) | Q(pk__in=rosters)).select_related("event")
    )


def _event_line(entrant: Entrant, places: list[tuple[int, int]]) -> EventLine:
    place = next((p for p, entrant_id in places if entrant_id == entrant.pk), None)
    return EventLine(
        event=entrant.event,
        game=entrant.event.format.game,
        team=entrant.name if entrant.player_id is None else None,
        place=place,
        field=len(places) if place is not None else None,
    )


def _plays(person: Player, prefix: str = "") -> Q:
    """The seats the person played: named on it, or the person of its entrant where nobody is."""
    return Q(**{f"{prefix}player": person}) | Q(
        **{f"{prefix}player__isnull": True, f"{prefix}entrant__player": person}
    )


@dataclass
class _Counted:
    stats: dict[str, GameStats]
    partners: Counter[int]


def _game_stats(person: Player, events: dict[int, Event], lines: list[EventLine]) -> _Counted:
    """Every game's numbers from the hands at the person's tables (a few queries, module
    docstring), and who sat on their side in how many hands."""
    counted = _Counted(stats={}, partners=Counter())
    game_of = {line.event.pk: line.game for line in lines}

    def stats_of(event_id: int) -> GameStats:
        game = game_of[event_id]
        return counted.stats.setdefault(game.name, GameStats(game=game))

    for line in lines:
        stats_of(line.event.pk).events += 1
    own = Seat.objects.filter(_plays(person), table__round__status__in=Round.PUBLIC_STATUSES)
    mine = {
        table_id: (position, event_id)
        for table_id, position, event_id in own.values_list(
            "table_id", "position", "table__round__event_id"
        )
    }
    tables = own.values("table_id")
    people: dict[int, dict[int, int]] = {}  # table -> position -> person
    for table_id, position, player_id, entrant_person in Seat.objects.filter(
        table_id__in=tables
    ).values_list("table_id", "position", "player_id", "entrant__player_id"):
        if player_id or entrant_person:
            people.setdefault(table_id, {})[position] = player_id or entrant_person
    places: dict[tuple[int, int], int] = dict(
        ((hand_id, position), place)
        for hand_id, position, place in HandSeat.objects.filter(
            hand__table_id__in=tables, place__isnull=False
        ).values_list("hand_id", "position", "place")
        if place is not None
    )
    for hand_id, table_id, number, entry, sweep in Hand.objects.filter(
        table_id__in=tables
    ).values_list("pk", "table_id", "number", "entry", "sweep_team"):
        position, event_id = mine[table_id]
        stats = stats_of(event_id)
        stats.hands += 1
        if stats.game.placings:
            if (hand_id, position) in places:
                stats.places[places[hand_id, position]] += 1
            continue
        seats = stats.game.engine_seats(position, number)
        side = seats[0] % 2
        _count_calls(stats, entry or {}, seats)
        if sweep is not None:
            if sweep == side:
                stats.sweeps += 1
            else:
                stats.sweeps_suffered += 1
        at_table = people.get(table_id, {})
        for other in stats.game.partner_positions(position, number, at_table):
            counted.partners[at_table[other]] += 1
    for event_id, vp, credit, hands in _round_results(person).values_list(
        "round__event_id", "victory_points", "adjustment_vp", "hands_played"
    ):
        stats = stats_of(event_id)
        stats.vp += vp - credit
        stats.vp_hands += hands
    counted.partners.pop(person.pk, None)
    return counted


def _count_calls(stats: GameStats, entry: dict, seats: tuple[int, ...]) -> None:
    """The calls of the person's engine ``seats`` in a canonical entry, made as it says."""
    calls, made = entry.get("calls") or {}, entry.get("tichu_success") or {}
    for seat in seats:
        call = calls.get(str(seat))
        if call in stats.calls:
            stats.calls[call].called += 1
            stats.calls[call].made += int(made.get(str(seat)) is True)


def _round_results(person: Player) -> QuerySet[RoundResult]:
    """The round results of the entries the person played for in the rounds they sat in (a
    team's, in the rounds the person was at its table); byes have no seat, so none of theirs."""
    seated = Seat.objects.filter(
        _plays(person),
        entrant_id=OuterRef("entrant_id"),
        table__round_id=OuterRef("round_id"),
        table__round__status__in=Round.PUBLIC_STATUSES,
    )
    return RoundResult.objects.filter(Exists(seated), bye=False)


def _partners(counts: Counter[int]) -> list[Partner]:
    """The partners seen most often (in hands), most first, then by name (German order)."""
    found = Player.objects.filter(pk__in=list(counts)).only(
        "name", "public_id", "hidden", "erased_at"
    )
    partners = [
        Partner(
            name=person.name,
            hands=counts[person.pk],
            person_id=person.pk,
            public_id=None if person.hidden or person.erased else person.public_id,
            erased=person.erased,
        )
        for person in found
    ]
    partners.sort(key=lambda p: (-p.hands, name_key(p.name)))
    return partners[:MAX_PARTNERS]
