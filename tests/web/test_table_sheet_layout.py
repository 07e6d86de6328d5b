"""The printed table sheet keeps every text in its place (issue 14, bug 6): no heading runs into
the next cell, nothing leaves the page, and long names stop before the QR code, in English and
German. Checked on the PDF as poppler reads it (``pdftotext -bbox``: each word's box)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from reportlab.lib.units import mm

from tests.pdf import pdf_words
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair
from tournaments.views.exports import MARGIN, QR_RIGHT, QR_SIZE, sheet_grid

pytestmark = pytest.mark.django_db

PAGE_WIDTH = 210 * mm
LONG = [
    "Maximiliane-Alexandra Freifrau von Hohenzollern-Sigmaringen-Oberschwarzenbach",
    "Bartholomäus Wolfgang Oberhuber-Schwarzenbeck-Königswusterhausen",
    "Émilie-Zoé Ødegård-Świętochowska Ağaoğlu",
    "Li",
]


@pytest.fixture
def sheet_round(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(
        owner=organizer,
        preset="dtm",
        seed=1,
        name="Offene Deutsche Tichu-Meisterschaft der Vereine und "
        "Spielgemeinschaften 2026 – Vorrunde",
    )
    players_register(event=event, names=LONG, actor=actor)
    return event, round_pair(event_id=event.pk, actor=actor)


def overlap(one, other) -> bool:
    return (
        one[0] < other[2] - 0.5
        and other[0] < one[2] - 0.5
        and one[1] < other[3] - 0.5
        and other[1] < one[3] - 0.5
    )


@pytest.mark.parametrize("language, heading", [("en", "Double"), ("de", "Doppelsieg")])
def test_every_text_keeps_to_its_place(organizer_client, sheet_round, language, heading):
    event, rnd = sheet_round
    response = organizer_client.get(
        reverse("organizer-sheets", args=[event.pk, rnd.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    found = pdf_words(response.content)
    texts = [w[4] for w in found]
    assert heading in texts

    for word in found:  # nothing leaves the page's margins
        assert MARGIN * mm - 1 <= word[0] and word[2] <= PAGE_WIDTH - 5 * mm, word
    for i, word in enumerate(found):  # no text runs into another
        for other in found[i + 1 :]:
            assert not overlap(word, other), (word, other)

    qr_left = PAGE_WIDTH - (QR_RIGHT + QR_SIZE) * mm
    qr_bottom = 20 * mm + 48 * mm  # from the top, as pdftotext counts
    for word in found:  # the names and titles left of the QR code stop before it
        if word[1] < qr_bottom and word[0] < qr_left:
            assert word[2] <= qr_left, word

    edges = [MARGIN * mm]
    table = rnd.tables.order_by("number").first()
    with translation.override(language):
        grid = sheet_grid(event.format.game, {s.position: s.label for s in table.seats.all()})
    for _column, width in grid:
        edges.append(edges[-1] + width * mm)
    header = max((w for w in found if w[4] in ("Hand", "Spiel")), key=lambda w: w[1])
    cells = list(zip(edges, edges[1:], strict=False))
    for word in found:  # each heading's words inside one cell of the grid
        if abs(word[1] - header[1]) < 12 and word[1] > qr_bottom:
            assert any(a <= word[0] and word[2] <= b for a, b in cells), word

    # the long names are there, whole or cut with an ellipsis, never running on
    assert any(t.startswith("Maximiliane") for t in texts)
