"""Duplicate boards: the organizer's artificial results (RULINGS.md, "Duplicate Tichu").

Tournament rules implemented here:

- An organizer (or a helper, as with hands) gives a board at a table an artificial result,
  average (50%), average plus (60%) or average minus (40%) for each direction, when the board
  could not be played or was fouled: it is scored in place of the table's hand of that board,
  which stays recorded; removing the artificial result scores the hand again.
- A board with an artificial result counts as played for the table's round
  (``selectors.progress``).
- Each change is in the history and marks the standings changed at that table: the worker
  scores every board again (``standings.duplicate``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import ArtificialResult, Event, Table
from ..standings.schedule import mark_changed
from .history import Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished

KINDS = ArtificialResult.Kind.values


def _duplicate_table(table_id: int, number: int) -> tuple[Event, Table]:
    table = Table.objects.select_related("round").filter(pk=table_id).first()
    if table is None:
        raise ServiceError(_("This table does not exist."), code="not_found")
    event = Event.objects.select_for_update().get(pk=table.round.event_id)
    check_not_finished(event)
    event_format = event.format
    if not event_format.is_duplicate:
        raise Conflict(
            _("Artificial results are given to the boards of a duplicate event only."),
            code="not_duplicate",
        )
    if table.round.status == table.round.Status.DRAFT:
        raise Conflict(_("Publish the round before giving a result."), code="round_not_running")
    limit = event_format.hands_per_round or 0
    if not 1 <= number <= limit:
        raise ServiceError(
            _("The board must be one of the table's %(limit)s boards.") % {"limit": limit},
            field="number",
            code="hand_number",
        )
    return event, table


def _snapshot(result: ArtificialResult, table: Table) -> dict:
    return {
        "table": table.pk,
        "table_number": table.number,
        "round": table.round.number,
        "number": result.number,
        "ns": result.ns,
        "ew": result.ew,
    }


def artificial_result_set(
    *, table_id: int, number: int, ns: str, ew: str, actor: Actor, reason: str = ""
) -> ArtificialResult:
    """Give hand ``number`` (a board) of a table an artificial result per direction. The
    history names the change by its table (``subject_id``) and board (``number``), as the
    undo finds the changes of one board (``services.undo``)."""
    if not actor.is_organizer:
        raise ServiceError(_("Only an organizer gives artificial results."), code="forbidden")
    for name, kind in (("ns", ns), ("ew", ew)):
        if kind not in KINDS:
            raise ServiceError(
                _("An artificial result is one of %(choices)s.") % {"choices": ", ".join(KINDS)},
                field=name,
                code="artificial_kind",
            )
    with transaction.atomic():
        event, table = _duplicate_table(table_id, number)
        existing = ArtificialResult.objects.filter(table=table, number=number).first()
        old = _snapshot(existing, table) if existing else None
        result, _created = ArtificialResult.objects.update_or_create(
            table=table, number=number, defaults={"ns": ns, "ew": ew}
        )
        record_change(
            event,
            subject="artificial",
            subject_id=table.pk,
            action="correct" if existing else "create",
            actor=actor,
            old=old,
            new=_snapshot(result, table),
            reason=reason,
        )
        mark_changed(event, table_id=table.pk)
    return result


def artificial_result_clear(*, table_id: int, number: int, actor: Actor, reason: str = "") -> bool:
    """Remove a board's artificial result at a table (its hand, if any, counts again); False
    when there was none."""
    if not actor.is_organizer:
        raise ServiceError(_("Only an organizer gives artificial results."), code="forbidden")
    with transaction.atomic():
        event, table = _duplicate_table(table_id, number)
        existing = ArtificialResult.objects.filter(table=table, number=number).first()
        if existing is None:
            return False
        old = _snapshot(existing, table)
        existing.delete()
        record_change(
            event,
            subject="artificial",
            subject_id=old["table"],
            action="delete",
            actor=actor,
            old=old,
            reason=reason,
        )
        mark_changed(event, table_id=table.pk)
    return True
