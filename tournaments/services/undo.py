"""Undoing a recorded action: every change the history can take back, through the service that
made it, so that the undo is itself a recorded change (nothing is deleted from the history).

- a correction of a hand: the hand gets its old entry back, and what other phones sent for it
  that the correction settled is open again (``DifferingEntry``);
- a withdrawal: the entrant is reinstated, paired again from the next round; in a cup, the
  matches it lost by walkover are as they were (``knockout.progress.reopen_walkovers``), unless
  the winner has played on since (refused, 409 ``walkover_played_on``);
- a seat swap: the two seats are swapped back, while the round is still a draft;
- a closed table: the table gets its old status back (open again, or closed as before; opened
  again only while no later round is paired, ``rounds.table_close``);
- a duplicate board's artificial result given, changed or removed: the board's result at that
  table as it was before (its hand, or the kinds it had).

An undo puts back the old value of one thing: a hand's entry, whether an entrant plays, who sits
in two seats, a table's closure, a board's artificial result. It applies only while nothing
later changed that same thing: otherwise it would overwrite the later change without a word
(undoing the first of two corrections would bring back the entry from before both). Such an
undo is refused, naming the later change, and neither the history nor the API offers it
(``undoable_among``, one query for a page of the history).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.db import transaction
from django.db.models import Exists, Q, QuerySet
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from scoring import InvalidHand

from ..knockout.progress import reopen_walkovers, walkover_played_on
from ..models import Change, Entrant, Event, Hand, Round, Seat, Table
from ..standings.schedule import mark_changed
from ..wording import actor_by, hand_error_message
from .duplicate import artificial_result_clear, artificial_result_set
from .hands import HandOutcome, differing_reopen, hand_correct
from .history import Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished
from .rounds import rounds_after, seats_swap, table_close


def entrant_reinstate(*, entrant_id: int, actor: Actor, reason: str = "") -> Entrant:
    """A withdrawn entrant plays again from the next round paired (the rounds missed stay
    missed: no bye is invented for them). In a cup, its walkovers are reopened, or the whole
    reinstatement is refused (``knockout.progress.reopen_walkovers``)."""
    with transaction.atomic():
        entrant = Entrant.objects.filter(pk=entrant_id).first()
        if entrant is None:
            raise ServiceError(_("This player does not exist."), code="not_found")
        event = Event.objects.select_for_update().get(pk=entrant.event_id)
        check_not_finished(event)
        entrant = Entrant.objects.get(pk=entrant_id)
        if entrant.active:
            raise Conflict(
                _("%(name)s is not withdrawn.") % {"name": entrant.name}, code="not_withdrawn"
            )
        old = entrant.withdrawn_after_round
        entrant.withdrawn_after_round = None
        entrant.save(update_fields=["withdrawn_after_round"])
        record_change(
            event,
            subject="entrant",
            subject_id=entrant.pk,
            action="reinstate",
            actor=actor,
            old={"withdrawn_after_round": old},
            new={"withdrawn_after_round": None},
            reason=reason,
        )
        if event.format.is_cup:
            reopen_walkovers(entrant, actor, reason)
        mark_changed(event)
    return entrant


# --- the kinds of change an undo takes back -----------------------------------------------------


def _nothing_else(change: Change, event: Event) -> Q:
    return Q()


def _same_subject(change: Change) -> Q:
    """The changes of the row ``change`` changed: the hand, the table."""
    return Q(subject=change.subject, subject_id=change.subject_id)


@dataclass(frozen=True)
class Undo:
    """How one kind of change is undone.

    ``rows`` are an event's rows of the kind's subject: the change's subject must be one of its
    event's (a restored backup's history keeps the source's ids, which may name another event's
    rows, or none). ``same`` selects the changes of the same thing as ``change``: a later one
    makes its undo stale. ``possible`` is what else the undo needs of the current state, as a
    condition on the history's rows (a draft for a swap, no later round to open a table again);
    when it fails, the service that undoes refuses in its own words. ``apply`` undoes, through
    the service that made the change; a correction answers the hand's outcome.
    """

    rows: Callable[[int], QuerySet]
    same: Callable[[Change], Q]
    apply: Callable[[Change, Actor, str], HandOutcome | None]
    possible: Callable[[Change, Event], Q] = _nothing_else

    def subject(self, change: Change) -> QuerySet:
        """The row ``change`` changed, if it is still one of its event's."""
        return self.rows(change.event_id).filter(pk=change.subject_id)


def _hand_apply(change: Change, actor: Actor, reason: str) -> HandOutcome:
    """The hand's old entry back, and the differing entries the correction settled open again
    (``hands.differing_reopen``)."""
    try:
        outcome = hand_correct(
            hand_id=change.subject_id, entry=change.old["entry"], actor=actor, reason=reason
        )
    except InvalidHand as error:  # the event's rules changed since: say so instead of failing
        seats = Seat.objects.filter(table__hands=change.subject_id).select_related(
            "player", "entrant"
        )
        names = {seat.position: seat.label for seat in seats}  # not "seat 0": who sat there
        raise Conflict(
            _("The old entry is no longer valid: %(reason)s")
            % {"reason": hand_error_message(error, names, first_seat=1)},
            code="not_undoable",
        ) from None
    settled = (change.old or {}).get("settled") or []
    if settled:
        differing_reopen(hand_id=outcome.hand.pk, settled=settled, actor=actor)
    return outcome


HAND = Undo(
    rows=lambda event_id: Hand.objects.filter(table__round__event_id=event_id),
    same=_same_subject,
    apply=_hand_apply,
)


def _withdrawal_same(change: Change) -> Q:
    """Whether the entrant plays; a rename changes no result and leaves the undo as it was."""
    return Q(subject="entrant", subject_id=change.subject_id, action__in=("withdraw", "reinstate"))


def _withdrawal_apply(change: Change, actor: Actor, reason: str) -> None:
    entrant_reinstate(entrant_id=change.subject_id, actor=actor, reason=reason)


def _withdrawal_possible(change: Change, event: Event) -> Q:
    """In a cup: while no team that went on by the walkover has played on (``reopen_walkovers``;
    a query per withdrawal of a cup on the page)."""
    if event.format.is_cup and walkover_played_on(change.subject_id) is not None:
        return Q(pk__in=[])
    return Q()


WITHDRAWAL = Undo(
    rows=lambda event_id: Entrant.objects.filter(event_id=event_id),
    same=_withdrawal_same,
    apply=_withdrawal_apply,
    possible=_withdrawal_possible,
)


def _swapped(change: Change) -> list[int]:
    """The two seats of a swap (its old value: each seat's entrant before)."""
    return [int(pk) for pk in change.old]


def _swap_same(change: Change) -> Q:
    """Another swap of either seat, or the line-up of a team at either seat's table."""
    seats = _swapped(change)
    at_their_tables = Seat.objects.filter(table__seats__in=seats).values("pk")
    return (
        Q(subject="seat", action="swap", old__has_any_keys=[str(pk) for pk in seats])
        | Q(subject="seat", action="bye_move", subject_id__in=seats)
        | Q(subject="seat", action="lineup", subject_id__in=at_their_tables)
    )


def _swap_apply(change: Change, actor: Actor, reason: str) -> None:
    seat_a, seat_b = _swapped(change)
    rnd = Round.objects.get(tables__seats=seat_a)
    if rnd.status != Round.Status.DRAFT:
        raise Conflict(
            _("The round is published: its seats can no longer be swapped."), code="not_draft"
        )
    seats_swap(round_id=rnd.pk, seat_a=seat_a, seat_b=seat_b, actor=actor)


def _swap_possible(change: Change, event: Event) -> Q:
    """Seats are swapped in a draft only (``rounds.seats_swap``)."""
    return Q(
        Exists(Seat.objects.filter(pk=_swapped(change)[0], table__round__status=Round.Status.DRAFT))
    )


SWAP = Undo(
    rows=lambda event_id: Seat.objects.filter(table__round__event_id=event_id),
    same=_swap_same,
    apply=_swap_apply,
    possible=_swap_possible,
)


def _close_possible(change: Change, event: Event) -> Q:
    """Opening a table again waits for no later round (``rounds.table_close``)."""
    if change.old.get("status") != Table.Status.OPEN:
        return Q()
    return ~Q(Exists(rounds_after(event, change.subject_id)))


def _close_apply(change: Change, actor: Actor, reason: str) -> None:
    table_close(
        table_id=change.subject_id,
        status=change.old["status"],
        actor=actor,
        reason=reason,
        forfeited_by=change.old.get("by"),
    )


CLOSE = Undo(
    rows=lambda event_id: Table.objects.filter(round__event_id=event_id),
    same=_same_subject,
    apply=_close_apply,
    possible=_close_possible,
)


def _board(change: Change) -> tuple[int, int]:
    """The table and the hand number at it of the board an artificial result's change is
    about (the history's snapshot: ``services.duplicate``)."""
    snapshot: dict = change.new or change.old or {}
    return int(snapshot["table"]), int(snapshot["number"])


def _artificial_same(change: Change) -> Q:
    """The changes of the same board's artificial result at the same table."""
    _table, number = _board(change)
    return _same_subject(change) & (Q(new__number=number) | Q(old__number=number))


def _artificial_apply(change: Change, actor: Actor, reason: str) -> None:
    """The board's artificial result as it was before: none (its hand counts again), or the
    kinds it had."""
    table_id, number = _board(change)
    if change.old is None:
        artificial_result_clear(table_id=table_id, number=number, actor=actor, reason=reason)
    else:
        kinds: dict = change.old
        artificial_result_set(
            table_id=table_id,
            number=number,
            ns=kinds["ns"],
            ew=kinds["ew"],
            actor=actor,
            reason=reason,
        )


ARTIFICIAL = Undo(
    rows=lambda event_id: Table.objects.filter(round__event_id=event_id),
    same=_artificial_same,
    apply=_artificial_apply,
)

UNDOABLE: dict[tuple[str, str], Undo] = {
    ("hand", "correct"): HAND,
    ("entrant", "withdraw"): WITHDRAWAL,
    ("seat", "swap"): SWAP,
    ("table", "close"): CLOSE,
    **{("artificial", action): ARTIFICIAL for action in ("create", "correct", "delete")},
}


# --- whether an undo applies, and the undo ------------------------------------------------------


def _later(change: Change, undo: Undo) -> QuerySet[Change]:
    """The changes of the same thing made after ``change``, in order."""
    return (
        Change.objects.filter(event_id=change.event_id, pk__gt=change.pk)
        .filter(undo.same(change))
        .order_by("pk")
    )


def undoable_among(changes: Iterable[Change]) -> set[int]:
    """The ids of those ``changes`` an undo applies to: of a kind that can be undone, what they
    changed still in their event, nothing later changed the same thing, and what else the undo
    needs in place. Two queries, however many changes (a page of the history)."""
    kinds = [
        (change, UNDOABLE[change.subject, change.action])
        for change in changes
        if (change.subject, change.action) in UNDOABLE
    ]
    if not kinds:
        return set()
    events = Event.objects.in_bulk({change.event_id for change, _undo in kinds})
    applies = [
        Q(pk=change.pk)
        & Q(Exists(undo.subject(change)))
        & ~Q(Exists(_later(change, undo)))
        & undo.possible(change, events[change.event_id])
        for change, undo in kinds
    ]
    return set(Change.objects.filter(reduce(or_, applies)).values_list("pk", flat=True))


def is_undoable(change: Change) -> bool:
    """Whether the history offers to undo ``change`` (``undoable_among``)."""
    return change.pk in undoable_among([change])


def change_undo(*, change_id: int, actor: Actor) -> HandOutcome | Change:
    """Undo the change ``change_id``: a correction answers the hand's outcome, any other undo
    its own history row (the newest change of the same thing). Raises ``ServiceError`` when it
    cannot be: ``Conflict`` ``superseded`` naming the later change of the same thing,
    ``Conflict`` ``not_undoable`` for a kind of change no undo takes back (or whose subject is
    gone, or whose old entry the rules no longer take), or the refusal of the service that
    undoes.

    The event's row is locked first, as the changes of an event's structure lock it (and before
    any table, as hand entries take them): nothing changes the same thing between the check and
    the undo.
    """
    change = Change.objects.filter(pk=change_id).first()
    undo = UNDOABLE.get((change.subject, change.action)) if change is not None else None
    if undo is None:
        raise Conflict(_("This change cannot be undone."), code="not_undoable")
    with transaction.atomic():
        Event.objects.select_for_update().only("pk").get(pk=change.event_id)
        if not undo.subject(change).exists():  # a draft paired again, a restored history...
            raise Conflict(
                _("This change cannot be undone: what it changed is no longer in this event."),
                code="not_undoable",
            )
        later = _later(change, undo).first()
        if later is not None:
            raise _superseded(later)
        outcome = undo.apply(change, actor, _("undo of change %(n)s") % {"n": change.pk})
        return outcome or _later(change, undo).last()


def _superseded(later: Change) -> Conflict:
    return Conflict(
        _(
            "This change can no longer be undone: a later change (#%(id)s, %(when)s, %(by)s) "
            "changed the same thing."
        )
        % {
            "id": later.pk,
            "when": date_format(localtime(later.created_at), "SHORT_DATETIME_FORMAT"),
            "by": actor_by(later.actor),
        },
        code="superseded",
    )
