"""Recording hands: a captain's entry, an organizer's correction, the undo of a correction.

Tournament rules implemented here:

- A hand is validated and scored only by the engine (``scoring.score_entry`` under the event's
  rules); its Tichu points and per-hand victory points are stored with the canonical entry.
- A captain enters hands at their own table, in the current (published) round, numbered 1 to the
  format's hands per round (or, in a game to a target, until the game is decided).
- Idempotent: the same entry again changes nothing (and says so); a different entry for a hand
  already recorded is refused to a captain (409) and is a correction when an organizer makes it,
  recorded in the history with the old and new values and a reason.
- All in one transaction, serialized per event by a row lock on the event (SQLite serializes
  writers itself), so concurrent captains never lose or duplicate a hand; the standings worker is
  scheduled only after the commit.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from scoring import InvalidHand, hand_victory_points
from scoring.entry import score_entry
from scoring.victory import game_result

from ..models import Change, Event, Hand, Round, Table
from .history import Actor, Conflict, ServiceError, record_change
from .standings import mark_changed

MAX_HANDS_PER_GAME = 64  # a game to 1000 ends long before; a bound keeps typos out


@dataclass(frozen=True)
class HandOutcome:
    """What ``hand_record`` did: ``created``, ``corrected`` or ``unchanged``."""

    hand: Hand
    result: str


def hand_victory_points_for(event_format, score) -> tuple[int, int]:
    """Per-hand VP under the event's scheme; schemes that score a round or a game give 0 here."""
    if event_format.vp_scheme != "dtm":
        return (0, 0)
    return hand_victory_points(score.totals, score.double_victory, "dtm")


def hand_record(*, table_id: int, number: int, entry, actor: Actor,
                reason: str = "") -> HandOutcome:
    """Record (or, for an organizer, correct) hand ``number`` at a table.

    Raises ``InvalidHand`` when the engine refuses the entry, ``ServiceError``/``Conflict`` when the
    tournament's rules do. Nothing is written in either case.
    """
    table = Table.objects.select_related("round__event").filter(pk=table_id).first()
    if table is None:
        raise ServiceError("This table does not exist.", code="not_found")
    event_format = table.round.event.format
    score = score_entry(entry, event_format.rules)  # pure: before any lock is taken
    vp = hand_victory_points_for(event_format, score)
    canonical = score.as_entry()
    with transaction.atomic():
        # The event's row lock serializes its writers; only the id is read, the rest is known.
        event = Event.objects.select_for_update().only("id").get(pk=table.round.event_id)
        table = Table.objects.select_related("round").get(pk=table_id)  # fresh status
        existing = Hand.objects.filter(table=table, number=number).first()
        if existing is not None and existing.entry == canonical:
            return HandOutcome(existing, "unchanged")
        _check_may_enter(table, event_format, number, actor, correcting=existing is not None)
        values = {"entry": canonical, "tp_0": score.totals[0], "tp_1": score.totals[1],
                  "vp_0": vp[0], "vp_1": vp[1], "double_victory": score.double_victory}
        if existing is None:
            hand = Hand.objects.create(table=table, number=number, entered_by=actor.label,
                                       **values)
            record_change(event, subject="hand", subject_id=hand.pk, action="create",
                          actor=actor, new=_snapshot(hand))
            outcome = "created"
        else:
            old = _snapshot(existing)
            for name, value in values.items():
                setattr(existing, name, value)
            existing.entered_by = actor.label
            existing.confirmed_by_opponents = False
            existing.save()
            hand = existing
            record_change(event, subject="hand", subject_id=hand.pk, action="correct",
                          actor=actor, old=old, new=_snapshot(hand), reason=reason)
            outcome = "corrected"
        mark_changed(event, table_id=table.pk)
    return HandOutcome(hand, outcome)


def _check_may_enter(table: Table, event_format, number: int, actor: Actor, *,
                     correcting: bool) -> None:
    """The tournament's rules on who may enter which hand when (module docstring)."""
    if correcting and not actor.is_organizer:
        raise Conflict("This hand is already recorded with a different score. Ask the organizer "
                       "to correct it.", code="hand_conflict")
    if not actor.is_organizer:
        if table.round.status != Round.Status.PUBLISHED:
            raise Conflict("Hands can be entered only while the round is running.",
                           code="round_not_running")
        if table.status != Table.Status.OPEN:
            raise Conflict("The organizer has closed this table.", code="table_closed")
    elif table.round.status == Round.Status.DRAFT:
        raise Conflict("Publish the round before entering hands.", code="round_not_running")
    limit = event_format.hands_per_round or MAX_HANDS_PER_GAME
    if not 1 <= number <= limit:
        raise ServiceError(f"The hand number must be between 1 and {limit}.", field="number",
                           code="hand_number")
    if event_format.game_to is not None and not correcting:
        _check_game_open(table, number, event_format.game_to)


def _check_game_open(table: Table, number: int, target: int) -> None:
    """In a game to a target, hands follow each other and stop once the game is decided."""
    hands = list(table.hands.order_by("number").values_list("number", "tp_0", "tp_1"))
    if number != len(hands) + 1:
        raise ServiceError(f"Enter hand {len(hands) + 1} next: hands of a game are entered in "
                           "order.", field="number", code="hand_number")
    totals = (sum(h[1] for h in hands), sum(h[2] for h in hands))
    if game_result(totals, target) is not None:
        raise Conflict("This game is already decided.", code="game_over")


def _snapshot(hand: Hand) -> dict:
    return {"table": hand.table_id, "number": hand.number, "entry": hand.entry,
            "totals": [hand.tp_0, hand.tp_1], "victory_points": [hand.vp_0, hand.vp_1]}


def hand_correct(*, hand_id: int, entry, actor: Actor, reason: str) -> HandOutcome:
    """An organizer's correction of a recorded hand, with the reason kept in the history."""
    if not actor.is_organizer:
        raise ServiceError("Only an organizer may correct a hand.", code="forbidden")
    if not reason.strip():
        raise ServiceError("Give a reason for the correction.", field="reason", code="reason")
    hand = Hand.objects.filter(pk=hand_id).first()
    if hand is None:
        raise ServiceError("This hand does not exist.", code="not_found")
    return hand_record(table_id=hand.table_id, number=hand.number, entry=entry, actor=actor,
                       reason=reason)


def change_undo(*, change_id: int, actor: Actor) -> HandOutcome:
    """Undo a correction: the hand gets its old entry back, as a new correction in the history."""
    change = Change.objects.filter(pk=change_id, subject="hand", action="correct").first()
    if change is None:
        raise ServiceError("Only a recorded correction of a hand can be undone.",
                           code="not_undoable")
    try:
        return hand_correct(hand_id=change.subject_id, entry=change.old["entry"], actor=actor,
                            reason=f"undo of change {change.pk}")
    except InvalidHand as error:  # the event's rules changed since: say so instead of failing
        raise ServiceError(f"The old entry is no longer valid: {error}", code="not_undoable") \
            from None


def hand_confirm(*, table_id: int, number: int) -> Hand:
    """The opponents confirm the score their captain entered (shown on the table's page)."""
    with transaction.atomic():
        hand = Hand.objects.select_for_update().filter(table_id=table_id, number=number).first()
        if hand is None:
            raise ServiceError("This hand is not recorded yet.", code="not_found")
        if not hand.confirmed_by_opponents:
            hand.confirmed_by_opponents = True
            hand.save(update_fields=["confirmed_by_opponents", "updated_at"])
    return hand
