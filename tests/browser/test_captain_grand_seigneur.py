"""A captain enters a Grand Seigneur hand on a phone by tapping the players' names in the order
they went out: an incomplete order is refused inline by the engine, a tap taken back, the whole
order saved, each player's placing points shown; in German. Screenshot at 390 px.

What every game's captain page does (each seat's call, the refusal inline, the preview, the
hand stored as the engine scores it) is checked for every game, the toy too, by
``tests/games/test_pages.py``; this is the tapping of a finish order on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.models import Hand
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import PHONE
from .test_captain_chaos import no_sideways_scrolling, screenshot_at_the_form

NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes"]


@pytest.fixture
def table(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(
        owner=organizer, name="Grand-Seigneur-Abend", preset="grand_seigneur", seed=5
    )
    players_register(event=event, names=NAMES, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


@pytest.mark.django_db(transaction=True)
def test_a_captain_taps_a_finish_order_on_a_phone(live_server, new_page, table):
    seated = [s.entrant.name for s in table.seats.order_by("position").select_related("entrant")]
    phone = new_page(PHONE, locale="de-DE")
    phone.goto(f"{live_server.url}/t/{table.code}/")
    no_sideways_scrolling(phone)

    def tap(position: int) -> None:
        phone.locator(f"button[data-seat='{position + 1}']").click()

    for position in (3, 0):
        tap(position)
    expect(phone.locator("#tapped li")).to_have_count(2)
    expect(phone.locator("button[data-seat='4']")).to_be_disabled()
    phone.click("button[name=save]")
    expect(phone.locator(".engine-error")).to_be_visible()
    assert not Hand.objects.filter(table=table).exists()

    expect(phone.locator("#tapped li")).to_have_count(2)  # the taps survive the refusal
    tap(5)
    phone.locator("[data-undo]").click()  # taken back
    for position in (1, 2, 4, 5, 6):
        tap(position)
    expect(phone.locator("#tapped li").first).to_have_text(seated[3])
    expect(phone.locator("#preview")).to_contain_text(f"{seated[3]}: 7 Punkte")
    screenshot_at_the_form(phone, "de-captain-grand-seigneur")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Spiel 1 ist eingetragen")
    hand = Hand.objects.get(table=table, number=1)
    assert hand.entry["finish_order"] == [3, 0, 1, 2, 4, 5, 6, 7]
    expect(phone.locator("#sides")).to_contain_text("7 Punkte")
