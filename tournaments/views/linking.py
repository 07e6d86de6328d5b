"""Linking the names being registered to people of the event's register, on the organizer's pages.

The choices travel as form fields beside the rows: ``person_<row>`` for a player,
``person_<row>_<member>`` for a team's member (rows and members counted from 0); a person's id,
``new``, or empty (decide by the rule of ``services.people``). The page that asks them
(``players_preview.html``) offers each name's fits as ``selectors.people.link_offers`` found them,
the organizer's earlier choices kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..choices import EntrantType
from ..models import Entrant, Event, Player
from ..selectors.people import Offer, events_of, link_offers
from ..services.people import NEW, PersonChoice
from .words import fit_label


def field_name(row: int, member: int | None) -> str:
    return f"person_{row}" if member is None else f"person_{row}_{member}"


def posted_choices(data, rows: list[list[str]], team: bool) -> list:
    """The organizer's choices per player (``team`` False) or per team and member, as
    ``players_register``/``teams_register`` take them (``people=``). Anything but an empty
    value and ``new`` is passed on as an id: the service refuses what is none of its register's
    people (a form error, not a crash)."""

    def choice(name: str) -> PersonChoice:
        value = str(data.get(name, "")).strip()
        return None if not value else NEW if value == NEW else value

    if not team:
        return [choice(field_name(row, None)) for row in range(len(rows))]
    return [
        [choice(field_name(row, member)) for member in range(len(cells) - 1)]
        for row, cells in enumerate(rows)
    ]


@dataclass
class Slot:
    """A name of a row on the page, with its select: ``options`` as (value, label, selected)."""

    field: str
    offer: Offer
    options: list[tuple[str, str, bool]]


def link_entries(event: Event, rows: list[list[str]], data) -> list[tuple[list[str], list[Slot]]]:
    """The rows of the page with their selects (``link_offers``): the choice posted in ``data``
    kept, else the one preselected."""
    team = event.format.entrant_type == EntrantType.TEAM
    return list(zip(rows, _slots(link_offers(event, rows), data, team), strict=True))


def _slots(offers: list[list[Offer]], data, team: bool) -> list[list[Slot]]:
    found = []
    for row, row_offers in enumerate(offers):
        row_slots = []
        for position, offer in enumerate(row_offers):
            name = field_name(row, position if team else None)
            chosen = str(data.get(name, "") if data is not None else "") or offer.chosen
            options = [("", _("Choose…"), chosen == "")] if offer.fits else []
            for fit in offer.fits:
                options.append(
                    (str(fit.person.pk), _person_label(fit, offer), chosen == str(fit.person.pk))
                )
            options.append((NEW, _("a new person"), chosen == NEW))
            row_slots.append(Slot(name, offer, options))
        found.append(row_slots)
    return found


def _person_label(fit, offer: Offer) -> str:
    person = fit.person
    who = f"{person.name} ({person.club})" if person.club else person.name
    played = offer.events.get(person.pk, [])
    if not played:
        return f"{who} · {fit_label(fit.fit)}"
    last = ", ".join(event.name for event in played[:3])
    return _("%(who)s · %(fit)s · last: %(events)s") % {
        "who": who,
        "fit": fit_label(fit.fit),
        "events": last,
    }


def linked_messages(request, event: Event, entrants: list[Entrant]) -> None:
    """Tell the organizer who of the registered was linked to a person known from other events:
    "linked to Anna Müller (Berlin), known from 3 events"."""
    people: list[Player] = []
    for entrant in entrants:
        people += [entrant.player] if entrant.player is not None else list(entrant.members.all())
    played = events_of({person.pk for person in people})
    for person in people:
        others = [e for e in played.get(person.pk, []) if e.pk != event.pk]
        if others:
            who = f"{person.name} ({person.club})" if person.club else person.name
            messages.info(
                request,
                ngettext(
                    "Linked to %(who)s, known from %(n)d event.",
                    "Linked to %(who)s, known from %(n)d events.",
                    len(others),
                )
                % {"who": who, "n": len(others)},
            )
