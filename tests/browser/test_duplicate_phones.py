"""A duplicate event of 10 pairs over two rounds, every board entered from the captains' phones
(German, 390 px): the page names each board and its dealer, a pair sees a board's traveller
only after entering its own result of it, the movement card says where a pair goes, and the
standings rank by percentage. The organizer creates the event and pairs each round on the
organizer's pages (1080p)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.conftest import wait_for_standings
from tournaments.models import BoardScore, Event, Round, StandingRow

from .conftest import PHONE, screenshot

FULL_HD = {"width": 1920, "height": 1080}
PAIRS = [f"Paar {i}; Spieler {i}a; Spieler {i}b" for i in range(1, 11)]


def _pair_and_publish(page, base: str, event: Event, number: int) -> Round:
    page.goto(f"{base}/organize/events/{event.pk}/")
    page.click("#pair")
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    expect(page.locator(".tables-status tbody tr")).to_have_count(5)
    page.click("#publish")
    expect(page.locator("#publish")).to_have_count(0)
    # the organizer's page polls; the phones' entries are the only writes from here on (the
    # test database, SQLite's shared memory, refuses a read beside a write: "table is locked")
    page.goto("about:blank")
    return Round.objects.get(event=event, number=number)


def _wait_until_complete(event: Event, rnd: Round, timeout: float = 30) -> None:
    """The round is complete once its boards are in (live mode: the worker marks it so after
    scoring them)."""
    wait_for_standings(event)
    deadline = time.monotonic() + timeout
    while Round.objects.get(pk=rnd.pk).status != Round.Status.COMPLETE:
        assert time.monotonic() < deadline, "the round was not completed"
        time.sleep(0.1)


def _enter(phone, base: str, code: str, board: int, ns_points: int) -> None:
    phone.goto(f"{base}/t/{code}/")
    expect(phone.locator("#id_number option:checked")).to_contain_text(f"Board {board}")
    phone.fill("#id_cp_0", str(ns_points))
    expect(phone.locator("#id_cp_1")).to_have_value(str(100 - ns_points))
    # the live preview's request answered before the entry is sent (the test database, SQLite's
    # shared memory, refuses a read beside a write: "table is locked")
    expect(phone.locator("#preview")).to_contain_text(f"{ns_points} TP")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text(f"Board {board} ist eingetragen")


@pytest.mark.django_db(transaction=True)
def test_two_rounds_of_a_duplicate_event_entered_from_phones(
    live_server, new_page, django_user_model
):
    django_user_model.objects.create_user(username="orga", password="orga-password-1")
    base = live_server.url
    page = new_page(FULL_HD)
    page.goto(f"{base}/organize/")
    page.fill("#id_username", "orga")
    page.fill("#id_password", "orga-password-1")
    page.click("button[type=submit] >> text=Log in")
    page.click("text=New event")
    page.fill("#id_name", "Duplicate-Abend")
    page.select_option("#id_preset", "duplicate")
    page.fill("#id_rounds", "2")
    page.fill("#id_hands_per_round", "2")
    page.click("text=Create event")
    event = Event.objects.get(name="Duplicate-Abend")
    assert event.format.is_duplicate and event.format.hands_per_round == 2
    page.fill("#id_lines", "\n".join(PAIRS))
    page.click("form[action$='/players/'] button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("10 registered")

    phone = new_page(PHONE, locale="de-DE")
    for number in (1, 2):
        rnd = _pair_and_publish(page, base, event, number)
        tables = list(rnd.tables.order_by("number"))
        first, second = (number - 1) * 2 + 1, (number - 1) * 2 + 2
        # the first table's phone: the board and its dealer; the traveller waits for its entry
        code = tables[0].code
        phone.goto(f"{base}/t/{code}/")
        hands = phone.locator("#hands")
        expect(hands.locator(".board-number")).to_have_text([f"Board {first}", f"Board {second}"])
        expect(hands.locator(".badge.dealer").first).to_contain_text(
            "Geber: Nord" if first % 4 == 1 else "Geber: Süd"
        )
        phone.goto(f"{base}/t/{code}/boards/1/")
        expect(phone.locator("#enter-first")).to_contain_text("Tragt zuerst euer Ergebnis")
        expect(phone.locator("#traveller")).to_have_count(0)
        if number == 1:
            screenshot(phone, "duplicate-traveller-before-entry")
        for index, table in enumerate(tables):
            _enter(phone, base, table.code, first, 40 + 10 * index)
            if index == 0:  # its own entry in: the traveller shows its table's result
                wait_for_standings(event)  # live mode: the worker scores the board
                phone.goto(f"{base}/t/{table.code}/boards/1/")
                expect(phone.locator("#enter-first")).to_have_count(0)
                expect(phone.locator("#traveller tbody tr.own")).to_have_count(1)
        # every table in: the first table's traveller lists all five, best North-South first (80:20)
        wait_for_standings(event)
        phone.goto(f"{base}/t/{code}/boards/1/")
        expect(phone.locator("#traveller tbody tr")).to_have_count(5)
        expect(phone.locator("#traveller tbody tr").first).to_contain_text("80 : 20")
        expect(phone.locator("#traveller tbody tr").first).to_contain_text("100,00")
        if number == 1:
            screenshot(phone, "duplicate-traveller")
        for index, table in enumerate(tables):
            _enter(phone, base, table.code, second, 50 if index % 2 else 60)
        _wait_until_complete(event, rnd)

    wait_for_standings(event)
    assert BoardScore.objects.filter(event=event).count() == 4 * 10
    # the movement card of a pair, from its page (linked from the standings)
    phone.goto(f"{base}/events/{event.pk}/")
    phone.locator("#standings tbody tr a").first.click()
    phone.click("#movement-link")
    card = phone.locator("#movement-card tbody tr")
    expect(card).to_have_count(2)
    expect(card.nth(0)).to_contain_text("1, 2")
    expect(card.nth(1)).to_contain_text("3, 4")
    expect(card.nth(0)).to_contain_text(re.compile("Nord-Süd|Ost-West"))
    screenshot(phone, "duplicate-movement-card")
    # the standings by percentage, best first, the column headed "%"
    phone.goto(f"{base}/events/{event.pk}/standings/")
    expect(phone.locator("table.standings thead")).to_contain_text("%")
    shown = [
        float(text.replace(",", "."))
        for text in phone.locator("table.standings tbody tr td:nth-child(3)").all_inner_texts()
    ]
    stored = sorted((row.score for row in StandingRow.objects.filter(event=event)), reverse=True)
    assert len(shown) == len(stored) == 10 and shown == sorted(shown, reverse=True)
    assert all(abs(a - b) <= 0.01 for a, b in zip(shown, stored, strict=True))  # two decimals
    assert 0 < min(shown) < 50 < max(shown) < 100
    screenshot(phone, "duplicate-standings")
