"""The opponents' confirmation and the round clock on the captain's page while the server is out
of reach (issue 25, "Opponents' confirmation and the round clock keep working offline the same
way"): the server stopped (``venue``), the phone's wifi up.

- The opponents confirm a recorded hand and a hand kept on the phone with their code: each
  confirmation is kept on the phone ("on this phone, not sent yet"), sent after its hand when the
  server is back, and shows what became of it (sent; a wrong code refused with the server's
  reason). A hand recorded with other points than the opponents read is refused, never
  confirmed unseen.
- The round clock goes on counting down from its last known end on a copy of the page reloaded
  without the server (not from the copy's own count), and says when it last heard from it."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from tournaments.clock import clock_of
from tournaments.models import Hand, Round
from tournaments.services.clock import clock_start
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor

from .clocks import expect_time_left
from .conftest import PHONE, screenshot
from .test_captain_offline import BACK_WAIT, ENGINE_WAIT, PENDING, _kept, _ready, _state, _table

CONFIRMATION = "Gegner-Bestätigung: "


def _confirmation(page, number: int):
    return page.locator(f"#hands li[data-hand='{number}'] .confirmation-badge")


@pytest.mark.django_db(transaction=True)
def test_confirmations_and_the_clock_without_the_server(
    venue, new_page, django_user_model, settings
):
    settings.CAPTAIN_SYNC_SECONDS = 5
    orga, table = _table(django_user_model)
    clock_start(round_id=table.round_id, minutes=30, actor=Actor.organizer(orga))
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    )
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{venue.url}/t/{table.code}/")
    venue.stop()

    # a recorded hand: its confirmation page cannot open, the table's page kept offers it here
    page.locator("#hands li[data-hand='1'] a.confirm").click()
    panel = page.locator("#offline-confirm")
    expect(panel).to_contain_text("Spiel 1")
    expect(panel).to_contain_text("70")
    panel.locator("button.confirm-now").click()  # no code: told at once
    expect(panel.locator(".errorlist")).to_have_text(
        "Geben Sie den Gegner-Code vom Tischzettel ein."
    )
    panel.locator("input").fill(table.opponents_code.lower())
    panel.locator("button.confirm-now").click()
    expect(_confirmation(page, 1)).to_have_text(CONFIRMATION + PENDING)
    expect(page.locator("#offline-message")).to_contain_text("Gegner-Bestätigung von Spiel 1")
    expect(page.locator("#hands li[data-hand='1'] a.confirm")).to_be_hidden()
    expect(page.locator("body[data-engine=ready]")).to_have_count(1, timeout=ENGINE_WAIT)

    # a hand kept on this phone, confirmed here with a wrong code
    _kept(page, 2, "40")
    page.locator("#hands li[data-hand='2'] .offline-confirm-button").click()
    expect(panel).to_contain_text("40 : 60")
    panel.locator("input").fill("AAAAAA")
    panel.locator("button.confirm-now").click()
    expect(_confirmation(page, 2)).to_have_text(CONFIRMATION + PENDING)
    screenshot(page, "de-captain-offline-confirmation")

    # the page reloaded without the server: the clock counts on from the round's end it knew
    page.wait_for_timeout(5000)
    page.reload()
    expect(page.locator("body[data-page-copy]")).to_have_count(1)
    expect(_confirmation(page, 1)).to_have_text(CONFIRMATION + PENDING)
    copy_count = int(page.locator("#clock").get_attribute("data-clock-seconds"))
    expect(page.locator("#clock .clock-synced")).to_have_text(
        re.compile(r"^zuletzt synchronisiert um \d\d:\d\d$")
    )
    page.wait_for_timeout(1200)
    left = clock_of(Round.objects.get(pk=table.round_id)).seconds_left
    assert copy_count - left >= 5  # a count from the copy's own would be that far off
    # the page's next tick shows it (a count from the copy's own stays 5 s or more off,
    # however long it is watched)
    expect_time_left(page.locator("#clock .clock-time"), table.round_id)
    screenshot(page, "de-captain-offline-clock")
    assert not Hand.objects.get(table=table, number=1).confirmed_by_opponents

    venue.start()  # the hand, then the confirmations, each once
    expect(_confirmation(page, 1)).to_have_text(CONFIRMATION + "gesendet", timeout=BACK_WAIT)
    with translation.override("de"):
        wrong = gettext(
            "This is not the opponents' code of this table: it is printed on "
            "the table sheet, beside the captain's code."
        )
    expect(_confirmation(page, 2)).to_have_text(
        CONFIRMATION + "abgelehnt: " + wrong, timeout=BACK_WAIT
    )
    expect(_state(page, 2)).to_have_text("gesendet")
    expect(page.locator("#clock .clock-synced")).to_be_hidden(timeout=BACK_WAIT)
    hands = {hand.number: hand for hand in Hand.objects.filter(table=table)}
    assert hands[1].confirmed_by_opponents and not hands[2].confirmed_by_opponents
    assert (hands[2].tp_0, hands[2].tp_1) == (40, 60)
    # the recorded hand 2 may be confirmed again, with the right code, on its own page
    expect(page.locator("#hands li.entered[data-hand='2'] a.confirm")).to_have_count(1)


@pytest.mark.django_db(transaction=True)
def test_a_confirmation_of_a_hand_corrected_meanwhile_is_refused(
    venue, new_page, django_user_model, settings
):
    """The opponents read 70 : 30 on the phone without the server; meanwhile the organizer
    corrected the hand: their confirmation is refused with the recorded points, and the hand
    stays unconfirmed."""
    from tournaments.services.hands import hand_correct

    settings.CAPTAIN_SYNC_SECONDS = 5
    orga, table = _table(django_user_model)
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    )
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{venue.url}/t/{table.code}/")
    venue.stop()
    page.locator("#hands li[data-hand='1'] a.confirm").click()
    page.locator("#offline-confirm input").fill(table.opponents_code)
    page.locator("#offline-confirm button.confirm-now").click()
    expect(_confirmation(page, 1)).to_have_text(CONFIRMATION + PENDING)
    hand_correct(
        hand_id=Hand.objects.get(table=table, number=1).pk,
        entry={"card_points": [50, 50]},
        actor=Actor.organizer(orga),
        reason="Kartenpunkte vertauscht",
    )

    venue.start()
    expect(_confirmation(page, 1)).to_contain_text(
        "abgelehnt: Spiel 1 ist mit anderen Punkten (50 : 50)", timeout=BACK_WAIT
    )
    assert not Hand.objects.get(table=table, number=1).confirmed_by_opponents


@pytest.mark.django_db(transaction=True)
def test_a_clock_started_while_the_page_is_open_appears_on_it(
    live_server, new_page, django_user_model, settings
):
    """The organizer starts the round's clock after the captain opened the page: the page's
    next look at the table shows it, without the captain reloading."""
    settings.CAPTAIN_SYNC_SECONDS = 5
    orga, table = _table(django_user_model)
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/t/{table.code}/")
    expect(page.locator("body[data-offline=started]")).to_have_count(1)
    expect(page.locator("#clock")).to_have_count(0)
    clock_start(round_id=table.round_id, minutes=30, actor=Actor.organizer(orga))
    expect(page.locator("#clock")).to_have_count(1, timeout=BACK_WAIT)
    expect(page.locator("#clock .clock-label")).to_have_text("Restzeit")


@pytest.mark.django_db(transaction=True)
def test_a_table_with_every_hand_in_does_not_reload_for_the_running_clock(
    live_server, new_page, django_user_model, settings
):
    """The page shows the clock only beside the hand form: once a table's hands are all in, the
    clock the server still counts is no reason to load the page again (it did at every look,
    cutting off whatever the captain or the opponents were opening)."""
    settings.CAPTAIN_SYNC_SECONDS = 5
    orga, table = _table(django_user_model)
    clock_start(round_id=table.round_id, minutes=30, actor=Actor.organizer(orga))
    for number in range(1, table.round.event.format.hands_per_round + 1):
        hand_record(
            table_id=table.pk,
            number=number,
            entry={"card_points": [70, 30]},
            actor=Actor.captain(table),
        )
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/t/{table.code}/")
    expect(page.locator("body[data-offline=started]")).to_have_count(1)
    expect(page.locator("#clock")).to_have_count(0)
    page.evaluate("window.stayed = true")  # gone with a reload
    page.wait_for_timeout(12_000)  # two of the page's looks at the table
    assert page.evaluate("window.stayed === true")
