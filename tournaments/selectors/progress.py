"""How far play has come: whether a round is complete (read by the services that complete rounds,
pair the next one and finish an event), which tables keep it from being so (finishing a day cut
short), and how many of its tables are done (the projector)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce

from ..formats import Format
from ..models import ArtificialResult, Hand, Round, Table


def _tables_in_play(rnd: Round) -> list[Table]:
    """The round's tables, each with its hands played, unconfirmed (or with a captain's open
    request for a correction), and both teams' TP."""
    unconfirmed = Count(
        "hands", filter=Q(hands__confirmed_by_opponents=False) | ~Q(hands__correction_request="")
    )
    tables: list[Any] = list(
        rnd.tables.annotate(
            played=Count("hands"),
            unconfirmed=unconfirmed,
            tp_a=Coalesce(Sum("hands__tp_0"), 0),
            tp_b=Coalesce(Sum("hands__tp_1"), 0),
        )
    )
    if rnd.event.format.is_duplicate:
        extra = _artificial_boards(rnd)
        for table in tables:
            table.played += extra.get(table.pk, 0)
    return tables


def _artificial_boards(rnd: Round) -> dict[int, int]:
    """Per table, the duplicate boards given an artificial result without a hand of them: each
    counts as played at its table (``services.duplicate``)."""
    hands = set(Hand.objects.filter(table__round=rnd).values_list("table_id", "number"))
    extra: dict[int, int] = {}
    for table_id, number in ArtificialResult.objects.filter(table__round=rnd).values_list(
        "table_id", "number"
    ):
        if (table_id, number) not in hands:
            extra[table_id] = extra.get(table_id, 0) + 1
    return extra


def round_is_complete(rnd: Round) -> bool:
    """Every table has all its hands, or a decided game, or was closed by the organizer; and,
    when the format asks for it, the opponents have confirmed every hand of its open tables and
    no captain's request for a correction is open there."""
    event_format = rnd.event.format
    tables = _tables_in_play(rnd)
    return bool(tables) and all(
        table_is_complete(
            t, event_format, played=t.played, unconfirmed=t.unconfirmed, totals=(t.tp_a, t.tp_b)
        )
        for t in tables
    )


def unfinished_tables(rnd: Round) -> list[Table]:
    """The tables that keep the round from being complete (``round_is_complete``), in number
    order: what finishing a day cut short asks the organizer to close."""
    event_format = rnd.event.format
    return sorted(
        (
            t
            for t in _tables_in_play(rnd)
            if not table_is_complete(
                t, event_format, played=t.played, unconfirmed=t.unconfirmed, totals=(t.tp_a, t.tp_b)
            )
        ),
        key=lambda t: t.number,
    )


def table_is_complete(
    table: Table, event_format: Format, *, played: int, unconfirmed: int, totals: Sequence[int]
) -> bool:
    """A table's share of a complete round (``round_is_complete``), from its ``played`` hands,
    how many of them are ``unconfirmed`` and its TP ``totals``: a backup's tables, not yet
    written, are judged by the same rule."""
    if event_format.confirmation_required and table.status == Table.Status.OPEN and unconfirmed:
        return False
    return table.is_done(event_format, played, totals)


def tables_done(rnd: Round) -> tuple[int, int]:
    """How many of the round's tables are done (``Table.is_done``), and how many it has."""
    event_format = rnd.event.format
    tables = _tables_in_play(rnd)
    return (
        sum(1 for t in tables if t.is_done(event_format, t.played, (t.tp_a, t.tp_b))),
        len(tables),
    )
