"""The organizer's printouts (issue 23), read back as poppler reads them (``pdftotext``): the
standings with the game's columns, the event's tie-breaks, credits marked and who did not play
apart; a round's seating A-Z in German order; a round's results for the wall, landscape and
large; each table's header row repeated on the next page of a long list, in German on request,
and linked from the organizer's pages."""

from __future__ import annotations

import re
import subprocess

import pytest
from django.urls import reverse

from tests.pdf import pdf_pages, pdf_words
from tournaments.models import StandingRow
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish

from .conftest import played
from .test_standings_apart import day

pytestmark = pytest.mark.django_db


def page_size(pdf: bytes) -> tuple[float, float]:
    info = subprocess.run(
        ["/usr/bin/pdfinfo", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    width, height = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups()
    return float(width), float(height)


def word_heights(pdf: bytes, word: str) -> list[float]:
    """The heights (points) of ``word`` as poppler boxes it on the first page."""
    return [found.y1 - found.y0 for found in pdf_words(pdf) if found.text == word]


def test_final_standings_with_tiebreaks_credits_and_who_did_not_play(client, organizer):
    event = day(organizer)
    event_finish(event_id=event.pk, actor=Actor.organizer(organizer))
    (text,) = pdf_pages(client.get(reverse("event-standings-pdf", args=[event.pk])).content)
    assert "Final standings" in text
    assert re.search(r"Rank\s+Name\s+VP\s+TP\s+Double\s+Hands", text)
    credited = (
        StandingRow.objects.filter(event=event, byes__gt=0)
        .exclude(adjustment_vp=0)
        .select_related("entrant")
        .first()
    )
    assert f"{credited.byes} bye" in text and f"credited {credited.adjustment_vp:+d} VP" in text
    body, apart = text.split("Did not play")
    assert "Otto" in apart and "Otto" not in body
    for row in StandingRow.objects.filter(event=event).exclude(entrant__name="Otto"):
        line = next(line for line in body.splitlines() if row.entrant.name in line)
        numbers = re.findall(r"-?\d+", line.split(row.entrant.name, 1)[1])
        assert numbers[:4] == [
            str(row.victory_points),
            str(row.tichu_points),
            str(row.tiebreaks["double_victories"]),
            str(row.hands_played),
        ]
    german = pdf_pages(
        client.get(
            reverse("event-standings-pdf", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
        ).content
    )[0]
    assert "Endstand" in german and "Nicht gespielt" in german and "Doppelsiege" in german
    assert "Freilos, gutgeschrieben" in german and re.search(r"Rang\s+Name\s+SP\s+TP", german)


def test_a_long_standings_list_repeats_its_header_on_the_next_page(client, organizer):
    event = played(organizer, 64, rounds=1)
    texts = pdf_pages(client.get(reverse("event-standings-pdf", args=[event.pk])).content)
    assert len(texts) >= 2
    for text in texts:
        assert re.search(r"Rank\s+Name\s+VP\s+TP\s+Hands", text)
        assert "Played 64" in text and "provisional" in text
    assert "Page 2" in texts[1]
    names = [row.entrant.name for row in StandingRow.objects.filter(event=event)]
    assert sum(name in "".join(texts) for name in names) == 64


def test_the_seating_list_is_a_to_z_in_german_order_over_pages(organizer_client, organizer):
    names = [
        "Zoë Zander",
        "Änne Adler",
        "Otto Ober",
        "Özil Olm",
        "Bernd Bauer",
        "Ulla Ute",
        *(f"Spieler {n:02d}" for n in range(58)),
    ]
    event = played(organizer, 64, rounds=0, names=names, open_round=True)
    rnd = event.rounds.get(number=1)
    url = reverse("organizer-seating-pdf", args=[event.pk, rnd.pk])
    texts = pdf_pages(organizer_client.get(url).content)
    assert len(texts) >= 2
    for text in texts:
        assert re.search(r"Name\s+Table\s+Seat\s+Partner", text)
    order = [
        name
        for text in texts
        for line in text.splitlines()
        for name in names
        if line.strip().startswith(name)
    ]
    assert order[:4] == ["Änne Adler", "Bernd Bauer", "Otto Ober", "Özil Olm"]
    assert order[-2:] == ["Ulla Ute", "Zoë Zander"] and len(order) == 64
    german = pdf_pages(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content)
    assert "Sitzplan, Runde 1" in german[0] and re.search(r"Name\s+Tisch\s+Platz", german[1])
    page = organizer_client.get(reverse("organizer-round", args=[event.pk, rnd.pk]))
    assert url in page.content.decode()


def test_round_results_for_the_wall_are_large_and_landscape(organizer_client, organizer):
    event = played(organizer, 8, rounds=1)
    rnd = event.rounds.get(number=1)
    url = reverse("organizer-results-pdf", args=[event.pk, rnd.pk])
    pdf = organizer_client.get(url).content
    width, height = page_size(pdf)
    assert width > height  # landscape
    (text,) = pdf_pages(pdf)
    assert "Results, round 1" in text and re.search(r"Table\s+Players\s+TP\s+VP", text)
    for table in rnd.tables.all():
        for seat in table.seats.all():
            assert seat.entrant.name in text
    assert min(word_heights(pdf, "Table")) > 14  # 16 pt: read from two metres
    german = pdf_pages(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content)[0]
    assert "Ergebnisse, Runde 1" in german and re.search(r"Tisch\s+Spieler", german)
    page = organizer_client.get(reverse("organizer-round", args=[event.pk, rnd.pk]))
    assert url in page.content.decode()
    event_page = organizer_client.get(reverse("organizer-event", args=[event.pk]))
    assert url in event_page.content.decode()


def test_printouts_are_the_organizers_only(client, other_organizer, organizer):
    event = played(organizer, 8, rounds=1)
    rnd = event.rounds.get(number=1)
    urls = [
        reverse(name, args=[event.pk, rnd.pk])
        for name in ("organizer-seating-pdf", "organizer-results-pdf")
    ]
    for url in urls:
        assert client.get(url).status_code == 302  # to the login
    client.force_login(other_organizer)
    for url in urls:
        assert client.get(url).status_code in (403, 404)


def test_printouts_are_named_after_their_title_in_the_readers_language(organizer_client, organizer):
    """Issue 23: a German organizer's downloads had English file names ("round-1-seating")."""
    event = played(organizer, 8, rounds=1)
    rnd = event.rounds.get(number=1)
    printouts = {
        reverse("organizer-seating-pdf", args=[event.pk, rnd.pk]): (
            "seating-round-1",
            "sitzplan-runde-1",
        ),
        reverse("organizer-results-pdf", args=[event.pk, rnd.pk]): (
            "results-round-1",
            "ergebnisse-runde-1",
        ),
        reverse("event-standings-pdf", args=[event.pk]): (
            "standings-after-round-1-provisional",
            "tabelle-nach-runde-1-vorlaufig",
        ),
    }
    for url, (english, german) in printouts.items():
        for language, name in (("en", english), ("de", german)):
            response = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response["Content-Disposition"] == f'inline; filename="played-8-{name}.pdf"'
    event_finish(event_id=event.pk, actor=Actor.organizer(organizer))
    response = organizer_client.get(reverse("event-standings-pdf", args=[event.pk]))
    assert response["Content-Disposition"] == 'inline; filename="played-8-final-standings.pdf"'
