"""A whole championship day in German, through the pages only: an organizer sets up a 12-player,
3-round DTM event (settings on the page: 2 hands a round, rounds complete only once the opponents
confirmed), a club beside a name, the check-in (one player absent from round 1), a late arrival,
captains entering every hand on their phones (an impossible one among
them) and the opponents confirming, a correction by the organizer, the results desk, a withdrawal,
a closed table, the seating and the projector, finishing, and the final standings with their PDF.
Every organizer's page is checked at 390 px for sideways scrolling; the screenshots go to the
README (German and English, phone and 1080p)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import Change, Entrant, Event, Hand, Round, Table

from .conftest import PHONE, screenshot

HALL = {"width": 1920, "height": 1080}
PLAYERS = [
    "Anna Bauer",
    "Ben Fischer",
    "Clara Hoffmann",
    "David Koch",
    "Emma Lange",
    "Felix Meyer",
    "Greta Neumann",
    "Hannes Richter",
    "Ida Schulz",
    "Jonas Weber",
    "Klara Wolf",
]
LATE = "Lena Zimmermann"


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", "orga")
    page.fill("#id_password", "orga-password-1")
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{base}/organize/")


def fits_a_phone(page) -> None:
    """Nothing on the page is wider than the phone's screen."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"], page.url


def enter_hand(phone, base: str, table: Table, first_out: str, points: str) -> None:
    """A captain enters the next hand (first out, team A's card points), then the opponents
    confirm it on the same phone."""
    phone.goto(f"{base}/t/{table.code}/")
    number = phone.locator("#id_number").input_value()
    phone.locator(f"#hand-form input[name=first_out][value='{first_out}']").check()
    phone.fill("#id_cp_0", points)
    phone.click("button[name=save]")
    expect(phone.locator(".messages .success")).to_be_visible()
    opponents_confirm(phone, table, number)
    expect(
        phone.locator(f"#hands li[data-hand='{number}'] .badge.ok:not(.offline-badge)")
    ).to_be_visible()


def opponents_confirm(phone, table: Table, number) -> None:
    """The opponents open the hand on the captain's phone and confirm it with their code."""
    phone.locator(f"#hands a[href$='/hands/{number}/confirm/']").click()
    phone.fill("#id_code", table.opponents_code)
    phone.locator("#confirm-form button[type=submit]").click()


def play_round(phone, base: str, rnd: Round, skip: set[int] = frozenset()) -> None:
    for table in rnd.tables.order_by("number"):
        if table.number in skip:
            continue
        enter_hand(phone, base, table, "0", "60")
        enter_hand(phone, base, table, "1", "25")


@pytest.mark.django_db(transaction=True)
def test_championship_day_in_german(live_server, new_page, django_user_model):
    django_user_model.objects.create_user(username="orga", password="orga-password-1")
    base = live_server.url
    desk = new_page(HALL, locale="de-DE")
    log_in(desk, base)

    # --- set up: a DTM of 3 rounds, 2 hands a round, confirmations required ------------------
    desk.goto(f"{base}/organize/events/new/")
    desk.fill("#id_name", "Vereinsmeisterschaft")
    desk.select_option("#id_preset", "dtm")
    desk.fill("#id_rounds", "3")
    desk.fill("#id_hands_per_round", "2")
    desk.locator("main form button[type=submit]").click()
    expect(desk.locator("h1")).to_contain_text("Vereinsmeisterschaft")
    event = Event.objects.get(name="Vereinsmeisterschaft")
    desk.fill("#id_lines", "\n".join(PLAYERS))
    desk.click("form[action$='/players/'] button[type=submit]")
    expect(desk.locator(".messages")).to_contain_text("11")
    desk.locator("#settings summary").click()
    desk.fill("#id_hands_per_round", "0")  # refused beside the field, nothing saved
    desk.click("#save-settings")
    expect(desk.locator("#settings .errorlist")).to_be_visible()
    desk.fill("#id_hands_per_round", "2")
    desk.check("#id_confirmation_required")
    desk.click("#save-settings")
    expect(desk.locator(".messages")).to_contain_text("Die Einstellungen sind gespeichert.")
    event.refresh_from_db()
    assert event.format_data["confirmation_required"] is True

    # --- a club beside a name; the check-in: one player is not in the hall yet ---------------
    anna = Entrant.objects.get(event=event, name="Anna Bauer")
    desk.goto(f"{base}/organize/events/{event.pk}/entrants/{anna.pk}/")
    desk.fill("#id_club", "TC Berlin")
    desk.click("#save-entrant")
    expect(desk.locator(".entrants")).to_contain_text("(TC Berlin)")
    jonas = Entrant.objects.get(event=event, name="Jonas Weber")
    desk.locator("#check-in").evaluate("details => details.open = true")
    desk.uncheck(f"#check-in input[value='{jonas.pk}']")
    desk.click("#save-check-in")
    expect(desk.locator(".messages")).to_contain_text("1 abwesend")

    # --- round 1: pair, review, publish; the public finds their tables ----------------------
    desk.click("#pair")
    expect(desk.locator("h1")).to_contain_text("Runde 1")
    desk.click("#publish")
    round1 = event.rounds.get(number=1)
    assert round1.tables.count() == 2 and round1.byes.count() == 2
    assert not round1.tables.filter(seats__entrant=jonas).exists()
    assert not round1.byes.filter(entrant=jonas).exists()
    public = new_page(PHONE, locale="de-DE")
    public.goto(f"{base}/events/{event.pk}/")
    public.fill("#find-table-q", "klara")
    public.locator("form.find-table button").click()
    expect(public.locator("h1")).to_contain_text("Sitzplan, Runde 1")
    expect(public.locator("table.seating tbody tr")).to_have_count(1)
    klara = Entrant.objects.get(event=event, name="Klara Wolf")
    seat = klara.seats.select_related("table").first()
    expect(public.locator("td.table-no, .badge")).to_contain_text(
        str(seat.table.number) if seat else "Freilos"
    )
    public.goto(f"{base}/events/{event.pk}/rounds/1/seating/")
    expect(public.locator("table.seating tbody tr")).to_have_count(10)
    expect(public.locator("table.seating")).to_contain_text("(TC Berlin)")
    fits_a_phone(public)
    screenshot(public, "de-seating-phone")
    hall = new_page(HALL, locale="de-DE")
    hall.goto(f"{base}/events/{event.pk}/projector/")
    expect(hall.locator("h1")).to_have_text("Sitzplan, Runde 1")
    screenshot(hall, "de-projector-seating-1080p")

    # --- a late arrival joins from round 2 ------------------------------------------------------
    desk.goto(f"{base}/organize/events/{event.pk}/")
    desk.fill("#id_lines", LATE)
    desk.click("form[action$='/players/'] button[type=submit]")
    expect(desk.locator(".entrants")).to_contain_text("ab Runde 2")

    # --- the captains: an impossible hand refused, then every hand entered and confirmed ------
    phone = new_page(PHONE, locale="de-DE")
    first = round1.tables.get(number=1)
    phone.goto(f"{base}/t/{first.code}/")
    phone.locator("#hand-form input[name=first_out][value='0']").check()
    phone.fill("#id_cp_0", "37")
    phone.click("button[name=save]")
    expect(phone.locator("#engine-error")).to_be_visible()
    assert not Hand.objects.filter(table=first).exists()
    screenshot(phone, "de-captain-impossible-hand")
    play_round(phone, base, round1)
    screenshot(phone, "de-captain-done")

    # --- the organizer corrects a hand (with a reason); the opponents confirm again ------------
    desk.goto(f"{base}/organize/events/{event.pk}/tables/{first.pk}/hands/2/")
    desk.fill("#id_cp_0", "45")
    desk.fill("#id_cp_1", "55")
    desk.fill("#id_reason", "Zettel falsch abgeschrieben")
    desk.locator("main form button[type=submit]").click()
    hand = Hand.objects.get(table=first, number=2)
    assert hand.entry["card_points"] == [45, 55] and not hand.confirmed_by_opponents
    assert Change.objects.get(event=event, action="correct").reason == "Zettel falsch abgeschrieben"
    desk.goto(f"{base}/organize/events/{event.pk}/desk/")
    expect(desk.locator("#desk-table-1")).to_have_class(re.compile("waiting"))
    expect(desk.locator("#desk-table-1")).to_contain_text("Noch nicht bestätigt: 2")
    phone.goto(f"{base}/t/{first.code}/")
    opponents_confirm(phone, first, 2)
    expect(desk.locator("#desk-table-1")).to_have_class(re.compile("done"), timeout=12_000)

    # --- round 2: Jonas has arrived, twelve players; a table closed after one hand ------------
    desk.goto(f"{base}/organize/events/{event.pk}/")
    desk.locator("#check-in").evaluate("details => details.open = true")
    desk.check(f"#check-in input[value='{jonas.pk}']")
    desk.click("#save-check-in")
    expect(desk.locator(".messages")).to_contain_text("0 abwesend")
    desk.click("#pair")
    desk.click("#publish")
    round2 = event.rounds.get(number=2)
    assert round2.tables.count() == 3 and not round2.byes.exists()
    assert round2.tables.filter(seats__entrant__name=LATE).exists()
    closed = round2.tables.get(number=3)
    play_round(phone, base, round2, skip={3})
    enter_hand(phone, base, closed, "2", "50")
    desk.goto(f"{base}/organize/events/{event.pk}/desk/")
    expect(desk.locator("#desk-table-3")).to_contain_text("2")  # hand 2 missing
    link = desk.locator("#desk-table-3 .captain-link a")
    expect(link).to_have_attribute("href", f"{base}/t/{closed.code}/")
    desk.goto(f"{base}/organize/events/{event.pk}/rounds/{round2.pk}/")
    row = desk.locator("#table-3")
    row.locator("select[name=status]").select_option("averaged")
    row.locator("button[type=submit]").click()
    expect(desk.locator("h1")).to_have_text("Tisch 3 der Runde 2 schließen als gemittelt?")
    expect(desk.locator("#confirmation")).to_contain_text("Eingetragen: 1 von 2 Spielen")
    desk.click("#confirm")
    expect(desk.locator(".messages")).to_be_visible()
    closed.refresh_from_db()
    assert closed.status == Table.Status.AVERAGED

    # --- a withdrawal before round 3 ------------------------------------------------------------
    desk.goto(f"{base}/organize/events/{event.pk}/")
    gone = Entrant.objects.get(event=event, name="Ben Fischer")
    desk.locator(f"a[href$='/entrants/{gone.pk}/withdraw/']").click()
    expect(desk.locator("h1")).to_have_text("Ben Fischer vom Turnier abmelden?")
    expect(desk.locator("#confirmation")).to_contain_text("ab Runde 3 nicht mehr ausgelost")
    desk.click("#confirm")
    expect(desk.locator(".entrants")).to_contain_text("abgemeldet nach Runde 2")
    expect(desk.locator("h2", has_text="Spieler")).to_contain_text("11 von 12 angemeldeten")
    desk.click("#pair")
    desk.click("#publish")
    round3 = event.rounds.get(number=3)
    assert not round3.tables.filter(seats__entrant=gone).exists()
    play_round(phone, base, round3)

    # --- finish: offered instead of pairing; final standings and their PDF --------------------
    desk.goto(f"{base}/organize/events/{event.pk}/")
    expect(desk.locator("#pair")).to_have_count(0)
    desk.click("#finish")
    expect(desk.locator("#confirmation")).to_contain_text("Die Tabelle wird zum Endstand")
    desk.click("#confirm")
    expect(desk.locator(".messages")).to_contain_text("Die Tabelle ist endgültig")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    screenshot(desk, "de-organizer-finished")
    public.goto(f"{base}/events/{event.pk}/")
    expect(public.locator("#standings-title")).to_contain_text("Endstand")
    ranks = public.locator("#standings tbody tr td:first-child").all_inner_texts()
    assert ranks[0] == "1" or ranks[0] == "1="
    expect(public.locator(f"#standings tr[data-entrant='{gone.pk}'] .withdrawn")).to_have_text(
        "abgemeldet"
    )
    screenshot(public, "de-final-standings-phone")
    pdf = public.request.get(f"{base}/events/{event.pk}/standings.pdf")
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.body().startswith(b"%PDF")
    phone.goto(f"{base}/t/{round3.tables.first().code}/")
    expect(phone.locator("#event-finished")).to_contain_text("Das Turnier ist beendet")
    expect(phone.locator("#hand-form")).to_have_count(0)
    hall.goto(f"{base}/events/{event.pk}/projector/")
    expect(hall.locator("h1")).to_have_text("Endstand")
    screenshot(hall, "de-projector-final-1080p")

    # --- every organizer's page on a phone, German and English ---------------------------------
    pocket = new_page(PHONE, locale="de-DE")
    log_in(pocket, base)
    pages = [
        f"/organize/events/{event.pk}/",
        f"/organize/events/{event.pk}/rounds/{round2.pk}/",
        f"/organize/events/{event.pk}/desk/",
        f"/organize/events/{event.pk}/history/",
        f"/organize/events/{event.pk}/tables/{first.pk}/",
        f"/organize/events/{event.pk}/tables/{first.pk}/hands/1/",
        "/organize/",
        "/organize/events/new/",
    ]
    for path in pages:
        pocket.goto(base + path)
        fits_a_phone(pocket)
    pocket.goto(f"{base}/organize/events/{event.pk}/rounds/{round2.pk}/")
    screenshot(pocket, "de-organizer-round-phone")
    pocket.goto(f"{base}/language/en/?next=/organize/events/{event.pk}/desk/")
    expect(pocket.locator("h1")).to_contain_text("Results desk")
    for path in pages:
        pocket.goto(base + path)
        fits_a_phone(pocket)
    pocket.goto(f"{base}/organize/events/{event.pk}/desk/")
    screenshot(pocket, "en-results-desk-phone")
    hall.goto(f"{base}/language/en/?next=/events/{event.pk}/projector/")
    expect(hall.locator("h1")).to_have_text("Final standings")
    screenshot(hall, "en-projector-final-1080p")
