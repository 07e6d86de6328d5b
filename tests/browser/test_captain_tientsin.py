"""A captain enters Tientsin hands on a phone: six seats in two teams of three as they sit, a
triple victory instead of a double one, the engine's refusal inline, in English and German.
Screenshots at 390 px for the README.

What every game's captain page does (each seat's call, the refusal inline, the preview, the
hand stored as the engine scores it) is checked for every game, the toy too, by
``tests/games/test_pages.py``; this is Tientsin's triple victory on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.models import Hand
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import PHONE, screenshot
from .test_captain_chaos import call, no_sideways_scrolling, screenshot_at_the_form

PLAYERS = ["Anna", "Ben", "Clara", "David", "Emma", "Felix"]


@pytest.fixture
def table(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Tientsin-Abend", preset="tientsin", seed=5)
    players_register(event=event, names=PLAYERS, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


@pytest.mark.django_db(transaction=True)
def test_a_captain_enters_tientsin_hands_on_a_phone(live_server, new_page, table):
    names = [s.entrant.name for s in table.seats.order_by("position").select_related("entrant")]
    team_a, team_b = " & ".join(names[0::2]), " & ".join(names[1::2])
    phone = new_page(PHONE, locale="en-US")
    phone.goto(f"{live_server.url}/t/{table.code}/")
    expect(phone.locator(".seats .team-a")).to_contain_text(team_a)
    expect(phone.locator(".seats .team-b")).to_contain_text(team_b)
    expect(phone.locator(".seat-call")).to_have_count(6)
    no_sideways_scrolling(phone)

    # team B goes out first: marked as a triple victory of team A, the engine refuses inline
    call(phone, 1, "tichu")
    phone.locator("label:has(input[name=first_out][value='1'])").click()
    phone.locator("label:has(input[name=double_victory][value='0'])").click()
    expect(phone.locator("#preview")).to_contain_text("triple victory")
    phone.click("button[name=save]")
    expect(phone.locator(".engine-error")).to_contain_text("triple victory")
    assert not Hand.objects.filter(table=table).exists()

    phone.locator("label:has(input[name=double_victory][value='1'])").click()
    expect(phone.locator("#preview .team-b")).to_contain_text("400 TP")
    expect(phone.locator("#preview .team-b")).to_contain_text("3 VP")
    screenshot_at_the_form(phone, "en-captain-tientsin")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Hand 1 is recorded")
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.entry["triple_victory"], hand.tp_1, hand.vp_1) == (1, 400, 3)

    german = new_page(PHONE, locale="de-DE")
    german.goto(f"{live_server.url}/t/{table.code}/")
    expect(german.locator("#hands")).to_contain_text("Dreifachsieg")
    german.locator("label:has(input[name=first_out][value='4'])").click()
    german.fill("#id_cp_0", "65")
    expect(german.locator("#id_cp_1")).to_have_value("35")
    expect(german.locator("#preview .team-a")).to_contain_text("65")
    german.click("button[name=save]")
    expect(german.locator(".messages")).to_contain_text("Spiel 2 ist eingetragen")
    no_sideways_scrolling(german)
    screenshot(german, "de-captain-tientsin")
    assert Hand.objects.get(table=table, number=2).tp_0 == 65
