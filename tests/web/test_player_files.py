"""Player lists as people have them (issue 14, bug 5): the header row recognised, the delimiter
and the encoding found (UTF-8 with or without BOM, Windows-1252 from a German Excel), and a
preview before anything is saved."""

from __future__ import annotations

import codecs
import html
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.models import Change, Entrant, Player
from tournaments.services.events import event_create
from tournaments.views.forms import MAX_PLAYER_FILE
from tournaments.views.player_files import UPLOAD_KEY, is_header, read_player_file

GERMAN_EXCEL = (
    "Name;Verein\r\nJürgen Müller;TC Köln\r\nBjörn Østergaard;Tichu-Freunde Süd\r\n"
    "Émile Zoé;\r\nNora Ähre;Würzburg\r\nGroß, Anna;Köln\r\n"
).encode("cp1252")
NAMES = ["Jürgen Müller", "Björn Østergaard", "Émile Zoé", "Nora Ähre", "Groß, Anna"]


def test_a_german_excel_csv_is_read():
    read = read_player_file(GERMAN_EXCEL)
    assert [row[0] for row in read.rows] == NAMES
    assert (read.encoding, read.delimiter, read.header) == ("cp1252", ";", ["Name", "Verein"])
    assert read.encoding_label == "Windows-1252"


@pytest.mark.parametrize(
    "data",
    [
        codecs.BOM_UTF8 + "Spieler\r\nJürgen Müller\r\nAnna\r\n".encode(),
        "name\nJürgen Müller\nAnna\n".encode(),
        "Name,Club\nJürgen Müller,Köln\nAnna,\n".encode(),
        "\ufeffName\tVerein\nJürgen Müller\tKöln\nAnna\t\n".encode("utf-16"),
    ],
)
def test_utf_with_or_without_bom_and_any_delimiter(data):
    assert [row[0] for row in read_player_file(data).rows] == ["Jürgen Müller", "Anna"]


def test_another_alphabet_is_found_by_the_detector():
    read = read_player_file("Анна Иванова\r\nПётр Сидоров\r\n".encode("cp1251"))
    assert read.rows == [["Анна Иванова"], ["Пётр Сидоров"]]


JAPANESE = ["たなか ゆき", "すずき", "さとう はなこ", "やまもと", "サクラ ヤマダ"]
SHIFT_JIS = "\r\n".join(JAPANESE).encode("shift_jis")


def test_a_shift_jis_list_is_found_though_it_also_decodes_as_windows_1252():
    SHIFT_JIS.decode("cp1252")  # the bytes fit the Western code page too: its mojibake lost
    read = read_player_file(SHIFT_JIS)
    assert [row[0] for row in read.rows] == JAPANESE
    assert (read.encoding, read.detected, read.encoding_label) == ("cp932", "cp932", "Shift-JIS")


@pytest.mark.parametrize(
    ("data", "encoding", "names"),
    [
        (SHIFT_JIS, "cp1252", [n.encode("shift_jis").decode("cp1252") for n in JAPANESE]),
        ("Jürgen\r\nŒlaf €uro\r\n".encode("cp1252"), "iso8859-1", ["Jürgen", "\x8claf \x80uro"]),
        ("Jürgen\r\nŒlaf €uro\r\n".encode("cp1252"), "cp1252", ["Jürgen", "Œlaf €uro"]),
        (codecs.BOM_UTF8 + "Jürgen\nAnna\n".encode(), "utf-8", ["Jürgen", "Anna"]),
        ("Jürgen\nAnna\n".encode("utf-16"), "utf-16", ["Jürgen", "Anna"]),
    ],
)
def test_a_file_is_read_in_the_encoding_chosen(data, encoding, names):
    read = read_player_file(data, encoding)
    assert [row[0] for row in read.rows] == names and read.encoding == encoding


def test_a_list_without_header_keeps_its_first_row():
    read = read_player_file(b"Anna\nBen\n")
    assert read.header is None and read.rows == [["Anna"], ["Ben"]]


def test_team_headers_are_recognised():
    assert is_header(["Team", "Spieler 1", "Spieler 2", "Spieler 3"])
    assert is_header(["Mannschaft", "Mitglieder"])
    assert not is_header(["Anna Name"]) and not is_header(["Nordlichter", "Anna", "Ben"])


LETTERS = "abcdefghijklmnopqrstuvwxyzäöüßéèøåçñ"
name = (
    st.text(alphabet=LETTERS + LETTERS.upper() + " -'", min_size=2, max_size=30)
    .map(str.strip)
    .filter(lambda n: len(n) > 1 and not is_header([n]))
)


@settings(max_examples=200, deadline=None)
@given(
    names=st.lists(name, min_size=1, max_size=12),
    delimiter=st.sampled_from([";", ","]),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "cp1252"]),
    header=st.booleans(),
)
def test_any_list_written_by_a_spreadsheet_reads_back(names, delimiter, encoding, header):
    lines = ([f"Name{delimiter}Club"] if header else []) + [
        f"{n}{delimiter}Club {i}" for i, n in enumerate(names)
    ]
    read = read_player_file("\r\n".join(lines).encode(encoding))
    assert [row[0] for row in read.rows] == names


# --- the organizer's page -------------------------------------------------------------------------


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("spieler.csv", data, "text/csv")


@pytest.mark.django_db
def test_an_upload_is_previewed_then_registered_once_confirmed(organizer_client, organizer):
    event = event_create(owner=organizer, name="Turnier", preset="dtm")
    url = reverse("organizer-players", args=[event.pk])
    preview = organizer_client.post(
        url, {"lines": "", "file": upload(GERMAN_EXCEL)}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "Liste vor dem Anmelden prüfen" in page and "Windows-1252" in page
    assert "Name; Verein" in page  # the header, said to be left out
    for player in NAMES:
        assert html.escape(player) in page
    assert not Entrant.objects.filter(event=event).exists()  # nothing saved before confirming

    rows = html.unescape(re.search(r'name="confirmed_rows" value="([^"]*)"', page).group(1))
    response = organizer_client.post(url, {"confirmed_rows": rows})
    assert response.status_code == 302
    assert list(event.entrants.order_by("pk").values_list("name", flat=True)) == NAMES


@pytest.mark.django_db
def test_a_damaged_confirmation_or_a_binary_file_saves_nothing(organizer_client, organizer):
    event = event_create(owner=organizer, name="Turnier", preset="dtm")
    url = reverse("organizer-players", args=[event.pk])
    for data in (
        {"confirmed_rows": '{"not": "rows"}'},
        {"confirmed_rows": "[[1, 2]]"},
        {"file": upload(bytes(range(256)) * 4)},
    ):
        response = organizer_client.post(url, data)
        assert response.status_code == 400, data
    assert not Entrant.objects.filter(event=event).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "rows",
    [
        '[["Anna\\u0000"]]',
        '[["Anna\x00"]]',
        '[["\\ud800"]]',
        "[" * 10_000 + "]" * 10_000,
        '[["Anna"]',
        '[[["Anna"]]]',
        '[["Anna", "\\u0007"]]',
        '[["Anna"], "Ben"]',
        "[]",
        "null",
    ],
    ids=[
        "NUL escaped",
        "NUL",
        "lone surrogate",
        "10,000 brackets",
        "malformed",
        "too deep",
        "control character",
        "a row not a list",
        "no rows",
        "null",
    ],
)
def test_a_damaged_confirmation_is_a_form_error_in_the_readers_language(
    organizer_client, organizer, rows
):
    """What a preview never writes (names with NUL, lone surrogates or control characters,
    JSON malformed or nested beyond rows of names) is refused on the event's page, in German
    here, and nothing is registered (on PostgreSQL a NUL or a surrogate was a 500)."""
    event = event_create(owner=organizer, name="Turnier", preset="dtm")
    before = (Player.objects.count(), Change.objects.count())
    response = organizer_client.post(
        reverse("organizer-players", args=[event.pk]),
        {"confirmed_rows": rows},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    assert "Die bestätigte Liste ist beschädigt" in response.content.decode()
    assert not Entrant.objects.filter(event=event).exists()
    assert (Player.objects.count(), Change.objects.count()) == before


def preview_names(page: str) -> list[str]:
    return [
        html.unescape(name)
        for name in re.findall(r'<tr><td class="num">\d+</td><td>([^<]*)</td>', page)
    ]


def read_again_fields(page: str) -> dict:
    """The hidden fields of the preview's "read again" form."""
    form = re.search(r'<form[^>]*id="read-again".*?</form>', page, re.S).group(0)
    return {
        name: html.unescape(value)
        for name, value in re.findall(
            r'<input type="hidden" name="(upload|lines)" value="([^"]*)"', form
        )
    }


@pytest.mark.django_db
def test_the_preview_names_the_encoding_found_and_reads_the_same_bytes_in_another(
    organizer_client, organizer
):
    event = event_create(owner=organizer, name="Turnier", preset="dtm")
    url = reverse("organizer-players", args=[event.pk])
    preview = organizer_client.post(
        url, {"lines": "Zoe", "file": upload(SHIFT_JIS)}, HTTP_ACCEPT_LANGUAGE="de"
    )
    page = preview.content.decode()
    assert preview.status_code == 200 and "Gelesen als Shift-JIS" in page
    assert preview_names(page) == JAPANESE + ["Zoe"]
    assert re.search(r'<option value="cp932" selected>Shift-JIS \(erkannt\)</option>', page)
    assert '<option value="cp1252">Windows-1252</option>' in page
    assert not re.search(r"</button>\s*None", page)  # no error, nothing said
    again = read_again_fields(page)
    assert again["lines"] == "Zoe"

    as_western = organizer_client.post(
        url, {**again, "encoding": "cp1252"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    page = as_western.content.decode()
    assert as_western.status_code == 200 and "Gelesen als Windows-1252" in page
    assert preview_names(page)[0] == JAPANESE[0].encode("shift_jis").decode("cp1252")
    assert re.search(r'<option value="cp1252" selected>Windows-1252</option>', page)
    assert "Shift-JIS (erkannt)" in page  # still said to be what the bytes suggest

    as_found = organizer_client.post(url, {**again, "encoding": "cp932"})
    page = as_found.content.decode()
    assert preview_names(page) == JAPANESE + ["Zoe"]
    rows = html.unescape(re.search(r'name="confirmed_rows" value="([^"]*)"', page).group(1))
    assert not Entrant.objects.filter(event=event).exists()
    assert organizer_client.post(url, {"confirmed_rows": rows}).status_code == 302
    assert list(event.entrants.order_by("pk").values_list("name", flat=True)) == JAPANESE + ["Zoe"]
    assert UPLOAD_KEY not in organizer_client.session  # registered: the bytes are dropped


@pytest.mark.django_db
def test_an_encoding_the_bytes_are_not_text_in_or_a_lost_file_is_a_form_error(
    organizer_client, organizer
):
    event = event_create(owner=organizer, name="Turnier", preset="dtm")
    url = reverse("organizer-players", args=[event.pk])
    again = read_again_fields(
        organizer_client.post(url, {"file": upload(SHIFT_JIS)}).content.decode()
    )
    response = organizer_client.post(url, {**again, "encoding": "utf-8"}, HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert response.status_code == 400
    assert "Die Datei ist kein Text in UTF-8: Sie wird als Shift-JIS angezeigt." in page
    assert preview_names(page) == JAPANESE
    for wrong in ({**again, "encoding": "base64"}, {**again, "upload": "0" * 64}):
        response = organizer_client.post(url, wrong)
        assert response.status_code == 400, wrong
    assert "no longer at hand: upload it again" in response.content.decode()
    assert not Entrant.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_a_file_of_the_largest_size_is_read_again(organizer_client, organizer, settings):
    """Its bytes wait on the server: a page carrying them in base64 would pass the request
    size limit."""
    line = "Jürgen Müller;TC Köln\r\n".encode("cp1252")
    data = line * (MAX_PLAYER_FILE // len(line))
    assert len(data) * 4 / 3 > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    event = event_create(owner=organizer, name="Turnier", preset="dtm")
    url = reverse("organizer-players", args=[event.pk])
    again = read_again_fields(organizer_client.post(url, {"file": upload(data)}).content.decode())
    response = organizer_client.post(url, {**again, "encoding": "iso8859-1"})
    assert response.status_code == 200
    assert preview_names(response.content.decode())[0] == "Jürgen Müller"
