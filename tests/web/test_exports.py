"""Exports parse back: CSV with the csv module, XLSX with openpyxl, PDF by its header and pages."""

from __future__ import annotations

import csv
import io
import re

import openpyxl
import pytest
from django.urls import reverse

from tournaments import selectors
from tournaments.models import Hand, Player, StandingRow

pytestmark = pytest.mark.django_db


def export(client, event, kind, fmt):
    response = client.get(reverse("organizer-export", args=[event.pk, kind, fmt]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    return response


def test_standings_csv(organizer_client, played_event):
    response = export(organizer_client, played_event, "standings", "csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    stored = list(selectors.standing_rows(played_event))
    assert rows[0][:4] == ["Rank", "Name", "VP", "TP"]
    assert [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows[1:]] == [
        (s.rank, s.entrant.name, s.victory_points, s.tichu_points) for s in stored
    ]


def test_results_csv_has_every_hand(organizer_client, played_event):
    response = export(organizer_client, played_event, "results", "csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(rows) - 1 == Hand.objects.filter(table__round__event=played_event).count()
    header = rows[0]
    tp_a = header.index("TP A")
    first = (
        Hand.objects.filter(table__round__event=played_event)
        .order_by("table__round__number", "table__number", "number")
        .first()
    )
    assert int(rows[1][tp_a]) == first.tp_0


@pytest.mark.parametrize("kind", ["standings", "results"])
def test_xlsx(organizer_client, played_event, kind):
    response = export(organizer_client, played_event, kind, "xlsx")
    workbook = openpyxl.load_workbook(io.BytesIO(response.content))
    sheet = workbook.active
    rows = list(sheet.iter_rows(values_only=True))
    expected = (
        StandingRow.objects.filter(event=played_event).count()
        if kind == "standings"
        else Hand.objects.filter(table__round__event=played_event).count()
    )
    assert len(rows) - 1 == expected
    if kind == "standings":
        top = selectors.standing_rows(played_event).first()
        assert rows[1][1] == top.entrant.name and rows[1][2] == top.victory_points


def test_formulas_are_neutralised(organizer_client, played_event):
    entrant = played_event.entrants.first()
    entrant.name = '=HYPERLINK("x")'
    entrant.save()
    content = export(organizer_client, played_event, "standings", "csv").content.decode()
    assert "'=HYPERLINK" in content


def test_unknown_export_is_404(organizer_client, played_event):
    assert (
        organizer_client.get(
            reverse("organizer-export", args=[played_event.pk, "codes", "csv"])
        ).status_code
        == 404
    )
    assert (
        organizer_client.get(
            reverse("organizer-export", args=[played_event.pk, "standings", "pdf"])
        ).status_code
        == 404
    )


def test_table_sheets_pdf_one_page_per_table(organizer_client, running_event):
    rnd = running_event.rounds.first()
    Player.objects.filter(pk=rnd.tables.first().seats.first().entrant.player_id).update(
        name="Zoë Ødegård 李"
    )
    response = organizer_client.get(reverse("organizer-sheets", args=[running_event.pk, rnd.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pdf = response.content
    assert pdf.startswith(b"%PDF-")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == rnd.tables.count() == 2


def test_exports_are_for_the_organizer_only(client, other_organizer, played_event):
    url = reverse("organizer-export", args=[played_event.pk, "results", "csv"])
    sheets = reverse("organizer-sheets", args=[played_event.pk, played_event.rounds.first().pk])
    assert client.get(url).status_code == 302
    assert client.get(sheets).status_code == 302
    client.force_login(other_organizer)
    assert client.get(url).status_code == 403
    assert client.get(sheets).status_code == 403
