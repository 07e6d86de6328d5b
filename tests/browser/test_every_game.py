"""Every game on the pages its people use, in the browser (issue 22): an event of each game
(the toy game of ``tests/games`` too), played by the engine's bots through the captains' path,
read by an organizer and the public at phone width and at 1080p, in English and German. Each
page shows that game's own columns, with the numbers stored for its hands and standings, and no
other game's."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.games.conftest import GAME_NAMES, game_named, play
from tests.pdf import pdf_text
from tournaments.games import hand_table
from tournaments.models import Round, StandingRow

from .conftest import PHONE, SCREENSHOTS

FULL_HD = {"width": 1920, "height": 1080}
PASSWORD = "orga-password-1"


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user(username="orga", password=PASSWORD)


@pytest.fixture(params=GAME_NAMES)
def game(request, monkeypatch):
    """Each game in turn, the toy of ``tests/games`` too."""
    return game_named(request.param, monkeypatch)


def _shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def _labels(columns, language: str) -> list[str]:
    with translation.override(language):
        return [str(column.label) for column in columns]


def test_each_game_shows_its_own_columns_and_numbers(game, live_server, new_page, organizer):
    event = play(game, organizer, rounds=1)
    game = event.format.game
    rnd = Round.objects.get(event=event, number=1)
    table = rnd.tables.order_by("number").first()
    seats = list(table.seats.order_by("position").select_related("entrant", "player"))
    names = {seat.position: seat.label for seat in seats}
    rows = hand_table(
        event.format,
        names,
        list(table.hands.order_by("number").prefetch_related("seat_credits")),
        round_number=1,
    )
    leader = StandingRow.objects.filter(event=event).order_by("-victory_points").first()
    base = live_server.url
    for language, locale in (("en", "en-US"), ("de", "de-DE")):
        hand_labels = _labels(game.hand_columns, language)
        standing_labels = _labels(game.standing_columns, language)
        for label, viewport in (("phone", PHONE), ("1080p", FULL_HD)):
            page = new_page(viewport, locale=locale)
            page.goto(f"{base}/organize/")
            page.fill("#id_username", "orga")
            page.fill("#id_password", PASSWORD)
            page.click("button[type=submit]")

            page.goto(f"{base}/organize/events/{event.pk}/tables/{table.pk}/")
            headings = page.locator("table.hand-rows thead tr").nth(1).locator("th")
            expect(headings).to_have_count(rows.width)
            assert headings.all_inner_texts() == hand_labels * len(rows.sides)
            first = page.locator("table.hand-rows tbody tr").first.locator("td.num")
            assert first.all_inner_texts() == [
                "–" if v is None else str(v) for v in rows.rows[0].cells
            ]
            _shot(page, f"{game.name}-{language}-{label}-organizer-table")

            page.goto(f"{base}/organize/events/{event.pk}/desk/")
            expect(page.locator(".desk-table")).to_have_count(rnd.tables.count())

            page.goto(f"{base}/events/{event.pk}/rounds/1/")
            card = page.locator(f"#table-{table.number} table.sides")
            expect(card.locator("tbody tr")).to_have_count(len(rows.sides))
            assert card.locator("thead th").all_inner_texts()[1:] == _labels(
                game.total_columns, language
            )
            _shot(page, f"{game.name}-{language}-{label}-public-round")

            page.goto(f"{base}/events/{event.pk}/")
            header = page.locator("table.standings thead th").all_inner_texts()
            assert header[2 : 2 + len(standing_labels)] == standing_labels
            row = page.locator(f"table.standings tr[data-entrant='{leader.entrant_id}']")
            expect(row.locator("td.num").nth(1)).to_have_text(str(leader.victory_points))
            _shot(page, f"{game.name}-{language}-{label}-public-event")
            for other in ("TP A", "Team A", "Team B"):
                expect(page.locator("body")).not_to_contain_text(other)

        sheets = page.request.get(f"{base}/organize/events/{event.pk}/rounds/{rnd.pk}/sheets.pdf")
        assert sheets.status == 200
        text = pdf_text(sheets.body())
        assert all(seat.entrant.display_name.split()[0] in text for seat in seats)
        for kind in ("results", "standings"):
            assert (
                page.request.get(f"{base}/organize/events/{event.pk}/export/{kind}.csv").status
                == 200
            )
