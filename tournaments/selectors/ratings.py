"""The ranking list of a register: its rated people with at least ``Register.min_ranked_hands``
hands, best conservative estimate first (``mu - CONSERVATIVE_K * sigma``: strength the register
is fairly sure of, so that a newcomer with three lucky evenings does not top the list).

One query for a page whatever the register's size (the person comes with each rating); the page
and the API slice it.
"""

from __future__ import annotations

from django.db.models import F, Q, QuerySet

from ..models import Rating, Register
from ..ratings.model import CONSERVATIVE_K


def ranking_list(register: Register, *, with_hidden: bool = False) -> QuerySet[Rating]:
    """The ranked ratings of ``register``, each with its ``conservative`` estimate and its
    ``person``; people hidden from public pages only ``with_hidden`` (the register's
    organizers). An erased person stays, as "erased player": erasing hides a person, and left
    them off the public list, against the rule that their results stay."""
    ratings = Rating.objects.filter(
        register=register, hands__gte=register.min_ranked_hands, person__merged_into__isnull=True
    )
    if not with_hidden:
        ratings = ratings.filter(Q(person__hidden=False) | Q(person__erased_at__isnull=False))
    return (
        ratings.select_related("person")
        .annotate(conservative=F("mu") - CONSERVATIVE_K * F("sigma"))
        .order_by("-conservative", "-mu", "person_id")
    )
