"""A series' table from its events' placings: the rule in one place (docs/rules.md, "Series").

Pure: placings in (``selectors.placings.Placing``: event, person, place, field), the table out;
no database, so that the rule is tested on its own, property by property.

- Points per placing, in tenths of a point (exact integer sums, shown with one decimal):
  scaled by the field, ``100 x (N - place + 1) / N`` rounded to one decimal, halves up (the
  winner 100, the last of 8 12.5); or a fixed table (``points_table``, place 1 first), places
  beyond it 0. A tie shares the place, so the tied get that place's points.
- Of each person's events the best ``best_k`` count (all when None); equal points, the earlier
  event counts. The others are shown, struck: played, not counted.
- Order: counted points, then more event wins (places 1), then more second places (in every
  event of the series the person was placed in, counted or not), then the better last result:
  the person's place over the field (place / N, smaller is better) in the latest event of the
  series they were placed in. Persons equal in all four share a rank; the table lists them by
  the caller's key (a name), then by id, so that the order never depends on chance.
- The first ``qualifying`` ranks are marked as qualified: rank <= qualifying, so persons tied on
  the line all qualify.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Protocol

FIELD, TABLE = "field", "table"
TENTHS = 10


class PlacingLike(Protocol):
    """What the table needs of a placing (``selectors.placings.Placing``)."""

    @property
    def event_id(self) -> int: ...
    @property
    def person_id(self) -> int: ...
    @property
    def place(self) -> int: ...
    @property
    def field(self) -> int: ...


@dataclass(frozen=True)
class Rule:
    """How a series scores: ``points`` (``FIELD`` or ``TABLE``), the fixed ``table`` in tenths
    (place 1 first), ``best_k`` events counted (None: all), ``qualifying`` ranks marked."""

    points: str = FIELD
    table: tuple[int, ...] = ()
    best_k: int | None = None
    qualifying: int = 0

    @classmethod
    def of(cls, series) -> Rule:
        """The rule of a ``models.Series`` (its points table as the services checked it)."""
        return cls(
            points=series.points,
            table=tuple(to_tenths(value) for value in series.points_table or ()),
            best_k=series.best_k,
            qualifying=series.qualifying,
        )


def to_tenths(value: float | int | str | Decimal) -> int:
    """A number of points as whole tenths (``12.5`` -> 125), halves up beyond one decimal."""
    return int((Decimal(str(value)) * TENTHS).to_integral_value(rounding=ROUND_HALF_UP))


def as_points(tenths: int) -> Decimal:
    """Tenths of a point as the number shown: ``125`` -> 12.5, ``250`` -> 25."""
    value = Decimal(tenths) / TENTHS
    return value.quantize(Decimal(1)) if tenths % TENTHS == 0 else value


def placing_points(rule: Rule, place: int, field: int) -> int:
    """The points (tenths) of ``place`` among ``field`` placed."""
    if rule.points == TABLE:
        return rule.table[place - 1] if 1 <= place <= len(rule.table) else 0
    # 100 x (N - place + 1) / N in tenths, halves up, in integers: 1000 x (N - p + 1) / N
    return (2000 * (field - place + 1) + field) // (2 * field)


@dataclass(frozen=True)
class Result:
    """A person's result in one event of the series: ``place`` of ``field``, its ``points``
    (tenths), and whether they count towards the total."""

    event_id: int
    place: int
    field: int
    points: int
    counted: bool


@dataclass
class Line:
    """A person's row of the table: their ``results`` by event id, the counted ``total``
    (tenths), the tie-breaks, ``rank`` (shared by equals) and ``qualified``."""

    person_id: int
    results: dict[int, Result]
    total: int
    wins: int
    seconds: int
    last: Fraction
    rank: int = 0
    qualified: bool = False

    @property
    def order(self) -> tuple[int, int, int, Fraction]:
        """What ranks the row: smaller is better."""
        return (-self.total, -self.wins, -self.seconds, self.last)


def counted_events(results: Sequence[Result], best_k: int | None, position: dict[int, int]):
    """The events that count among ``results``: the ``best_k`` with the most points, the
    earlier event first among equals (``position``: an event's place in the series)."""
    best = sorted(results, key=lambda r: (-r.points, position[r.event_id]))
    return {r.event_id for r in (best if best_k is None else best[:best_k])}


def series_table(
    placings: Iterable[PlacingLike],
    events: Sequence[int],
    rule: Rule,
    *,
    name_key: Callable[[int], object] | None = None,
) -> list[Line]:
    """The table of the persons placed in ``events`` (the series' events, in their order: the
    last is the latest), ranked by the rule above."""
    position = {event_id: index for index, event_id in enumerate(events)}
    by_person: dict[int, list[Result]] = {}
    for placing in placings:
        if placing.event_id not in position:
            continue
        points = placing_points(rule, placing.place, placing.field)
        by_person.setdefault(placing.person_id, []).append(
            Result(placing.event_id, placing.place, placing.field, points, counted=False)
        )
    lines = []
    for person_id, results in by_person.items():
        counted = counted_events(results, rule.best_k, position)
        marked = {
            r.event_id: Result(r.event_id, r.place, r.field, r.points, r.event_id in counted)
            for r in results
        }
        latest = max(results, key=lambda r: position[r.event_id])
        lines.append(
            Line(
                person_id=person_id,
                results=marked,
                total=sum(r.points for r in marked.values() if r.counted),
                wins=sum(1 for r in results if r.place == 1),
                seconds=sum(1 for r in results if r.place == 2),
                last=Fraction(latest.place, latest.field),
            )
        )
    lines.sort(key=lambda line: (line.order, _name(name_key, line.person_id), line.person_id))
    for index, line in enumerate(lines):
        previous = lines[index - 1] if index else None
        line.rank = previous.rank if previous and previous.order == line.order else index + 1
        line.qualified = line.rank <= rule.qualifying
    return lines


def _name(name_key: Callable[[int], object] | None, person_id: int) -> object:
    return name_key(person_id) if name_key else ""
