"""Pages for organizers (login required; only events they own or co-organize).

Each view authorizes the event first (404 when it does not exist, 403 when it is someone else's),
looks up the round, table, entrant or change inside that event, calls one service, and shows the
service's answer: a message and a redirect for buttons, the form again with errors for forms.

Nothing that cannot be taken back in one tap acts at once: withdrawing a player, closing a table,
pairing a draft again, finishing the event and undoing a change lead to a page that says what
will happen (GET, ``confirmations``), whose own button acts (POST).
"""

from __future__ import annotations

import json
from collections import Counter

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.core.paginator import Paginator
from django.forms.utils import ErrorList
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import InvalidHand

from ..choices import EntrantType
from ..clock import clock_of
from ..games import hand_table
from ..knockout.reads import cup_view
from ..models import Change, DifferingEntry, Entrant, Event, Round, Table
from ..selectors import duplicate as duplicate_reads
from ..selectors import pages as queries
from ..selectors.progress import unfinished_tables
from ..services.access import (
    CHECK_IN,
    CLOCK,
    DESK,
    HAND,
    MANAGE,
    TABLE_CLOSE,
    VIEW,
    event_actor,
    helper_add,
    helper_remove,
    may,
)
from ..services.clock import CLOCK_ACTIONS, CLOCK_TIMED_ACTIONS
from ..services.events import (
    entrant_withdraw,
    event_create,
    players_register,
    rounds_paired,
    teams_register,
)
from ..services.hands import (
    differing_entry_dismiss,
    hand_correct,
    hand_record,
    hand_request_dismiss,
)
from ..services.history import Actor, Forbidden, ServiceError
from ..services.lifecycle import event_reopen, is_last_round_played
from ..services.names import clean_club, clean_name
from ..services.players import entrant_update, entrants_check_in, same_names
from ..services.rounds import (
    bye_move,
    event_finish_now,
    round_pair,
    round_publish,
    round_regenerate,
    round_warnings,
    seats_swap,
    table_close,
    total_rounds,
)
from ..services.settings import event_settings_update
from ..services.undo import change_undo, entrant_reinstate
from . import confirmations
from .captain import form_options, hand_seat_labels, lineup_forms, lineup_post, preview_of
from .cup import event_page_context as cup_page_context
from .forms import (
    ClockForm,
    EntrantForm,
    EventCreateForm,
    HelperForm,
    PlayersForm,
    ReasonForm,
    SwapForm,
    TableCloseForm,
    add_service_error,
    closing_choices,
    hand_form_class,
)
from .history_words import history_lines
from .labels import (
    DUPLICATE_PRINTOUTS,
    all_matches,
    cup_attention,
    format_summary,
    live_matches,
    match_stage,
    preset_label,
    withdrawal_label,
)
from .linking import link_entries, linked_messages, posted_choices
from .player_files import (
    PLAYER_ROLES,
    ROLE_LABELS,
    TEAM_ROLES,
    forget_upload,
    keep_upload,
    kept_upload,
)
from .settings_form import EventSettingsForm
from .words import status_label


def _actor(request) -> Actor:
    """Who acts: as ``_event`` found (an organizer, or a helper where helpers may act)."""
    return getattr(request, "event_actor", None) or Actor.organizer(request.user)


def _event(request, event_id: int, action: str = MANAGE):
    """The event, if the user may do ``action`` at it (``services.access``): 404 when it does
    not exist, 403 when they may not. Remembers whom they act as (``_actor``)."""
    event = queries.event_or_404(event_id)
    role = event.role(request.user)
    try:
        request.event_actor = event_actor(event, request.user, action, role=role)
    except Forbidden:
        raise PermissionDenied from None
    request.event_manager = may(role, MANAGE)
    return event


def _not_draft_to_helpers(request, rnd) -> None:
    """A draft is its organizers' alone: to a helper it does not exist (404)."""
    if rnd.status == Round.Status.DRAFT and not request.event_manager:
        raise Http404


def _back(event, rnd=None):
    if rnd is not None:
        return redirect("organizer-round", event_id=event.pk, round_id=rnd.pk)
    return redirect("organizer-event", event_id=event.pk)


HISTORY_PER_PAGE = 100  # a day of a 40-player DTM records about a thousand changes


@login_required
@require_GET
def dashboard(request):
    events = list(queries.organizer_events(request.user))
    for event in events:
        event.preset_label = preset_label(event.preset)
    return render(
        request,
        "organizer/dashboard.html",
        {"events": events, "helping": queries.helped_events(request.user)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request):
    form = EventCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = event_create(
                owner=request.user,
                name=form.cleaned_data["name"],
                preset=form.cleaned_data["preset"],
                overrides=form.overrides(),
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The event is created. Register its players next."))
            return redirect("organizer-event", event_id=event.pk)
    return render(
        request, "organizer/event_new.html", {"form": form}, status=400 if form.errors else 200
    )


def _duplicate_printouts(event) -> tuple:
    """The printouts a duplicate event offers once its field has a movement (none otherwise)."""
    if not event.format.is_duplicate or duplicate_reads.movement_of(event)[1] is None:
        return ()
    return DUPLICATE_PRINTOUTS


def _event_page(
    request, event, players_form=None, status=200, settings_form=None, helper_form=None
):
    rounds = queries.rounds_with_progress(event)
    latest = rounds[-1] if rounds else None
    entrants = queries.entrants(event)
    for entrant in entrants:
        if not entrant.active:
            entrant.withdrawal = withdrawal_label(entrant.withdrawn_after_round)
    cup = cup_page_context(event) if event.format.is_cup else {"cup": None}
    if cup["cup"]:  # a cup's rounds are its stages
        for rnd in rounds:
            rnd.stage = cup["round_stages"].get(rnd.pk, "")
    return render(
        request,
        "organizer/event.html",
        {
            **cup,
            "event": event,
            "format": event.format,
            "format_summary": format_summary(event),
            "entrants": entrants,
            "duplicate_printouts": _duplicate_printouts(event),
            "rounds": rounds,
            "latest": latest,
            "offer_finish": is_last_round_played(event, rounds, total_rounds(event, len(entrants))),
            "playing": sum(1 for entrant in entrants if entrant.active),
            "tables": queries.table_views(latest, event) if latest else [],
            "rows": [] if cup["cup"] else queries.standings(event),
            "absent": [] if cup["cup"] else queries.did_not_play(event),
            "players_form": players_form or PlayersForm(),
            "settings_form": settings_form or EventSettingsForm(event=event),
            "attention": cup_attention(event) if event.format.is_cup else [],
            "manage": request.event_manager,
            "clock": clock_of(latest) if latest else None,
            "clock_form": ClockForm(),
            "helpers": queries.event_helpers(event) if request.event_manager else [],
            "helper_form": helper_form or HelperForm(),
        },
        status=status,
    )


@login_required
@require_POST
def event_settings(request, event_id: int):
    """Change the event's format values; the form again with its errors when refused."""
    event = _event(request, event_id)
    form = EventSettingsForm(request.POST, event=event)
    if form.is_valid():
        try:
            event_settings_update(event_id=event.pk, changes=form.changes(), actor=_actor(request))
        except ServiceError as error:
            form.add_service_error(error)
            return _event_page(request, event, settings_form=form, status=error.status)
        messages.success(request, _("The settings are saved."))
        return _back(event)
    return _event_page(request, event, settings_form=form, status=400)


@login_required
@require_GET
def event_detail(request, event_id: int):
    return _event_page(request, _event(request, event_id, VIEW))


@login_required
@require_POST
def players_add(request, event_id: int):
    """Register players (one per line) or teams ("Team; member; member"), typed or a file (CSV
    or XLSX: shown first, with what each of its columns holds)."""
    event = _event(request, event_id)
    team_event = event.format.entrant_type == EntrantType.TEAM
    form = PlayersForm(
        request.POST,
        request.FILES,
        team=team_event,
        kept=lambda token: kept_upload(request.session, event.pk, token),
    )
    valid = form.is_valid()
    # a file: shown first, saved once confirmed; also when read as found, not as chosen, or
    # when its columns as chosen give no name
    if form.cleaned_data.get("preview") is not None and (
        valid or set(form.errors) <= {"encoding", NON_FIELD_ERRORS}
    ):
        return _players_preview(request, event, form, status=200 if valid else 400)
    if not valid:
        return _event_page(request, event, form, status=400)
    rows = form.cleaned_data["rows"]
    people = posted_choices(request.POST, rows, team_event)
    try:
        if not team_event:
            entrants = players_register(
                event=event,
                names=[row[0] for row in rows],
                clubs=[row[1] if len(row) > 1 else "" for row in rows],
                people=people,
                actor=_actor(request),
            )
        else:
            entrants = teams_register(
                event=event,
                teams=[(row[0], row[1:]) for row in rows],
                people=people,
                actor=_actor(request),
            )
    except ServiceError as error:
        if error.field == "person":  # which person a name is: asked, or the choice refused
            return _link_page(request, event, rows, error)
        form.add_error("lines", error.message)
        return _event_page(request, event, form, status=error.status)
    forget_upload(request.session)
    messages.success(request, _("%(n)d registered.") % {"n": len(entrants)})
    linked_messages(request, event, entrants)
    for name in same_names(event, [row[0] for row in rows]):
        messages.warning(
            request,
            _("More than one player is called %(name)s: add a club or city to tell them apart.")
            % {"name": name},
        )
    return _back(event)


def _link_page(request, event, rows: list[list[str]], error: ServiceError):
    """The names to register with the people of the register they may be: the organizer
    chooses (their earlier choices kept) and confirms the list again."""
    team_event = event.format.entrant_type == EntrantType.TEAM
    return render(
        request,
        "organizer/players_preview.html",
        {
            "event": event,
            "entries": link_entries(event, rows, request.POST),
            "rows": rows,
            "file": None,
            "errors": ErrorList([error.message]),
            "team_event": team_event,
            "confirm_form": PlayersForm(initial={"confirmed_rows": json.dumps(rows)}),
        },
        status=error.status,
    )


def _players_preview(request, event, form: PlayersForm, status: int):
    """A file's rows before they are registered: the encoding they were read in and a choice of
    another, what each column holds and a choice of another (the file's bytes kept meanwhile,
    ``keep_upload``), the rows as they would be registered with the person of the register each
    name links to (``linking``), and what is wrong with them."""
    read, rows = form.cleaned_data["preview"], form.cleaned_data.get("rows", [])
    roles = form.cleaned_data["roles"]
    team_event = event.format.entrant_type == EntrantType.TEAM
    again = PlayersForm(
        initial={
            "upload": keep_upload(request.session, event.pk, form.cleaned_data["upload_data"]),
            "encoding": read.encoding,
            "lines": form.cleaned_data.get("lines", ""),
        }
    )
    again.fields["encoding"].widget = forms.Select(choices=read.encoding_choices())
    choices = [(role, ROLE_LABELS[role]) for role in (TEAM_ROLES if team_event else PLAYER_ROLES)]
    columns = [
        (
            column,
            forms.Select(choices=choices).render(
                f"column_{column.index}",
                roles[column.index],
                attrs={"id": f"id_column_{column.index}"},
            ),
        )
        for column in read.columns()
    ]
    return render(
        request,
        "organizer/players_preview.html",
        {
            "event": event,
            "rows": rows,
            "entries": link_entries(event, rows, None),
            "file": read,
            "read_again": again,
            "columns": columns,
            "encoding_errors": form.errors.get("encoding"),
            "errors": form.non_field_errors(),
            "warnings": preview_warnings(event, rows, form.cleaned_data["nameless"], team_event),
            "team_event": team_event,
            "confirm_form": PlayersForm(initial={"confirmed_rows": json.dumps(rows)}),
        },
        status=status,
    )


def preview_warnings(
    event, rows: list[list[str]], nameless: list[int], team_event: bool
) -> list[str]:
    """What the organizer should know of the rows before registering them: rows left out for
    want of a name, entries the services would refuse (all would then be refused), and players
    no club or city tells apart from another of the list or of the event."""
    warnings = []
    if nameless:
        warnings.append(
            ngettext(
                "Row %(rows)s has no name and is left out.",
                "Rows %(rows)s have no name and are left out.",
                len(nameless),
            )
            % {"rows": ", ".join(map(str, nameless[:20])) + (" …" if len(nameless) > 20 else "")}
        )
    for number, row in enumerate(rows, start=1):
        try:
            for cell in row[:1] if not team_event else row:
                clean_name(cell, "name")
            if not team_event and len(row) > 1:
                clean_club(row[1])
        except ServiceError as error:
            warnings.append(_("Entry %(n)d: %(error)s") % {"n": number, "error": error.message})
    if team_event:
        return warnings
    registered = Entrant.objects.filter(event=event).values_list("name", "club")
    counts = Counter(
        _who(name, club)
        for name, club in [*registered, *((row[0], row[1] if len(row) > 1 else "") for row in rows)]
    )
    shown = set()
    for row in rows:
        key = _who(row[0], row[1] if len(row) > 1 else "")
        if counts[key] > 1 and key not in shown:
            shown.add(key)
            warnings.append(
                _("More than one player is called %(name)s: add a club or city to tell them apart.")
                % {"name": " ".join(row[0].split())}
            )
    return warnings


def _who(name: str, club: str) -> tuple[str, str]:
    """A name and club as a reader tells players apart (``display_names``)."""
    return " ".join(name.split()).casefold(), " ".join(club.split()).casefold()


@login_required
@require_http_methods(["GET", "POST"])
def entrant_edit(request, event_id: int, entrant_id: int):
    """Rename a player, set their club or city, reinstate them after a withdrawal."""
    event = _event(request, event_id)
    entrant = Entrant.objects.filter(event=event, pk=entrant_id).first()
    if entrant is None:
        raise Http404
    form = EntrantForm(request.POST or None, initial={"name": entrant.name, "club": entrant.club})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                entrant_update(
                    entrant_id=entrant.pk,
                    name=form.cleaned_data["name"],
                    club=form.cleaned_data["club"],
                    actor=_actor(request),
                )
            except ServiceError as error:
                add_service_error(form, error)
                status = error.status
            else:
                messages.success(request, _("The player is saved."))
                for name in same_names(event, [form.cleaned_data["name"]]):
                    messages.warning(
                        request,
                        _(
                            "More than one player is called %(name)s: add a "
                            "club or city to tell them apart."
                        )
                        % {"name": name},
                    )
                return _back(event)
        else:
            status = 400
    withdrawal = None if entrant.active else withdrawal_label(entrant.withdrawn_after_round)
    return render(
        request,
        "organizer/entrant.html",
        {"event": event, "entrant": entrant, "form": form, "withdrawal": withdrawal},
        status=status,
    )


@login_required
@require_POST
def entrant_reinstate_view(request, event_id: int, entrant_id: int):
    event = _event(request, event_id)
    if not Entrant.objects.filter(event=event, pk=entrant_id).exists():
        raise Http404
    try:
        entrant = entrant_reinstate(entrant_id=entrant_id, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("%(name)s plays again from the next round.") % {"name": entrant.name}
        )
    return _back(event)


@login_required
@require_POST
def check_in(request, event_id: int):
    """The check-in: the ticked players are in the hall, the others are not paired."""
    event = _event(request, event_id, CHECK_IN)
    present = {
        int(pk)
        for pk in request.POST.getlist("present")
        if pk.isascii() and pk.isdigit() and len(pk) <= 18
    }
    try:
        changed = entrants_check_in(event_id=event.pk, present=present, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        absent = Entrant.objects.filter(
            event=event, present=False, withdrawn_after_round__isnull=True
        ).count()
        messages.success(
            request,
            _("Check-in saved: %(n)d changed, %(a)d absent (not paired).")
            % {"n": len(changed), "a": absent},
        )
    return _back(event)


@login_required
@require_http_methods(["GET", "POST"])
def entrant_withdraw_view(request, event_id: int, entrant_id: int):
    """Withdraw a player, after a confirmation: GET asks (who, from which round on), POST
    withdraws."""
    event = _event(request, event_id)
    entrant = Entrant.objects.filter(event=event, pk=entrant_id).first()
    if entrant is None:
        raise Http404
    if request.method == "GET":
        draft = Round.objects.filter(
            event=event, status=Round.Status.DRAFT, tables__seats__entrant=entrant
        ).first()
        return render(
            request,
            "organizer/confirm.html",
            confirmations.withdraw(event, entrant, rounds_paired(event), draft),
        )
    form = ReasonForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        entrant = entrant_withdraw(entrant_id=entrant_id, actor=_actor(request), reason=reason)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s is withdrawn.") % {"name": entrant.display_name})
    return _back(event)


@login_required
@require_POST
def round_pair_view(request, event_id: int):
    event = _event(request, event_id)
    try:
        rnd = round_pair(event_id=event.pk, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
        return _back(event)
    messages.success(
        request, _("Round %(n)d is paired as a draft: review and publish it.") % {"n": rnd.number}
    )
    return _back(event, rnd)


@login_required
@require_http_methods(["GET", "POST"])
def event_finish_view(request, event_id: int):
    """Finish the event, after a confirmation: GET asks, and offers to close the tables of the
    last round that are not done (a day cut short); POST closes them as chosen and finishes, in
    one transaction (``rounds.event_finish_now``)."""
    event = _event(request, event_id)
    if request.method == "GET":
        if event.status == Event.Status.FINISHED:
            return _back(event)
        rounds = queries.rounds_with_progress(event)
        last = rounds[-1] if rounds else None
        open_tables = []
        if last is not None and last.status != Round.Status.DRAFT:
            last.event = event
            unfinished = {table.pk for table in unfinished_tables(last)}
            open_tables = [
                view for view in queries.table_views(last, event) if view.table.pk in unfinished
            ]
        total = total_rounds(event, sum(1 for e in queries.entrants(event) if e.active))
        return render(
            request, "organizer/confirm.html", confirmations.finish(event, last, total, open_tables)
        )
    closing = closing_choices(request.POST)
    reason = ReasonForm(request.POST)
    try:
        if closing is None:
            raise ServiceError(_("Choose how to close each table."), code="closing")
        event_finish_now(
            event_id=event.pk,
            actor=_actor(request),
            closing=closing,
            reason=reason.cleaned_data["reason"] if reason.is_valid() else "",
        )
    except ServiceError as error:
        messages.error(request, error.message)
        if error.code in ("round_incomplete", "closing"):  # a table not shown, or no choice
            return redirect("organizer-finish", event_id=event.pk)
    else:
        messages.success(request, _("The event is finished: its standings are final."))
    return _back(event)


@login_required
@require_POST
def event_reopen_view(request, event_id: int):
    event = _event(request, event_id)
    form = ReasonForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        event_reopen(event_id=event.pk, actor=_actor(request), reason=reason)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The event is reopened: it is running again."))
    return _back(event)


DESK_POLL_SECONDS = 5
DESK_ORDER = ("missing", "waiting", "done")  # the tables that need someone first


def _desk_context(request, event) -> dict:
    """The latest round that is not a draft, every table with what is entered, confirmed and
    missing, and the link to send its captain; the captains' open requests for a correction,
    of any round."""
    stage = None
    if event.format.is_cup:  # every round of a cup is published at its draw: follow its matches
        rnd, views, stage = _cup_desk(event)
    else:
        rnd = queries.current_round(event)
        views = queries.table_views(rnd, event) if rnd else []
    required = event.format.confirmation_required
    clock = clock_of(rnd) if rnd is not None else None
    for view in views:
        view.link = request.build_absolute_uri(reverse("captain-table", args=[view.table.code]))
        waiting = (
            required
            and view.table.status == Table.Status.OPEN
            and (view.unconfirmed_numbers or view.requests)
        )
        view.state = "missing" if not view.done else "waiting" if waiting else "done"
    views.sort(key=lambda view: (DESK_ORDER.index(view.state), view.table.number))
    differing = queries.differing_entries(Table.objects.filter(round__event=event))
    for view in views:
        view.differing_numbers = sorted(
            {row.number for row in differing if row.table_id == view.table.pk}
        )
    return {
        "event": event,
        "round": rnd,
        "stage": stage,
        "tables": views,
        "poll": DESK_POLL_SECONDS,
        "clock": clock,
        "requests": queries.correction_requests(event),
        "differing": differing,
        "confirmation_required": required,
        "done": sum(1 for view in views if view.state == "done"),
    }


def _cup_desk(event):
    """A cup's desk: the tables of the stages being played (each round with a match at a table:
    the quarter-finals may end while the semi-finals begin), each table named by its match's stage
    and game; the first of those rounds and the stages' names. No round once none is played."""
    cup = cup_view(event)
    live = live_matches(cup)
    stages = list(dict.fromkeys(stage for stage, _view in live))
    games = {
        game.table_id: (match_stage(view, cup), game.number)
        for view in all_matches(cup)
        for game in view.games
    }
    playing = list(
        Round.objects.filter(pk__in={view.match.round_id for _stage, view in live}).order_by(
            "number"
        )
    )
    views = []
    for rnd in playing:
        for view in queries.table_views(rnd, event):
            stage, number = games.get(view.table.pk, ("", 0))
            view.match_label = _("%(stage)s · game %(n)s") % {"stage": stage, "n": number}
            views.append(view)
    return (playing[0] if playing else None), views, ", ".join(stages)


@login_required
@require_GET
def results_desk(request, event_id: int):
    """The results desk: live (polled) state of every table of the round being played."""
    return render(
        request, "organizer/desk.html", _desk_context(request, _event(request, event_id, DESK))
    )


@login_required
@require_GET
def results_desk_tables(request, event_id: int):
    """The desk's tables alone, which the desk page polls for."""
    return render(
        request, "organizer/_desk.html", _desk_context(request, _event(request, event_id, DESK))
    )


@login_required
@require_GET
def round_detail(request, event_id: int, round_id: int):
    event = _event(request, event_id, VIEW)
    rnd = queries.round_or_404(event, round_id)
    _not_draft_to_helpers(request, rnd)
    draft = rnd.status == Round.Status.DRAFT
    tables = queries.table_views(rnd, event)
    for view in tables:  # each table's own choices: its teams by name, or averaged only
        view.close_form = TableCloseForm(sides=view.forfeit_sides)
    return render(
        request,
        "organizer/round.html",
        {
            "event": event,
            "round": rnd,
            "draft": draft,
            "manage": request.event_manager,
            "clock": clock_of(rnd),
            "clock_form": ClockForm(),
            "tables": tables,
            "byes": queries.byes(rnd),
            "warnings": round_warnings(rnd) if draft else [],
            "swap_form": SwapForm(seats=queries.round_seats(rnd), byes=queries.byes(rnd))
            if draft
            else None,
        },
    )


def _round_action(request, event_id, round_id, service, done_message):
    event = _event(request, event_id)
    rnd = queries.round_or_404(event, round_id)
    try:
        service(round_id=rnd.pk, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done_message % {"n": rnd.number})
    return _back(event, rnd)


@login_required
@require_http_methods(["GET", "POST"])
def round_regenerate_view(request, event_id: int, round_id: int):
    """Pair a draft again, after a confirmation: GET asks, POST pairs."""
    if request.method == "GET":
        event = _event(request, event_id)
        return render(
            request,
            "organizer/confirm.html",
            confirmations.regenerate(event, queries.round_or_404(event, round_id)),
        )
    return _round_action(
        request, event_id, round_id, round_regenerate, _("Round %(n)d is paired again.")
    )


@login_required
@require_POST
def round_publish_view(request, event_id: int, round_id: int):
    return _round_action(
        request,
        event_id,
        round_id,
        round_publish,
        _("Round %(n)d is published: captains can enter hands."),
    )


@login_required
@require_POST
def seats_swap_view(request, event_id: int, round_id: int):
    event = _event(request, event_id)
    rnd = queries.round_or_404(event, round_id)
    form = SwapForm(request.POST, seats=queries.round_seats(rnd), byes=queries.byes(rnd))
    if not form.is_valid():
        for error in form.non_field_errors() or [_("Choose two seats of this round.")]:
            messages.error(request, error)
        return _back(event, rnd)
    bye, seats = form.cleaned_data["bye"], form.cleaned_data["seats"]
    try:
        if bye is not None:
            warnings = bye_move(
                round_id=rnd.pk, seat_id=seats[0], entrant_id=bye, actor=_actor(request)
            )
        else:
            warnings = seats_swap(
                round_id=rnd.pk, seat_a=seats[0], seat_b=seats[1], actor=_actor(request)
            )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("The bye is moved.") if bye is not None else _("The seats are swapped.")
        )
        for warning in warnings:
            messages.warning(request, warning)
    return _back(event, rnd)


@login_required
@require_http_methods(["GET", "POST"])
def table_close_view(request, event_id: int, table_id: int):
    """Close a table (or open it again), after a confirmation: GET with the choice asks, naming
    the table and what its missing hands are credited (or the choice again, with its errors);
    POST closes."""
    event = _event(request, event_id, TABLE_CLOSE)
    if request.method == "GET":
        view = queries.table_view(table_id, event)
        _not_draft_to_helpers(request, view.table.round)
        form = TableCloseForm(request.GET or None, sides=view.forfeit_sides)
        if form.is_valid():
            return render(
                request,
                "organizer/confirm.html",
                confirmations.table_close(event, view, form.cleaned_data),
            )
        return render(
            request,
            "organizer/confirm.html",
            {
                "event": event,
                "choose_form": form,
                "question": _("Close table %(t)d of round %(r)d")
                % {"t": view.table.number, "r": view.table.round.number},
                "action": reverse("organizer-table-close", args=[event.pk, table_id]),
                "cancel": reverse("organizer-round", args=[event.pk, view.table.round.pk]),
            },
        )
    table = Table.objects.filter(pk=table_id, round__event=event).select_related("round").first()
    if table is None:
        raise Http404
    _not_draft_to_helpers(request, table.round)
    form = TableCloseForm(request.POST, sides=queries.table_view(table.pk, event).forfeit_sides)
    if not form.is_valid():
        errors = list(
            form.errors.get("forfeited_by")
            or ([form.note] if form.note and "status" in form.errors else [])
        )
        for error in errors or [_("Choose how to close the table.")]:
            messages.error(request, str(error))
        return _back(event, table.round)
    try:
        table_close(
            table_id=table.pk,
            status=form.cleaned_data["status"],
            actor=_actor(request),
            reason=form.cleaned_data["reason"],
            forfeited_by=form.cleaned_data.get("forfeited_by"),
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Table %(n)d is now %(status)s.")
            % {"n": table.number, "status": status_label(form.cleaned_data["status"])},
        )
    return _back(event, table.round)


@login_required
@require_GET
def table_detail(request, event_id: int, table_id: int):
    event = _event(request, event_id, VIEW)
    view = queries.table_view(table_id, event)
    _not_draft_to_helpers(request, view.table.round)
    numbers = (
        range(1, event.format.hands_per_round + 1)
        if event.format.hands_per_round
        else range(1, len(view.hands) + 2)
    )
    return render(
        request,
        "organizer/table.html",
        {
            "event": event,
            "view": view,
            "table": view.table,
            "round": view.table.round,
            "rows": hand_table(
                event.format,
                view.names,
                view.hands,
                numbers,
                round_number=view.table.round.number,
            ),
            "close_form": TableCloseForm(sides=view.forfeit_sides),
            "lineups": lineup_forms(view, event.format)
            if event.status != Event.Status.FINISHED or event.format.is_cup
            else [],
        },
    )


@login_required
@require_POST
def table_lineup(request, event_id: int, table_id: int):
    """Name who plays a team's seats at a table: at any time while the event runs (a correction
    of who played names the table's hands after them), in the history with the organizer."""
    event = _event(request, event_id)
    view = queries.table_view(table_id, event)
    lineup_post(request, view.table, view, _actor(request))
    return redirect("organizer-table", event_id=event.pk, table_id=view.table.pk)


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request, event_id: int, table_id: int, number: int):
    """Enter a missing hand, or correct a recorded one with a reason (kept in the history)."""
    event = _event(request, event_id, HAND)
    view = queries.table_view(table_id, event)
    _not_draft_to_helpers(request, view.table.round)
    hand = next((h for h in view.hands if h.number == number), None)
    form_class = hand_form_class(event.format.game, correction=hand is not None)
    kwargs = {
        "seats": hand_seat_labels(event.format.game, number, view.seats),
        **form_options(event.format),
    }
    if request.method == "GET":
        form = form_class(
            initial=form_class.initial_from_entry(number, hand and hand.entry), **kwargs
        )
        return _hand_page(request, event, view, form, hand, number)
    form = form_class(request.POST, **kwargs)
    if not form.is_valid():
        return _hand_page(request, event, view, form, hand, number, status=400)
    entry = form.entry()
    try:
        if hand is not None:
            outcome = hand_correct(
                hand_id=hand.pk,
                entry=entry,
                actor=_actor(request),
                reason=form.cleaned_data.get("reason") or "",
            )
        else:
            outcome = hand_record(
                table_id=view.table.pk,
                number=number,
                entry=entry,
                actor=_actor(request),
                passes=form.passes(),
            )
    except InvalidHand as error:
        form.add_engine_error(error)
        return _hand_page(request, event, view, form, hand, number, status=400)
    except ServiceError as error:
        add_service_error(form, error)
        return _hand_page(request, event, view, form, hand, number, status=error.status)
    messages.success(
        request,
        {
            "created": _("Hand %(n)d is recorded."),
            "corrected": _("Hand %(n)d is corrected."),
            "unchanged": _("Hand %(n)d is unchanged."),
        }[outcome.result]
        % {"n": number},
    )
    return redirect("organizer-table", event_id=event.pk, table_id=view.table.pk)


@login_required
@require_POST
def request_dismiss_view(request, event_id: int, hand_id: int):
    """Dismiss a captain's request for a correction (the hand stays as it is); back to the
    results desk."""
    event = _event(request, event_id)
    hand = queries.hand_of_event_or_404(event, hand_id)
    try:
        hand_request_dismiss(hand_id=hand.pk, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("The request for a correction of hand %(n)s at table %(t)s is dismissed.")
            % {"n": hand.number, "t": hand.table.number},
        )
    return redirect("organizer-desk", event_id=event.pk)


@login_required
@require_POST
def differing_keep_view(request, event_id: int, differing_id: int):
    """Keep a hand's recorded score over what another phone sent for it (the differing entry
    is settled); back to the results desk. Correcting the hand settles it too."""
    event = _event(request, event_id)
    differing = get_object_or_404(
        DifferingEntry.objects.select_related("table"),
        pk=differing_id,
        table__round__event=event,
    )
    try:
        differing_entry_dismiss(differing_id=differing.pk, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Hand %(n)s at table %(t)s keeps its recorded score.")
            % {"n": differing.number, "t": differing.table.number},
        )
    return redirect("organizer-desk", event_id=event.pk)


def _hand_page(request, event, view, form, hand, number, status=200):
    view.table.round.event = event
    preview = (
        preview_of(view.table, form.entry(), form.seat_names, number)
        if form.is_bound and form.is_valid()
        else None
    )
    return render(
        request,
        "organizer/hand.html",
        {
            "event": event,
            "view": view,
            "table": view.table,
            "form": form,
            "hand": hand,
            "number": number,
            # a duplicate table's hand is known by its board (``Format.hand_label``)
            "board": event.format.hand_label(view.table.round.number, number)
            if event.format.is_duplicate
            else None,
            "preview": preview,
        },
        status=status,
    )


@login_required
@require_GET
def history(request, event_id: int):
    """The event's changes, newest first, ``HISTORY_PER_PAGE`` a page (``?page=N``)."""
    event = _event(request, event_id)
    paginator = Paginator(queries.history(event), HISTORY_PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    return render(
        request,
        "organizer/history.html",
        {
            "event": event,
            "lines": history_lines(event, list(page.object_list)),
            "page": page,
            "page_range": list(
                paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1)
            ),
            "pages_path": reverse("organizer-history", args=[event.pk]),
            "pages_label": _("History"),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def change_undo_view(request, event_id: int, change_id: int):
    """Undo a recorded action, after a confirmation: GET asks, POST undoes."""
    event = _event(request, event_id)
    change = Change.objects.filter(pk=change_id, event=event).first()
    if change is None:
        raise Http404
    if request.method == "GET":
        line = history_lines(event, [change])[0]
        return render(
            request,
            "organizer/undo.html",
            {"event": event, "line": line, "consequences": confirmations.undo(change)},
        )
    try:
        change_undo(change_id=change_id, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("Undone: %(what)s") % {"what": history_lines(event, [change])[0].what}
        )
    return redirect("organizer-history", event_id=event.pk)


@login_required
@require_POST
def round_clock_view(request, event_id: int, round_id: int):
    """Start, pause, let go on, extend or take back the round's clock (``services.clock``)."""
    event = _event(request, event_id, CLOCK)
    rnd = queries.round_or_404(event, round_id)
    _not_draft_to_helpers(request, rnd)
    form = ClockForm(request.POST)
    if not form.is_valid():
        for error in (e for field in form.errors.as_data().values() for e in field):
            messages.error(request, " ".join(error.messages))
        return _back(event, rnd)
    action, minutes = form.cleaned_data["action"], form.cleaned_data["minutes"]
    try:
        if action in CLOCK_TIMED_ACTIONS:
            CLOCK_TIMED_ACTIONS[action](round_id=rnd.pk, minutes=minutes, actor=_actor(request))
        else:
            CLOCK_ACTIONS[action](round_id=rnd.pk, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, CLOCK_DONE[action] % {"n": rnd.number, "m": minutes})
    return _back(event, rnd)


CLOCK_DONE = {
    "start": gettext_lazy("The clock of round %(n)d runs: %(m)s minutes."),
    "pause": gettext_lazy("The clock of round %(n)d is paused."),
    "resume": gettext_lazy("The clock of round %(n)d runs again."),
    "extend": gettext_lazy("Round %(n)d has %(m)s minutes more."),
    "reset": gettext_lazy("The clock of round %(n)d is taken back."),
}


@login_required
@require_POST
def helper_add_view(request, event_id: int):
    """Invite a helper by their user name (the organizers' only)."""
    event = _event(request, event_id)
    form = HelperForm(request.POST)
    if form.is_valid():
        try:
            helper_add(
                event_id=event.pk, username=form.cleaned_data["username"], actor=_actor(request)
            )
        except ServiceError as error:
            add_service_error(form, error)
            return _event_page(request, event, helper_form=form, status=error.status)
        messages.success(
            request,
            _("%(name)s helps at this event now.") % {"name": form.cleaned_data["username"]},
        )
        return _back(event)
    return _event_page(request, event, helper_form=form, status=400)


@login_required
@require_POST
def helper_remove_view(request, event_id: int, user_id: int):
    event = _event(request, event_id)
    try:
        helper_remove(event_id=event.pk, user_id=user_id, actor=_actor(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The helper is removed."))
    return _back(event)
