"""A register's public ranking list (``/registers/<id>/ranking/``): its people with at least the
register's minimum of hands, by the conservative estimate, a page of ``PER_PAGE`` at a time (a
count and a page slice: two queries whatever the register's size). Hidden people are not listed;
erased ones are "erased player"."""

from __future__ import annotations

from django.core.paginator import EmptyPage, Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from ..models import Register
from ..ratings.model import CONSERVATIVE_K
from ..selectors import ranking_list
from .public import _page_number

PER_PAGE = 100


@require_GET
def register_ranking(request, register_id: int):
    register = get_object_or_404(Register, pk=register_id)
    number = _page_number(request)
    paginator = Paginator(ranking_list(register), PER_PAGE)
    try:
        page = paginator.page(number)
    except EmptyPage:
        raise Http404("No such page of the ranking list.") from None
    return render(
        request,
        "public/ranking.html",
        {
            "register": register,
            "rows": list(page.object_list),
            "page": page,
            "page_range": list(paginator.get_elided_page_range(number, on_each_side=2, on_ends=1)),
            "pages_path": reverse("register-ranking", args=[register.pk]),
            "conservative_k": f"{CONSERVATIVE_K:g}",
        },
    )
