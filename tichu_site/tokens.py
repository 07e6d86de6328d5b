"""Version tokens that every process knows without asking: renewed in the cache, pushed to the
processes over Redis pub/sub.

A cached answer is stored under its key's current token (``tournaments.standings.cache``),
so a read needs the token first: one round trip to Redis, as long as all the rest of a cached read.
Tokens change far less often than they are read (once per hand entered, against every phone at the
venue polling the standings), so each process keeps the tokens it has seen, and a listener thread
subscribes to a channel on which every renewal is published. A read asks Redis only for a token
its process has not seen yet.

Three rules keep a process from ever using a token older than the cache's:

- tokens only grow (they are times in nanoseconds), and a process keeps the larger of what it
  knows and what it hears, so an answer that arrives late never replaces a newer push;
- a token read from Redis is kept only if the subscription was confirmed before the read began and
  has not dropped since (the ``ticket``): every renewal after the read then arrives as a message;
- when the subscription drops (Redis restarts, the connection breaks), the process forgets every
  token and asks Redis on every read until it is subscribed again.

Without Redis (the embedded default's in-process cache) there is nothing to subscribe to and the
cache itself is in the process: every read asks it. Renewals become visible to other processes
within the time a published message takes (well under a millisecond on one host).
"""

from __future__ import annotations

import logging
import os
import threading
import time

from django.conf import settings
from django.core.cache import cache

from .cache import batch

log = logging.getLogger("tournaments.cache")
PING_SECONDS = 10  # a quiet subscription is pinged this often...
SILENT_SECONDS = 30  # ...and given up as broken after this long without a word
RETRY_SECONDS = 1


class SharedTokens:
    """Per-key version tokens (``int`` keys such as event ids), shared by all processes."""

    def __init__(self, name: str, seconds: int):
        self.name = name
        self.seconds = seconds  # how long a token nobody renews stays in the cache
        self._tokens: dict[int, int] = {}
        self._lock = threading.Lock()
        self._epoch = 0  # counts the subscription's starts and drops: a read's ticket
        self._live = False
        self._pid: int | None = None

    def _key(self, key: int) -> str:
        return f"{self.name}:{key}"

    def renew(self, key: int) -> None:
        """A new token for ``key``: answers stored under older ones are never read again. It is
        stored and announced in one round trip (``tichu_site.cache.batch``)."""
        token = time.time_ns()
        with batch(cache) as writes:
            writes.set(self._key(key), token, None)
            writes.publish(self.channel(), f"{key}:{token}")
        self._hear(key, token)

    def current(self, key: int) -> int | None:
        """The token of ``key``; a fresh one if the cache has none (a new key; Redis restarted
        empty), never an older one; None while the cache is unreachable."""
        self._listen()
        with self._lock:
            if self._live and key in self._tokens:
                return self._tokens[key]
            ticket = self._epoch if self._live else None
        token = cache.get(self._key(key))
        if token is None:
            token = time.time_ns()
            if not cache.add(self._key(key), token, self.seconds):
                token = cache.get(self._key(key))  # another reader's, or None: unreachable
        if token is not None and ticket is not None:
            with self._lock:
                if self._epoch == ticket:
                    self._keep(key, token)
        return token

    def channel(self) -> str:
        return f"tokens:{self.name}"

    def _hear(self, key: int, token: int) -> None:
        with self._lock:
            if self._live:
                self._keep(key, token)

    def _keep(self, key: int, token: int) -> None:
        if token > self._tokens.get(key, 0):
            self._tokens[key] = token

    def _subscribed(self, live: bool) -> None:
        with self._lock:
            self._live = live
            self._epoch += 1
            self._tokens.clear()

    def _listen(self) -> None:
        """Start this process's listener once (after a fork, again: threads do not survive it).

        It follows the cache the process has when it starts, as long as the settings name that
        cache: where they change (tests swap them), it stops at its next failure, and the next
        read starts a listener on the new cache if that one can subscribe."""
        subscribe = getattr(cache, "subscribe", None)
        if self._pid == os.getpid() or subscribe is None:
            return
        with self._lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self._live, self._tokens = False, {}
        threading.Thread(
            target=self._run,
            args=(subscribe, settings.CACHES),
            name=f"tokens:{self.name}",
            daemon=True,
        ).start()

    def _run(self, subscribe, caches: dict) -> None:
        while caches == settings.CACHES:
            try:
                self._follow(subscribe)
            except Exception:  # noqa: BLE001 - any failure: forget, wait, subscribe again
                log.warning(
                    "token subscription %s lost; asking the cache on every read until it is back",
                    self.channel(),
                    exc_info=True,
                )
            self._subscribed(False)
            time.sleep(RETRY_SECONDS)
        with self._lock:
            self._pid = None

    def _follow(self, subscribe) -> None:
        """Subscribe, then apply every published renewal; return or raise when the line breaks."""
        pubsub = subscribe(self.channel())
        heard = pinged = time.monotonic()
        try:
            while True:
                message = pubsub.get_message(timeout=1.0)
                now = time.monotonic()
                if message is None:
                    if now - heard > SILENT_SECONDS:
                        raise ConnectionError(f"no answer from Redis for {SILENT_SECONDS} s")
                    if now - max(heard, pinged) > PING_SECONDS:
                        pubsub.ping()
                        pinged = now
                    continue
                heard = now
                if message["type"] == "subscribe":
                    self._subscribed(True)
                elif message["type"] == "message":
                    key, token = message["data"].split(b":")
                    self._hear(int(key), int(token))
        finally:
            pubsub.close()
