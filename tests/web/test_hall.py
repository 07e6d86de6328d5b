"""The hall (issue 23): the round clock the organizer starts, pauses and extends on the round or
event page, shown as the time left on the projector (a screen of its own between the seating and
the standings), the results desk and the captains' pages; counted on the server, so a page shows
the minutes left without its script."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Change, Round
from tournaments.services.clock import clock_start
from tournaments.services.history import Actor

pytestmark = pytest.mark.django_db


def _round(event) -> Round:
    return event.rounds.get(number=1)


def _started(event, organizer, minutes=45, ago=0) -> Round:
    rnd = _round(event)
    clock_start(
        round_id=rnd.pk,
        minutes=minutes,
        actor=Actor.organizer(organizer),
        now=timezone.now() - timedelta(seconds=ago),
    )
    return rnd


def _clock(html: str) -> str:
    found = re.search(r'<div class="clock[^"]*" id="clock".*?</div>', html, re.S)
    return found.group(0) if found else ""


def test_the_organizer_starts_pauses_and_extends_the_clock_on_the_round_page(
    organizer_client, running_event
):
    rnd = _round(running_event)
    page = reverse("organizer-round", args=[running_event.pk, rnd.pk])
    url = reverse("organizer-clock", args=[running_event.pk, rnd.pk])
    assert 'id="clock-start"' in organizer_client.get(page).content.decode()
    html = organizer_client.post(
        url, {"action": "start", "minutes": "50"}, follow=True
    ).content.decode()
    assert "The clock of round 1 runs: 50 minutes." in html
    assert re.search(r"(49|50) minutes", _clock(html)) and 'id="clock-pause"' in html
    organizer_client.post(url, {"action": "pause"})
    html = organizer_client.post(
        url, {"action": "extend", "minutes": "10"}, follow=True
    ).content.decode()
    assert re.search(r"(59|60) minutes", _clock(html)) and "paused" in _clock(html)
    assert 'id="clock-resume"' in html
    organizer_client.post(url, {"action": "resume"})
    rnd.refresh_from_db()
    assert rnd.clock_paused_at is None and rnd.clock_duration == 3600
    assert list(
        Change.objects.filter(subject_id=rnd.pk, action__startswith="clock_")
        .order_by("id")
        .values_list("action", flat=True)
    ) == ["clock_start", "clock_pause", "clock_extend", "clock_resume"]


def test_the_event_page_offers_the_clock_of_the_round_being_played(organizer_client, running_event):
    html = organizer_client.get(reverse("organizer-event", args=[running_event.pk])).content
    assert b'id="clock-controls"' in html and b'id="clock-start"' in html


@pytest.mark.parametrize(
    "body",
    [
        {"action": "start"},
        {"action": "start", "minutes": "0"},
        {"action": "explode", "minutes": "5"},
        {},
    ],
)
def test_a_clock_button_without_its_minutes_changes_nothing(organizer_client, running_event, body):
    rnd = _round(running_event)
    html = organizer_client.post(
        reverse("organizer-clock", args=[running_event.pk, rnd.pk]), body, follow=True
    ).content.decode()
    assert '<li class="error" role="status">' in html
    rnd.refresh_from_db()
    assert rnd.clock_started_at is None


def test_a_refused_clock_action_is_said(organizer_client, running_event):
    rnd = _round(running_event)
    html = organizer_client.post(
        reverse("organizer-clock", args=[running_event.pk, rnd.pk]),
        {"action": "pause"},
        follow=True,
    ).content.decode()
    assert "The clock of this round is not started." in html


def test_the_projector_alternates_seating_clock_and_standings(client, organizer, running_event):
    url = reverse("event-projector", args=[running_event.pk])
    kinds = [
        re.search(
            r'<div class="screen (\w+)', client.get(f"{url}?screen={n}").content.decode()
        ).group(1)
        for n in range(3)
    ]
    assert kinds == ["seating", "standings", "seating"]  # no clock: none of its screen
    _started(running_event, organizer, minutes=30, ago=125)
    screens = [client.get(f"{url}?screen={n}").content.decode() for n in range(4)]
    assert [re.search(r'<div class="screen (\w+)', html).group(1) for html in screens] == [
        "seating",
        "clock",
        "standings",
        "seating",
    ]
    clock = _clock(screens[1])
    assert "28 minutes" in clock and 'data-clock-state="running"' in clock  # 27:55 left
    assert re.search(r'data-clock-seconds="(16[6-7]\d)"', clock)
    assert "js/clock.js" in screens[1] and not _clock(screens[0])
    assert 'url=?screen=2"' in screens[1]


def test_the_projector_says_when_the_time_is_up_in_german(client, organizer, running_event):
    _started(running_event, organizer, minutes=1, ago=90)
    html = client.get(
        reverse("event-projector", args=[running_event.pk]) + "?screen=1", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Die Zeit ist um" in _clock(html) and 'data-clock-state="over"' in html


def test_the_results_desk_and_its_polled_tables_show_the_time_left(
    organizer_client, organizer, running_event
):
    _started(running_event, organizer, minutes=20)
    for name in ("organizer-desk", "organizer-desk-tables"):
        html = organizer_client.get(
            reverse(name, args=[running_event.pk]), HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
        assert re.search(r"(19|20) Minuten", _clock(html)), name
        assert "Restzeit" in _clock(html)


def test_the_captains_page_shows_the_time_left_while_the_table_plays(
    client, organizer, running_event, table
):
    url = reverse("captain-table", args=[table.code])
    assert not _clock(client.get(url).content.decode())
    rnd = _started(running_event, organizer, minutes=40)
    from tournaments.services.clock import clock_pause

    clock_pause(round_id=rnd.pk, actor=Actor.organizer(organizer))
    clock = _clock(client.get(url).content.decode())
    assert re.search(r"(39|40) minutes", clock) and "paused" in clock
