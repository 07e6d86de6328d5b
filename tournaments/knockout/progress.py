"""Moving a stored cup on: after every hand, correction, withdrawal and at the draw.

One function, ``reconcile``, brings a match in line with what is recorded (its teams, who has
withdrawn, the hands of its games) and passes a changed winner on to the matches that depend on
it. Every caller runs it inside its own transaction, so the cup never shows a half-applied step.

Rules (RULINGS.md, "Knockout cups and group stages", and ``games``):

- A match gets its first game's table as soon as both of its teams are known; each decided game
  that leaves the match open gets the next game's table, teams swapped.
- A withdrawn team loses its open matches by walkover (recorded as such); a game it had begun is
  closed as forfeited, unplayed games are removed.
- A correction that changes a winner moves the new winner on. Where the match that follows has
  hands already, its teams stay as played, but its result is held: both matches carry an
  ``attention`` for the organizer naming what the correction affects (code ``played_with``; the
  following match's note is ``held``), the held match counts as undecided and what followed from
  it is re-derived (its winner leaves the next match, or holds that one too). The history records
  it. Undoing the correction releases the hold; else the organizer replays the held match with the
  corrected teams (``match_resolve``: its games are removed, the history keeps them).
- A correction that decides a match before games that have hands: the match carries an
  ``extra_game`` note until the organizer removes those games (``match_resolve``).
- A round is complete when all its matches are decided and none carries a note, the event
  finished when every match is; both reopen when a correction reopens a match or adds a note.

Concurrency: a match's row is locked before it is read and changed, and a round's row before a
table is added to it, so two semi-finals decided at once both reach the final.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from ..models import Change, Entrant, Event, Match, MatchGame, Round, Seat, Table
from ..services.history import SYSTEM, Actor, Conflict, ServiceError, record_change
from ..services.lineups import name_players, players_at
from ..standings.schedule import mark_changed
from .bracket import first_round, next_match, rounds_in, teams_in_round
from .games import games_needed, match_winner, side_at_table
from .groups import Result, cross, rank_group

Decision = Match.Decision


def after_table_change(table_id: int, actor: Actor) -> None:
    """A hand of the table was entered or corrected: move its match on (hand entry calls this
    in its transaction)."""
    match_id = MatchGame.objects.filter(table_id=table_id).values_list("match_id", flat=True)
    for pk in match_id:
        reconcile(pk, actor)
        sync_statuses(Match.objects.get(pk=pk).event_id)


def after_withdrawal(entrant: Entrant, actor: Actor) -> None:
    """A team withdrew: each of its open matches becomes a walkover for the opponent."""
    open_matches = Match.objects.filter(event_id=entrant.event_id, winner__isnull=True).filter(
        entrant_a=entrant
    ) | Match.objects.filter(event_id=entrant.event_id, winner__isnull=True, entrant_b=entrant)
    for pk in open_matches.order_by("level", "slot").values_list("pk", flat=True):
        reconcile(pk, actor)
    sync_statuses(entrant.event_id)


def reconcile(match_id: int, actor: Actor) -> None:
    """Bring one match in line with what is recorded, then pass a changed winner on."""
    match = Match.objects.select_for_update().select_related("event").get(pk=match_id)
    old_winner = match.winner_id
    if match.decided_by != Decision.BYE:
        _settle(match, actor)
    if match.winner_id != old_winner or match.decided_by == Decision.BYE:
        _pass_on(match, actor)


def held(match: Match) -> bool:
    """Whether the match's result is held: it was played with a team that a correction took out
    of it (``_place``), and waits for the organizer."""
    return match.attention.get("code") == "played_with" and bool(match.attention.get("held"))


def _settle(match: Match, actor: Actor) -> None:
    if held(match):  # as played, but it counts for nothing until the organizer has looked
        _decide(match, None, Decision.OPEN)
        return
    a, b = match.teams
    if a is None or b is None:
        _remove_unplayed(match, keep=0)
        _decide(match, None, Decision.OPEN)
        return
    sides = game_sides(match)
    played_winner = match_winner(match.best_of, sides)
    withdrawn = set(
        Entrant.objects.filter(pk__in=(a, b), withdrawn_after_round__isnull=False).values_list(
            "pk", flat=True
        )
    )
    if played_winner is not None:
        _decide(match, match.teams[played_winner], Decision.PLAYED)
        _remove_unplayed(match, keep=games_needed(match.best_of, sides), actor=actor)
    elif withdrawn:
        winner = b if a in withdrawn and b not in withdrawn else a
        _decide(match, winner, Decision.WALKOVER)
        _close_for_walkover(match, forfeited_by=a if winner == b else b, actor=actor)
    else:
        _decide(match, None, Decision.OPEN)
        needed = games_needed(match.best_of, sides)
        _remove_unplayed(match, keep=needed, actor=actor)
        if len(sides) < needed:
            _add_game(match, len(sides) + 1)


def _decide(match: Match, winner: int | None, decision: str) -> None:
    if (match.winner_id, match.decided_by) != (winner, decision):
        match.winner_id, match.decided_by = winner, decision
        match.save(update_fields=["winner", "decided_by"])


def game_sides(match: Match) -> list[int | None]:
    """The side of the match (0: first team) that won each of its games, None while one goes on."""
    fmt = match.event.format
    games = (
        MatchGame.objects.filter(match=match)
        .order_by("number")
        .annotate(
            n=Count("table__hands"), tp_0=Sum("table__hands__tp_0"), tp_1=Sum("table__hands__tp_1")
        )
        .values_list("number", "n", "tp_0", "tp_1")
    )
    sides: list[int | None] = []
    for number, hands, tp_0, tp_1 in games:
        team = fmt.game_winner((tp_0 or 0, tp_1 or 0), hands)
        sides.append(None if team is None else side_at_table(number, team))
    return sides


def _add_game(match: Match, number: int) -> None:
    """The table of game ``number``: the match's first team in seats 0 and 2 in odd games, each
    team with the people who played the game before (its roster's first members in game 1)."""
    rnd = Round.objects.select_for_update().get(pk=match.round_id)
    last = Table.objects.filter(round=rnd).order_by("-number").values_list("number", flat=True)
    table = Table.objects.create(round=rnd, number=(last.first() or 0) + 1)
    first, second = match.teams if number % 2 else match.teams[::-1]
    seats = [
        Seat(table=table, position=p, entrant_id=e)
        for p, e in enumerate((first, second, first, second))
    ]
    before = (
        MatchGame.objects.filter(match=match, number__lt=number)
        .order_by("-number")
        .values_list("table_id", flat=True)
        .first()
    )
    name_players(seats, carried=players_at(before) if before else None)  # who played on
    Seat.objects.bulk_create(seats)
    MatchGame.objects.create(match=match, number=number, table=table)
    mark_changed(match.event)


def _remove_unplayed(match: Match, *, keep: int, actor: Actor = SYSTEM) -> None:
    """Games after the first ``keep`` go: without hands they are removed; with hands they stay
    and the organizer is told (a correction decided the match before them)."""
    extra = list(
        MatchGame.objects.filter(match=match, number__gt=keep)
        .annotate(n=Count("table__hands"))
        .select_related("table")
    )
    played = [game.number for game in extra if game.n]
    if any(not game.n for game in extra):
        Table.objects.filter(pk__in=[game.table_id for game in extra if not game.n]).delete()
        mark_changed(match.event)
    if played:
        _attend(match, {"code": "extra_game", "games": played}, actor)
    elif match.attention.get("code") == "extra_game":
        _attend(match, {}, actor)


def _close_for_walkover(match: Match, *, forfeited_by: int, actor: Actor) -> None:
    """A walkover: unplayed games go, a begun and undecided game is closed as forfeited by the
    withdrawn team; decided games stay as played."""
    games = list(
        MatchGame.objects.filter(match=match)
        .select_related("table")
        .annotate(n=Count("table__hands"))
    )
    Table.objects.filter(pk__in=[g.table_id for g in games if not g.n]).delete()
    begun = [
        g.table
        for g in games
        if g.n and g.table.status == Table.Status.OPEN and game_sides(match)[g.number - 1] is None
    ]
    for table in begun:
        table.status = Table.Status.FORFEITED
        table.save(update_fields=["status"])
        record_change(
            match.event,
            subject="table",
            subject_id=table.pk,
            action="close",
            actor=actor,
            old={"status": "open"},
            new={"status": "forfeited", "by": forfeited_by},
            reason="walkover",
        )
    mark_changed(match.event)


def _attend(match: Match, attention: dict, actor: Actor) -> None:
    if match.attention != attention:
        match.attention = attention
        match.save(update_fields=["attention"])
        if attention:
            record_change(
                match.event,
                subject="match",
                subject_id=match.pk,
                action="attention",
                actor=actor,
                new=attention,
            )


# --- passing a winner on ---------------------------------------------------------------------


def _pass_on(match: Match, actor: Actor) -> None:
    if match.stage == Match.Stage.GROUP:
        _fill_bracket_from_groups(match.event, actor)
        return
    if match.stage == Match.Stage.THIRD_PLACE:
        return
    size = 2 ** bracket_rounds(match.event_id)
    if match.level >= rounds_in(size):
        return
    slot, side = next_match(match.slot)
    following = Match.objects.get(
        event_id=match.event_id, stage=Match.Stage.BRACKET, level=match.level + 1, slot=slot
    )
    _place(following, side, match.winner_id, match, actor)
    if teams_in_round(size, match.level) == 4:
        third = Match.objects.filter(event_id=match.event_id, stage=Match.Stage.THIRD_PLACE).first()
        if third is not None:
            _place(third, side, loser(match), match, actor)


def loser(match: Match) -> int | None:
    """The team that lost a decided match with two teams, else None."""
    if match.winner_id is None or None in match.teams:
        return None
    return match.entrant_b_id if match.winner_id == match.entrant_a_id else match.entrant_a_id


def bracket_rounds(event_id: int) -> int:
    """The bracket's number of rounds (its first round holds half its slots)."""
    first = Match.objects.filter(event_id=event_id, stage=Match.Stage.BRACKET, level=1).count()
    return rounds_in(2 * first)


def _place(
    following: Match,
    side: int,
    team: int | None,
    source: Match,
    actor: Actor,
    seed: int | None = None,
) -> None:
    """Put ``team`` on a side of the following match, unless that match has hands already: then
    it stays as played and both matches tell the organizer."""
    following = Match.objects.select_for_update().get(pk=following.pk)
    field = ("entrant_a_id", "entrant_b_id")[side]
    current = getattr(following, field)
    if current == team:
        released = held(following)
        for match in (source, following):  # a correction undone: nothing left to attend to
            if match.attention.get("code") == "played_with":
                _attend(match, {}, actor)
        if released:  # its result counts again
            reconcile(following.pk, actor)
        return
    if following.games.filter(table__hands__isnull=False).exists():
        note = {"code": "played_with", "match": following.pk, "team": team, "played": current}
        _attend(source, note, actor)
        _attend(following, {**note, "match": source.pk, "held": True}, actor)
        reconcile(following.pk, actor)  # held: what followed from its result is re-derived
        return
    _remove_unplayed(following, keep=0, actor=actor)  # seated with the old team: seated anew
    setattr(following, field, team)
    setattr(following, ("seed_a", "seed_b")[side], seed)
    following.save(update_fields=[field.removesuffix("_id"), ("seed_a", "seed_b")[side]])
    record_change(
        following.event,
        subject="match",
        subject_id=following.pk,
        action="advance",
        actor=actor,
        new={"side": side, "team": team, "from": source.pk},
    )
    reconcile(following.pk, actor)


def group_results(event: Event) -> dict[int, tuple[list[int], list[Result]]]:
    """Each group's teams (in seed order) and its decided matches with each side's TP."""
    groups: dict[int, tuple[list[int], list[Result]]] = {}
    seeds: dict[int, int] = {}
    tp = _tp_by_match(event)
    for m in Match.objects.filter(event=event, stage=Match.Stage.GROUP).order_by("level", "slot"):
        teams, results = groups.setdefault(m.group, ([], []))
        for team, seed in ((m.entrant_a_id, m.seed_a), (m.entrant_b_id, m.seed_b)):
            if team not in teams:
                teams.append(team)
                seeds[team] = seed or 0
        if m.winner_id is not None:
            tp_a, tp_b = tp.get(m.pk, (0, 0))
            results.append(Result(m.entrant_a_id, m.entrant_b_id, m.winner_id, tp_a, tp_b))
    for teams, _results in groups.values():
        teams.sort(key=seeds.__getitem__)
    return groups


def _tp_by_match(event: Event) -> dict[int, tuple[int, int]]:
    """Each match's Tichu points per side, over all its games (seats swap between games)."""
    totals: dict[int, list[int]] = {}
    rows = (
        MatchGame.objects.filter(match__event=event)
        .annotate(tp_0=Sum("table__hands__tp_0"), tp_1=Sum("table__hands__tp_1"))
        .values_list("match_id", "number", "tp_0", "tp_1")
    )
    for match_id, number, tp_0, tp_1 in rows:
        by_team = (tp_0 or 0, tp_1 or 0)
        sides = totals.setdefault(match_id, [0, 0])
        for side in (0, 1):
            sides[side] += by_team[side_at_table(number, side)]
    return {k: (v[0], v[1]) for k, v in totals.items()}


def _fill_bracket_from_groups(event: Event, actor: Actor) -> None:
    """Once every group match is decided, the top K of each group go to the bracket's first
    round, crossed; a correction in a group later refills what has not been played."""
    if Match.objects.filter(event=event, stage=Match.Stage.GROUP, winner__isnull=True).exists():
        return
    groups = group_results(event)
    rankings = [
        [line.team for line in rank_group(teams, results)]
        for _, (teams, results) in sorted(groups.items())
    ]
    seeded = cross(rankings, event.format.advance)
    firsts = {
        m.slot: m for m in Match.objects.filter(event=event, stage=Match.Stage.BRACKET, level=1)
    }
    for slot, (a, b) in enumerate(first_round(seeded)):
        match = firsts[slot]
        seeds = (
            seeded.index(a) + 1 if a is not None else None,
            seeded.index(b) + 1 if b is not None else None,
        )
        if b is None:
            make_bye(match, a, seeds[0], actor)
            continue
        for side, team in ((0, a), (1, b)):
            _place(match, side, team, match, actor, seed=seeds[side])


def make_bye(match: Match, team: int, seed: int | None, actor: Actor) -> None:
    """A first-round match without an opponent: the team goes on by a bye."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if (match.entrant_a_id, match.winner_id, match.decided_by) == (team, team, Decision.BYE):
        return
    match.entrant_a_id, match.seed_a, match.entrant_b_id, match.seed_b = team, seed, None, None
    match.winner_id, match.decided_by = team, Decision.BYE
    match.save()
    reconcile(match.pk, actor)


# --- statuses ----------------------------------------------------------------------------------


def sync_statuses(event_id: int) -> None:
    """Rounds whose matches are all decided are complete, the others published; the event is
    finished when every match is decided (a correction can reopen both)."""
    rounds = Round.objects.filter(event_id=event_id).annotate(
        open=Count(
            "matches",
            filter=Q(matches__winner__isnull=True) | Q(matches__attention__has_key="code"),
        ),
        total=Count("matches"),
    )
    for rnd in rounds:
        wanted = Round.Status.COMPLETE if rnd.total and not rnd.open else Round.Status.PUBLISHED
        if rnd.status != wanted:
            Round.objects.filter(pk=rnd.pk).update(status=wanted)
    matches = Match.objects.filter(event_id=event_id)
    if not matches.exists():
        return
    done = not matches.filter(Q(winner__isnull=True) | Q(attention__has_key="code")).exists()
    wanted = Event.Status.FINISHED if done else Event.Status.RUNNING
    Event.objects.filter(pk=event_id).exclude(status=wanted).update(status=wanted)


# --- the organizer's answer to a note ----------------------------------------------------------


def match_resolve(*, match_id: int, actor: Actor) -> Match:
    """The organizer has looked at a match's note and settles it:

    - ``played_with``: the held match (this one, or the one this match's note names) is played
      again with the teams the bracket now gives it: its games go (the history keeps their hands),
      its teams are derived anew and its first game is seated;
    - ``extra_game``: the games played after the match was decided go.

    Undoing the correction instead needs no answer: it releases the hold by itself."""
    with transaction.atomic():
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise ServiceError(_("This match does not exist."), code="not_found")
        event = Event.objects.select_for_update().get(pk=match.event_id)
        match = Match.objects.select_for_update().get(pk=match_id)
        note = match.attention
        if note.get("code") == "played_with":
            target = (
                match
                if held(match)
                else Match.objects.filter(event=event, pk=note.get("match")).first()
            )
            if target is None or not held(target):
                _attend(match, {}, actor)
            else:
                _replay(target, actor)
        elif note.get("code") == "extra_game":
            _remove_extra_games(match, actor)
        else:
            raise Conflict(_("This match has nothing to check."), code="no_attention")
        sync_statuses(event.pk)
        mark_changed(event)
    match.refresh_from_db()
    return match


def _game_record(match: Match) -> list[dict]:
    """A match's games with their hands' entries, for the history."""
    return [
        {
            "number": game.number,
            "table": game.table_id,
            "hands": [hand.entry for hand in game.table.hands.order_by("number")],
        }
        for game in MatchGame.objects.filter(match=match).select_related("table").order_by("number")
    ]


def _replay(target: Match, actor: Actor) -> None:
    record_change(
        target.event,
        subject="match",
        subject_id=target.pk,
        action="replay",
        actor=actor,
        old={"teams": list(target.teams), "games": _game_record(target)},
        new={},
    )
    Table.objects.filter(game__match=target).delete()
    for source in Match.objects.filter(event_id=target.event_id, attention__match=target.pk):
        _attend(source, {}, actor)
    _attend(target, {}, actor)
    target.refresh_from_db()
    for feeder in _feeders(target):
        _pass_on(feeder, actor)
    if target.stage == Match.Stage.BRACKET and target.level == 1:
        _fill_bracket_from_groups(target.event, actor)
    reconcile(target.pk, actor)
    mark_changed(target.event)


def _feeders(match: Match) -> list[Match]:
    """The matches whose winners (losers, for the third-place match) play ``match``."""
    if match.stage == Match.Stage.THIRD_PLACE:
        size = 2 ** bracket_rounds(match.event_id)
        level = next(
            level for level in range(1, rounds_in(size) + 1) if teams_in_round(size, level) == 4
        )
        slots = [0, 1]
    elif match.stage == Match.Stage.BRACKET and match.level > 1:
        level, slots = match.level - 1, [2 * match.slot, 2 * match.slot + 1]
    else:
        return []
    return list(
        Match.objects.filter(
            event_id=match.event_id, stage=Match.Stage.BRACKET, level=level, slot__in=slots
        ).order_by("slot")
    )


def _remove_extra_games(match: Match, actor: Actor) -> None:
    games = match.attention.get("games", [])
    extra = MatchGame.objects.filter(match=match, number__in=games)
    record_change(
        match.event,
        subject="match",
        subject_id=match.pk,
        action="remove_games",
        actor=actor,
        old={"games": [g for g in _game_record(match) if g["number"] in games]},
        new={},
    )
    Table.objects.filter(game__in=extra).delete()
    _attend(match, {}, actor)
    mark_changed(match.event)


# --- a withdrawal undone -----------------------------------------------------------------------


def _walkovers_lost(entrant_id: int) -> list[Match]:
    """The matches ``entrant_id`` lost by walkover, latest first."""
    return list(
        Match.objects.filter(
            Q(entrant_a_id=entrant_id) | Q(entrant_b_id=entrant_id), decided_by=Decision.WALKOVER
        )
        .exclude(winner_id=entrant_id)
        .order_by("-level", "slot")
    )


def walkover_played_on(entrant_id: int) -> Match | None:
    """A match lost by ``entrant_id``'s walkover whose winner has played a hand in a later match
    since (a group's walkover: a hand in the bracket); undoing the withdrawal would take that
    match from under the hands. None when every walkover can be reopened."""
    for match in _walkovers_lost(entrant_id):
        if match.stage == Match.Stage.GROUP:
            later = Match.objects.filter(event_id=match.event_id).exclude(stage=Match.Stage.GROUP)
        elif match.stage == Match.Stage.THIRD_PLACE:
            continue
        else:
            size = 2 ** bracket_rounds(match.event_id)
            later = Match.objects.filter(
                event_id=match.event_id,
                stage=Match.Stage.BRACKET,
                level=match.level + 1,
                slot=match.slot // 2,
            )
            if teams_in_round(size, match.level) == 4:
                later = later | Match.objects.filter(
                    event_id=match.event_id, stage=Match.Stage.THIRD_PLACE
                )
        if MatchGame.objects.filter(match__in=later, table__hands__isnull=False).exists():
            return match
    return None


def reopen_walkovers(entrant: Entrant, actor: Actor, reason: str = "") -> None:
    """``entrant`` withdrew and is reinstated (its withdrawal undone, in that transaction): each
    match it lost by walkover is as it was before, its forfeited game open again, and the winner
    leaves the following match. Refused (409 ``walkover_played_on``) once the winner has played
    a hand in a later match."""
    blocked = walkover_played_on(entrant.pk)
    if blocked is not None:
        raise Conflict(
            _(
                "The withdrawal of %(name)s can no longer be undone: the team that "
                "went on by its walkover has played in the following match since."
            )
            % {"name": entrant.name},
            code="walkover_played_on",
        )
    for match in _walkovers_lost(entrant.pk):
        closed = Change.objects.filter(
            event_id=match.event_id,
            subject="table",
            action="close",
            reason="walkover",
            new__by=entrant.pk,
            subject_id__in=match.games.values("table_id"),
        )
        for table in Table.objects.filter(
            pk__in=closed.values("subject_id"), status=Table.Status.FORFEITED
        ):
            table.status = Table.Status.OPEN
            table.save(update_fields=["status"])
            record_change(
                match.event,
                subject="table",
                subject_id=table.pk,
                action="close",
                actor=actor,
                old={"status": "forfeited"},
                new={"status": "open"},
                reason=reason,
            )
        reconcile(match.pk, actor)
    sync_statuses(entrant.event_id)
