"""The organizer's day in the standings (issue 23): equal VP explained by the event's tie-breaks
as columns, bye credits marked as credits, and a player absent all day listed apart as "did not
play" (RULINGS.md "Who sits out"), ranks numbered among those who played; on the public page,
the organizer's page, the projector and the player page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import StandingRow
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.players import entrants_check_in
from tournaments.services.rounds import round_pair, round_publish
from tournaments.standings.compute import refresh

from .conftest import HANDS

pytestmark = pytest.mark.django_db

NAMES = ["Änne", "Bernd", "Clara", "Dora", "Emil", "Otto"]


def day(
    owner,
    rounds: int = 2,
    names: list[str] = NAMES,
    absent: tuple[str, ...] = ("Otto",),
    name: str = "Vereinsabend",
):
    """A DTM event of ``names`` ranked by TP then double victories, ``absent`` never checked
    in: five present play ``rounds`` rounds, one of them on a bye each round."""
    actor = Actor.organizer(owner)
    event = event_create(
        owner=owner,
        name=name,
        preset="dtm",
        seed=5,
        overrides={"rounds": rounds, "tiebreaks": ["tichu_points", "double_victories"]},
    )
    players_register(event=event, names=names, actor=actor)
    entrants_check_in(
        event_id=event.pk,
        present={e.pk for e in event.entrants.all() if e.name not in absent},
        actor=actor,
    )
    turn = 0
    for _ in range(rounds):
        rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
        for table in rnd.tables.all():
            for number in range(1, event.format.hands_per_round + 1):
                turn += 1
                hand_record(
                    table_id=table.pk,
                    number=number,
                    entry=HANDS[turn % len(HANDS)],
                    actor=Actor.captain(table),
                )
        refresh(event.pk)
    event.refresh_from_db()
    return event


def _standings_rows(html: str) -> list[str]:
    return re.findall(r'<tr data-entrant="\d+">(.*?)</tr>', html, re.S)


def test_a_player_absent_all_day_is_listed_apart_and_ranks_count_without_him(client, organizer):
    event = day(organizer)
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    rows = _standings_rows(html)
    assert len(rows) == 5 and not any("Otto" in row for row in rows)
    ranks = [re.search(r'<td class="num">(\d+)=?</td>', row).group(1) for row in rows]
    assert ranks[0] == "1" and max(map(int, ranks)) <= 5
    apart = re.search(r'id="did-not-play">(.*?)</p>', html, re.S).group(1)
    assert "Did not play" in apart and "Otto" in apart
    german = client.get(reverse("event", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Nicht gespielt" in german.content.decode()
    otto = event.entrants.get(name="Otto")
    player = client.get(reverse("event-player", args=[event.pk, otto.pk])).content.decode()
    assert "Did not play" in player and "Rank" not in player
    screen = client.get(reverse("event-projector", args=[event.pk]) + "?screen=1")
    screen = screen.content.decode()
    assert "Otto" in re.search(r'id="did-not-play">(.*?)</p>', screen, re.S).group(1)


def test_an_absent_player_ranks_below_nobody_who_played(organizer):
    """Otto's 0 VP and 0 TP would rank above a player who lost every hand: he is numbered after
    all who played, whatever their points."""
    from tournaments.selectors import pages

    event = day(organizer)
    StandingRow.objects.filter(event=event).exclude(entrant__name="Otto").update(
        victory_points=-1, tichu_points=-100
    )  # below Otto's 0 on every key
    from tournaments.standings import cache

    cache.invalidate(event.pk)
    ranked = pages.standings(event)
    assert (
        len(ranked) == 5
        and ranked[0].rank == 1
        and "Otto" not in [row.entrant.name for row in ranked]
    )
    assert [row.entrant.name for row in pages.did_not_play(event)] == ["Otto"]


def test_before_any_round_nobody_is_set_apart(client, organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Morgen", preset="dtm", seed=5)
    players_register(event=event, names=NAMES, actor=actor)
    refresh(event.pk)
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert 'id="did-not-play"' not in html and len(_standings_rows(html)) == 6


def test_tiebreak_columns_explain_equal_points(client, organizer):
    event = day(organizer)
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    head = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    assert "Double victories" in head
    assert ">Tichu points<" not in head  # the first tie-break is the TP column already
    for row in StandingRow.objects.filter(event=event).exclude(entrant__name="Otto"):
        line = re.search(rf'<tr data-entrant="{row.entrant_id}">(.*?)</tr>', html, re.S).group(1)
        cells = re.findall(r'<td class="num tiebreak">(-?\d+)</td>', line)
        assert cells == [str(row.tiebreaks["double_victories"])]
    german = client.get(reverse("event", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Doppelsiege" in re.search(r"<thead>(.*?)</thead>", german.content.decode(), re.S).group(
        1
    )


def test_bye_credits_are_marked_as_credits(client, organizer_client, organizer):
    event = day(organizer)
    credited = StandingRow.objects.filter(event=event, byes__gt=0).exclude(adjustment_vp=0)
    assert credited.exists()
    pages = [
        client.get(reverse("event", args=[event.pk])).content.decode(),
        organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode(),
    ]
    for row in credited:
        expected = (
            f"({row.byes} bye{'s' if row.byes > 1 else ''}, credited {row.adjustment_vp:+d} VP"
        )
        for html in pages:
            line = re.search(rf'<tr data-entrant="{row.entrant_id}">(.*?)</tr>', html, re.S).group(
                1
            )
            assert expected in line
        player = client.get(reverse("event-player", args=[event.pk, row.entrant_id]))
        assert expected in player.content.decode()
    german = client.get(reverse("event", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Freilos, gutgeschrieben +" in german.content.decode()
