"""Undoing a recorded action: every change the history can take back, through the service that
made it, so that the undo is itself a recorded change (nothing is deleted from the history).

- a correction of a hand: the hand gets its old entry back (``hands.change_undo``);
- a withdrawal: the entrant is reinstated, paired again from the next round;
- a seat swap: the two seats are swapped back, while the round is still a draft;
- a closed table: the table gets its old status back (open again, or closed as before).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Change, Entrant, Event, Round
from ..standings.schedule import mark_changed
from .hands import change_undo as hand_change_undo
from .history import Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished
from .rounds import seats_swap, table_close

UNDOABLE = {("hand", "correct"), ("entrant", "withdraw"), ("seat", "swap"), ("table", "close")}


def is_undoable(change: Change) -> bool:
    """Whether the history offers to undo ``change`` (the service may still refuse: a swap of a
    round published since, a player reinstated already)."""
    return (change.subject, change.action) in UNDOABLE


def entrant_reinstate(*, entrant_id: int, actor: Actor, reason: str = "") -> Entrant:
    """A withdrawn entrant plays again from the next round paired (the rounds missed stay
    missed: no bye is invented for them)."""
    with transaction.atomic():
        entrant = Entrant.objects.filter(pk=entrant_id).first()
        if entrant is None:
            raise ServiceError(_("This player does not exist."), code="not_found")
        event = Event.objects.select_for_update().get(pk=entrant.event_id)
        check_not_finished(event)
        entrant = Entrant.objects.get(pk=entrant_id)
        if entrant.active:
            raise Conflict(_("%(name)s is not withdrawn.") % {"name": entrant.name},
                           code="not_withdrawn")
        old = entrant.withdrawn_after_round
        entrant.withdrawn_after_round = None
        entrant.save(update_fields=["withdrawn_after_round"])
        record_change(event, subject="entrant", subject_id=entrant.pk, action="reinstate",
                      actor=actor, old={"withdrawn_after_round": old},
                      new={"withdrawn_after_round": None}, reason=reason)
        mark_changed(event)
    return entrant


def change_undo(*, change_id: int, actor: Actor) -> Change:
    """Undo the change ``change_id``; returns it. Raises ``ServiceError`` when it cannot be."""
    change = Change.objects.filter(pk=change_id).first()
    if change is None or not is_undoable(change):
        raise ServiceError(_("This change cannot be undone."), code="not_undoable")
    reason = _("undo of: %(what)s") % {"what": f"#{change.pk}"}
    if change.subject == "hand":
        hand_change_undo(change_id=change.pk, actor=actor)
    elif change.subject == "entrant":
        entrant_reinstate(entrant_id=change.subject_id, actor=actor, reason=reason)
    elif change.subject == "seat":
        seat_a, seat_b = (int(pk) for pk in change.old)
        rnd = Round.objects.filter(tables__seats=seat_a).first()
        if rnd is None or rnd.status != Round.Status.DRAFT:
            raise Conflict(_("The round is published: its seats can no longer be swapped."),
                           code="not_draft")
        seats_swap(round_id=rnd.pk, seat_a=seat_a, seat_b=seat_b, actor=actor)
    else:
        table_close(table_id=change.subject_id, status=change.old["status"], actor=actor,
                    reason=reason, forfeited_by=change.old.get("by"))
    return change
