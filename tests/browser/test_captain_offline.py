"""The captain's page without a connection (issue 25): hands typed on a phone while the venue's
wifi is down are judged by the engine in the page, kept on the phone (IndexedDB) through a
reload, and sent once the connection returns, each exactly once; a conflict and a closed table
are shown, and nothing typed is lost.

Two ways of losing the server, as a hall loses it:

- the browser context set offline (Chromium's network emulation, which covers the page's service
  worker as well): the phone knows it is offline (``navigator.onLine``, the ``online`` event);
- the server stopped while the phone stays online (``venue``: a TCP forwarder between the browser
  and the live server that the test cuts and restores on the same port, ``proxy.Proxy``): no
  event tells the page, which finds out by its requests failing, as when a venue's wifi stays up
  but its uplink (or the server) is gone.

Either way the page reloads from what the service worker kept. With the server stopped, the page
tries again by itself (2 s, doubling up to ``CAPTAIN_SYNC_SECONDS``); those tests shorten that
period to 5 s so that they do not wait for a 30 s round."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from scoring.boards import board
from tests.conftest import wait_for_standings
from tests.web.conftest import played
from tournaments.models import DifferingEntry, Hand, StandingRow, Table
from tournaments.services.events import event_create, teams_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, table_close
from tournaments.wording import ENGINE_MESSAGES

from .conftest import PHONE, screenshot

ENGINE_WAIT = 120_000  # Pyodide starts in a few seconds; a shared CI machine may be slow
# The page sends when the connection returns, and every 30 s: a hand answered 429 or 5xx (a
# busy shared machine) waits for the next round, so a test gives it two rounds.
SYNC_WAIT = 70_000
# A refusal is shown as soon as the connection is back: hands are sent one after another at once,
# a refusal does not hold up the next hand, and a hand kept while a round is under way goes in
# that round (no waiting for the next 30 s round, which this limit would not allow).
REFUSAL_WAIT = 25_000
BACK_WAIT = 30_000  # the server back: the page's next try (at most the 5 s period) and the reload
PENDING = "auf diesem Telefon, noch nicht gesendet"


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


def _back_online(page):
    """The phone's connection back. Chromium fires the page's ``online`` event itself, which
    starts a round of the sync at once; the test touches the page no further here, since that
    round may end in the page loading itself again (a hand arrived, a conflict shown), and a
    script run in the page just then would die with its page."""
    page.context.set_offline(False)


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
    # saved from the button at the foot of the form: the refusal above it comes into view
    expect(page.locator("#offline-message")).to_be_in_viewport()
    expect(_state(page, 2)).to_have_count(0)
    _enter(page, 2, "25", call=(0, "tichu"), first=0)
    expect(page.locator("#offline-message")).to_contain_text("Spiel 2")
    expect(page.locator("#offline-message")).to_be_in_viewport()
    _enter(page, 3, "75")
    for number in (1, 2, 3):
        expect(_state(page, number)).to_have_text("auf diesem Telefon, noch nicht gesendet")
    assert Hand.objects.filter(table=table).count() == 0

    page.reload()  # offline: the service worker's copy, the hands from IndexedDB
    expect(page.locator("#sides")).to_be_visible()
    for number in (1, 2, 3):
        expect(_state(page, number)).to_have_text("auf diesem Telefon, noch nicht gesendet")
    assert Hand.objects.filter(table=table).count() == 0

    _back_online(page)
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
    # the page loads itself again to show the recorded hand: a reload of the test's own before
    # that would be cut off by it (net::ERR_ABORTED)
    expect(page.locator("#hands li.entered[data-hand='1']")).to_have_count(1, timeout=SYNC_WAIT)
    page.reload()  # the phone still has its own entry
    expect(item.locator(".offline-values")).to_have_text("dieses Telefon: 60 : 40")


class Outage:
    """The server out of a phone's reach, one of the two ways (module docstring)."""

    def __init__(self, page, venue=None):
        self.page, self.venue = page, venue

    def begin(self) -> None:
        if self.venue is not None:
            self.venue.stop()
        else:
            self.page.context.set_offline(True)

    def end(self) -> None:
        if self.venue is not None:
            self.venue.start()
        else:
            _back_online(self.page)


# Resolves when the page's queue next writes what its round found (body[data-server]), a round
# asked for at once (the "online" event); a round runs whole before the next is planned.
ROUND_WRITES = """(asking) => new Promise((resolve) => {
  const observer = new MutationObserver(() => { observer.disconnect(); resolve(); });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-server"] });
  if (asking) window.dispatchEvent(new Event("online"));
})"""


def _a_round_passes(page) -> None:
    """Wait until a whole round of the page's queue has run since this call: the round under way
    or asked for writes its finding; the round after it (planned only once that one has ended,
    message and all) writes again."""
    page.evaluate(ROUND_WRITES, True)
    page.evaluate(ROUND_WRITES, False)


def _kept(page, number: int, cp_0: str, **options) -> None:
    """Enter a hand while the server is out of reach and wait until the phone keeps it (with the
    server stopped, the first hand goes through the form, which the service worker answers with
    its copy of the page: the engine starts again there before the next hand is judged)."""
    _enter(page, number, cp_0, **options)
    expect(_state(page, number)).to_have_text(PENDING)
    expect(page.locator("body[data-engine=ready]")).to_have_count(1, timeout=ENGINE_WAIT)


@pytest.mark.django_db(transaction=True)
def test_hands_entered_while_the_server_is_down_arrive_once_when_it_is_back(
    venue, new_page, django_user_model, settings
):
    """The server stopped, the phone's wifi up: the page cannot know it is offline but by its
    requests failing. Four hands entered (one impossible: refused on the phone with the engine's
    German message), the page reloaded from the service worker, then the server back: every
    valid hand stored exactly once, the standings updated."""
    settings.CAPTAIN_SYNC_SECONDS = 5
    _, table = _table(django_user_model)
    event = table.round.event
    before = {row.entrant_id: row for row in StandingRow.objects.filter(event=event)}
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{venue.url}/t/{table.code}/")
    venue.stop()

    _kept(page, 1, "60")
    expect(page.locator("#offline-message")).to_contain_text("auf diesem Telefon gespeichert")
    expect(page.locator("body[data-server=unreachable]")).to_have_count(1)
    _enter(page, 2, "52")  # not a multiple of 5: the engine refuses it on the phone
    with translation.override("de"):
        refusal = str(ENGINE_MESSAGES["card_points_not_multiple_of_5"])
    expect(page.locator("#offline-message")).to_have_text(refusal)
    _a_round_passes(page)  # the refusal stays: a round does not say "hand 1 kept" over it
    expect(page.locator("#offline-message")).to_have_text(refusal)
    expect(_state(page, 2)).to_have_count(0)
    _kept(page, 2, "25", call=(0, "tichu"), first=0)
    _a_round_passes(page)
    expect(page.locator("#offline-message")).to_contain_text("Spiel 2 ist auf diesem Telefon")
    _kept(page, 3, "75")
    assert Hand.objects.filter(table=table).count() == 0

    page.reload()  # the server still down: the service worker's copy, the hands from IndexedDB
    expect(page.locator("#sides")).to_be_visible()
    for number in (1, 2, 3):
        expect(_state(page, number)).to_have_text(PENDING)
    assert Hand.objects.filter(table=table).count() == 0

    venue.start()  # no "online" event: the page's next try finds the server
    for number in (1, 2, 3):
        expect(page.locator(f"#hands li.entered[data-hand='{number}']")).to_have_count(
            1, timeout=BACK_WAIT
        )
        expect(_state(page, number)).to_have_text("gesendet")
    hands = {hand.number: hand for hand in Hand.objects.filter(table=table)}
    assert sorted(hands) == [1, 2, 3]
    assert [(hands[n].tp_0, hands[n].tp_1) for n in (1, 2, 3)] == [(60, 40), (125, 75), (75, 25)]
    assert all(hand.typed_at <= hand.created_at for hand in hands.values())
    wait_for_standings(event)
    seats = {seat.entrant_id: seat.position % 2 for seat in table.seats.all()}
    for entrant, team in seats.items():
        row = StandingRow.objects.get(event=event, entrant_id=entrant)
        assert row.hands_played == before[entrant].hands_played + 3
        gained = sum((hands[n].tp_0, hands[n].tp_1)[team] for n in hands)
        assert row.tichu_points == before[entrant].tichu_points + gained
    page.reload()  # nothing is sent twice
    expect(_state(page, 3)).to_have_text("gesendet")
    assert Hand.objects.filter(table=table).count() == 3


@pytest.mark.django_db(transaction=True)
def test_two_phones_entering_one_hand_differently_both_show_the_conflict(
    live_server, venue, new_page, django_user_model, settings, client
):
    """Two phones at one table, the second without its server while the first records hand 1:
    the second is refused (409) and shows both values; the server keeps its entry
    (``DifferingEntry``), so the first phone marks the hand with the other value and the results
    desk lists it until the organizer decides. Nothing is overwritten."""
    settings.CAPTAIN_SYNC_SECONDS = 5
    orga, table = _table(django_user_model)
    first = new_page(PHONE, locale="de-DE")
    first.goto(f"{live_server.url}/t/{table.code}/")
    expect(first.locator("body[data-offline=started]")).to_have_count(1)
    second = new_page(PHONE, locale="de-DE")
    _ready(second, f"{venue.url}/t/{table.code}/")
    venue.stop()
    _kept(second, 1, "60")

    _enter(first, 1, "30")  # online: through the page's form
    expect(first.locator("#hands li.entered[data-hand='1']")).to_have_count(1)
    venue.start()

    item = second.locator("#hands li[data-hand='1']")
    expect(_state(second, 1)).to_contain_text("abgelehnt: ", timeout=BACK_WAIT)
    expect(item.locator(".offline-values")).to_have_text("dieses Telefon: 60 : 40")
    expect(item.locator(".offline-recorded")).to_have_text(" · eingetragen: 30 : 70")
    expect(item.locator(".differing")).to_have_count(0)  # its own entry is not "another phone"
    expect(second.locator("#offline-message")).to_have_count(0)  # nothing is waiting any more
    # the page reloaded from the server: hand 1 recorded (30 : 70), this phone's entry beside it
    expect(second.locator("#hands li.entered[data-hand='1']")).to_have_count(1)
    other = first.locator("#hands li[data-hand='1'] .differing")
    expect(other).to_have_text(
        "ein anderes Telefon sandte 60 : 40: die Turnierleitung entscheidet", timeout=BACK_WAIT
    )
    screenshot(first, "de-captain-differing-recorded")
    screenshot(second, "de-captain-differing-refused")
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.tp_0, hand.tp_1) == (30, 70)
    differing = DifferingEntry.objects.get(table=table, number=1)
    assert (differing.tp_0, differing.tp_1) == (60, 40)
    assert differing.typed_at is not None and differing.typed_at <= differing.received_at

    client.force_login(orga)
    desk = client.get(
        reverse("organizer-desk", args=[table.round.event_id]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "eingetragen: 30 : 70" in desk and "anderes Telefon: 60 : 40" in desk
    with first.expect_event("load", timeout=BACK_WAIT):  # settled: the page loads itself again
        client.post(
            reverse("organizer-differing-keep", args=[table.round.event_id, differing.pk]),
            HTTP_ACCEPT_LANGUAGE="de",
        )
    expect(first.locator("#hands li.entered[data-hand='1']")).to_have_count(1)
    expect(other).to_have_count(0)  # the first phone's mark is gone
    hand.refresh_from_db()
    assert (hand.tp_0, hand.tp_1) == (30, 70)
    second.reload()  # the refused phone still has its own entry
    expect(item.locator(".offline-values")).to_have_text("dieses Telefon: 60 : 40")


@pytest.fixture(params=["browser offline", "server stopped"])
def outage(request, settings):
    """The two ways of losing the server (module docstring), for a test that holds for both."""
    if request.param == "server stopped":
        settings.CAPTAIN_SYNC_SECONDS = 5
        return request.getfixturevalue("venue")
    return None


@pytest.mark.django_db(transaction=True)
def test_a_phone_back_after_the_table_was_closed_shows_the_refusal_and_keeps_its_hands(
    live_server, outage, new_page, django_user_model
):
    orga, table = _table(django_user_model)
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{(outage or live_server).url}/t/{table.code}/")
    lost = Outage(page, outage)
    lost.begin()
    _kept(page, 1, "60")
    _enter(page, 2, "35")  # the connection returns while the engine judges it: kept all the same
    table_close(table_id=table.pk, status=Table.Status.AVERAGED, actor=Actor.organizer(orga))

    lost.end()
    with translation.override("de"):
        closed = "abgelehnt: " + gettext("The organizer has closed this table.")
    for number, values in ((1, "60 : 40"), (2, "35 : 65")):
        expect(_state(page, number)).to_have_text(closed, timeout=REFUSAL_WAIT)
        expect(page.locator(f"#hands li[data-hand='{number}'] .offline-values")).to_have_text(
            values
        )
    assert not Hand.objects.filter(table=table).exists()
    page.reload()  # the closed table's page still shows what the phone kept
    expect(_state(page, 2)).to_have_text(closed)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("engine", "note"),
    [
        ("failed", "Die Prüfung kann auf diesem Telefon nicht laufen"),
        ("loading", "Die Prüfung lud noch"),
    ],
)
def test_a_hand_kept_without_the_engine_says_why(
    live_server, new_page, django_user_model, engine, note
):
    """The engine's files refused (an old phone: it cannot run) or never answered (it is still
    loading): a hand typed offline is kept all the same, and its note says which, never that the
    engine cannot run while it is only loading."""
    _, table = _table(django_user_model)
    page = new_page(PHONE, locale="de-DE")
    waiting = []  # the requests left unanswered: the engine never finishes loading

    def engine_files(route):
        if engine == "failed":
            route.abort()
        else:
            waiting.append(route)

    page.context.route("**/vendor/pyodide/**", engine_files)
    page.goto(f"{live_server.url}/t/{table.code}/")
    expect(page.locator("body[data-offline=started]")).to_have_count(1)
    if engine == "failed":
        expect(page.locator("body[data-engine=failed]")).to_have_count(1, timeout=ENGINE_WAIT)
    else:
        for _ in range(ENGINE_WAIT // 100):  # the engine asks for its files, which never come
            if waiting:
                break
            page.wait_for_timeout(100)
        assert waiting, "the engine never asked for its files"
        expect(page.locator("body[data-engine]")).to_have_count(0)
    page.context.set_offline(True)
    _enter(page, 1, "60")
    expect(_state(page, 1)).to_have_text(PENDING)
    expect(page.locator("#hands li[data-hand='1'] .offline-unchecked")).to_contain_text(note)
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.django_db(transaction=True)
def test_a_duplicate_board_typed_offline_arrives_with_its_passes(live_server, new_page, organizer):
    """A duplicate board kept on the phone with the passes chosen on its form: back online, the
    hand is stored with them."""
    event = event_create(owner=organizer, name="Duplicate offline", preset="duplicate", seed=8)
    actor = Actor.organizer(organizer)
    teams_register(
        event=event, teams=[(f"Paar {i}", [f"A{i}", f"B{i}"]) for i in range(4)], actor=actor
    )
    table = round_pair(event_id=event.pk, actor=actor, publish=True).tables.order_by("number")[0]
    page = new_page(PHONE, locale="de-DE")
    _ready(page, f"{live_server.url}/t/{table.code}/")
    page.context.set_offline(True)
    held = board(event.seed, 1).hands[1]  # East's cards: seat 1 gives one to each other seat
    page.locator("#passes summary").click()
    for receiver, card in zip((0, 2, 3), held, strict=False):
        page.select_option(f"select[name=pass_1_{receiver}]", str(card))
    _enter(page, 1, "60")
    expect(_state(page, 1)).to_have_text(PENDING)
    _back_online(page)
    expect(page.locator("#hands li.entered[data-hand='1']")).to_have_count(1, timeout=SYNC_WAIT)
    hand = Hand.objects.get(table=table, number=1)
    assert hand.passes == {"1": {"0": str(held[0]), "2": str(held[1]), "3": str(held[2])}}


@pytest.mark.django_db(transaction=True)
def test_a_hand_whose_answer_was_lost_is_said_recorded_once_the_page_learns_it(
    venue, new_page, django_user_model, settings, monkeypatch
):
    """The form's hand reaches the server, its answer does not (the uplink drops just then; or
    the server answers slower than the service worker waits): the page comes back from the
    service worker's copy, the hand waits on the phone. Once the server is back the queue finds
    it recorded, and the captain reads the server's own sentence, as after a form answered at
    once (nothing said at all, before); the hand is stored once."""
    from tournaments.views import captain

    settings.CAPTAIN_SYNC_SECONDS = 5
    _, table = _table(django_user_model)
    page = new_page(PHONE)
    _ready(page, f"{venue.url}/t/{table.code}/")

    def record_then_drop(**entry):
        outcome = hand_record(**entry)
        venue.stop()  # the hand is committed; its answer never leaves
        return outcome

    monkeypatch.setattr(captain, "hand_record", record_then_drop)
    _enter(page, 1, "60")
    expect(_state(page, 1)).to_have_text("on this phone, not sent yet", timeout=REFUSAL_WAIT)
    expect(page.locator("#offline-message")).to_contain_text("kept on this phone")
    assert Hand.objects.filter(table=table).count() == 1
    venue.start()
    expect(page.locator(".messages")).to_contain_text(
        "Hand 1 is recorded. Let the opponents confirm it.", timeout=BACK_WAIT
    )
    expect(_state(page, 1)).to_have_text("sent")
    expect(page.locator("#offline-message")).to_have_count(0)
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_slow_answer_to_the_form_is_waited_for_not_replaced_by_the_copy(
    live_server, new_page, django_user_model, monkeypatch
):
    """The server takes 8 s to show the page that answers a hand (a busy laptop at the venue):
    the service worker waits for the form's answer (up to 30 s) where it would show its copy of
    a page opened after 6 s, so the captain reads the server's own answer. Before, the copy came
    first, and the page was loaded a second time once its queue had found the hand recorded."""
    from tournaments.views import captain

    _, table = _table(django_user_model)
    page = new_page(PHONE)
    _ready(page, f"{live_server.url}/t/{table.code}/")
    shown, asked = captain._page, []

    def slowly(request, *args, **kwargs):
        asked.append(sorted(request.GET))
        if "recorded" in request.GET:
            time.sleep(8)
        return shown(request, *args, **kwargs)

    monkeypatch.setattr(captain, "_page", slowly)
    _enter(page, 1, "60")
    expect(page.locator(".messages li.hand-recorded")).to_contain_text(
        "Hand 1 is recorded", timeout=REFUSAL_WAIT
    )
    expect(_state(page, 1)).to_have_text("sent")
    expect(page.locator("body[data-page-copy]")).to_have_count(0)
    assert asked == [["recorded"]]  # the answer alone: no copy, no second load


@pytest.mark.django_db(transaction=True)
def test_the_next_page_does_not_say_again_that_a_hand_is_recorded(
    live_server, new_page, django_user_model
):
    """The captain moves on from the form's answer before the page's first round of its queue
    has ended (its request held here): the next page says nothing more of the hand, which the
    answer already said was recorded (it said so a second time, before)."""
    _, table = _table(django_user_model)
    page = new_page(PHONE)
    url = f"{live_server.url}/t/{table.code}/"
    _ready(page, url)
    held = []

    def hold_the_first(route):  # the answer page's round: never answered; the next page's: sent
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/tables/**", hold_the_first)
    _enter(page, 1, "60")
    expect(page.locator(".messages")).to_contain_text("Hand 1 is recorded")
    for _ in range(150):  # the round's request for hand 1 arrives, and waits
        if held:
            break
        page.wait_for_timeout(100)
    assert held
    page.goto(url)
    expect(_state(page, 1)).to_have_text("sent")  # this page's round sent it
    page.wait_for_timeout(1000)  # and came to its end
    expect(page.locator(".messages")).to_have_count(0)
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_hand_saved_online_is_recorded_by_its_form_while_the_sync_runs(
    live_server, new_page, django_user_model
):
    """The page's sync runs while the form of a hand saved online is on its way (slow wifi: the
    form reaches the server 3 s later): the sync leaves that hand to the form, which answers
    "recorded", not "already recorded" to a captain who saved once; the next page confirms it."""
    _, table = _table(django_user_model)
    page = new_page(PHONE)
    _ready(page, f"{live_server.url}/t/{table.code}/")
    page.evaluate(
        """() => {
          const submit = HTMLFormElement.prototype.submit;
          HTMLFormElement.prototype.submit = function () {
            window.dispatchEvent(new Event("online"));  // a round of the sync, now
            setTimeout(() => submit.call(this), 3000);
          };
        }"""
    )
    _enter(page, 1, "60")
    expect(page.locator(".messages")).to_contain_text("Hand 1 is recorded", timeout=SYNC_WAIT)
    expect(_state(page, 1)).to_have_text("sent")
    assert Hand.objects.filter(table=table).count() == 1
