"""Standings: victory points, Tichu points, hands played, byes, tie-breaks, rank.

Tournament rules implemented here (RULINGS.md, "Victory points and standings"):

- Each player (or team) earns the VP and TP of the team they sat in for each hand.
- VP per hand (DTM scheme), per round (2/1/0 from a table's round TP totals, once the table's
  round is complete) or per game (2/1/0 once a game to the target is decided).
- A bye is recorded, never invented as hands; its credit (format option ``bye_credit``, default
  the average VP and TP of the entrant's other rounds, rounded to whole points) is an adjustment.
- Order: VP, then the format's tie-break chain (default: total TP), last the registration order,
  so that two computations always give the same ranks.

How it runs: every change calls ``mark_changed`` in its transaction (the event's ``change_seq``
goes up) and, after the commit, one recomputation is scheduled per event (bursts coalesce). The
worker computes everything from the hands (``compute``), stores the rows (``store``) and marks
the standings up to date for the change it saw. Public reads only read the stored rows. A
correction of an old round is covered: every round is recomputed from its hands each time.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Case, Count, F, IntegerField, Sum, When
from django.utils import timezone

from scoring.victory import game_result, round_victory_points

from ..models import Bye, Entrant, Event, Hand, RoundResult, Seat, StandingRow, Table

log = logging.getLogger(__name__)
PENDING_KEY = "standings:pending:{}"
PENDING_SECONDS = 300


@dataclass
class Line:
    """One entrant's standing while it is being computed."""

    entrant_id: int
    victory_points: int = 0
    tichu_points: int = 0
    hands_played: int = 0
    byes: int = 0
    adjustment_vp: int = 0
    adjustment_tp: int = 0
    double_victories: int = 0
    opponents: list[int] = field(default_factory=list)
    tiebreaks: dict = field(default_factory=dict)
    rank: int = 0


# --- scheduling ----------------------------------------------------------------------------------

def mark_changed(event: Event) -> None:
    """Call inside a change's transaction: the standings are stale until a worker catches up,
    and one recomputation is scheduled once the change is committed."""
    Event.objects.filter(pk=event.pk).update(change_seq=F("change_seq") + 1)
    transaction.on_commit(lambda: schedule(event.pk))


def schedule(event_id: int) -> bool:
    """Enqueue one recomputation unless one is already pending (bursts coalesce).

    If the broker or cache is down, the change is still committed and the standings stay marked
    stale; the periodic catch-up task schedules them again once the broker is back.
    """
    from ..tasks import recompute_standings

    key = PENDING_KEY.format(event_id)
    try:
        if not cache.add(key, 1, PENDING_SECONDS):
            return False
        recompute_standings.delay(event_id)
        return True
    except Exception:  # noqa: BLE001 - any broker or cache failure: stay stale, catch up later
        log.warning("could not schedule standings of event %s; they stay stale", event_id,
                    exc_info=True)
        try:
            cache.delete(key)
        except Exception:  # noqa: BLE001
            log.debug("cache unavailable while clearing the pending key", exc_info=True)
        return False


def clear_pending(event_id: int) -> None:
    """The worker starts: changes from now on must schedule a new run."""
    cache.delete(PENDING_KEY.format(event_id))


def stale_event_ids() -> list[int]:
    return list(Event.objects.filter(standings_seq__lt=F("change_seq")).values_list("pk",
                                                                                    flat=True))


# --- computing ----------------------------------------------------------------------------------

def refresh(event_id: int) -> None:
    """Recompute and store an event's standings; mark them up to date for the change seen.

    Idempotent: running it twice, or after a worker died half-way, gives the same rows.
    """
    seq = Event.objects.filter(pk=event_id).values_list("change_seq", flat=True).first()
    if seq is None:
        return
    with transaction.atomic():
        _lock_standings(event_id)
        event = Event.objects.get(pk=event_id)
        lines, round_results = compute(event)
        store(event, lines, round_results)
        Event.objects.filter(pk=event_id, standings_seq__lt=seq).update(
            standings_seq=seq, standings_computed_at=timezone.now())


def _lock_standings(event_id: int) -> None:
    """One computation per event at a time (PostgreSQL advisory lock; SQLite has one writer)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [7411, event_id])


def compute(event: Event) -> tuple[list[Line], list[RoundResult]]:
    """The standings of an event from its hands and byes, in rank order (nothing is written)."""
    event_format = event.format
    per_round = _table_results(event, event_format)
    per_round = _add_byes(event, event_format, per_round)
    lines = {e: Line(e) for e in Entrant.objects.filter(event=event).values_list("pk", flat=True)}
    results = []
    for (round_id, entrant_id), r in sorted(per_round.items()):
        line = lines[entrant_id]
        line.victory_points += r["vp"]
        line.tichu_points += r["tp"]
        line.hands_played += r["hands"]
        line.double_victories += r.get("dv", 0)
        line.opponents.extend(r.get("opponents", ()))
        if r.get("bye"):
            line.byes += 1
            line.adjustment_vp += r["vp"]
            line.adjustment_tp += r["tp"]
        results.append(RoundResult(round_id=round_id, entrant_id=entrant_id,
                                   victory_points=r["vp"], tichu_points=r["tp"],
                                   hands_played=r["hands"], bye=bool(r.get("bye"))))
    ordered = rank(list(lines.values()), event_format.tiebreaks)
    return ordered, results


def _table_results(event: Event, event_format) -> dict:
    """(round, entrant) -> VP, TP, hands, double victories, opponents: one aggregate query.

    In a team event a team fills two seats, so only seats 0 and 1 are counted.
    """
    seats = Seat.objects.filter(table__round__event=event)
    if event_format.entrant_type == "team":
        seats = seats.filter(position__lt=2)
    team0 = {"position__in": [0, 2]}
    rows = seats.values("table__round_id", "table_id", "entrant_id", "position").annotate(
        vp=Sum(Case(When(**team0, then=F("table__hands__vp_0")),
                    default=F("table__hands__vp_1"), output_field=IntegerField())),
        tp=Sum(Case(When(**team0, then=F("table__hands__tp_0")),
                    default=F("table__hands__tp_1"), output_field=IntegerField())),
        hands=Count("table__hands"),
        dv=Count(Case(When(**team0, table__hands__double_victory=0, then=1),
                      When(position__in=[1, 3], table__hands__double_victory=1, then=1))),
    )
    table_seats = defaultdict(list)
    for seat in seats.values("table_id", "position", "entrant_id"):
        table_seats[seat["table_id"]].append(seat)
    per_round: dict = {}
    tables_for_vp = _decided_tables(event, event_format)
    for row in rows:
        team = row["position"] % 2
        opponents = [s["entrant_id"] for s in table_seats[row["table_id"]]
                     if s["position"] % 2 != team]
        vp = row["vp"] or 0
        if row["table_id"] in tables_for_vp:
            vp = tables_for_vp[row["table_id"]][team]
        key = (row["table__round_id"], row["entrant_id"])
        entry = per_round.setdefault(key, {"vp": 0, "tp": 0, "hands": 0, "dv": 0,
                                           "opponents": []})
        entry["vp"] += vp
        entry["tp"] += row["tp"] or 0
        entry["hands"] += row["hands"]
        entry["dv"] += row["dv"]
        entry["opponents"] += opponents
    return per_round


def _decided_tables(event: Event, event_format) -> dict[int, tuple[int, int]]:
    """VP of tables scored as a whole (per round, or per game): table -> (team 0, team 1).

    Per hand (DTM) the VP are on the hands already, so nothing is returned.
    """
    if event_format.vp_scheme == "dtm":
        return {}
    totals = Hand.objects.filter(table__round__event=event).values("table_id").annotate(
        a=Sum("tp_0"), b=Sum("tp_1"), n=Count("id"))
    closed = set(Table.objects.filter(round__event=event).exclude(status=Table.Status.OPEN)
                 .values_list("pk", flat=True))
    decided = {}
    for t in totals:
        pair = (t["a"], t["b"])
        if event_format.game_to is not None:
            winner = game_result(pair, event_format.game_to)
            if winner is not None:
                decided[t["table_id"]] = (2, 0) if winner == 0 else (0, 2)
            elif t["table_id"] in closed:
                decided[t["table_id"]] = round_victory_points(pair)
            else:
                decided[t["table_id"]] = (0, 0)
        elif t["n"] >= event_format.hands_per_round or t["table_id"] in closed:
            decided[t["table_id"]] = round_victory_points(pair)
        else:
            decided[t["table_id"]] = (0, 0)
    return decided


def _add_byes(event: Event, event_format, per_round: dict) -> dict:
    """A bye's credit: nothing, or the average VP and TP of the entrant's other rounds."""
    for bye in Bye.objects.filter(round__event=event).values("round_id", "entrant_id"):
        played = [r for (round_id, entrant), r in per_round.items()
                  if entrant == bye["entrant_id"] and not r.get("bye") and r["hands"]]
        vp = tp = 0
        if event_format.bye_credit == "average" and played:
            vp = round(sum(r["vp"] for r in played) / len(played))
            tp = round(sum(r["tp"] for r in played) / len(played))
        per_round[(bye["round_id"], bye["entrant_id"])] = {"vp": vp, "tp": tp, "hands": 0,
                                                            "bye": True}
    return per_round


TIEBREAK_KEYS = {
    "tichu_points": lambda line, _: line.tichu_points,
    "double_victories": lambda line, _: line.double_victories,
    "opponent_victory_points": lambda line, vp: sum(vp[o] for o in line.opponents),
}


def rank(lines: list[Line], tiebreaks) -> list[Line]:
    """Order by VP, then each tie-break of the chain (higher is better), then registration."""
    vp = {line.entrant_id: line.victory_points for line in lines}
    for line in lines:
        line.tiebreaks = {name: TIEBREAK_KEYS[name](line, vp) for name in tiebreaks}

    def key(line: Line):
        return (-line.victory_points, *(-line.tiebreaks[name] for name in tiebreaks),
                line.entrant_id)

    ordered = sorted(lines, key=key)
    for position, line in enumerate(ordered, start=1):
        line.rank = position
    return ordered


def store(event: Event, lines: list[Line], round_results: list[RoundResult]) -> None:
    """Replace the stored standings and round results of an event (inside a transaction)."""
    RoundResult.objects.filter(round__event=event).delete()
    RoundResult.objects.bulk_create(round_results, batch_size=2000)
    StandingRow.objects.filter(event=event).delete()
    StandingRow.objects.bulk_create([
        StandingRow(event=event, entrant_id=line.entrant_id, rank=line.rank,
                    victory_points=line.victory_points, tichu_points=line.tichu_points,
                    hands_played=line.hands_played, byes=line.byes,
                    adjustment_vp=line.adjustment_vp, adjustment_tp=line.adjustment_tp,
                    tiebreaks=line.tiebreaks)
        for line in lines], batch_size=2000)

