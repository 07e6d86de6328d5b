"""A captain enters a Chaos Tichu hand on a phone, in German: the form says the rule and offers
Grand Tichu to every seat; a hand with one team's Grand Tichu only is refused with the engine's
message in German (in the live preview and on saving), nothing stored; with both it is saved.
Screenshots at 390 px for the README.

What every game's captain page does (each seat's call, the refusal inline, the preview, the
hand stored as the engine scores it) is checked for every game, the toy too, by
``tests/games/test_pages.py``; this is Chaos Tichu's own rule on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.models import Hand
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import PHONE, screenshot

PLAYERS = ["Anna", "Ben", "Clara", "David"]
REFUSAL = "Chaos-Tichu: Jedes Team sagt in jedem Spiel genau ein Großes Tichu an, aber für"


@pytest.fixture
def table(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Chaos-Abend", preset="chaos_dtm", seed=5)
    players_register(event=event, names=PLAYERS, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


def no_sideways_scrolling(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def screenshot_at_the_form(page, name: str) -> None:
    """A full-page capture with the sticky buttons where a captain sees them: below the form."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    screenshot(page, name)


def call(page, seat: int, value: str) -> None:
    page.locator(f"label:has(input[name=call_{seat}][value={value}])").click()


@pytest.mark.django_db(transaction=True)
def test_a_captain_enters_a_chaos_hand_on_a_phone_in_german(live_server, new_page, table):
    names = [s.entrant.name for s in table.seats.order_by("position").select_related("entrant")]
    team_b = f"{names[1]} & {names[3]}"
    phone = new_page(PHONE, locale="de-DE")
    phone.goto(f"{live_server.url}/t/{table.code}/")
    expect(phone.locator("#chaos-rule")).to_contain_text("genau ein Großes Tichu")
    expect(phone.locator("input[value=grand]")).to_have_count(4)
    no_sideways_scrolling(phone)

    call(phone, 0, "grand")
    call(phone, 2, "tichu")
    phone.locator("label:has(input[name=first_out][value='0'])").click()
    phone.fill("#id_cp_0", "60")
    expect(phone.locator("#id_cp_1")).to_have_value("40")
    expect(phone.locator("#preview")).to_contain_text(f"{REFUSAL} {team_b} ist keines")
    phone.click("button[name=save]")
    expect(phone.locator(".inline-engine-error")).to_contain_text(
        f"{REFUSAL} {team_b} ist keines eingetragen."
    )
    expect(phone.locator("input[name=call_0][value=grand]")).to_be_checked()  # kept as entered
    assert not Hand.objects.filter(table=table).exists()
    no_sideways_scrolling(phone)
    screenshot_at_the_form(phone, "de-captain-chaos-refused")

    call(phone, 3, "grand")
    expect(phone.locator("#preview .team-a")).to_contain_text("160 TP")
    expect(phone.locator("#preview .team-b")).to_contain_text("-160 TP")
    screenshot_at_the_form(phone, "de-captain-chaos")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 ist eingetragen")
    hand = Hand.objects.get(table=table, number=1)
    assert hand.entry["calls"] == {"0": "grand", "2": "tichu", "3": "grand"}
    assert (hand.tp_0, hand.tp_1) == (60 + 200 + -100, 40 - 200)
