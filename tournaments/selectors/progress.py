"""How far play has come: whether a round is complete (read by the services that complete rounds,
pair the next one and finish an event), and how many of its tables are done (the projector)."""

from __future__ import annotations

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce

from ..models import Round, Table


def _tables_in_play(rnd: Round) -> list[Table]:
    """The round's tables, each with its hands played, unconfirmed, and both teams' TP."""
    unconfirmed = Count("hands", filter=Q(hands__confirmed_by_opponents=False))
    return list(rnd.tables.annotate(played=Count("hands"), unconfirmed=unconfirmed,
                                    tp_a=Coalesce(Sum("hands__tp_0"), 0),
                                    tp_b=Coalesce(Sum("hands__tp_1"), 0)))


def round_is_complete(rnd: Round) -> bool:
    """Every table has all its hands, or a decided game, or was closed by the organizer; and,
    when the format asks for it, the opponents have confirmed every hand of its open tables."""
    event_format = rnd.event.format
    tables = _tables_in_play(rnd)
    if event_format.confirmation_required and any(
            t.status == Table.Status.OPEN and t.unconfirmed for t in tables):
        return False
    return bool(tables) and all(t.is_done(event_format, t.played, (t.tp_a, t.tp_b))
                                for t in tables)


def tables_done(rnd: Round) -> tuple[int, int]:
    """How many of the round's tables are done (``Table.is_done``), and how many it has."""
    event_format = rnd.event.format
    tables = _tables_in_play(rnd)
    return (sum(1 for t in tables if t.is_done(event_format, t.played, (t.tp_a, t.tp_b))),
            len(tables))
