"""The series pages: the public table in English and German (places, points, struck dropped
results, the qualified), its PDF and XLSX, the organizer's form and its refusals, and a number
of queries that does not grow with the people."""

from __future__ import annotations

import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tests.pdf import pdf_text
from tournaments.models import Event, League, Register, Season, Series
from tournaments.selectors.series import table_of
from tournaments.services.people import own_register, person_update
from tournaments.services.series import SeriesSettings, series_create
from tournaments.views.series_files import result_text

from .conftest import finished

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def series(organizer, season) -> Series:
    return series_create(
        register=own_register(organizer),
        user=organizer,
        settings=SeriesSettings(name="Club season", best_k=1, qualifying=3),
        events=season,
    )


def test_the_table_in_english_and_german(client, series):
    table = table_of(series, public=True)
    leader = table.rows[0]
    url = reverse("series", args=[series.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Club season" in english and leader.person.name in english
    assert "The best event of each player counts." in english
    assert english.count('class="badge ok">qualified<') == sum(
        row.line.qualified for row in table.rows
    )
    # the 8 who played both evenings have one of them struck (best 1 of 2)
    assert english.count('<s class="dropped"') == 8
    assert "Evening 1" in english and "Table as PDF" in english
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in german
    assert "Punkte nach Platz, skaliert mit dem Teilnehmerfeld" in german
    assert "qualifiziert" in german and "nicht gewertet" in german
    assert "Tabelle als PDF" in german
    assert re.search(r">[0-9]+,[0-9]<", german)  # points with a decimal comma: 91,7


def test_each_name_links_to_the_person_s_page_and_the_total_comes_first(client, series):
    """On a phone the table scrolls sideways: the total stands beside the name, before the
    events' columns, and each name opens the person's page."""
    leader = table_of(series, public=True).rows[0]
    html = client.get(reverse("series", args=[series.pk])).content.decode()
    assert f'<a href="{reverse("person", args=[leader.person.public_id])}">' in html
    header = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    assert header.index("Points") < header.index(">1<")


def test_hidden_people_are_shown_to_the_register_s_organizers_only(client, organizer, series):
    leader = table_of(series, public=True).rows[0].person
    person_update(series.register.people.get(pk=leader.id), hidden=True)
    url = reverse("series", args=[series.pk])
    assert f'data-person="{leader.id}"' not in client.get(url).content.decode()
    client.force_login(organizer)
    html = client.get(url).content.decode()
    assert f'data-person="{leader.id}"' in html and ">hidden<" in html


def test_the_pdf_carries_the_table(client, series):
    table = table_of(series, public=True)
    response = client.get(reverse("series-pdf", args=[series.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Club season" in text and "Serientabelle" in text
    assert table.rows[0].person.name in text and "qualifiziert" in text
    assert "1. Evening 1" in text and "2. Evening 2" in text
    # each event's cell on one line: the columns were as wide as their heading ("1"), and
    # "68,8 (6.)" wrapped a character a line
    with translation.override("de"):
        cells = [result_text(cell) for row in table.rows for cell in row.cells if cell]
    assert cells and all(cell in text for cell in cells)


def test_the_xlsx_has_places_and_points_per_event_and_strikes_the_dropped(client, series):
    table = table_of(series, public=True)
    response = client.get(reverse("series-file", args=[series.pk, "xlsx"]))
    assert response["Content-Disposition"].endswith('.xlsx"')
    sheet = load_workbook(io.BytesIO(response.content)).active
    header = [cell.value for cell in sheet[1]]
    assert header[:3] == ["Rank", "Name", "Club"]
    assert header[3:7] == [
        "Evening 1: place",
        "Evening 1: points",
        "Evening 2: place",
        "Evening 2: points",
    ]
    assert header[7:] == ["Points", "Wins", "Second places", "Qualified"]
    rows = list(sheet.iter_rows(min_row=2))
    assert len(rows) == len(table.rows) == 12
    for cells, row in zip(rows, table.rows, strict=True):
        assert cells[1].value == row.person.name and cells[0].value == row.line.rank
        assert cells[7].value == float(row.line.total) / 10
        for index, result in enumerate(row.cells):
            points = cells[4 + 2 * index]
            if result is None:
                assert points.value is None
            else:
                assert points.value == result.points / 10
                assert bool(points.font.strike) == (not result.counted)
    assert client.get(reverse("series-file", args=[series.pk, "ods"])).status_code == 404


def test_the_csv_is_german_with_a_decimal_comma(client, series):
    response = client.get(
        reverse("series-file", args=[series.pk, "csv"]), HTTP_ACCEPT_LANGUAGE="de"
    )
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeffRang;Name;")
    assert "(" in text  # a dropped result in brackets


def test_queries_do_not_grow_with_the_people(client, organizer, other_organizer):
    """Two registers, each a series of two evenings: 8 people, then 24."""
    counts = []
    for owner, size in ((organizer, 8), (other_organizer, 24)):
        events = [finished(owner, size, name=f"{size} {n}") for n in (1, 2)]
        series = series_create(
            register=own_register(owner),
            user=owner,
            settings=SeriesSettings(name="Season", best_k=1),
            events=events,
        )
        assert len(table_of(series, public=True).rows) == size
        for name in ("series", "series-pdf", "api-series-standings"):
            client.get(reverse(name, args=[series.pk]))  # rankings numbered once per change
        with CaptureQueriesContext(connection) as page:
            assert client.get(reverse("series", args=[series.pk])).status_code == 200
        with CaptureQueriesContext(connection) as api:
            assert client.get(reverse("api-series-standings", args=[series.pk])).status_code == 200
        counts.append((len(page), len(api)))
    assert counts[0] == counts[1], counts


def test_the_organizer_makes_edits_and_deletes_a_series(client, organizer, other_organizer):
    register = own_register(organizer)
    ours = Event.objects.create(name="Ours", owner=organizer, register=register, format_data={})
    client.force_login(organizer)
    dashboard = client.get(reverse("organizer-home")).content.decode()
    assert reverse("organizer-series") in dashboard
    new = reverse("organizer-series-new")
    refused = client.post(
        new, {"name": "Circuit", "points": "table", "points_table": "25-20-22", "qualifying": 0}
    )
    assert refused.status_code == 400
    assert "Place 3 cannot give more points than place 2." in refused.content.decode()
    assert not Series.objects.exists()
    made = client.post(
        new,
        {
            "name": "Circuit",
            "points": "table",
            "points_table": "25-20-16-12,5",
            "best_k": 4,
            "qualifying": 2,
            "events": [ours.pk],
        },
    )
    series = Series.objects.get()
    assert made.status_code == 302 and made["Location"] == reverse("series", args=[series.pk])
    assert series.points_table == [25, 20, 16, 12.5] and list(series.events.all()) == [ours]
    edit = reverse("organizer-series-edit", args=[series.pk])
    assert "25-20-16-12.5" in client.get(edit).content.decode()
    client.post(edit, {"name": "Circuit 2026", "points": "field", "qualifying": 0})
    series.refresh_from_db()
    assert series.name == "Circuit 2026" and series.events.count() == 0
    client.force_login(other_organizer)
    assert client.get(edit).status_code == 403
    client.force_login(organizer)
    delete = reverse("organizer-series-delete", args=[series.pk])
    assert "Delete the series Circuit 2026?" in client.get(delete).content.decode()
    client.post(delete)
    assert not Series.objects.exists()


def test_the_form_refuses_an_event_of_another_register_on_its_field(
    client, organizer, other_organizer
):
    mine = own_register(organizer)
    shared = Register.objects.create(name="Association", owner=other_organizer)
    shared.organizers.add(organizer)  # the organizer keeps two registers
    theirs = Event.objects.create(name="Theirs", owner=other_organizer, register=shared)
    client.force_login(organizer)
    response = client.post(
        reverse("organizer-series-new"),
        {
            "register": mine.pk,
            "name": "Mixed",
            "points": "field",
            "qualifying": 0,
            "events": [theirs.pk],
        },
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    assert "gehört zu einem anderen Register" in response.content.decode()
    assert not Series.objects.exists()


def test_a_league_page_offers_its_owner_a_series_of_the_seasons(client, organizer):
    league = League.objects.create(name="Berlin league", owner=organizer)
    event = finished(organizer, 4, preset="league", name="Season 1")
    event.season = Season.objects.create(name="1", league=league)
    event.save(update_fields=["season"])
    page = reverse("league", args=[league.pk])
    assert "league-series" not in client.get(page).content.decode()  # nothing for the public
    client.force_login(organizer)
    assert "A series of the seasons" in client.get(page).content.decode()
    made = client.post(reverse("organizer-league-series", args=[league.pk]))
    series = Series.objects.get()
    assert made["Location"] == reverse("series", args=[series.pk])
    client.logout()
    assert reverse("series", args=[series.pk]) in client.get(page).content.decode()
