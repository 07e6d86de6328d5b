"""Nothing destructive in one tap, in the browser (issue 23): a German organizer on a phone, with
JavaScript off (the confirmations are pages of the server), cancels a withdrawal, then finishes
a day cut short: the confirmation names the open table, offers how to close it, and one button
closes it and finishes the event."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.conftest import played
from tournaments.models import Entrant, Event, Table
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor

from .conftest import PHONE


@pytest.mark.django_db(transaction=True)
def test_a_german_organizer_confirms_on_a_phone_without_javascript(
    live_server, browser, django_user_model
):
    orga = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    event = played(orga, 8, rounds=1, open_round=True)
    Event.objects.filter(pk=event.pk).update(format_data={**event.format_data, "rounds": 3})
    first, second = event.rounds.get(number=2).tables.order_by("number")
    for table, hands in ((first, 4), (second, 2)):
        for number in range(1, hands + 1):
            hand_record(
                table_id=table.pk,
                number=number,
                entry={"card_points": [60, 40]},
                actor=Actor.captain(table),
            )
    context = browser.new_context(viewport=PHONE, locale="de-DE", java_script_enabled=False)
    context.set_default_timeout(15_000)
    page = context.new_page()
    base = live_server.url
    try:
        page.goto(f"{base}/login/")
        page.fill("#id_username", "orga")
        page.fill("#id_password", "orga-password-1")
        page.locator("main button[type=submit]").click()
        page.goto(f"{base}/organize/events/{event.pk}/")

        # the withdraw button asks, and "Abbrechen" leaves the player in
        player = Entrant.objects.filter(event=event).order_by("pk").first()
        page.locator(f"a[href$='/entrants/{player.pk}/withdraw/']").click()
        expect(page.locator("h1")).to_have_text(f"{player.name} vom Turnier abmelden?")
        expect(page.locator("#confirmation")).to_contain_text(
            f"{player.name} wird ab Runde 3 nicht mehr ausgelost."
        )
        page.click("#cancel")
        expect(page.locator("h1")).to_contain_text(event.name)
        assert Entrant.objects.get(pk=player.pk).active

        # finishing with table 2 open: the confirmation offers to close it
        page.click("#finish-early")
        expect(page.locator("h1")).to_have_text(f"{event.name} jetzt beenden?")
        expect(page.locator("#open-table-2")).to_contain_text("Eingetragen: 2 von 4 Spielen")
        expect(page.locator("#open-table-1")).to_have_count(0)
        expect(page.locator("#confirm")).to_have_text("1 Tisch schließen und Turnier beenden")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        page.select_option(f"#id_close_{second.pk}", "forfeited-1")
        page.fill("#id_reason", "Saal schließt")
        page.click("#confirm")
        expect(page.locator(".messages")).to_contain_text("Die Tabelle ist endgültig")
    finally:
        context.close()
    event.refresh_from_db()
    second.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert (second.status, second.forfeited_by) == (Table.Status.FORFEITED, 1)
