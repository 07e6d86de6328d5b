"""A cup's final placings, from its stored matches.

The champion is 1st and the finalist 2nd; the third-place match decides 3rd and 4th, else both
semi-finals' losers share 3rd; the losers of a round of N teams share place N/2 + 1 (5th for the
quarter-finals). With groups, the teams that did not advance follow by their place in their
group: all 3rd-placed teams share the next place, and so on. A team that lost by walkover is
placed like any loser of its round.
"""

from __future__ import annotations

from ..models import Event, Match
from .bracket import teams_in_round
from .groups import rank_group
from .progress import bracket_rounds, group_results, loser


def placings(event: Event) -> list[tuple[int, int]]:
    """(place, entrant id) for every placed team, best first; a team still in the cup has none."""
    matches = list(Match.objects.filter(event=event).exclude(stage=Match.Stage.GROUP))
    if not matches:
        return []
    size = 2 ** bracket_rounds(event.pk)
    final = next(
        m for m in matches if m.stage == Match.Stage.BRACKET and teams_in_round(size, m.level) == 2
    )
    third = next((m for m in matches if m.stage == Match.Stage.THIRD_PLACE), None)
    placed: list[tuple[int, int]] = []
    if final.winner_id is not None:
        placed += [(1, final.winner_id), (2, loser(final))]
    for m in sorted(matches, key=lambda m: -m.level):
        lost = loser(m)
        if lost is None or m is final:
            continue
        if m.stage == Match.Stage.THIRD_PLACE:
            placed += [(3, m.winner_id), (4, lost)]
        elif not (third is not None and teams_in_round(size, m.level) == 4):
            placed.append((teams_in_round(size, m.level) // 2 + 1, lost))
    groups = group_results(event)
    if (
        groups
        and not Match.objects.filter(
            event=event, stage=Match.Stage.GROUP, winner__isnull=True
        ).exists()
    ):
        advance = event.format.advance
        tiers: dict[int, list[int]] = {}
        for teams, results in groups.values():
            for rank, line in enumerate(rank_group(teams, results)[advance:]):
                tiers.setdefault(rank, []).append(line.team)
        place = len(groups) * advance + 1
        for rank in sorted(tiers):
            placed += [(place, team) for team in tiers[rank]]
            place += len(tiers[rank])
    return sorted(placed)
