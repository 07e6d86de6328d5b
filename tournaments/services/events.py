"""Events and entrants: create an event from a preset, register, enter late, withdraw.

Tournament rules implemented here:

- An event's format is a preset plus overrides, checked once at creation (``formats``).
- Individual events register players; team events register teams of two (a league team may
  have a roster of 2 to 5 players).
- A player registered after round N has been paired joins round N+1 ("late entry"); a withdrawn
  entrant is never paired again, and the hands they played stay in the results.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _

from ..choices import EntrantType
from ..formats import FormatError, resolve_format
from ..knockout.progress import after_withdrawal
from ..models import Entrant, Event, Player, Round
from ..standings.schedule import mark_changed
from .history import Actor, ServiceError, record_change
from .lifecycle import check_not_finished

MAX_NAME_LENGTH = 100
ROSTER_SIZES = range(2, 6)


def event_create(*, owner, name: str, preset: str = "dtm", overrides: dict | None = None,
                 seed: int | None = None, season=None) -> Event:
    """A new event in registration. ``seed`` fixes every random draw of its pairings."""
    name = clean_name(name, "name")
    try:
        event_format = resolve_format(preset, overrides)
    except FormatError as error:
        raise ServiceError(str(error), field=error.field, code="format") from None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    with transaction.atomic():
        event = Event.objects.create(name=name, owner=owner, preset=preset,
                                     format_data=event_format.as_dict(), seed=seed, season=season)
        record_change(event, subject="event", subject_id=event.pk, action="create",
                      actor=Actor.organizer(owner), new={"name": name, "preset": preset,
                                                          "format": event.format_data})
    return event


def clean_name(value, field: str) -> str:
    """A name as entered, its spaces tidied; refused when empty or too long (``field``)."""
    if not isinstance(value, str) or not value.strip():
        raise ServiceError(_("A name is required."), field=field, code="required")
    value = " ".join(value.split())
    if len(value) > MAX_NAME_LENGTH:
        raise ServiceError(_("A name has at most %(n)s characters.") % {"n": MAX_NAME_LENGTH},
                           field=field, code="too_long")
    return value


def _next_round_number(event: Event) -> int:
    """The round a new entrant joins: the first one not yet published (a draft can be
    regenerated to include them)."""
    return Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).count() + 1


def players_register(*, event: Event, names: list[str], actor: Actor) -> list[Entrant]:
    """Register individual players (one entrant each); late ones join the next round."""
    if event.format.entrant_type != EntrantType.INDIVIDUAL:
        raise ServiceError(_("This event registers teams, not single players."), field="name",
                           code="wrong_entrant_type")
    cleaned = [clean_name(name, "name") for name in names]
    if not cleaned:
        raise ServiceError(_("Give at least one player."), field="name", code="required")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        check_not_finished(event)
        joined = _next_round_number(event)
        entrants = []
        for name in cleaned:
            player = Player.objects.create(name=name)
            entrants.append(Entrant.objects.create(event=event, name=name, player=player,
                                                   joined_round=joined))
        for entrant in entrants:
            record_change(event, subject="entrant", subject_id=entrant.pk, action="register",
                          actor=actor, new={"name": entrant.name, "joined_round": joined})
        mark_changed(event)
    return entrants


def teams_register(*, event: Event, teams: list[tuple[str, list[str]]],
                   actor: Actor) -> list[Entrant]:
    """Register teams (name and roster of 2-5 players, of whom two play each match, three in
    Tientsin): all of the list, or none when one is refused."""
    if event.format.entrant_type != EntrantType.TEAM:
        raise ServiceError(_("This event registers single players, not teams."), field="members",
                           code="wrong_entrant_type")
    cleaned = [(clean_name(name, "name"), clean_roster(members)) for name, members in teams]
    size = event.format.game.team_size  # two play a match of Tichu, three of Tientsin
    if any(len(members) < size for _name, members in cleaned):
        raise ServiceError(_("A team of %(game)s has at least %(n)s players.")
                           % {"game": event.format.rules.game, "n": size}, field="members",
                           code="roster_size")
    if not cleaned:
        raise ServiceError(_("Give at least one team."), field="name", code="required")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        check_not_finished(event)
        joined = _next_round_number(event)
        entrants = []
        for name, members in cleaned:
            entrant = Entrant.objects.create(event=event, name=name, joined_round=joined)
            entrant.members.set([Player.objects.create(name=member) for member in members])
            record_change(event, subject="entrant", subject_id=entrant.pk, action="register",
                          actor=actor, new={"name": name, "members": members,
                                            "joined_round": joined})
            entrants.append(entrant)
        mark_changed(event)
    return entrants


def team_register(*, event: Event, name: str, members: list[str], actor: Actor) -> Entrant:
    """Register one team (see ``teams_register``)."""
    return teams_register(event=event, teams=[(name, members)], actor=actor)[0]


def clean_roster(members) -> list[str]:
    """A team's roster of 2 to 5 player names, each tidied by ``clean_name``."""
    if not isinstance(members, list) or len(members) not in ROSTER_SIZES:
        raise ServiceError(_("A team has 2 to 5 players."), field="members", code="roster_size")
    return [clean_name(member, "members") for member in members]


def entrant_withdraw(*, entrant_id: int, actor: Actor, reason: str = "") -> Entrant:
    """Withdraw an entrant: never paired again from the next round on; played hands stay.

    Withdrawing from a round still in draft removes them from that draft's pairing too: the
    organizer regenerates the draft.
    """
    with transaction.atomic():
        entrant = Entrant.objects.select_related("event").filter(pk=entrant_id).first()
        if entrant is None:
            raise ServiceError(_("This entrant does not exist."), code="not_found")
        event = Event.objects.select_for_update().get(pk=entrant.event_id)
        check_not_finished(event)
        if not entrant.active:
            return entrant
        paired = Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT)
        entrant.withdrawn_after_round = paired.count()
        entrant.save(update_fields=["withdrawn_after_round"])
        record_change(event, subject="entrant", subject_id=entrant.pk, action="withdraw",
                      actor=actor, new={"withdrawn_after_round": entrant.withdrawn_after_round},
                      reason=reason)
        if event.format.is_cup:  # its open matches become walkovers
            after_withdrawal(entrant, actor)
        mark_changed(event)
    return entrant
