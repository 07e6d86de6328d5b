"""A new game is its classes: a toy game, registered here at test time with only its engine
class (``scoring.variants``), its game class (``tournaments.games``) and its words, is played
through the pages, the sheets, the exports and the API of an event; nothing else in the code
base knows it. Five players at a table, every one for themself, a hand's result its finish
order: its own columns (the place and the points of every player) wherever its hands show."""

from __future__ import annotations

import subprocess

import pytest
from django.urls import reverse

from scoring import variants as engine_games
from scoring.variants import GrandSeigneur
from tichu_site.celery import app as celery_app
from tournaments import games
from tournaments.games import PlacingGame
from tournaments.games.columns import PLACE, PLACING_POINTS
from tournaments.models import Hand, HandSeat
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from ..api.conftest import token_client
from .conftest import captain_url

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_throttle")]
PROGRESS_ONLY = {"results desk"}
"""Pages that show how far the tables are, not their points."""
NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hanna", "Ida", "Jan"]


class Quintet(GrandSeigneur):
    """The engine's toy: Grand Seigneur's deal and placings, always five players."""

    name = "quintet"
    players_allowed = range(5, 6)


class QuintetTables(PlacingGame):
    """The tournament's toy: tables of five, each player's place and points in every hand."""

    name = "quintet"
    summary = "5 players, placings"
    seats = 5
    avoid_meetings = False
    hand_columns = (PLACE, PLACING_POINTS)

    def hand_notes(self, hand, names):
        order = (hand.entry or {}).get("finish_order") or []
        return ["first: " + names.get(order[0], "?")] if order else []


@pytest.fixture
def quintet(monkeypatch):
    """The toy game, known to the engine and to the tournament for this test only: in this
    process, so its standings are computed here too (a live pass's worker, another process,
    does not know it)."""
    monkeypatch.setitem(engine_games.VARIANTS, Quintet.name, Quintet)
    monkeypatch.setitem(games.GAMES, QuintetTables.name, QuintetTables())
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    return QuintetTables


@pytest.fixture
def toy_event(quintet, organizer):
    event = event_create(
        owner=organizer,
        name="Quintet night",
        preset="grand_seigneur",
        overrides={"rules": {"game": "quintet", "players": None}},
        seed=3,
    )
    actor = Actor.organizer(organizer)
    players_register(event=event, names=NAMES, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event, rnd


def test_a_toy_game_is_played_through_every_page_sheet_export_and_api(
    toy_event, client, organizer_client, organizer
):
    event, rnd = toy_event
    tables = list(rnd.tables.order_by("number"))
    assert [t.seats.count() for t in tables] == [5, 5]
    for table in tables:
        response = client.post(captain_url(table), {"number": "1", "finish_order": "3,1,2,4"})
        assert response.status_code == 302, response.content.decode()[-2000:]
    first = tables[0]
    hand = Hand.objects.get(table=first, number=1)
    assert hand.entry["finish_order"] == [2, 0, 1, 3, 4]  # the last one added by its table
    assert dict(HandSeat.objects.filter(hand=hand).values_list("position", "vp")) == {
        2: 4,
        0: 3,
        1: 2,
        3: 1,
        4: 0,
    }
    seated = [s.entrant.name for s in first.seats.order_by("position").select_related("entrant")]

    pages = {
        "captain": (client, captain_url(first)),
        "organizer event": (organizer_client, reverse("organizer-event", args=[event.pk])),
        "organizer round": (organizer_client, reverse("organizer-round", args=[event.pk, rnd.pk])),
        "organizer table": (
            organizer_client,
            reverse("organizer-table", args=[event.pk, first.pk]),
        ),
        "results desk": (organizer_client, reverse("organizer-desk", args=[event.pk])),
        "public event": (client, reverse("event", args=[event.pk])),
        "public round": (client, reverse("event-round", args=[event.pk, rnd.number])),
        "projector": (client, reverse("event-projector", args=[event.pk]) + "?screen=1"),
        "player": (
            client,
            reverse("event-player", args=[event.pk, first.seats.get(position=2).entrant_id]),
        ),
    }
    for language in ("en", "de"):
        for what, (who, url) in pages.items():
            response = who.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200, (what, language)
            html = response.content.decode()
            points = "Points" if language == "en" else "Punkte"
            if what not in PROGRESS_ONLY:
                assert points in html, (what, language, "the toy's own column")
            assert "TP A" not in html and "Team A" not in html and "Team B" not in html, what
    table_page = organizer_client.get(pages["organizer table"][1]).content.decode()
    assert f"first: {seated[2]}" in table_page, "the game's own note beside the hand"
    assert ">Place</th>" in table_page, "the game's own hand column"

    sheets = organizer_client.get(reverse("organizer-sheets", args=[event.pk, rnd.pk]))
    assert sheets.status_code == 200
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=sheets.content, capture_output=True, check=True
    ).stdout.decode()
    assert all(name in text for name in seated), "every player of the toy's table on its sheet"
    for kind in ("results", "standings"):
        for fmt in ("csv", "xlsx"):
            export = organizer_client.get(reverse("organizer-export", args=[event.pk, kind, fmt]))
            assert export.status_code == 200, (kind, fmt)
    pdf = client.get(reverse("event-standings-pdf", args=[event.pk]))
    assert pdf.status_code == 200

    api = token_client(organizer)
    for path in (
        f"/api/events/{event.pk}/",
        f"/api/events/{event.pk}/rounds/",
        f"/api/events/{event.pk}/standings/",
        f"/api/tables/{first.pk}/hands/",
    ):
        assert api.get(path).status_code == 200, path
    entered = api.put(
        f"/api/tables/{first.pk}/hands/2/", {"finish_order": [4, 3, 2, 1, 0]}, format="json"
    )
    assert entered.status_code in (200, 201), entered.json()
    assert entered.json()["credits"][0]["position"] == 0
