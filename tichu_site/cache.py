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

Two operations beyond Django's serve the version tokens that every process keeps
(``tichu_site.tokens``): ``set_and_publish`` (a token stored and announced in one round trip) and
``subscribe``. Redis delivers a channel's messages to every database of the server, so channel
names carry the database's number: two deployments on one server do not hear each other.
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
            client = self._clients[id(pool)] = self._client(connection_pool=pool,
                                                            single_connection_client=True)
        return client

    def set_and_publish(self, key, value, timeout, channel, message):
        pipeline = self.get_client(key, write=True).pipeline(transaction=False)
        pipeline.set(key, self._serializer.dumps(value), ex=timeout)
        pipeline.publish(channel, message)
        pipeline.execute()

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
        log.warning("cache unreachable during %s; going on without it", operation,
                    exc_info=True)
        return fallback

    def set_and_publish(self, key, value, channel, message, timeout=DEFAULT_TIMEOUT,
                        version=None):
        """``set``, and ``message`` published on ``channel``, in one round trip."""
        key = self.make_and_validate_key(key, version=version)
        try:
            self._cache.set_and_publish(key, value, self.get_backend_timeout(timeout),
                                        self._cache.channel(channel), message)
        except UNREACHABLE:
            self._unreachable("set_and_publish", None)

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
