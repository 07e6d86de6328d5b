"""The captain's page without its server in the games scored per player (issue 25): Threechu
(a hand's seats named by their part in it, the dealer playing the dummy) and Grand Seigneur (a
finish order tapped). As in the four-player game (``test_captain_offline``): the server stopped
(``venue``), an impossible hand refused on the phone with the engine's German message (worded
as the server words it: the game's own setting of the entry, the hand's names), valid hands
kept on the phone, and each stored once when the server is back. A hand kept leads to the next
hand's form, kept by the service worker (the form is one hand's in these games)."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tournaments.models import Hand
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish
from tournaments.views.captain import _form, preview_of

from .conftest import PHONE, screenshot
from .test_captain_chaos import call
from .test_captain_offline import BACK_WAIT, ENGINE_WAIT, PENDING, _ready, _state


def _table(organizer, preset: str, names: list[str]):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Offline", preset=preset, seed=5)
    players_register(event=event, names=names, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


def _server_says(table, number: int, entry: dict) -> str:
    """The server's German refusal of ``entry`` as hand ``number`` on the captain's form."""
    with translation.override("de"):
        form = _form(table, number=number)
        return preview_of(table, entry, form.seat_names, number)["error"]


def _kept(page, number: int) -> None:
    expect(_state(page, number)).to_have_text(PENDING)
    expect(page.locator("body[data-engine=ready]")).to_have_count(1, timeout=ENGINE_WAIT)


@pytest.mark.django_db(transaction=True)
def test_threechu_hands_without_the_server(venue, new_page, organizer, settings):
    settings.CAPTAIN_SYNC_SECONDS = 5
    table = _table(organizer, "threechu", ["Anna", "Ben", "Clara"])
    a, b, _c = [s.entrant.name for s in table.seats.order_by("position").select_related("entrant")]
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{venue.url}/t/{table.code}/")
    venue.stop()

    call(page, 2, "grand")  # the dummy may not call Grand Tichu
    page.locator("label:has(input[name=first_out][value='1'])").click()
    page.fill("#id_cp_0", "40")
    page.click("button[name=save]")
    refusal = _server_says(
        table,
        1,
        {
            "card_points": [40, 60],
            "finish_order": [1],
            "calls": {"2": "grand"},
            "double_victory": None,
        },
    )
    assert "Großes Tichu" in refusal
    expect(page.locator("#offline-message")).to_have_text(refusal)
    expect(_state(page, 1)).to_have_count(0)

    call(page, 2, "tichu")
    page.locator("label:has(input[name=first_out][value='2'])").click()
    page.fill("#id_cp_0", "70")
    page.click("button[name=save]")
    _kept(page, 1)
    # the next hand's form, its seats named for it: Ben deals
    expect(page.locator(".seat-call").first).to_contain_text(f"{b} (gibt)")
    expect(page.locator("#hand-form [name=number]")).to_have_value("2")
    page.fill("#id_cp_0", "55")
    page.click("button[name=save]")
    _kept(page, 2)
    expect(page.locator(".seat-call").first).to_contain_text("(gibt)")
    expect(page.locator("#hand-form [name=number]")).to_have_value("3")
    expect(page.locator("#offline-message")).to_contain_text("Spiel 2 ist auf diesem Telefon")
    screenshot(page, "de-captain-offline-threechu")
    assert not Hand.objects.filter(table=table).exists()

    venue.start()
    for number in (1, 2):
        expect(page.locator(f"#hands li.entered[data-hand='{number}']")).to_have_count(
            1, timeout=BACK_WAIT
        )
        expect(_state(page, number)).to_have_text("gesendet")
    hands = {hand.number: hand for hand in Hand.objects.filter(table=table)}
    assert sorted(hands) == [1, 2]
    assert (hands[1].entry["dealer"], hands[1].tp_0) == (0, 170)
    assert (hands[2].tp_0, hands[2].tp_1) == (55, 45)
    assert a != b
    page.reload()  # nothing is sent twice
    expect(_state(page, 2)).to_have_text("gesendet")
    assert Hand.objects.filter(table=table).count() == 2


@pytest.mark.django_db(transaction=True)
def test_grand_seigneur_hands_without_the_server(venue, new_page, organizer, settings):
    settings.CAPTAIN_SYNC_SECONDS = 5
    names = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes"]
    table = _table(organizer, "grand_seigneur", names)
    seated = [s.entrant.name for s in table.seats.order_by("position").select_related("entrant")]
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{venue.url}/t/{table.code}/")
    venue.stop()

    def tap(position: int) -> None:
        page.locator(f"button[data-seat='{position + 1}']").click()

    for position in (3, 0):  # an incomplete finish order
        tap(position)
    page.click("button[name=save]")
    refusal = _server_says(table, 1, {"finish_order": [3, 0]})
    expect(page.locator("#offline-message")).to_have_text(refusal)
    expect(_state(page, 1)).to_have_count(0)

    for position in (1, 2, 4, 5, 6):  # the last left out
        tap(position)
    expect(page.locator("#preview")).to_contain_text(f"{seated[3]}: 7")
    page.click("button[name=save]")
    _kept(page, 1)
    expect(page.locator("#hands li[data-hand='1'] .offline-values")).to_contain_text(
        f"{seated[3]}: 7 · {seated[0]}: 6"
    )
    expect(page.locator("#hand-form [name=number]")).to_have_value("2")
    screenshot(page, "de-captain-offline-grand-seigneur")
    assert not Hand.objects.filter(table=table).exists()

    venue.start()
    expect(page.locator("#hands li.entered[data-hand='1']")).to_have_count(1, timeout=BACK_WAIT)
    expect(_state(page, 1)).to_have_text("gesendet")
    hand = Hand.objects.get(table=table)
    assert hand.entry["finish_order"] == [3, 0, 1, 2, 4, 5, 6, 7]
    assert hand.typed_at is not None
    page.reload()
    expect(_state(page, 1)).to_have_text("gesendet")
    assert Hand.objects.filter(table=table).count() == 1
