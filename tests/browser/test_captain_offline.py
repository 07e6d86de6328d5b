"""The captain's page without a connection (issue 25): hands typed on a phone while the venue's
wifi is down are judged by the engine in the page, kept on the phone (IndexedDB) through a
reload, and sent once the connection returns, each exactly once; a conflict and a closed table
are shown, and nothing typed is lost.

The browser context is set offline (Chromium's network emulation, which covers the page's
service worker as well): the page reloads from what the worker kept."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from tests.web.conftest import played
from tournaments.models import Hand, Table
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import table_close
from tournaments.wording import ENGINE_MESSAGES

from .conftest import PHONE

ENGINE_WAIT = 120_000  # Pyodide starts in a few seconds; a shared CI machine may be slow
# The page sends when the connection returns, and every 30 s: a hand answered 429 or 5xx (a
# busy shared machine) waits for the next round, so a test gives it two rounds.
SYNC_WAIT = 70_000


def _table(django_user_model):
    orga = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    event = played(orga, 8, rounds=1, open_round=True)
    return orga, event.rounds.get(number=2).tables.order_by("number").first()


def _ready(page, url):
    """The page opened online, its files kept by the service worker, the engine started."""
    page.goto(url)
    expect(page.locator("body[data-offline-ready=yes]")).to_have_count(1, timeout=ENGINE_WAIT)
    expect(page.locator("body[data-engine=ready]")).to_have_count(1, timeout=ENGINE_WAIT)


def _enter(page, number: int, cp_0: str, *, call: tuple[int, str] | None = None, first=None):
    page.select_option("#hand-form select[name=number]", str(number))
    if call:
        page.check(f"#hand-form input[name=call_{call[0]}][value={call[1]}]")
    if first is not None:
        page.check(f"#hand-form input[name=first_out][value='{first}']")
    page.fill("#id_cp_0", cp_0)
    page.click("#hand-form button[name=save]")


def _state(page, number: int):
    return page.locator(f"#hands li[data-hand='{number}'] .offline-badge")


@pytest.mark.django_db(transaction=True)
def test_hands_typed_offline_survive_a_reload_and_arrive_once(
    live_server, new_page, django_user_model
):
    _, table = _table(django_user_model)
    page = new_page(PHONE, locale="de-DE")
    url = f"{live_server.url}/t/{table.code}/"
    _ready(page, url)
    page.context.set_offline(True)

    _enter(page, 1, "60")
    expect(_state(page, 1)).to_have_text("auf diesem Telefon, noch nicht gesendet")
    _enter(page, 2, "52")  # not a multiple of 5: the engine refuses it on the phone
    with translation.override("de"):
        refusal = str(ENGINE_MESSAGES["card_points_not_multiple_of_5"])
    expect(page.locator("#offline-message")).to_have_text(refusal)
    expect(_state(page, 2)).to_have_count(0)
    _enter(page, 2, "25", call=(0, "tichu"), first=0)
    _enter(page, 3, "75")
    for number in (1, 2, 3):
        expect(_state(page, number)).to_have_text("auf diesem Telefon, noch nicht gesendet")
    assert Hand.objects.filter(table=table).count() == 0

    page.reload()  # offline: the service worker's copy, the hands from IndexedDB
    expect(page.locator("#sides")).to_be_visible()
    for number in (1, 2, 3):
        expect(_state(page, number)).to_have_text("auf diesem Telefon, noch nicht gesendet")
    assert Hand.objects.filter(table=table).count() == 0

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    for number in (1, 2, 3):
        expect(page.locator(f"#hands li.entered[data-hand='{number}']")).to_have_count(
            1, timeout=SYNC_WAIT
        )
        expect(_state(page, number)).to_have_text("gesendet")
    hands = {hand.number: hand for hand in Hand.objects.filter(table=table)}
    assert sorted(hands) == [1, 2, 3]
    assert (hands[1].tp_0, hands[1].tp_1) == (60, 40)
    assert (hands[2].tp_0, hands[2].tp_1) == (125, 75)
    assert all(
        hand.typed_at is not None and hand.typed_at <= hand.created_at for hand in hands.values()
    )
    page.reload()  # nothing is sent twice
    expect(_state(page, 3)).to_have_text("gesendet")
    assert Hand.objects.filter(table=table).count() == 3


def _back_online(page):
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")


@pytest.mark.django_db(transaction=True)
def test_a_conflict_shows_both_values_and_overwrites_nothing(
    live_server, new_page, django_user_model
):
    """Another phone entered hand 1 while this one was offline: the conflict is shown with both
    values, the recorded hand stays as it is, and this phone keeps its entry."""
    _, table = _table(django_user_model)
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{live_server.url}/t/{table.code}/")
    page.context.set_offline(True)
    _enter(page, 1, "60")
    expect(_state(page, 1)).to_have_text("auf diesem Telefon, noch nicht gesendet")
    hand_record(  # the other phone, online
        table_id=table.pk, number=1, entry={"card_points": [30, 70]}, actor=Actor.captain(table)
    )

    _back_online(page)
    state = _state(page, 1)
    expect(state).to_contain_text("abgelehnt: ", timeout=SYNC_WAIT)
    item = page.locator("#hands li[data-hand='1']")
    expect(item.locator(".offline-values")).to_have_text("dieses Telefon: 60 : 40")
    expect(item.locator(".offline-recorded")).to_contain_text("eingetragen: 30 : 70")
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.tp_0, hand.tp_1) == (30, 70)
    page.reload()  # the phone still has its own entry
    expect(item.locator(".offline-values")).to_have_text("dieses Telefon: 60 : 40")


@pytest.mark.django_db(transaction=True)
def test_a_phone_back_after_the_table_was_closed_shows_the_refusal_and_keeps_its_hands(
    live_server, new_page, django_user_model
):
    orga, table = _table(django_user_model)
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{live_server.url}/t/{table.code}/")
    page.context.set_offline(True)
    _enter(page, 1, "60")
    _enter(page, 2, "35")
    table_close(table_id=table.pk, status=Table.Status.AVERAGED, actor=Actor.organizer(orga))

    _back_online(page)
    with translation.override("de"):
        closed = "abgelehnt: " + gettext("The organizer has closed this table.")
    for number, values in ((1, "60 : 40"), (2, "35 : 65")):
        expect(_state(page, number)).to_have_text(closed, timeout=SYNC_WAIT)
        expect(page.locator(f"#hands li[data-hand='{number}'] .offline-values")).to_have_text(
            values
        )
    assert not Hand.objects.filter(table=table).exists()
    page.reload()  # the closed table's page still shows what the phone kept
    expect(_state(page, 2)).to_have_text(closed)
