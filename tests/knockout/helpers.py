"""Building and playing cups in tests: every hand goes through the captain's path."""

from __future__ import annotations

from tournaments.knockout.draw import cup_draw
from tournaments.knockout.games import side_at_table
from tournaments.models import Event, Match
from tournaments.services.events import event_create, teams_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor

TARGET = 200  # one double victory (200 under the standard rules) decides a game


def cup(owner, teams: int, preset: str = "knockout", **overrides) -> Event:
    """A drawn cup of ``teams`` teams named T1, T2... in seed order, games to ``TARGET``."""
    event = event_create(
        owner=owner,
        name=f"Cup of {teams}",
        preset=preset,
        overrides={"game_to": TARGET, **overrides},
        seed=1,
    )
    teams_register(
        event=event,
        teams=[(f"T{i}", [f"P{i}a", f"P{i}b"]) for i in range(1, teams + 1)],
        actor=Actor.organizer(owner),
    )
    return cup_draw(event_id=event.pk, actor=Actor.organizer(owner))


def seed(event: Event, name: str) -> int:
    return event.entrants.get(name=name).pk


def name(entrant_id: int | None) -> str | None:
    from tournaments.models import Entrant

    return None if entrant_id is None else Entrant.objects.get(pk=entrant_id).name


def double_victory(team: int) -> dict:
    return {"double_victory": team, "finish_order": [team, team + 2]}


def current_game(match: Match):
    return match.games.order_by("-number").first()


def win_game(match: Match, side: int, *, actor=None):
    """The match's current game goes to ``side`` (0: its first team) by one double victory."""
    game = current_game(match)
    table = game.table
    number = table.hands.count() + 1
    return hand_record(
        table_id=table.pk,
        number=number,
        entry=double_victory(side_at_table(game.number, side)),
        actor=actor or Actor.captain(table),
    ).hand


def play(match: Match, winner: int | str) -> Match:
    """Play the match until the team ``winner`` (a side, or a team's name) has won it."""
    match.refresh_from_db()
    side = winner if isinstance(winner, int) else [name(t) for t in match.teams].index(winner)
    while match.winner_id is None:
        win_game(match, side)
        match.refresh_from_db()
    return match


def bracket(event: Event, level: int, stage: str = Match.Stage.BRACKET) -> list[Match]:
    return list(Match.objects.filter(event=event, stage=stage, level=level).order_by("slot"))


def names(match: Match) -> tuple[str | None, str | None]:
    return name(match.entrant_a_id), name(match.entrant_b_id)
