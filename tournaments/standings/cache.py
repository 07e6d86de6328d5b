"""Public standings, rendered once per change and served from the cache; and what the public
pages read of the event's field (names, seating), kept until its next structural change.

Standings are read far more often than they change (every phone at the venue polls them), so the
rendered answers (the API's JSON, the standings table, the whole public page) are cached. Each
event has a version token (``tichu_site.tokens``). Every committed change and every finished
recomputation renews it (``invalidate``), so a value built from older rows is never served again,
even if a slow reader stores it after the change: it lands under a token nobody asks for.

A value stored under a token never changes, so each process also keeps the values it used
recently (``Recent``, bounded in size and age), and knows the current tokens (pushed to it on
every renewal): a read of a popular answer then costs no query and no round trip to Redis, and the
league's 2 MB answer is neither fetched from Redis nor unpickled again.

While the cache is unreachable every read builds its answer (``tichu_site.cache`` degrades to a
cache that misses) and nothing is kept. Values expire after ``SECONDS`` in the cache and again in
each process, a bound on anything no change marks (an edit in the admin).

The field (who plays, their names as pages show them, where they sit) changes far less often than
the standings: never with a hand, only with a structural change (a registration, a rename, a
round paired or published, a withdrawal). Reads of it that cost what the event holds (every
entrant's display name, a round's seating in alphabetical order) are cached under a token of its
own (``field_cached``), renewed after each structural change commits (``field_changed``), so a
hand entered does not make every page read 40,000 names again.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import connection

from tichu_site.tokens import SharedTokens

SECONDS = 600
RECENT_LIMIT = 16 * 1024 * 1024  # characters or bytes kept per process: a few league answers

Value = str | bytes | dict | list | tuple  # answers, or the data of the field's reads
V = TypeVar("V", bound=Value)  # what a build returns, a cached read returns too


def _size(value: Value) -> int:
    """About what a value holds, in characters: its texts, and 16 for each other item."""
    if isinstance(value, str | bytes):
        return len(value)
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return sum(_size(item) + 16 for item in value)
    return 16


class Recent:
    """Values used recently in this process: the least recently used are dropped once their sizes
    (``_size``) add up to more than ``limit``; a value is kept at most ``seconds``."""

    def __init__(self, limit: int, seconds: float):
        self.limit = limit
        self.seconds = seconds
        self.size = 0
        self._values: OrderedDict[str, tuple[float, Value, int]] = OrderedDict()
        self._lock = threading.Lock()  # a threaded server shares this process's values

    def get(self, key: str) -> Value | None:
        with self._lock:
            entry = self._values.get(key)
            if entry is None:
                return None
            if entry[0] < time.monotonic():
                self._drop(key)
                return None
            self._values.move_to_end(key)
            return entry[1]

    def put(self, key: str, value: Value) -> None:
        size = _size(value)
        if size > self.limit:
            return
        with self._lock:
            if key in self._values:
                self._drop(key)
            self._values[key] = (time.monotonic() + self.seconds, value, size)
            self.size += size
            while self.size > self.limit:
                self._drop(next(iter(self._values)))

    def _drop(self, key: str) -> None:
        self.size -= self._values.pop(key)[2]


recent = Recent(RECENT_LIMIT, SECONDS)


versions = SharedTokens("standings:version", SECONDS)
field_versions = SharedTokens("field:version", SECONDS)


def invalidate(event_id: int) -> None:
    """The event's standings or their up-to-date flag changed: rendered answers are stale."""
    versions.renew(event_id)


def field_changed(event_id: int) -> None:
    """The event's field changed (after the commit): what ``field_cached`` kept is stale, and so
    is every rendered standings answer, which shows the field's names.

    The standings' token is renewed here, not left to the recomputation's schedule: a change
    while a run is pending renews nothing there, and the answers would keep the old names until
    the run ends. The field's token goes first, so an answer rendered in between reads the new
    names.
    """
    field_versions.renew(event_id)
    versions.renew(event_id)


def cached(event_id: int, name: str, build: Callable[[], V]) -> V:
    """The rendered answer ``name`` (e.g. ``api`` or ``table:de:1``) of an event's standings,
    built by ``build`` when neither this process nor the cache has it for the current version."""
    return _cached(versions, f"standings:{name}", event_id, build)


def field_cached(event_id: int, name: str, build: Callable[[], V]) -> V:
    """A read ``name`` of the event's field (e.g. ``names``), built by ``build`` when neither this
    process nor the cache has it since the field last changed.

    Built inside a transaction, a value may hold what that transaction wrote and has not
    committed (a rename read back before its commit, or rolled back): it is returned, never kept.
    Public pages read outside transactions, and keep what they build.
    """
    if connection.in_atomic_block:
        return build()
    return _cached(field_versions, f"field:{name}", event_id, build)


def _cached(tokens: SharedTokens, name: str, event_id: int, build: Callable[[], V]) -> V:
    version = tokens.current(event_id)
    if version is None:
        return build()
    key = f"{name}:{event_id}:{version}"
    value: Any = recent.get(key)  # what ``build`` made for this key
    if value is None:
        value = cache.get(key)
        if value is None:
            value = build()
            cache.set(key, value, SECONDS)
        recent.put(key, value)
    return value
