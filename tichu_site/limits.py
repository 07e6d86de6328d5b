"""Limits on attempts at a secret: wrong table codes, and password logins.

Each limit counts attempts per identity (a client address, a table, an account) in a fixed
window, with an atomic counter in the cache (``tichu_site.cache.count``): an attempt is counted
*before* it is let through, and is let through only if its count is within the limit, so however
many requests arrive at once, at most the limit get through in a window. (A count read and then
written back let 29 of 40 concurrent attempts through a limit of 20.)

The rates are DRF's throttle rates (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``: ``login`` and
``table_code_failures``), and the client's address is DRF's (``NUM_PROXIES`` says how many
proxies' ``X-Forwarded-For`` entries to trust), so the pages and the API count alike.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth import authenticate
from rest_framework.throttling import SimpleRateThrottle

from .cache import count


class AttemptLimit(SimpleRateThrottle):
    """Attempts per identity in a window of the rate ``scope`` (say ``20/minute``)."""

    def __init__(self, scope: str):
        self.scope = scope
        super().__init__()

    def client(self, request) -> str:
        """The client's address, the identity of the client counts."""
        return self.get_ident(request)

    def exceeded(self, *identities: str) -> bool:
        """Count one attempt for each identity; True if any is now over the limit (the attempt
        must then be refused)."""
        counts = [count(self.cache, self._key(identity), self.duration)
                  for identity in identities]
        return any(n > self.num_requests for n in counts)

    def forgive(self, *identities: str) -> None:
        """Take back an attempt that succeeded: only failures use up a limit."""
        for identity in identities:
            count(self.cache, self._key(identity), self.duration, -1)

    def wait(self) -> int:
        """Seconds to wait at most before the window is over (``Retry-After``)."""
        return self.duration

    def _key(self, identity: str) -> str:
        return self.cache_format % {"scope": self.scope, "ident": identity}


class TooManyLogins(Exception):
    """Too many failed logins from this client or for this account; ``wait`` is in seconds."""

    def __init__(self, wait: int):
        super().__init__(wait)
        self.wait = wait


def limited_authenticate(request, *, username: str, password: str):
    """``authenticate`` under the login limit, per client address and per account: the user,
    or None for wrong credentials; raises ``TooManyLogins`` (without checking the password)
    once either has used up its failed attempts in the window. A successful login takes its
    attempt back. The HTML login forms and the API's token use it alike."""
    limit = AttemptLimit("login")
    account = hashlib.sha256(username.casefold().encode("utf-8", "replace")).hexdigest()[:32]
    identities = (limit.client(request), f"account-{account}")
    if limit.exceeded(*identities):
        raise TooManyLogins(limit.wait())
    user = authenticate(request, username=username, password=password)
    if user is not None:
        limit.forgive(*identities)
    return user
