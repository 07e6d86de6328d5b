"""A captain enters Threechu hands on a phone: each hand names its dealer, who plays the dummy's
seat too; the engine's refusal (a Grand Tichu for the dummy) inline; each player's totals; in
German. Screenshot at 390 px for the README.

What every game's captain page does (each seat's call, the refusal inline, the preview, the
hand stored as the engine scores it) is checked for every game, the toy too, by
``tests/games/test_pages.py``; this is Threechu's dealer and dummy on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.models import Hand
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import PHONE
from .test_captain_chaos import call, no_sideways_scrolling, screenshot_at_the_form


@pytest.fixture
def table(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Threechu-Abend", preset="threechu", seed=5)
    players_register(event=event, names=["Anna", "Ben", "Clara"], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


@pytest.mark.django_db(transaction=True)
def test_a_captain_enters_threechu_hands_on_a_phone(live_server, new_page, table):
    a, b, c = [s.entrant.name for s in table.seats.order_by("position").select_related("entrant")]
    phone = new_page(PHONE, locale="de-DE")
    phone.goto(f"{live_server.url}/t/{table.code}/")
    expect(phone.locator("#hands li[data-hand='1'] .dealer")).to_contain_text(f"Geber: {a}")
    expect(phone.locator("#hands li[data-hand='2'] .dealer")).to_contain_text(f"Geber: {b}")
    expect(phone.locator(".seat-call").first).to_contain_text(f"{a} (gibt)")
    expect(phone.locator(".seat-call").nth(2)).to_contain_text(f"Strohmann von {a}")
    no_sideways_scrolling(phone)

    call(phone, 2, "grand")  # the dummy may not call Grand Tichu
    phone.locator("label:has(input[name=first_out][value='1'])").click()
    phone.fill("#id_cp_0", "40")
    phone.click("button[name=save]")
    expect(phone.locator(".engine-error")).to_contain_text("Großes Tichu")
    assert not Hand.objects.filter(table=table).exists()

    call(phone, 2, "tichu")
    phone.locator("label:has(input[name=first_out][value='2'])").click()
    phone.fill("#id_cp_0", "70")
    expect(phone.locator("#preview .team-a")).to_contain_text("170")
    expect(phone.locator("#preview .team-a")).to_contain_text(a)
    screenshot_at_the_form(phone, "de-captain-threechu")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 ist eingetragen")
    expect(phone.locator("#sides")).to_contain_text("170 TP")
    expect(phone.locator(".seat-call").first).to_contain_text(f"{b} (gibt)")  # hand 2 next
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.entry["dealer"], hand.tp_0) == (0, 170)
