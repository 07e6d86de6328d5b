"""Rounds: pair the next round, regenerate or adjust a draft, publish it, close tables.

Tournament rules implemented here:

- A round moves draft -> published -> complete. The next round can be paired only when every
  table of the previous one has all its hands (or was closed by the organizer as forfeited or
  averaged), and not beyond the format's number of rounds.
- A round's status follows its tables: a table opened again makes a complete round run again
  (its captain enters the missing hands, the next round waits for them). Once a later round is
  paired on its results, a table is no longer opened again: the organizer closes it another way.
- Who is paired: every entrant who joined by this round and has not withdrawn.
- The pairing itself is a pure function (``tournaments.pairing``) of the entrants in standing
  order, the history of partners, opponents and byes, and a seed derived from the event's seed
  and the round number: regenerating a draft gives the same draw, so a round can be audited.
- Who sits out (individual events, RULINGS.md): the byes go to the players who have sat out
  least, every earlier round without a seat counted (a bye, a late arrival's missed rounds, an
  absence at check-in); among those, to the lowest in the standings (``pairing``).
- In a draft the organizer may swap two seats, or move a bye to a seated player; the service
  warns when that breaks a pairing rule (a repeat partner, a rematch, a bye to a player who sat
  out more than a seated one) but lets the organizer decide. The draft also warns when a bye in
  the last round goes to a player who could still finish in the top three.
- Every change to a round, a seat or a table is written to the history.
- A day cut short (``event_finish_now``): the organizer finishes the event while tables of its
  last round are still open, closing each of them as averaged or forfeited (RULINGS.md, "Closing
  a table before all its hands are in") in the same transaction as the finishing: either all the
  tables are closed and the event finished, or nothing changed.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Count, QuerySet, Subquery
from django.utils.translation import gettext as _

from ..choices import EntrantType
from ..models import Bye, Entrant, Event, Round, Seat, Table, event_display_names
from ..pairing import (
    Draw,
    PairingError,
    PairingHistory,
    check_draw,
    pair_round,
)
from ..pairing import Entrant as PairingEntrant
from ..pairing.checks import Breach
from ..selectors.progress import round_is_complete, unfinished_tables
from ..standings.compute import compute
from ..standings.schedule import mark_changed
from ..wording import pairing_refusal, pairing_warning
from .history import SYSTEM, Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished, event_finish
from .lineups import name_players


def round_seed(event: Event, number: int) -> int:
    """The seed of a round's draw: fixed by the event's seed and the round number."""
    return (event.seed * 1_000_003 + number * 7919) % (2**63)


def complete_finished_rounds(event_id: int) -> None:
    """Mark published rounds whose every table is done as complete (after each recomputation).

    The check is made again under the event's row lock, which the closing (and opening again)
    of a table takes too: a table opened again after the first look is seen, and the round is
    not marked complete with it open. On PostgreSQL the lock is ``FOR NO KEY UPDATE``: a hand
    entry under way keeps its ``FOR KEY SHARE`` and waits only to bump the event's counter.

    A cup's rounds are left to the cup (``knockout.progress.sync_statuses``): a round of a cup
    is complete when its matches are decided, and some are not yet at a table."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None or event.format.is_cup:  # deleted since the run was sent, or a cup
        return
    for rnd in Round.objects.filter(event_id=event_id, status=Round.Status.PUBLISHED):
        if round_is_complete(rnd):
            with transaction.atomic():
                Event.objects.select_for_update(no_key=True).only("pk").get(pk=event_id)
                if round_is_complete(rnd) and Round.objects.filter(
                    pk=rnd.pk, status=Round.Status.PUBLISHED
                ).update(status=Round.Status.COMPLETE):
                    record_change(
                        rnd.event,
                        subject="round",
                        subject_id=rnd.pk,
                        action="complete",
                        actor=SYSTEM,
                        old={"status": "published"},
                        new={"status": "complete"},
                    )


def total_rounds(event: Event, entrant_count: int) -> int:
    """Rounds in the event: the format's number, or what the round robin needs."""
    event_format = event.format
    if event_format.rounds is not None:
        return event_format.rounds
    games = entrant_count - 1 if entrant_count % 2 == 0 else entrant_count
    return games * (2 if event_format.double_round_robin else 1)


def active_entrants(event: Event, number: int) -> list[Entrant]:
    """Entrants who play round ``number``: joined by then, not withdrawn, and present (the
    check-in)."""
    return list(
        Entrant.objects.filter(
            event=event, joined_round__lte=number, withdrawn_after_round__isnull=True, present=True
        )
    )


def _tables_of(seats, team_event: bool) -> list[tuple[int, ...]]:
    """Seat rows (table, entrant) in seat order -> pairing tables: the players, or two teams
    (a team fills the even seats, its opponent the odd ones)."""
    tables: dict[int, list[int]] = {}
    for table_id, entrant_id in seats:
        tables.setdefault(table_id, []).append(entrant_id)
    return [tuple(t[:2]) if team_event else tuple(t) for t in tables.values()]


def _is_team_event(event: Event) -> bool:
    return event.format.entrant_type == EntrantType.TEAM


def pairing_history(event: Event, before: int) -> PairingHistory:
    """Partners, opponents, matches and byes of the rounds before ``before`` (two queries)."""
    seats = (
        Seat.objects.filter(table__round__event=event, table__round__number__lt=before)
        .order_by("table_id", "position")
        .values_list("table_id", "entrant_id")
    )
    byes = list(
        Bye.objects.filter(round__event=event, round__number__lt=before).values_list(
            "entrant_id", flat=True
        )
    )
    return PairingHistory.from_tables(
        _tables_of(seats, _is_team_event(event)), byes, teams=event.format.game.teams
    )


def sat_out_history(event: Event, number: int, entrants: list[int]) -> PairingHistory:
    """The history before round ``number`` with every earlier round in which one of
    ``entrants`` had no seat counted as sat out (``PairingHistory.byes``): a bye, a round before
    a late arrival joined, a round absent at check-in (RULINGS.md, "Who sits out")."""
    history = pairing_history(event, number)
    seated = dict(
        Seat.objects.filter(
            table__round__event=event, table__round__number__lt=number, entrant_id__in=entrants
        )
        .values("entrant_id")
        .annotate(rounds=Count("table__round", distinct=True))
        .values_list("entrant_id", "rounds")
    )
    return history.with_rests(
        {
            entrant: number - 1 - seated.get(entrant, 0) - history.byes.get(entrant, 0)
            for entrant in entrants
        }
    )


def _draw(event: Event, number: int, seed: int) -> Draw:
    entrants = active_entrants(event, number)
    event_format = event.format
    if event_format.pairing_method.fixed_order:  # a schedule of the registered entrants
        order = sorted(
            Entrant.objects.filter(event=event, joined_round=1).values_list("pk", flat=True)
        )
        active = {e.pk for e in entrants}
        return pair_round(
            event_format.pairing,
            order,
            PairingHistory.empty(),
            seed=seed,
            round_number=number,
            active=active,
            **event_format.pairing_method.schedule_options(event_format),
        )
    lines, _ = compute(event)
    present = {e.pk: e for e in entrants}
    ordered = [line for line in lines if line.entrant_id in present]
    method = event_format.game.draw_method(event_format.pairing)
    return method.pair(
        [PairingEntrant(line.entrant_id, line.victory_points) for line in ordered],
        sat_out_history(event, number, list(present)),
        seed=seed,
        round_number=number,
    )


def round_pair(*, event_id: int, actor: Actor, publish: bool = False) -> Round:
    """Pair the next round (tables, seats, byes) as a draft, or published at once when
    ``publish`` (organizers who script the event go straight to hand entry); one transaction."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        check_not_finished(event)
        if event.format.is_cup:
            raise Conflict(
                _("A cup's matches come from its draw and bracket, not from pairing rounds."),
                code="cup",
            )
        last = Round.objects.filter(event=event).order_by("-number").first()
        if last is not None and last.status == Round.Status.DRAFT:
            raise Conflict(
                _("Round %(n)s is still a draft: publish or regenerate it.") % {"n": last.number},
                code="draft_pending",
            )
        if last is not None and not round_is_complete(last):
            raise Conflict(
                _("Round %(n)s is not complete: some tables still miss hands.")
                % {"n": last.number},
                code="round_incomplete",
            )
        number = (last.number if last else 0) + 1
        entrant_count = Entrant.objects.filter(event=event).count()
        if last is not None and number > total_rounds(event, entrant_count):
            # Before a first round the draw says what is missing: a round robin of fewer than
            # two teams has no rounds, none of which was played.
            raise Conflict(_("The event is over: all its rounds are played."), code="event_over")
        rnd = Round.objects.create(event=event, number=number, seed=round_seed(event, number))
        _seat(event, rnd, actor)
        if event.status == Event.Status.DRAFT:
            Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
        if publish:
            rnd = round_publish(round_id=rnd.pk, actor=actor)
        mark_changed(event)
    return rnd


def _seat(
    event: Event,
    rnd: Round,
    actor: Actor,
    *,
    draw: Draw | None = None,
    codes: dict[int, tuple[str, str]] | None = None,
) -> None:
    """Seat a round's draw (drawn here from the round's seed unless given); a table whose number
    is in ``codes`` keeps those codes, the captain's and the opponents' (a draft paired again:
    its printed sheets stay valid)."""
    draw = draw or _draw_or_refuse(event, rnd)
    codes = codes or {}
    game = event.format.game
    team_event = _is_team_event(event)
    for number, seats in enumerate(draw.tables, start=1):
        kept = (
            {"code": codes[number][0], "opponents_code": codes[number][1]}
            if number in codes
            else {}
        )
        table = Table.objects.create(round=rnd, number=number, **kept)
        rows = [
            Seat(table=table, position=position, entrant_id=entrant)
            for position, entrant in enumerate(
                game.match_seats(*seats) if len(seats) == 2 and team_event else seats
            )
        ]
        if team_event:  # a match: each team fills its side, with its roster's first members
            name_players(rows)
        Seat.objects.bulk_create(rows)
    Bye.objects.bulk_create([Bye(round=rnd, entrant_id=entrant) for entrant in draw.byes])
    record_change(
        event,
        subject="round",
        subject_id=rnd.pk,
        action="pair",
        actor=actor,
        new={
            "number": rnd.number,
            "seed": rnd.seed,
            "tables": [list(t) for t in draw.tables],
            "byes": list(draw.byes),
        },
    )


def _draw_or_refuse(event: Event, rnd: Round) -> Draw:
    """The draw of the round's seed, or a 409 when no table can be filled."""
    try:
        draw = _draw(event, rnd.number, rnd.seed)
    except PairingError as error:
        raise Conflict(pairing_refusal(error), code="pairing_impossible") from None
    if not draw.tables:
        raise Conflict(_("Not enough active entrants for a table."), code="too_few_entrants")
    return draw


def _draft(round_id: int) -> tuple[Event, Round]:
    rnd = Round.objects.filter(pk=round_id).first()
    if rnd is None:
        raise ServiceError(_("This round does not exist."), code="not_found")
    event = Event.objects.select_for_update().get(pk=rnd.event_id)
    check_not_finished(event)
    rnd = Round.objects.get(pk=round_id)
    if rnd.status != Round.Status.DRAFT:
        raise Conflict(_("Only a draft round can be changed."), code="not_draft")
    return event, rnd


REDRAW_ATTEMPTS = 20


def next_seed(seed: int) -> int:
    """The seed a draft is paired again with (deterministic, so a replay draws the same)."""
    return (seed * 6_364_136_223_846_793_005 + 1_442_695_040_888_963_407) % (2**63)


def _same_draw(draw: Draw, rnd: Round) -> bool:
    """The draw seats everyone as the round already does (same tables, same seats)."""
    seated: dict[int, dict[int, int]] = {}
    for table_id, position, entrant_id in Seat.objects.filter(table__round=rnd).values_list(
        "table_id", "position", "entrant_id"
    ):
        seated.setdefault(table_id, {})[position] = entrant_id
    current = {tuple(seats[p] for p in sorted(seats)) for seats in seated.values()}
    game, team_event = rnd.event.format.game, _is_team_event(rnd.event)
    drawn = {game.match_seats(*t) if team_event else tuple(t) for t in draw.tables}
    return current == drawn


def round_regenerate(*, round_id: int, actor: Actor) -> Round:
    """Pair a draft again (after withdrawals or late entries, or to draw anew): a new seed,
    tried until the draw differs from the current one when another draw is possible at all.
    Each table number keeps its code, so table sheets printed for the draft keep opening their
    table."""
    with transaction.atomic():
        event, rnd = _draft(round_id)
        codes = {
            number: (code, opponents)
            for number, code, opponents in Table.objects.filter(round=rnd).values_list(
                "number", "code", "opponents_code"
            )
        }
        for _attempt in range(REDRAW_ATTEMPTS):
            rnd.seed = next_seed(rnd.seed)
            draw = _draw_or_refuse(event, rnd)
            if not _same_draw(draw, rnd):
                break
        rnd.save(update_fields=["seed"])
        Bye.objects.filter(round=rnd).delete()
        Table.objects.filter(round=rnd).delete()
        _seat(event, rnd, actor, draw=draw, codes=codes)
        mark_changed(event)
    return rnd


def round_publish(*, round_id: int, actor: Actor) -> Round:
    """Publish a draft: captains may now enter hands, the public sees the tables."""
    with transaction.atomic():
        event, rnd = _draft(round_id)
        rnd.status = Round.Status.PUBLISHED
        rnd.save(update_fields=["status"])
        record_change(
            event,
            subject="round",
            subject_id=rnd.pk,
            action="publish",
            actor=actor,
            old={"status": "draft"},
            new={"status": "published"},
        )
        mark_changed(event)
    return rnd


def seats_swap(*, round_id: int, seat_a: int, seat_b: int, actor: Actor) -> list[str]:
    """Swap who sits in two seats of a draft; return warnings if a pairing rule is broken."""
    with transaction.atomic():
        event, rnd = _draft(round_id)
        seats = {
            s.pk: s
            for s in Seat.objects.select_for_update().filter(
                table__round=rnd, pk__in=[seat_a, seat_b]
            )
        }
        if len(seats) != 2:
            raise ServiceError(
                _("Choose two different seats of this round."), field="seats", code="seats"
            )
        first, second = seats[seat_a], seats[seat_b]
        old = {str(first.pk): first.entrant_id, str(second.pk): second.entrant_id}
        # a team's player goes with the team (``lineups``: only its own members play its seats)
        first.entrant_id, second.entrant_id = second.entrant_id, first.entrant_id
        first.player_id, second.player_id = second.player_id, first.player_id
        Seat.objects.bulk_update([first, second], ["entrant", "player"])
        record_change(
            event,
            subject="seat",
            subject_id=first.pk,
            action="swap",
            actor=actor,
            old=old,
            new={str(first.pk): first.entrant_id, str(second.pk): second.entrant_id},
        )
        return round_warnings(rnd)


def bye_move(*, round_id: int, seat_id: int, entrant_id: int, actor: Actor) -> list[str]:
    """Move the bye of ``entrant_id`` to the player in ``seat_id`` (a draft of an individual
    event): that player sits out, the one who had the bye takes the seat. Returns the warnings
    of the round as a swap does."""
    with transaction.atomic():
        event, rnd = _draft(round_id)
        seat = Seat.objects.select_for_update().filter(table__round=rnd, pk=seat_id).first()
        bye = Bye.objects.select_for_update().filter(round=rnd, entrant_id=entrant_id).first()
        if seat is None or bye is None:
            raise ServiceError(
                _("Choose a seat and a player on a bye of this round."), field="seats", code="seats"
            )
        if _is_team_event(event):
            raise ServiceError(
                _("A bye moves between players of an individual event; swap teams instead."),
                field="seats",
                code="seats",
            )
        sitting, resting = seat.entrant_id, bye.entrant_id
        seat.entrant_id, bye.entrant_id = resting, sitting
        seat.save(update_fields=["entrant"])
        bye.save(update_fields=["entrant"])
        record_change(
            event,
            subject="seat",
            subject_id=seat.pk,
            action="bye_move",
            actor=actor,
            old={str(seat.pk): sitting, "bye": resting},
            new={str(seat.pk): resting, "bye": sitting},
        )
        mark_changed(event)  # the bye's credit is another player's now
        return round_warnings(rnd)


def round_warnings(rnd: Round) -> list[str]:
    """What breaks a pairing rule in this round's seating (repeat partners, rematches, a bye to
    a player who sat out more than a seated one...), and a bye of the last round given to a
    player who could still finish in the top three."""
    team_event = _is_team_event(rnd.event)
    seats = (
        Seat.objects.filter(table__round=rnd)
        .order_by("table__number", "position")
        .values_list("table_id", "entrant_id")
    )
    game = rnd.event.format.game
    draw = Draw(
        tables=_tables_of(seats, team_event),
        byes=list(rnd.byes.values_list("entrant_id", flat=True)),
        teams=game.teams,
    )
    if team_event:
        history = pairing_history(rnd.event, rnd.number)
    else:
        history = sat_out_history(
            rnd.event, rnd.number, [e for table in draw.tables for e in table] + list(draw.byes)
        )
    breaches = check_draw(
        draw,
        history,
        team_event=team_event,
        legs=2 if rnd.event.format.double_round_robin else 1,
        sizes=None if team_event else game.allowed_sizes(),
    )
    if not team_event and draw.byes:
        breaches += _contenders_sitting_out(rnd, draw)
    if not breaches:
        return []
    names = event_display_names(rnd.event_id)
    return [pairing_warning(breach, names) for breach in breaches]


def _contenders_sitting_out(rnd: Round, draw: Draw) -> list[Breach]:
    """In the event's last round, the players on a bye who could still finish in the top three:
    with the most a round gives (every hand a double victory, or a table won) they would reach
    the third best score of the others before this round."""
    event = rnd.event
    event_format = event.format
    if event_format.rounds is None or rnd.number < event_format.rounds:
        return []
    lines, results = compute(event)
    this_round = {r.entrant_id: r.victory_points for r in results if r.round_id == rnd.pk}
    before = {
        line.entrant_id: line.victory_points - this_round.get(line.entrant_id, 0) for line in lines
    }
    playing = [e for table in draw.tables for e in table] + list(draw.byes)
    hands = event_format.hands_per_round
    most = 3 * hands if event_format.victory_points.per_hand and hands else 2
    breaches = []
    for entrant in draw.byes:
        others = sorted((before.get(e, 0) for e in playing if e != entrant), reverse=True)
        if len(others) < 3 or before.get(entrant, 0) + most >= others[2]:
            breaches.append(Breach("bye_contender", {"entrant": entrant}))
    return breaches


def table_close(
    *, table_id: int, status: str, actor: Actor, reason: str = "", forfeited_by: int | None = None
) -> Table:
    """Close a table as forfeited (by the team ``forfeited_by``: 0 for A, 1 for B) or averaged:
    it counts as complete with the hands it has, and the standings credit its missing hands.
    A forfeit is a team's (RULINGS.md): a table of a game without teams closes as averaged."""
    if status not in (Table.Status.FORFEITED, Table.Status.AVERAGED, Table.Status.OPEN):
        raise ServiceError(
            _("A table is open, forfeited or averaged."), field="status", code="status"
        )
    if status == Table.Status.FORFEITED and forfeited_by not in (0, 1):
        raise ServiceError(
            _("Name the team that forfeits the table."), field="forfeited_by", code="forfeited_by"
        )
    if status != Table.Status.FORFEITED:
        forfeited_by = None
    with transaction.atomic():
        event_id = (
            Table.objects.filter(pk=table_id).values_list("round__event_id", flat=True).first()
        )
        if event_id is None:
            raise ServiceError(_("This table does not exist."), code="not_found")
        event = Event.objects.select_for_update().get(pk=event_id)
        check_not_finished(event)
        if status == Table.Status.FORFEITED and not event.format.game.forfeit_sides({}):
            raise ServiceError(
                _(
                    "Every player here plays for themself: a table is closed as "
                    "averaged (the rules know a forfeit by a team only)."
                ),
                field="forfeited_by",
                code="no_teams",
            )
        table = Table.objects.select_related("round").get(pk=table_id)  # read under the lock
        reopening = status == Table.Status.OPEN and table.status != Table.Status.OPEN
        if reopening:
            _check_no_later_round(event, table)
        old = _closure(table.status, table.forfeited_by)
        table.status, table.forfeited_by = status, forfeited_by
        table.save(update_fields=["status", "forfeited_by"])
        record_change(
            event,
            subject="table",
            subject_id=table.pk,
            action="close",
            actor=actor,
            old=old,
            new=_closure(status, forfeited_by),
            reason=reason,
        )
        if reopening:
            _round_runs_again(event, table.round, actor)
        mark_changed(event, table_id=table.pk)
    return table


def event_finish_now(
    *, event_id: int, actor: Actor, closing: Mapping[int, tuple[str, int | None]], reason: str = ""
) -> Event:
    """Finish the event now, first closing the tables of its last round that are not done:
    ``closing`` maps each such table's id to how it is closed, ``("averaged", None)`` or
    ``("forfeited", team at fault)``. One transaction: a refusal (a table not named, a forfeit
    without its team, a draft pending) leaves every table as it was and the event running.

    A named table that is done meanwhile (its captain entered the last hand) is left as it is;
    a table not done and not named refuses the whole (``event_finish``: the round is not
    complete), so that nobody closes a table they were not shown."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise ServiceError(_("This event does not exist."), code="not_found")
        if event.status == Event.Status.FINISHED:
            return event
        last = Round.objects.filter(event=event).order_by("-number").first()
        if last is not None and last.status != Round.Status.DRAFT:
            last.event = event
            open_ids = {table.pk for table in unfinished_tables(last)}
            strangers = set(closing) - set(
                Table.objects.filter(round=last).values_list("pk", flat=True)
            )
            if strangers:
                raise ServiceError(
                    _("Only tables of the last round are closed when the event is finished."),
                    field="closing",
                    code="not_last_round",
                )
            for table_id in sorted(open_ids & set(closing)):
                status, forfeited_by = closing[table_id]
                if status not in (Table.Status.AVERAGED, Table.Status.FORFEITED):
                    raise ServiceError(
                        _("A table is closed as forfeited or averaged."),
                        field="closing",
                        code="status",
                    )
                table_close(
                    table_id=table_id,
                    status=status,
                    forfeited_by=forfeited_by,
                    actor=actor,
                    reason=reason,
                )
        return event_finish(event_id=event_id, actor=actor)


def rounds_after(event: Event, table_id: int) -> QuerySet[Round]:
    """The rounds that keep a table of an earlier round closed: paired on its results (the
    standings, who met whom), with its closure credited. None in a cup, whose rounds follow its
    matches (``knockout.progress``)."""
    if event.format.is_cup:
        return Round.objects.none()
    table = Table.objects.filter(pk=table_id)
    return Round.objects.filter(event=event, number__gt=Subquery(table.values("round__number")))


def _check_no_later_round(event: Event, table: Table) -> None:
    later = rounds_after(event, table.pk).order_by("number").first()
    if later is not None:
        raise Conflict(
            _(
                "Round %(later)s is already paired on the results of round %(round)s: "
                "table %(table)s can no longer be opened again. Close it as forfeited "
                "or averaged instead."
            )
            % {"later": later.number, "round": table.round.number, "table": table.number},
            code="later_round",
        )


def _round_runs_again(event: Event, rnd: Round, actor: Actor) -> None:
    """A table of ``rnd`` was opened again: a complete round whose tables are no longer all
    done runs again, so that its captain can enter the missing hands (a cup's rounds follow its
    matches instead)."""
    if event.format.is_cup or rnd.status != Round.Status.COMPLETE or round_is_complete(rnd):
        return
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    rnd.status = Round.Status.PUBLISHED
    record_change(
        event,
        subject="round",
        subject_id=rnd.pk,
        action="reopen",
        actor=actor,
        old={"status": "complete"},
        new={"status": "published"},
    )


def _closure(status: str, forfeited_by: int | None) -> dict:
    """A table's closure as the history records it (the team at fault only on a forfeit)."""
    return {"status": status} if forfeited_by is None else {"status": status, "by": forfeited_by}
