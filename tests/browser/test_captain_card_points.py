"""The captain's card points on a phone (issue 14, bug 4): a value the captain typed is never
rewritten by the page; two typed values that do not add up to 100 get the engine's message before
anything is saved, with JavaScript and without."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.models import Hand
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import PHONE

PLAYERS = ["Anna", "Ben", "Clara", "David"]
SUM_MESSAGE = "must add up to 100"


@pytest.fixture
def table(organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Card points", preset="dtm", seed=5)
    players_register(event=event, names=PLAYERS, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return rnd.tables.get()


@pytest.mark.django_db(transaction=True)
def test_a_typed_value_is_never_rewritten(live_server, new_page, table):
    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/t/{table.code}/")
    a, b = phone.locator("#id_cp_0"), phone.locator("#id_cp_1")

    phone.fill("#id_cp_0", "55")
    expect(b).to_have_value("45")  # filled in: nothing typed there yet
    phone.fill("#id_cp_1", "50")
    expect(a).to_have_value("55")  # typed: kept
    expect(phone.locator("#preview")).to_contain_text(SUM_MESSAGE)
    phone.click("button[name=save]")
    expect(phone.locator("#engine-error")).to_contain_text(SUM_MESSAGE)
    expect(a).to_have_value("55")
    expect(b).to_have_value("50")
    assert not Hand.objects.filter(table=table).exists()

    phone.fill("#id_cp_0", "50")  # both typed now: the other stays as typed
    expect(b).to_have_value("50")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Hand 1 is recorded")
    assert Hand.objects.get(table=table, number=1).entry["card_points"] == [50, 50]

    # a value the page filled in is still the page's after a refusal: it follows the typed one
    phone.fill("#id_cp_1", "37")
    expect(a).to_have_value("63")
    phone.click("button[name=save]")
    expect(phone.locator("#engine-error")).to_contain_text("multiples of 5")
    phone.fill("#id_cp_1", "35")
    expect(a).to_have_value("65")
    phone.fill("#id_cp_0", "")  # cleared: the filled one goes with it
    expect(b).to_have_value("35")
    phone.fill("#id_cp_1", "")
    expect(a).to_have_value("")


@pytest.mark.django_db(transaction=True)
def test_without_javascript_both_typed_values_reach_the_engine(live_server, browser, table):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/t/{table.code}/")
        phone.fill("#id_cp_0", "55")
        phone.fill("#id_cp_1", "50")
        phone.click("button[name=save]")
        expect(phone.locator("#engine-error")).to_contain_text(SUM_MESSAGE)
        expect(phone.locator("#id_cp_0")).to_have_value("55")
        expect(phone.locator("#id_cp_1")).to_have_value("50")
        assert not Hand.objects.filter(table=table).exists()
    finally:
        context.close()
