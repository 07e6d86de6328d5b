"""Selectors: every read of the tournament's data, and nothing that writes.

- ``visible``: what each reader may see (the public, an event's organizers), as the API's lists.
- ``pages``: what each page shows, in a number of queries that does not grow with the event.
- ``stats``: a player's or team's statistics in an event.

The lists of ``visible`` are the package's own (``selectors.round_list``).
"""

from .visible import (
    change_list,
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
    "entrant_list",
    "event_list",
    "hand_list",
    "organized_event_ids",
    "organized_events",
    "round_list",
    "standing_rows",
    "table_list",
    "table_with_event",
]
