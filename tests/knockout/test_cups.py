"""Whole cups through the services: the draw, byes, games to a target, best of three with seats
swapped, the third-place match, groups crossed into the bracket, placings
(RULINGS.md, "Knockout cups and group stages")."""

from __future__ import annotations

import pytest

from tournaments.knockout.draw import cup_draw
from tournaments.knockout.placings import placings
from tournaments.models import Event, Match, Round, RoundResult
from tournaments.services.history import Actor, Conflict, ServiceError
from tournaments.services.rounds import round_pair
from tournaments.standings.compute import refresh

from .helpers import bracket, cup, name, names, play, win_game

pytestmark = pytest.mark.django_db

Decision = Match.Decision


def test_a_cup_of_13_gives_the_top_three_seeds_byes_and_matches_appear_when_both_teams_are_known(
    organizer,
):
    event = cup(organizer, 13, best_of=1)
    first = bracket(event, 1)
    assert [names(m) for m in first] == [
        ("T1", None),
        ("T8", "T9"),
        ("T4", "T13"),
        ("T5", "T12"),
        ("T2", None),
        ("T7", "T10"),
        ("T3", None),
        ("T6", "T11"),
    ]
    byes = [m for m in first if m.decided_by == Decision.BYE]
    assert [name(m.winner_id) for m in byes] == ["T1", "T2", "T3"]
    assert all(not m.games.exists() for m in byes)
    assert all(m.games.count() == 1 for m in first if m.decided_by != Decision.BYE)
    second = bracket(event, 2)
    assert [names(m) for m in second] == [("T1", None), (None, None), ("T2", None), ("T3", None)]
    assert not any(m.games.exists() for m in second)

    play(first[1], "T8")  # T1's opponent is known: their match is at a table at once
    opened = bracket(event, 2)[0]
    assert names(opened) == ("T1", "T8") and opened.games.count() == 1
    assert not bracket(event, 2)[1].games.exists()  # the other matches of the round wait

    for level in (1, 2, 3, 4):  # the better seed wins every match
        for match in bracket(event, level):
            if match.winner_id is None:
                play(match, min(names(match), key=lambda n: int(n[1:])))
    final = bracket(event, 4)[0]
    assert names(final) == ("T1", "T2") and name(final.winner_id) == "T1"
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert not Round.objects.filter(event=event).exclude(status=Round.Status.COMPLETE).exists()
    assert [(place, name(team)) for place, team in placings(event)][:4] == [
        (1, "T1"),
        (2, "T2"),
        (3, "T3"),
        (3, "T4"),
    ]
    assert len(placings(event)) == 13


def test_a_cup_of_16_best_of_three_from_the_semi_finals_with_a_third_place_match(organizer):
    event = cup(organizer, 16, third_place=True)  # the preset: best of 3 from the semi-finals
    assert [m.best_of for level in (1, 2, 3, 4) for m in bracket(event, level)] == [1] * 8 + [
        1
    ] * 4 + [3, 3] + [3]
    assert bracket(event, 4, Match.Stage.THIRD_PLACE)[0].best_of == 3
    for level in (1, 2):
        for match in bracket(event, level):
            play(match, 0)
    semi, other = bracket(event, 3)
    assert names(semi) == ("T1", "T4")
    win_game(semi, 0)
    semi.refresh_from_db()
    assert semi.winner_id is None and semi.games.count() == 2
    second = semi.games.get(number=2).table
    seats = list(second.seats.order_by("position").values_list("entrant__name", flat=True))
    assert seats == ["T4", "T1", "T4", "T1"]  # the teams swapped seats for game 2
    win_game(semi, 1)
    semi.refresh_from_db()
    assert semi.games.count() == 3 and semi.winner_id is None
    win_game(semi, 1)
    semi.refresh_from_db()
    assert name(semi.winner_id) == "T4" and semi.decided_by == Decision.PLAYED
    refresh(event.pk)  # a round result sums the match's games, one table each in the round
    result = RoundResult.objects.get(round=semi.round, entrant__name="T4")
    assert (result.victory_points, result.tichu_points, result.hands_played) == (4, 400, 3)
    play(other, "T2")
    third = bracket(event, 4, Match.Stage.THIRD_PLACE)[0]
    assert names(third) == ("T1", "T3") and third.games.count() == 1
    final = bracket(event, 4)[0]
    assert names(final) == ("T4", "T2")
    play(final, "T2")
    play(third, "T3")
    assert [(p, name(t)) for p, t in placings(event)][:5] == [
        (1, "T2"),
        (2, "T4"),
        (3, "T3"),
        (4, "T1"),
        (5, "T5"),
    ]
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_twelve_teams_in_three_groups_then_a_knockout(organizer):
    event = cup(organizer, 12, preset="groups_knockout", groups=3, advance=2)
    groups = {}
    for match in Match.objects.filter(event=event, stage=Match.Stage.GROUP):
        groups.setdefault(match.group, set()).update(names(match))
    assert groups == {
        0: {"T1", "T6", "T7", "T12"},
        1: {"T2", "T5", "T8", "T11"},
        2: {"T3", "T4", "T9", "T10"},
    }  # snake seeding
    group_matches = Match.objects.filter(event=event, stage=Match.Stage.GROUP)
    assert group_matches.count() == 3 * 6
    assert {m.round.number for m in group_matches} == {1, 2, 3}
    assert all(m.entrant_a_id is None for m in bracket(event, 1))  # the bracket waits
    for match in group_matches.order_by("level", "slot"):  # the better seed wins
        play(match, min(names(match), key=lambda n: int(n[1:])))
        if match.pk != group_matches.order_by("level", "slot").last().pk:
            assert all(m.entrant_a_id is None for m in bracket(event, 1))
    first = bracket(event, 1)
    # 6 advance into a bracket of 8: group winners T1, T2, T3 (A1, B1, C1) are the top seeds,
    # T1 and T2 have byes; runners-up T6, T5, T4 (A2, B2, C2) are crossed so that no group's two
    # teams meet in the first round, nor T1 or T2 their own group's runner-up in the second
    assert [names(m) for m in first] == [("T1", None), ("T5", "T4"), ("T2", None), ("T3", "T6")]
    assert [name(m.winner_id) for m in first if m.decided_by == Decision.BYE] == ["T1", "T2"]
    group_of = {team: g for g, teams in groups.items() for team in teams}
    for match in first:
        a, b = names(match)
        assert b is None or group_of[a] != group_of[b]
    for level in (1, 2, 3):
        for match in bracket(event, level):
            if match.winner_id is None:
                play(match, 0)
    places = [(p, name(t)) for p, t in placings(event)]
    assert places[0] == (1, "T1") and len(places) == 12
    assert {team for place, team in places if place == 7} == {"T7", "T8", "T9"}  # third in group


def test_a_cup_is_drawn_once_and_never_paired_by_rounds(organizer):
    event = cup(organizer, 4)
    actor = Actor.organizer(organizer)
    with pytest.raises(Conflict) as drawn:
        cup_draw(event_id=event.pk, actor=actor)
    assert drawn.value.code == "already_drawn"
    with pytest.raises(Conflict) as paired:
        round_pair(event_id=event.pk, actor=actor)
    assert paired.value.code == "cup"


def test_too_few_teams_and_a_wrong_order_are_refused_without_writing(organizer):
    from tournaments.services.events import event_create, teams_register

    actor = Actor.organizer(organizer)
    event = event_create(
        owner=organizer, name="Small", preset="groups_knockout", overrides={"groups": 3}
    )
    teams_register(
        event=event, teams=[(f"T{i}", [f"a{i}", f"b{i}"]) for i in range(5)], actor=actor
    )
    with pytest.raises(Conflict) as few:
        cup_draw(event_id=event.pk, actor=actor)
    assert few.value.code == "too_few_entrants"
    with pytest.raises(ServiceError) as order:
        cup_draw(event_id=event.pk, actor=actor, order=[1, 2, 3])
    assert order.value.field == "order"
    assert not Match.objects.filter(event=event).exists()
    assert not Round.objects.filter(event=event).exists()


def test_the_organizers_order_and_another_events_standings_seed_the_cup(organizer):
    from tournaments.models import StandingRow
    from tournaments.services.events import event_create, teams_register

    actor = Actor.organizer(organizer)
    source = event_create(owner=organizer, name="Swiss", preset="team_swiss")
    teams_register(
        event=source, teams=[(f"T{i}", [f"a{i}", f"b{i}"]) for i in range(1, 5)], actor=actor
    )
    for vp, entrant in zip((3, 9, 1, 5), source.entrants.order_by("pk"), strict=True):
        StandingRow.objects.create(
            event=source, entrant=entrant, victory_points=vp, tichu_points=0, hands_played=4, byes=0
        )
    seeded = event_create(
        owner=organizer,
        name="Cup",
        preset="knockout",
        overrides={"seeding": "event", "seeding_event": source.pk},
    )
    teams_register(
        event=seeded, teams=[(f"T{i}", [f"a{i}", f"b{i}"]) for i in range(1, 5)], actor=actor
    )
    cup_draw(event_id=seeded.pk, actor=actor)
    assert [names(m) for m in bracket(seeded, 1)] == [("T2", "T3"), ("T4", "T1")]
    ordered = event_create(owner=organizer, name="Cup 2", preset="knockout")
    teams = teams_register(
        event=ordered, teams=[(f"T{i}", [f"a{i}", f"b{i}"]) for i in range(1, 5)], actor=actor
    )
    cup_draw(event_id=ordered.pk, actor=actor, order=[t.pk for t in reversed(teams)])
    assert [names(m) for m in bracket(ordered, 1)] == [("T4", "T1"), ("T3", "T2")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("fmt", "teams", "lines"), [("knockout", "13", 13), ("groups_knockout", "9", 9)]
)
def test_simulate_event_plays_a_whole_cup_and_prints_the_final_placings(fmt, teams, lines):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("simulate_event", "--format", fmt, "--players", teams, "--seed", "4", stdout=out)
    text = out.getvalue().splitlines()
    event = Event.objects.get()
    assert event.status == Event.Status.FINISHED
    assert text[1].split()[0] == "Place" and len(text) == 2 + lines
    assert text[2].split()[0] == "1" and text[3].split()[0] == "2"
    champion = " ".join(text[2].split()[1:])
    final = Match.objects.filter(event=event, stage="bracket").order_by("-level").first()
    assert name(final.winner_id) == champion
