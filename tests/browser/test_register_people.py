"""Registering a player known from an earlier event by a CSV upload, on a phone, in German and
English: the preview offers the register's people, the exact match preselected and a close
name to choose; the confirmation links both and says so."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.models import Entrant, Player
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor

from .conftest import PHONE, screenshot

CSV = "Name;Verein\nAnna Müller;Berlin\nAnna Maier;\nNeu Ling;\n".encode()
WORDS = {
    "en-US": {
        "exact": "same name and club",
        "close": "a similar name",
        "linked": "Linked to Anna Müller (Berlin), known from 1 event.",
    },
    "de-DE": {
        "exact": "gleicher Name und Verein",
        "close": "ein ähnlicher Name",
        "linked": "Verknüpft mit Anna Müller (Berlin), bekannt von 1 Turnier.",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_known_player_is_linked_from_a_csv_on_a_phone(
    live_server, new_page, django_user_model, locale
):
    owner = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    earlier = event_create(owner=owner, name="March evening", preset="dtm")
    players_register(
        event=earlier,
        names=["Anna Müller", "Anna Meyer", "Bo"],
        clubs=["Berlin", "", ""],
        actor=Actor.organizer(owner),
    )
    event = event_create(owner=owner, name="April evening", preset="dtm")
    anna, meyer = Player.objects.get(name="Anna Müller"), Player.objects.get(name="Anna Meyer")
    base = live_server.url
    page = new_page(PHONE, locale=locale)
    page.goto(f"{base}/login/")
    page.fill("#id_username", "orga")
    page.fill("#id_password", "orga-password-1")
    page.locator("main button[type=submit]").click()
    page.goto(f"{base}/organize/events/{event.pk}/")
    page.set_input_files(
        "#id_file", files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": CSV}]
    )
    page.click("form[action$='/players/'] button[type=submit]")

    words = WORDS[locale]
    first, second = page.locator("#id_person_0"), page.locator("#id_person_1")
    expect(first).to_have_value(str(anna.pk))
    expect(first.locator("option:checked")).to_contain_text(words["exact"])
    expect(first.locator("option:checked")).to_contain_text("March evening")
    expect(second).to_have_value("")
    expect(second.locator(f"option[value='{meyer.pk}']")).to_contain_text(words["close"])
    expect(page.locator("#id_person_2")).to_have_count(0)  # nobody fits: a new person
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"register-link-{locale[:2]}")

    second.select_option(str(meyer.pk))
    page.click("#confirm-players")
    expect(page.locator(".messages")).to_contain_text(words["linked"])
    linked = dict(Entrant.objects.filter(event=event).values_list("name", "player_id"))
    assert linked["Anna Müller"] == anna.pk and linked["Anna Maier"] == meyer.pk
    assert Player.objects.get(pk=linked["Neu Ling"]).name == "Neu Ling"
