"""The standings of a duplicate event: every board's results compared, each pair's total.

Run by the standings worker after the rows of ``compute.store`` (``compute.refresh``), in its
transaction: a new result of a board changes the matchpoints of every pair that played it, so
the whole event is scored each time, from its hands and the organizer's artificial results, by
the pure functions of ``duplicate.matchpoints`` (RULINGS.md, "Duplicate Tichu"). What it writes
is derived data: each pair's ``BoardScore`` of each board it played (direction, result,
matchpoints, percentage or butler score) and its total on its ``StandingRow`` (``score``), which
ranks the standings (``sql.rank_keys``). Only rows that differ are written.

A hand (or an artificial result) is board ``board_number(round, hand, boards per round)``
(``pairing.duplicate``); seat 0's pair sat North-South, seat 1's East-West.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..choices import BoardScoring
from ..duplicate.matchpoints import NS, Artificial, TableResult, score_event
from ..models import ArtificialResult, BoardScore, Event, Hand, Seat, StandingRow
from ..pairing.duplicate import board_number


@dataclass(frozen=True)
class Played:
    """One table's result of one board, where it was played."""

    table_id: int
    result: TableResult


def results(event: Event) -> list[Played]:
    """Every table's result of every board of ``event``: its hand, or the organizer's
    artificial result in its place (three queries)."""
    per_round = event.format.hands_per_round or 1
    pairs: dict[int, dict[int, int]] = {}
    for table_id, position, entrant_id in Seat.objects.filter(
        table__round__event=event, position__lt=2
    ).values_list("table_id", "position", "entrant_id"):
        pairs.setdefault(table_id, {})[position] = entrant_id
    artificial = {
        (table_id, number): (Artificial(ns), Artificial(ew))
        for table_id, number, ns, ew in ArtificialResult.objects.filter(
            table__round__event=event
        ).values_list("table_id", "number", "ns", "ew")
    }
    rounds = dict(
        Seat.objects.filter(table__round__event=event, position=0).values_list(
            "table_id", "table__round__number"
        )
    )
    found: list[Played] = []
    for table_id, number, tp_0, tp_1 in Hand.objects.filter(table__round__event=event).values_list(
        "table_id", "number", "tp_0", "tp_1"
    ):
        if (table_id, number) in artificial or table_id not in pairs:
            continue
        seats = pairs[table_id]
        board = board_number(rounds[table_id], number, per_round)
        found.append(Played(table_id, TableResult(board, seats[0], seats[1], tp=(tp_0, tp_1))))
    for (table_id, number), kinds in artificial.items():
        if table_id not in pairs:
            continue
        seats = pairs[table_id]
        board = board_number(rounds[table_id], number, per_round)
        found.append(Played(table_id, TableResult(board, seats[0], seats[1], artificial=kinds)))
    return found


def board_scores(event: Event) -> tuple[list[BoardScore], dict[int, float]]:
    """Every pair's score of every board it played (unsaved rows) and every pair's total."""
    played = results(event)
    butler = event.format.board_scoring == BoardScoring.BUTLER
    cards = score_event((p.result for p in played), use_butler=butler)
    most = max(
        (
            sum(1 for p in played if p.result.board == board and p.result.tp is not None)
            for board in {p.result.board for p in played}
        ),
        default=1,
    )
    top = 2 * (most - 1)
    rows = []
    for p in played:
        for direction, pair in ((NS, p.result.ns), (1 - NS, p.result.ew)):
            value = dict(cards[pair].boards)[p.result.board]
            score = p.result.score(direction)
            real = not isinstance(score, Artificial)
            rows.append(
                BoardScore(
                    event_id=event.pk,
                    entrant_id=pair,
                    table_id=p.table_id,
                    board=p.result.board,
                    direction=direction,
                    result=score if real else None,
                    artificial="" if real else str(score),
                    matchpoints=round(value * top / 100, 4) if real and not butler else None,
                    value=round(value, 4),
                )
            )
    return rows, {pair: round(card.total, 4) for pair, card in cards.items()}


_FIELDS = ("table_id", "direction", "result", "artificial", "matchpoints", "value")


def store_scores(event: Event) -> None:
    """Write the board scores and totals of ``event`` that differ from the stored ones (inside
    the worker's transaction)."""
    rows, totals = board_scores(event)
    stored = {(s.entrant_id, s.board): s for s in BoardScore.objects.filter(event=event)}
    wanted = {(r.entrant_id, r.board): r for r in rows}
    gone = [s.pk for key, s in stored.items() if key not in wanted]
    if gone:
        BoardScore.objects.filter(pk__in=gone).delete()
    written = [
        row
        for key, row in wanted.items()
        if key not in stored
        or any(getattr(stored[key], name) != getattr(row, name) for name in _FIELDS)
    ]
    # one upsert for new and changed rows alike: an UPDATE per changed row's fields (Django's
    # bulk_update, a CASE per row and field) was two thirds of the worker's run
    BoardScore.objects.bulk_create(
        written,
        update_conflicts=True,
        unique_fields=["entrant", "board"],
        update_fields=[name.removesuffix("_id") for name in _FIELDS],
    )
    lines = list(StandingRow.objects.filter(event=event).only("pk", "entrant_id", "score"))
    moved = []
    for line in lines:
        total = totals.get(line.entrant_id)
        if line.score != total:
            line.score = total
            moved.append(line)
    StandingRow.objects.bulk_update(moved, ["score"])
