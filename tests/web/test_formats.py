"""Team and league events through the same pages: team names and rosters, games to a target."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import League, Season
from tournaments.services.events import event_create, team_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.standings.compute import refresh

pytestmark = pytest.mark.django_db


def team_event(owner, preset, teams=4, **kwargs):
    actor = Actor.organizer(owner)
    event = event_create(owner=owner, name=f"{preset} event", preset=preset, seed=2, **kwargs)
    for i in range(teams):
        team_register(
            event=event, name=f"Team {i}", members=[f"Ann {i}", f"Bo {i}", f"Cy {i}"], actor=actor
        )
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event, rnd


def all_pages(client, organizer_client, event, rnd):
    table = rnd.tables.order_by("number").first()
    entrant = event.entrants.order_by("pk").first()
    public = [
        reverse("event", args=[event.pk]),
        reverse("event-round", args=[event.pk, 1]),
        reverse("event-player", args=[event.pk, entrant.pk]),
        reverse("event-projector", args=[event.pk]),
        reverse("captain-table", args=[table.code]),
    ]
    organizer = [
        reverse("organizer-event", args=[event.pk]),
        reverse("organizer-round", args=[event.pk, rnd.pk]),
        reverse("organizer-table", args=[event.pk, table.pk]),
        reverse("organizer-hand", args=[event.pk, table.pk, 1]),
        reverse("organizer-export", args=[event.pk, "results", "xlsx"]),
        reverse("organizer-sheets", args=[event.pk, rnd.pk]),
    ]
    for url in public:
        assert client.get(url).status_code == 200, url
    for url in organizer:
        assert organizer_client.get(url).status_code == 200, url


def test_team_swiss_pages(client, organizer, django_user_model):
    from django.test import Client

    event, rnd = team_event(organizer, "team_swiss")
    table = rnd.tables.order_by("number").first()
    response = client.post(
        reverse("captain-table", args=[table.code]),
        {"number": "1", "call_0": "tichu", "first_out": "0", "cp_0": "80"},
    )
    assert response.status_code == 302
    refresh(event.pk)
    staff = Client()
    staff.force_login(organizer)
    all_pages(client, staff, event, rnd)
    html = client.get(reverse("captain-table", args=[table.code])).content.decode()
    names = {s.entrant.name for s in table.seats.select_related("entrant")}
    assert all(name in html for name in names)
    player = table.seats.get(position=0).entrant
    html = client.get(reverse("event-player", args=[event.pk, player.pk])).content.decode()
    assert "Team" in html


def test_league_pages_with_games_to_a_target(client, organizer):
    from django.test import Client

    event, rnd = team_event(organizer, "league")
    league = League.objects.create(name="City league", owner=organizer)
    event.season = Season.objects.create(name="2026", league=league)
    event.save(update_fields=["season"])
    table = rnd.tables.order_by("number").first()
    html = client.get(reverse("captain-table", args=[table.code])).content.decode()
    assert 'value="grand"' in html  # league rules allow Grand Tichu
    for number in range(1, 6):  # 5 double victories of team A: 1000 to 0, the game is decided
        hand_record(
            table_id=table.pk,
            number=number,
            actor=Actor.captain(table),
            entry={"double_victory": 0, "finish_order": [0]},
        )
    html = client.get(reverse("captain-table", args=[table.code])).content.decode()
    assert 'id="hand-form"' not in html
    refresh(event.pk)
    staff = Client()
    staff.force_login(organizer)
    all_pages(client, staff, event, rnd)
    html = client.get(reverse("league", args=[league.pk])).content.decode()
    assert "2026" in html and "Team" in html
