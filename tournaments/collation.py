"""Names as a German reader sorts and looks for them: the one place for both.

Sorting (``name_key``). Python's ``sorted`` compares code points: "Ärger" and "Özil" land after
"Zora", and "Straße" after "Strasz". A reader expects the order of a German telephone book
(DIN 5007, variant 1): Ä with A, Ö with O, Ü with U, ß as ss, case second. The Unicode
Collation Algorithm's default table (DUCET, shipped by ``pyuca``, pure Python) gives exactly that
at its first level, accents and case deciding only between names equal without them. Every list
a person reads sorted by name (the seating list, the organizer's players, byes, rosters,
partners, leagues) sorts with this key, in Python: each such list is bounded (one event, one
round, one team). The lists paginated in SQL (the API's, the standings, the history) are ordered
by id, rank or time, never by name; one ordered by name would need this key stored in a column.

Searching (``fold``, ``matches``, ``search_text``). A player types their name as their keyboard
allows: "Mueller" or "Muller" for Müller, "Strasse" for Straße, "zoe" for Zoë. ``fold`` is the one
folding: case away, ß as ss, ä/ö/ü as ae/oe/ue (the German spelling without dots), every other
accent dropped. A name is searched in both of its spellings, its umlauts written out and dropped
(``search_text``), and a query word likewise, so each way of typing finds the other. The pages
search in Python (a round's seating); the API's name filters search a column that stores
``search_text`` (``models.SearchableName``): a change here needs a migration that refills it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import TypeVar

from cologne_phonetics import encode
from pyuca import Collator

UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
T = TypeVar("T")


@cache
def _collator() -> Collator:
    """The DUCET, read once per process when first needed (a third of a second, 11 MB)."""
    return Collator()


@lru_cache(maxsize=8192)  # a key takes ~0.1 ms; the same names are sorted request after request
def name_key(text: str) -> tuple[int, ...]:
    """The sort key of a name in German order: "Anna" < "Ärger" < "Bernd", "Straße" = "Strasse"
    before "Strast"; names equal but for accents or case stay together, in a fixed order."""
    return _collator().sort_key(text)


def sorted_by_name(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    """``items`` in the German order of their ``name``; equal names keep the order they came in
    (give them in registration order, and "Anna #1" stays before "Anna #2")."""
    return sorted(items, key=lambda item: name_key(name(item)))


def _without_marks(text: str) -> str:
    """The text with every accent taken off its letter ("Zoë" -> "Zoe", "Müller" -> "Muller")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Text as a search compares it: "Müller" -> "mueller", "Straße" -> "strasse",
    "ÉMILE" -> "emile" (the module's docstring)."""
    return _without_marks(unicodedata.normalize("NFC", text.casefold()).translate(UMLAUTS))


def spellings(text: str) -> list[str]:
    """The folded ways of writing ``text``: with its umlauts written out, and dropped ("Müller":
    "mueller", "muller"); one when it has none."""
    return list(dict.fromkeys((fold(text), fold(_without_marks(text)))))


def search_text(name: str) -> str:
    """What a name search looks in: every spelling of ``name``, apart by a space (a query word
    holds none, so no match spans two spellings)."""
    return " ".join(spellings(name))


def query_words(query: str) -> list[list[str]]:
    """A search's words, each as its spellings: a name matches when it holds one spelling of
    every word."""
    return [spellings(word) for word in query.split()]


def matches(name: str, query: str) -> bool:
    """Does ``name`` hold every word of ``query``, however either is spelt? ("Anna Müller" holds
    "mueller anna", "MULLER", "Müll"; "Straße" holds "strasse")."""
    text = search_text(name)
    return all(any(spelling in text for spelling in word) for word in query_words(query))


def sounds(name: str) -> list[str]:
    """The Kölner Phonetik code of each word of ``name``: German spellings of one sound share
    it ("Meyer", "Maier", "Mayer": 67), so that a register offers the person however their name
    was written down."""
    return [code for word in fold(name).replace(".", " ").split() for _, code in encode(word)]


def sound_text(name: str) -> str:
    """What a search by sound looks in: the codes of ``sounds``, each between spaces, so that
    `` 67 `` finds a word's code and never part of another's."""
    return "".join(f" {code} " for code in sounds(name))
