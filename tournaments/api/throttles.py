"""Throttles: failed table-code attempts per client IP, and logins per client IP.

A table code is 12 characters of a 32-letter alphabet (60 bits), so guessing one is hopeless;
the throttle keeps guessers from hammering the service all the same. Only *failed* attempts
count, and a right code is never throttled, so forty captains behind one venue router are never
locked out by a neighbour's typo.
"""

from __future__ import annotations

from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle


class LoginThrottle(AnonRateThrottle):
    """Token requests per client IP (rate ``login``)."""

    scope = "login"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class TableCodeFailureThrottle(SimpleRateThrottle):
    """Failed code attempts per client IP (rate ``table_code_failures``).

    Not a throttle of every request: the view asks ``blocked`` only when a code was wrong, and
    ``record_failure`` counts it.
    """

    scope = "table_code_failures"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def _load(self, request) -> str:
        self.key = self.get_cache_key(request, None)
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()
        return self.key

    def blocked(self, request) -> bool:
        """True once the client has used up its failed attempts in the current window."""
        self._load(request)
        return len(self.history) >= self.num_requests

    def record_failure(self, request) -> None:
        self._load(request)
        self.history.insert(0, self.now)
        self.cache.set(self.key, self.history, self.duration)
