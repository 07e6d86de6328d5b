"""Every page of every kind of event, read in German, holds no English text the catalogue
translates and no stored code (issue "The organizer's day, second pass": "Club or city", the
badge "open", "captain:table 1", "Tisch 2 ist jetzt averaged.", pairing refusals in English,
"tichu" in the results export, "öffnen → gemittelt" in the history).

An event of each of the demo's kinds (a DTM, a knockout cup, Tientsin, Threechu, Grand Seigneur)
is played by the engine's bots; then its organizer corrects a hand, closes a table, withdraws a
player and asks for one round too many, in German. Every page reachable by a link from the
organizer's and the public pages (organizer pages, public pages, the captain's, the CSV and XLSX
exports) is read as its reader sees it: the text between tags, and the attributes a reader sees
(titles, placeholders, labels for screen readers). A text fails when it holds, as a whole word
sequence, an English message of the German catalogue that the catalogue translates differently
(the German for it exists, and the page did not use it), or a code as the database keeps it.
"""

from __future__ import annotations

import csv
import functools
import gettext
import io
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tournaments.formats import PRESET_INFO
from tournaments.models import Change, Entrant, Event, Hand, Round, Table
from tournaments.services.hands import hand_correct, hand_record
from tournaments.services.history import Actor, actor_kind
from tournaments.simulation import simulate_event
from tournaments.views.words import CALL_WORDS, actor_label

from .conftest import one_table

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
# The demo's kinds of event (``manage.py demo``), smaller: preset -> entrants.
KINDS = {"dtm": 8, "knockout": 5, "tientsin": 12, "threechu": 6, "grand_seigneur": 10}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")
WORD = re.compile(r"[^\W\d_]+")
# Addresses whose text is not the event's pages: the API, the language switch, static files.
NOT_PAGES = ("/api/", "/language/", "/static/", "/login/", "/logout/", "/admin/")
SEEN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")


@functools.cache
def english_messages() -> re.Pattern:
    """One pattern for every English message that the German catalogue translates differently,
    each as a whole word sequence (its placeholders match any text).

    A message is left out when none of its words is English only, that is when every word of
    it outside its placeholders is also a word of some German translation ("Hand %(n)s": "die
    Hand des Strohmanns" is German), and so is a message of a single letter (the column heads
    "W" and "M"): neither would be evidence of English. The plural entries count by their
    singular, the one form gettext's catalogue keeps."""
    catalogue = gettext.translation("django", ROOT / "locale", languages=["de"])._catalog
    german_words = {
        word for key, german in catalogue.items() if key for word in WORD.findall(german)
    }
    patterns = set()
    for key, german in catalogue.items():
        english = (key[0] if isinstance(key, tuple) else key).rpartition("\x04")[2]  # no context
        literal = PLACEHOLDER.split(english)
        words = [word for part in literal for word in WORD.findall(part)]
        if english == german or not set(words) - german_words or len("".join(words)) < 2:
            continue
        pattern = r".+?".join(re.escape(" ".join(part.split())) for part in literal)
        patterns.add(pattern.replace(r"\ ", r"\s+"))
    return re.compile(
        r"(?<!\w)(?:" + "|".join(sorted(patterns, key=len, reverse=True)) + r")(?!\w)"
    )


@functools.cache
def raw_codes() -> re.Pattern:
    """The codes the database keeps, which a reader must never see as they are: statuses,
    calls, how a match was decided and presets as whole words, who made a change
    ("captain:table 2", "organizer:orga", "system"), and any name_with_underscores."""
    words = {
        *Table.Status.values,
        *Round.Status.values,
        *Event.Status.values,
        *CALL_WORDS,
        "played",
        "bye",
        "walkover",
        "system",
        *PRESET_INFO,
    }
    return re.compile(
        r"\b(?:organizer|captain):|\b[a-z]+(?:_[a-z]+)+\b|\b(?:" + "|".join(sorted(words)) + r")\b"
    )


class _Texts(HTMLParser):
    """The texts of a page as its reader sees them: the text between tags (scripts and styles
    are no text) and the attributes read out or shown on hover; and the page's links."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.links: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in ("script", "style"):
            self._hidden += 1
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        self.texts += [attributes[name] for name in SEEN_ATTRIBUTES if attributes.get(name)]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.texts.append(data)


def page_texts(response) -> tuple[list[str], list[str]]:
    """The texts a reader sees in ``response`` and the links it offers (HTML, CSV, XLSX: its
    sheet's title and cells; a PDF's text is checked by the tests of its layout)."""
    kind = response["Content-Type"]
    if kind.startswith("text/html"):
        parser = _Texts()
        parser.feed(response.content.decode())
        return parser.texts, parser.links
    if kind.startswith("text/csv"):
        rows = csv.reader(io.StringIO(response.content.decode("utf-8-sig")))
        return [cell for row in rows for cell in row], []
    if "spreadsheetml" in kind:
        sheet = load_workbook(io.BytesIO(response.content)).active
        return [sheet.title] + [
            str(cell)
            for row in sheet.iter_rows(values_only=True)
            for cell in row
            if cell is not None
        ], []
    return [], []


def untranslated(texts: list[str]) -> list[str]:
    """The English messages and the raw codes in ``texts``, each with its text."""
    found = []
    for text in texts:
        text = " ".join(text.split())
        found += [f"{match.group(0)!r} in {text!r}" for match in english_messages().finditer(text)]
        found += [f"code {match.group(0)!r} in {text!r}" for match in raw_codes().finditer(text)]
    return found


def crawl(client: Client, starts: list[str], scopes: tuple[str, ...]) -> dict[str, list[str]]:
    """Every page reachable by links from ``starts`` whose path lies in ``scopes``: its
    address and its texts."""
    seen: dict[str, list[str]] = {}
    todo = list(starts)
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        response = client.get(url)
        if response.status_code == 302:  # a cup's projector is its bracket's: follow it
            todo.append(response["Location"])
            seen[url] = []
            continue
        assert response.status_code == 200, (url, response.status_code)
        seen[url], links = page_texts(response)
        for link in links:
            parts = urlsplit(link)
            if (
                link.startswith("/")
                and parts.path.startswith(scopes)
                and not parts.path.startswith(NOT_PAGES)
            ):
                todo.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return seen


def german_client(user=None) -> Client:
    """A browser that asks for German: an organizer's by the language cookie (the site's
    switch), the public's by its Accept-Language header."""
    if user is None:
        return Client(headers={"accept-language": "de"})
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    client.force_login(user)
    return client


def organizer_day(event, organizer, staff: Client) -> dict[str, list[str]]:
    """What the organizer does beside the captains: correct a hand, close a table, withdraw a
    player, ask for one round (or draw) too many. Returns the texts each answer showed."""
    hand = Hand.objects.filter(table__round__event=event).order_by("pk").first()
    other = (
        Hand.objects.filter(table=hand.table).exclude(entry=hand.entry).order_by("number").first()
    )
    hand_correct(
        hand_id=hand.pk,
        entry=other.entry,
        actor=Actor.organizer(organizer),
        reason="Falsch eingetragen",
    )
    table = Table.objects.filter(round__event=event).order_by("-pk").first()
    entrant = Entrant.objects.filter(event=event).order_by("pk").first()
    shown = {}
    for url, data in (
        (
            reverse("organizer-table-close", args=[event.pk, table.pk]),
            {"status": "averaged", "reason": "Zeit"},
        ),
        (reverse("organizer-withdraw", args=[event.pk, entrant.pk]), {"reason": "krank"}),
        (
            reverse(
                "organizer-cup-draw" if event.format.is_cup else "organizer-pair", args=[event.pk]
            ),
            {},
        ),
    ):
        response = staff.post(url, data, follow=True)
        assert response.status_code == 200, url
        shown[f"POST {url}"] = page_texts(response)[0]
    assert Change.objects.filter(event=event, subject="table", action="close").exists()
    return shown


def assert_german(shown: dict[str, list[str]]) -> None:
    """No page of ``shown`` (address: texts) holds English or a code; else every finding
    once, with how many pages show it and one of them."""
    found: dict[str, list[str]] = {}
    for url, texts in shown.items():
        for text in untranslated(texts):
            found.setdefault(text, []).append(url)
    assert not found, "\n".join(
        f"{text} ({len(urls)} pages, e.g. {urls[0]})" for text, urls in found.items()
    )


@pytest.fixture(autouse=True)
def _no_cached_pages():
    """Public pages are cached; none from an earlier test."""
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize("preset", KINDS)
def test_every_page_of_an_event_is_german(preset, organizer):
    event = simulate_event(
        preset=preset,
        entrants=KINDS[preset],
        seed=1,
        owner=organizer,
        name="Vereinsabend",
        rounds=None if PRESET_INFO[preset].format.is_cup else 2,
    ).event
    staff = german_client(organizer)
    shown = organizer_day(event, organizer, staff)
    scopes = (f"/organize/events/{event.pk}/", f"/events/{event.pk}/", "/t/")
    shown |= crawl(
        staff, [reverse("organizer-home"), reverse("organizer-event", args=[event.pk])], scopes
    )
    public = crawl(german_client(), [reverse("home"), reverse("event", args=[event.pk])], scopes)
    shown |= {f"public {url}": texts for url, texts in public.items()}
    assert any("/export/results.csv" in url for url in shown)  # the exports were read too
    assert_german(shown)


# --- what the organizer saw in English, one by one ------------------------------------------------


def page(client, url: str, language: str, **post) -> str:
    if post:
        response = client.post(url, post, follow=True, HTTP_ACCEPT_LANGUAGE=language)
    else:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return " ".join(page_texts(response)[0])


def test_a_tables_status_reads_the_same_on_its_badge_in_the_message_and_in_the_history(
    organizer_client, running_event
):
    table = running_event.rounds.get(number=1).tables.get(number=2)
    table_page = reverse("organizer-table", args=[running_event.pk, table.pk])
    assert "offen" in page(organizer_client, table_page, "de")
    shown = page(
        organizer_client,
        reverse("organizer-table-close", args=[running_event.pk, table.pk]),
        "de",
        status="averaged",
        reason="Zeit",
    )
    assert "Tisch 2 ist jetzt gemittelt." in shown
    assert "gemittelt" in page(organizer_client, table_page, "de")
    history = page(organizer_client, reverse("organizer-history", args=[running_event.pk]), "de")
    assert "Tisch 2 (Runde 1): offen → gemittelt" in history
    english = page(organizer_client, reverse("organizer-history", args=[running_event.pk]), "en")
    assert "Table 2 (round 1): open → averaged" in english
    assert Table.objects.get(pk=table.pk).status == "averaged"  # the code stays the code


def test_who_entered_a_hand_is_worded_for_the_reader_and_kept_as_a_code(
    organizer_client, organizer, running_event
):
    table = running_event.rounds.get(number=1).tables.get(number=1)
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    )
    hand_record(
        table_id=table.pk,
        number=2,
        entry={"card_points": [60, 40]},
        actor=Actor.organizer(organizer),
    )
    assert list(
        Hand.objects.filter(table=table).order_by("number").values_list("entered_by", flat=True)
    ) == ["captain:table 1", "organizer:orga"]
    table_page = reverse("organizer-table", args=[running_event.pk, table.pk])
    hand_page = reverse("organizer-hand", args=[running_event.pk, table.pk, 1])
    export = reverse("organizer-export", args=[running_event.pk, "results", "csv"])
    german = [page(organizer_client, url, "de") for url in (table_page, hand_page, export)]
    assert "Kapitän von Tisch 1" in german[0] and "orga (Turnierleitung)" in german[0]
    assert "Eingetragen: 70 : 30 TP, vom Kapitän von Tisch 1." in german[1]
    assert "Kapitän von Tisch 1" in german[2] and "orga (Turnierleitung)" in german[2]
    english = [page(organizer_client, url, "en") for url in (table_page, hand_page, export)]
    assert "Captain of table 1" in english[0] and "orga (organizer)" in english[0]
    assert "Recorded: 70 : 30 TP, by the captain of table 1." in english[1]
    assert "Captain of table 1" in english[2]
    for text in german + english:
        assert "captain:" not in text and "organizer:" not in text


def test_the_stored_actor_codes_read_back():
    assert actor_kind("organizer:anna:b") == ("organizer", "anna:b")
    assert actor_kind("captain:table 12") == ("captain", "12")
    assert actor_kind("system") == ("system", "")
    assert actor_kind("imported by hand") == ("", "imported by hand")
    with translation.override("de"):
        assert actor_label("system") == "automatisch"
        assert actor_label("imported by hand") == "imported by hand"  # a name, not a code


def test_the_results_export_names_the_calls(organizer_client, organizer):
    table = one_table(organizer, "tientsin", ["Anna", "Ben", "Clara", "David", "Emma", "Felix"])
    for number, call in ((1, "tichu"), (2, "grand")):
        hand_record(
            table_id=table.pk,
            number=number,
            actor=Actor.captain(table),
            entry={"card_points": [70, 30], "finish_order": [0], "calls": {"0": call}},
        )
    export = reverse("organizer-export", args=[table.round.event_id, "results", "csv"])
    german = page(organizer_client, export, "de")
    assert ": Tichu" in german and ": Großes Tichu" in german and "Ansagen" in german
    assert ": Grand Tichu" in page(organizer_client, export, "en")
    assert not raw_codes().search(german)
