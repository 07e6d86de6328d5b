"""Public standings, rendered once per change and served from the cache.

Standings are read far more often than they change (every phone at the venue polls them), so
the rendered answer (the API's JSON, the page's table) is cached. Each event has a version token
in the cache; a read costs two cache lookups (the token, then the value under it) and no query.
Every committed change and every finished recomputation sets a new token (``invalidate``), so a
value built from older rows is never served again, even if a slow reader stores it after the
change: it lands under a token nobody asks for. While the cache is unreachable every read builds
its answer (``tichu_site.cache`` degrades to a cache that misses); values also expire after
``SECONDS`` as a bound on anything missed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.core.cache import cache

SECONDS = 600
VERSION_KEY = "standings:version:{}"


def invalidate(event_id: int) -> None:
    """The event's standings or their up-to-date flag changed: rendered answers are stale."""
    cache.set(VERSION_KEY.format(event_id), time.time_ns(), None)


def cached(event_id: int, name: str, build: Callable[[], object]):
    """The rendered answer ``name`` (e.g. ``api`` or ``page:de``) of an event's standings,
    built by ``build`` when the cache has none for the current version."""
    version = cache.get(VERSION_KEY.format(event_id), 0)
    key = f"standings:{name}:{event_id}:{version}"
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, SECONDS)
    return value
