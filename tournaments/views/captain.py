"""A table's page for its captain, opened by the table's code (a printed QR code or short link).

No account: the code is the key, and it opens one table only, once its round is published. Wrong
codes are counted per client and answered 429 for a while once there are too many (guessing is
pointless with 2**60 codes, and the page says so to the one who tries); a right code never is.

The captain enters each hand as the score sheet holds it; the engine scores it (a live preview on
every change, htmx) and refuses an impossible hand with its own message, shown next to the form
(HTTP 400, nothing stored). The opponents confirm a stored hand with their own code (printed
on the table sheet beside the captain's), on this phone or their own, after reading the whole
hand (``confirm``); the captain may ask the organizer to correct a saved hand
(``correction_request``), which the results desk shows until it is answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import InvalidHand

from ..clock import clock_of
from ..code_attempts import wrong_code_limited
from ..games import hand_table, score_for_table
from ..games.columns import CARD_POINTS
from ..knockout.reads import game_at_table
from ..models import Round, Table
from ..selectors import duplicate
from ..selectors import pages as queries
from ..services.hands import hand_confirm, hand_record, hand_request_correction
from ..services.history import Actor, ServiceError
from ..services.lineups import seats_lineup
from ..wording import hand_error_message
from .engine_files import offline_assets
from .forms import (
    CorrectionRequestForm,
    LineupForm,
    OpponentsCodeForm,
    add_service_error,
    hand_form_class,
)


def _table_or_refuse(request, code: str):
    """The table of a code, or a response: 404 for an unknown code, or one of a round still
    in draft (its code works once the round is published, as in the API); 429 once this
    client has tried too many (``tournaments.code_attempts``). A right code is never refused."""
    table = queries.table_by_code(code)
    if table is not None and table.round.status != Round.Status.DRAFT:
        return table, None
    throttled = wrong_code_limited(request) is not None
    return None, render(
        request, "captain/unknown.html", {"throttled": throttled}, status=429 if throttled else 404
    )


def allowed_calls(rules) -> tuple[str, ...]:
    """The calls the event's options offer on the form (the engine checks them again). The game
    decides on Grand Tichu: Chaos Tichu offers it whatever the event says otherwise."""
    return (
        ("tichu",)
        + (("grand",) if rules.variant.grand_tichu_allowed else ())
        + (("blind",) if rules.blind_grand_tichu else ())
    )


def form_options(event_format) -> dict:
    """What a hand form needs of the event's game: the calls offered, Chaos Tichu, the engine's
    key of a sweep and the game's words for it (``tournaments.games``)."""
    rules, game = event_format.rules, event_format.game
    options = {"calls": allowed_calls(rules), "chaos": rules.chaos}
    if not game.placings:
        options |= {
            "sweep_key": rules.variant.sweep_key,
            "sweep_label": game.sweep_label,
            "card_points_help": game.card_points_help,
            "passes": event_format.is_duplicate,
        }
    return options


def _numbers(event_format, hands) -> list[int]:
    """Hand numbers the form offers: all of a fixed round, or the next hand of a game."""
    if not event_format.open_ended:
        return list(range(1, event_format.hands_per_round + 1))
    return [len(hands) + 1]


@dataclass(frozen=True)
class HandSeatLabel:
    """A seat of the engine's hand as the form names it (``position``: the hand's seat)."""

    position: int
    label: str


ROLE_LABELS = {"dealer": _lazy("%(name)s (dealer)"), "dummy": _lazy("dummy of %(name)s")}


def hand_seat_labels(game, number: int, seats) -> list:
    """The seats of hand ``number`` as the form shows them: the table's seats, or where the game
    seats its players anew every hand (Threechu's dealer and dummy), the hand's seats with the
    players' names and their parts."""
    if not game.per_seat:
        return list(seats)
    names = {seat.position: seat.label for seat in seats}
    roles = game.roles(number)
    return [
        HandSeatLabel(
            seat, str(ROLE_LABELS[roles[seat]]) % {"name": name} if seat in roles else name
        )
        for seat, name in sorted(game.hand_seats(number, names).items())
    ]


def posted_number(data) -> int | None:
    """The hand number a posted form names, if it is a number."""
    try:
        return int(data["number"]) if data is not None and "number" in data else None
    except (TypeError, ValueError):
        return None


def _form(table, data=None, number=None):
    event = table.round.event
    game = event.format.game
    seats = list(table.seats.all())
    hands = list(table.hands.all())
    numbers = _numbers(event.format, hands)
    entered = {h.number for h in hands}
    if number is None:
        number = posted_number(data) if game.per_seat else None
    if number is None or number not in numbers:
        number = next((n for n in numbers if n not in entered), numbers[-1])
    if game.per_seat:  # the seats' names depend on the hand: one hand at a time
        numbers = [number]
    labels = _board_labels(table, seats)
    form = hand_form_class(game)(
        data,
        seats=hand_seat_labels(game, number, seats),
        numbers=numbers,
        initial={"number": number},
        **({"number_labels": labels} if labels else {}),
        **form_options(event.format),
    )
    if event.format.is_duplicate:
        form.fields["number"].label = _("Board")
    return form


def recorded_words(table: Table, number: int) -> str:
    """What the captain reads once hand ``number`` of ``table`` is recorded: after the form's
    answer, or where the page learns it otherwise (its queue sent it, the answer was lost)."""
    spot = _board_of(table, number)
    if spot:
        return _("Board %(n)s is recorded. Let the opponents confirm it.") % {"n": spot}
    return _("Hand %(n)s is recorded. Let the opponents confirm it.") % {"n": number}


def _board_of(table, number: int) -> int | None:
    """The board hand ``number`` of a duplicate table is (None outside duplicate)."""
    event_format = table.round.event.format
    if not event_format.is_duplicate:
        return None
    return event_format.hand_label(table.round.number, number)


def _board_labels(table, seats) -> dict[int, str] | None:
    """A duplicate table's hands by their boards: "Board 7 · dealer: West (Anna)"."""
    if not table.round.event.format.is_duplicate:
        return None
    boards = duplicate.table_boards(table, {seat.position: seat.label for seat in seats})
    return {
        number: _("Board %(board)s · dealer: %(dealer)s")
        % {"board": spot.board, "dealer": spot.dealer_name}
        for number, spot in boards.items()
    }


def preview_of(table, entry, names=None, number: int = 1) -> dict:
    """Both teams' TP and VP as the engine scores an entry of hand ``number``, or its refusal:
    ``error`` worded (with the players' ``names``), ``refusal`` the engine's exception.

    A duplicate board gives no VP: each side's result (its TP minus the other's) instead,
    which its matchpoints compare (RULINGS.md, "Duplicate Tichu")."""
    event_format = table.round.event.format
    try:
        scored = score_for_table(event_format, entry, number, len(table.seats.all()))
    except InvalidHand as error:
        return {"error": hand_error_message(error, names, first_seat=1), "refusal": error}
    score = scored.score
    if event_format.game.placings:
        names = names or {}  # placings: each seat's points, in order
        return {
            "placing": [
                (place, names.get(seat, seat), score.points[seat])
                for place, seat in enumerate(score.finish_order, start=1)
            ]
        }
    results = event_format.board_results(scored.team_points)
    return {
        "totals": scored.team_points,
        **(
            {"results": results}
            if results is not None
            else {"victory_points": scored.victory_points}
        ),
        "double_victory": scored.sweep,
        "calls": [(c.seat, c.call, c.made) for c in score.calls],
    }


def lineup_forms(view, event_format) -> list[LineupForm]:
    """A form per team of a team event's table: who plays its seats."""
    return [LineupForm(lineup=lineup) for lineup in queries.table_lineups(view, event_format)]


def lineup_post(request, table, view, actor) -> None:
    """Save who plays the seats of the team the posted form names (``services.lineups``): the
    captain's page and the organizer's table page post here, each with its own actor; the
    outcome is a message."""
    lineups = {
        lineup.team: lineup for lineup in queries.table_lineups(view, table.round.event.format)
    }
    team = posted_number({"number": request.POST.get("team")})
    if team not in lineups:
        messages.error(request, _("Choose the team whose players you name."))
        return
    form = LineupForm(request.POST, lineup=lineups[team])
    if not form.is_valid():
        messages.error(request, _("Choose a player of the team's roster for each seat."))
        return
    try:
        seats_lineup(table_id=table.pk, team=team, player_ids=form.player_ids(), actor=actor)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Who plays for %(team)s is saved.") % {"team": lineups[team].entrant.display_name},
        )


def _page(request, table, form, *, status=200, preview=None):
    event = table.round.event
    hands = {h.number: h for h in table.hands.all()}
    view = queries.build_table_view(
        table, event.format, queries.settled_round_results(table, event)
    )
    # a decided game offers no next hand
    numbers = (
        []
        if view.done and event.format.open_ended
        else _numbers(event.format, list(hands.values()))
    )
    rows = hand_table(
        event.format, view.names, list(hands.values()), numbers, round_number=table.round.number
    )
    editable = (
        table.round.status == table.round.Status.PUBLISHED
        and table.status == table.Status.OPEN
        and not view.done
        and event.status != event.Status.FINISHED
    )
    return render(
        request,
        "captain/table.html",
        {
            "table": table,
            "event": event,
            "round": table.round,
            "view": view,
            "rows": rows,
            "form": form,
            "editable": editable,
            "preview": preview,
            "code": table.code,
            # who plays: the captain names them until the first hand (``services.lineups``)
            "lineups": lineup_forms(view, event.format) if editable and not hands else [],
            "cup_game": game_at_table(table.pk) if event.format.is_cup else None,
            "clock": clock_of(table.round) if editable else None,
            # the page offline (``views.offline``): what the service worker keeps at once
            "offline_assets": offline_assets(),
            "sync_seconds": settings.CAPTAIN_SYNC_SECONDS,
            # what another phone sent differently for a recorded hand (``DifferingEntry``)
            "differing": queries.differing_entries([table]),
            # a duplicate table's boards by hand number (``selectors.duplicate``)
            "boards": duplicate.table_boards(table, view.names)
            if event.format.is_duplicate
            else None,
        },
        status=status,
    )


@require_http_methods(["GET", "POST"])
def table_page(request, code: str):
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    if request.method == "GET":
        try:
            number = int(request.GET["hand"]) if "hand" in request.GET else None
        except ValueError:
            number = None
        return _page(request, table, _form(table, number=number))

    form = _form(table, request.POST)
    if not form.is_valid():
        return _page(request, table, form, status=400)
    entry = form.entry()
    if "preview" in request.POST:  # without JavaScript: the preview on its own button
        preview = preview_of(table, entry, form.seat_names, form.cleaned_data["number"])
        if "error" in preview:
            form.add_engine_error(preview["refusal"])
        return _page(
            request, table, form, preview=preview, status=400 if "error" in preview else 200
        )
    number = form.cleaned_data["number"]
    try:
        outcome = hand_record(
            table_id=table.pk,
            number=number,
            entry=entry,
            actor=Actor.captain(table),
            passes=form.passes(),
        )
    except InvalidHand as error:
        form.add_engine_error(error)
        return _page(request, table, form, status=400)
    except ServiceError as error:
        form.add_error(None, error.message)
        return _page(request, table, form, status=error.status)
    # tagged: the page, which keeps each hand it saves, then knows the server answered for it
    # and has nothing to add (static/js/offline/captain_offline.mjs, ``submittedMessage``)
    tags = "hand-recorded"
    if outcome.result == "unchanged":
        spot = _board_of(table, number)
        messages.info(
            request,
            _("Board %(n)s was already recorded with this score.") % {"n": spot}
            if spot
            else _("Hand %(n)s was already recorded with this score.") % {"n": number},
            extra_tags=tags,
        )
    else:
        messages.success(request, recorded_words(table, number), extra_tags=tags)
    cup_game = game_at_table(table.pk) if table.round.event.format.is_cup else None
    if cup_game is not None and cup_game.next_code is not None:
        messages.info(
            request,
            _("Game %(n)s is over. Game %(m)s starts: the teams swap seats.")
            % {"n": cup_game.number, "m": cup_game.number + 1},
        )
        return redirect("captain-table", code=cup_game.next_code)
    # marked as the form's answer: the service worker waits for it longer than for a page
    # opened (templates/captain/sw.js), so that a slow server's answer is not lost to its copy
    return redirect(f"{reverse('captain-table', args=[table.code])}?recorded={number}")


@require_POST
def preview(request, code: str):
    """The live preview (htmx): both teams' TP and VP for what the form holds now."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    form = _form(table, request.POST)
    if not form.is_valid():
        result = {"error": " ".join(str(e) for errors in form.errors.values() for e in errors)}
    else:
        result = preview_of(table, form.entry(), form.seat_names, form.cleaned_data["number"])
        if table.round.event.format.game.per_seat:  # the sides by who plays them
            result["labels"] = form.team_names
    return render(request, "captain/_preview.html", {"preview": result, "form": form})


@require_POST
def lineup(request, code: str):
    """The captain names who plays a team's seats, until the table's first hand."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    view = queries.build_table_view(table, table.round.event.format, {})
    lineup_post(request, table, view, Actor.captain(table))
    return redirect("captain-table", code=table.code)


@dataclass(frozen=True)
class HandShown:
    """A stored hand as the opponents read it before they confirm it: its row of the table's
    hands (``hand_table``: each side's numbers, the notes: first out or the finish order, a
    sweep), its calls with made or failed, and each side with its numbers."""

    row: Any
    calls: list[tuple[str, str, bool]]
    sides: list[tuple[str, list[tuple[Any, int | None]]]]
    placings: bool


def hand_shown(table, number: int) -> HandShown | None:
    """Hand ``number`` of a table laid out by its game, or None while it is not recorded. A game
    of two teams shows each team's card points beside its numbers (they decide the hand)."""
    event_format = table.round.event.format
    game = event_format.game
    hand = next((h for h in table.hands.all() if h.number == number), None)
    if hand is None:
        return None
    names = {seat.position: seat.label for seat in table.seats.all()}
    columns = event_format.hand_columns
    if game.teams and CARD_POINTS not in columns:
        columns = (CARD_POINTS, *columns)
    values = event_format.hand_sides(hand, list(game.positions_of(names)))
    sides = [
        (side, [(column, side_values.get(column.key)) for column in columns])
        for side, side_values in zip(game.side_names(names), values, strict=True)
    ]
    return HandShown(
        row=hand_table(event_format, names, [hand], round_number=table.round.number).rows[0],
        calls=game.hand_calls(hand, names),
        sides=sides,
        placings=game.placings,
    )


def _hand_page(request, table, number: int, *, confirm_form=None, request_form=None, status=200):
    shown = hand_shown(table, number)
    if shown is None:
        messages.error(request, _("This hand is not recorded yet."))
        return redirect("captain-table", code=table.code)
    event = table.round.event
    return render(
        request,
        "captain/hand.html",
        {
            "table": table,
            "event": event,
            "round": table.round,
            "code": table.code,
            "number": number,
            "hand": shown.row.hand,
            "shown": shown,
            "confirm_form": confirm_form,
            "request_form": request_form,
            "finished": event.status == event.Status.FINISHED,
        },
        status=status,
    )


@require_http_methods(["GET", "POST"])
def confirm(request, code: str, number: str):
    """The opponents confirm a hand their captain entered: the page shows the whole hand (the
    calls made or failed, who went out first or the finish order, card points, each side's
    points), and they confirm it with their own code. A wrong code counts against the limits
    of wrong table codes (``code_attempts``): 429 once they are used up."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    hand_number = int(number)  # the URL's digits
    if request.method == "GET":
        return _hand_page(request, table, hand_number, confirm_form=OpponentsCodeForm())
    form = OpponentsCodeForm(request.POST)
    if not form.is_valid():
        return _hand_page(request, table, hand_number, confirm_form=form, status=400)
    try:
        hand_confirm(table_id=table.pk, number=hand_number, code=form.cleaned_data["code"])
    except ServiceError as error:
        if error.code != "wrong_code":
            messages.error(request, error.message)
            return redirect("captain-table", code=table.code)
        throttled = wrong_code_limited(request, table.pk) is not None
        form.add_error(
            "code",
            _("Too many wrong codes: wait a minute, then try again.")
            if throttled
            else error.message,
        )
        return _hand_page(
            request, table, hand_number, confirm_form=form, status=429 if throttled else 403
        )
    messages.success(request, _("Hand %(n)s is confirmed by the opponents.") % {"n": hand_number})
    return redirect("captain-table", code=table.code)


@require_http_methods(["GET", "POST"])
def correction_request(request, code: str, number: str):
    """The captain asks the organizer to correct a saved hand, saying what is wrong; the request
    shows on the results desk until the organizer corrects the hand or dismisses it."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    hand_number = int(number)  # the URL's digits
    if request.method == "GET":
        hand = next((h for h in table.hands.all() if h.number == hand_number), None)
        initial = {"text": hand.correction_request} if hand is not None else {}
        return _hand_page(
            request, table, hand_number, request_form=CorrectionRequestForm(initial=initial)
        )
    form = CorrectionRequestForm(request.POST)
    if not form.is_valid():
        return _hand_page(request, table, hand_number, request_form=form, status=400)
    try:
        hand_request_correction(
            table_id=table.pk,
            number=hand_number,
            text=form.cleaned_data["text"],
            actor=Actor.captain(table),
        )
    except ServiceError as error:
        add_service_error(form, error)
        return _hand_page(request, table, hand_number, request_form=form, status=error.status)
    messages.success(
        request, _("The organizer is asked to correct hand %(n)s.") % {"n": hand_number}
    )
    return redirect("captain-table", code=table.code)


@require_GET
def traveller(request, code: str, number: int):
    """A duplicate board's traveller for the pair at this table: every table's result of the
    board, shown only once this table's own result of it is in (RULINGS.md)."""
    table, refusal = _table_or_refuse(request, code)
    if refusal:
        return refusal
    event = table.round.event
    boards = duplicate.table_boards(table, {}) if event.format.is_duplicate else {}
    if int(number) not in boards:
        raise Http404("No such board at this table.")
    spot = boards[int(number)]
    entered = duplicate.pair_entered(table, spot.number)
    seats = {seat.position: seat.entrant_id for seat in table.seats.all()}
    return render(
        request,
        "captain/traveller.html",
        {
            "table": table,
            "event": event,
            "code": code,
            "spot": spot,
            "entered": entered,
            "traveller": duplicate.traveller(event, spot.board) if entered else None,
            "own": (seats.get(0), seats.get(1)),
        },
    )
