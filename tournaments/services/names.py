"""Names as people type them: a person's, a team's, an event's, and a club or city."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from .history import ServiceError

MAX_NAME_LENGTH = 100
MAX_CLUB_LENGTH = 100
MAX_EMAIL_LENGTH = 254
"""What the register's e-mail column holds (an address's longest, RFC 5321's path less its
brackets); the forms' e-mail check lets up to 320 characters through."""


def clean_name(value, field: str) -> str:
    """A name as entered, its spaces tidied; refused when empty or too long (``field``). A name
    of nothing a reader sees (a zero-width space, a direction mark) is empty: such a person or
    series was listed as a blank line nobody could click."""
    if not isinstance(value, str) or not any(_visible(character) for character in value):
        raise ServiceError(_("A name is required."), field=field, code="required")
    value = " ".join(value.split())
    if len(value) > MAX_NAME_LENGTH:
        raise ServiceError(
            _("A name has at most %(n)s characters.") % {"n": MAX_NAME_LENGTH},
            field=field,
            code="too_long",
        )
    return value


def _visible(character: str) -> bool:
    """A letter, digit, punctuation mark or symbol: not a space, control or format character."""
    return unicodedata.category(character)[0] in "LNPS"


def clean_email(value) -> str:
    """A person's private e-mail as entered (empty: none), or the refusal of one too long or
    not an address. Longer ones passed the API and the form and failed the write (PostgreSQL)."""
    email = str(value or "").strip()
    if len(email) > MAX_EMAIL_LENGTH:
        raise ServiceError(
            _("An e-mail address has at most %(n)d characters.") % {"n": MAX_EMAIL_LENGTH},
            field="email",
            code="too_long",
        )
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise ServiceError(
                _("Enter a valid e-mail address."), field="email", code="invalid"
            ) from None
    return email


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
