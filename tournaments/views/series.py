"""Series pages: the public table (and its PDF and spreadsheet), the organizer's list, form and
deletion, and a league's seasons made a series.

Thin: the rule is ``tournaments.series``, the reading ``selectors.series``, the writing
``services.series``. Public readers see no hidden person; the register's organizers see everyone
(``selectors.series.keeps``), on the page and in the files alike.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..models import League
from ..selectors import series as queries
from ..services.history import ServiceError
from ..services.people import own_register, registers_kept_by
from ..services.series import league_series, series_create, series_delete, series_update
from .exports import SPREADSHEETS, spreadsheet_response
from .forms import add_service_error
from .printouts import pdf_response
from .series_files import rule_summary, series_pdf, series_rows
from .series_form import SeriesForm


def _table(request, series_id: int):
    series = queries.series_or_404(series_id)
    keeps = queries.keeps(series, request.user)
    return queries.table_of(series, public=not keeps), keeps


@require_GET
def series_detail(request, series_id: int):
    table, keeps = _table(request, series_id)
    return render(
        request,
        "public/series.html",
        {
            "table": table,
            "series": table.series,
            "rule": rule_summary(table.series),
            "keeps": keeps,
            "numbered_events": list(enumerate(table.events, start=1)),
        },
    )


@require_GET
def series_table_pdf(request, series_id: int):
    table, _keeps = _table(request, series_id)
    return pdf_response(series_pdf(table), table.series, _("Series table"))


@require_GET
def series_table_file(request, series_id: int, fmt: str):
    if fmt not in SPREADSHEETS:
        raise Http404
    table, _keeps = _table(request, series_id)
    header, rows = series_rows(table)
    name = f"{slugify(table.series.name) or 'series'}-{slugify(_('table')) or 'table'}"
    return spreadsheet_response(_("Series table"), header, rows, name, fmt)


# --- organizers -------------------------------------------------------------------------------


@login_required
@require_GET
def series_list(request):
    return render(
        request, "organizer/series_list.html", {"series": queries.kept_series(request.user)}
    )


@login_required
@require_http_methods(["GET", "POST"])
def series_new(request):
    form = SeriesForm(request.POST or None, registers=_registers(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            series = series_create(
                register=form.chosen_register(),
                user=request.user,
                settings=form.settings(),
                events=form.cleaned_data["events"],
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The series is created."))
            return redirect("series", series_id=series.pk)
    return _form_page(request, form, None)


@login_required
@require_http_methods(["GET", "POST"])
def series_edit(request, series_id: int):
    series = _kept(request, series_id)
    form = SeriesForm(request.POST or None, registers=[], series=series)
    if request.method == "POST" and form.is_valid():
        try:
            series_update(
                series,
                user=request.user,
                settings=form.settings(),
                events=form.cleaned_data["events"],
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The series is saved."))
            return redirect("series", series_id=series.pk)
    return _form_page(request, form, series)


@login_required
@require_http_methods(["GET", "POST"])
def series_delete_view(request, series_id: int):
    series = _kept(request, series_id)
    if request.method == "POST":
        series_delete(series, user=request.user)
        messages.success(request, _("The series %(name)s is deleted.") % {"name": series.name})
        return redirect("organizer-series")
    cancel = reverse("organizer-series-edit", args=[series.pk])
    return render(
        request,
        "organizer/confirm.html",
        {
            "event": series,
            "question": _("Delete the series %(name)s?") % {"name": series.name},
            "consequences": [
                _("Its table is gone; its events and their results stay as they are.")
            ],
            "confirm_label": _("Delete the series"),
            "action": reverse("organizer-series-delete", args=[series.pk]),
            "cancel": cancel,
        },
    )


@login_required
@require_POST
def league_series_view(request, league_id: int):
    """The league's table across its seasons, as a series (made, or brought up to date)."""
    league = get_object_or_404(League, pk=league_id)
    try:
        series = league_series(league=league, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("league", league_id=league.pk)
    return redirect("series", series_id=series.pk)


def _registers(user) -> list:
    """The registers a new series may belong to: those the user keeps (their own made now
    when they have none, as their first event would)."""
    return list(registers_kept_by(user)) or [own_register(user)]


def _kept(request, series_id: int):
    """The series, if the user keeps its register: 404 when it does not exist, 403 if not."""
    series = queries.series_or_404(series_id)
    if not queries.keeps(series, request.user):
        raise PermissionDenied
    return series


def _form_page(request, form: SeriesForm, series):
    return render(
        request,
        "organizer/series_form.html",
        {"form": form, "series": series},
        status=400 if form.errors else 200,
    )
