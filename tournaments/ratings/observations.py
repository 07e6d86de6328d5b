"""Every hand of a register's events as the rating model's observations (``model``).

Who played a hand: each seat's person (``Seat.player``, a team's roster member, else the seat's
entrant's person in an individual event), a record merged into another counting as the kept one
(``Player.merged_into``). A hand whose seats are not all known persons (a team's table made
before tables named their players) tells nothing about persons and is left out.

What a hand says, by the shape of its game (``tournaments.games``), never by its name:

- a game of two sides scored by card points (Tichu and Chaos Tichu, Tientsin's teams of three,
  Threechu's dealer-and-dummy side against the other two): the TP margin of the engine's team 0
  over team 1 (``Hand.tp_0 - Hand.tp_1``), each table position on the side of the engine's seat
  it plays in that hand (``TableGame.engine_seats``: Threechu's dealer rotates), and both
  sides' TP together, keyed by the rules' game (``Rules.game``: each game's TP total has its own
  base, ``model``; the name is a key here, never a branch);
- a game of placings (Grand Seigneur): each player's place (``HandSeat.place``).

Three queries whatever the register's size: the seats, the hands, the placings.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from ..formats import Format
from ..games import TableGame
from ..models import Event, Hand, HandSeat, Player, Register, Seat
from .model import Observation, PlacingHand, TeamHand


@dataclass(frozen=True)
class RegisterHands:
    """A register's observations: ``people`` (person ids, index = the model's column) and each
    event's id with its observations, in event order (created, then id)."""

    people: list[int]
    events: list[tuple[int, list[Observation]]]


def kept_people(register_id: int) -> dict[int, int]:
    """Each person id of the register mapped to the record it counts as (itself unless merged;
    a chain of merges followed to its end)."""
    merged = dict(
        Player.objects.filter(register_id=register_id).values_list("pk", "merged_into_id")
    )
    kept = {}
    for person in merged:
        target, seen = person, {person}
        while merged.get(target) is not None and merged[target] not in seen:
            target = merged[target]
            seen.add(target)
        kept[person] = target
    return kept


def register_hands(register: Register) -> RegisterHands:
    """Every hand of ``register``'s events as observations (see the module)."""
    events = list(Event.objects.filter(register=register).order_by("created_at", "id"))
    kept = kept_people(register.pk)
    seats = _seat_people(register, kept)
    places = _places(register)
    by_event: dict[int, list[Observation]] = defaultdict(list)
    formats = {event.pk: Format.from_dict(event.format_data) for event in events}
    games = {pk: (found.game, found.rules.game) for pk, found in formats.items()}
    rows = (
        Hand.objects.filter(table__round__event__register=register)
        .order_by("table__round__event_id", "table__round__number", "table_id", "number")
        .values_list("pk", "table_id", "table__round__event_id", "number", "tp_0", "tp_1")
    )
    for hand_id, table_id, event_id, number, tp_0, tp_1 in rows:
        people = seats.get(table_id)
        if not people:
            continue
        observation = _observation(
            *games[event_id], people, number, (tp_0, tp_1), places.get(hand_id, {})
        )
        if observation is not None:
            by_event[event_id].append(observation)
    persons = sorted({p for found in by_event.values() for obs in found for p in _persons(obs)})
    column = {person: index for index, person in enumerate(persons)}
    return RegisterHands(
        people=persons,
        events=[
            (event.pk, [_columns(obs, column) for obs in by_event[event.pk]])
            for event in events
            if by_event.get(event.pk)
        ],
    )


def _seat_people(register: Register, kept: dict[int, int]) -> dict[int, dict[int, int | None]]:
    """Each table's persons by position (None where the seat names no person)."""
    rows = Seat.objects.filter(table__round__event__register=register).values_list(
        "table_id", "position", "player_id", "entrant__player_id"
    )
    tables: dict[int, dict[int, int | None]] = defaultdict(dict)
    for table_id, position, player_id, entrant_player_id in rows:
        person: int | None = player_id or entrant_player_id
        tables[table_id][position] = None if person is None else kept.get(person, person)
    return tables


def _places(register: Register) -> dict[int, dict[int, int]]:
    """Each placing hand's places by position (only hands whose credits name a place)."""
    rows = HandSeat.objects.filter(
        hand__table__round__event__register=register, place__isnull=False
    ).values_list("hand_id", "position", "place")
    places: dict[int, dict[int, int]] = defaultdict(dict)
    for hand_id, position, place in rows:
        if place is not None:  # the filter's promise, for the type checker
            places[hand_id][position] = place
    return places


def _observation(
    game: TableGame,
    scored_by: str,
    people: dict[int, int | None],
    number: int,
    tp: tuple[int, int],
    places: dict[int, int],
) -> Observation | None:
    """One hand of ``game`` (by the rules of ``scored_by``) at a table seating ``people`` (by
    position) whose teams made ``tp``, or None when it names no known person at a seat or lacks
    its placings."""
    if any(person is None for person in people.values()):
        return None
    seated = {position: person for position, person in people.items() if person is not None}
    if game.placings:
        if set(places) != set(seated):
            return None
        positions = sorted(seated)
        return PlacingHand(
            players=tuple(seated[p] for p in positions), places=tuple(places[p] for p in positions)
        )
    sides: tuple[list[int], list[int]] = ([], [])
    for position in sorted(seated):
        sides[game.engine_seats(position, number)[0] % 2].append(seated[position])
    if not sides[0] or not sides[1]:
        return None
    return TeamHand(
        side_a=tuple(sides[0]),
        side_b=tuple(sides[1]),
        margin=float(tp[0] - tp[1]),
        total=float(tp[0] + tp[1]),
        game=scored_by,
    )


def _persons(observation: Observation) -> tuple[int, ...]:
    if isinstance(observation, TeamHand):
        return observation.side_a + observation.side_b
    return observation.players


def _columns(observation: Observation, column: dict[int, int]) -> Observation:
    """The observation with person ids replaced by the model's columns."""
    if isinstance(observation, TeamHand):
        return replace(
            observation,
            side_a=tuple(column[p] for p in observation.side_a),
            side_b=tuple(column[p] for p in observation.side_b),
        )
    return PlacingHand(
        players=tuple(column[p] for p in observation.players), places=observation.places
    )
