"""A cup's pages follow its matches and stages, never its rounds' numbers or VP (issue 22): the
results desk, the organizer's and the public event page, the standings PDF and the API, in
English and German."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.knockout.helpers import bracket, cup, names, play
from tests.pdf import pdf_text
from tournaments.models import Change
from tournaments.services.events import entrant_withdraw
from tournaments.services.hands import hand_correct
from tournaments.services.history import Actor

pytestmark = pytest.mark.django_db


def _best_seed(match) -> str:
    return min(names(match), key=lambda n: int(n[1:]))


def _at_the_semi_finals(organizer):
    """An 8-team cup, best of 3 from the semi-finals, its quarter-finals played."""
    event = cup(organizer, 8, best_of=3, best_of_from="semi_final")
    for match in bracket(event, 1):
        play(match, _best_seed(match))
    return event


def _finished(organizer):
    event = _at_the_semi_finals(organizer)
    for level in (2, 3):
        for match in bracket(event, level):
            play(match, _best_seed(match))
    event.refresh_from_db()
    assert event.status == "finished"
    return event


def _page(client, url, language="en") -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def test_the_desk_follows_the_semi_finals_in_english_and_german(organizer_client, organizer):
    event = _at_the_semi_finals(organizer)
    desk = reverse("organizer-desk", args=[event.pk])
    html = _page(organizer_client, desk)
    assert "Semi-finals" in html and "Round 3" not in html
    assert "0 of 2 tables done." in html and "0 of 0" not in html
    assert html.count("Semi-finals · game 1") == 2
    german = _page(organizer_client, desk, "de")
    assert "Halbfinale" in german and "0 von 2 Tischen fertig." in german
    # the final's one table, once both semi-finals are decided: one table, in the singular
    for match in bracket(event, 2):
        play(match, _best_seed(match))
    html = _page(organizer_client, desk)
    assert "Final" in html and "0 of 1 table done." in html
    assert "0 von 1 Tisch fertig." in _page(organizer_client, desk, "de")


def test_after_the_draw_the_organizer_page_shows_matches_not_check_in_or_vp(
    organizer_client, organizer
):
    event = cup(organizer, 8, best_of=3, best_of_from="semi_final")
    html = _page(organizer_client, reverse("organizer-event", args=[event.pk]))
    assert 'id="check-in"' not in html and 'id="cup-playing"' in html
    assert reverse("organizer-players", args=[event.pk]) not in html  # no registration
    assert 'class="data standings"' not in html and ">VP<" not in html
    assert "Quarter-finals" in html and "Round 3" not in html
    assert "4 tables, 0 hands" in html and "0 tables, 0 hands" in html
    assert html.count(">to come<") == 2  # the semi-finals and the final, not "being played"
    assert "No team is placed yet." in html
    german = _page(organizer_client, reverse("organizer-event", args=[event.pk]), "de")
    assert "Viertelfinale" in german and "Laufende Begegnungen" in german
    for match in bracket(event, 1):
        play(match, _best_seed(match))
    for match in bracket(event, 2):
        play(match, _best_seed(match))
    html = _page(organizer_client, reverse("organizer-event", args=[event.pk]))
    assert "1 table, 0 hands" in html and "1 tables" not in html
    assert "1 Tisch, 0 Spiele" in _page(
        organizer_client, reverse("organizer-event", args=[event.pk]), "de"
    )


def test_the_check_in_is_not_offered_for_a_cup_before_the_draw_either(organizer_client, organizer):
    from tournaments.services.events import event_create, teams_register

    event = event_create(owner=organizer, name="Cup", preset="knockout")
    teams_register(
        event=event,
        teams=[("A", ["a1", "a2"]), ("B", ["b1", "b2"])],
        actor=Actor.organizer(organizer),
    )
    html = _page(organizer_client, reverse("organizer-event", args=[event.pk]))
    assert 'id="check-in"' not in html and 'id="draw"' in html
    assert reverse("organizer-players", args=[event.pk]) in html  # registration until the draw


def test_the_public_page_right_after_the_draw_shows_the_quarter_finals(client, organizer):
    event = cup(organizer, 8, best_of=3, best_of_from="semi_final")
    html = _page(client, reverse("event", args=[event.pk]))
    assert "Round 3" not in html and "being played" not in html.replace("Matches being played", "")
    assert html.count("Quarter-finals") == 4 and "table 1, game 1" in html
    assert 'class="data standings"' not in html
    for table in event.rounds.get(number=1).tables.all():
        assert table.code not in html  # never a captain's code on a public page
    german = _page(client, reverse("event", args=[event.pk]), "de")
    assert german.count("Viertelfinale") == 4 and "Tisch 1, Partie 1" in german


def test_a_finished_cup_ranks_by_its_placings_on_its_pages_and_pdf(client, organizer):
    event = _finished(organizer)
    html = _page(client, reverse("event", args=[event.pk]))
    assert "Final placings" in html and " VP" not in html and 'class="data standings"' not in html
    assert '<span class="place">3.</span> T3' in html and '<span class="place">3.</span> T4' in html
    pdf = client.get(reverse("event-standings-pdf", args=[event.pk]))
    text = pdf_text(pdf.content)
    assert "Final placings" in text and "VP" not in text
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    assert [line for line in lines if line[:2] in ("1.", "2.", "3.")] == [
        "1. T1",
        "2. T2",
        "3. T3",
        "3. T4",
    ]
    german = pdf_text(
        client.get(
            reverse("event-standings-pdf", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
        ).content
    )
    assert "Endplatzierungen" in german


def test_a_running_cups_pdf_lists_the_teams_still_in(client, organizer):
    event = _at_the_semi_finals(organizer)
    entrant_withdraw(entrant_id=event.entrants.get(name="T8").pk, actor=Actor.organizer(organizer))
    text = pdf_text(client.get(reverse("event-standings-pdf", args=[event.pk])).content)
    assert "Placings so far (provisional)" in text
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    assert "5. T8 (withdrawn)" in lines and "– T1 (still in the cup)" in lines
    assert sum(1 for line in lines if line.startswith(("5.", "–"))) == 8


def test_the_api_gives_a_cups_placings_never_its_vp(organizer):
    event = _finished(organizer)
    client = APIClient()
    refused = client.get(f"/api/events/{event.pk}/standings/")
    assert refused.status_code == 409 and refused.json()["code"] == "cup_placings"
    german = client.get(f"/api/events/{event.pk}/standings/", HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 409 and "Platzierungen" in german.json()["detail"]
    placings = client.get(f"/api/events/{event.pk}/bracket/").json()["placings"]
    assert [(p["place"], p["name"]) for p in placings[:4]] == [
        (1, "T1"),
        (2, "T2"),
        (3, "T3"),
        (3, "T4"),
    ]
    assert placings[0]["team"] == event.entrants.get(name="T1").pk


def test_the_organizer_replays_a_held_final_from_the_event_page(organizer_client, organizer):
    event = _at_the_semi_finals(organizer)
    semi = play(bracket(event, 2)[0], "T1")
    play(bracket(event, 2)[1], "T2")
    from tests.knockout.helpers import win_game

    final = bracket(event, 3)[0]
    win_game(final, 0)
    for game in semi.games.order_by("number"):
        hand = game.table.hands.get()
        team = 1 if game.number % 2 else 0  # T4, the semi's second team, at this table
        hand_correct(
            hand_id=hand.pk,
            entry={"double_victory": team, "finish_order": [team, team + 2]},
            actor=Actor.organizer(organizer),
            reason="wrong team",
        )
    page = reverse("organizer-event", args=[event.pk])
    html = _page(organizer_client, page)
    assert 'id="attention"' in html and "Replay with the corrected teams" in html
    assert "Mit den berichtigten Teams neu spielen" in _page(organizer_client, page, "de")
    response = organizer_client.post(reverse("organizer-cup-resolve", args=[event.pk, final.pk]))
    assert response.status_code == 302
    final.refresh_from_db()
    assert names(final) == ("T4", "T2") and final.attention == {}
    assert 'id="attention"' not in _page(organizer_client, page)
    assert Change.objects.filter(event=event, action="replay").exists()


def test_undoing_a_withdrawal_after_the_winner_played_on_is_refused_by_the_api(organizer):
    event = _at_the_semi_finals(organizer)
    entrant_withdraw(entrant_id=event.entrants.get(name="T4").pk, actor=Actor.organizer(organizer))
    play(bracket(event, 2)[1], "T2")
    from tests.knockout.helpers import win_game

    win_game(bracket(event, 3)[0], 0)
    change = Change.objects.get(event=event, subject="entrant", action="withdraw")
    client = APIClient()
    client.force_authenticate(organizer)
    listed = client.get(f"/api/events/{event.pk}/changes/").json()["results"]
    assert not next(c for c in listed if c["id"] == change.pk)["undoable"]
    refused = client.post(f"/api/changes/{change.pk}/undo/")
    assert refused.status_code == 409 and refused.json()["code"] == "walkover_played_on"
    german = client.post(f"/api/changes/{change.pk}/undo/", HTTP_ACCEPT_LANGUAGE="de")
    assert "nicht mehr rückgängig" in german.json()["detail"]
