"""A cup's results desk and public page in the browser, in English and German (issue 22): the
desk follows the semi-finals (not "Round 3 — 0 of 0 tables"), and the finished cup's public page
shows its placings, never VP."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.knockout.helpers import bracket, cup, names, play

from .conftest import DESKTOP, PHONE


def _best_seed(match) -> str:
    return min(names(match), key=lambda n: int(n[1:]))


def test_the_cup_desk_and_public_page_follow_the_stages(live_server, new_page, django_user_model):
    organizer = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    event = cup(organizer, 8, best_of=3, best_of_from="semi_final")
    for match in bracket(event, 1):
        play(match, _best_seed(match))
    base = live_server.url
    for locale, stage, done in (
        ("en-US", "Semi-finals", "0 of 2 tables done."),
        ("de-DE", "Halbfinale", "0 von 2 Tischen fertig."),
    ):
        page = new_page(DESKTOP, locale=locale)
        page.goto(f"{base}/organize/")
        page.fill("#id_username", "orga")
        page.fill("#id_password", "orga-password-1")
        page.click("button[type=submit]")
        page.goto(f"{base}/organize/events/{event.pk}/desk/")
        expect(page.locator("h1")).to_contain_text(stage)
        expect(page.locator("#desk [role=status]")).to_contain_text(done)
        expect(page.locator(".desk-table")).to_have_count(2)
        expect(page.locator(".desk-table .match-label").first).to_contain_text(stage)
        page.goto(f"{base}/organize/events/{event.pk}/")
        expect(page.locator("#cup-playing tbody tr")).to_have_count(2)
        expect(page.locator("#check-in")).to_have_count(0)
    for level in (2, 3):
        for match in bracket(event, level):
            play(match, _best_seed(match))
    for locale, title in (("en-US", "Final placings"), ("de-DE", "Endplatzierungen")):
        public = new_page(PHONE, locale=locale)
        public.goto(f"{base}/events/{event.pk}/")
        expect(public.locator("#placings-title")).to_contain_text(title)
        expect(public.locator("#cup-placings li")).to_have_count(8)
        expect(public.locator("#cup-placings li").first).to_have_text("1. T1")
        expect(public.locator("table.standings")).to_have_count(0)
