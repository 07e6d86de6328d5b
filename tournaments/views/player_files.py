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
- the header: a first row whose every non-empty cell is a column title people use (``HEADER
  WORDS``) is dropped.

The organizer sees the rows (``PlayerFile``) in a preview and confirms them before any is saved.
"""

from __future__ import annotations

import base64
import codecs
import csv
import hashlib
import io
import re
import unicodedata
from collections.abc import MutableMapping
from dataclasses import dataclass

import charset_normalizer
from django.utils.translation import gettext as _

DELIMITERS = ";,\t"
# The first word of the Unicode names of letters other code pages are made for.
OTHER_ALPHABETS = frozenset({"CYRILLIC", "GREEK", "ARABIC", "HEBREW", "THAI", "CJK", "HIRAGANA",
                             "KATAKANA", "HALFWIDTH", "HANGUL"})
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
PREFERRED_ENCODING = "cp1252"
# What the preview offers to read a file as (Python's codec name: the name people know), the
# encoding found first; one charset-normalizer found that is not here is offered too.
ENCODINGS = {
    "utf-8": "UTF-8", "utf-16": "UTF-16", "cp1252": "Windows-1252",
    "iso8859-1": "ISO-8859-1 (Latin-1)", "iso8859-15": "ISO-8859-15 (Latin-9)",
    "cp1250": "Windows-1250", "cp1251": "Windows-1251", "mac-roman": "Mac Roman",
    "cp850": "DOS (CP850)", "cp932": "Shift-JIS", "euc_jp": "EUC-JP", "gb18030": "GB18030",
    "big5": "Big5", "cp949": "EUC-KR",
}
UPLOAD_KEY = "player_file"  # the session's key of a file kept for its preview
# Column titles of player and team lists (English and German), compared without case, spaces,
# digits and punctuation: "Spieler 1" and "spieler1" are "spieler".
HEADER_WORDS = frozenset({
    "name", "names", "player", "players", "playername", "fullname", "firstname", "lastname",
    "surname", "member", "members", "team", "teamname", "teams", "club", "city", "email",
    "spieler", "spielerin", "spielername", "vorname", "nachname", "mitglied", "mitglieder",
    "mannschaft", "verein", "ort", "stadt", "partner", "nr", "no", "number", "nummer",
})


class UnreadableFile(ValueError):
    """The bytes are no text in any encoding the reader knows."""


@dataclass(frozen=True)
class PlayerFile:
    """A file read: its rows of names (header dropped), and how it was read (for the preview):
    in ``encoding``, where the bytes alone suggested ``detected`` (codec names)."""

    rows: list[list[str]]
    encoding: str
    delimiter: str
    header: list[str] | None
    detected: str

    @property
    def encoding_label(self) -> str:
        return ENCODINGS.get(self.encoding, self.encoding)

    def encoding_choices(self) -> list[tuple[str, str]]:
        """The encodings the preview offers, the detected one first and said to be."""
        detected = (self.detected, _("%(encoding)s (detected)")
                    % {"encoding": ENCODINGS.get(self.detected, self.detected)})
        return [detected] + [item for item in ENCODINGS.items() if item[0] != self.detected]


def read_player_file(data: bytes, encoding: str | None = None) -> PlayerFile:
    """The rows of names in a player list file (module docstring), read in ``encoding`` (a
    codec name, ``text_codec``) or in the one the bytes suggest."""
    text, detected = decode(data)
    if encoding is not None and encoding != detected:
        text = decoded_as(data, encoding)
    encoding = encoding or detected
    lines = [line for line in text.splitlines() if line.strip()]
    delimiter = sniff_delimiter(lines)
    rows = []
    for cells in csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter):
        cells = [cell.strip() for cell in cells if cell.strip()]
        if cells:
            rows.append(cells)
    header = rows[0] if rows and is_header(rows[0]) else None
    return PlayerFile(rows=rows[1:] if header else rows, encoding=encoding, delimiter=delimiter,
                      header=header, detected=detected)


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
        return data[len(codecs.BOM_UTF8):].decode("utf-8"), "utf-8"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16"), "utf-16"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    # Without a BOM a spreadsheet's CSV is in a one-byte code page: UTF-16/32 guesses are noise.
    matches = [match for match in charset_normalizer.from_bytes(data)
               if not match.encoding.startswith(("utf_16", "utf_32"))]
    least = min((match.chaos for match in matches), default=None)
    plausible = [match for match in matches if match.chaos == least]
    if plausible and not any(PREFERRED_ENCODING in match.could_be_from_charset
                             for match in plausible) and _alphabetic(str(plausible[0])):
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
    """A row of column titles, not of names."""
    return all(re.sub(r"[\W\d_]+", "", cell.casefold()) in HEADER_WORDS for cell in cells)


# --- a file kept for its preview -------------------------------------------------------------
# The preview may read the same bytes again in another encoding. They wait in the session (kept
# in the database), not in the page: as a hidden field a file of ``MAX_PLAYER_FILE`` would pass
# ``DATA_UPLOAD_MAX_MEMORY_SIZE`` once in base64. One file at a time, for one event; a token (its
# hash) makes a preview left open in another tab find its own file or none.

def keep_upload(session: MutableMapping, event_id: int, data: bytes) -> str:
    """Keep an uploaded file's bytes for its preview; returns the token that finds them."""
    token = hashlib.sha256(data).hexdigest()
    session[UPLOAD_KEY] = {"event": event_id, "token": token,
                           "data": base64.b64encode(data).decode("ascii")}
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
