"""The cup formats, one class each, registered with the other pairing methods in
``pairing.factory.PAIRING_METHODS``: what a format allows and how its stages are laid out. The
services (``draw``) store what a format plans; nothing else asks which cup it is.

- ``knockout``: one bracket of every team, seeded from the organizer's order or the standings of
  another event.
- ``groups_knockout``: groups first (snake seeding, a round robin in each), then a bracket of the
  top ``advance`` of each group, crossed (``groups.cross``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..choices import EntrantType, Seeding
from ..pairing.base import Pairing
from .bracket import MAX_BEST_OF, MAX_TEAMS, STAGES
from .groups import MAX_ADVANCE, MAX_GROUPS

if TYPE_CHECKING:
    from ..formats import Format


def _error(field: str, message: str):
    from ..errors import FormatError

    return FormatError(field, message)


@dataclass(frozen=True)
class Plan:
    """How a cup of ``teams`` teams is laid out: ``groups`` groups (0: none) whose top
    ``advance`` go on, and the teams of the bracket."""

    groups: int
    advance: int
    bracket_teams: int


class CupFormat(Pairing, ABC):
    """A cup format: its name (``method``), its label, the values it allows and the plan of its
    stages. A cup is played by teams and knows its number of rounds (its bracket's)."""

    entrant_type = EntrantType.TEAM
    is_cup = True
    open_rounds = True

    @classmethod
    def check_format(cls, fmt: Format) -> None:
        """Refuse values the format cannot play (``FormatError`` naming the field)."""
        if fmt.entrant_type != EntrantType.TEAM:
            raise _error("entrant_type", _("A cup is played by teams."))
        if (
            not isinstance(fmt.best_of, int)
            or fmt.best_of % 2 == 0
            or not 1 <= fmt.best_of <= MAX_BEST_OF
        ):
            raise _error(
                "best_of", _("Best of: an odd number from 1 to %(n)s.") % {"n": MAX_BEST_OF}
            )
        if fmt.best_of_from is not None and fmt.best_of_from not in STAGES:
            raise _error(
                "best_of_from",
                _("Best of from: one of %(stages)s, or every match.")
                % {"stages": ", ".join(STAGES)},
            )
        if fmt.seeding not in Seeding.values:
            raise _error("seeding", _("Seeding: 'organizer' or 'event'."))
        if (fmt.seeding == Seeding.EVENT) != (fmt.seeding_event is not None):
            raise _error(
                "seeding_event", _("Name the event whose standings seed the cup (and only then).")
            )

    @classmethod
    @abstractmethod
    def plan(cls, fmt: Format, teams: int) -> Plan:
        """The stages of a cup of ``teams`` teams; ``ValueError`` when it cannot hold them."""


class Knockout(CupFormat):
    method = "knockout"
    # Translators: a pairing method, described in the API's schema; a preset, on the organizer's
    # pages
    label = gettext_lazy("Knockout cup")

    @classmethod
    def check_format(cls, fmt: Format) -> None:
        super().check_format(fmt)
        if fmt.groups:
            raise _error(
                "groups", _("A knockout cup has no groups: choose groups, then a knockout cup.")
            )

    @classmethod
    def plan(cls, fmt: Format, teams: int) -> Plan:
        if not 2 <= teams <= MAX_TEAMS:
            raise ValueError(f"a cup has 2 to {MAX_TEAMS} teams")
        return Plan(groups=0, advance=0, bracket_teams=teams)


class GroupsKnockout(CupFormat):
    method = "groups_knockout"
    # Translators: a pairing method, described in the API's schema; a preset, in the new event
    # form
    label = gettext_lazy("Groups, then a knockout cup")

    @classmethod
    def check_format(cls, fmt: Format) -> None:
        super().check_format(fmt)
        if not isinstance(fmt.groups, int) or not 2 <= fmt.groups <= MAX_GROUPS:
            raise _error("groups", _("Groups: from 2 to %(n)s.") % {"n": MAX_GROUPS})
        if not isinstance(fmt.advance, int) or not 1 <= fmt.advance <= MAX_ADVANCE:
            raise _error("advance", _("Advance per group: from 1 to %(n)s.") % {"n": MAX_ADVANCE})

    @classmethod
    def plan(cls, fmt: Format, teams: int) -> Plan:
        smallest = teams // fmt.groups
        if smallest < max(2, fmt.advance) or teams > MAX_TEAMS:
            raise ValueError(
                f"{fmt.groups} groups of which {fmt.advance} advance need at least "
                f"{fmt.groups * max(2, fmt.advance)} teams"
            )
        return Plan(groups=fmt.groups, advance=fmt.advance, bracket_teams=fmt.groups * fmt.advance)
