"""Who may do what at an event, and the helpers the organizers invite.

Tournament rules implemented here:

- An event's organizers (its owner and co-organizers) may do everything.
- A helper, a person the organizers invite by their account, runs the day: the check-in, the
  results desk, the round clock, entering and correcting hands, closing a table (and opening it
  again). Never the settings, registering or withdrawing players, the draw or the pairings,
  publishing a round, finishing or reopening the event, undoing from the history or deleting
  anything: those stay ``MANAGE``.
- What a helper does is recorded as theirs ("helper:ben"), never as an organizer's.
- Inviting and removing a helper is the organizers' and is in the history.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ..models import HELPER_ROLE, ORGANIZER_ROLE, Event, EventHelper
from .history import Actor, Conflict, Forbidden, ServiceError, record_change

# What a person may be allowed to do at an event.
MANAGE = "manage"  # everything else: settings, players, pairings, finishing, history, helpers
VIEW = "view"  # the organizer's pages of the event, read only (without drafts)
CHECK_IN = "check_in"
DESK = "desk"
CLOCK = "clock"
HAND = "hand"  # enter a hand, correct one
TABLE_CLOSE = "table_close"

HELPER_ACTIONS = frozenset({VIEW, CHECK_IN, DESK, CLOCK, HAND, TABLE_CLOSE})
MAX_USERNAME = 150


def may(role: str | None, action: str) -> bool:
    """Whether an event's ``role`` (``Event.role``) allows ``action``."""
    return role == ORGANIZER_ROLE or (role == HELPER_ROLE and action in HELPER_ACTIONS)


def event_actor(event: Event, user, action: str, *, role: str | None = None) -> Actor:
    """Who ``user`` acts as when doing ``action`` at ``event``: an organizer, or a helper when
    helpers may do it; ``Forbidden`` for anyone else. ``role``: ``event.role(user)`` if the
    caller has it."""
    role = role or event.role(user)
    if not may(role, action):
        raise Forbidden(_("Only the event's organizers may do this."), code="not_organizer")
    return Actor.organizer(user) if role == ORGANIZER_ROLE else Actor.helper(user)


def helper_add(*, event_id: int, username: str, actor: Actor) -> EventHelper:
    """Invite the person with account ``username`` to help at the event."""
    username = " ".join(str(username).split())[:MAX_USERNAME]
    if not username:
        raise ServiceError(_("Enter the helper's user name."), field="username", code="username")
    user = get_user_model().objects.filter(username=username).first()
    if user is None or not user.is_active:
        raise ServiceError(
            _("There is no account with the user name “%(name)s”.") % {"name": username},
            field="username",
            code="unknown_user",
        )
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if event.is_organizer(user):
            raise Conflict(
                _("%(name)s organizes this event already.") % {"name": username},
                field="username",
                code="already_organizer",
            )
        try:
            with transaction.atomic():
                helper = EventHelper.objects.create(event=event, user=user)
        except IntegrityError:
            raise Conflict(
                _("%(name)s helps at this event already.") % {"name": username},
                field="username",
                code="already_helper",
            ) from None
        record_change(
            event,
            subject="helper",
            subject_id=user.pk,
            action="add",
            actor=actor,
            new={"username": user.get_username()},
        )
    return helper


def helper_remove(*, event_id: int, user_id: int, actor: Actor) -> None:
    """Remove a helper: from now on they may do nothing at the event (what they did stays)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        helper = (
            EventHelper.objects.filter(event=event, user_id=user_id).select_related("user").first()
        )
        if helper is None:
            raise ServiceError(_("This person does not help at this event."), code="not_found")
        helper.delete()
        record_change(
            event,
            subject="helper",
            subject_id=user_id,
            action="remove",
            actor=actor,
            old={"username": helper.user.get_username()},
        )
