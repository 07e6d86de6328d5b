"""A cup's pages: the organizer creates and draws it, captains play games to the target with seats
swapped, the public follows the live bracket, groups and matches; PDF, CSV and XLSX exports."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tournaments.models import Event, Match, Round
from tournaments.services.events import event_create
from tournaments.services.history import Actor, Conflict
from tournaments.services.settings import event_settings_update

from ..web.test_settings import form_data
from .helpers import bracket, cup, play, win_game

pytestmark = pytest.mark.django_db


def test_the_organizer_creates_and_draws_a_cup_from_the_pages(organizer_client):
    response = organizer_client.post(
        reverse("organizer-event-new"),
        {
            "name": "Winter cup",
            "preset": "knockout",
            "game_to": "500",
            "best_of": "3",
            "best_of_from": "final",
            "third_place": "on",
        },
    )
    event = Event.objects.get(name="Winter cup")
    assert response.status_code == 302
    assert (event.format.game_to, event.format.best_of_from, event.format.third_place) == (
        500,
        "final",
        True,
    )
    organizer_client.post(
        reverse("organizer-players", args=[event.pk]),
        {"lines": "\n".join(f"T{i}; A{i}; B{i}" for i in range(1, 7))},
    )
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'id="draw"' in page and 'id="pair"' not in page
    organizer_client.post(reverse("organizer-cup-draw", args=[event.pk]))
    assert Match.objects.filter(event=event, stage="bracket").count() == 4 + 2 + 1
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'id="draw"' not in page and "The cup is drawn" in page


def test_a_wrong_cup_value_is_a_form_error_in_the_readers_language(organizer_client):
    response = organizer_client.post(
        reverse("organizer-event-new"),
        {"name": "Cup", "preset": "knockout", "best_of": "2"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    assert "ungerade Zahl" in response.content.decode()
    assert not Event.objects.exists()


def test_the_captain_sees_the_game_score_and_moves_to_the_next_game_with_seats_swapped(
    client, organizer
):
    event = cup(organizer, 2, best_of=3)
    match = bracket(event, 1)[0]
    first = match.games.get().table
    page = client.get(reverse("captain-table", args=[first.code])).content.decode()
    assert "Game 1" in page and "T1 – T2" in page and "best of 3" in page
    assert 'id="running"' in page
    response = client.post(
        reverse("captain-table", args=[first.code]),
        {"number": "1", "double_victory": "0", "first_out": ""},
    )
    second = match.games.get(number=2).table
    assert response.status_code == 302 and response.url == reverse(
        "captain-table", args=[second.code]
    )
    page = client.get(response.url).content.decode()
    assert "Game 2" in page and "Game 1 is over. Game 2 starts" in page
    assert "games 1 : 0" in page
    page = client.get(reverse("captain-table", args=[first.code])).content.decode()
    assert 'id="game-over"' in page and second.code in page and "hand-form" not in page
    page = client.get(
        reverse("captain-table", args=[first.code]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Partie 1" in page


def test_the_public_bracket_groups_and_match_pages(client, organizer):
    event = cup(organizer, 8, preset="groups_knockout", groups=2, advance=2)
    for match in Match.objects.filter(event=event, stage="group").order_by("level", "slot"):
        play(match, 0)
    semi = bracket(event, 1)[0]
    win_game(semi, 1)
    semi.refresh_from_db()
    html = client.get(reverse("event-bracket", args=[event.pk])).content.decode()
    assert 'id="group-A"' in html and 'id="group-B"' in html
    assert "Semi-finals" in html and "Final" in html
    assert f'hx-get="{reverse("event-bracket-live", args=[event.pk])}"' in html
    assert html.count('class="advances"') == 4
    live = client.get(reverse("event-bracket-live", args=[event.pk])).content.decode()
    assert "Group A" in live and "<html" not in live
    german = client.get(
        reverse("event-bracket", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Halbfinale" in german and "Gruppe A" in german
    match_page = client.get(reverse("event-match", args=[event.pk, semi.pk])).content.decode()
    assert 'id="game-1"' in match_page and "200" in match_page
    assert client.get(reverse("event-match", args=[event.pk, 999999])).status_code == 404
    projector = client.get(reverse("event-bracket", args=[event.pk]) + "?projector=1")
    assert 'class="projector"' in projector.content.decode()
    # the event's projector address follows the cup on its bracket, not on a table of VP
    hall = client.get(reverse("event-projector", args=[event.pk]), follow=True)
    assert hall.redirect_chain[-1][0].endswith("/bracket/?projector=1")
    assert 'class="projector"' in hall.content.decode() and "Semi-finals" in hall.content.decode()
    event_page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("event-bracket", args=[event.pk]) in event_page


def test_a_league_has_no_bracket_page(client, organizer):
    from tournaments.services.events import event_create

    league = event_create(owner=organizer, name="League", preset="league")
    assert client.get(reverse("event-bracket", args=[league.pk])).status_code == 404


def test_the_printable_bracket_and_the_match_exports(client, organizer_client, organizer):
    event = cup(organizer, 5)
    play(bracket(event, 1)[1], 0)
    pdf = client.get(reverse("event-bracket-pdf", args=[event.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    csv = organizer_client.get(reverse("organizer-export", args=[event.pk, "matches", "csv"]))
    text = csv.content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("Stage,Group,Match,Seed A,Team A")
    assert "T4,5,T5" in text and "bye" in text
    xlsx = organizer_client.get(reverse("organizer-export", args=[event.pk, "matches", "xlsx"]))
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet.cell(1, 5).value == "Team A" and sheet.max_row == 1 + 4 + 2 + 1


def test_a_cups_values_are_settings_until_the_draw_then_locked(organizer_client, organizer):
    source = event_create(owner=organizer, name="Autumn league", preset="league", seed=1)
    event = event_create(owner=organizer, name="Winter cup", preset="groups_knockout", seed=1)
    url = reverse("organizer-event", args=[event.pk])
    html = organizer_client.get(url).content.decode()
    for name in (
        "best_of",
        "best_of_from",
        "third_place",
        "groups",
        "advance",
        "seeding",
        "seeding_event",
    ):
        assert f'name="{name}"' in html, name
    assert f'<option value="{source.pk}">Autumn league</option>' in html
    data = form_data(
        event,
        best_of=3,
        best_of_from="",
        third_place="on",
        groups=3,
        advance=2,
        seeding="event",
        seeding_event=str(source.pk),
    )
    response = organizer_client.post(reverse("organizer-settings", args=[event.pk]), data)
    assert response.status_code == 302
    event.refresh_from_db()
    fmt = event.format
    assert (
        fmt.best_of,
        fmt.best_of_from,
        fmt.third_place,
        fmt.groups,
        fmt.seeding,
        fmt.seeding_event,
    ) == (3, None, True, 3, "event", source.pk)
    organizer_client.get(reverse("language", args=["de"]))
    history = organizer_client.get(reverse("organizer-history", args=[event.pk])).content.decode()
    assert (
        "Setzliste aus: die Reihenfolge der Turnierleitung → der Tabellenstand eines "
        "anderen Turniers"
    ) in history  # (the order of the values is the database's)
    assert "Turnier für die Setzliste: — → Autumn league" in history

    Match.objects.create(
        event=event,
        round=Round.objects.create(event=event, number=1, seed=1),
        stage=Match.Stage.BRACKET,
        level=1,
        slot=0,
    )  # as the draw stores it
    html = organizer_client.get(url).content.decode()
    assert 'name="best_of" value="3" min="1" max="9" required disabled' in html
    with translation.override("en"), pytest.raises(Conflict, match="the cup is drawn"):
        event_settings_update(
            event_id=event.pk, changes={"best_of": 5}, actor=Actor.organizer(organizer)
        )


def test_the_organizers_page_words_the_cup_and_names_each_team_once(organizer_client, organizer):
    event = cup(organizer, 4)
    organizer_client.get(reverse("language", args=["de"]))
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert "K.-o.-Pokal · Partien bis 200 · Best of 3 ab: Halbfinale" in html
    assert "Jeder gegen jeden" not in html
    first = event.rounds.get(number=1)
    html = organizer_client.get(
        reverse("organizer-round", args=[event.pk, first.pk])
    ).content.decode()
    # each team once, with the people who play for it (its roster's first members)
    assert (
        '<span class="team-a">P1a &amp; P1b (T1)</span><br>'
        '<span class="team-b">P4a &amp; P4b (T4)</span>'
    ) in html
    dashboard = organizer_client.get(reverse("organizer-home")).content.decode()
    assert "<td>K.-o.-Pokal</td>" in dashboard
