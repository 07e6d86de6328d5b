"""The organizer's table page on a phone (issue 23): the links to correct or enter a hand are on
the screen, not hidden at the far end of a table that scrolls sideways in its box."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.conftest import played
from tournaments.models import Table

from .conftest import PHONE


@pytest.mark.django_db(transaction=True)
def test_the_correct_links_of_a_table_are_on_a_phones_screen(
    live_server, new_page, django_user_model
):
    orga = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    event = played(orga, 8, rounds=1)
    table = Table.objects.filter(round__event=event).order_by("number").first()
    page = new_page(PHONE, locale="de-DE")
    base = live_server.url
    page.goto(f"{base}/login/")
    page.fill("#id_username", "orga")
    page.fill("#id_password", "orga-password-1")
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{base}/organize/")
    page.goto(f"{base}/organize/events/{event.pk}/tables/{table.pk}/")
    links = page.get_by_role("link", name="korrigieren")
    expect(links).to_have_count(event.format.hands_per_round)
    for index in range(links.count()):
        box = links.nth(index).bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"], box
    links.first.click()
    expect(page.locator("h1")).to_contain_text("Spiel 1")
