"""Recording hands: a captain's entry, an organizer's correction (undone by ``undo``).

Tournament rules implemented here:

- A hand is validated and scored only by the engine (``scoring.score_entry`` under the event's
  rules); its Tichu points and per-hand victory points are stored with the canonical entry.
- A captain enters hands at their own table, in the current (published) round, numbered 1 to the
  format's hands per round (or, in a game to a target, until the game is decided).
- Idempotent: the same entry again changes nothing (and says so); a different entry for a hand
  already recorded is refused to a captain (409) and is a correction when an organizer makes it,
  recorded in the history with the old and new values and a reason. The captain's refused entry
  is kept all the same (``DifferingEntry``): the phone whose hand was recorded and the results
  desk show it until the organizer corrects the hand or keeps the recorded score.
- The opponents confirm a hand with their own code (``hand_confirm``); a captain may ask the
  organizer to correct a saved hand (``hand_request_correction``), a request the organizer
  answers by correcting the hand or dismissing it (``hand_request_dismiss``).
- All in one transaction, serialized per table by a row lock on the table (``_locked_slot``;
  SQLite serializes writers itself), with the unique (table, number) constraint behind it, so
  concurrent captains never lose or duplicate a hand, and the tables of an event are entered in
  parallel; the standings worker is scheduled only after the commit.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cache, lru_cache
from typing import Any

from django.db import connection, transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from scoring import InvalidRecord
from scoring.boards import Passes, board, check_passes

from .. import rows
from ..formats import Format
from ..games import checked_play_record, score_for_table
from ..knockout.progress import after_table_change
from ..models import (
    CORRECTION_REQUEST_LENGTH,
    DifferingEntry,
    Event,
    Hand,
    HandSeat,
    Round,
    Seat,
    Table,
)
from ..pairing.duplicate import board_number
from ..record_wording import record_error_message
from ..standings.schedule import mark_changed
from .history import Actor, Conflict, Forbidden, ServiceError, change_row, record_change
from .lifecycle import check_not_finished

MAX_HANDS_PER_GAME = 64  # a game to 1000 ends long before; a bound keeps typos out
NUMBER_COLUMN_MAX = 2**31 - 1  # Hand.number's column holds no more


@dataclass(frozen=True)
class HandOutcome:
    """What ``hand_record`` did: ``created``, ``corrected`` or ``unchanged``."""

    hand: Hand
    result: str
    credits: dict[int, tuple[int, int, int | None]] | None = None
    """A game scored per player: each table position's (TP, VP, place) for the hand."""


ActorOf = Callable[[Table], Actor]
ROUND_EVENT, TABLE_ROUND = Round._meta.get_field("event"), Table._meta.get_field("round")


def hand_record(
    *,
    table_id: int,
    number: int,
    entry,
    actor: Actor | ActorOf,
    reason: str = "",
    typed_at: datetime | None = None,
    play_record: Mapping[str, Any] | None = None,
    passes: object = None,
) -> HandOutcome:
    """Record (or, for an organizer, correct) hand ``number`` at a table.

    ``play_record``: the hand as it was played card by card (``scoring.record``), where one is
    known (the bots of a simulated event): kept with the hand for its replay page, once it
    replays under the table's rules to the very entry (``games.checked_play_record``), else
    refused (``invalid_play_record``). Never needed: a captain enters the score alone. A
    correction keeps only the record it is given.

    ``passes``: a duplicate board's exchange as the table recorded it (optional), checked
    against the board's cards (``scoring.boards.check_passes``) and stored with the hand.

    ``typed_at``: when the captain typed it on a phone that kept it while it had no connection
    (``Hand.typed_at``); kept with a new hand, never changed by the same entry sent again.

    ``actor`` is who enters the hand, or a function of the table that says who (and raises when
    nobody may): the API checks a captain's code that way, on the table loaded here anyway.

    Raises ``InvalidHand`` when the engine refuses the entry, ``ServiceError``/``Conflict`` when the
    tournament's rules do. Nothing is written in either case, but for a captain's entry that
    differs from the recorded hand: refused (409 ``hand_conflict``) and kept as a
    ``DifferingEntry`` for the other phone and the results desk to show.

    A new hand costs three round trips to the database: the locks with what they protect, the
    writes, the commit.
    """
    refused: list[tuple[Table, Hand, Actor]] = []  # a captain's differing entry, kept below
    try:
        return _record(
            table_id, number, entry, actor, reason, typed_at, refused, play_record, passes
        )
    except Conflict:
        if refused:
            _keep_differing(*refused[0])
        raise


def _record(
    table_id: int,
    number: int,
    entry,
    actor: Actor | ActorOf,
    reason: str,
    typed_at: datetime | None,
    refused: list[tuple[Table, Hand, Actor]],
    play_record: Mapping[str, Any] | None = None,
    passes: object = None,
) -> HandOutcome:
    """``hand_record`` in its transaction; a captain's entry refused for differing from the
    recorded hand is added to ``refused``, which the caller keeps once the transaction is
    rolled back (``DifferingEntry``)."""
    with transaction.atomic():
        found = _locked_slot(table_id, number)
        if found is None:
            raise ServiceError(_("This table does not exist."), code="not_found")
        table, event_format, existing_id = found
        if callable(actor):
            actor = actor(table)
        seats = table.seat_count
        scored = score_for_table(event_format, entry, number, seats)
        if play_record is not None:
            play_record = _checked_record(event_format, play_record, scored, seats)
        (tp_0, tp_1), (vp_0, vp_1) = scored.team_points, scored.victory_points
        hand = Hand(
            table_id=table.pk,
            number=number,
            entry=scored.entry,
            tp_0=tp_0,
            tp_1=tp_1,
            vp_0=vp_0,
            vp_1=vp_1,
            sweep_team=scored.sweep,
            entered_by=actor.label,
            typed_at=typed_at,
            play_record=play_record,
            passes=None if passes is None else _checked_passes(table, event_format, number, passes),
        )
        if existing_id is None:
            _check_may_enter(table, event_format, number, actor, existing=None)
            outcome = HandOutcome(_created(table, hand, actor), "created")
        else:
            existing = Hand.objects.get(pk=existing_id)
            if existing.entry == hand.entry and (passes is None or existing.passes == hand.passes):
                return HandOutcome(existing, "unchanged")
            try:
                _check_may_enter(table, event_format, number, actor, existing=existing)
            except Conflict as error:
                if error.code == "hand_conflict":
                    refused.append((table, hand, actor))
                raise
            outcome = HandOutcome(_corrected(table, existing, hand, actor, reason), "corrected")
        if scored.credits is not None:
            _write_seat_credits(outcome.hand, scored.credits)
            outcome = HandOutcome(outcome.hand, outcome.result, scored.credits)
        if event_format.is_cup:  # a decided game starts the next one or moves the cup on
            after_table_change(table.pk, actor)
        return outcome


def _checked_record(
    event_format: Format, record: Mapping[str, Any], scored, seats: int
) -> dict[str, Any]:
    """A play record that may be kept with the hand ``scored``, or a refusal in words."""
    try:
        return checked_play_record(event_format, record, scored, seats)
    except InvalidRecord as error:
        raise ServiceError(record_error_message(error), code="invalid_play_record") from None


def _checked_passes(table: Table, event_format: Format, number: int, passes: object) -> Passes:
    """A duplicate board's passes, checked against the cards of the board that hand ``number``
    of the table is (``board_passes``)."""
    seed = Event.objects.filter(pk=table.round.event_id).values_list("seed", flat=True).get()
    return board_passes(event_format, seed, table.round.number, number, passes)


def board_passes(
    event_format: Format, seed: int, round_number: int, number: int, passes: object
) -> Passes:
    """The passes of hand ``number`` of a round of a duplicate event of ``seed``, checked
    against the cards of the board it is (``InvalidHand`` from the engine); refused outside a
    duplicate event. A backup's hands are checked by it too."""
    if not event_format.is_duplicate:
        raise ServiceError(
            _("Passes are recorded for the boards of a duplicate event only."),
            field="passes",
            code="passes",
        )
    check_hand_number(event_format, number)
    number_of_board = board_number(round_number, number, event_format.hands_per_round or 1)
    return check_passes(board(seed, number_of_board), passes)


DIFFERING = "differing_entry"  # the history's subject of a kept differing entry


def entry_digest(entry: object) -> str:
    """A canonical entry's SHA-256 (``DifferingEntry.digest``): its JSON with sorted keys."""
    canonical = json.dumps(entry, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _keep_differing(table: Table, hand: Hand, actor: Actor) -> None:
    """Keep a captain's entry refused for differing from the recorded hand (``DifferingEntry``),
    once per different value, with a line in the event's history; in a transaction of its own,
    after the refused one was rolled back."""
    with transaction.atomic():
        differing, created = DifferingEntry.objects.get_or_create(
            table_id=table.pk,
            number=hand.number,
            digest=entry_digest(hand.entry),
            defaults={
                "entry": hand.entry,
                "tp_0": hand.tp_0,
                "tp_1": hand.tp_1,
                "entered_by": hand.entered_by,
                "typed_at": hand.typed_at,
            },
        )
        if created:
            record_change(
                table.round.event,
                subject=DIFFERING,
                subject_id=differing.pk,
                action="receive",
                actor=actor,
                new=_differing_snapshot(differing, table),
            )


def _hand_place(table: Table, number: int) -> dict:
    """A hand as the history names it: by its table's and round's numbers."""
    return {
        "table": table.pk,
        "table_number": table.number,
        "round": table.round.number,
        "number": number,
    }


def _differing_snapshot(differing: DifferingEntry, table: Table) -> dict:
    """A differing entry as the history keeps it."""
    return {
        **_hand_place(table, differing.number),
        "entry": differing.entry,
        "totals": [differing.tp_0, differing.tp_1],
    }


def differing_record(differing: DifferingEntry) -> dict:
    """A differing entry whole, as a correction that settles it keeps it in its history row
    (``old["settled"]``), so that undoing the correction opens it again (``differing_reopen``)."""
    return {
        "entry": differing.entry,
        "digest": differing.digest,
        "tp_0": differing.tp_0,
        "tp_1": differing.tp_1,
        "entered_by": differing.entered_by,
        "typed_at": differing.typed_at.isoformat() if differing.typed_at else None,
        "received_at": differing.received_at.isoformat(),
    }


def differing_reopen(*, hand_id: int, settled: list[dict], actor: Actor) -> list[DifferingEntry]:
    """The differing entries a correction of hand ``hand_id`` settled (``differing_record``s),
    open again on the results desk once the correction is undone (``services.undo``), each with
    its time of arrival and a line in the history; none that is the hand's recorded entry now,
    none twice. In the caller's transaction."""
    hand = Hand.objects.select_related("table__round__event").get(pk=hand_id)
    recorded = entry_digest(hand.entry)
    reopened = []
    for row in settled:
        if row["digest"] == recorded:
            continue
        differing, created = DifferingEntry.objects.get_or_create(
            table_id=hand.table_id,
            number=hand.number,
            digest=row["digest"],
            defaults={
                "entry": row["entry"],
                "tp_0": row["tp_0"],
                "tp_1": row["tp_1"],
                "entered_by": row["entered_by"],
                "typed_at": parse_datetime(row["typed_at"]) if row["typed_at"] else None,
            },
        )
        if not created:
            continue
        differing.received_at = parse_datetime(row["received_at"]) or differing.received_at
        DifferingEntry.objects.filter(pk=differing.pk).update(received_at=differing.received_at)
        record_change(
            hand.table.round.event,
            subject=DIFFERING,
            subject_id=differing.pk,
            action="reopen",
            actor=actor,
            new=_differing_snapshot(differing, hand.table),
        )
        reopened.append(differing)
    return reopened


def differing_entry_dismiss(*, differing_id: int, actor: Actor) -> DifferingEntry | None:
    """The organizer keeps the recorded score of a hand another phone entered differently: the
    differing entry is settled (removed), with a line in the history. None when it was already
    settled (a correction of the hand settles it too: ``_corrected``)."""
    if not actor.is_organizer:
        raise ServiceError(_("Only an organizer may settle a differing entry."), code="forbidden")
    with transaction.atomic():
        differing = (
            DifferingEntry.objects.select_related("table__round__event")
            .filter(pk=differing_id)
            .first()
        )
        if differing is None:
            return None
        table = differing.table
        check_not_finished(table.round.event)
        old = _differing_snapshot(differing, table)
        differing.delete()
        record_change(
            table.round.event,
            subject=DIFFERING,
            subject_id=differing_id,
            action="dismiss",
            actor=actor,
            old=old,
        )
    return differing


def _write_seat_credits(hand: Hand, credits: dict[int, tuple[int, int, int | None]]) -> None:
    """A per-seat game's credits of a hand (``HandSeat``), replacing those of an earlier entry,
    in the hand's transaction."""
    HandSeat.objects.filter(hand=hand).delete()
    HandSeat.objects.bulk_create(
        [
            HandSeat(hand=hand, position=position, tp=tp, vp=vp, place=place)
            for position, (tp, vp, place) in sorted(credits.items())
        ]
    )


def _locked_slot(table_id: int, number: int) -> tuple[Table, Format, int | None] | None:
    """The table with its round and event (the fields a hand entry reads), the event's format
    and the id of hand ``number`` if it is recorded.

    First the event's row, locked in share mode on PostgreSQL (``FOR KEY SHARE``): hand entries
    never block each other there, but changes of the event's structure, which lock that row
    exclusively before touching its tables (closing a table, regenerating a draft), wait for the
    entries under way and the entries for them. Then the table's row, locked for the rest of the
    transaction: entries at one table are serialized, the other tables of the event go on in
    parallel. Always event before table, like those changes, so the two kinds cannot deadlock.
    The table's lock is ``FOR NO KEY UPDATE``, which entries of the table wait for but the
    foreign-key checks of other transactions do not: the standings worker's new rows of a table
    (a duplicate board's scores) are checked at its commit, after it updated the event's row,
    which the entry waits for to bump its counter; with ``FOR UPDATE`` each waited for the other
    (``tests/reliability/test_locking.py``).
    The table's status and the hand are read after these locks (each statement sees what was
    committed before it started), so an entry and the closing of its table cannot both win,
    and two entries of one hand find each other. SQLite serializes writers itself.

    Three primary-key lookups in one round trip: PostgreSQL plans them in a fraction of the time
    a join of the tables takes, and their text is built once (the ORM's compilation costs more
    than running them).
    """
    event_sql, table_sql, hand_sql = _slot_sql(connection.vendor)
    stored = number if 0 < number <= NUMBER_COLUMN_MAX else 0  # else none: the rules refuse it
    event_row, table_row, hand_row = rows.first_rows(
        (event_sql, [table_id]), (table_sql, [table_id]), (hand_sql, [table_id, stored])
    )
    if event_row is None or table_row is None:
        return None
    alias = connection.alias
    event_id, owner_id, event_status, format_data = event_row
    t_id, round_id, t_number, code, t_status, r_status, r_number, seats = table_row
    event = Event.from_db(alias, ["id", "owner_id", "status"], [event_id, owner_id, event_status])
    rnd = Round.from_db(
        alias,
        ["id", "event_id", "number", "status"],  # in the model's order
        [round_id, event_id, r_number, r_status],
    )
    table = Table.from_db(
        alias,
        ["id", "round_id", "number", "code", "status"],
        [t_id, round_id, t_number, code, t_status],
    )
    table.seat_count = seats  # the rules of a game whose tables differ in size (``rules_for``)
    ROUND_EVENT.set_cached_value(rnd, event)
    TABLE_ROUND.set_cached_value(table, rnd)
    return table, _event_format(format_data), hand_row and hand_row[0]


@lru_cache(maxsize=256)
def _event_format(format_data: str) -> Format:
    """An event's format from its stored JSON text, parsed once per text: every hand of an
    event reads the same (``Format`` is immutable)."""
    return Format.from_dict(json.loads(format_data))


@cache
def _slot_sql(vendor: str) -> tuple[str, str, str]:
    """The event's row, the table's with its round's status, the hand's id (``_locked_slot``)."""
    table, rnd, event, hand, seat = (
        connection.ops.quote_name(model._meta.db_table)
        for model in (Table, Round, Event, Hand, Seat)
    )
    share, update = (" FOR KEY SHARE", " FOR NO KEY UPDATE") if vendor == "postgresql" else ("", "")
    return (
        f"SELECT e.id, e.owner_id, e.status, e.format_data FROM {event} e WHERE e.id = "
        f"(SELECT r.event_id FROM {rnd} r WHERE r.id = "
        f"(SELECT t.round_id FROM {table} t WHERE t.id = %s)){share}",
        f"SELECT t.id, t.round_id, t.number, t.code, t.status, "
        f"(SELECT r.status FROM {rnd} r WHERE r.id = t.round_id), "
        f"(SELECT r.number FROM {rnd} r WHERE r.id = t.round_id), "
        f"(SELECT COUNT(*) FROM {seat} s WHERE s.table_id = t.id) "
        f"FROM {table} t WHERE t.id = %s{update}",
        f"SELECT h.id FROM {hand} h WHERE h.table_id = %s AND h.number = %s",
    )


def _created(table: Table, hand: Hand, actor: Actor) -> Hand:
    """A new hand, its history row and its standings change: one round trip."""
    event = table.round.event
    history = change_row(
        event,
        subject="hand",
        subject_id=rows.LastId(Hand),
        action="create",
        actor=actor,
        new=_snapshot(hand, table),
    )
    (hand_id,), _ = mark_changed(
        event,
        table_id=table.pk,
        along=(rows.insert_statement(hand, returning=True), rows.insert_statement(history)),
    )
    rows.inserted(hand, hand_id)
    return hand


def _corrected(table: Table, existing: Hand, hand: Hand, actor: Actor, reason: str) -> Hand:
    """An organizer's correction: the stored hand takes the new entry, the history both, and
    the differing entries it settles (``old["settled"]``: an undo opens them again)."""
    old = _snapshot(existing, table)
    settled = DifferingEntry.objects.filter(table_id=table.pk, number=existing.number)
    if records := [differing_record(differing) for differing in settled]:
        old["settled"] = records
    for name in (
        "entry",
        "tp_0",
        "tp_1",
        "vp_0",
        "vp_1",
        "sweep_team",
        "entered_by",
        "play_record",
    ):
        setattr(existing, name, getattr(hand, name))
    if hand.passes is not None:
        existing.passes = hand.passes
    existing.confirmed_by_opponents = False  # the opponents confirm the corrected hand anew
    existing.correction_request = ""  # the captain's request, if any, is answered
    existing.save()
    # the organizer decided: what another phone sent for the hand is settled
    settled.delete()
    history = change_row(
        table.round.event,
        subject="hand",
        subject_id=existing.pk,
        action="correct",
        actor=actor,
        old=old,
        new=_snapshot(existing, table),
        reason=reason,
    )
    mark_changed(table.round.event, table_id=table.pk, along=(rows.insert_statement(history),))
    return existing


def _check_may_enter(
    table: Table, event_format, number: int, actor: Actor, *, existing: Hand | None
) -> None:
    """The tournament's rules on who may enter which hand when (module docstring); ``existing``
    is the hand recorded under that number, which a captain's different entry conflicts with
    (the refusal carries it: a phone that was offline shows both)."""
    check_not_finished(table.round.event, event_format)
    correcting = existing is not None
    if existing is not None and not actor.is_organizer:
        raise Conflict(
            _(
                "This hand is already recorded with a different score. Ask the organizer "
                "to correct it."
            ),
            code="hand_conflict",
            details={"stored": stored_hand(existing)},
        )
    if not actor.is_organizer:
        if table.round.status != Round.Status.PUBLISHED:
            raise Conflict(
                _("Hands can be entered only while the round is running."), code="round_not_running"
            )
        if table.status != Table.Status.OPEN:
            raise Conflict(_("The organizer has closed this table."), code="table_closed")
    elif table.round.status == Round.Status.DRAFT:
        raise Conflict(_("Publish the round before entering hands."), code="round_not_running")
    check_hand_number(event_format, number)
    if event_format.open_ended and not correcting:
        _check_game_open(table, number, event_format)


def stored_hand(hand: Hand) -> dict:
    """A recorded hand as a refused client reads it beside its own entry: the entry, both
    teams' points, who entered it and when."""
    return {
        "number": hand.number,
        "entry": hand.entry,
        "totals": [hand.tp_0, hand.tp_1],
        "victory_points": [hand.vp_0, hand.vp_1],
        "entered_by": hand.entered_by,
        "typed_at": hand.typed_at.isoformat() if hand.typed_at else None,
        "created_at": hand.created_at.isoformat(),
    }


def hand_number_limit(event_format: Format) -> int:
    """The last hand number a table may have: the format's hands per round, or in a game (to a
    target, or a cup's game that a tie prolongs) a bound that keeps typos out."""
    return MAX_HANDS_PER_GAME if event_format.open_ended else event_format.hands_per_round


def check_hand_number(event_format: Format, number: int) -> None:
    """Refuse a hand number a table of the format cannot have (``hand_number_limit``)."""
    limit = hand_number_limit(event_format)
    if not 1 <= number <= limit:
        raise ServiceError(
            _("The hand number must be between 1 and %(limit)s.") % {"limit": limit},
            field="number",
            code="hand_number",
        )


def _check_game_open(table: Table, number: int, event_format: Format) -> None:
    check_game_open(
        list(table.hands.order_by("number").values_list("tp_0", "tp_1")), number, event_format
    )


def check_game_open(before: list[tuple[int, int]], number: int, event_format: Format) -> None:
    """In a game, hands follow each other and stop once the game is decided
    (``Format.play_is_over``); ``before`` holds the Tichu points of the hands entered so far."""
    if number != len(before) + 1:
        raise ServiceError(
            _("Enter hand %(n)s next: hands of a game are entered in order.")
            % {"n": len(before) + 1},
            field="number",
            code="hand_number",
        )
    totals = (sum(h[0] for h in before), sum(h[1] for h in before))
    if event_format.play_is_over(len(before), totals):
        raise Conflict(_("This game is already decided."), code="game_over")


def _snapshot(hand: Hand, table: Table) -> dict:
    """A hand as the history keeps it: with its table's and round's numbers, which name the
    table once its id means nothing (a removed table, an event restored from a backup)."""
    return {
        "table": hand.table_id,
        "table_number": table.number,
        "round": table.round.number,
        "number": hand.number,
        "entry": hand.entry,
        "totals": [hand.tp_0, hand.tp_1],
        "victory_points": [hand.vp_0, hand.vp_1],
        **({"passes": hand.passes} if hand.passes is not None else {}),
    }


def hand_correct(*, hand_id: int, entry, actor: Actor, reason: str) -> HandOutcome:
    """An organizer's correction of a recorded hand, with the reason kept in the history."""
    if not actor.is_organizer:
        raise ServiceError(_("Only an organizer may correct a hand."), code="forbidden")
    if not reason.strip():
        raise ServiceError(_("Give a reason for the correction."), field="reason", code="reason")
    hand = Hand.objects.filter(pk=hand_id).first()
    if hand is None:
        raise ServiceError(_("This hand does not exist."), code="not_found")
    return hand_record(
        table_id=hand.table_id, number=hand.number, entry=entry, actor=actor, reason=reason
    )


def opponents_code_matches(given: object, expected: str) -> bool:
    """Whether ``given`` is the opponents' code ``expected``, however it is typed (spaces round
    it, small letters), compared in constant time; any other value is simply wrong."""
    if not isinstance(given, str):
        return False
    return secrets.compare_digest(
        given.strip().upper().encode("utf-8", "replace"), expected.encode("utf-8")
    )


def hand_confirm(
    *,
    table_id: int,
    number: int,
    code: object = None,
    actor: Actor | None = None,
    totals: tuple[int, int] | None = None,
) -> Hand:
    """The opponents confirm a hand their captain entered, with their code (``Table``'s
    ``opponents_code``, printed on the table sheet beside the captain's): on their own phone, or
    on the captain's after they have read the whole hand. An organizer (``actor``) needs no code.

    Raises ``Forbidden`` (``wrong_code``) for a wrong code, which the caller counts against the
    limits of wrong table codes (``code_attempts``); nothing is written then. Confirming a hand
    again changes nothing. With ``confirmation_required`` the round may be complete now.

    ``totals``: the teams' points the opponents read, where they confirmed a hand away from the
    server (the captain's phone sends it when the connection returns): a hand recorded with
    other points (corrected meanwhile, or entered by another phone) is refused (``Conflict``,
    ``hand_changed``), never confirmed unseen.
    """
    # The code is checked before any transaction: a wrong one (a guesser's) writes nothing, and
    # waits for no writer. The event is read, not locked: a late confirmation changes no result.
    table = (
        Table.objects.filter(pk=table_id)
        .select_related("round__event")
        .only("opponents_code", "round__event__status", "round__event__format_data")
        .first()
    )
    if table is None:
        raise ServiceError(_("This table does not exist."), code="not_found")
    event = table.round.event
    check_not_finished(event)
    if not (
        actor is not None
        and actor.is_organizer
        or opponents_code_matches(code, table.opponents_code)
    ):
        raise Forbidden(
            _(
                "This is not the opponents' code of this table: it is printed on "
                "the table sheet, beside the captain's code."
            ),
            field="code",
            code="wrong_code",
        )
    with transaction.atomic():
        hand = Hand.objects.select_for_update().filter(table_id=table_id, number=number).first()
        if hand is None:
            raise ServiceError(_("This hand is not recorded yet."), code="not_found")
        if totals is not None and tuple(totals) != (hand.tp_0, hand.tp_1):
            raise Conflict(
                _(
                    "Hand %(n)s is recorded with other points (%(a)s : %(b)s) than the "
                    "opponents confirmed: let them read it again."
                )
                % {"n": number, "a": hand.tp_0, "b": hand.tp_1},
                field="totals",
                code="hand_changed",
                details={"stored": {"totals": [hand.tp_0, hand.tp_1]}},
            )
        if not hand.confirmed_by_opponents:
            hand.confirmed_by_opponents = True
            hand.save(update_fields=["confirmed_by_opponents", "updated_at"])
            if event.format.confirmation_required:  # the round may be complete now
                mark_changed(event, table_id=table_id)
    return hand


REQUEST = "correction_request"  # the history's subject of a request (apart from the hand's own
# changes, which an undo of a correction must find alone: ``undo._later``)


def hand_request_correction(*, table_id: int, number: int, text: str, actor: Actor) -> Hand:
    """A captain asks the organizer to correct a saved hand of their table, saying what is wrong
    (a short text): the request shows on the results desk until the organizer corrects the hand
    (``hand_correct``) or dismisses it (``hand_request_dismiss``). A new request replaces an
    open one. With ``confirmation_required`` the hand counts as unconfirmed while the request is
    open (``selectors.progress``): a round still being played waits for the organizer."""
    text = " ".join(str(text or "").split())
    if not text:
        raise ServiceError(_("Say what is wrong with the hand."), field="text", code="text")
    if len(text) > CORRECTION_REQUEST_LENGTH:
        raise ServiceError(
            _("At most %(n)s characters, please.") % {"n": CORRECTION_REQUEST_LENGTH},
            field="text",
            code="text",
        )
    with transaction.atomic():
        hand = (
            Hand.objects.select_for_update()
            .select_related("table__round__event")
            .filter(table_id=table_id, number=number)
            .first()
        )
        if hand is None:
            raise ServiceError(_("This hand is not recorded yet."), code="not_found")
        table = hand.table
        event = table.round.event
        check_not_finished(event)
        old = hand.correction_request
        hand.correction_request = text
        hand.save(update_fields=["correction_request", "updated_at"])
        record_change(
            event,
            subject=REQUEST,
            subject_id=hand.pk,
            action="ask",
            actor=actor,
            old={"text": old} if old else None,
            new=_request_snapshot(hand, table),
        )
        if event.format.confirmation_required:
            mark_changed(event, table_id=table.pk)
    return hand


def hand_request_dismiss(*, hand_id: int, actor: Actor, reason: str = "") -> Hand:
    """The organizer dismisses a captain's request for a correction: the hand stays as it is."""
    if not actor.is_organizer:
        raise ServiceError(_("Only an organizer may dismiss a request."), code="forbidden")
    with transaction.atomic():
        hand = (
            Hand.objects.select_for_update()
            .select_related("table__round__event")
            .filter(pk=hand_id)
            .first()
        )
        if hand is None:
            raise ServiceError(_("This hand does not exist."), code="not_found")
        if not hand.correction_request:
            return hand
        table = hand.table
        event = table.round.event
        check_not_finished(event)
        old = _request_snapshot(hand, table)
        hand.correction_request = ""
        hand.save(update_fields=["correction_request", "updated_at"])
        record_change(
            event,
            subject=REQUEST,
            subject_id=hand.pk,
            action="dismiss",
            actor=actor,
            old=old,
            reason=reason,
        )
        if event.format.confirmation_required:
            mark_changed(event, table_id=table.pk)
    return hand


def _request_snapshot(hand: Hand, table: Table) -> dict:
    """A request as the history keeps it."""
    return {**_hand_place(table, hand.number), "text": hand.correction_request}
