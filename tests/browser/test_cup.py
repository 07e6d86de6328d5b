"""A cup followed in the browser from the draw to the final: the organizer creates and draws it,
captains enter each game on their phones, the public bracket page (phone and projector, German
and English) follows live, without reloading, until the final placings."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tournaments.models import Event, Match

from .conftest import DESKTOP, PHONE, screenshot

PROJECTOR = {"width": 1920, "height": 1080}
LIVE_WAIT = 30_000  # the bracket polls every 10 s


def test_a_cup_from_the_draw_to_the_final_on_the_public_bracket(
    live_server, new_page, django_user_model
):
    django_user_model.objects.create_user(username="orga", password="orga-password-1")
    base = live_server.url
    page = new_page(DESKTOP)
    page.goto(f"{base}/organize/")
    page.fill("#id_username", "orga")
    page.fill("#id_password", "orga-password-1")
    page.click("button[type=submit] >> text=Log in")
    page.click("text=New event")
    page.fill("#id_name", "Winter cup")
    page.select_option("#id_preset", "knockout")
    page.fill("#id_game_to", "200")
    page.fill("#id_best_of", "1")
    page.click("text=Create event")
    event = Event.objects.get(name="Winter cup")
    teams = ["Dragons", "Phoenix", "Mah Jong", "Dogs", "Bombs"]
    page.fill("#id_lines", "\n".join(f"{t}; {t} A; {t} B" for t in teams))
    page.click("form[action$='/players/'] button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("5 registered")

    public = new_page(PHONE)
    public.goto(f"{base}/events/{event.pk}/bracket/")
    expect(public.locator(".alert")).to_contain_text("not drawn yet")
    projector = new_page(PROJECTOR, locale="de-DE")
    projector.goto(f"{base}/events/{event.pk}/bracket/?projector=1")

    page.click("#draw")
    expect(page.locator("h1")).to_have_text("Draw the cup?")
    page.click("#confirm")
    expect(page.locator(".messages")).to_contain_text("The cup is drawn")
    # 5 teams: a bracket of 8, byes for seeds 1-3; Dogs v Bombs (4 v 5) and, in the next round
    # already, Phoenix v Mah Jong (2 v 3) are at their tables at once
    first_round = public.locator(".bracket-round").first
    expect(first_round.locator(".match")).to_have_count(4, timeout=LIVE_WAIT)
    expect(first_round.locator(".match.live")).to_contain_text("Dogs")
    expect(public.locator(".match.live")).to_have_count(2)
    expect(public.locator(".bracket-round").nth(1).locator(".match.live")).to_contain_text(
        "Phoenix"
    )
    expect(projector.locator("h3").first).to_have_text("Viertelfinale", timeout=LIVE_WAIT)
    screenshot(public, "en-bracket-draw-phone")

    captain = new_page(PHONE)

    def play(match: Match, winner_side: int) -> None:
        """The captain of the match's game enters one double victory for the winner."""
        game = match.games.get()
        captain.goto(f"{base}/t/{game.table.code}/")
        expect(captain.locator("h1")).to_contain_text("Game 1")
        captain.locator(f"input[name=double_victory][value='{winner_side}']").check()
        captain.click("button[name=save]")
        expect(captain.locator("#game-over")).to_contain_text("The match is decided")

    def matches(level: int) -> list[Match]:
        return list(
            Match.objects.filter(
                event=event,
                stage="bracket",
                level=level,
                winner__isnull=True,
                entrant_b__isnull=False,
            ).order_by("slot")
        )

    play(matches(1)[0], 1)  # Bombs beat Dogs
    expect(public.locator(".match.decided")).to_have_count(4, timeout=LIVE_WAIT)
    expect(public.locator(".bracket-round").nth(1)).to_contain_text("Bombs")
    for match in matches(2):  # the semi-finals: the first team wins
        play(match, 0)
    screenshot(captain, "en-captain-cup-game")
    expect(public.locator(".bracket-round").nth(2).locator(".match.live")).to_have_count(
        1, timeout=LIVE_WAIT
    )
    screenshot(projector, "de-bracket-projector-1080p")
    play(matches(3)[0], 0)
    expect(public.locator("#placings")).to_contain_text("1. Dragons", timeout=LIVE_WAIT)
    expect(projector.locator("#placings")).to_contain_text("Endplatzierungen", timeout=LIVE_WAIT)
    screenshot(public, "en-bracket-final-phone")
    screenshot(projector, "de-bracket-final-projector-1080p")
    english = new_page(PROJECTOR)
    english.goto(f"{base}/events/{event.pk}/bracket/?projector=1")
    expect(english.locator("#placings")).to_contain_text("Final placings")
    screenshot(english, "en-bracket-final-projector-1080p")
    german = new_page(PHONE, locale="de-DE")
    german.goto(f"{base}/events/{event.pk}/bracket/")
    expect(german.locator("h3").first).to_have_text("Viertelfinale")
    screenshot(german, "de-bracket-final-phone")
    final = Match.objects.get(event=event, stage="bracket", level=3)
    german.goto(f"{base}/events/{event.pk}/matches/{final.pk}/")
    expect(german.locator("#game-1")).to_contain_text("Partie 1")
    screenshot(german, "de-cup-match-phone")
    event.refresh_from_db()
    assert event.status == "finished"
    assert re.search(r"Dragons", public.locator("#placings").inner_text())
