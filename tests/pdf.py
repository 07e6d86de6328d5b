"""A PDF read back as a person reads it, with poppler's ``pdftotext``: the one way the tests read
the printouts (standings, sheets, seating, slips, movement cards).

``pdf_text`` keeps the columns of a line on one line (``-layout``) or gives poppler's reading
order; ``pdf_pages`` splits it at the page breaks; ``pdf_words`` gives each word of a page with
its box (``-bbox``, points from the top left), for tests of where a text stands.
"""

from __future__ import annotations

import html
import re
import subprocess
from typing import NamedTuple

PDFTOTEXT = "/usr/bin/pdftotext"
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)


class Word(NamedTuple):
    """A word and its box on the page, in points from the top left corner."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str


def _pdftotext(pdf: bytes, *options: str) -> str:
    assert pdf.startswith(b"%PDF"), pdf[:40]
    return subprocess.run(
        [PDFTOTEXT, *options, "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


def pdf_text(
    pdf: bytes, *, layout: bool = True, first: int | None = None, last: int | None = None
) -> str:
    """The text of the pages ``first`` to ``last`` (from 1; all by default), page breaks as
    form feeds; ``layout``: each line as it stands, else in poppler's reading order."""
    options = ["-layout"] if layout else []
    if first is not None:
        options += ["-f", str(first)]
    if last is not None:
        options += ["-l", str(last)]
    return _pdftotext(pdf, *options)


def pdf_pages(pdf: bytes, *, layout: bool = True) -> list[str]:
    """Each page's text."""
    text = pdf_text(pdf, layout=layout)
    return text.split("\f")[:-1] if text.endswith("\f") else text.split("\f")


def pdf_words(pdf: bytes, page: int = 1) -> list[Word]:
    """The words of one page (from 1) with their boxes."""
    out = _pdftotext(pdf, "-bbox", "-f", str(page), "-l", str(page))
    return [
        Word(float(a), float(b), float(c), float(d), html.unescape(text))
        for a, b, c, d, text in WORD.findall(out)
    ]
