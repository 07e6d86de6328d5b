"""Where do I sit: the seating page (everyone A-Z with table and seat), the "find my table"
search, and the projector alternating seating and standings a screen at a time."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import Bye, Entrant, Round, Seat
from tournaments.services.events import players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.views import public
from tournaments.views.seating import search, seating

from .conftest import played

pytestmark = pytest.mark.django_db


def test_everyone_alphabetically_with_table_and_seat(client, organizer):
    event = played(organizer, 9, rounds=1)
    rnd = event.rounds.get(number=1)
    lines = seating(rnd)
    assert [line.name for line in lines] == sorted((line.name for line in lines), key=str.casefold)
    assert len(lines) == 9
    for seat in Seat.objects.filter(table__round=rnd).select_related("entrant", "table"):
        line = next(line for line in lines if line.entrant_id == seat.entrant_id)
        assert (line.table, line.seat) == (seat.table.number, seat.position + 1)
        partner = Seat.objects.get(table=seat.table, position=(seat.position + 2) % 4)
        assert line.partner == partner.entrant.name
    bye = Bye.objects.get(round=rnd)
    assert [line.table for line in lines if line.entrant_id == bye.entrant_id] == [None]
    html = client.get(reverse("event-seating", args=[event.pk, 1])).content.decode()
    names = re.findall(r'<td><a href="/events/\d+/players/\d+/">([^<]+)</a>', html)
    assert names == [line.name for line in lines]
    assert "sits out (bye)" in html


def test_find_my_table(client, organizer):
    event = played(organizer, 8, rounds=1)
    entrant = Entrant.objects.filter(event=event).order_by("pk").first()
    Entrant.objects.filter(pk=entrant.pk).update(name="Zoë Weiß")
    seat = Seat.objects.get(table__round__event=event, entrant=entrant)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert 'role="search"' in page and reverse("event-seating", args=[event.pk, 1]) in page
    html = client.get(reverse("event-seating", args=[event.pk, 1]), {"q": "zoe weiss"})
    html = html.content.decode()
    assert "1 player found" in html and "Zoë Weiß" in html
    assert html.count('<td class="num table-no">') == 1
    assert f'<td class="num table-no">{seat.table.number}</td>' in html
    none = client.get(reverse("event-seating", args=[event.pk, 1]), {"q": "nobody"}).content
    assert "Nobody of that name" in none.decode()
    german = client.get(
        reverse("event-seating", args=[event.pk, 1]), {"q": "zoe"}, HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Sitzplan" in german and "gefunden" in german


def test_search_folds_case_and_accents():
    from tournaments.views.seating import SeatingLine

    lines = [SeatingLine("Émile Zoé", 1, 1, 1), SeatingLine("Anna Groß", 2, 1, 2)]
    assert [line.entrant_id for line in search(lines, "EMILE")] == [1]
    assert [line.entrant_id for line in search(lines, "gross anna")] == [2]


def test_drafts_have_no_public_seating(client, organizer):
    event = played(organizer, 8, rounds=1)
    Round.objects.filter(event=event).update(status=Round.Status.DRAFT)
    assert client.get(reverse("event-seating", args=[event.pk, 1])).status_code == 404


def screen(client, event, number):
    html = client.get(
        reverse("event-projector", args=[event.pk]), {"screen": number}
    ).content.decode()
    following = int(re.search(r"url=\?screen=(\d+)", html).group(1))
    return html, following


def test_projector_alternates_seating_and_standings_page_by_page(client, organizer, monkeypatch):
    monkeypatch.setattr(public, "PROJECTOR_ROWS", 3)  # 6 rows a screen
    event = played(organizer, 8, rounds=1)
    event.format_data = {**event.format_data, "rounds": 2}
    event.save(update_fields=["format_data"])
    actor = Actor.organizer(organizer)
    players_register(
        event=event, names=["Late Lena", "Late Lars", "Late Lotte", "Late Lutz"], actor=actor
    )
    round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    html, following = screen(client, event, 0)
    assert "Seating, round 2" in html and "page 1 of 2" in html and following == 1
    assert html.count('<td class="name">') == 6
    html, following = screen(client, event, 1)
    assert "Seating, round 2" in html and "page 2 of 2" in html and following == 2
    html, following = screen(client, event, 2)
    assert "Standings" in html and "page 1 of 2" in html and following == 3
    html, following = screen(client, event, 3)
    assert "page 2 of 2" in html and following == 0  # and round again
    assert "<a " not in html.split("<main>")[1]  # nothing to click on a screen


def test_projector_without_a_round_in_play_shows_the_standings(client, organizer):
    event = played(organizer, 8, rounds=1)
    Round.objects.filter(event=event).update(status=Round.Status.COMPLETE)
    html, following = screen(client, event, 0)
    assert "Standings" in html and "Seating" not in html and following == 0
    html, _ = screen(client, event, 99)  # any number: a screen of the cycle
    assert "Standings" in html
