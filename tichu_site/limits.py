"""Limits on attempts at a secret: wrong table codes, and password logins.

Each limit counts attempts per identity (a client address, a table, an account at an address)
in a fixed window, with an atomic counter in the cache (``tichu_site.cache.count``): an attempt
is counted *before* it is let through, and is let through only if its count is within the
limit, so however many requests arrive at once, at most the limit get through in a window. (A
count read and then written back let 29 of 40 concurrent attempts through a limit of 20.)

The rates are DRF's throttle rates (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``: ``login``,
``login_per_client``, ``table_code_failures`` and ``table_code_failures_per_table``), and the
client's address is DRF's (``NUM_PROXIES`` says how many proxies' ``X-Forwarded-For`` entries
to trust), so the pages and the API count alike.

Logins (``limited_authenticate``) are limited per account *at an address* and per address, never
per account alone: a limit per account let anyone lock an organizer out by sending wrong
passwords for their name, from anywhere, for as long as they kept going; and a low limit per
address locked out every account behind it, while at a venue every phone shares one address.
So:

- ``login`` (``LOGIN_THROTTLE``, 20 a minute): wrong passwords for one account from one address.
  Whoever fails locks out that account from their own address only; from any other address its
  right password logs in.
- ``login_per_client`` (``LOGIN_CLIENT_THROTTLE``, higher: 60 a minute): passwords checked and
  found wrong from one address, whatever the accounts, so that one address cannot try many
  accounts' passwords unchecked. An attempt the first limit refuses is not checked and does not
  count here: hammering one account from a venue does not lock out the venue. Someone who never
  failed logs in from an address until its wrong passwords reach this higher limit in a window.

A right password takes its attempt back from both counts: only failures use up a limit.

Why not django-axes (8.3.1), a well-kept library for this: its ``AXES_LOCKOUT_PARAMETERS``
``[["username", "ip_address"], "ip_address"]`` share one ``AXES_FAILURE_LIMIT`` (it locks out on
the largest of the counts), so the higher per-address limit would need a second mechanism
anyway; it reads a count, lets the password be checked and records the failure afterwards, so 40
concurrent wrong passwords are all checked against a limit of 20 (the guarantee above, tested in
``tests/reliability/test_limits.py``, would be lost); it finds the client's address with
django-ipware and settings of its own (``AXES_IPWARE_PROXY_COUNT``...) beside DRF's
``NUM_PROXIES``; and its documented DRF integration turns a lockout into a 403 through a signal
receiver, not the 429 with ``Retry-After`` and the wait in the reader's language. Two counters
here do what is needed, on the cache the service already has.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from rest_framework.throttling import SimpleRateThrottle

from .cache import count


class AttemptLimit(SimpleRateThrottle):
    """Attempts per identity in a window of the rate ``scope`` (say ``20/minute``)."""

    num_requests: int  # both set from the rate by ``SimpleRateThrottle.__init__``
    duration: int  # seconds

    def __init__(self, scope: str):
        self.scope = scope
        super().__init__()

    def client(self, request) -> str:
        """The client's address, the identity of the client counts."""
        return self.get_ident(request)

    def exceeded(self, identity: str) -> bool:
        """Count one attempt for the identity; True if it is now over the limit (the attempt
        must then be refused)."""
        return count(self.cache, self._key(identity), self.duration) > self.num_requests

    def forgive(self, identity: str) -> None:
        """Take back an attempt that succeeded, or that another limit refused unchecked: only
        failures use up a limit."""
        count(self.cache, self._key(identity), self.duration, -1)

    def wait(self) -> int:
        """Seconds to wait at most before the window is over (``Retry-After``)."""
        return self.duration

    def _key(self, identity: str) -> str:
        return self.cache_format % {"scope": self.scope, "ident": identity}


class TooManyLogins(Exception):
    """A login refused, its password unchecked: ``reason`` says which limit (a sentence in the
    reader's language), ``wait`` the seconds to wait at most before trying again."""

    def __init__(self, wait: int, reason: str):
        super().__init__(wait, reason)
        self.wait = wait
        self.reason = reason


def limited_authenticate(request, *, username: str, password: str):
    """``authenticate`` under the login limits (module docstring): the user, or None for wrong
    credentials; raises ``TooManyLogins`` (without checking the password) while this address,
    or this account at this address, has used up its failed attempts in the window. The HTML
    login forms and the API's token use it alike."""
    per_client = AttemptLimit("login_per_client")
    per_account = AttemptLimit("login")
    client = per_client.client(request)
    account = f"{client}-account-{_digest(username)}"
    if per_client.exceeded(client):
        raise TooManyLogins(per_client.wait(), _("Too many failed logins from this network."))
    if per_account.exceeded(account):
        per_client.forgive(client)  # not checked: no failure of the address
        raise TooManyLogins(
            per_account.wait(), _("Too many failed logins for this account from this network.")
        )
    user = authenticate(request, username=username, password=password)
    if user is not None:
        per_client.forgive(client)
        per_account.forgive(account)
    return user


def _digest(username: str) -> str:
    """The account's part of a cache key: any name, of any length or characters, fits."""
    return hashlib.sha256(username.casefold().encode("utf-8", "replace")).hexdigest()[:32]
