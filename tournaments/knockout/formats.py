"""The cup formats, one class each in a registry: what a format allows and how its stages are
laid out. The services (``draw``) store what a format plans; nothing else asks which cup it is.

- ``knockout``: one bracket of every team, seeded from the organizer's order or the standings of
  another event.
- ``groups_knockout``: groups first (snake seeding, a round robin in each), then a bracket of the
  top ``advance`` of each group, crossed (``groups.cross``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from django.utils.translation import gettext as _

from .bracket import MAX_TEAMS, STAGES
from .groups import MAX_GROUPS

if TYPE_CHECKING:
    from ..formats import Format

MAX_BEST_OF = 9
MAX_ADVANCE = 8


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


class CupFormat:
    """A cup format: its name, its label, the values it allows and the plan of its stages."""

    name: ClassVar[str]
    label: ClassVar[str]

    def check(self, fmt: Format) -> None:
        """Refuse values the format cannot play (``FormatError`` naming the field)."""
        if fmt.entrant_type != "team":
            raise _error("entrant_type", _("A cup is played by teams."))
        if not isinstance(fmt.best_of, int) or fmt.best_of % 2 == 0 \
                or not 1 <= fmt.best_of <= MAX_BEST_OF:
            raise _error("best_of", _("Best of: an odd number from 1 to %(n)s.")
                         % {"n": MAX_BEST_OF})
        if fmt.best_of_from is not None and fmt.best_of_from not in STAGES:
            raise _error("best_of_from", _("Best of from: one of %(stages)s, or every match.")
                         % {"stages": ", ".join(STAGES)})
        if fmt.seeding not in ("organizer", "event"):
            raise _error("seeding", _("Seeding: 'organizer' or 'event'."))
        if (fmt.seeding == "event") != (fmt.seeding_event is not None):
            raise _error("seeding_event", _("Name the event whose standings seed the cup "
                                            "(and only then)."))

    def plan(self, fmt: Format, teams: int) -> Plan:
        raise NotImplementedError


class Knockout(CupFormat):
    name = "knockout"
    label = "Knockout cup"

    def check(self, fmt: Format) -> None:
        super().check(fmt)
        if fmt.groups:
            raise _error("groups", _("A knockout cup has no groups: choose groups, then a "
                                      "knockout cup."))

    def plan(self, fmt: Format, teams: int) -> Plan:
        if not 2 <= teams <= MAX_TEAMS:
            raise ValueError(f"a cup has 2 to {MAX_TEAMS} teams")
        return Plan(groups=0, advance=0, bracket_teams=teams)


class GroupsKnockout(CupFormat):
    name = "groups_knockout"
    label = "Groups, then a knockout cup"

    def check(self, fmt: Format) -> None:
        super().check(fmt)
        if not isinstance(fmt.groups, int) or not 2 <= fmt.groups <= MAX_GROUPS:
            raise _error("groups", _("Groups: from 2 to %(n)s.") % {"n": MAX_GROUPS})
        if not isinstance(fmt.advance, int) or not 1 <= fmt.advance <= MAX_ADVANCE:
            raise _error("advance", _("Advance per group: from 1 to %(n)s.") % {"n": MAX_ADVANCE})

    def plan(self, fmt: Format, teams: int) -> Plan:
        smallest = teams // fmt.groups
        if smallest < max(2, fmt.advance) or teams > MAX_TEAMS:
            raise ValueError(f"{fmt.groups} groups of which {fmt.advance} advance need at least "
                             f"{fmt.groups * max(2, fmt.advance)} teams")
        return Plan(groups=fmt.groups, advance=fmt.advance, bracket_teams=fmt.groups * fmt.advance)


CUP_FORMATS: dict[str, CupFormat] = {cls.name: cls() for cls in (Knockout, GroupsKnockout)}


def check_cup_format(fmt: Format) -> None:
    """The checks of the format's class (called by ``Format`` on every cup format)."""
    CUP_FORMATS[fmt.pairing].check(fmt)
