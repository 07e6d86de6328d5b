"""Who plays a team's seats: the people at a table of a team event.

Rules:

- A team's roster holds 2 to 5 players; as many as the team has seats play at a table (two in
  Tichu, three in Tientsin), one per seat of its side. The calls, the first out and every name of
  the table's pages, sheets, history and exports are theirs (``Seat.label``).
- When a table is made, its team's first members on the roster (in the order they were
  registered) play it; the next game of a cup's match keeps the people of the game before.
- The captain names who plays, for either team, until the table's first hand is entered: after
  that the hands belong to the people who played them. The organizer may name them at any time
  while the event runs (a correction of who really played: the table's hands are then theirs,
  and so are their ratings: the register is rated anew), and in a draft round. Each change is
  recorded in the history with who made it.
- Only members of the team's own roster play its seats, each in one seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from ..choices import EntrantType
from ..models import Event, Hand, Membership, Player, Round, Seat, Table
from ..ratings import schedule as ratings_schedule
from ..standings import cache as standings_cache
from .history import Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished


def rosters(entrant_ids: Iterable[int]) -> dict[int, list[int]]:
    """Each team's players in the order they were registered (its roster's order), by entrant."""
    found: dict[int, list[int]] = {}
    for entrant_id, player_id in (
        Membership.objects.filter(entrant_id__in=set(entrant_ids))
        .order_by("pk")
        .values_list("entrant_id", "player_id")
    ):
        found.setdefault(entrant_id, []).append(player_id)
    return found


def name_players(seats: list[Seat], carried: Mapping[int, list[int]] | None = None) -> None:
    """Give the unsaved ``seats`` of a new table of a team event their players: for each team,
    the people ``carried`` over (by entrant: its players at the table before, in seat order),
    else its roster's first members. A team without a roster (an individual) is left alone."""
    carried = carried or {}
    by_team: dict[int, list[Seat]] = {}
    for seat in sorted(seats, key=lambda seat: seat.position):
        by_team.setdefault(seat.entrant_id, []).append(seat)
    known = rosters(by_team)
    for entrant_id, own in by_team.items():
        roster = known.get(entrant_id, [])
        people = [p for p in carried.get(entrant_id, []) if p in roster]
        if len(people) != len(own):
            people = roster[: len(own)]
        for seat, player_id in zip(own, people, strict=False):
            seat.player_id = player_id


def players_at(table_id: int) -> dict[int, list[int]]:
    """The people who play each team's seats at a table, in seat order, by entrant."""
    found: dict[int, list[int]] = {}
    for entrant_id, player_id in (
        Seat.objects.filter(table_id=table_id, player__isnull=False)
        .order_by("position")
        .values_list("entrant_id", "player_id")
    ):
        found.setdefault(entrant_id, []).append(player_id)
    return found


def seats_lineup(*, table_id: int, team: int, player_ids: list[int], actor: Actor) -> list[Seat]:
    """Name the roster members who play a team's seats at a table (``team``: 0 for the even
    seats, 1 for the odd ones), in seat order. Returns the team's seats. An unchanged line-up
    changes nothing and writes no history."""
    if team not in (0, 1):
        raise ServiceError(_("The team is 0 or 1."), field="team", code="team")
    with transaction.atomic():
        event_id = (
            Table.objects.filter(pk=table_id).values_list("round__event_id", flat=True).first()
        )
        if event_id is None:
            raise ServiceError(_("This table does not exist."), code="not_found")
        event = Event.objects.select_for_update().get(pk=event_id)
        check_not_finished(event)
        event_format = event.format
        if event_format.entrant_type != EntrantType.TEAM:
            raise ServiceError(
                _("Only a team event names who plays for a team."), code="not_team_event"
            )
        table = Table.objects.select_related("round").get(pk=table_id)  # read under the lock
        if not actor.is_organizer:
            _check_captain_may_change(table)
        game = event_format.game
        size = game.team_size
        if (
            not isinstance(player_ids, list)
            or len(player_ids) != size
            or len(set(player_ids)) != size
        ):
            raise ServiceError(
                _("Name two different players.")
                if size == 2
                else _("Name %(n)s different players.") % {"n": size},
                field="players",
                code="lineup",
            )
        seats = list(
            Seat.objects.select_for_update()
            .select_related("entrant")
            .filter(table=table, position__in=game.team_positions(team))
            .order_by("position")
        )
        if not seats:
            raise ServiceError(_("This table has no such team."), field="team", code="team")
        entrant = seats[0].entrant
        roster = rosters([entrant.pk]).get(entrant.pk, [])
        if not set(player_ids) <= set(roster):
            raise ServiceError(
                _("Only players on the roster of %(team)s play its seats.")
                % {"team": entrant.display_name},
                field="players",
                code="lineup",
            )
        old = [seat.player_id for seat in seats]
        if old == player_ids:
            return seats
        for seat, player_id in zip(seats, player_ids, strict=True):
            seat.player_id = player_id
        Seat.objects.bulk_update(seats, ["player"])
        names = dict(Player.objects.filter(pk__in=[*old, *player_ids]).values_list("pk", "name"))
        # the names and numbers too: a backup's history keeps the source's ids
        record_change(
            event,
            subject="seat",
            subject_id=seats[0].pk,
            action="lineup",
            actor=actor,
            old={"players": old, "names": [p and names.get(p) for p in old]},
            new={
                "players": player_ids,
                "names": [names[p] for p in player_ids],
                "team": entrant.pk,
                "team_name": entrant.name,
                "table": table.pk,
                "table_number": table.number,
                "round": table.round.number,
            },
        )
        # the names of the round's seating list and pages (no standing changes)
        transaction.on_commit(lambda: standings_cache.field_changed(event.pk))
        if Hand.objects.filter(table=table).exists():  # its hands are now other people's
            ratings_schedule.mark_changed(event.register_id)
    return seats


def _check_captain_may_change(table: Table) -> None:
    """A captain names who plays at a published, open table, until its first hand."""
    if table.round.status == Round.Status.DRAFT:
        raise Conflict(_("This round has not started yet."), code="not_published")
    if table.status != Table.Status.OPEN:
        raise Conflict(_("The organizer has closed this table."), code="table_closed")
    if table.hands.exists():
        raise Conflict(
            _("The hands of this table have begun: only the organizer can change who plays now."),
            code="hands_begun",
        )
