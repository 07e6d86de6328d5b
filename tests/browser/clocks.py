"""Reading a round clock in a page against the server's count.

A page's clock ticks each second from what it last learnt; a loaded machine may hold a tick
back a moment, and a page may take seconds to load. So a test compares what the page shows with
the time left that the server counts at that moment, not with a window fixed in advance.
"""

from __future__ import annotations

from playwright.sync_api import Locator

from tournaments.clock import clock_of
from tournaments.models import Round

TICK_SLACK = 2  # seconds a shown clock may be off: a tick under way, a tick held back
LOOKS = 20  # how often to look again (every 250 ms) before saying the clock is wrong


def shown_seconds(time: Locator) -> int:
    """The seconds a clock's "m:ss" shows."""
    minutes, seconds = time.inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def expect_time_left(time: Locator, round_id: int) -> None:
    """The clock ``time`` shows the time the server counts left for the round, within a tick
    or two (looked at a few times: the page's next tick may be held back)."""
    for _ in range(LOOKS):
        left = clock_of(Round.objects.get(pk=round_id)).seconds_left
        if abs(shown_seconds(time) - left) <= TICK_SLACK:
            return
        time.page.wait_for_timeout(250)
    shown = time.inner_text()
    raise AssertionError(f"the page shows {shown}, the server counts {left} s left")
