"""The standings cache (``standings_cache``), its version tokens (``tichu_site.tokens``) and the
Redis cache under them (``tichu_site.cache``): each process keeps recently used answers, bounded,
and the current tokens, pushed to it, so it still sees every change at the next read; a lost token
never brings an old answer back; an unreachable cache means building every answer, never failing,
and the cache's reused Redis client and the token subscription recover once Redis is back."""

from __future__ import annotations

import logging
import time

import pytest
from django.core.cache import cache

from tests.reliability.conftest import PrivateRedis, free_port
from tichu_site import tokens
from tichu_site.cache import ResilientRedisCache, batch
from tichu_site.tokens import SharedTokens
from tournaments.standings import cache as standings_cache
from tournaments.standings.cache import Recent, cached, invalidate, versions

EVENT = 10**15 + 7  # no real event: in live mode the cache is shared with the worker


class Builds:
    """A ``build`` function that counts its calls and answers ``v1``, ``v2``..."""

    def __init__(self):
        self.count = 0

    def __call__(self) -> str:
        self.count += 1
        return f"v{self.count}"


class RecordingCache:
    """The cache, recording the keys read from it."""

    def __init__(self):
        self.keys = []

    def get(self, key, default=None):
        self.keys.append(key)
        return cache.get(key, default)

    def __getattr__(self, name):
        return getattr(cache, name)


def test_recent_values_are_bounded_dropping_the_least_recently_used():
    recent = Recent(limit=10, seconds=60)
    recent.put("a", b"aaaa")
    recent.put("b", b"bbbb")
    assert recent.get("a") == b"aaaa"  # "a" is now the most recently used
    recent.put("c", b"cccc")  # 12 > 10: "b" goes
    assert recent.get("b") is None
    assert (recent.get("a"), recent.get("c"), recent.size) == (b"aaaa", b"cccc", 8)
    recent.put("big", b"x" * 11)  # larger than the bound: not kept, nothing dropped for it
    assert (recent.get("big"), recent.size) == (None, 8)
    recent.put("a", "a")
    assert recent.size == 5
    for number in range(100):
        recent.put(f"k{number}", b"xyz")
        assert recent.size <= 10


def test_recent_values_expire(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(standings_cache.time, "monotonic", lambda: now[0])
    recent = Recent(limit=10, seconds=5)
    recent.put("a", b"a")
    now[0] = 104.9
    assert recent.get("a") == b"a"
    now[0] = 105.1
    assert (recent.get("a"), recent.size) == (None, 0)


def eventually(condition, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.01)


def test_a_process_reads_at_most_the_token_until_a_change(monkeypatch):
    """With Redis, the token is pushed to the process: a cached read asks Redis nothing at all.
    The embedded in-process cache has no pub/sub: there a read asks it for the token only."""
    versions.current(EVENT)
    pushed = hasattr(cache, "subscribe")
    if pushed:
        eventually(lambda: versions._live)
    invalidate(EVENT)
    build, recording = Builds(), RecordingCache()
    monkeypatch.setattr(standings_cache, "cache", recording)
    monkeypatch.setattr(tokens, "cache", recording)
    assert cached(EVENT, "x", build) == "v1"
    recording.keys.clear()
    assert [cached(EVENT, "x", build) for _ in range(3)] == ["v1"] * 3
    assert recording.keys == ([] if pushed else [versions._key(EVENT)] * 3)
    invalidate(EVENT)  # as every change does
    assert cached(EVENT, "x", build) == "v2"


def test_a_lost_token_never_brings_an_old_answer_back():
    versions._subscribed(False)  # this process knows no token: it asks the cache
    cache.delete(versions._key(EVENT))
    assert cached(EVENT, "x", lambda: "first") == "first"
    invalidate(EVENT)
    assert cached(EVENT, "x", lambda: "second") == "second"
    cache.delete(versions._key(EVENT))  # evicted, or Redis restarted empty
    assert cached(EVENT, "x", lambda: "third") == "third"


def test_a_late_answer_never_replaces_a_newer_push():
    shared = SharedTokens("late", 60)
    shared._subscribed(True)
    shared._hear(1, 200)
    shared._keep(1, 100)  # a read of the cache that began before the push ends after it
    assert shared._tokens[1] == 200


@pytest.mark.live
def test_renewals_reach_other_processes_and_the_subscription_recovers(settings, tmp_path):
    """Two ``SharedTokens`` stand for two processes. One renews a token; the other hears it
    without asking Redis. Redis restarts: the listener forgets what it knew, subscribes again
    and hears the next renewal."""
    redis = PrivateRedis(free_port(), tmp_path / "redis.log")
    redis.start()
    settings.CACHES = {
        "default": {
            "BACKEND": "tichu_site.cache.ResilientRedisCache",
            "LOCATION": redis.url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    writer, reader = SharedTokens("push", 60), SharedTokens("push", 60)
    try:
        first = reader.current(1)
        eventually(lambda: reader._live)
        writer.renew(1)
        renewed = cache.get(writer._key(1))
        assert renewed > first
        eventually(lambda: reader._tokens.get(1) == renewed)
        assert reader.current(1) == renewed
        redis.stop()
        eventually(lambda: not reader._live and not reader._tokens)
        assert reader.current(1) is None  # unreachable: no token, every read builds
        redis.start()  # empty
        eventually(lambda: reader._live, seconds=15)
        writer.renew(1)
        eventually(lambda: reader._tokens.get(1) == cache.get(writer._key(1)))
    finally:
        redis.stop()


@pytest.fixture
def unreachable_cache(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "tichu_site.cache.ResilientRedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nobody listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }


def test_a_listener_stops_when_the_settings_name_another_cache(settings):
    """A listener follows the cache its process had when it started; when the settings name
    another (tests swap them), it gives up at its next failure instead of calling ``subscribe``
    on a cache that has none, and the next read may start one for the new cache."""
    shared = SharedTokens("swapped", 60)
    settings.CACHES = {
        "default": {
            "BACKEND": "tichu_site.cache.ResilientRedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nobody listens: it keeps failing
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    shared.current(1)
    assert shared._pid is not None  # listening
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    eventually(lambda: shared._pid is None, seconds=5)


def test_while_the_cache_is_unreachable_every_read_builds(unreachable_cache):
    build, kept = Builds(), standings_cache.recent.size
    assert [cached(EVENT, "x", build) for _ in range(3)] == ["v1", "v2", "v3"]
    assert standings_cache.recent.size == kept
    invalidate(EVENT)  # dropped, not raised


def test_an_unreachable_cache_answers_as_an_empty_one(unreachable_cache):
    assert cache.get("k", "default") == "default"
    assert cache.add("k", 1) is False
    assert cache.set("k", 1) is None
    assert cache.get_many(["k"]) == {}
    assert cache.incr("k", 3) == 3


@pytest.mark.live
def test_the_redis_client_is_reused_and_recovers_after_a_restart(tmp_path):
    redis = PrivateRedis(free_port(), tmp_path / "redis.log")
    redis.start()
    try:
        backend = ResilientRedisCache(
            redis.url, {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}
        )
        backend.set("k", 1)
        client = backend._cache.get_client()
        assert backend.get("k") == 1 and backend._cache.get_client() is client
        redis.stop()
        assert backend.get("k", "gone") == "gone"
        redis.start()  # empty again
        backend.set("k", 2)
        assert backend.get("k") == 2
        backend._cache._pid = -1  # as in a forked child: its parent's connection is not used
        assert backend._cache.get_client() is not client and backend.get("k") == 2
    finally:
        redis.stop()


def test_a_batch_writes_everything_at_its_end():
    key = f"batch-test-{EVENT}"
    cache.delete_many([key, key + ":a"])
    with batch(cache) as trip:
        trip.set(key, 5, 60)
        trip.set(key + ":a", 1, 60)
        trip.publish("batch-test", "hello")
        if hasattr(cache, "batch"):  # Redis: nothing is sent before the end of the block
            assert cache.get(key) is None
    assert (cache.get(key), cache.get(key + ":a")) == (5, 1)


def test_a_batch_degrades_while_the_cache_is_unreachable(unreachable_cache, caplog):
    """While Redis is unreachable a batch's writes and messages are dropped with a warning, and
    the code after the block runs on: nothing raised, nothing stored."""
    with caplog.at_level(logging.WARNING, logger="tournaments.cache"):
        with batch(cache) as trip:
            trip.set("k", 1)
            trip.publish("batch-test", "hello")
        invalidate(EVENT)  # a renewal after a change: dropped, not raised
    dropped = [
        record
        for record in caplog.records
        if record.getMessage() == "cache unreachable during batch; going on without it"
    ]
    assert len(dropped) == 2  # the batch above, and the one renewing the event's token
    assert cache.get("k", "absent") == "absent"
