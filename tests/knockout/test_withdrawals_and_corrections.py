"""A withdrawal in the middle of a cup, and corrections that change a winner: what depended on it is
recomputed, or the organizer is told what an already played match it affects."""

from __future__ import annotations

import pytest

from tournaments.models import Change, Match, Table
from tournaments.services.events import entrant_withdraw
from tournaments.services.hands import hand_correct
from tournaments.services.history import Actor

from .helpers import bracket, cup, double_victory, name, names, play, seed, win_game

pytestmark = pytest.mark.django_db

Decision = Match.Decision


def test_a_withdrawal_mid_cup_is_a_walkover_for_the_opponent(organizer):
    event = cup(organizer, 8, best_of=3, best_of_from=None)
    actor = Actor.organizer(organizer)
    first = bracket(event, 1)
    win_game(first[0], 1)  # T8 leads T1 1:0 in a best of 3, game 2 is at a table
    entrant_withdraw(entrant_id=seed(event, "T8"), actor=actor, reason="flight home")
    match = Match.objects.get(pk=first[0].pk)
    assert name(match.winner_id) == "T1" and match.decided_by == Decision.WALKOVER
    assert match.games.count() == 1  # the unplayed game 2 is gone, the played game 1 stays
    assert match.games.get().table.hands.count() == 1
    # T1 waits in round 2 for the winner of T4 v T5, and withdraws before it is known
    entrant_withdraw(entrant_id=seed(event, "T1"), actor=actor)
    second = bracket(event, 2)[0]
    assert names(second) == ("T1", None) and second.winner_id is None
    play(bracket(event, 1)[1], "T5")
    second.refresh_from_db()
    assert names(second) == ("T1", "T5") and name(second.winner_id) == "T5"
    assert second.decided_by == Decision.WALKOVER and not second.games.exists()
    # a team that withdraws after winning games: the decided games stay as they were played
    third_round = bracket(event, 1)[2]
    win_game(third_round, 0)
    win_game(third_round, 1)
    entrant_withdraw(entrant_id=seed(event, "T2"), actor=actor)
    third_round.refresh_from_db()
    assert name(third_round.winner_id) == "T7" and third_round.decided_by == Decision.WALKOVER
    statuses = [g.table.status for g in third_round.games.order_by("number")]
    assert statuses == [Table.Status.OPEN, Table.Status.OPEN]  # game 3 had no hand: removed
    assert Change.objects.filter(event=event, subject="entrant", action="withdraw").count() == 3
    assert name(bracket(event, 2)[1].entrant_a_id) == "T7"


def test_a_withdrawal_during_a_begun_game_closes_it_as_forfeited(organizer):
    event = cup(organizer, 2, game_to=1000)
    match = bracket(event, 1)[0]
    table = match.games.get().table
    from tournaments.services.hands import hand_record

    hand_record(table_id=table.pk, number=1, entry=double_victory(0), actor=Actor.captain(table))
    entrant_withdraw(entrant_id=seed(event, "T1"), actor=Actor.organizer(organizer))
    match.refresh_from_db()
    table.refresh_from_db()
    assert name(match.winner_id) == "T2" and match.decided_by == Decision.WALKOVER
    assert table.status == Table.Status.FORFEITED
    assert Change.objects.filter(event=event, subject="table", reason="walkover").exists()


def test_a_correction_before_the_next_match_is_played_moves_the_new_winner_on(organizer):
    event = cup(organizer, 4, best_of=1)
    actor = Actor.organizer(organizer)
    semi = play(bracket(event, 1)[0], "T1")
    play(bracket(event, 1)[1], "T2")
    final = bracket(event, 2)[0]
    old_table = final.games.get().table
    assert names(final) == ("T1", "T2")
    hand = semi.games.get().table.hands.get()
    hand_correct(hand_id=hand.pk, entry=double_victory(1), actor=actor, reason="wrong team")
    semi.refresh_from_db()
    final.refresh_from_db()
    assert name(semi.winner_id) == "T4"
    assert names(final) == ("T4", "T2")
    assert not Table.objects.filter(pk=old_table.pk).exists()  # the unplayed game is seated anew
    seats = (
        final.games.get().table.seats.order_by("position").values_list("entrant__name", flat=True)
    )
    assert list(seats) == ["T4", "T2", "T4", "T2"]
    assert semi.attention == {} and final.attention == {}


def test_a_correction_after_the_next_match_was_played_tells_the_organizer(organizer):
    event = cup(organizer, 4, best_of=1)
    actor = Actor.organizer(organizer)
    semi = play(bracket(event, 1)[0], "T1")
    play(bracket(event, 1)[1], "T2")
    final = bracket(event, 2)[0]
    win_game(final, 1)
    final.refresh_from_db()
    assert name(final.winner_id) == "T2"
    hand = semi.games.get().table.hands.get()
    hand_correct(hand_id=hand.pk, entry=double_victory(1), actor=actor, reason="wrong team")
    semi.refresh_from_db()
    final.refresh_from_db()
    assert name(semi.winner_id) == "T4"
    assert names(final) == ("T1", "T2")  # as played, but its result is held
    assert final.winner_id is None and final.decided_by == Decision.OPEN
    assert semi.attention == {
        "code": "played_with",
        "match": final.pk,
        "team": seed(event, "T4"),
        "played": seed(event, "T1"),
    }
    assert final.attention["match"] == semi.pk and final.attention["held"]
    event.refresh_from_db()
    assert event.status == "running"
    assert Change.objects.filter(event=event, subject="match", action="attention").count() == 2
    # undoing the correction clears what the organizer was told
    hand_correct(hand_id=hand.pk, entry=double_victory(0), actor=actor, reason="undo")
    semi.refresh_from_db()
    final.refresh_from_db()
    assert name(semi.winner_id) == "T1" and semi.attention == {} and final.attention == {}
    assert name(final.winner_id) == "T2"  # released: its result counts again
    event.refresh_from_db()
    assert event.status == "finished"


def test_a_correction_that_reopens_a_game_reopens_the_match_and_the_cup(organizer):
    event = cup(organizer, 2, best_of=1)
    match = play(bracket(event, 1)[0], "T1")
    event.refresh_from_db()
    assert event.status == "finished"
    hand = match.games.get().table.hands.get()
    hand_correct(
        hand_id=hand.pk,
        entry={"card_points": [60, 40]},
        actor=Actor.organizer(organizer),
        reason="it was no double victory",
    )
    match.refresh_from_db()
    event.refresh_from_db()
    assert match.winner_id is None and match.decided_by == Decision.OPEN
    assert event.status == "running" and match.round.status == "published"
    win_game(match, 1)
    match.refresh_from_db()
    assert name(match.winner_id) == "T2"
