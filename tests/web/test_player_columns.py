"""Player lists as people keep them (issue 23): columns mapped by their header (German Excel's
"Nr.;Vorname;Nachname;Verein" and its English counterparts), the mapping shown and changeable in
the preview, the club kept, warnings recomputed after every change; XLSX read as well; bad input a
form error in the reader's language, nothing saved."""

from __future__ import annotations

import html
import io
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tournaments.models import Change, Entrant, Player
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.views.player_files import (
    CLUB,
    FIRST_NAME,
    LAST_NAME,
    MEMBER,
    NAME,
    SKIP,
    TEAM,
    is_header,
    read_player_file,
)

# As a German Excel saves it ("CSV (Trennzeichen-getrennt)"): semicolons, Windows-1252.
VEREIN = (
    "Nr.;Vorname;Nachname;Verein\r\n1;Jürgen;Größ;TC Köln\r\n"
    "2;Björn;Weiß;Tichu Freunde Düsseldorf\r\n3;Renée;Köhler;Berlin\r\n"
    "4;Thomas;Müller;München\r\n5;Thomas;Müller;Hamburg\r\n6;;;\r\n"
).encode("cp1252")
REGISTERED = [
    ("Jürgen Größ", "TC Köln"),
    ("Björn Weiß", "Tichu Freunde Düsseldorf"),
    ("Renée Köhler", "Berlin"),
    ("Thomas Müller", "München"),
    ("Thomas Müller", "Hamburg"),
]


@pytest.mark.parametrize(
    ("header", "roles"),
    [
        ("Nr.;Vorname;Nachname;Verein", [SKIP, FIRST_NAME, LAST_NAME, CLUB]),
        ("No.;First name;Last name;Club", [SKIP, FIRST_NAME, LAST_NAME, CLUB]),
        ("Name;Verein", [NAME, CLUB]),
        ("Spieler;Ort", [NAME, CLUB]),
        ("Player;City;E-Mail", [NAME, CLUB, SKIP]),
        ("Name;Vorname;Stadt", [LAST_NAME, FIRST_NAME, CLUB]),  # "Name" beside "Vorname": a surname
        ("Nr.;Vorname;Nachname;Geburtsdatum", [SKIP, FIRST_NAME, LAST_NAME, SKIP]),
        # no title names the players: the first column of no known title holds them, never a
        # club's ("Verein" alone was read as the names, "TC Köln" registered as a player)
        ("Nr.;Ort;Wer", [SKIP, CLUB, NAME]),
        ("Verein", [CLUB]),
    ],
)
def test_columns_are_mapped_by_their_header(header, roles):
    row = ";".join(["1", "Anna", "Berg", "Köln"][: len(roles)])
    read = read_player_file(f"{header}\r\n{row}\r\n".encode("cp1252"))
    assert read.header == header.split(";")
    assert read.guess_roles(team=False) == roles


def test_a_team_list_and_a_list_without_header():
    teams = read_player_file(b"Team;Spieler 1;Spieler 2\nDrachen;Anna;Ben\n")
    assert teams.guess_roles(team=True) == [TEAM, MEMBER, MEMBER]
    numbered = read_player_file(b"1;Anna;Berlin\n2;Ben;Bonn\n")
    assert numbered.header is None
    assert numbered.guess_roles(team=False) == [SKIP, NAME, SKIP]  # the numbers are no names
    assert not is_header(["Anna", "Köln"]) and is_header(["Nr.", "Vorname", "Nachname", "DWZ"])


def test_the_german_excel_list_gives_names_and_clubs():
    read = read_player_file(VEREIN)
    assert (read.encoding, read.delimiter) == ("cp1252", ";")
    entries, nameless = read.entries(read.guess_roles(team=False), team=False)
    assert [tuple(entry) for entry in entries] == REGISTERED
    assert nameless == [6]


# --- the organizer's page -------------------------------------------------------------------------


def upload(data: bytes, name: str = "spieler.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, "application/octet-stream")


def preview_rows(page: str) -> list[tuple[str, str]]:
    return [
        (html.unescape(name), html.unescape(club))
        for name, club in re.findall(
            r'<tr><td class="num">\d+</td><td>([^<]*)</td><td>([^<]*)</td>', page
        )
    ]


def selected_roles(page: str) -> dict[str, str]:
    return dict(
        re.findall(
            r'<select name="(column_\d+)"[^>]*>.*?<option value="(\w+)" selected', page, re.S
        )
    )


def again_fields(page: str) -> dict:
    form = re.search(r'<form[^>]*id="read-again".*?</form>', page, re.S).group(0)
    return {
        name: html.unescape(value)
        for name, value in re.findall(
            r'<input type="hidden" name="(upload|lines)" value="([^"]*)"', form
        )
    }


def confirm(client, url, page: str):
    rows = html.unescape(re.search(r'name="confirmed_rows" value="([^"]*)"', page).group(1))
    return client.post(url, {"confirmed_rows": rows}, HTTP_ACCEPT_LANGUAGE="de")


@pytest.fixture
def event(organizer):
    return event_create(owner=organizer, name="Turnier", preset="dtm")


@pytest.mark.django_db
def test_the_german_excel_list_is_previewed_by_column_and_registered_with_clubs(
    organizer_client, event
):
    url = reverse("organizer-players", args=[event.pk])
    response = organizer_client.post(url, {"file": upload(VEREIN)}, HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert response.status_code == 200
    assert preview_rows(page) == REGISTERED  # not "1".."5" as names
    assert "Weitere Spalten" not in page
    assert selected_roles(page) == {
        "column_0": SKIP,
        "column_1": FIRST_NAME,
        "column_2": LAST_NAME,
        "column_3": CLUB,
    }
    assert '<option value="first_name" selected>Vorname</option>' in page
    assert '<option value="skip" selected>nicht verwendet</option>' in page
    assert "Zeile 6 hat keinen Namen und wird ausgelassen." in page
    assert "Mehrere Personen heißen" not in page  # the clubs tell the two Thomas apart
    assert not Entrant.objects.filter(event=event).exists()

    response = confirm(organizer_client, url, page)
    assert response.status_code == 302
    assert list(event.entrants.order_by("pk").values_list("name", "club")) == REGISTERED
    follow = organizer_client.get(response.url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "5 angemeldet" in follow and "Mehrere Personen heißen" not in follow


@pytest.mark.django_db
def test_a_changed_mapping_reads_again_and_recomputes_the_warnings(
    organizer_client, organizer, event
):
    url = reverse("organizer-players", args=[event.pk])
    page = organizer_client.post(url, {"file": upload(VEREIN)}).content.decode()
    again = again_fields(page)
    # the club column not used: the two Thomas Müller are no longer told apart
    response = organizer_client.post(
        url,
        {
            **again,
            "encoding": "cp1252",
            "column_0": SKIP,
            "column_1": FIRST_NAME,
            "column_2": LAST_NAME,
            "column_3": SKIP,
        },
        HTTP_ACCEPT_LANGUAGE="de",
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert preview_rows(page) == [(name, "") for name, _club in REGISTERED]
    assert selected_roles(page)["column_3"] == SKIP
    assert "Mehrere Personen heißen Thomas Müller" in page
    # the club back, the last name used as the club: the warning goes, the rows follow
    response = organizer_client.post(
        url,
        {**again, "column_0": SKIP, "column_1": NAME, "column_2": CLUB, "column_3": CLUB},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    page = response.content.decode()
    assert preview_rows(page)[0] == ("Jürgen", "Größ, TC Köln")
    assert "Mehrere Personen heißen" not in page
    # a name already registered with the same club is a warning too
    players_register(event=event, names=["Jürgen"], actor=Actor.organizer(organizer))
    page = organizer_client.post(
        url,
        {**again, "column_1": NAME, "column_2": SKIP, "column_3": SKIP},
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "Mehrere Personen heißen Jürgen" in page


@pytest.mark.django_db
def test_a_mapping_without_names_is_a_form_error_and_registers_nothing(organizer_client, event):
    url = reverse("organizer-players", args=[event.pk])
    again = again_fields(organizer_client.post(url, {"file": upload(VEREIN)}).content.decode())
    before = (Player.objects.count(), Change.objects.count())
    response = organizer_client.post(
        url,
        {**again, "column_0": SKIP, "column_1": CLUB, "column_2": SKIP, "column_3": "no-such-role"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Keine Zeile hat einen Namen: Wählen Sie die Spalte mit den Namen." in page
    assert 'id="confirm-players"' not in page
    assert selected_roles(page)["column_3"] == CLUB  # an unknown role: as guessed
    assert (Player.objects.count(), Change.objects.count()) == before


@pytest.mark.django_db
def test_the_english_header_is_mapped_too(organizer_client, event):
    url = reverse("organizer-players", args=[event.pk])
    data = b"No.,First name,Last name,City\n1,Anna,Berg,Leeds\n2,Ben,Cole,York\n"
    page = organizer_client.post(url, {"file": upload(data)}).content.decode()
    assert preview_rows(page) == [("Anna Berg", "Leeds"), ("Ben Cole", "York")]
    assert '<option value="last_name" selected>Last name</option>' in page
    assert confirm(organizer_client, url, page).status_code == 302
    assert list(event.entrants.values_list("name", "club")) == [
        ("Anna Berg", "Leeds"),
        ("Ben Cole", "York"),
    ]


def workbook(rows) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


@pytest.mark.django_db
def test_an_xlsx_list_is_read_from_its_first_sheet(organizer_client, event):
    url = reverse("organizer-players", args=[event.pk])
    data = workbook(
        [
            ["Nr.", "Vorname", "Nachname", "Verein"],
            [1, "Jürgen", "Größ", "TC Köln"],
            [2.0, "Zoë", "Übel", None],
            [None, None, None, None],
        ]
    )
    response = organizer_client.post(
        url, {"file": upload(data, "spieler.xlsx")}, HTTP_ACCEPT_LANGUAGE="de"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Aus dem ersten Blatt der Arbeitsmappe gelesen." in page
    assert 'name="encoding"' not in page  # a workbook has no encoding to choose
    assert preview_rows(page) == [("Jürgen Größ", "TC Köln"), ("Zoë Übel", "")]
    assert confirm(organizer_client, url, page).status_code == 302
    assert list(event.entrants.order_by("pk").values_list("name", "club")) == [
        ("Jürgen Größ", "TC Köln"),
        ("Zoë Übel", ""),
    ]


def zip_bomb() -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/sharedStrings.xml", b"<" + b"a" * (20 * 1024 * 1024))
    return data.getvalue()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        b"PK\x03\x04" + b"\x00" * 200,  # a damaged workbook
        workbook([["Name"]])[:-300],  # cut short
        zip_bomb(),
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(range(256)) * 4,  # an old .xls
    ],
    ids=["damaged", "cut short", "zip bomb", "xls"],
)
def test_a_file_that_is_no_list_is_a_form_error_in_the_readers_language(
    organizer_client, event, data
):
    before = (Player.objects.count(), Change.objects.count())
    response = organizer_client.post(
        reverse("organizer-players", args=[event.pk]),
        {"file": upload(data, "spieler.xlsx")},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    assert "Die Datei ließ sich nicht lesen: bitte als CSV oder XLSX speichern." in (
        response.content.decode()
    )
    assert (Player.objects.count(), Change.objects.count()) == before


@pytest.mark.django_db
def test_a_club_too_long_is_warned_and_refused_whole(organizer_client, event):
    url = reverse("organizer-players", args=[event.pk])
    data = ("Name;Verein\r\nAnna;Köln\r\nBen;" + "x" * 101 + "\r\n").encode("cp1252")
    page = organizer_client.post(
        url, {"file": upload(data)}, HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Eintrag 2: Ein Verein oder Ort hat höchstens 100 Zeichen." in page
    response = confirm(organizer_client, url, page)
    assert response.status_code == 400
    assert "Ein Verein oder Ort hat höchstens 100 Zeichen." in response.content.decode()
    assert not Entrant.objects.filter(event=event).exists()  # none of the list, not half of it


@pytest.mark.django_db
def test_the_same_name_warning_goes_once_clubs_tell_them_apart(organizer_client, event):
    url = reverse("organizer-players", args=[event.pk])
    response = organizer_client.post(
        url, {"lines": "Anna Berg\nAnna Berg"}, follow=True, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Mehrere Personen heißen Anna Berg" in response.content.decode()
    first, second = event.entrants.order_by("pk")
    edit = reverse("organizer-entrant", args=[event.pk, first.pk])
    response = organizer_client.post(
        edit, {"name": "Anna Berg", "club": "Köln"}, follow=True, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Mehrere Personen heißen" not in response.content.decode()  # "Anna Berg (Köln)"
    edit = reverse("organizer-entrant", args=[event.pk, second.pk])
    response = organizer_client.post(
        edit, {"name": "Anna Berg", "club": "köln "}, follow=True, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Mehrere Personen heißen Anna Berg" in response.content.decode()  # same club
    response = organizer_client.post(
        edit, {"name": "Anna Berg", "club": "Bonn"}, follow=True, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Mehrere Personen heißen" not in response.content.decode()
