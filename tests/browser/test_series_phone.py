"""A series table on a phone (390px), in German: the page is no wider than the screen (the
table scrolls in its own box), the leader's name and total and the qualified mark are on it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.series.conftest import finished
from tournaments.selectors.series import table_of
from tournaments.services.people import own_register
from tournaments.services.series import SeriesSettings, series_create

from .conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_series_table_fits_a_phone(live_server, new_page, organizer):
    season = [finished(organizer, 8, name="Abend 1"), finished(organizer, 12, name="Abend 2")]
    series = series_create(
        register=own_register(organizer),
        user=organizer,
        settings=SeriesSettings(name="Vereinsserie", best_k=1, qualifying=2),
        events=season,
    )
    leader = table_of(series, public=True).rows[0]
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/series/{series.pk}/")
    expect(page.locator("h1")).to_have_text("Vereinsserie")
    row = page.locator(f'tr[data-person="{leader.person.id}"]')
    expect(row).to_contain_text(leader.person.name)
    expect(row).to_contain_text("qualifiziert")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    name = row.locator("td").nth(1).bounding_box()
    assert name is not None and name["x"] + name["width"] <= PHONE["width"], name
