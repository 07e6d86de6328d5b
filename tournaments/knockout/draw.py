"""The draw of a cup: seeds, groups and the whole bracket stored at once, in one transaction.

The seeds come from the organizer's order (given, or the order of registration) or from the
standings of another event (``seeding: event``), matched by team name; teams that event did not
have follow in the order of registration. Every round is stored published: a match's games
appear as soon as both its teams are known (``progress``), matches of one round need not wait
for each other.
"""

from __future__ import annotations

from typing import cast

from django.db import transaction
from django.utils.translation import gettext as _

from ..choices import Seeding
from ..models import Entrant, Event, Match, Round, StandingRow
from ..pairing import round_robin_schedule
from ..services.history import Actor, Conflict, ServiceError, record_change
from ..standings.compute import ranked
from ..standings.schedule import mark_changed
from .bracket import bracket_size, first_round, games_in_match, rounds_in, teams_in_round
from .formats import CupFormat, Plan
from .groups import snake
from .progress import make_bye, reconcile, sync_statuses


def cup_draw(*, event_id: int, actor: Actor, order: list[int] | None = None) -> Event:
    """Draw the cup of a ``knockout`` or ``groups_knockout`` event (once)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise ServiceError(_("This event does not exist."), code="not_found")
        fmt = event.format
        if not fmt.is_cup:
            raise ServiceError(
                _("This event is not a cup: pair its rounds instead."), code="not_a_cup"
            )
        if Round.objects.filter(event=event).exists():
            raise Conflict(_("The cup is drawn already."), code="already_drawn")
        seeded = _seeded(event, order)
        cup = cast(type[CupFormat], fmt.pairing_method)  # a cup's method: fmt.is_cup
        try:
            plan = cup.plan(fmt, len(seeded))
        except ValueError:
            raise Conflict(
                _("Not enough teams for this cup: %(n)s registered.") % {"n": len(seeded)},
                code="too_few_entrants",
            ) from None
        groups = _draw_groups(event, seeded, plan) if plan.groups else []
        bracket = _draw_bracket(
            event, seeded if not plan.groups else None, plan, first_round_number=len(groups) + 1
        )
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
        record_change(
            event,
            subject="event",
            subject_id=event.pk,
            action="draw",
            actor=actor,
            new={"seeds": seeded, "groups": [[m.teams for m in rnd] for rnd in groups]},
        )
        for match in bracket + [m for rnd in groups for m in rnd]:
            if match.entrant_b_id is None and match.entrant_a_id is not None:
                make_bye(match, match.entrant_a_id, match.seed_a, actor)
            elif match.entrant_a_id is not None:
                reconcile(match.pk, actor)
        sync_statuses(event.pk)
        mark_changed(event)
    event.refresh_from_db()
    return event


def _seeded(event: Event, order: list[int] | None) -> list[int]:
    """The active teams' ids in seed order (best first)."""
    teams = list(
        Entrant.objects.filter(event=event, withdrawn_after_round__isnull=True)
        .order_by("pk")
        .values_list("pk", "name")
    )
    ids = [pk for pk, _name in teams]
    if order is not None:
        if not isinstance(order, list) or sorted(order) != ids:
            raise ServiceError(
                _("The order must name every registered team once."), field="order", code="order"
            )
        return list(order)
    fmt = event.format
    if fmt.seeding != Seeding.EVENT:
        return ids
    source = Event.objects.filter(pk=fmt.seeding_event).first()
    if source is None:
        raise ServiceError(
            _("The event that seeds this cup does not exist."),
            field="seeding_event",
            code="seeding_event",
        )
    places = {
        row.entrant.name: index
        for index, row in enumerate(
            ranked(
                StandingRow.objects.filter(event=source).select_related("entrant"), source.format
            )
        )
    }
    return [pk for pk, name in sorted(teams, key=lambda t: (places.get(t[1], len(places)), t[0]))]


def _draw_groups(event: Event, seeded: list[int], plan: Plan) -> list[list[Match]]:
    """Snake groups and a round robin in each; group matches are one game unless the format's
    best of N applies to every stage. Returns the matches round by round."""
    fmt = event.format
    seed_of = {team: index + 1 for index, team in enumerate(seeded)}
    schedules = [round_robin_schedule(members) for members in snake(seeded, plan.groups)]
    best_of = games_in_match(
        best_of=fmt.best_of, best_of_from=fmt.best_of_from, teams=len(seeded) + 1
    )
    rounds = []
    for level in range(1, max(len(s) for s in schedules) + 1):
        rnd = Round.objects.create(event=event, number=level, seed=0, status=Round.Status.PUBLISHED)
        matches: list[Match] = []
        for group, schedule in enumerate(schedules):
            if level > len(schedule):
                continue
            for a, b in schedule[level - 1].tables:
                matches.append(
                    Match(
                        event=event,
                        round=rnd,
                        stage=Match.Stage.GROUP,
                        group=group,
                        level=level,
                        slot=len(matches),
                        entrant_a_id=a,
                        entrant_b_id=b,
                        seed_a=seed_of[a],
                        seed_b=seed_of[b],
                        best_of=best_of,
                    )
                )
        rounds.append(Match.objects.bulk_create(matches))
    return rounds


def _draw_bracket(
    event: Event, seeded: list[int] | None, plan: Plan, *, first_round_number: int
) -> list[Match]:
    """Every match of the bracket (and the third-place match); the first round's teams when the
    seeds are known now, else they come from the groups."""
    fmt = event.format
    size = bracket_size(plan.bracket_teams)
    pairs = first_round(seeded) if seeded is not None else [(None, None)] * (size // 2)
    seed_of = {team: index + 1 for index, team in enumerate(seeded or [])}
    created = []
    for level in range(1, rounds_in(size) + 1):
        rnd = Round.objects.create(
            event=event,
            number=first_round_number + level - 1,
            seed=0,
            status=Round.Status.PUBLISHED,
        )
        best_of = games_in_match(
            best_of=fmt.best_of, best_of_from=fmt.best_of_from, teams=teams_in_round(size, level)
        )
        matches = []
        for slot in range(teams_in_round(size, level) // 2):
            a, b = pairs[slot] if level == 1 else (None, None)
            matches.append(
                Match(
                    event=event,
                    round=rnd,
                    stage=Match.Stage.BRACKET,
                    level=level,
                    slot=slot,
                    entrant_a_id=a,
                    entrant_b_id=b,
                    seed_a=seed_of.get(a),
                    seed_b=seed_of.get(b),
                    best_of=best_of,
                )
            )
        if fmt.third_place and teams_in_round(size, level) == 2 and size >= 4:
            matches.append(
                Match(
                    event=event,
                    round=rnd,
                    stage=Match.Stage.THIRD_PLACE,
                    level=level,
                    slot=0,
                    best_of=best_of,
                )
            )
        created += Match.objects.bulk_create(matches)
    return [m for m in created if m.level == 1]
