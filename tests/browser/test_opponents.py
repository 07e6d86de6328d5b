"""Issue 23 on a phone: the captain enters a hand with calls; the opponents, on the captain's
phone, open it, read the calls (made and failed) and who went out first, type their code and
confirm it (a wrong code first: refused); the captain asks for a correction of a saved hand,
which the organizer's results desk shows. In German, as at the venue."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.conftest import played, seat_names
from tournaments.models import Hand

from .conftest import DESKTOP, PHONE, screenshot
from .test_championship_day import fits_a_phone, log_in


@pytest.mark.django_db(transaction=True)
def test_the_opponents_read_the_calls_and_confirm_with_their_code(
    live_server, new_page, django_user_model
):
    orga = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    event = played(orga, 8, rounds=1, open_round=True)
    table = event.rounds.get(number=2).tables.order_by("number").first()
    names = seat_names(table)
    base = live_server.url
    phone = new_page(PHONE, locale="de-DE")
    phone.goto(f"{base}/t/{table.code}/")

    # the captain: seat 0 calls Tichu and goes out first, seat 1 calls Tichu; team A 70
    phone.locator("#hand-form input[name=call_0][value=tichu]").check()
    phone.locator("#hand-form input[name=call_1][value=tichu]").check()
    phone.locator("#hand-form input[name=first_out][value='0']").check()
    phone.fill("#id_cp_0", "70")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 ist eingetragen")

    # the opponents take the phone: the whole hand before their code
    phone.locator("#hands a[href$='/hands/1/confirm/']").click()
    calls = phone.locator("#hand-calls")
    expect(calls).to_contain_text(f"{names[0]}: Tichu – geschafft ✓")
    expect(calls).to_contain_text(f"{names[1]}: Tichu – verloren ✗")
    expect(phone.locator("#hand-shown")).to_contain_text(f"zuerst raus: {names[0]}")
    sides = phone.locator("#hand-sides tbody tr")
    expect(sides.nth(0).locator("td")).to_have_text(["70", "170", "2"])
    expect(sides.nth(1).locator("td")).to_have_text(["30", "-70", "0"])
    fits_a_phone(phone)
    screenshot(phone, "opponents-confirm")

    phone.fill("#id_code", "AAAAAA")
    phone.locator("#confirm-form button[type=submit]").click()
    expect(phone.locator("#confirm-form")).to_contain_text("nicht der Gegner-Code")
    assert not Hand.objects.get(table=table, number=1).confirmed_by_opponents
    phone.fill("#id_code", table.opponents_code.lower())
    phone.locator("#confirm-form button[type=submit]").click()
    expect(phone.locator(".messages")).to_contain_text("von den Gegnern bestätigt")
    expect(phone.locator("#hands li[data-hand='1'] .badge.ok:not(.offline-badge)")).to_be_visible()
    assert Hand.objects.get(table=table, number=1).confirmed_by_opponents

    # the captain asks for a correction; the results desk shows it
    phone.locator("#hands li[data-hand='1'] a.correction").click()
    phone.fill("#id_text", "Sitz 2 hat nicht angesagt")
    phone.locator("#correction-form button[type=submit]").click()
    expect(phone.locator(".messages")).to_contain_text("gebeten, Spiel 1 zu korrigieren")
    expect(phone.locator("#hands li[data-hand='1']")).to_contain_text("Korrektur erbeten")

    desk = new_page(DESKTOP, locale="de-DE")
    log_in(desk, base)
    desk.goto(f"{base}/organize/events/{event.pk}/desk/")
    requests = desk.locator("#correction-requests")
    expect(requests).to_contain_text(f"Runde 2, Tisch {table.number}, Spiel 1")
    expect(requests).to_contain_text("Sitz 2 hat nicht angesagt")
    requests.locator("button[type=submit]").click()  # dismissed: the hand was right
    expect(desk.locator("#correction-requests")).to_have_count(0)
    assert Hand.objects.get(table=table, number=1).correction_request == ""
