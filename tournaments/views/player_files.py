"""Player lists as people have them: a CSV from any spreadsheet, read before anything is saved.

A German Excel saves "CSV" with semicolons in Windows-1252, LibreOffice and Google Sheets with
commas in UTF-8, some with a byte-order mark; most lists start with a header row ("Name",
"Spieler", "Team; Spieler 1; Spieler 2"). So:

- the encoding: UTF-8 (with or without BOM) or UTF-16 (with BOM) when the bytes say so; else
  Windows-1252 (what a German Excel writes: short lists of names fit many code pages, and
  charset-normalizer's guess among them is often an Asian one), unless charset-normalizer finds
  another alphabet (Cyrillic, Greek...) that reads better;
- the delimiter: ``csv.Sniffer`` among ``;``, ``,`` and tab, else ``;`` when a line holds one,
  else ``,``;
- the header: a first row whose every non-empty cell is a column title people use (``HEADER
  WORDS``) is dropped.

The organizer sees the rows (``PlayerFile``) in a preview and confirms them before any is saved.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import unicodedata
from dataclasses import dataclass

import charset_normalizer

DELIMITERS = ";,\t"
OTHER_ALPHABETS = frozenset({"CYRILLIC", "GREEK", "ARABIC", "HEBREW", "THAI"})
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
PREFERRED_ENCODING = "cp1252"
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
    """A file read: its rows of names (header dropped), and how it was read (for the preview)."""

    rows: list[list[str]]
    encoding: str
    delimiter: str
    header: list[str] | None


def read_player_file(data: bytes) -> PlayerFile:
    """The rows of names in a player list file (module docstring)."""
    text, encoding = decode(data)
    lines = [line for line in text.splitlines() if line.strip()]
    delimiter = sniff_delimiter(lines)
    rows = []
    for cells in csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter):
        cells = [cell.strip() for cell in cells if cell.strip()]
        if cells:
            rows.append(cells)
    header = rows[0] if rows and is_header(rows[0]) else None
    return PlayerFile(rows=rows[1:] if header else rows, encoding=encoding, delimiter=delimiter,
                      header=header)


def decode(data: bytes) -> tuple[str, str]:
    """The text and the name of its encoding; ``UnreadableFile`` for bytes that are no text."""
    text, encoding = _decoded(data)
    if CONTROL.search(text):
        raise UnreadableFile("control characters: not a text file")
    return text, encoding


def _decoded(data: bytes) -> tuple[str, str]:
    if data.startswith(codecs.BOM_UTF8):
        return data[len(codecs.BOM_UTF8):].decode("utf-8"), "UTF-8"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16"), "UTF-16"
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        pass
    # Without a BOM a spreadsheet's CSV is in a one-byte code page: UTF-16/32 guesses are noise.
    matches = [match for match in charset_normalizer.from_bytes(data)
               if not match.encoding.startswith(("utf_16", "utf_32"))]
    least = min((match.chaos for match in matches), default=None)
    plausible = [match for match in matches if match.chaos == least]
    if plausible and not any(PREFERRED_ENCODING in match.could_be_from_charset
                             for match in plausible) and _alphabetic(str(plausible[0])):
        return str(plausible[0]), plausible[0].encoding
    try:  # short lists fit many code pages: the Western one is what a German Excel writes
        return data.decode(PREFERRED_ENCODING), "Windows-1252"
    except UnicodeDecodeError:
        pass
    if not plausible:
        raise UnreadableFile("no text encoding fits these bytes")
    return str(plausible[0]), plausible[0].encoding


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
