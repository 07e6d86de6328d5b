"""The history of changes: who changed what and when, from which value to which, and why.

Every service that changes a hand, a seat, a round or an entrant calls ``record_change`` inside its
own transaction, so a change and its history row are committed together or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from .. import rows
from ..models import Change, Event


class ServiceError(Exception):
    """A request the tournament's rules refuse. ``status`` is the HTTP status it maps to (400 bad
    request, 403 forbidden, 404 not found, 409 conflict with the current state); ``field`` names
    the input at fault when there is one."""

    status = 400

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code


class Conflict(ServiceError):
    """The request contradicts what is already recorded (a different hand, an incomplete round)."""

    status = 409


class Forbidden(ServiceError):
    status = 403


@dataclass(frozen=True)
class Actor:
    """Who makes a change: an organizer (a user), a table's captain (by code), or the system."""

    label: str
    is_organizer: bool = False

    @classmethod
    def organizer(cls, user) -> Actor:
        return cls(label=f"organizer:{user.get_username()}", is_organizer=True)

    @classmethod
    def captain(cls, table) -> Actor:
        return cls(label=f"captain:table {table.number}")


SYSTEM = Actor(label="system", is_organizer=True)


def who(actor: str) -> str:
    """A history row's actor as a person reads it: ``organizer:anna`` -> "anna (organizer)",
    ``captain:table 3`` -> "captain of table 3"."""
    kind, _sep, name = actor.partition(":")
    if kind == "organizer":
        return _("%(name)s (organizer)") % {"name": name}
    if kind == "captain":
        return _("captain of %(table)s") % {"table": name.replace("table", _("table"))}
    return actor


def by(actor: str) -> str:
    """Who, as the end of a sentence: "by anna (organizer)", or "automatically"."""
    if actor == "system":
        return _("automatically")
    return _("by %(who)s") % {"who": who(actor)}


def change_row(event: Event, *, subject: str, subject_id: int | rows.LastId | None, action: str,
               actor: Actor, old=None, new=None, reason: str = "") -> Change:
    """One history row, not written yet: ``record_change`` writes it, or a service sends it to
    the database along with its other writes (``rows.first_rows``)."""
    return Change(event_id=event.pk, subject=subject, subject_id=subject_id, action=action,
                  actor=actor.label[:150], old=old, new=new, reason=reason[:300])


def record_change(event: Event, **row) -> Change:
    """Write one history row (``change_row``'s arguments) inside the transaction that makes the
    change."""
    change = change_row(event, **row)
    rows.insert(change)
    return change
