"""A register shared by several organizers (a club, a league, an association): its owner adds
and removes the organizers who keep it with them. Sharing gives a register's people, merges and
series, never its owner's events (those are shared one by one: ``Event.co_organizers``). Its
organizers also say how many hands a person needs to be on its public ranking list."""

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


MAX_RANKED_HANDS = 100_000


def register_min_ranked_hands(register: Register, hands: int, *, user) -> None:
    """How many hands in the register's events put a person on its ranking list (0: everyone
    rated). Only who is listed changes: the ratings are computed from every hand anyway."""
    if not register.is_organizer(user):
        raise Forbidden(
            _("Only the register's organizers may change it."),
            field="min_ranked_hands",
            code="not_organizer",
        )
    if not 0 <= hands <= MAX_RANKED_HANDS:
        raise ServiceError(
            _("Between 0 and %(max)d hands.") % {"max": MAX_RANKED_HANDS},
            field="min_ranked_hands",
            code="out_of_range",
        )
    Register.objects.filter(pk=register.pk).update(min_ranked_hands=hands)
    register.min_ranked_hands = hands
