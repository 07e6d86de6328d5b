"""Player lists as people have them: a CSV from any spreadsheet, read before anything is saved.

A German Excel saves "CSV" with semicolons in Windows-1252, LibreOffice and Google Sheets with
commas in UTF-8, some with a byte-order mark; most lists start with a header row ("Name",
"Spieler", "Team; Spieler 1; Spieler 2"). So:

- the encoding: UTF-8 (with or without BOM) or UTF-16 (with BOM) when the bytes say so; else
  Windows-1252 (what a German Excel writes: short lists of names fit many code pages, and
  charset-normalizer's guess among them is often an Asian one), unless charset-normalizer finds
  another script (Cyrillic, Greek, Japanese kana and kanji...) that reads better. A guess can
  still be wrong: the preview names the encoding, and the organizer may read the same bytes in
  another one (``ENCODINGS``, kept meanwhile by ``keep_upload``);
- the delimiter: ``csv.Sniffer`` among ``;``, ``,`` and tab, else ``;`` when a line holds one,
  else ``,``;
- the header: a first row of column titles people use (``HEADER_WORDS``: all its cells, or
  at least two and half of them) is taken apart from the rows.

An Excel workbook (XLSX: a zip, found by its first bytes) is read from its first sheet: no
encoding or delimiter to guess.

Columns are mapped by their title (``COLUMN_TITLES``): "Vorname" and "Nachname" (First name, Last
name) make the name, "Verein", "Ort", "Stadt" (Club, City) the club or city, "Nr." (No.) and
anything unknown is not used. Without a header the first column that is not all numbers holds the
names. The organizer sees the mapping (a role per column, ``guess_roles``) and the rows it gives
(``entries``) in a preview, may change the mapping, and confirms the rows before any is saved.
"""

from __future__ import annotations

import base64
import codecs
import csv
import hashlib
import io
import re
import unicodedata
import zipfile
from collections.abc import MutableMapping
from dataclasses import dataclass

import charset_normalizer
import openpyxl
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

DELIMITERS = ";,\t"
# The first word of the Unicode names of letters other code pages are made for.
OTHER_ALPHABETS = frozenset(
    {
        "CYRILLIC",
        "GREEK",
        "ARABIC",
        "HEBREW",
        "THAI",
        "CJK",
        "HIRAGANA",
        "KATAKANA",
        "HALFWIDTH",
        "HANGUL",
    }
)
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
PREFERRED_ENCODING = "cp1252"
# What the preview offers to read a file as (Python's codec name: the name people know), the
# encoding found first; one charset-normalizer found that is not here is offered too.
ENCODINGS = {
    "utf-8": "UTF-8",
    "utf-16": "UTF-16",
    "cp1252": "Windows-1252",
    "iso8859-1": "ISO-8859-1 (Latin-1)",
    "iso8859-15": "ISO-8859-15 (Latin-9)",
    "cp1250": "Windows-1250",
    "cp1251": "Windows-1251",
    "mac-roman": "Mac Roman",
    "cp850": "DOS (CP850)",
    "cp932": "Shift-JIS",
    "euc_jp": "EUC-JP",
    "gb18030": "GB18030",
    "big5": "Big5",
    "cp949": "EUC-KR",
}
UPLOAD_KEY = "player_file"  # the session's key of a file kept for its preview
# What a column of a list holds (the preview's choice per column): a player's (whole) name, first
# or last name, club or city; a team's name or a member; or nothing registered.
NAME, FIRST_NAME, LAST_NAME, CLUB, TEAM, MEMBER, SKIP = (
    "name",
    "first_name",
    "last_name",
    "club",
    "team",
    "member",
    "skip",
)
PLAYER_ROLES = (NAME, FIRST_NAME, LAST_NAME, CLUB, SKIP)
TEAM_ROLES = (TEAM, MEMBER, SKIP)
ROLE_LABELS = {
    NAME: gettext_lazy("Name"),
    FIRST_NAME: gettext_lazy("First name"),
    LAST_NAME: gettext_lazy("Last name"),
    CLUB: gettext_lazy("Club or city"),
    TEAM: gettext_lazy("Team"),
    MEMBER: gettext_lazy("Member"),
    # Translators: the choice of a file's column that is not registered
    SKIP: gettext_lazy("not used"),
}
# Column titles of player and team lists (English and German) and what their column holds,
# compared without case, spaces, digits and punctuation: "Spieler 1" and "spieler1" are
# "spieler", "First name" is "firstname", "Nr." is "nr".
COLUMN_TITLES = {
    **dict.fromkeys(
        (
            "name",
            "names",
            "player",
            "players",
            "playername",
            "fullname",
            "spieler",
            "spielerin",
            "spielername",
            "teilnehmer",
            "teilnehmerin",
        ),
        NAME,
    ),
    **dict.fromkeys(
        ("firstname", "firstnames", "givenname", "forename", "vorname", "rufname"), FIRST_NAME
    ),
    **dict.fromkeys(
        ("lastname", "surname", "familyname", "nachname", "familienname", "zuname"), LAST_NAME
    ),
    **dict.fromkeys(
        ("club", "clubname", "city", "town", "verein", "ort", "stadt", "wohnort"), CLUB
    ),
    **dict.fromkeys(("team", "teamname", "teams", "mannschaft", "mannschaftsname"), TEAM),
    **dict.fromkeys(("member", "members", "mitglied", "mitglieder", "partner"), MEMBER),
}
HEADER_WORDS = frozenset(COLUMN_TITLES) | {
    "email",
    "mail",
    "nr",
    "no",
    "number",
    "nummer",
    "id",
    "startnr",
    "startnummer",
    "lfdnr",
    "phone",
    "telefon",
    "tel",
    "dwz",
    "rating",
    "comment",
    "notes",
    "bemerkung",
    "bemerkungen",
}
# A workbook is a zip: what it may unpack to, and how much of its first sheet is read.
WORKBOOK_MAGIC = b"PK\x03\x04"
MAX_WORKBOOK_UNPACKED = 16 * 1024 * 1024
MAX_ROWS = 10_000
MAX_COLUMNS = 50


class UnreadableFile(ValueError):
    """The bytes are no text in any encoding the reader knows."""


@dataclass(frozen=True)
class Column:
    """A column of a file as the preview shows it: its number (from 0), its title in the header
    (or ""), a few of its values."""

    index: int
    title: str
    samples: list[str]


@dataclass(frozen=True)
class PlayerFile:
    """A file read: its rows (header taken apart), every row as wide as the widest ("" for an
    empty cell), and how it was read (for the preview): in ``encoding``, where the bytes alone
    suggested ``detected`` (codec names); a workbook has neither (None)."""

    rows: list[list[str]]
    encoding: str | None
    delimiter: str | None
    header: list[str] | None
    detected: str | None

    @property
    def is_workbook(self) -> bool:
        return self.encoding is None

    @property
    def encoding_label(self) -> str:
        return ENCODINGS.get(self.encoding, self.encoding) if self.encoding else ""

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else len(self.header or ())

    def encoding_choices(self) -> list[tuple[str, str]]:
        """The encodings the preview offers, the detected one first and said to be."""
        detected = self.detected or PREFERRED_ENCODING
        first = (
            detected,
            _("%(encoding)s (detected)") % {"encoding": ENCODINGS.get(detected, detected)},
        )
        return [first] + [item for item in ENCODINGS.items() if item[0] != detected]

    def columns(self) -> list[Column]:
        """The file's columns, each with its title and its first three values."""
        return [
            Column(
                index=i,
                title=self.header[i] if self.header else "",
                samples=[row[i] for row in self.rows if row[i]][:3],
            )
            for i in range(self.width)
        ]

    def guess_roles(self, team: bool) -> list[str]:
        """What each column holds, by its title (``COLUMN_TITLES``); without a header, or when
        no title names the players (teams), the first column not all numbers holds them, if
        its title says nothing else (a club's column is not the names: then none is, and the
        preview asks for it)."""
        roles = [COLUMN_TITLES.get(_word(title), SKIP) for title in self.header or ()]
        if team:
            roles = [
                {TEAM: TEAM, MEMBER: MEMBER, CLUB: SKIP, SKIP: SKIP}.get(role, MEMBER)
                for role in roles
            ]
            if TEAM not in roles and MEMBER in roles:  # "Name; Spieler 1; Spieler 2"
                roles[roles.index(MEMBER)] = TEAM
        else:
            roles = [SKIP if role in (TEAM, MEMBER) else role for role in roles]
            if FIRST_NAME in roles and LAST_NAME not in roles and NAME in roles:
                roles[roles.index(NAME)] = LAST_NAME  # "Name; Vorname": the name is the surname
        if self.header is None or not set(roles) & {NAME, FIRST_NAME, LAST_NAME, TEAM}:
            numbers = [
                i
                for i in range(self.width)
                if all(_is_number(row[i]) for row in self.rows if row[i])
            ]
            titled = {i for i, role in enumerate(roles) if role != SKIP}
            free = [i for i in range(self.width) if i not in numbers and i not in titled]
            if self.header is not None and not team and not free:
                return roles
            first = free[0] if free else next((i for i in range(self.width) if i not in numbers), 0)
            roles = [role if i in titled and not team else SKIP for i, role in enumerate(roles)]
            roles += [SKIP] * (self.width - len(roles))
            for i in range(first, self.width) if team else ():
                roles[i] = SKIP if i in numbers else MEMBER
            if self.width:
                roles[first] = TEAM if team else NAME
        return roles

    def entries(self, roles: list[str], team: bool) -> tuple[list[list[str]], list[int]]:
        """The rows as registered by ``roles`` (one per column): a player as [name, club] (the
        first names, names and last names joined; the clubs or cities joined by ", "), a team
        as [name, member, ...]; and the numbers (from 1) of the rows left out for want of a
        name."""
        entries, nameless = [], []
        for number, row in enumerate(self.rows, start=1):

            def cells(*wanted: str, row=row) -> list[str]:
                return [
                    " ".join(row[i].split())
                    for i in range(len(roles))
                    if roles[i] in wanted and row[i].strip()
                ]

            if team:
                name, members = " ".join(cells(TEAM)), cells(MEMBER)
                entry = [name, *members]
            else:
                name = " ".join(cells(FIRST_NAME) + cells(NAME) + cells(LAST_NAME))
                entry = [name, ", ".join(cells(CLUB))]
            if name:
                entries.append(entry)
            else:
                nameless.append(number)
        return entries, nameless


def _word(title: str) -> str:
    """A column title as ``COLUMN_TITLES`` holds it."""
    return re.sub(r"[\W\d_]+", "", title.casefold())


def _is_number(cell: str) -> bool:
    return re.fullmatch(r"\d+[.)]?", cell.strip()) is not None


def read_player_file(data: bytes, encoding: str | None = None) -> PlayerFile:
    """The rows of a player list file (module docstring), read in ``encoding`` (a codec name,
    ``text_codec``) or in the one the bytes suggest; a workbook in none."""
    if data.startswith(WORKBOOK_MAGIC):
        cells = read_workbook(data)
        encoding = detected = delimiter = None
    else:
        text, detected = decode(data)
        if encoding is not None and encoding != detected:
            text = decoded_as(data, encoding)
        encoding = encoding or detected
        lines = [line for line in text.splitlines() if line.strip()]
        delimiter = sniff_delimiter(lines)
        cells = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter))
    rows = [row for row in ([cell.strip() for cell in row] for row in cells) if any(row)]
    width = max((len(row) for row in rows), default=0)
    while width and not any(len(row) >= width and row[width - 1] for row in rows):
        width -= 1  # columns empty all the way down are no columns
    rows = [(row + [""] * width)[:width] for row in rows]
    header = rows[0] if rows and is_header(rows[0]) else None
    return PlayerFile(
        rows=rows[1:] if header else rows,
        encoding=encoding,
        delimiter=delimiter,
        header=header,
        detected=detected,
    )


def read_workbook(data: bytes) -> list[list[str]]:
    """The cells of a workbook's first sheet as text; ``UnreadableFile`` when it is none (or
    unpacks to more than ``MAX_WORKBOOK_UNPACKED``: a zip bomb)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        raise UnreadableFile("not a zip") from None
    if unpacked > MAX_WORKBOOK_UNPACKED:
        raise UnreadableFile("the workbook unpacks to too much")
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            sheet = book.worksheets[0]
            return [
                [_cell_text(value) for value in values]
                for values in sheet.iter_rows(
                    max_row=MAX_ROWS, max_col=MAX_COLUMNS, values_only=True
                )
            ]
        finally:
            book.close()
    except Exception:  # noqa: BLE001 - a damaged workbook fails anywhere inside openpyxl
        raise UnreadableFile("not a workbook openpyxl reads") from None


def _cell_text(value) -> str:
    """A workbook cell as the sheet shows it: a whole number without ".0", a date as a date."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    elif hasattr(value, "isoformat"):
        value = value.isoformat().removesuffix("T00:00:00")
    return CONTROL.sub(" ", str(value))


def decode(data: bytes) -> tuple[str, str]:
    """The text and the codec name of its encoding; ``UnreadableFile`` for bytes that are no
    text."""
    text, encoding = _decoded(data)
    return _text(text), encoding


def decoded_as(data: bytes, encoding: str) -> str:
    """The text of ``data`` in ``encoding`` (a byte-order mark dropped); ``UnreadableFile`` when
    the bytes are no text in it."""
    try:
        text = data.decode({"utf-8": "utf-8-sig"}.get(encoding, encoding))
    except (ValueError, LookupError):  # UnicodeError is a ValueError, and codecs raise either
        raise UnreadableFile(f"no text in {encoding}") from None
    return _text(text)


def _text(text: str) -> str:
    if CONTROL.search(text):
        raise UnreadableFile("control characters: not a text file")
    return text


def text_codec(name: str) -> str | None:
    """The codec name of the text encoding ``name`` ("Latin-1" -> "iso8859-1"), None for no
    encoding, one of bytes (base64...) or one that cannot encode at all ("undefined")."""
    try:
        "".encode(name)
        return codecs.lookup(name).name
    except (LookupError, ValueError):
        return None


def _decoded(data: bytes) -> tuple[str, str]:
    if data.startswith(codecs.BOM_UTF8):
        return data[len(codecs.BOM_UTF8) :].decode("utf-8"), "utf-8"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16"), "utf-16"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    # Without a BOM a spreadsheet's CSV is in a one-byte code page: UTF-16/32 guesses are noise.
    matches = [
        match
        for match in charset_normalizer.from_bytes(data)
        if not match.encoding.startswith(("utf_16", "utf_32"))
    ]
    least = min((match.chaos for match in matches), default=None)
    plausible = [match for match in matches if match.chaos == least]
    if (
        plausible
        and not any(PREFERRED_ENCODING in match.could_be_from_charset for match in plausible)
        and _alphabetic(str(plausible[0]))
    ):
        return str(plausible[0]), _codec(plausible[0].encoding)
    try:  # short lists fit many code pages: the Western one is what a German Excel writes
        return data.decode(PREFERRED_ENCODING), PREFERRED_ENCODING
    except UnicodeDecodeError:
        pass
    if not plausible:
        raise UnreadableFile("no text encoding fits these bytes")
    return str(plausible[0]), _codec(plausible[0].encoding)


def _codec(name: str) -> str:
    return codecs.lookup(name).name


def _alphabetic(text: str) -> bool:
    """Most of the text's letters (ASCII ones included) are of an alphabet other code pages are
    made for: a detector's guess worth more than the Western reading. A Latin list misread has
    mostly ASCII letters and a few odd ones."""
    letters = [unicodedata.name(ch, "").split(" ")[0] for ch in text if ch.isalpha()]
    return sum(name in OTHER_ALPHABETS for name in letters) > len(letters) / 2


def sniff_delimiter(lines: list[str]) -> str:
    """The cell delimiter of the lines."""
    sample = "\n".join(lines[:50])
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        return ";" if any(";" in line for line in lines) else ","


def is_header(cells: list[str]) -> bool:
    """A row of column titles, not of names: all its cells titles people use, or at least two
    and half of them ("Nr.; Vorname; Nachname; Geburtsdatum")."""
    cells = [cell for cell in cells if cell.strip()]
    known = sum(_word(cell) in HEADER_WORDS for cell in cells)
    return bool(cells) and (known == len(cells) or (known >= 2 and 2 * known >= len(cells)))


# --- a file kept for its preview -------------------------------------------------------------
# The preview may read the same bytes again in another encoding. They wait in the session (kept
# in the database), not in the page: as a hidden field a file of ``MAX_PLAYER_FILE`` would pass
# ``DATA_UPLOAD_MAX_MEMORY_SIZE`` once in base64. One file at a time, for one event; a token (its
# hash) makes a preview left open in another tab find its own file or none.


def keep_upload(session: MutableMapping, event_id: int, data: bytes) -> str:
    """Keep an uploaded file's bytes for its preview; returns the token that finds them."""
    token = hashlib.sha256(data).hexdigest()
    session[UPLOAD_KEY] = {
        "event": event_id,
        "token": token,
        "data": base64.b64encode(data).decode("ascii"),
    }
    return token


def kept_upload(session: MutableMapping, event_id: int, token: str) -> bytes | None:
    """The bytes ``keep_upload`` kept under ``token`` for this event, or None."""
    kept = session.get(UPLOAD_KEY)
    if not kept or kept["event"] != event_id or kept["token"] != token:
        return None
    return base64.b64decode(kept["data"])


def forget_upload(session: MutableMapping) -> None:
    """Drop the kept file (its rows are registered)."""
    session.pop(UPLOAD_KEY, None)
