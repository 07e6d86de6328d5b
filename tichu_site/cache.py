"""A Redis cache that degrades instead of failing while Redis is unreachable.

The cache holds only what can be lost: throttle counters, the standings' "pending" marks and
cached public answers. Django's ``RedisCache`` raises on a connection error, which turned a wrong
table code, a login or a captain's page into a 500 while Redis restarted. Here every operation
that cannot reach Redis logs a warning and answers as an empty cache would: reads miss, writes
are dropped, ``add`` says nothing was added (so no standings run is scheduled: the event stays
stale and the periodic catch-up schedules it once Redis is back).

Django's client also builds a new ``redis.Redis`` object for every operation (0.1-0.2 ms each:
redis-py registers its ~170 response callbacks per object) and borrows a pooled connection for each
command (a lock, a readiness poll of the socket): together more than the round trip itself, which
a cached public read pays on every request. ``ReusedClients`` keeps one client per pool, on a
connection of its own (a Django cache object serves one thread; redis-py locks it anyway). A
command that fails drops that connection and the next one connects again, so degrading while
Redis is away and recovering once it is back work as before.

Why not django-redis (``IGNORE_EXCEPTIONS``), which issue 15 asked about: it does the part of
this module that is only a try/except per operation, but not the rest, and is slower where the
benchmarks look. Measured against a local Redis (django-redis 7.0.0, redis-py 8.1.0, 20,000
``get`` calls on a shared two-CPU machine): about 30-45 us a call here, 45-55 us with
django-redis (it keeps one client object too, but checks a pooled connection out for every
command), 200-450 us with Django's own ``RedisCache``. Getting this module's figure from
django-redis takes a client class of our own (``ReusedClients`` again), and ``count``, ``batch``
and ``subscribe`` reach into the backend's client, keys and serializer either way; its
fallbacks also differ (an unreachable ``incr`` answers None, not the delta). A dependency plus
the same hand-written parts: kept. ``tests/web/test_standings_cache.py`` and the live
reliability tests (``tests/reliability``, Redis stopped and started) check the degradation.

Three operations beyond Django's: ``count`` (an atomic counter that always expires, for the
limits of ``tichu_site.limits``), ``batch`` (writes and messages in one round trip: a version
token is renewed and announced at once)
and ``subscribe`` (for the version tokens every process keeps, ``tichu_site.tokens``). Redis
delivers a channel's messages to every database of the server, so channel names carry the
database's number: two deployments on one server do not hear each other.
"""

from __future__ import annotations

import logging
import os

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("tournaments.cache")
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)


class ReusedClients(RedisCacheClient):
    """Django's Redis cache client, with one ``redis.Redis`` object per connection pool, each
    holding one connection."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}
        self._pid = os.getpid()

    def get_client(self, key=None, *, write=False):
        if self._pid != os.getpid():  # a forked child must not talk on its parent's sockets
            self._clients, self._pid = {}, os.getpid()
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))  # pools live as long as this object: ids are stable
        if client is None:
            client = self._clients[id(pool)] = self._client(
                connection_pool=pool, single_connection_client=True
            )
        return client

    def subscribe(self, channel):
        pubsub = self.get_client(write=True).pubsub()
        pubsub.subscribe(channel)
        return pubsub

    def channel(self, name: str) -> str:
        pool = self._get_connection_pool(True)
        return f"db{pool.connection_kwargs.get('db', 0)}:{name}"


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClients

    def _unreachable(self, operation: str, fallback):
        log.warning("cache unreachable during %s; going on without it", operation, exc_info=True)
        return fallback

    def batch(self) -> RedisBatch:
        return RedisBatch(self)

    def subscribe(self, channel):
        """A pub/sub connection subscribed to ``channel`` (raises while Redis is unreachable:
        the subscriber retries)."""
        return self._cache.subscribe(self._cache.channel(channel))

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version=version)
        except UNREACHABLE:
            return self._unreachable("add", False)

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version=version)
        except UNREACHABLE:
            return self._unreachable("get", default)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set(key, value, timeout, version=version)
        except UNREACHABLE:
            return self._unreachable("set", None)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version=version)
        except UNREACHABLE:
            return self._unreachable("touch", False)

    def delete(self, key, version=None):
        try:
            return super().delete(key, version=version)
        except UNREACHABLE:
            return self._unreachable("delete", False)

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version=version)
        except UNREACHABLE:
            return self._unreachable("get_many", {})

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version=version)
        except UNREACHABLE:
            return self._unreachable("has_key", False)

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version=version)
        except UNREACHABLE:
            return self._unreachable("incr", delta)

    def count(self, key, timeout: int, delta: int = 1) -> int:
        """Add ``delta`` to the counter ``key``, created at 0 for ``timeout`` seconds if absent,
        and return its new value: ``SET NX EX`` and ``INCRBY`` in one ``MULTI``, so concurrent
        counts never lose one and the counter always expires (Django's ``incr`` tests that the
        key exists and then increments it: a key expiring in between came back without expiry).
        While Redis is unreachable nothing is counted (0)."""
        key = self.make_and_validate_key(key)
        try:
            pipeline = self._cache.get_client(key, write=True).pipeline(transaction=True)
            pipeline.set(key, 0, ex=timeout, nx=True)
            pipeline.incrby(key, delta)
            return pipeline.execute()[1]
        except UNREACHABLE:
            return self._unreachable("count", 0)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version=version)
        except UNREACHABLE:
            return self._unreachable("set_many", list(data))

    def delete_many(self, keys, version=None):
        try:
            return super().delete_many(keys, version=version)
        except UNREACHABLE:
            return self._unreachable("delete_many", None)


class RedisBatch:
    """Writes and messages sent together, in one round trip, when the ``with`` block ends. Like
    the cache's own operations they degrade: while Redis is unreachable nothing is written."""

    def __init__(self, cache: ResilientRedisCache):
        self._cache = cache
        self._client = cache._cache
        self._pipeline = None

    def __enter__(self) -> RedisBatch:
        try:
            client = self._client.get_client(write=True)  # connects, if it has to
        except UNREACHABLE:
            self._cache._unreachable("batch", None)
        else:
            self._pipeline = client.pipeline(transaction=False)
        return self

    def _queue(self, command: str, *args, **kwargs) -> None:
        """Queue a command; none while Redis is unreachable."""
        if self._pipeline is not None:
            getattr(self._pipeline, command)(*args, **kwargs)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT) -> None:
        self._queue(
            "set",
            self._cache.make_and_validate_key(key),
            self._client._serializer.dumps(value),
            ex=self._cache.get_backend_timeout(timeout),
        )

    def publish(self, channel: str, message: str) -> None:
        self._queue("publish", self._client.channel(channel), message)

    def __exit__(self, *exc_info) -> None:
        if exc_info[0] is not None or self._pipeline is None:
            return
        try:
            self._pipeline.execute()
        except UNREACHABLE:
            self._cache._unreachable("batch", None)


class DirectBatch:
    """``RedisBatch`` for caches without one (the in-process cache): each operation at once;
    messages go nowhere (there is nobody else to tell)."""

    def __init__(self, cache):
        self._cache = cache

    def __enter__(self) -> DirectBatch:
        return self

    def __exit__(self, *exc_info) -> None:
        pass

    def set(self, key, value, timeout=DEFAULT_TIMEOUT) -> None:
        self._cache.set(key, value, timeout)

    def publish(self, channel: str, message: str) -> None:
        pass


def count(cache, key: str, timeout: int, delta: int = 1) -> int:
    """``ResilientRedisCache.count`` whatever the cache: elsewhere ``add`` then ``incr``, which
    the in-process cache runs under its lock (a counter that expired in between is made again)."""
    if hasattr(cache, "count"):
        return cache.count(key, timeout, delta)
    while True:
        cache.add(key, 0, timeout)
        try:
            return cache.incr(key, delta)
        except ValueError:
            continue


def batch(cache):
    """Writes to ``cache`` sent together (``RedisBatch``), whatever the cache."""
    return cache.batch() if hasattr(cache, "batch") else DirectBatch(cache)
