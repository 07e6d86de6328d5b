"""Bug 10: two players of the same name are told apart wherever a player is shown."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.players import entrant_update
from tournaments.services.rounds import round_pair, round_publish
from tournaments.standings.compute import refresh

pytestmark = pytest.mark.django_db

NAMES = ["Anna Schmidt", "Ben", "Clara", "David", "Anna Schmidt", "Felix", "Greta", "Hannes"]


@pytest.fixture
def two_annas(organizer):
    """Eight players, two of them "Anna Schmidt" (start numbers 1 and 5), round 1 published."""
    event = event_create(owner=organizer, name="Namesakes", preset="dtm", seed=5)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=NAMES, actor=actor)
    round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    refresh(event.pk)
    first, second = event.entrants.filter(name="Anna Schmidt").order_by("id")
    return event, first, second


def linked(html: str, event, entrant) -> str:
    """The text of the link to ``entrant``'s page."""
    href = reverse("event-player", args=[event.pk, entrant.pk])
    match = re.search(rf'href="{re.escape(href)}">([^<]*)</a>', html)
    assert match, href
    return match.group(1)


def test_public_standings_and_round_page_tell_them_apart(client, two_annas):
    event, first, second = two_annas
    for page in (
        reverse("event-standings", args=[event.pk]),
        reverse("event-round", args=[event.pk, 1]),
        reverse("event-seating", args=[event.pk, 1]),
    ):
        html = client.get(page).content.decode()
        assert (linked(html, event, first), linked(html, event, second)) == (
            "Anna Schmidt #1",
            "Anna Schmidt #5",
        ), page
    assert (
        "Anna Schmidt #5"
        in client.get(reverse("event-player", args=[event.pk, second.pk])).content.decode()
    )


def test_organizer_round_and_captain_page_tell_them_apart(client, organizer, two_annas):
    event, first, second = two_annas
    rnd = event.rounds.get(number=1)
    client.force_login(organizer)
    html = client.get(reverse("organizer-round", args=[event.pk, rnd.pk])).content.decode()
    assert "Anna Schmidt #1" in html and "Anna Schmidt #5" in html
    table = rnd.tables.get(seats__entrant=second)
    captain = client.get(reverse("captain-table", args=[table.code])).content.decode()
    assert "Anna Schmidt #5" in captain


def test_csv_exports_tell_them_apart(client, organizer, two_annas):
    event, first, second = two_annas
    client.force_login(organizer)
    response = client.get(reverse("organizer-export", args=[event.pk, "standings", "csv"]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    names = [row[1] for row in rows[1:]]
    assert sorted(n for n in names if n.startswith("Anna")) == [
        "Anna Schmidt #1",
        "Anna Schmidt #5",
    ]


def test_api_gives_a_display_name(client, two_annas):
    event, first, second = two_annas
    rows = client.get(reverse("api-event-standings", args=[event.pk])).json()["rows"]
    shown = {row["player"]["id"]: row["player"]["display_name"] for row in rows}
    assert (shown[first.pk], shown[second.pk]) == ("Anna Schmidt #1", "Anna Schmidt #5")
    entrants = client.get(reverse("api-players"), {"event": event.pk}).json()
    listed = entrants["results"] if isinstance(entrants, dict) else entrants
    assert {e["display_name"] for e in listed if e["name"] == "Anna Schmidt"} == {
        "Anna Schmidt #1",
        "Anna Schmidt #5",
    }


def test_a_club_tells_them_apart_without_a_number(client, organizer, two_annas):
    event, first, second = two_annas
    entrant_update(
        entrant_id=first.pk, name="Anna Schmidt", club="Köln", actor=Actor.organizer(organizer)
    )
    refresh(event.pk)
    html = client.get(reverse("event-standings", args=[event.pk])).content.decode()
    assert (linked(html, event, first), linked(html, event, second)) == (
        "Anna Schmidt (Köln)",
        "Anna Schmidt",
    )
    seating = client.get(reverse("event-seating", args=[event.pk, 1]), {"q": "koln"})
    assert linked(seating.content.decode(), event, first) == "Anna Schmidt (Köln)"
