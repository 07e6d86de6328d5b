"""A register shared by several organizers (a club, a league, an association): its owner adds
and removes the organizers who keep it with them. Sharing gives a register's people, merges and
series, never its owner's events (those are shared one by one: ``Event.co_organizers``)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from ..models import Register
from .history import Forbidden, ServiceError


def _owned(register: Register, user) -> None:
    if register.owner_id != user.pk:
        raise Forbidden(
            _("Only the register's owner shares it."), field="username", code="not_owner"
        )


def register_share(register: Register, username: str, *, user) -> None:
    """Share ``register`` with the organizer ``username`` (refused for unknown accounts and for
    the owner themself)."""
    _owned(register, user)
    other = get_user_model().objects.filter(username=username.strip()).first()
    if other is None:
        raise ServiceError(
            _("There is no organizer %(name)s.") % {"name": username.strip()},
            field="username",
            code="unknown_user",
        )
    if other.pk == register.owner_id:
        raise ServiceError(
            _("The owner keeps the register anyway."), field="username", code="owner"
        )
    register.organizers.add(other)


def register_unshare(register: Register, user_id: int, *, user) -> None:
    """Stop sharing ``register`` with an organizer (the owner removes anyone; an organizer may
    leave)."""
    if user.pk != user_id:
        _owned(register, user)
    register.organizers.remove(user_id)
