"""Round robin for leagues: every team plays every other team once (twice in a double round robin).

Tournament rules implemented here:

- The schedule follows the circle method (``tournaments.circle_method``): the first team stays in
  place, the others rotate one place per round; with an odd number of teams a dummy joins the
  circle and its opponent rests.
- Each team plays at most once per round, and every pair of teams meets exactly once; a double
  round robin plays the same rounds again with home and away (team 0 and team 1) swapped.
- Sides are balanced: the fixed team alternates, every other team is home on the left half of the
  circle, so each team's home and away games differ by at most one per leg.
- The schedule depends only on the order of the teams given, never on results or on a seed: to
  draw it, shuffle the teams once for the season.
- A team that withdraws keeps its place in the schedule; its opponent of the day rests.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

from ..choices import EntrantType
from ..circle_method import circle_rounds
from .base import Draw, Entrant, PairingError, PairingHistory, PairingMethod, checked_entrants

if TYPE_CHECKING:
    from ..formats import Format


def round_robin_schedule(team_ids: Sequence[int], *, double: bool = False) -> list[Draw]:
    """Every round of the league, in order: matches (team 0, team 1) and the team that rests."""
    teams = [e.id for e in checked_entrants([Entrant(t) for t in team_ids], 2, "teams")]
    first_leg = [
        Draw(tables=circle.matches, byes=circle.sitting_out, method="round_robin")
        for circle in circle_rounds(teams)
    ]
    if not double:
        return first_leg
    return first_leg + [
        Draw(tables=[(b, a) for a, b in draw.tables], byes=draw.byes, method="round_robin")
        for draw in first_leg
    ]


class RoundRobinPairing(PairingMethod):
    """One round of a league's round robin (see the module's rules).

    The entrants are every team of the schedule, in the season's fixed order; ``active``, if
    given, are those still playing: a match against a withdrawn team becomes a rest.
    """

    method = "round_robin"
    # Translators: a pairing method, described in the API's schema
    label = _("round robin: every team against every other")
    entrant_type = EntrantType.TEAM
    open_rounds = True  # as many rounds as the schedule has
    fixed_order = True

    @classmethod
    def schedule_options(cls, fmt: Format) -> dict[str, Any]:
        return {"double": fmt.double_round_robin}

    def __init__(self, *, double: bool = False, active: Collection[int] | None = None):
        self.double = double
        self.active = None if active is None else frozenset(active)

    def pair(
        self,
        entrants: Sequence[Entrant],
        history: PairingHistory,
        *,
        seed: int | str,
        round_number: int,
    ) -> Draw:
        schedule = round_robin_schedule([e.id for e in entrants], double=self.double)
        if not 1 <= round_number <= len(schedule):
            raise PairingError(
                "no_such_round",
                f"This round robin has {len(schedule)} rounds; there is no round {round_number}.",
                rounds=len(schedule),
                round=round_number,
            )
        draw = schedule[round_number - 1]
        if self.active is None:
            return draw
        tables, byes = [], [team for team in draw.byes if team in self.active]
        for match in draw.tables:
            playing = [team for team in match if team in self.active]
            if len(playing) == 2:
                tables.append(match)
            else:
                byes.extend(playing)
        return Draw(tables=tables, byes=byes, method=self.method)
