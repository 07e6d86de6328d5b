"""People, not teams, at a team table: the captain's page, the organizer's pages, the history, the
results export and the table sheets name who plays (``services.lineups``), in English and German;
the captain changes them before the first hand, the organizer at any time."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.pdf import pdf_text
from tournaments.models import Change, Player
from tournaments.services.events import event_create, team_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import captain_url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle")]


@pytest.fixture
def team_table(organizer):
    """A team Swiss of Dragons (Anna, Bert, Cleo) and Phoenix (Dora, Emil), round 1 published:
    Dragons in seats 0 and 2."""
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Team evening", preset="team_swiss", seed=1)
    team_register(event=event, name="Dragons", members=["Anna", "Bert", "Cleo"], actor=actor)
    team_register(event=event, name="Phoenix", members=["Dora", "Emil"], actor=actor)
    table = round_publish(
        round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor
    ).tables.get()
    assert table.seats.get(position=0).entrant.name == "Dragons"  # the seed's draw
    return table


def german() -> Client:
    return Client(headers={"accept-language": "de"})


def who(table) -> list[str | None]:
    return [
        seat.player.name if seat.player_id else None
        for seat in table.seats.select_related("player").order_by("position")
    ]


def test_the_captain_page_names_the_people_who_call(client, team_table):
    html = client.get(captain_url(team_table)).content.decode()
    # the calls, the first out and the double victory by person, each team named once
    calls = re.findall(r'<div class="who team-[ab]">([^<]*)</div>', html)
    assert calls == ["Anna (Dragons)", "Dora (Phoenix)", "Bert (Dragons)", "Emil (Phoenix)"]
    assert "Anna &amp; Bert (Dragons)" in html and "Dora &amp; Emil (Phoenix)" in html
    assert "Dragons &amp; Dragons" not in html
    assert "Who plays: change the players" in html
    html = german().get(captain_url(team_table)).content.decode()
    assert "Wer spielt: Spieler ändern" in html and "Ansagen" in html
    assert re.findall(r'<div class="who team-[ab]">([^<]*)</div>', html) == calls
    assert "Anna &amp; Bert (Dragons)" in html


def test_the_captain_changes_who_plays_before_the_first_hand(client, team_table):
    cleo, anna = (Player.objects.get(name=name).pk for name in ("Cleo", "Anna"))
    response = client.post(
        captain_url(team_table, "captain-lineup"),
        {"team": "0", "team0-seat_0": cleo, "team0-seat_2": anna},
        follow=True,
    )
    assert who(team_table) == ["Cleo", "Dora", "Anna", "Emil"]
    html = response.content.decode()
    assert "Who plays for Dragons is saved." in html and "Cleo (Dragons)" in html
    change = Change.objects.get(action="lineup")
    assert change.actor == f"captain:table {team_table.number}"
    # a player of the other team is no choice
    dora = Player.objects.get(name="Dora").pk
    response = german().post(
        captain_url(team_table, "captain-lineup"),
        {"team": "0", "team0-seat_0": dora, "team0-seat_2": anna},
        follow=True,
    )
    assert (
        "Wählen Sie für jeden Platz einen Spieler aus dem Kader des Teams."
        in response.content.decode()
    )
    assert who(team_table) == ["Cleo", "Dora", "Anna", "Emil"]
    # after the first hand the form is gone and a post is refused
    hand_record(
        table_id=team_table.pk,
        number=1,
        entry={"card_points": [70, 30], "finish_order": [0], "calls": {"0": "tichu"}},
        actor=Actor.captain(team_table),
    )
    html = client.get(captain_url(team_table)).content.decode()
    assert "Who plays: change the players" not in html
    assert "first out: Cleo (Dragons)" in html
    response = german().post(
        captain_url(team_table, "captain-lineup"),
        {"team": "0", "team0-seat_0": anna, "team0-seat_2": cleo},
        follow=True,
    )
    assert "nur der Veranstalter kann jetzt ändern, wer spielt" in response.content.decode()
    assert who(team_table) == ["Cleo", "Dora", "Anna", "Emil"]


def test_the_organizer_corrects_who_played_and_the_history_says_so(organizer_client, team_table):
    event = team_table.round.event
    hand_record(
        table_id=team_table.pk,
        number=1,
        entry={"card_points": [70, 30], "finish_order": [0], "calls": {"0": "tichu"}},
        actor=Actor.captain(team_table),
    )
    url = reverse("organizer-table", args=[event.pk, team_table.pk])
    html = organizer_client.get(url).content.decode()
    assert 'id="lineup-0"' in html and "first out: Anna (Dragons)" in html
    cleo, bert = (Player.objects.get(name=name).pk for name in ("Cleo", "Bert"))
    response = organizer_client.post(
        reverse("organizer-table-lineup", args=[event.pk, team_table.pk]),
        {"team": "0", "team0-seat_0": cleo, "team0-seat_2": bert},
        follow=True,
    )
    html = response.content.decode()
    assert "first out: Cleo (Dragons)" in html and "Cleo &amp; Bert (Dragons)" in html
    assert Change.objects.get(action="lineup").actor == "organizer:orga"
    history = organizer_client.get(reverse("organizer-history", args=[event.pk])).content.decode()
    assert (
        "Table 1 (round 1): Cleo &amp; Bert play for Dragons (before: Anna &amp; Bert)" in history
    )
    organizer_client.get(reverse("language", args=["de"]))
    history = organizer_client.get(reverse("organizer-history", args=[event.pk])).content.decode()
    assert (
        "Tisch 1 (Runde 1): Cleo &amp; Bert spielen für Dragons (vorher: Anna &amp; Bert)"
        in history
    )


def test_the_results_export_and_the_table_sheet_name_people(organizer_client, team_table):
    event = team_table.round.event
    hand_record(
        table_id=team_table.pk,
        number=1,
        entry={"card_points": [70, 30], "finish_order": [1], "calls": {"3": "tichu"}},
        actor=Actor.captain(team_table),
    )
    response = organizer_client.get(reverse("organizer-export", args=[event.pk, "results", "csv"]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, row = rows[0], rows[1]
    assert [row[header.index(f"Seat {n}")] for n in range(1, 5)] == [
        "Anna (Dragons)",
        "Dora (Phoenix)",
        "Bert (Dragons)",
        "Emil (Phoenix)",
    ]
    assert row[header.index("Calls")] == "Emil (Phoenix): Tichu"
    assert row[header.index("First out")] == "Dora (Phoenix)"
    sheets = organizer_client.get(
        reverse("organizer-sheets", args=[event.pk, team_table.round_id])
    ).content
    text = pdf_text(sheets, layout=False)
    assert "Seat 1: Anna (Dragons)" in text and "Seat 4: Emil (Phoenix)" in text


def test_the_public_table_card_and_the_api_name_who_plays(client, team_table):
    event = team_table.round.event
    html = client.get(reverse("event-round", args=[event.pk, 1])).content.decode()
    dragons = event.entrants.get(name="Dragons")
    link = reverse("event-player", args=[event.pk, dragons.pk])
    assert f'<a href="{link}">Anna &amp; Bert (Dragons)</a>' in html  # the team linked once
    players = client.get(reverse("api-table", args=[team_table.pk])).json()["players"]
    assert [p["person"] for p in players] == ["Anna", "Dora", "Bert", "Emil"]
    assert [p["name"] for p in players] == ["Dragons", "Phoenix", "Dragons", "Phoenix"]
