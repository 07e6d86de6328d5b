"""Names as people type them: a person's, a team's, an event's, and a club or city."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .history import ServiceError

MAX_NAME_LENGTH = 100
MAX_CLUB_LENGTH = 100


def clean_name(value, field: str) -> str:
    """A name as entered, its spaces tidied; refused when empty or too long (``field``)."""
    if not isinstance(value, str) or not value.strip():
        raise ServiceError(_("A name is required."), field=field, code="required")
    value = " ".join(value.split())
    if len(value) > MAX_NAME_LENGTH:
        raise ServiceError(
            _("A name has at most %(n)s characters.") % {"n": MAX_NAME_LENGTH},
            field=field,
            code="too_long",
        )
    return value


def clean_club(value) -> str:
    """A club or city as entered (empty: none), its spaces tidied; refused when too long."""
    club = " ".join(str(value or "").split())
    if len(club) > MAX_CLUB_LENGTH:
        raise ServiceError(
            _("A club or city has at most %(n)d characters.") % {"n": MAX_CLUB_LENGTH},
            field="club",
            code="too_long",
        )
    return club
