"""The history of changes: who changed what and when, from which value to which, and why.

Every service that changes a hand, a seat, a round or an entrant calls ``record_change`` inside its
own transaction, so a change and its history row are committed together or not at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .. import rows
from ..models import Change, Event


class ServiceError(Exception):
    """A request the tournament's rules refuse. ``status`` is the HTTP status it maps to (400 bad
    request, 403 forbidden, 404 not found, 409 conflict with the current state); ``field`` names
    the input at fault when there is one; ``index`` (and ``member``, a team's member) its place
    in a list of entries, when a list was sent; ``details`` what the refusal is about, for a
    client to show beside it (a conflicting hand: the one recorded)."""

    status = 400
    index: int | None = None
    member: int | None = None

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str = "invalid",
        details: dict | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.details = details or {}


class Conflict(ServiceError):
    """The request contradicts what is already recorded (a different hand, an incomplete round)."""

    status = 409


class Forbidden(ServiceError):
    status = 403


@dataclass(frozen=True)
class Actor:
    """Who makes a change: an organizer (a user), a helper the organizers invited (a user who
    acts for them on the day: ``services.access``), a table's captain (by code), or the system.

    ``label`` is what the history and a hand keep: a code in no language ("organizer:anna",
    "helper:ben", "captain:table 3", "system"), read back by ``actor_kind`` and worded for the
    reader by the pages (``views.words.actor_label``). ``is_organizer``: acts for the
    organizers (may correct a hand, enter one at a closed table): organizers and helpers."""

    label: str
    is_organizer: bool = False

    @classmethod
    def organizer(cls, user) -> Actor:
        return cls(label=f"{ORGANIZER}:{user.get_username()}", is_organizer=True)

    @classmethod
    def helper(cls, user) -> Actor:
        return cls(label=f"{HELPER}:{user.get_username()}", is_organizer=True)

    @classmethod
    def captain(cls, table) -> Actor:
        return cls(label=f"{CAPTAIN}:{CAPTAIN_TABLE}{table.number}")


ORGANIZER, HELPER, CAPTAIN, AUTOMATIC = "organizer", "helper", "captain", "system"
CAPTAIN_TABLE = "table "
SYSTEM = Actor(label=AUTOMATIC, is_organizer=True)


def actor_kind(label: str) -> tuple[str, str]:
    """A stored actor label read back as (kind, whom): ("organizer", "anna"), ("helper", "ben"),
    ("captain", "3") (the table's number), ("system", ""); ("", label) for a label of no known
    kind (a backup's from elsewhere)."""
    kind, colon, rest = label.partition(":")
    if kind in (ORGANIZER, HELPER) and colon and rest:
        return kind, rest
    if kind == CAPTAIN and rest.startswith(CAPTAIN_TABLE):
        return CAPTAIN, rest.removeprefix(CAPTAIN_TABLE)
    if label == AUTOMATIC:
        return AUTOMATIC, ""
    return "", label


def change_row(
    event: Event | int,
    *,
    subject: str,
    subject_id: int | rows.LastId | None,
    action: str,
    actor: Actor,
    old=None,
    new=None,
    reason: str = "",
) -> Change:
    """One history row of ``event`` (or its id), not written yet: ``record_change`` writes it, or
    a service sends it to the database along with its other writes (``rows.first_rows``)."""
    return Change(
        event_id=event if isinstance(event, int) else event.pk,
        subject=subject,
        subject_id=subject_id,
        action=action,
        actor=actor.label[:150],
        old=old,
        new=new,
        reason=reason[:300],
    )


def record_change(event: Event, **row) -> Change:
    """Write one history row (``change_row``'s arguments) inside the transaction that makes the
    change."""
    change = change_row(event, **row)
    rows.insert(change)
    return change


def record_in_events(event_ids: Iterable[int], **row) -> None:
    """The same history row (``change_row``'s arguments) in each of the events ``event_ids``:
    a change of a register that touches several events (two records of a person merged, a
    series), inside its transaction."""
    Change.objects.bulk_create([change_row(pk, **row) for pk in sorted(set(event_ids))])
