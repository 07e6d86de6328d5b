"""Selectors: every read of the tournament's data, and nothing that writes.

- ``visible``: what each reader may see (the public, an event's organizers), as the API's lists.
- ``pages``: what each page shows, in a number of queries that does not grow with the event.
- ``stats``: a player's or team's statistics in an event.
- ``ranking``: the stored standings in rank order, numbered once per change and sliced by pages.
- ``ratings``: a register's ranking list (``ranking_list``).

The lists of ``visible`` are the package's own (``selectors.round_list``).
"""

from ..standings.ranking import ranking
from .ratings import ranking_list
from .visible import (
    change_list,
    differing_entry_list,
    entrant_list,
    event_list,
    hand_list,
    organized_event_ids,
    organized_events,
    round_list,
    standing_rows,
    table_list,
    table_with_event,
)

__all__ = [
    "change_list",
    "differing_entry_list",
    "entrant_list",
    "event_list",
    "hand_list",
    "organized_event_ids",
    "organized_events",
    "ranking",
    "ranking_list",
    "round_list",
    "standing_rows",
    "table_list",
    "table_with_event",
]
