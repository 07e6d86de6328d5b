"""Selectors: read-only queries shared by the API and the pages. Nothing here writes.

Visibility rules live here once, so that every list and detail applies them the same way:
the public sees events, entrants, published and complete rounds, their tables (without codes)
and hands; an organizer (owner or co-organizer) also sees their events' drafts, codes and history.
Every list is built with ``select_related``/``prefetch_related`` so that it costs a constant
number of queries whatever the size of the event.
"""

from __future__ import annotations

from django.db.models import OuterRef, Prefetch, Q, QuerySet, Subquery

from ..models import (
    Change,
    DifferingEntry,
    Entrant,
    Event,
    Hand,
    Round,
    Seat,
    StandingRow,
    Table,
)
from ..standings.compute import ranked

# --- organizers -----------------------------------------------------------------------------------


def _organizes(user) -> Q:
    return Q(owner=user) | Q(co_organizers=user)


def organized_events(user) -> QuerySet[Event]:
    """Events ``user`` owns or co-organizes (none for an anonymous user)."""
    if user is None or not user.is_authenticated:
        return Event.objects.none()
    return Event.objects.filter(_organizes(user)).distinct()


def organized_event_ids(user) -> set[int]:
    """The ids of ``organized_events(user)``, in one query (none for an anonymous user)."""
    if user is None or not user.is_authenticated:
        return set()
    return set(organized_events(user).values_list("pk", flat=True))


def _organized_ids_subquery(user):
    return Event.objects.filter(_organizes(user)).values("pk")


# --- events and entrants --------------------------------------------------------------------------


def event_list() -> QuerySet[Event]:
    return Event.objects.all()


def entrant_list(*, event_id: int | None = None) -> QuerySet[Entrant]:
    entrants = Entrant.objects.select_related("event").prefetch_related("members")
    if event_id is not None:
        entrants = entrants.filter(event_id=event_id)
    return entrants.order_by("pk")


# --- rounds, tables, hands ------------------------------------------------------------------------


def round_list(user=None, *, tables: bool = True) -> QuerySet[Round]:
    """Rounds visible to ``user``: published and complete ones, and drafts of their own events;
    with their tables and seats unless ``tables`` is False (the lists show none)."""
    rounds = Round.objects.select_related("event").prefetch_related("byes")
    if tables:
        rounds = rounds.prefetch_related(
            Prefetch(
                "tables",
                queryset=Table.objects.order_by("number").prefetch_related(
                    Prefetch("seats", queryset=Seat.objects.order_by("position"))
                ),
            )
        )
    if user is not None and user.is_authenticated:
        return rounds.filter(
            Q(status__in=Round.PUBLIC_STATUSES) | Q(event_id__in=_organized_ids_subquery(user))
        )
    return rounds.filter(status__in=Round.PUBLIC_STATUSES)


def table_list(user=None) -> QuerySet[Table]:
    """Tables of the rounds visible to ``user``, with their seats, entrants and who plays."""
    tables = Table.objects.select_related("round__event").prefetch_related(
        Prefetch(
            "seats", queryset=Seat.objects.order_by("position").select_related("entrant", "player")
        )
    )
    if user is not None and user.is_authenticated:
        return tables.filter(
            Q(round__status__in=Round.PUBLIC_STATUSES)
            | Q(round__event_id__in=_organized_ids_subquery(user))
        )
    return tables.filter(round__status__in=Round.PUBLIC_STATUSES)


def hand_list(user=None) -> QuerySet[Hand]:
    """Hands at the tables visible to ``user``, with their per-seat credits (games scored per
    player; none in a game of two teams)."""
    hands = Hand.objects.listed().select_related("table__round").prefetch_related("seat_credits")
    if user is not None and user.is_authenticated:
        return hands.filter(
            Q(table__round__status__in=Round.PUBLIC_STATUSES)
            | Q(table__round__event_id__in=_organized_ids_subquery(user))
        )
    return hands.filter(table__round__status__in=Round.PUBLIC_STATUSES)


def table_with_event(table_id: int) -> Table | None:
    """A table with its round and event (one query), whatever the round's status."""
    return Table.objects.select_related("round__event").filter(pk=table_id).first()


# --- standings and history ------------------------------------------------------------------------


def standing_rows(event: Event) -> QuerySet[StandingRow]:
    """The stored standings of an event in rank order, numbered (never computed here)."""
    return ranked(StandingRow.objects.filter(event=event).select_related("entrant"), event.format)


def change_list(event: Event) -> QuerySet[Change]:
    """The history of an event, newest first."""
    return Change.objects.filter(event=event).order_by("-created_at", "-id")


def differing_entry_list(event: Event) -> QuerySet[DifferingEntry]:
    """The results desk's list of an event's captains' entries refused for differing from a
    recorded hand, not settled yet (``pages.differing_entries`` for a page), each with the
    recorded hand's id and totals (``recorded_*``); one whose hand is no longer recorded is left
    out, as on the desk. In round, table, hand and arrival order."""
    hand = Hand.objects.filter(table_id=OuterRef("table_id"), number=OuterRef("number"))
    return (
        DifferingEntry.objects.filter(table__round__event=event)
        .annotate(
            recorded_id=Subquery(hand.values("pk")[:1]),
            recorded_tp_0=Subquery(hand.values("tp_0")[:1]),
            recorded_tp_1=Subquery(hand.values("tp_1")[:1]),
        )
        .filter(recorded_id__isnull=False)
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "number", "received_at", "pk")
    )
