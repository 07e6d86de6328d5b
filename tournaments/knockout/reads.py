"""What the cup's pages, exports and API show: the bracket round by round, the group tables, each
match with its games and hands, the placings. Reads only, in a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Sum

from ..models import Event, Hand, Match, MatchGame, event_display_names
from .bracket import stage_name, teams_in_round
from .games import side_at_table
from .groups import Line, group_label, rank_group
from .placings import placings
from .progress import bracket_rounds, group_results


@dataclass
class GameView:
    """A game of a match: its number, its table, each side's Tichu points, the side that won."""

    number: int
    table_id: int
    hands: int
    tp: tuple[int, int]
    winner: int | None


@dataclass
class MatchView:
    """A match as the pages show it: names and seeds of both sides (None: not known yet),
    games won per side, the winner's side, how it was decided."""

    match: Match
    names: tuple[str | None, str | None]
    seeds: tuple[int | None, int | None]
    games: list[GameView] = field(default_factory=list)

    @property
    def pk(self) -> int:
        return self.match.pk

    @property
    def won(self) -> tuple[int, int]:
        sides = [g.winner for g in self.games]
        return sides.count(0), sides.count(1)

    @property
    def winner_side(self) -> int | None:
        m = self.match
        if m.winner_id is None:
            return None
        return 0 if m.winner_id == m.entrant_a_id else 1

    @property
    def live(self) -> bool:
        """At a table now: both teams known, not decided."""
        return self.match.winner_id is None and None not in self.match.teams

    @property
    def running(self) -> tuple[int, int] | None:
        """The current game's Tichu points per side while the match is at a table."""
        if not self.live or not self.games:
            return None
        return self.games[-1].tp


@dataclass
class RoundView:
    level: int
    stage: str
    matches: list[MatchView]


@dataclass
class GroupView:
    label: str
    lines: list[tuple[int, str, Line]]  # rank, name, line
    matches: list[MatchView]


@dataclass
class CupView:
    event: Event
    rounds: list[RoundView]
    third_place: MatchView | None
    groups: list[GroupView]
    placed: list[tuple[int, int, str]]  # place, team id, name: every placed team once

    @property
    def drawn(self) -> bool:
        return bool(self.rounds)

    @property
    def placings(self) -> list[tuple[int, str]]:
        return [(place, name) for place, _team, name in self.placed]


def cup_view(event: Event) -> CupView:
    """The whole cup of an event (empty before the draw)."""
    matches = list(Match.objects.filter(event=event).order_by("stage", "level", "slot"))
    names = event_display_names(event.pk)
    views = {m.pk: _view(m, names) for m in matches}
    for game in _games(event):
        views[game[0]].games.append(game[1])
    if not matches:
        return CupView(event, [], None, [], [])
    size = 2 ** bracket_rounds(event.pk)
    by_level: dict[int, list[MatchView]] = defaultdict(list)
    third = None
    for m in matches:
        if m.stage == Match.Stage.BRACKET:
            by_level[m.level].append(views[m.pk])
        elif m.stage == Match.Stage.THIRD_PLACE:
            third = views[m.pk]
    rounds = [
        RoundView(level, stage_name(teams_in_round(size, level)), by_level[level])
        for level in sorted(by_level)
    ]
    groups = []
    for group, (teams, results) in sorted(group_results(event).items()):
        lines = [
            (rank, names[line.team], line)
            for rank, line in enumerate(rank_group(teams, results), start=1)
        ]
        groups.append(
            GroupView(
                group_label(group),
                lines,
                [views[m.pk] for m in matches if m.group == group and m.stage == Match.Stage.GROUP],
            )
        )
    return CupView(
        event,
        rounds,
        third,
        groups,
        [(place, team, names[team]) for place, team in placings(event)],
    )


def _view(m: Match, names: dict[int, str]) -> MatchView:
    return MatchView(
        m, (names.get(m.entrant_a_id), names.get(m.entrant_b_id)), (m.seed_a, m.seed_b)
    )


def _games(event: Event):
    """(match id, GameView) for every game of the event, in order; TP per match side."""
    fmt = event.format
    rows = (
        MatchGame.objects.filter(match__event=event)
        .order_by("match_id", "number")
        .annotate(
            n=Count("table__hands"), tp_0=Sum("table__hands__tp_0"), tp_1=Sum("table__hands__tp_1")
        )
        .values_list("match_id", "number", "table_id", "n", "tp_0", "tp_1")
    )
    for match_id, number, table_id, hands, tp_0, tp_1 in rows:
        by_team = (tp_0 or 0, tp_1 or 0)
        team = fmt.game_winner(by_team, hands)
        tp = (by_team[side_at_table(number, 0)], by_team[side_at_table(number, 1)])
        yield (
            match_id,
            GameView(
                number, table_id, hands, tp, None if team is None else side_at_table(number, team)
            ),
        )


def match_view(event: Event, match_id: int) -> tuple[MatchView, list[list[Hand]]] | None:
    """One match with its games and each game's hands (TP of the hands per table team)."""
    match = Match.objects.filter(event=event, pk=match_id).first()
    if match is None:
        return None
    names = event_display_names(event.pk)
    view = _view(match, names)
    view.games = [g for mid, g in _games(event) if mid == match.pk]
    hands: dict[int, list[Hand]] = defaultdict(list)
    for hand in (
        Hand.objects.listed()
        .filter(table__game__match=match)
        .select_related("table__round")  # a replay's address names the round and the table
        .order_by("table_id", "number")
    ):
        hands[hand.table_id].append(hand)
    return view, [hands[g.table_id] for g in view.games]


@dataclass
class GameAtTable:
    """A cup game as its captain's page shows it: the match, which game this is, the games won so
    far, the target, and the next game's code once this one is decided and the match goes on."""

    match: MatchView
    number: int
    target: int | None
    hands_per_game: int | None
    next_code: str | None

    @property
    def decided(self) -> bool:
        return self.match.match.winner_id is not None


def game_at_table(table_id: int) -> GameAtTable | None:
    """The cup game played at a table (None outside a cup)."""
    game = MatchGame.objects.select_related("match__event").filter(table_id=table_id).first()
    if game is None:
        return None
    event = game.match.event
    found = match_view(event, game.match_id)
    assert found is not None
    view = found[0]
    following = (
        MatchGame.objects.filter(match_id=game.match_id, number=game.number + 1)
        .select_related("table")
        .first()
    )
    fmt = event.format
    return GameAtTable(
        view,
        game.number,
        fmt.game_to,
        fmt.hands_per_round,
        following.table.code if following else None,
    )
