"""A person's page on a phone, in German and English: Chart.js, served from the project's own
static files, draws the rating history, and nothing is wider than the screen."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import settled
from tournaments.models import Player, Rating, RatingPoint
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish
from tournaments.simulation import simulate_event

from .conftest import PHONE, screenshot

FULL_HD = {"width": 1920, "height": 1080}

DRAWN = """() => {
  const canvas = document.getElementById("rating-chart");
  const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
  return { chart: Chart.getChart(canvas) !== undefined, painted };
}"""


@pytest.fixture
def rated_person(organizer):
    """Someone who played three finished events, rated after each."""
    actor = Actor.organizer(organizer)
    events = []
    for preset, entrants in (("dtm", 4), ("tientsin", 6), ("dtm", 4)):
        simulated = simulate_event(
            preset=preset, entrants=entrants, seed=8, owner=organizer, rounds=1
        )
        events.append(event_finish(event_id=simulated.event.pk, actor=actor))
    person = (
        Player.objects.filter(entries__event=events[0])
        .filter(entries__event=events[1])
        .order_by("pk")[0]
    )
    settled(*events)  # a late rating run would replace (or race) the known figures below
    # the worker rated everyone from the hands; this person's figures are set to known ones
    Rating.objects.filter(person=person).delete()
    RatingPoint.objects.filter(person=person).delete()
    for number, event in enumerate(events, start=1):
        RatingPoint.objects.create(
            person=person, event=event, mu=1.0 + number, sigma=3.0 / number, hands=8 * number
        )
    Rating.objects.create(register=person.register, person=person, mu=4.0, sigma=1.0, hands=24)
    return person


@pytest.mark.parametrize("locale,heading", [("en-US", "Rating history"), ("de-DE", "Verlauf")])
def test_the_rating_chart_draws_on_a_phone_without_overflow(
    live_server, new_page, rated_person, locale, heading
):
    page = new_page(PHONE, locale=locale)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(live_server.url + reverse("person", args=[rated_person.public_id]))
    expect(page.locator("h1")).to_contain_text(rated_person.name)
    expect(page.locator("h2", has_text=heading)).to_be_visible()
    page.wait_for_function("() => window.Chart && Chart.getChart('rating-chart')")
    drawn = page.evaluate(DRAWN)
    assert drawn["chart"] and drawn["painted"] > 500
    chart_files = [url for url in requests if "chart" in url and url.endswith(".js")]
    assert chart_files and all(url.startswith(live_server.url + "/static/") for url in chart_files)
    assert all(url.startswith(live_server.url) for url in requests)  # no CDN, nothing outside
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    expect(page.locator("table.rating-history tbody tr")).to_have_count(3)
    screenshot(page, f"person-{locale[:2]}-phone")


def test_the_page_at_1080p_and_without_javascript(live_server, browser, new_page, rated_person):
    path = reverse("person", args=[rated_person.public_id])
    page = new_page(FULL_HD)
    page.goto(live_server.url + path)
    page.wait_for_function("() => window.Chart && Chart.getChart('rating-chart')")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= FULL_HD["width"]
    box = page.locator(".chart-box").bounding_box()
    assert box and box["width"] > 600
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        plain = context.new_page()
        plain.goto(live_server.url + path)
        expect(plain.locator("table.rating-history tbody tr")).to_have_count(3)
        expect(plain.locator("table.person-events tbody tr")).to_have_count(3)
    finally:
        context.close()
