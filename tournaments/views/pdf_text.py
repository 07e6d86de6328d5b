"""Text that stays in its box on a PDF page (reportlab).

Names may be long (up to 100 characters) and a German heading is longer than the English one: a
text given a box is drawn smaller when it must be, wrapped onto the box's lines, and cut with an
ellipsis only when even the smallest size cannot hold it. Never does it run into its neighbour.
"""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

ELLIPSIS = "…"


def cut_to_width(text: str, font: str, size: float, width: float) -> str:
    """``text``, cut with an ellipsis to fit ``width`` at ``size``."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + ELLIPSIS, font, size) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def fitted_lines(
    text: str, font: str, size: float, width: float, *, max_lines: int = 1, min_size: float = 6
) -> tuple[list[str], float]:
    """The lines and the font size that show ``text`` within ``width`` on at most ``max_lines``
    lines: the largest size from ``size`` down to ``min_size`` at which it fits whole, else the
    smallest size with its last line cut."""
    current = size
    while True:
        lines = simpleSplit(text, font, current, width) or [""]
        if len(lines) <= max_lines and all(
            stringWidth(line, font, current) <= width for line in lines
        ):
            return lines, current
        if current - 0.5 < min_size:
            break
        current -= 0.5
    kept = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
    return [cut_to_width(line, font, current, width) for line in kept], current


def draw_fitted(
    pdf,
    text: str,
    font: str,
    size: float,
    x: float,
    y: float,
    width: float,
    *,
    min_size: float = 6,
    centred: bool = False,
) -> None:
    """One line of ``text`` from ``x`` (or centred on it), never wider than ``width``."""
    (line,), used = fitted_lines(text, font, size, width, min_size=min_size)
    pdf.setFont(font, used)
    if centred:
        pdf.drawCentredString(x, y, line)
    else:
        pdf.drawString(x, y, line)


def draw_wrapped(
    pdf,
    text: str,
    font: str,
    size: float,
    x: float,
    y: float,
    width: float,
    *,
    max_lines: int = 2,
    min_size: float = 6,
) -> float:
    """``text`` from ``x`` on up to ``max_lines`` lines of ``width``, the first at ``y``; returns
    the baseline of its last line (a caller moves on from there)."""
    lines, used = fitted_lines(text, font, size, width, max_lines=max_lines, min_size=min_size)
    pdf.setFont(font, used)
    for number, line in enumerate(lines):
        if number:
            y -= used * 1.2
        pdf.drawString(x, y, line)
    return y
