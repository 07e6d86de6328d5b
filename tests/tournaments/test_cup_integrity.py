"""A cup stays whole after corrections and undone withdrawals (issue 22): a correction that changes
a decided match's winner after the following match has begun holds that match for the
organizer and re-derives the bracket; nothing finishes while a note is open; the placings name
every team once; undoing a withdrawal restores the walkover's match, or is refused once the
winner has played on."""

from __future__ import annotations

import pytest

from tests.knockout.helpers import bracket, cup, double_victory, name, names, play, seed, win_game
from tournaments.knockout.placings import placings
from tournaments.knockout.progress import match_resolve
from tournaments.models import Change, Event, Match, Table
from tournaments.services.events import entrant_withdraw
from tournaments.services.hands import hand_correct
from tournaments.services.history import Actor, Conflict
from tournaments.services.undo import change_undo, is_undoable

pytestmark = pytest.mark.django_db

Decision = Match.Decision


def _cup_at_the_final(organizer):
    """An 8-team cup, best of 3 from the semi-finals: the better seed wins every quarter-final,
    T1 beats T4 and T2 beats T3 in the semi-finals, T1 leads the final 1:0."""
    event = cup(organizer, 8, best_of=3, best_of_from="semi_final")
    for match in bracket(event, 1):
        play(match, min(names(match), key=lambda n: int(n[1:])))
    semi, other = bracket(event, 2)
    play(semi, "T1")
    play(other, "T2")
    final = bracket(event, 3)[0]
    assert names(final) == ("T1", "T2")
    win_game(final, 0)
    return event, semi, final


def _give_semi_to_t4(semi, organizer):
    """The organizer corrects both games of the semi-final: T4 won them."""
    for game in semi.games.order_by("number"):
        hand = game.table.hands.get()
        side = 1  # T4, the semi's second team
        team_at_table = side if game.number % 2 else 1 - side
        hand_correct(
            hand_id=hand.pk,
            entry=double_victory(team_at_table),
            actor=Actor.organizer(organizer),
            reason="wrong team entered",
        )


def _placed(event):
    return [(place, name(team)) for place, team in placings(event)]


def test_a_corrected_semi_final_holds_the_final_under_way_and_nothing_finishes(organizer):
    event, semi, final = _cup_at_the_final(organizer)
    _give_semi_to_t4(semi, organizer)
    semi.refresh_from_db()
    final.refresh_from_db()
    assert name(semi.winner_id) == "T4"
    # the final was played by T1, who lost its semi-final: its result is held for the organizer
    assert final.attention["code"] == "played_with" and final.attention["match"] == semi.pk
    assert final.winner_id is None and final.decided_by == Decision.OPEN
    play_on = final.games.order_by("-number").first().table  # game 2, at its table already
    from tournaments.services.hands import hand_record

    hand_record(
        table_id=play_on.pk,
        number=1,
        entry=double_victory(1),  # T1 again (seats swap)
        actor=Actor.captain(play_on),
    )
    final.refresh_from_db()
    event.refresh_from_db()
    assert final.winner_id is None and final.attention  # still held: the cup cannot finish
    assert event.status == Event.Status.RUNNING
    placed = _placed(event)
    teams = [team for _place, team in placed]
    assert len(teams) == len(set(teams))  # never a team twice
    assert (1, "T1") not in placed and (3, "T1") in placed and (3, "T3") in placed


def test_the_organizer_replays_a_held_final_with_the_corrected_team(organizer):
    event, semi, final = _cup_at_the_final(organizer)
    old_tables = list(final.games.values_list("table_id", flat=True))
    _give_semi_to_t4(semi, organizer)
    match_resolve(match_id=final.pk, actor=Actor.organizer(organizer))
    final.refresh_from_db()
    semi.refresh_from_db()
    assert names(final) == ("T4", "T2") and final.winner_id is None
    assert final.attention == {} and semi.attention == {}
    assert not Table.objects.filter(pk__in=old_tables).exists()  # played by the wrong team
    seats = (
        final.games.get().table.seats.order_by("position").values_list("entrant__name", flat=True)
    )
    assert list(seats) == ["T4", "T2", "T4", "T2"]
    assert Change.objects.filter(
        event=event, subject="match", subject_id=final.pk, action="replay"
    ).exists()
    play(final, "T2")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    placed = _placed(event)
    assert placed[:4] == [(1, "T2"), (2, "T4"), (3, "T1"), (3, "T3")]
    assert sorted(team for _place, team in placed) == sorted(f"T{i}" for i in range(1, 9))


def test_undoing_the_correction_releases_the_held_final(organizer):
    event, semi, final = _cup_at_the_final(organizer)
    _give_semi_to_t4(semi, organizer)
    for change in Change.objects.filter(event=event, subject="hand", action="correct").order_by(
        "-pk"
    ):
        change_undo(change_id=change.pk, actor=Actor.organizer(organizer))
    semi.refresh_from_db()
    final.refresh_from_db()
    assert name(semi.winner_id) == "T1" and semi.attention == {} and final.attention == {}
    play(final, "T1")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert sorted(team for _place, team in _placed(event)) == sorted(f"T{i}" for i in range(1, 9))


def test_an_open_note_on_a_decided_match_keeps_the_cup_running(organizer):
    event = cup(organizer, 2, best_of=3, best_of_from=None)
    final = bracket(event, 1)[0]
    win_game(final, 0)
    win_game(final, 1)
    first = final.games.get(number=1).table.hands.get()
    win_game(final, 1)  # 1:2, decided for T2
    # the first game was T2's too: 0:2 after game 2, so game 3 was one too many
    hand_correct(
        hand_id=first.pk,
        entry=double_victory(1),
        actor=Actor.organizer(organizer),
        reason="wrong team",
    )
    final.refresh_from_db()
    event.refresh_from_db()
    assert name(final.winner_id) == "T2" and final.attention == {"code": "extra_game", "games": [3]}
    assert event.status == Event.Status.RUNNING
    match_resolve(match_id=final.pk, actor=Actor.organizer(organizer))
    final.refresh_from_db()
    event.refresh_from_db()
    assert final.attention == {} and final.games.count() == 2
    assert event.status == Event.Status.FINISHED


def test_a_match_without_a_note_has_nothing_to_resolve(organizer):
    event = cup(organizer, 2)
    with pytest.raises(Conflict) as refused:
        match_resolve(match_id=bracket(event, 1)[0].pk, actor=Actor.organizer(organizer))
    assert refused.value.code == "no_attention"


# --- undoing a withdrawal ---------------------------------------------------------------------


def _withdrawal_in_the_semi_final(organizer):
    """T4 withdraws in the semi-final against T1, after T1 won game 1 and game 2 has a hand."""
    event = cup(organizer, 8, best_of=3, best_of_from="semi_final")
    for match in bracket(event, 1):
        play(match, min(names(match), key=lambda n: int(n[1:])))
    semi = bracket(event, 2)[0]
    win_game(semi, 0)
    game_2 = semi.games.get(number=2).table
    from tournaments.services.hands import hand_record

    hand_record(
        table_id=game_2.pk, number=1, entry={"card_points": [60, 40]}, actor=Actor.captain(game_2)
    )
    entrant_withdraw(entrant_id=seed(event, "T4"), actor=Actor.organizer(organizer))
    semi.refresh_from_db()
    assert semi.decided_by == Decision.WALKOVER and name(semi.winner_id) == "T1"
    change = Change.objects.get(event=event, subject="entrant", action="withdraw")
    return event, semi, game_2, change


def test_undoing_a_withdrawal_restores_the_match_as_it_was(organizer):
    event, semi, game_2, change = _withdrawal_in_the_semi_final(organizer)
    final = bracket(event, 3)[0]
    assert names(final) == ("T1", None)
    assert is_undoable(change)
    change_undo(change_id=change.pk, actor=Actor.organizer(organizer))
    semi.refresh_from_db()
    final.refresh_from_db()
    game_2.refresh_from_db()
    assert semi.winner_id is None and semi.decided_by == Decision.OPEN
    assert game_2.status == Table.Status.OPEN and game_2.hands.count() == 1
    assert semi.games.count() == 2
    assert names(final) == (None, None)  # T1 no longer waits in the final
    assert event.entrants.get(name="T4").active
    play(semi, "T4")  # the match goes on where it stopped
    final.refresh_from_db()
    assert names(final) == ("T4", None)


def test_undoing_a_withdrawal_is_refused_once_the_winner_played_on(organizer):
    event, semi, _game_2, change = _withdrawal_in_the_semi_final(organizer)
    play(bracket(event, 2)[1], "T2")
    final = bracket(event, 3)[0]
    win_game(final, 0)  # T1 has played a hand in the final
    assert not is_undoable(change)
    with pytest.raises(Conflict) as refused:
        change_undo(change_id=change.pk, actor=Actor.organizer(organizer))
    assert refused.value.code == "walkover_played_on"
    semi.refresh_from_db()
    assert semi.decided_by == Decision.WALKOVER
    assert not event.entrants.get(name="T4").active
