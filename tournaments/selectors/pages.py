"""Reads for the pages: what a page shows, in a number of queries that does not grow with the event.

Only reads. Public reads never return draft rounds, table codes or e-mail addresses; the organizer's
reads (``organizer_*``) may. Standings are read as stored by the standings worker, never computed
here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from ..choices import EntrantType
from ..collation import sorted_by_name
from ..games import Column, HandTable, hand_table, side_name
from ..models import (
    Bye,
    Change,
    DifferingEntry,
    Entrant,
    Event,
    EventHelper,
    Hand,
    League,
    Membership,
    Round,
    RoundResult,
    Season,
    Seat,
    StandingRow,
    Table,
    erased_word,
    label_entrants,
)
from ..standings import cache as standings_cache
from ..standings.ranking import ranking
from . import progress
from .visible import organized_events


@dataclass(frozen=True)
class SideTotal:
    """A side of a table (a team, or a player) with its totals in the game's columns."""

    seats: list
    values: list[tuple[Column, int | None]]
    """Each of the game's ``total_columns`` with this side's total."""

    @property
    def cells(self) -> list[int | None]:
        return [value for _column, value in self.values]

    @property
    def name(self) -> str:
        """The side's name: its players, a team's people with their team once."""
        return side_name(seat.label for seat in self.seats)

    @property
    def entrants(self) -> list[tuple[Entrant, str]]:
        """Each entrant of the side with the name its seats give it ("Anna & Bert (Dragons)",
        or a player's name), for a page that links each entrant."""
        by_entrant: dict[int, list] = {}
        for seat in self.seats:
            by_entrant.setdefault(seat.entrant_id, []).append(seat)
        return [
            (seats[0].entrant, side_name(seat.label for seat in seats))
            for seats in by_entrant.values()
        ]


@dataclass
class TableView:
    """A table as a page shows it: seats with names, hands, running totals, what is missing."""

    table: Table
    seats: list
    hands: list
    expected: int | None
    tp: tuple[int, int] = (0, 0)
    vp: tuple[int | None, int | None] = (None, None)
    done: bool = False
    names: dict = field(default_factory=dict)
    # a closed table's credit for its missing hands per team, (VP, TP): an adjustment, apart
    # from the points earned at the table (``vp``)
    credit: tuple[tuple[int, int], tuple[int, int]] | None = None
    # a game scored per player (``tournaments.games``): each seat's (seat, TP, VP) so far,
    # summed from the hands' ``HandSeat`` credits; None in a game of two teams
    players: list[tuple[Seat, int, int]] | None = None
    # the game's shape (``tournaments.games``): each side's seats and totals, the hands' rows
    sides: list[SideTotal] = field(default_factory=list)
    total_columns: tuple[Column, ...] = ()
    side_label: str = ""
    hand_rows: HandTable | None = None
    close_form: Any = None  # the organizer's form to close it, with this table's own choices
    # the sides the table may be forfeited by, (index, name): none without teams
    forfeit_sides: list[tuple[int, str]] = field(default_factory=list)
    # the hands another phone entered differently, not settled yet (the results desk)
    differing_numbers: list[int] = field(default_factory=list)

    @property
    def totals_by_column(self) -> list[tuple[Column, str]]:
        """Each total column with the sides' totals side by side ("120 : 80")."""
        return [
            (
                column,
                " : ".join(
                    "–" if side.values[i][1] is None else str(side.values[i][1])
                    for side in self.sides
                ),
            )
            for i, column in enumerate(self.total_columns)
        ]

    @property
    def credited_hands(self) -> int:
        """The missing hands of a closed table, which the standings credit."""
        if self.expected is None or self.table.status == Table.Status.OPEN:
            return 0
        return max(self.expected - len(self.hands), 0)

    @property
    def missing(self) -> int:
        if self.expected is None or self.table.status != Table.Status.OPEN:
            return 0
        return max(self.expected - len(self.hands), 0)

    @property
    def confirmed(self) -> int:
        return sum(1 for hand in self.hands if hand.confirmed_by_opponents)

    @property
    def missing_numbers(self) -> list[int]:
        """The hands still to enter (a game to a target has no fixed number)."""
        if self.expected is None or self.table.status != Table.Status.OPEN:
            return []
        entered = {hand.number for hand in self.hands}
        return [n for n in range(1, self.expected + 1) if n not in entered]

    @property
    def unconfirmed_numbers(self) -> list[int]:
        return [hand.number for hand in self.hands if not hand.confirmed_by_opponents]

    @property
    def requests(self) -> list:
        """The hands whose correction the captain asked for, the request still open
        (``progress.round_is_complete`` waits for them under ``confirmation_required``, as for
        the unconfirmed hands)."""
        return [hand for hand in self.hands if hand.correction_request]

    @property
    def team_seats(self) -> tuple[list, list]:
        """Each team's seats as they sit (the even positions, the odd ones)."""
        return (
            [s for s in self.seats if s.position % 2 == 0],
            [s for s in self.seats if s.position % 2 == 1],
        )

    @property
    def team_names(self) -> tuple[str, str]:
        """Each table team's names as they sit (even seats, odd seats: two in Tichu, three in
        Tientsin); a team entrant in every seat of its side is named once."""
        if self.players is not None:  # every player for themself: all in one line, as they sit
            return (" · ".join(self.names[p] for p in sorted(self.names)), "")
        positions = range(max(4, max(self.names, default=0) + 1))
        return (
            side_name(self.names.get(p, "?") for p in positions[0::2]),
            side_name(self.names.get(p, "?") for p in positions[1::2]),
        )


def _seat_prefetch():
    return Prefetch(
        "seats", queryset=Seat.objects.select_related("entrant", "player").order_by("position")
    )


def _hand_prefetch(event_format=None):
    """The hands of a table in order; with their per-seat credits in a game scored per player."""
    hands = Hand.objects.listed().order_by("number")
    if event_format is not None and event_format.game.per_seat:
        hands = hands.prefetch_related("seat_credits")
    return Prefetch("hands", queryset=hands)


def table_views(rnd: Round, event: Event) -> list[TableView]:
    """A round's tables with seats, hands, TP totals and (stored) VP per team: four queries."""
    event_format = event.format
    tables = (
        Table.objects.filter(round=rnd)
        .order_by("number")
        .prefetch_related(_seat_prefetch(), _hand_prefetch(event_format))
    )
    results = _round_results(rnd.pk)
    tables = list(tables)
    for table in tables:
        table.round = rnd  # known: the rows name a duplicate table's boards by the round's number
    label_entrants(seat.entrant for table in tables for seat in table.seats.all())
    return [build_table_view(table, event_format, results) for table in tables]


def _round_results(round_id: int) -> dict[int, RoundResult]:
    """The stored results of a round by entrant: the VP the pages show, and the credits."""
    return {
        r.entrant_id: r
        for r in RoundResult.objects.filter(round=round_id).only(
            "entrant_id", "victory_points", "adjustment_vp", "adjustment_tp"
        )
    }


def settled_round_results(table: Table, event: Event) -> dict[int, RoundResult]:
    """The table's round results for a page that is read right after a hand is saved (the
    captain's): none while the standings worker has not applied every change, so a side's VP
    shows as not known yet ("–") for that moment instead of the total before the hand."""
    return _round_results(table.round_id) if event.standings_up_to_date else {}


def build_table_view(table: Table, event_format, results: dict[int, RoundResult]) -> TableView:
    seats = list(table.seats.all())
    hands = list(table.hands.all())
    tp = (sum(h.tp_0 for h in hands), sum(h.tp_1 for h in hands))
    by_position = {s.position: s for s in seats}
    team = [results.get(by_position[p].entrant_id) if p in by_position else None for p in (0, 1)]
    vp = tuple(None if r is None else r.victory_points - r.adjustment_vp for r in team)
    credit = None
    if any(r is not None and (r.adjustment_vp or r.adjustment_tp) for r in team):
        credit = tuple((r.adjustment_vp, r.adjustment_tp) if r else (0, 0) for r in team)
    view = TableView(
        table=table,
        seats=seats,
        hands=hands,
        expected=None if event_format.open_ended else event_format.hands_per_round,
        tp=tp,
        vp=vp,
        credit=credit,
        names={s.position: s.label for s in seats},
    )
    view.done = table.is_done(event_format, len(hands), tp)
    _shape(view, event_format)
    if event_format.game.per_seat:
        totals: dict[int, list[int]] = {}
        for hand in hands:
            for seat_credit in hand.seat_credits.all():
                total = totals.setdefault(seat_credit.position, [0, 0])
                total[0] += seat_credit.tp
                total[1] += seat_credit.vp
        view.players = [(seat, *totals.get(seat.position, (0, 0))) for seat in seats]
    return view


def _shape(view: TableView, event_format) -> None:
    """The table laid out by its game and format: each side's seats and totals (the format's
    ``total_columns``), the hands' rows."""
    game = event_format.game
    positions = list(game.positions_of(view.names))
    by_position = {seat.position: seat for seat in view.seats}
    totals = game.table_totals(view.hands, positions, view.vp)
    view.sides = [
        SideTotal(
            seats=[by_position[p] for p in side if p in by_position],
            values=[(column, total.get(column.key)) for column in event_format.total_columns],
        )
        for side, total in zip(game.sides(positions), totals, strict=True)
    ]
    view.total_columns = event_format.total_columns
    view.side_label = game.side_label
    view.forfeit_sides = game.forfeit_sides(view.names)
    view.hand_rows = hand_table(
        event_format,
        view.names,
        view.hands,
        range(1, view.expected + 1) if view.expected else (),
        round_number=view.table.round.number,
    )


# --- the public -------------------------------------------------------------------------------


def public_events():
    """Every event, newest first, with its number of entrants and of public rounds."""
    return (
        Event.objects.select_related("season__league")
        .annotate(
            entrant_count=Count("entrants", distinct=True),
            round_count=Count(
                "rounds", distinct=True, filter=Q(rounds__status__in=Round.PUBLIC_STATUSES)
            ),
        )
        .order_by("-created_at", "-id")
    )


def event_or_404(event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("season__league"), pk=event_id)


def standings(event: Event) -> list[StandingRow]:
    """The stored standings of those who played, in rank order (ranks count among them: the
    event's ranking, ``standings.ranking``), with the entrants' names."""
    return labelled(ranking(event)[:])


def did_not_play(event: Event) -> list[StandingRow]:
    """The rows of those who never played (absent all day: no hand, no bye, no credit, never
    seated), by name (German order: ``collation``): listed apart from the standings."""
    return sorted_by_name(labelled(ranking(event).absent()), lambda row: row.entrant.display_name)


def standing_of(event: Event, entrant: Entrant) -> StandingRow | None:
    """The entrant's stored row, numbered among the whole event (a filter on the ranked rows
    would number the one row it keeps: always rank 1). The numbering is the event's ranking,
    kept once per change (``standings.ranking``); only the one row is fetched."""
    return ranking(event).row_of(entrant.pk)


def public_rounds(event: Event) -> list[Round]:
    return list(
        Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES).order_by("number")
    )


def round_progress(event: Event, rnd: Round) -> tuple[int, int]:
    """How many of the round's tables are done, of how many: read once per change of the
    standings (every hand renews them), not on each of the projector's screens."""
    rnd.event = event
    done, total = standings_cache.cached(
        event.pk, f"progress:{rnd.pk}", lambda: progress.tables_done(rnd)
    )
    return done, total


def public_round_or_404(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number, status__in=Round.PUBLIC_STATUSES)


def current_round(event: Event) -> Round | None:
    """The latest public round (the one being played, or the last one played)."""
    return (
        Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES)
        .order_by("-number")
        .first()
    )


def byes(rnd: Round) -> list[Bye]:
    """Who sits the round out, alphabetically (German order: ``collation``)."""
    found = list(Bye.objects.filter(round=rnd).select_related("entrant").order_by("entrant_id"))
    label_entrants(bye.entrant for bye in found)
    return sorted_by_name(found, lambda bye: bye.entrant.display_name)


def labelled(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """Standings rows whose entrants carry their ``display_name`` (one query)."""
    rows = list(rows)
    label_entrants(row.entrant for row in rows)
    return rows


def entrant_or_404(event: Event, entrant_id: int) -> Entrant:
    return get_object_or_404(Entrant, event=event, pk=entrant_id)


def leagues() -> list[League]:
    """Every league alphabetically (German order: ``collation``), with its number of seasons."""
    return sorted_by_name(
        League.objects.annotate(season_count=Count("seasons")).order_by("id"),
        lambda league: league.name,
    )


def league_or_404(league_id: int) -> League:
    return get_object_or_404(League, pk=league_id)


def league_tables(league: League, top: int) -> list[tuple[Season, Event | None, list[StandingRow]]]:
    """Each season of a league with the first ``top`` rows of its event's stored standings: one
    query per season for its rows (each event ranks by its own format's tie-breaks, numbered
    once per change: ``ranking``), one for the seasons."""
    seasons = list(Season.objects.filter(league=league).select_related("event").order_by("-id"))
    tables = []
    for season in seasons:
        event = getattr(season, "event", None)  # a season may have no event yet
        rows = labelled(ranking(event)[:top]) if event else []
        tables.append((season, event, rows))
    return tables


def season_or_404(season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("league", "event"), pk=season_id)


# --- organizers -------------------------------------------------------------------------------


def organizer_events(user):
    """The events a user owns or co-organizes, with their numbers of entrants and rounds."""
    return (
        organized_events(user)
        .annotate(
            entrant_count=Count("entrants", distinct=True),
            round_count=Count("rounds", distinct=True),
        )
        .order_by("-created_at", "-id")
    )


def organizer_event_or_404(user, event_id: int) -> Event:
    """The event, if ``user`` organizes it; 404 when it does not exist, 403 when not theirs."""
    from django.core.exceptions import PermissionDenied

    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise Http404
    if not event.is_organizer(user):
        raise PermissionDenied
    return event


def helped_events(user):
    """The events ``user`` helps at (``EventHelper``), newest first."""
    if user is None or not user.is_authenticated:
        return Event.objects.none()
    return Event.objects.filter(helpers__user=user).order_by("-created_at", "-id")


def event_helpers(event: Event) -> list:
    """An event's helpers (their accounts), by user name."""
    return [
        helper.user
        for helper in EventHelper.objects.filter(event=event)
        .select_related("user")
        .order_by("user__username")
    ]


def rounds_with_progress(event: Event) -> list[Round]:
    """All rounds (drafts included) with their number of tables and of hands entered."""
    return list(
        Round.objects.filter(event=event)
        .order_by("number")
        .annotate(
            table_count=Count("tables", distinct=True),
            hand_count=Count("tables__hands", distinct=True),
        )
    )


def entrants(event: Event) -> list[Entrant]:
    """An event's entrants alphabetically (German order: ``collation``), as the organizer looks
    a name up at the check-in; equal names in registration order."""
    found = list(Entrant.objects.filter(event=event).prefetch_related("members").order_by("id"))
    label_entrants(found)
    return sorted_by_name(found, lambda entrant: entrant.display_name)


def round_or_404(event: Event, round_id: int) -> Round:
    return get_object_or_404(Round, event=event, pk=round_id)


def table_view(table_id: int, event: Event) -> TableView:
    table = (
        Table.objects.filter(pk=table_id, round__event=event)
        .select_related("round")
        .prefetch_related(_seat_prefetch(), _hand_prefetch(event.format))
        .first()
    )
    if table is None:
        raise Http404
    return build_table_view(table, event.format, _round_results(table.round_id))


@dataclass(frozen=True)
class Lineup:
    """Who plays a team's seats at a table, and whom its roster offers (``services.lineups``)."""

    team: int
    """0: the even seats, 1: the odd ones."""
    entrant: Entrant
    seats: list[Seat]
    roster: list[tuple[int, str]]
    """The team's players (id, name) in the roster's order."""


def table_lineups(view: TableView, event_format) -> list[Lineup]:
    """Each team of a team event's table with its seats and roster (one query); none in an
    individual event."""
    if event_format.entrant_type != EntrantType.TEAM:
        return []
    sides = [seats for seats in view.team_seats if seats]
    rosters: dict[int, list[tuple[int, str]]] = {}
    for entrant_id, player_id, name in (
        Membership.objects.filter(entrant_id__in=[seats[0].entrant_id for seats in sides])
        .order_by("pk")
        .values_list("entrant_id", "player_id", "player__name")
    ):
        rosters.setdefault(entrant_id, []).append((player_id, name or erased_word()))
    return [
        Lineup(
            team=seats[0].position % 2,
            entrant=seats[0].entrant,
            seats=seats,
            roster=rosters.get(seats[0].entrant_id, []),
        )
        for seats in sides
    ]


def round_seats(rnd: Round) -> list[Seat]:
    seats = list(
        Seat.objects.filter(table__round=rnd)
        .select_related("table", "entrant", "player")
        .order_by("table__number", "position")
    )
    label_entrants(seat.entrant for seat in seats)
    return seats


def history(event: Event) -> QuerySet[Change]:
    """The event's changes, newest first (the page shows them a page at a time)."""
    return Change.objects.filter(event=event).order_by("-created_at", "-id")


def all_hands(event: Event) -> list[Hand]:
    """Every hand of an event's rounds, in order, for the results export (with each seat's
    credit in a game scored per player)."""
    hands = (
        Hand.objects.listed()
        .filter(table__round__event=event)
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "number")
    )
    if event.format.game.per_seat:
        hands = hands.prefetch_related("seat_credits")
    return list(hands)


def correction_requests(event: Event) -> list[Hand]:
    """The event's hands whose correction a captain asked for, the request still open (the
    results desk lists them until the organizer corrects the hand or dismisses the request),
    in round, table and hand order."""
    return list(
        Hand.objects.listed()
        .filter(table__round__event=event)
        .exclude(correction_request="")
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "number")
    )


def differing_entries(tables: QuerySet | Iterable[Table]) -> list[DifferingEntry]:
    """The captains' entries refused for differing from a recorded hand at ``tables``, not
    settled yet (``DifferingEntry``), each with the recorded hand as ``recorded``, in round,
    table, hand and arrival order. An entry whose hand is no longer recorded (an undone hand)
    is left out: the hand can simply be entered again."""
    found = list(
        DifferingEntry.objects.filter(table__in=tables)
        .select_related("table__round")
        .order_by("table__round__number", "table__number", "number", "received_at")
    )
    recorded = {
        (hand.table_id, hand.number): hand
        for hand in Hand.objects.listed().filter(table_id__in={row.table_id for row in found})
    }
    for row in found:
        row.recorded = recorded.get((row.table_id, row.number))
    return [row for row in found if row.recorded is not None]


def hand_of_event_or_404(event: Event, hand_id: int) -> Hand:
    """A hand of the event's tables, with its table."""
    return get_object_or_404(
        Hand.objects.select_related("table"), pk=hand_id, table__round__event=event
    )


def seats_by_table(event: Event) -> dict[int, dict[int, Seat]]:
    seats: dict[int, dict[int, Seat]] = defaultdict(dict)
    for seat in Seat.objects.filter(table__round__event=event).select_related("entrant", "player"):
        seats[seat.table_id][seat.position] = seat
    label_entrants(seat.entrant for table in seats.values() for seat in table.values())
    return seats


def round_tables_for_sheets(rnd: Round) -> list[Table]:
    tables = list(
        Table.objects.filter(round=rnd).order_by("number").prefetch_related(_seat_prefetch())
    )
    label_entrants(seat.entrant for table in tables for seat in table.seats.all())
    return tables


# --- captains ---------------------------------------------------------------------------------


def table_by_code(code: str) -> Table | None:
    """The table a captain's code opens, with its round and event (no other table's code)."""
    if not code or len(code) > 64:
        return None
    return (
        Table.objects.select_related("round__event")
        .prefetch_related(_seat_prefetch(), _hand_prefetch())
        .filter(code=code.strip().upper())
        .first()
    )


def replayed_hand_or_404(rnd: Round, table_number: int, number: int) -> tuple[Table, Hand]:
    """A public round's table (its seats labelled) and its hand ``number`` with the record it
    was played by (``Hand.play_record``); 404 where the hand has none."""
    table = get_object_or_404(
        Table.objects.prefetch_related(_seat_prefetch()), round=rnd, number=table_number
    )
    hand = get_object_or_404(Hand, table=table, number=number, play_record__isnull=False)
    label_entrants(seat.entrant for seat in table.seats.all())
    return table, hand
