"""Who may do what through the API.

- Reading events, entrants, published rounds, their tables (without codes), hands and standings is
  public.
- Changing an event needs an organizer of it (owner or co-organizer); its helpers
  (``services.access``) may enter and correct hands and close tables of published rounds, and
  nothing else. Public objects the user may not change answer 403; private ones (drafts, codes,
  the history) answer 404 to anyone else (helpers too), so the API never tells outsiders that
  they exist. An event's history needs credentials (401
  without: the event is public, so its having a history is no secret).
- A table's captain proves who they are with the table's code in the ``X-Table-Code`` header. A
  code opens only its own table, and only once its round is published; wrong codes are limited
  per client and per table (``tournaments.code_attempts``).
"""

from __future__ import annotations

import secrets

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.permissions import IsAuthenticatedOrReadOnly

from ..code_attempts import wrong_code_limited
from ..models import Event, Round, Table
from ..services.access import HAND, MANAGE, may
from ..services.history import Actor

TABLE_CODE_HEADER = "X-Table-Code"


# Safe methods for everyone; other methods for authenticated users (checked per event by
# ``require_organizer`` once the view knows the event). DRF's class itself, not a subclass: the
# schema generator knows it, and so says that reads need no credentials.
OrganizerWrites = IsAuthenticatedOrReadOnly


def is_organizer(request, event: Event) -> bool:
    return event.is_organizer(request.user)


def require_organizer(
    request, event: Event, *, private: bool = False, action: str = MANAGE
) -> Actor:
    """Refuse anyone but the event's organizers, and its helpers where helpers may do ``action``
    to what is public: 404 when what is asked for is private (drafts, history), 403 when it is
    public but not theirs to change. Whom they act as."""
    role = event.role(request.user)
    if may(role, MANAGE):
        return Actor.organizer(request.user)
    if may(role, action) and not private:
        return Actor.helper(request.user)
    if private:
        raise exceptions.NotFound()
    if not request.user or not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    raise exceptions.PermissionDenied(
        _("Only the event's organizers may do this."), code="not_organizer"
    )


def codes_match(given: str, expected: str) -> bool:
    """Constant-time comparison that accepts any text the header may carry."""
    return secrets.compare_digest(
        given.strip().upper().encode("utf-8", "replace"), expected.encode("utf-8")
    )


def table_actor(request, table: Table) -> Actor:
    """Who acts at ``table``: an organizer of its event (token or session), a helper of it, or
    its captain (code).

    A draft's table is not found (404) but by its organizers. A wrong code answers 403 and
    counts as a failed attempt of the client and the table; once either has used up its
    attempts, wrong codes answer 429. A right code is never refused.
    """
    event = table.round.event
    role = event.role(request.user)
    if may(role, MANAGE):
        return Actor.organizer(request.user)
    if table.round.status == Round.Status.DRAFT:  # its code works once the round is published
        raise exceptions.NotFound()
    if may(role, HAND):
        return Actor.helper(request.user)
    code = request.headers.get(TABLE_CODE_HEADER, "")
    if not code:
        if request.user and request.user.is_authenticated:
            raise exceptions.PermissionDenied(
                f"Send the table's code in the {TABLE_CODE_HEADER} header.", code="code_required"
            )
        raise exceptions.NotAuthenticated(
            f"Send the table's code in the {TABLE_CODE_HEADER} header, or an organizer token."
        )
    if codes_match(code, table.code):
        return Actor.captain(table)
    wait = wrong_code_limited(request, table.pk)
    if wait is not None:
        raise exceptions.Throttled(wait=wait)
    raise exceptions.PermissionDenied(_("This code does not open this table."), code="wrong_code")
