"""The round clock in the browser (issue 23): the organizer starts it on the round page, the page
and the projector count the time left down each second (``static/js/clock.js``), a pause stops
it, and the results desk keeps counting after each of its polls."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .clocks import expect_time_left
from .conftest import DESKTOP

RUNNING = re.compile(r"^[12]:\d\d$")


@pytest.mark.django_db(transaction=True)
def test_the_clock_counts_down_in_the_page(live_server, new_page, django_user_model):
    user = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    actor = Actor.organizer(user)
    event = event_create(owner=user, name="Clocked", preset="dtm", seed=4)
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    base = live_server.url

    page = new_page(DESKTOP)
    page.goto(f"{base}/login/")
    page.fill("#id_username", "orga")
    page.fill("#id_password", "orga-password-1")
    page.click("button[type=submit] >> text=Log in")
    page.goto(f"{base}/organize/events/{event.pk}/rounds/{rnd.pk}/")
    page.fill("#id_clock_minutes", "2")
    page.click("#clock-start")
    time = page.locator("#clock .clock-time")
    expect(time).to_have_text(RUNNING)
    expect_time_left(time, rnd.pk)
    first = time.inner_text()
    expect(time).not_to_have_text(first, timeout=3000)  # it counts down by itself
    expect(time).to_have_text(RUNNING)

    projector = new_page(DESKTOP)
    projector.goto(f"{base}/events/{event.pk}/projector/?screen=1")
    expect(projector.locator(".screen-clock .clock-time")).to_have_text(RUNNING)
    expect_time_left(projector.locator(".screen-clock .clock-time"), rnd.pk)
    shown = projector.locator(".screen-clock .clock-time").inner_text()
    expect(projector.locator(".screen-clock .clock-time")).not_to_have_text(shown, timeout=3000)

    page.click("#clock-pause")
    expect(page.locator("#clock .clock-paused")).to_be_visible()
    paused = time.inner_text()
    page.wait_for_timeout(1500)
    expect(time).to_have_text(paused)

    desk = new_page(DESKTOP)
    desk.context.add_cookies(page.context.cookies())
    page.click("#clock-resume")
    desk.goto(f"{base}/organize/events/{event.pk}/desk/")
    expect(desk.locator("#clock .clock-time")).to_have_text(RUNNING)
    desk.wait_for_timeout(6000)  # after a poll of the desk's tables
    expect_time_left(desk.locator("#clock .clock-time"), rnd.pk)
