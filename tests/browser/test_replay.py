"""A hand replayed in the browser: on a phone (390px) in German, from the round's page to a
bots' hand, stepped forward with a tap and the arrow key, back, through a trick to the score;
and a Grand Seigneur table of five on a 1080p screen in English, every seat around the table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import Hand
from tournaments.simulation import simulate_event

from .conftest import PHONE, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

FULL_HD = {"width": 1920, "height": 1080}


def test_a_hand_replayed_on_a_phone_in_german(live_server, new_page, organizer):
    event = simulate_event(preset="dtm", entrants=8, seed=3, owner=organizer, rounds=1).event
    hand = Hand.objects.filter(table__round__event=event, table__number=1, number=1).get()
    steps = len(hand.play_record["actions"])
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/1/")
    table = page.locator("#table-1")
    table.locator("summary").click()
    table.locator('tr[data-hand="1"] a.replay-link').click()
    expect(page.locator("h1")).to_have_text("Tisch 1, Spiel 1: Wiedergabe")
    count = page.locator(".replay-count")
    expect(count).to_have_text(f"Schritt 0 von {steps}")
    expect(page.locator(".replay-caption")).to_have_text("Die Karten werden gegeben.")
    expect(page.locator(".seat")).to_have_count(4)
    expect(page.locator(".seat").first.locator(".c")).to_have_count(14)

    forward = page.get_by_role("button", name="Schritt vor")
    forward.click()  # a tap on a phone
    expect(count).to_have_text(f"Schritt 1 von {steps}")
    page.keyboard.press("ArrowRight")
    expect(count).to_have_text(f"Schritt 2 von {steps}")
    page.keyboard.press("ArrowLeft")
    expect(count).to_have_text(f"Schritt 1 von {steps}")
    page.get_by_role("button", name="Schritt zurück").click()
    expect(count).to_have_text(f"Schritt 0 von {steps}")

    plays = page.locator(".replay-trick:not(.past) li.play:not(.pass)")
    while plays.count() < 2:  # on through the exchange to a trick with two plays
        page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-trick-title")).to_have_text(re.compile(r"^Stich \d+$"))
    expect(plays.first.locator(".c").first).to_be_visible()
    expect(page.locator(".replay-caption")).to_contain_text(" spielt ")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "replay-phone-de")

    page.keyboard.press("End")
    expect(count).to_have_text(f"Schritt {steps} von {steps}")
    score = page.locator(".replay-score")
    expect(score).to_be_visible()
    expect(score).to_contain_text("Ergebnis")
    expect(score.locator("li").first).to_contain_text(
        re.compile(r"Kartenpunkte|Doppelsieg", re.IGNORECASE)
    )
    expect(forward).to_be_disabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.reload()  # the step is kept in the address
    expect(count).to_have_text(f"Schritt {steps} von {steps}")


def test_a_grand_seigneur_hand_around_the_table_at_1080p(live_server, new_page, organizer):
    event = simulate_event(
        preset="grand_seigneur", entrants=5, seed=2, owner=organizer, rounds=1
    ).event
    hand = Hand.objects.filter(table__round__event=event, number=2).select_related("table").get()
    page = new_page(FULL_HD)
    page.goto(
        f"{live_server.url}/events/{event.pk}/rounds/1/tables/{hand.table.number}/hands/2/replay/"
        "#step-30"
    )
    expect(page.locator(".replay-count")).to_contain_text("Step 30 of ")
    expect(page.locator(".seat")).to_have_count(5)
    top = page.locator(".replay-row.top .seat").first.bounding_box()
    middle = page.locator(".replay-table").bounding_box()
    bottom = page.locator(".replay-row.bottom .seat").first.bounding_box()
    assert top and middle and bottom
    assert top["y"] < middle["y"] < bottom["y"]  # the seats round the table
    assert bottom["y"] + bottom["height"] <= FULL_HD["height"]  # one screen
    screenshot(page, "replay-1080p-en")
    page.keyboard.press("End")
    expect(page.locator(".replay-score li")).to_have_count(5)
    expect(page.locator(".replay-score li").first).to_contain_text("1. ")
    expect(page.locator(".replay-score li").first).to_contain_text("placing points")


def test_a_duplicate_board_replayed_from_its_traveller_on_a_phone(live_server, new_page, organizer):
    """The bots' duplicate event: the public traveller of board 1 (its round complete) links
    each table's play; one is stepped through, the exchange of the board's cards and a trick,
    to its score, at phone width in German."""
    event = simulate_event(preset="duplicate", entrants=6, seed=4, owner=organizer, rounds=1).event
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/events/{event.pk}/boards/1/")
    rows = page.locator("#traveller tbody tr")
    expect(rows).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for cell in ("td.result", "td.mp", "td.value-ew"):  # every figure in sight, no scrolling
        box = rows.first.locator(cell).bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"], cell
    expect(rows.first.locator("td.value-ew")).to_have_attribute("data-label", "% OW")
    expect(page.locator(".board-hands")).to_contain_text("Sterne")  # the hands worded
    screenshot(page, "duplicate-traveller-public-de")
    rows.first.locator("a.replay-link").click()
    expect(page.locator("h1")).to_contain_text("Wiedergabe")
    count = page.locator(".replay-count")
    expect(count).to_contain_text("Schritt 0 von ")
    page.get_by_role("button", name="Schritt vor").click()
    expect(count).to_contain_text("Schritt 1 von ")
    passes = page.locator(".replay-trick li.pass")
    while not passes.count() and page.locator(".replay-trick-title").count() == 0:
        page.keyboard.press("ArrowRight")
    plays = page.locator(".replay-trick:not(.past) li.play:not(.pass)")
    while plays.count() < 2:  # on through the exchange to a trick with two plays
        page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-caption")).to_contain_text(" spielt ")
    page.keyboard.press("ArrowLeft")
    expect(plays).to_have_count(1)  # a step back takes the last play back
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "duplicate-replay-phone-de")
    page.keyboard.press("End")
    expect(page.locator(".replay-score")).to_contain_text("Ergebnis")
