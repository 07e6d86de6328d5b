"""The one rule for the name a person reads for an entrant, everywhere: pages, exports, sheets, API.

Two players of the same name must be told apart at a glance in pairings, standings and
exports. The club or city stands beside the name when one is known ("Anna Schmidt (Köln)"); two
entrants whose names still read alike (same name and club, or neither has a club) get their start
number, their place in the event's registration order ("Anna Schmidt #2"). Everyone else keeps
their plain name. Pure Python: the model layer hands in the event's entrants.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def display_names(entrants: Sequence[tuple[int, str, str]]) -> dict[int, str]:
    """Each entrant's shown name, by id, from ``(id, name, club)`` in registration order.

    Names compare without case and surrounding spaces, as a reader compares them.
    """
    labels = [
        (pk, f"{name} ({club.strip()})" if club.strip() else name) for pk, name, club in entrants
    ]
    counts = Counter(label.strip().casefold() for _, label in labels)
    return {
        pk: f"{label} #{start}" if counts[label.strip().casefold()] > 1 else label
        for start, (pk, label) in enumerate(labels, start=1)
    }
