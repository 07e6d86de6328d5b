"""A whole championship day in German, through the pages only (issue 23).

An organizer sets up a 12-player, 3-round DTM event (settings on the page: 2 hands a round, rounds
complete only once the opponents confirmed) and registers the players from the list as a German
Excel saves it (Windows-1252, semicolons, the header "Nr.;Vorname;Nachname;Verein", umlauts and
clubs), invites a helper and checks in (one player absent from round 1). The draft of round 1 is
edited by hand (a bye moved, two seats swapped); the table sheets are printed and the round clock
started (on the projector, the results desk and the captains' phones). The captains enter every
hand from the code on their sheet (an impossible one refused); the opponents confirm each with
their own code from the sheet, some on their own phone. A captain asks for a correction, which
the helper makes at the results desk on a phone. A late arrival; the helper checks the absent
player in, starts round 2's clock and closes a table after one hand; a withdrawal; the day is cut
short in round 3 and finished with a table still open, closed in the same confirmation. The final
standings (ranks, a bye's credit, whole on the projector), the A-Z seating (German order) and the
round's results are read back from their PDFs as text, under German file names. Every
organizer's page is checked at 390 px for sideways scrolling; the screenshots go to the README
(German and English, phone and 1080p)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from tests.conftest import wait_for_standings
from tests.pdf import pdf_text
from tournaments.models import Change, Event, Hand, Table

from .conftest import PHONE, screenshot

HALL = {"width": 1920, "height": 1080}
# first name, last name, club: the rows of the list the organizer keeps in Excel
PLAYERS = [
    ("Anna", "Bauer", "TC Berlin"),
    ("Ben", "Fischer", "TC Berlin"),
    ("Clara", "Hoffmann", "Drachen Köln"),
    ("David", "Koch", "Drachen Köln"),
    ("Änne", "Schäfer", "Phönix München"),
    ("Felix", "Meyer", "Phönix München"),
    ("Greta", "Neumann", "Glückspilze Nürnberg"),
    ("Jürgen", "Müller", "Glückspilze Nürnberg"),
    ("Ida", "Schulz", "Weißensee"),
    ("Jonas", "Weber", "Weißensee"),
    ("Klara", "Wolf", "Tichu-Freunde Düsseldorf"),
]
LATE = "Lena Zimmermann"
# Everyone but the withdrawn Ben, in German order (Ä with A, ü with u): the seating's A-Z
SEATED_IN_ROUND_3 = [
    "Anna Bauer",
    "Änne Schäfer",
    "Clara Hoffmann",
    "David Koch",
    "Felix Meyer",
    "Greta Neumann",
    "Ida Schulz",
    "Jonas Weber",
    "Jürgen Müller",
    "Klara Wolf",
    LATE,
]
# The round clock of 90 minutes, while it runs (the day takes less than half an hour)
CLOCK = re.compile(r"^1:[0-2]\d:[0-5]\d$|^1:30:00$")


def german_excel_csv() -> bytes:
    """The list as German Excel saves "CSV (Trennzeichen-getrennt)": Windows-1252, ";", CRLF."""
    lines = ["Nr.;Vorname;Nachname;Verein"]
    lines += [f"{n};{first};{last};{club}" for n, (first, last, club) in enumerate(PLAYERS, 1)]
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


def log_in(page, base: str, username: str = "orga", password: str = "orga-password-1") -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.locator("main button[type=submit]").click()
    expect(page).to_have_url(f"{base}/organize/")


def fits_a_phone(page) -> None:
    """Nothing on the page is wider than the phone's screen."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"], page.url


def pdf_of(page, link) -> tuple[str, str]:
    """The text of the PDF a link of the page opens, as poppler reads it (columns of a line kept
    on one line, pages split by form feeds), and the file name it is saved under."""
    response = page.request.get(  # with the page's cookies and, as a tap would, its languages
        urljoin(page.url, link.get_attribute("href")),
        headers={"Accept-Language": page.evaluate("navigator.languages.join(',')")},
    )
    assert response.ok and response.headers["content-type"] == "application/pdf"
    text = pdf_text(response.body())
    filename = re.search(r'filename="([^"]+)"', response.headers["content-disposition"])
    assert filename, response.headers["content-disposition"]
    return text, filename.group(1)


@dataclass(frozen=True)
class Sheet:
    """What a table's printed sheet tells its players: the captain's code (the QR code's link)
    and the opponents' own code beside it."""

    code: str
    opponents_code: str


def table_sheets(desk, round_number: int) -> dict[int, Sheet]:
    """The round's table sheets, printed from the round page and read: each table's codes."""
    text, filename = pdf_of(desk, desk.locator("#sheets-pdf"))
    assert filename == f"vereinsmeisterschaft-runde-{round_number}-tische.pdf"
    sheets = {}
    for page in text.split("\f"):
        table = re.search(rf"Runde {round_number} · Tisch (\d+)", page)
        if table is None:
            continue
        code = re.search(r"/t/([A-Za-z0-9]+)/", page)
        opponents = re.search(r"Gegner-Code: ([A-Za-z0-9]+)", page)
        assert code and opponents, page
        sheets[int(table.group(1))] = Sheet(code.group(1), opponents.group(1))
    return sheets


def table_phone(new_page):
    """A phone at a table, without the offline engine: Pyodide starts in a worker on every load
    of the captain's page and would double this day's run on two cores. The page works as on a
    phone where the engine cannot run: online, the server's engine judges each hand anyway. The
    engine in the page has its own tests (``test_captain_offline.py``)."""
    phone = new_page(PHONE, locale="de-DE")
    phone.context.route("**/vendor/pyodide/**", lambda route: route.abort())
    return phone


def enter_hand(phone, base: str, sheet: Sheet, first_out: str, points: str, opponents=None):
    """A captain enters the next hand (first out, team A's card points); the opponents confirm
    it with their code, on the captain's phone or on their own (``opponents``)."""
    if phone.url != f"{base}/t/{sheet.code}/":  # after the last hand, the phone shows the table
        phone.goto(f"{base}/t/{sheet.code}/")
    number = phone.locator("#id_number").input_value()
    phone.locator(f"#hand-form input[name=first_out][value='{first_out}']").check()
    phone.fill("#id_cp_0", points)
    # the captain reads the engine's preview, then saves
    expect(phone.locator("#preview .team-a")).to_contain_text(f"{points} TP")
    phone.click("button[name=save]")
    expect(phone.locator(".messages .success")).to_be_visible()
    if opponents is not None:
        opponents.goto(f"{base}/t/{sheet.code}/")  # the QR code of the sheet
    opponents_confirm(opponents or phone, sheet, number)


def opponents_confirm(phone, sheet: Sheet, number) -> None:
    """The opponents open the hand on the table's page, read it whole and confirm it with the
    code printed for them on the sheet."""
    phone.locator(f"#hands a[href$='/hands/{number}/confirm/']").click()
    expect(phone.locator("#hand-sides")).to_be_visible()
    phone.fill("#id_code", sheet.opponents_code)
    phone.locator("#confirm-form button[type=submit]").click()
    expect(phone.locator(".messages")).to_contain_text("von den Gegnern bestätigt")
    expect(
        phone.locator(f"#hands li[data-hand='{number}'] .badge.ok:not(.offline-badge)")
    ).to_be_visible()


def play_round(phone, base: str, sheets: dict[int, Sheet], skip=frozenset(), opponents=None):
    """Both hands at every table but ``skip``; table 1's opponents on their own phone."""
    for number, sheet in sorted(sheets.items()):
        if number in skip:
            continue
        own = opponents if number == 1 else None
        enter_hand(phone, base, sheet, "0", "60", opponents=own)
        enter_hand(phone, base, sheet, "1", "25")


def swap(desk, first: str, second: str) -> tuple[str, str]:
    """Swap two entries of the draft's list that start with ``first`` and ``second`` ("Tisch 1 ·
    1 · ", "Freilos · "); the names they held."""
    options = desk.locator("#id_seat_a option").all_inner_texts()
    a = next(option for option in options if option.startswith(first))
    b = next(option for option in options if option.startswith(second))
    desk.select_option("#id_seat_a", label=a)
    desk.select_option("#id_seat_b", label=b)
    desk.click("#swap")
    return a.removeprefix(first), b.removeprefix(second)


def names_cut(page) -> int:
    """How many names of the projector's screen are cut short (an ellipsis for want of room)."""
    return page.evaluate(
        "[...document.querySelectorAll('td.name')]"
        ".filter(cell => cell.scrollWidth > cell.clientWidth).length"
    )


def standings_rows(page) -> list[tuple[str, str]]:
    """(rank, name) of each row of the page's standings, top first."""
    return [
        (row.locator("td").nth(0).inner_text(), row.locator("td a").first.inner_text())
        for row in page.locator("#standings tbody tr").all()
    ]


@pytest.mark.django_db(transaction=True)
def test_championship_day_in_german(live_server, new_page, django_user_model):
    django_user_model.objects.create_user(username="orga", password="orga-password-1")
    django_user_model.objects.create_user(username="helga", password="helga-password-1")
    base = live_server.url
    desk = new_page(HALL, locale="de-DE")
    log_in(desk, base)

    # --- set up: a DTM of 3 rounds, 2 hands a round ---------------------------------------------
    desk.goto(f"{base}/organize/events/new/")
    desk.fill("#id_name", "Vereinsmeisterschaft")
    desk.select_option("#id_preset", "dtm")
    desk.fill("#id_rounds", "3")
    desk.fill("#id_hands_per_round", "2")
    desk.locator("main form button[type=submit]").click()
    expect(desk.locator("h1")).to_contain_text("Vereinsmeisterschaft")
    home = desk.url
    event = Event.objects.get(pk=int(re.search(r"/events/(\d+)/", home).group(1)))

    # --- the player list as German Excel saved it: read, mapped by its header, confirmed -------
    desk.set_input_files(
        "#id_file",
        files=[{"name": "Spielerliste.csv", "mimeType": "text/csv", "buffer": german_excel_csv()}],
    )
    desk.click("form[action$='/players/'] button[type=submit]")
    expect(desk.locator("h1")).to_have_text("Liste vor dem Anmelden prüfen")
    expect(desk.locator("#file-read")).to_contain_text("Windows-1252")
    expect(desk.locator("#file-read")).to_contain_text("Nr.; Vorname; Nachname; Verein")
    columns = desk.locator(".players-columns tbody tr select")
    assert [columns.nth(i).input_value() for i in range(4)] == [
        "skip",
        "first_name",
        "last_name",
        "club",
    ]
    rows = desk.locator(".players-preview tbody tr")
    expect(rows).to_have_count(11)
    expect(rows.nth(7)).to_contain_text("Jürgen Müller")
    expect(rows.nth(7)).to_contain_text("Glückspilze Nürnberg")
    expect(desk.locator("#list-warnings")).to_have_count(0)
    screenshot(desk, "de-players-preview-1080p")
    desk.click("#confirm-players")
    expect(desk.locator(".messages")).to_contain_text("11 angemeldet.")
    expect(desk.locator(".entrants")).to_contain_text("Jürgen Müller (Glückspilze Nürnberg)")
    expect(desk.locator(".entrants")).to_contain_text("Änne Schäfer (Phönix München)")

    # --- settings: an error beside its field, then confirmations required ---------------------
    desk.locator("#settings summary").click()
    desk.fill("#id_hands_per_round", "0")  # refused beside the field, nothing saved
    desk.click("#save-settings")
    expect(desk.locator("#settings .errorlist")).to_be_visible()
    desk.fill("#id_hands_per_round", "2")
    desk.check("#id_confirmation_required")
    desk.click("#save-settings")
    expect(desk.locator(".messages")).to_contain_text("Die Einstellungen sind gespeichert.")

    # --- a helper invited by her account; the check-in: one player is not in the hall yet -----
    desk.locator("#helpers summary").click()
    desk.fill("#helpers input[name=username]", "helga")
    desk.click("#add-helper")
    expect(desk.locator(".messages")).to_contain_text("helga hilft jetzt bei diesem Turnier.")
    expect(desk.locator("#helpers .helper-name")).to_have_text("helga")
    desk.locator("#check-in").evaluate("details => details.open = true")
    desk.locator("#check-in label", has_text="Jonas Weber").locator("input").uncheck()
    desk.click("#save-check-in")
    expect(desk.locator(".messages")).to_contain_text("1 abwesend")

    # --- round 1: the draft edited by hand (a bye moved, two seats swapped), then published ----
    desk.click("#pair")
    expect(desk.locator("h1")).to_contain_text("Runde 1")
    expect(desk.locator("#byes")).to_be_visible()
    expect(desk.locator("#byes")).not_to_contain_text("Jonas Weber")  # absent: not drawn
    resting, sitting = swap(desk, "Freilos · ", "Tisch 1 · 1 · ")
    expect(desk.locator(".messages")).to_contain_text("Das Freilos ist verschoben.")
    expect(desk.locator("#byes")).to_contain_text(sitting)
    expect(desk.locator("#byes")).not_to_contain_text(resting)
    expect(desk.locator("#table-1 .team-a")).to_contain_text(resting)
    left, right = swap(desk, "Tisch 1 · 2 · ", "Tisch 2 · 2 · ")
    expect(desk.locator(".messages")).to_contain_text("Die Plätze sind getauscht.")
    expect(desk.locator("#table-1 .team-b")).to_contain_text(right)
    expect(desk.locator("#table-2 .team-b")).to_contain_text(left)
    screenshot(desk, "de-round-draft-1080p")
    desk.click("#publish")
    expect(desk.locator(".messages")).to_contain_text("Runde 1 ist veröffentlicht")
    round1_page = desk.url
    table1_page = desk.locator("#table-1 td.no a").get_attribute("href")
    sheets1 = table_sheets(desk, 1)
    assert sorted(sheets1) == [1, 2]

    # --- the round clock: started on the round page, shown in the hall -------------------------
    desk.fill("#id_clock_minutes", "90")
    desk.click("#clock-start")
    expect(desk.locator(".messages")).to_contain_text("Die Uhr von Runde 1 läuft: 90 Minuten.")
    expect(desk.locator("#clock .clock-time")).to_have_text(CLOCK)
    hall = new_page(HALL, locale="de-DE")
    hall.goto(f"{base}/events/{event.pk}/projector/")
    expect(hall.locator("h1")).to_have_text("Sitzplan, Runde 1")
    assert names_cut(hall) == 0
    screenshot(hall, "de-projector-seating-1080p")
    hall.goto(f"{base}/events/{event.pk}/projector/?screen=1")
    expect(hall.locator("h1")).to_have_text("Runde 1")
    expect(hall.locator(".screen-clock")).to_contain_text("Restzeit")
    expect(hall.locator(".screen-clock .clock-time")).to_have_text(CLOCK)
    screenshot(hall, "de-projector-clock-1080p")
    # the hall's screen is off until the prize giving: its reloads every 15 s would race the
    # captains' writes in the embedded mode's one SQLite connection
    hall.goto("about:blank")

    # --- the public finds their tables; "Mueller" finds Müller --------------------------------
    public = new_page(PHONE, locale="de-DE")
    public.goto(f"{base}/events/{event.pk}/")
    public.fill("#find-table-q", "mueller")
    public.locator("form.find-table button").click()
    expect(public.locator("h1")).to_contain_text("Sitzplan, Runde 1")
    expect(public.locator("table.seating tbody tr")).to_have_count(1)
    expect(public.locator("table.seating tbody tr")).to_contain_text("Jürgen Müller")
    public.goto(f"{base}/events/{event.pk}/rounds/1/seating/")
    expect(public.locator("table.seating tbody tr")).to_have_count(10)
    expect(public.locator("table.seating")).to_contain_text("(Drachen Köln)")
    fits_a_phone(public)
    screenshot(public, "de-seating-phone")

    # --- a late arrival joins from round 2 ------------------------------------------------------
    desk.goto(home)
    desk.fill("#id_lines", LATE)
    desk.click("form[action$='/players/'] button[type=submit]")
    expect(desk.locator(".entrants")).to_contain_text("ab Runde 2")

    # --- the captains, from the sheets: an impossible hand refused, then every hand entered ----
    # --- and confirmed by the opponents with their code (table 1's on their own phone) --------
    phone = table_phone(new_page)
    opponents = table_phone(new_page)
    phone.goto(f"{base}/t/{sheets1[1].code}/")
    expect(phone.locator("#clock .clock-time")).to_have_text(CLOCK)
    phone.locator("#hand-form input[name=first_out][value='0']").check()
    phone.fill("#id_cp_0", "37")
    expect(phone.locator("#preview .alert")).to_be_visible()
    phone.click("button[name=save]")
    expect(phone.locator("#engine-error")).to_be_visible()
    screenshot(phone, "de-captain-impossible-hand")
    play_round(phone, base, sheets1, opponents=opponents)
    screenshot(phone, "de-captain-done")

    # --- a captain asks for a correction; the helper makes it at the results desk -------------
    phone.goto(f"{base}/t/{sheets1[1].code}/")
    phone.locator("#hands li[data-hand='2'] a.correction").click()
    phone.fill("#id_text", "Kartenpunkte falsch: 45 zu 55")
    phone.locator("#correction-form button[type=submit]").click()
    expect(phone.locator(".messages")).to_contain_text("gebeten, Spiel 2 zu korrigieren")
    helper = new_page(PHONE, locale="de-DE")
    log_in(helper, base, "helga", "helga-password-1")
    helper.locator("#helping a", has_text="Vereinsmeisterschaft").click()
    expect(helper.locator("#helper-note")).to_be_visible()
    expect(helper.locator("#pair")).to_have_count(0)  # the draw is the organizers'
    expect(helper.locator("#settings")).to_have_count(0)
    helper.click("#desk-link")
    expect(helper.locator("h1")).to_have_text("Ergebnisannahme · Runde 1")
    expect(helper.locator("#clock .clock-time")).to_have_text(CLOCK)
    requests = helper.locator("#correction-requests")
    expect(requests).to_contain_text("Runde 1, Tisch 1, Spiel 2")
    expect(requests).to_contain_text("Kartenpunkte falsch: 45 zu 55")
    expect(helper.locator("#desk-table-1")).to_have_class(re.compile("waiting"))
    fits_a_phone(helper)
    screenshot(helper, "de-helper-desk-phone")
    requests.locator("a.button").click()
    helper.fill("#id_cp_0", "45")
    helper.fill("#id_cp_1", "55")
    helper.fill("#id_reason", "Kartenpunkte falsch abgeschrieben")
    helper.click("#save-hand")
    expect(helper.locator(".messages")).to_contain_text("Spiel 2 ist korrigiert.")
    helper.goto(f"{base}/organize/events/{event.pk}/desk/")
    expect(helper.locator("#correction-requests")).to_have_count(0)
    expect(helper.locator("#desk-table-1")).to_contain_text("Noch nicht bestätigt: 2")
    phone.goto(f"{base}/t/{sheets1[1].code}/")
    opponents_confirm(phone, sheets1[1], 2)
    helper.reload()
    expect(helper.locator("#desk-table-1")).to_have_class(re.compile("done"))
    corrected = Change.objects.get(event=event, action="correct")
    assert corrected.actor == "helper:helga"
    assert corrected.reason == "Kartenpunkte falsch abgeschrieben"

    # --- round 2: the helper checks the late one in, starts the clock, closes a table -------
    helper.goto(home)
    helper.locator("#check-in label", has_text="Jonas Weber").locator("input").check()
    helper.click("#save-check-in")
    expect(helper.locator(".messages")).to_contain_text("0 abwesend")
    desk.goto(home)
    desk.click("#pair")
    desk.click("#publish")
    expect(desk.locator(".messages")).to_contain_text("Runde 2 ist veröffentlicht")
    expect(desk.locator("#byes")).to_have_count(0)
    expect(desk.locator(".tables-status")).to_contain_text(LATE)
    round2_page = desk.url
    sheets2 = table_sheets(desk, 2)
    assert sorted(sheets2) == [1, 2, 3]
    helper.goto(round2_page)  # the helper runs the clock
    helper.fill("#id_clock_minutes", "90")
    helper.click("#clock-start")
    expect(helper.locator(".messages")).to_contain_text("Die Uhr von Runde 2 läuft: 90 Minuten.")
    play_round(phone, base, sheets2, skip={3})
    enter_hand(phone, base, sheets2[3], "2", "50")
    expect(phone.locator("#clock .clock-time")).to_have_text(CLOCK)  # table 3 plays on
    helper.goto(f"{base}/organize/events/{event.pk}/desk/")
    expect(helper.locator("#desk-table-3 .missing")).to_have_text("2")
    helper.goto(round2_page)
    fits_a_phone(helper)
    screenshot(helper, "de-round-phone")
    row = helper.locator("#table-3")
    row.locator("select[name=status]").select_option("averaged")
    row.locator("button[type=submit]").click()
    expect(helper.locator("h1")).to_have_text("Tisch 3 der Runde 2 schließen als gemittelt?")
    expect(helper.locator("#confirmation")).to_contain_text("Eingetragen: 1 von 2 Spielen")
    helper.click("#confirm")
    expect(helper.locator(".messages")).to_contain_text("Tisch 3 ist jetzt gemittelt.")

    # --- a withdrawal before round 3 ------------------------------------------------------------
    desk.goto(home)
    gone_name = "Ben Fischer (TC Berlin)"
    desk.locator(".entrants tr", has_text=gone_name).locator("a.withdraw").click()
    expect(desk.locator("h1")).to_have_text(f"{gone_name} vom Turnier abmelden?")
    expect(desk.locator("#confirmation")).to_contain_text("ab Runde 3 nicht mehr ausgelost")
    desk.click("#confirm")
    expect(desk.locator(".entrants")).to_contain_text("abgemeldet nach Runde 2")
    expect(desk.locator("h2", has_text="Spieler")).to_contain_text("11 von 12 angemeldeten")

    # --- round 3, cut short: the hall closes with table 2 one hand short ----------------------
    desk.click("#pair")
    desk.click("#publish")
    expect(desk.locator(".messages")).to_contain_text("Runde 3 ist veröffentlicht")
    sheets3 = table_sheets(desk, 3)
    play_round(phone, base, sheets3, skip={2}, opponents=opponents)
    enter_hand(phone, base, sheets3[2], "0", "70")
    desk.goto(home)
    expect(desk.locator("#finish")).to_have_count(0)  # the last round is not done
    desk.click("#finish-early")
    expect(desk.locator("h1")).to_have_text("Vereinsmeisterschaft jetzt beenden?")
    expect(desk.locator("#open-table-2")).to_contain_text("Eingetragen: 1 von 2 Spielen")
    expect(desk.locator("#open-table-1")).to_have_count(0)
    desk.locator("#open-table-2 select").select_option("averaged")
    desk.fill("#id_reason", "Der Saal schließt")
    expect(desk.locator("#confirm")).to_have_text("1 Tisch schließen und Turnier beenden")
    screenshot(desk, "de-finish-early-1080p")
    desk.click("#confirm")
    expect(desk.locator(".messages")).to_contain_text("Die Tabelle ist endgültig")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert Table.objects.get(round__event=event, round__number=3, number=2).status == "averaged"
    screenshot(desk, "de-organizer-finished")

    # --- the final standings: ranks, the withdrawn, the bye's credit ---------------------------
    wait_for_standings(event)
    public.goto(f"{base}/events/{event.pk}/")
    expect(public.locator("#standings-title")).to_contain_text("Endstand")
    ranked = standings_rows(public)
    assert len(ranked) == 12 and ranked[0][0] in ("1", "1=")
    gone_row = public.locator("#standings tbody tr", has_text=gone_name)
    expect(gone_row.locator(".withdrawn")).to_have_text("abgemeldet")
    rested = public.locator("#standings tbody tr", has_text=sitting)
    expect(rested.locator(".credit")).to_have_text(
        re.compile(r"^\(1 Freilos, gutgeschrieben \+\d+ SP, \+\d+ TP\)$")
    )
    credit = rested.locator(".credit").inner_text()
    screenshot(public, "de-final-standings-phone")

    # --- the printouts, read back: final standings, seating A-Z, the last round's results ------
    text, filename = pdf_of(desk, desk.locator("#final-pdf"))
    assert filename == "vereinsmeisterschaft-endstand.pdf"
    assert "Endstand" in text and re.search(r"Rang\s+Name\s+SP\s+TP", text)
    printed = re.findall(r"^\s*(\d+=?)\s+(\S.*?)\s{2,}-?\d", text, flags=re.MULTILINE)
    assert f"{gone_name} (abgemeldet)" in dict(map(reversed, printed))
    assert [(rank, name.removesuffix(" (abgemeldet)")) for rank, name in printed] == ranked
    after = text.split(sitting, 1)[1].split("\n")
    assert credit in " ".join(after[:3]), after[:3]
    text, filename = pdf_of(desk, desk.locator("#latest-seating-pdf"))
    assert filename == "vereinsmeisterschaft-sitzplan-runde-3.pdf"
    assert "Sitzplan, Runde 3" in text and re.search(r"Name\s+Tisch\s+Platz\s+Partner", text)
    seating_lines = {
        line.split("  ")[0].split(" (")[0]: line
        for line in text.splitlines()
        if line.split("  ")[0].split(" (")[0] in SEATED_IN_ROUND_3
    }
    order = list(seating_lines)
    assert order == SEATED_IN_ROUND_3, text
    text, filename = pdf_of(desk, desk.locator("#latest-results-pdf"))
    assert filename == "vereinsmeisterschaft-ergebnisse-runde-3.pdf"
    assert "Ergebnisse, Runde 3" in text
    assert re.search(r"^\s+1\s.*\s85 : 115\s", text, flags=re.MULTILINE)  # 60 + 25 : 40 + 75
    assert re.search(r"^\s+2\s.*\s70 : 30\s.*geschlossen, gutgeschrieben", text, flags=re.M)
    sat_out = [name for name in order if "Freilos" in seating_lines[name]]
    byes = " ".join(text.split("Freilose:", 1)[1].split())
    assert len(sat_out) == 3 and all(name in byes for name in sat_out), (sat_out, byes)

    # --- the captains' pages are closed; the hall shows the final standings -------------------
    phone.goto(f"{base}/t/{sheets3[1].code}/")
    expect(phone.locator("#event-finished")).to_contain_text("Das Turnier ist beendet")
    expect(phone.locator("#hand-form")).to_have_count(0)
    hall.goto(f"{base}/events/{event.pk}/projector/")
    expect(hall.locator("h1")).to_have_text("Endstand")
    expect(hall.locator("td.name", has_text=sitting)).to_contain_text("1 Freilos")
    assert names_cut(hall) == 0  # names and their credits whole
    screenshot(hall, "de-projector-final-1080p")
    hall.goto("about:blank")  # off again while the desk is toured: no reload in the way later

    # --- every organizer's page on a phone, German and English; who did what ------------------
    pocket = new_page(PHONE, locale="de-DE")
    log_in(pocket, base)
    pages = [
        home.removeprefix(base),
        round1_page.removeprefix(base),
        round2_page.removeprefix(base),
        f"/organize/events/{event.pk}/desk/",
        f"/organize/events/{event.pk}/history/",
        table1_page,
        f"{table1_page}hands/1/",
        "/organize/",
        "/organize/events/new/",
    ]
    for path in pages:
        pocket.goto(base + path)
        fits_a_phone(pocket)
    pocket.goto(round2_page)
    expect(pocket.locator("#table-3")).to_contain_text("gemittelt")
    expect(pocket.locator("#table-3 select")).to_have_count(0)  # finished: nothing to close
    pocket.goto(f"{base}/organize/events/{event.pk}/history/")
    expect(pocket.locator("main")).to_contain_text("helga (Helfer)")
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
    # rounds 1, 2 (a table closed after one hand) and 3 (cut short with a table one hand short)
    assert Hand.objects.filter(table__round__event=event).count() == 4 + 5 + 3
