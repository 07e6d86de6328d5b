"""Issue 23 on the pages: the opponents read the whole hand and confirm it with their own code
(wrong codes limited like table codes); the captain asks for a correction, which the results
desk shows until the organizer corrects the hand or dismisses the request; the opponents' code
on the table sheet. In German, as at the venue."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.throttling import SimpleRateThrottle

from tests.pdf import pdf_text
from tournaments.models import Change, Hand
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor

from .conftest import captain_url, seat_names

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle")]

DE = {"HTTP_ACCEPT_LANGUAGE": "de"}
# Seat 0 calls Tichu and goes out first (made), seat 1 calls Tichu (failed); 70 : 30 card points.
CALLS = {"card_points": [70, 30], "finish_order": [0], "calls": {"0": "tichu", "1": "tichu"}}


def entered(table, entry=CALLS, number=1) -> Hand:
    return hand_record(
        table_id=table.pk, number=number, entry=entry, actor=Actor.captain(table)
    ).hand


def test_the_opponents_see_the_whole_hand_before_they_confirm(client, table):
    entered(table)
    names = seat_names(table)
    html = client.get(captain_url(table), **DE).content.decode()
    link = captain_url(table, "captain-confirm", number=1)
    assert f'href="{link}"' in html and "Gegner: bestätigen" in html
    page = client.get(link, **DE)
    assert page.status_code == 200
    html = page.content.decode()
    calls = re.search(r'id="hand-calls".*?</p>', html, re.S).group(0)
    assert f"{names[0]}: Tichu – geschafft ✓" in calls
    assert f"{names[1]}: Tichu – verloren ✗" in calls
    sides = re.search(r'id="hand-sides".*?</table>', html, re.S).group(0)
    cells = re.findall(r'data-column="(\w+)">(-?\d+)<', sides)
    # each side: card points, Tichu points, victory points (the DTM's columns)
    assert cells == [
        ("card_points", "70"),
        ("tp", "170"),
        ("vp", "2"),
        ("card_points", "30"),
        ("tp", "-70"),
        ("vp", "0"),
    ]
    assert "Gegner-Code" in html and 'name="code"' in html
    assert "Steht auf dem Tischzettel, neben dem Code des Tischkapitäns." in html


def test_the_first_out_is_shown(client, table):
    entered(table)
    html = client.get(captain_url(table, "captain-confirm", number=1), **DE).content.decode()
    first = seat_names(table)[0]
    note = re.search(r'id="hand-shown".*?</section>', html, re.S).group(0)
    assert f'<p class="note">zuerst raus: {first}</p>' in note


def test_a_right_code_confirms_a_wrong_one_is_refused_and_counted(client, table, monkeypatch):
    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {"table_code_failures": "2/minute", "table_code_failures_per_table": "60/minute"},
    )
    entered(table)
    url = captain_url(table, "captain-confirm", number=1)
    for wrong in ("AAAAAA", table.code):  # the captain's own code is no opponents' code
        response = client.post(url, {"code": wrong}, **DE)
        assert response.status_code == 403
        assert "Das ist nicht der Gegner-Code dieses Tisches" in response.content.decode()
    assert not Hand.objects.get(table=table, number=1).confirmed_by_opponents
    response = client.post(url, {"code": "BBBBBB"}, **DE)
    assert response.status_code == 429
    assert "Zu viele falsche Codes" in response.content.decode()
    # the right code is never refused
    response = client.post(url, {"code": table.opponents_code.lower()}, **DE)
    assert response.status_code == 302
    assert Hand.objects.get(table=table, number=1).confirmed_by_opponents
    html = client.get(captain_url(table), **DE).content.decode()
    assert "Spiel 1 ist von den Gegnern bestätigt." in html
    assert f'href="{url}"' not in html  # confirmed: no more button


def test_an_empty_code_is_asked_for(client, table):
    entered(table)
    response = client.post(captain_url(table, "captain-confirm", number=1), {"code": ""}, **DE)
    assert response.status_code == 400
    assert not Hand.objects.get(table=table, number=1).confirmed_by_opponents


def test_a_captain_asks_for_a_correction_and_the_desk_shows_it(client, organizer_client, table):
    hand = entered(table)
    event = table.round.event
    url = captain_url(table, "captain-correction", number=1)
    assert f'href="{url}"' in client.get(captain_url(table), **DE).content.decode()
    page = client.get(url, **DE).content.decode()
    assert "Um Korrektur bitten" in page and "Was ist falsch?" in page
    assert client.post(url, {"text": "  "}, **DE).status_code == 400
    response = client.post(url, {"text": "Tichu von Sitz 2, nicht Sitz 1"}, **DE)
    assert response.status_code == 302
    assert Hand.objects.get(pk=hand.pk).correction_request == "Tichu von Sitz 2, nicht Sitz 1"
    html = client.get(captain_url(table), **DE).content.decode()
    assert "Die Turnierleitung ist gebeten, Spiel 1 zu korrigieren." in html
    assert "Korrektur erbeten" in html

    desk = organizer_client.get(reverse("organizer-desk", args=[event.pk]), **DE)
    html = desk.content.decode()
    box = re.search(r'id="correction-requests".*?</section>', html, re.S).group(0)
    assert "Bitten um Korrektur" in box
    assert f"Runde 1, Tisch {table.number}, Spiel 1" in box
    assert "Tichu von Sitz 2, nicht Sitz 1" in box
    correct = reverse("organizer-hand", args=[event.pk, table.pk, 1])
    assert f'href="{correct}"' in box
    card = re.search(rf'id="desk-table-{table.number}".*?</section>', html, re.S).group(0)
    assert "Korrektur erbeten" in card
    # the organizer's correction answers the request: gone from the desk
    hand_page = organizer_client.get(correct, **DE).content.decode()
    assert "Der Tischkapitän bittet um Korrektur:" in hand_page
    response = organizer_client.post(
        correct,
        {"number": "1", "cp_0": "60", "first_out": "0", "reason": "Bitte des Tischkapitäns"},
    )
    assert response.status_code == 302
    assert Hand.objects.get(pk=hand.pk).correction_request == ""
    desk = organizer_client.get(reverse("organizer-desk-tables", args=[event.pk]), **DE)
    assert 'id="correction-requests"' not in desk.content.decode()


def test_the_organizer_dismisses_a_request_from_the_desk(
    client, organizer_client, table, other_organizer
):
    hand = entered(table)
    event = table.round.event
    client.post(captain_url(table, "captain-correction", number=1), {"text": "falsch"})
    dismiss = reverse("organizer-request-dismiss", args=[event.pk, hand.pk])
    html = organizer_client.get(reverse("organizer-desk", args=[event.pk])).content.decode()
    assert f'action="{dismiss}"' in html
    other = Client()
    other.force_login(other_organizer)
    assert other.post(dismiss).status_code == 403  # not their event
    assert Hand.objects.get(pk=hand.pk).correction_request == "falsch"
    response = organizer_client.post(dismiss, **DE)
    assert response.status_code == 302
    assert Hand.objects.get(pk=hand.pk).correction_request == ""
    assert Hand.objects.get(pk=hand.pk).entry == hand.entry
    html = organizer_client.get(reverse("organizer-desk", args=[event.pk]), **DE).content.decode()
    assert 'id="correction-requests"' not in html
    assert "ist abgelehnt" in html
    history = organizer_client.get(
        reverse("organizer-history", args=[event.pk]), **DE
    ).content.decode()
    assert "Korrektur erbeten („falsch“)" in history
    assert "Bitte um Korrektur abgelehnt" in history
    assert Change.objects.filter(subject="correction_request").count() == 2


def test_the_table_sheet_prints_the_opponents_code(organizer_client, table):
    event = table.round.event
    pdf = organizer_client.get(reverse("organizer-sheets", args=[event.pk, table.round_id]), **DE)
    assert pdf.status_code == 200
    text = pdf_text(pdf.content, layout=False, first=1, last=1)
    assert table.code in text
    assert f"Gegner-Code: {table.opponents_code}" in text
