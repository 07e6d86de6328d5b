"""A person across events, on a phone, in German and English, through the organizer's and the
public pages: a new evening of the register is created, its list uploaded as a German Excel
saves a CSV (semicolons, Windows-1252, "Vorname;Nachname;Verein"); the preview links Anna Meyer
to the person known from the earlier evening, not to a new one; once the evening is played, her
page lists both evenings, a series over them (made on the series form) gives her the points of
her two places, and the register's ranking list, which needs more hands than one evening has,
lists her. Every page is in the browser's language and no wider than the phone.

The earlier evening and the playing of the new one are set up by the services (bots play its
hands, ``simulation.play_rounds``): what is tested is what the organizer and the public see."""

from __future__ import annotations

import random
import re
from decimal import ROUND_HALF_UP, Decimal

import pytest
from playwright.sync_api import expect

from tests.conftest import wait_for_ratings, wait_for_standings
from tournaments.models import Entrant, Event, Player, Register
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish
from tournaments.simulation import play_rounds

from .conftest import PHONE, screenshot
from .test_championship_day import fits_a_phone, log_in

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS, HANDS_PER_ROUND = 3, 4  # DTM: each of 8 players plays every hand, 12 an evening
# The ranking list needs more hands than one evening gives: only who played both is listed.
MIN_RANKED_HANDS = 20
EARLIER = [
    ("Anna", "Meyer", "Tichu-Freunde Köln"),
    ("Jürgen", "Größ", "Köln"),
    ("Clara", "Fischer", "Bonn"),
    ("David", "Koch", "Aachen"),
    ("Emma", "Lange", "Bonn"),
    ("Felix", "Neumann", "Köln"),
    ("Greta", "Richter", "Düren"),
    ("Hannes", "Schulz", "Aachen"),
]
RETURNING = EARLIER[:4]
NEWCOMERS = [
    ("Ida", "Wagner", "Siegen"),
    ("Jonas", "Weber", "Trier"),
    ("Mia", "Zimmermann", "Mainz"),
    ("Olga", "Bauer", "Worms"),
]
# As a German Excel saves "CSV (Trennzeichen-getrennt)": semicolons, Windows-1252, CRLF.
CSV = "\r\n".join(
    ["Vorname;Nachname;Verein"] + [";".join(row) for row in RETURNING + NEWCOMERS]
).encode("cp1252")
FIRST, SECOND = "Frühjahrsabend", "Maiabend"

WORDS = {
    "en-US": {
        "read_as": "Read as Windows-1252",
        "exact": "same name and club",
        "last": "last: " + FIRST,
        "new": "a new person",
        "linked": "Linked to Anna Meyer (Tichu-Freunde Köln), known from 1 event.",
        "person": ["Awards", "Overview", "Events", "Place", "Hands played", "Rating history"],
        "series_created": "The series is created.",
        "series": ["Points", "Each event: points, and the place below them."],
        "ranking": "Ranking list",
        "ranking_words": ["Rating", "Hands"],
    },
    "de-DE": {
        "read_as": "Gelesen als Windows-1252",
        "exact": "gleicher Name und Verein",
        "last": "zuletzt: " + FIRST,
        "new": "eine neue Person",
        "linked": "Verknüpft mit Anna Meyer (Tichu-Freunde Köln), bekannt von 1 Turnier.",
        "person": [
            "Auszeichnungen",
            "Überblick",
            "Veranstaltungen",
            "Platzierung",
            "Gespielte Spiele",
            "Verlauf der Wertung",
        ],
        "series_created": "Die Serie ist angelegt.",
        "series": ["Punkte", "Je Turnier: Punkte, darunter der Platz."],
        "ranking": "Rangliste",
        "ranking_words": ["Wertung", "Spiele"],
    },
}
# English labels of the pages visited that a German page must not show (whole words).
ENGLISH = [
    "Awards",
    "Overview",
    "Events",
    "Place",
    "Hands",
    "Rating",
    "Points",
    "Partners",
    "first place",
    "Ranking list",
    "Uncertainty",
    "Series",
    "qualified",
    "Person of the register",
    "Check the list",
]


def full_name(row: tuple[str, str, str]) -> str:
    return f"{row[0]} {row[1]}"


@pytest.fixture
def earlier_evening(organizer) -> Event:
    """The register's first evening, finished: eight people with their clubs, bots' hands."""
    event = event_create(
        owner=organizer, name=FIRST, preset="dtm", overrides={"rounds": ROUNDS}, seed=1
    )
    players_register(
        event=event,
        names=[full_name(row) for row in EARLIER],
        clubs=[row[2] for row in EARLIER],
        actor=Actor.organizer(organizer),
    )
    play_rounds(event, random.Random(1))
    Register.objects.filter(pk=event.register_id).update(min_ranked_hands=MIN_RANKED_HANDS)
    return event_finish(event_id=event.pk, actor=Actor.organizer(organizer))


def field_points(place: int, field: int) -> Decimal:
    """A place's series points as the rulings scale them by the field, to one decimal."""
    exact = Decimal(100 * (field - place + 1)) / field
    return exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def shown(points: Decimal, locale: str) -> str:
    """A number of points as the page writes it: no decimals when whole, a German comma."""
    text = f"{points.to_integral() if points == points.to_integral() else points:f}"
    return text.replace(".", ",") if locale.startswith("de") else text


def in_language(page, locale: str) -> None:
    """A German page has none of the English labels of the pages visited (and an English page
    says it is English); nothing scrolls sideways."""
    assert page.evaluate("document.documentElement.lang") == locale[:2], page.url
    if locale.startswith("de"):
        text = page.locator("main").inner_text()
        left = [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]
        assert not left, (page.url, left)
    fits_a_phone(page)


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_known_player_from_a_csv_to_her_page_the_series_and_the_ranking(
    live_server, new_page, organizer, earlier_evening, locale
):
    words, base = WORDS[locale], live_server.url
    anna = Player.objects.get(name="Anna Meyer")
    page = new_page(PHONE, locale=locale)
    log_in(page, base)

    # the new evening, on the organizer's form
    page.locator("a[href='/organize/events/new/']").first.click()
    page.fill("#id_name", SECOND)
    page.select_option("#id_preset", "dtm")
    page.fill("#id_rounds", str(ROUNDS))
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/organize/events/\d+/$"))
    evening = Event.objects.get(name=SECOND)
    assert evening.register_id == earlier_evening.register_id

    # its list, as a file: the preview links Anna to the person of the earlier evening
    page.set_input_files(
        "#id_file", files=[{"name": "spieler.csv", "mimeType": "text/csv", "buffer": CSV}]
    )
    page.click("form[action$='/players/'] button[type=submit]")
    expect(page.locator("#file-read")).to_contain_text(words["read_as"])
    preview = page.locator("table.players-preview tbody tr")
    expect(preview).to_have_count(len(RETURNING + NEWCOMERS))
    expect(preview.nth(0)).to_contain_text("Anna Meyer")
    expect(preview.nth(0)).to_contain_text("Tichu-Freunde Köln")
    expect(preview.nth(1)).to_contain_text("Jürgen Größ")
    choice = page.locator("#id_person_0")
    expect(choice).to_have_value(str(anna.pk))
    chosen = choice.locator("option:checked")
    expect(chosen).to_contain_text("Anna Meyer (Tichu-Freunde Köln)")
    expect(chosen).to_contain_text(words["exact"])
    expect(chosen).to_contain_text(words["last"])
    for row in range(len(RETURNING), len(RETURNING + NEWCOMERS)):
        expect(page.locator(f"#id_person_{row}")).to_have_count(0)  # nobody fits
        expect(preview.nth(row)).to_contain_text(words["new"])
    in_language(page, locale)
    screenshot(page, f"journey-csv-{locale[:2]}")

    page.click("#confirm-players")
    expect(page.locator(".messages")).to_contain_text(words["linked"])
    linked = dict(Entrant.objects.filter(event=evening).values_list("name", "player_id"))
    assert linked["Anna Meyer"] == anna.pk
    assert Player.objects.filter(register=anna.register).count() == len(EARLIER + NEWCOMERS)

    # the evening is played and finished (bots at the tables)
    play_rounds(evening, random.Random(2))
    event_finish(event_id=evening.pk, actor=Actor.organizer(organizer))
    wait_for_standings(evening)
    wait_for_ratings(anna.register_id)

    # her page, from the standings of the evening: both evenings, with place and field
    page.reload()
    page.locator("tr", has_text="Anna Meyer").locator("a.person-link").click()
    expect(page).to_have_url(f"{base}/people/{anna.public_id}/")
    expect(page.locator("h1")).to_have_text("Anna Meyer")
    events = page.locator("table.person-events tbody tr")
    expect(events).to_have_count(2)
    places = {}
    for name in (FIRST, SECOND):
        line = events.filter(has_text=name)
        expect(line).to_have_count(1)
        place, field = line.locator("td.num").inner_text().split("/")
        places[name] = (int(place), int(field))
        assert int(field) == len(EARLIER)
    hands = ROUNDS * HANDS_PER_ROUND * 2
    overview = page.locator("section.overview")
    expect(overview.locator("tr", has_text=words["person"][4])).to_contain_text(str(hands))
    for label in words["person"]:
        expect(page.locator("main")).to_contain_text(label)
    in_language(page, locale)
    screenshot(page, f"journey-person-{locale[:2]}")

    # a series over the two evenings, on the organizer's form
    page.goto(f"{base}/organize/")
    page.locator("a[href='/organize/series/']").first.click()
    page.locator("a[href='/organize/series/new/']").click()
    page.fill("#id_name", "Kölner Frühjahr")
    page.fill("#id_qualifying", "2")
    page.get_by_label(FIRST).check()
    page.get_by_label(SECOND).check()
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/series/\d+/$"))
    expect(page.locator(".messages")).to_contain_text(words["series_created"])
    expect(page.locator("h1")).to_have_text("Kölner Frühjahr")
    row = page.locator(f"#series-table tr[data-person='{anna.pk}']")
    expect(row).to_contain_text("Anna Meyer")
    cells = row.locator("td")
    # columns: rank, name, total, then the events oldest first (as the table numbers them)
    earned = [field_points(*places[FIRST]), field_points(*places[SECOND])]
    expect(cells.nth(2)).to_have_text(shown(sum(earned), locale))
    for column, (name, points) in enumerate(zip((FIRST, SECOND), earned, strict=True), 3):
        expect(page.locator("#series-table thead th").nth(column)).to_have_attribute("title", name)
        expect(cells.nth(column)).to_contain_text(shown(points, locale))
        expect(cells.nth(column)).to_contain_text(f"{places[name][0]}.")
    for label in words["series"]:
        expect(page.locator("main")).to_contain_text(label)
    in_language(page, locale)
    screenshot(page, f"journey-series-{locale[:2]}")

    # the register's ranking list, from her page: she played enough hands in the two evenings
    page.goto(f"{base}/people/{anna.public_id}/")
    page.locator("a.ranking-link").click()
    expect(page).to_have_url(f"{base}/registers/{anna.register_id}/ranking/")
    expect(page.locator("h1")).to_contain_text(words["ranking"])
    ranked = page.locator("table.ranking tbody tr")
    expect(ranked).to_have_count(len(RETURNING))  # one evening's hands are not enough
    mine = page.locator(f"table.ranking tr[data-person='{anna.public_id}']")
    expect(mine).to_contain_text("Anna Meyer")
    expect(mine.locator("td").nth(4)).to_have_text(str(hands))
    for label in words["ranking_words"]:
        expect(page.locator("table.ranking thead")).to_contain_text(label)
    in_language(page, locale)
    screenshot(page, f"journey-ranking-{locale[:2]}")
