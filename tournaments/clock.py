"""A round's clock read at a moment: what is left of the round's time, running or paused.

The round stores when its clock last started and how many seconds were left then
(``models.Round``); the time left is counted here, on the server, from the moment asked about,
so that every page (the projector, the results desk, a captain's page) shows the same time. A
page's small script counts down from it (``static/js/clock.js``); without it the page shows the
minutes left when it was rendered.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

RUNNING, PAUSED, OVER = "running", "paused", "over"


@dataclass(frozen=True)
class Clock:
    """``state``: running, paused or over (the time is up while running); ``seconds_left`` at
    the moment read; ``duration``: the round's time in seconds, extensions included."""

    state: str
    seconds_left: int
    duration: int

    @property
    def running(self) -> bool:
        return self.state == RUNNING

    @property
    def minutes_left(self) -> int:
        """Whole minutes, rounded up: "1 minute" until the time is up."""
        return -(-self.seconds_left // 60)

    @property
    def digits(self) -> str:
        """The time left as a clock shows it: "42:05", "1:02:05" beyond an hour."""
        hours, rest = divmod(self.seconds_left, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def seconds_left(rnd, now: datetime) -> int:
    """The seconds left of a started clock at ``now`` (never below 0)."""
    until = rnd.clock_paused_at or now
    spent = int((until - rnd.clock_started_at).total_seconds())
    return max(0, rnd.clock_remaining - max(0, spent))


def clock_of(rnd, now: datetime | None = None) -> Clock | None:
    """The clock of round ``rnd`` at ``now`` (the present when not given); None for no round or
    a clock never started."""
    if rnd is None or rnd.clock_started_at is None:
        return None
    if now is None:
        from django.utils import timezone

        now = timezone.now()
    left = seconds_left(rnd, now)
    state = PAUSED if rnd.clock_paused_at is not None else RUNNING if left > 0 else OVER
    return Clock(state=state, seconds_left=left, duration=rnd.clock_duration)
