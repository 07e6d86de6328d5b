"""Events and entrants: create an event from a preset, register, enter late, withdraw.

Tournament rules implemented here:

- An event's format is a preset plus overrides, checked once at creation (``formats``).
- Individual events register players; team events register teams of two (a league team may
  have a roster of 2 to 5 players).
- A person plays in one team of an event: a roster naming someone of another team's roster (or
  someone twice) is refused, naming that team; the database holds the same rule
  (``Membership``). A person is a name, compared without case, as the rosters are names.
- A cup takes no team once drawn: its bracket is fixed at the draw, and a team registered later
  would never be placed.
- A player registered after round N has been paired joins round N+1 ("late entry"); a withdrawn
  entrant is never paired again, and the hands they played stay in the results.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from ..choices import EntrantType
from ..formats import FormatError, resolve_format
from ..knockout.progress import after_withdrawal
from ..models import Entrant, Event, Membership, Player, Register, Round
from ..standings.schedule import mark_changed
from .history import Actor, Conflict, ServiceError, record_change
from .lifecycle import check_not_finished
from .names import clean_club, clean_name
from .people import PersonChoice, RegisterPeople, own_register, people_in_event, resolve_person

ROSTER_SIZES = range(2, 6)


def event_create(
    *,
    owner,
    name: str,
    preset: str = "dtm",
    overrides: dict | None = None,
    seed: int | None = None,
    season=None,
    register: Register | None = None,
) -> Event:
    """A new event in registration. ``seed`` fixes every random draw of its pairings; its
    entrants are people of ``register`` (one the owner keeps; by default their own)."""
    name = clean_name(name, "name")
    if register is None:
        register = own_register(owner)
    elif not register.is_organizer(owner):
        raise ServiceError(
            _("You do not keep this register."), field="register", code="unknown_register"
        )
    try:
        event_format = resolve_format(preset, overrides)
    except FormatError as error:
        raise ServiceError(str(error), field=error.field, code="format") from None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    with transaction.atomic():
        event = Event.objects.create(
            name=name,
            owner=owner,
            preset=preset,
            format_data=event_format.as_dict(),
            seed=seed,
            season=season,
            register=register,
        )
        record_change(
            event,
            subject="event",
            subject_id=event.pk,
            action="create",
            actor=Actor.organizer(owner),
            new={"name": name, "preset": preset, "format": event.format_data},
        )
    return event


def _next_round_number(event: Event) -> int:
    """The round a new entrant joins: the first one not yet published (a draft can be
    regenerated to include them)."""
    return Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).count() + 1


def players_register(
    *,
    event: Event,
    names: list[str],
    actor: Actor,
    clubs: Sequence[str] = (),
    people: Sequence[PersonChoice] = (),
) -> list[Entrant]:
    """Register individual players (one entrant each), with the club or city of each (``clubs``,
    in the order of ``names``; none without), each linked to a person of the event's register
    (``people``: the organizer's choice per name; the rule of ``services.people`` where there is
    none); late ones join the next round. All of the list, or none when one is refused."""
    if event.format.entrant_type != EntrantType.INDIVIDUAL:
        raise ServiceError(
            _("This event registers teams, not single players."),
            field="name",
            code="wrong_entrant_type",
        )
    cleaned = [clean_name(name, "name") for name in names]
    clubs = [clean_club(club) for club in clubs] + [""] * (len(cleaned) - len(clubs))
    if not cleaned:
        raise ServiceError(_("Give at least one player."), field="name", code="required")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        check_not_finished(event)
        joined = _next_round_number(event)
        taken = people_in_event(event)
        known = RegisterPeople(event.register)
        choices = [*people, *[None] * (len(cleaned) - len(people))]
        entrants = []
        for index, (name, club, choice) in enumerate(zip(cleaned, clubs, choices, strict=True)):
            player = resolve_person(known, name, club, choice, taken=taken, index=index)
            entrants.append(
                Entrant.objects.create(
                    event=event, name=name, club=club, player=player, joined_round=joined
                )
            )
        for entrant in entrants:
            record_change(
                event,
                subject="entrant",
                subject_id=entrant.pk,
                action="register",
                actor=actor,
                new={
                    "name": entrant.name,
                    "joined_round": joined,
                    **({"club": entrant.club} if entrant.club else {}),
                },
            )
        mark_changed(event)
    return entrants


def teams_register(
    *,
    event: Event,
    teams: list[tuple[str, list[str]]],
    actor: Actor,
    people: Sequence[Sequence[PersonChoice]] = (),
) -> list[Entrant]:
    """Register teams (name and roster of 2-5 players, of whom two play each match, three in
    Tientsin), each member linked to a person of the event's register (``people``: per team,
    the organizer's choice per member, as ``players_register``): all of the list, or none when
    one is refused."""
    if event.format.entrant_type != EntrantType.TEAM:
        raise ServiceError(
            _("This event registers single players, not teams."),
            field="members",
            code="wrong_entrant_type",
        )
    cleaned = [(clean_name(name, "name"), clean_roster(members)) for name, members in teams]
    size = event.format.game.team_size  # two play a match of Tichu, three of Tientsin
    if any(len(members) < size for _name, members in cleaned):
        raise ServiceError(
            _("A team of %(game)s has at least %(n)s players.")
            % {"game": event.format.rules.game, "n": size},
            field="members",
            code="roster_size",
        )
    if not cleaned:
        raise ServiceError(_("Give at least one team."), field="name", code="required")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        check_not_finished(event)
        check_field_open(event)
        check_one_team_each(
            cleaned,
            registered=dict(
                Membership.objects.filter(event=event).values_list("person", "entrant__name")
            ),
        )
        joined = _next_round_number(event)
        taken = people_in_event(event)
        known = RegisterPeople(event.register)
        entrants = []
        for index, (name, members) in enumerate(cleaned):
            entrant = Entrant.objects.create(event=event, name=name, joined_round=joined)
            chosen = people[index] if index < len(people) else ()
            roster_create(
                entrant,
                [
                    resolve_person(
                        known,
                        member,
                        "",
                        chosen[position] if position < len(chosen) else None,
                        taken=taken,
                        index=index,
                        member=position,
                    )
                    for position, member in enumerate(members)
                ],
            )
            record_change(
                event,
                subject="entrant",
                subject_id=entrant.pk,
                action="register",
                actor=actor,
                new={"name": name, "members": members, "joined_round": joined},
            )
            entrants.append(entrant)
        mark_changed(event)
    return entrants


def check_field_open(event: Event) -> None:
    """Refuse a team the event has no place for once its first round is paired: a cup's
    bracket is drawn (409 ``cup_drawn``); a duplicate event's movement is fixed for the pairs of
    round 1, who meet and play the boards as it says (409 ``movement_fixed``), as a bridge
    movement takes no pair once started. The team would never play."""
    if not Round.objects.filter(event=event).exists():
        return
    if event.format.is_cup:
        raise Conflict(
            _(
                "The cup is drawn already: a team registered now would have no place "
                "in its bracket."
            ),
            field="name",
            code="cup_drawn",
        )
    if event.format.is_duplicate:
        raise Conflict(
            _(
                "The movement is fixed for the pairs of the first round: a pair registered "
                "now would have no place in it."
            ),
            field="name",
            code="movement_fixed",
        )


def team_register(*, event: Event, name: str, members: list[str], actor: Actor) -> Entrant:
    """Register one team (see ``teams_register``)."""
    return teams_register(event=event, teams=[(name, members)], actor=actor)[0]


def clean_roster(members) -> list[str]:
    """A team's roster of 2 to 5 player names, each tidied by ``clean_name``."""
    if not isinstance(members, list) or len(members) not in ROSTER_SIZES:
        raise ServiceError(_("A team has 2 to 5 players."), field="members", code="roster_size")
    return [clean_name(member, "members") for member in members]


def person_key(name: str) -> str:
    """A player's name as the rule "one team per person" compares it: "ANNA  Müller" (tidied),
    "anna müller" and the same letters composed otherwise are one person."""
    return unicodedata.normalize("NFKC", name).casefold()


class RosterClash(Conflict):
    """A person on two rosters of one event, or twice on one (409 ``one_team_per_person``):
    ``team`` and ``member`` index the roster and the name at fault in the list checked."""

    def __init__(self, message: str, *, team: int, member: int):
        super().__init__(message, field="members", code="one_team_per_person")
        self.team = team
        self.member = member


def check_one_team_each(
    teams: Sequence[tuple[str, Sequence[str]]], *, registered: Mapping[str, str]
) -> None:
    """The rule "a person plays in one team of an event", for the rosters of ``teams`` (name,
    member names) joining the teams ``registered`` already (``person_key`` -> team name); a
    ``RosterClash`` names the other team."""
    rostered: dict[str, tuple[int | None, str]] = {
        person: (None, team) for person, team in registered.items()
    }
    for index, (team, members) in enumerate(teams):
        for position, member in enumerate(members):
            person = person_key(member)
            if person in rostered:
                other_index, other = rostered[person]
                message = (
                    _("%(person)s is named twice on the roster of %(team)s.")
                    if other_index == index
                    else _(
                        "%(person)s already plays in the team %(other)s: a person plays in one "
                        "team of an event. If it is another person of the same name, tell them "
                        "apart, e.g. by adding their city."
                    )
                )
                raise RosterClash(
                    message % {"person": member, "team": team, "other": other},
                    team=index,
                    member=position,
                )
            rostered[person] = (index, team)


def roster_create(entrant: Entrant, players: Sequence[Player]) -> None:
    """Put people of the event's register on a team's roster, each with their ``person_key``
    (checked by ``check_one_team_each`` before)."""
    Membership.objects.bulk_create(
        [
            Membership(
                entrant=entrant,
                player=player,
                event_id=entrant.event_id,
                person=person_key(player.name),
            )
            for player in players
        ]
    )


def rounds_paired(event: Event) -> int:
    """The rounds an entrant withdrawn now has played: every round but a draft (they are not
    paired from the next one on)."""
    return Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).count()


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
        entrant.withdrawn_after_round = rounds_paired(event)
        entrant.save(update_fields=["withdrawn_after_round"])
        record_change(
            event,
            subject="entrant",
            subject_id=entrant.pk,
            action="withdraw",
            actor=actor,
            new={"withdrawn_after_round": entrant.withdrawn_after_round},
            reason=reason,
        )
        if event.format.is_cup:  # its open matches become walkovers
            after_withdrawal(entrant, actor)
        mark_changed(event)
    return entrant
