"""The organizer's pages of a register of people: its list (searched, paginated), a person's
page (their events, their record, hiding and erasure), likely duplicates and merges with their
history and undo, and sharing the register with other organizers. Only its owner and the
organizers it is shared with see any of it: 404 for everyone else."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.forms.utils import ErrorList
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..models import PersonMerge, Player, Register
from ..selectors.people import events_of, merge_history, people_list, register_or_none
from ..services.history import Actor, ServiceError
from ..services.people import (
    likely_duplicates,
    merge_undo,
    own_register,
    person_erase,
    person_merge,
    person_update,
    registers_kept_by,
)
from ..services.registers import register_min_ranked_hands, register_share, register_unshare
from .forms import add_service_error
from .register_forms import EraseForm, MergeForm, PersonForm, RankingForm, ShareForm

PEOPLE_PER_PAGE = 50


def _register(request, register_id: int) -> Register:
    register = register_or_none(request.user, register_id)
    if register is None:
        raise Http404
    return register


def _person(register: Register, person_id: int) -> Player:
    person = Player.objects.filter(register=register, pk=person_id).first()
    if person is None:
        raise Http404
    return person


@login_required
@require_GET
def registers(request):
    """The organizer's register (their own, made on first use), or the list of those they keep
    when they keep more than one."""
    kept = list(registers_kept_by(request.user))
    if len(kept) <= 1:
        return redirect(
            "organizer-register", register_id=(kept or [own_register(request.user)])[0].pk
        )
    return render(request, "organizer/registers.html", {"registers": kept})


def _register_page(
    request,
    register,
    *,
    merge_form=None,
    share_form=None,
    ranking_form=None,
    refusal=None,
    status=200,
):
    """The register's page; ``refusal``: a service's refusal of an undo or an unsharing."""
    query = request.GET.get("q", "")
    people = people_list(register, query)
    page = Paginator(people, PEOPLE_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "organizer/register.html",
        {
            "register": register,
            "query": query,
            "page": page,
            "duplicates": likely_duplicates(register),
            "merges": merge_history(register)[:50],
            "merge_form": merge_form or MergeForm(people=people_list(register)),
            "share_form": share_form or ShareForm(),
            "ranking_form": ranking_form
            or RankingForm(initial={"min_ranked_hands": register.min_ranked_hands}),
            "organizers": register.organizers.order_by("username"),
            "owner": register.owner_id == request.user.pk,
            "refusal": ErrorList([refusal]) if refusal else None,
        },
        status=status,
    )


@login_required
@require_GET
def register_detail(request, register_id: int):
    return _register_page(request, _register(request, register_id))


@login_required
@require_POST
def merge(request, register_id: int):
    """Merge two records of one person (from the form, or a likely duplicate's button)."""
    register = _register(request, register_id)
    form = MergeForm(request.POST, people=people_list(register))
    if form.is_valid():
        try:
            person_merge(
                kept=_person(register, form.cleaned_data["kept"]),
                merged=_person(register, form.cleaned_data["merged"]),
                actor=Actor.organizer(request.user),
            )
        except ServiceError as error:
            form.add_error(None, error.message)
            return _register_page(request, register, merge_form=form, status=error.status)
        messages.success(request, _("The two records are one person now."))
        return redirect("organizer-register", register_id=register.pk)
    return _register_page(request, register, merge_form=form, status=400)


@login_required
@require_POST
def merge_undo_view(request, register_id: int, merge_id: int):
    register = _register(request, register_id)
    found = PersonMerge.objects.filter(register=register, pk=merge_id).first()
    if found is None:
        raise Http404
    try:
        merge_undo(found, actor=Actor.organizer(request.user))
    except ServiceError as error:
        return _register_page(request, register, refusal=error.message, status=error.status)
    messages.success(request, _("The merge is undone."))
    return redirect("organizer-register", register_id=register.pk)


def _register_form_post(request, register, form, form_key: str, change, done: str):
    """A setting of the register's page: ``change(register, **cleaned_data)`` runs the service;
    a refusal shows beside the form (its field, in the reader's language), else ``done``."""
    if form.is_valid():
        try:
            change(register, **form.cleaned_data)
        except ServiceError as error:
            add_service_error(form, error)
            return _register_page(request, register, **{form_key: form}, status=error.status)
        messages.success(request, done)
        return redirect("organizer-register", register_id=register.pk)
    return _register_page(request, register, **{form_key: form}, status=400)


@login_required
@require_POST
def share(request, register_id: int):
    return _register_form_post(
        request,
        _register(request, register_id),
        ShareForm(request.POST),
        "share_form",
        lambda register, username: register_share(register, username, user=request.user),
        _("The register is shared."),
    )


@login_required
@require_POST
def ranking(request, register_id: int):
    """How many hands put a person on the register's public ranking list."""
    return _register_form_post(
        request,
        _register(request, register_id),
        RankingForm(request.POST),
        "ranking_form",
        lambda register, min_ranked_hands: register_min_ranked_hands(
            register, min_ranked_hands, user=request.user
        ),
        _("The ranking list is changed."),
    )


@login_required
@require_POST
def unshare(request, register_id: int, user_id: int):
    register = _register(request, register_id)
    try:
        register_unshare(register, user_id, user=request.user)
    except ServiceError as error:
        return _register_page(request, register, refusal=error.message, status=error.status)
    if not register.is_organizer(request.user):
        return redirect("organizer-home")
    return redirect("organizer-register", register_id=register.pk)


def _person_page(request, register, person, *, form=None, erase_form=None, status=200):
    played = events_of([person.pk]).get(person.pk, [])
    return render(
        request,
        "organizer/person.html",
        {
            "register": register,
            "person": person,
            "events": played,
            "form": form
            or PersonForm(
                initial={
                    "name": person.name,
                    "club": person.club,
                    "email": person.email,
                    "hidden": person.hidden,
                }
            ),
            "erase_form": erase_form or EraseForm(name=person.name),
            "merged_records": person.merged_records.all(),
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def person_detail(request, register_id: int, person_id: int):
    """A person's page for the register's organizers: their events, and their record to change."""
    register = _register(request, register_id)
    person = _person(register, person_id)
    if request.method == "GET":
        return _person_page(request, register, person)
    form = PersonForm(request.POST)
    if form.is_valid():
        data = dict(form.cleaned_data)
        try:
            person_update(person, hidden=data.pop("hidden"), **data)
        except ServiceError as error:
            add_service_error(form, error)
            return _person_page(request, register, person, form=form, status=error.status)
        messages.success(request, _("Saved."))
        return redirect("organizer-person", register_id=register.pk, person_id=person.pk)
    return _person_page(request, register, person, form=form, status=400)


@login_required
@require_POST
def person_erase_view(request, register_id: int, person_id: int):
    """Erase a person once their name is typed again: not undoable."""
    register = _register(request, register_id)
    person = _person(register, person_id)
    form = EraseForm(request.POST, name=person.name)
    if not form.is_valid():
        return _person_page(request, register, person, erase_form=form, status=400)
    person_erase(person, actor=Actor.organizer(request.user))
    messages.success(request, _("The person is erased; their results stay as “erased player”."))
    return redirect("organizer-register", register_id=register.pk)
