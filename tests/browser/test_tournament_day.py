"""A tournament day in the browser: the organizer sets up a DTM event and publishes round 1, a
captain enters all four hands of a table on a phone (one impossible entry refused with the engine's
message), and the public standings show the ranking the service stored."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tournaments import selectors
from tournaments.models import Event, Hand
from tournaments.standings.compute import compute

from .conftest import DESKTOP, PHONE, screenshot

PLAYERS = [
    "Anna Bauer",
    "Ben Fischer",
    "Clara Hoffmann",
    "David Koch",
    "Emma Lange",
    "Felix Meyer",
    "Greta Neumann",
    "Hannes Richter",
]


@pytest.mark.django_db(transaction=True)
def test_tournament_day(live_server, new_page, django_user_model):
    django_user_model.objects.create_user(username="orga", password="orga-password-1")
    base = live_server.url

    # --- the organizer: log in, create a DTM event, register players, pair and publish ---------
    page = new_page(DESKTOP)
    page.goto(f"{base}/organize/")
    expect(page).to_have_url(re.compile(r"/login/"))
    page.fill("#id_username", "orga")
    page.fill("#id_password", "orga-password-1")
    page.click("button[type=submit] >> text=Log in")
    expect(page).to_have_url(f"{base}/organize/")
    page.click("text=New event")
    page.fill("#id_name", "Club championship")
    page.select_option("#id_preset", "dtm")
    page.click("text=Create event")
    expect(page.locator("h1")).to_contain_text("Club championship")
    event = Event.objects.get(name="Club championship")
    assert event.preset == "dtm"
    page.fill("#id_lines", "\n".join(PLAYERS))
    page.click("form[action$='/players/'] button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("8 registered")
    page.click("#pair")
    expect(page.locator("h1")).to_contain_text("Round 1")
    expect(page.locator(".tables-status tbody tr")).to_have_count(2)
    expect(page.locator("text=Swap two seats")).to_be_visible()
    screenshot(page, "organizer-round")
    page.click("#publish")
    expect(page.locator(".messages")).to_contain_text("is published")
    expect(page.locator("#publish")).to_have_count(0)
    table = event.rounds.get(number=1).tables.get(number=1)
    seats = {s.position: s.entrant.name for s in table.seats.select_related("entrant")}
    captain_link = page.locator(f"a[href='/t/{table.code}/']")
    expect(captain_link).to_have_count(1)

    # --- the captain, on a phone: four hands, one of them impossible at first ---------------
    phone = new_page(PHONE)
    phone.goto(f"{base}/t/{table.code}/")
    for name in seats.values():
        expect(phone.locator(".seats")).to_contain_text(name)
    form = phone.locator("#hand-form")

    def choose(field: str, value: str):
        form.locator(f"input[name={field}][value='{value}']").check()

    # hand 1: seat 0 calls Tichu and goes out first; team A 70 card points (B filled in: 30)
    choose("call_0", "tichu")
    choose("first_out", "0")
    phone.fill("#id_cp_0", "70")
    expect(phone.locator("#id_cp_1")).to_have_value("30")
    expect(phone.locator("#preview")).to_contain_text("170 TP")
    expect(phone.locator("#preview")).to_contain_text("2 VP")
    screenshot(phone, "captain")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Hand 1 is recorded")

    # hand 2: 37 card points is impossible: the engine's message, inline; nothing is stored
    expect(phone.locator("#id_number")).to_have_value("2")
    choose("first_out", "1")
    phone.fill("#id_cp_0", "37")
    expect(phone.locator("#preview")).to_contain_text("multiples of 5")
    phone.click("button[name=save]")
    expect(phone.locator("#engine-error")).to_contain_text(
        "Card points always come in multiples of 5."
    )
    expect(phone.locator(".inline-engine-error")).to_contain_text("multiples of 5")
    expect(phone.locator("#id_cp_0")).to_have_attribute("aria-invalid", "true")
    assert not Hand.objects.filter(table=table, number=2).exists()
    screenshot(phone, "captain-impossible-hand")
    phone.fill("#id_cp_0", "35")
    expect(phone.locator("#id_cp_1")).to_have_value("65")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Hand 2 is recorded")

    # hand 3: a double victory of team B (no card points)
    choose("double_victory", "1")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Hand 3 is recorded")

    # hand 4: seat 3 calls Tichu but seat 2 goes out first (B: 55 - 100); team A 45
    choose("call_3", "tichu")
    choose("first_out", "2")
    phone.fill("#id_cp_1", "55")
    expect(phone.locator("#id_cp_0")).to_have_value("45")
    phone.click("button[name=save]")
    expect(phone.locator(".messages")).to_contain_text("Hand 4 is recorded")
    expect(phone.locator("#hands li.entered")).to_have_count(4)
    expect(phone.locator("#hand-form")).to_have_count(0)
    phone.locator("#hands a[href$='/hands/1/confirm/']").click()
    phone.fill("#id_code", table.opponents_code)
    phone.locator("#confirm-form button[type=submit]").click()
    expect(phone.locator(".messages")).to_contain_text("confirmed by the opponents")
    screenshot(phone, "captain-done")

    stored = {h.number: (h.tp_0, h.tp_1) for h in Hand.objects.filter(table=table)}
    assert stored == {1: (170, 30), 2: (35, 65), 3: (0, 100), 4: (45, -45)}

    # --- the public: the standings page shows the stored ranking ----------------------------
    event.refresh_from_db()
    assert event.standings_up_to_date
    rows = list(selectors.standing_rows(event))
    lines, _ = compute(event)
    assert [r.entrant_id for r in rows] == [line.entrant_id for line in lines]
    public = new_page(PHONE)
    public.goto(f"{base}/events/{event.pk}/")
    names = public.locator(
        "#standings tbody tr td:nth-child(2) a:not(.person-link)"
    ).all_inner_texts()
    assert names == [r.entrant.name for r in rows]
    vps = public.locator("#standings tbody tr td:nth-child(3)").all_inner_texts()
    assert [int(v) for v in vps] == [r.victory_points for r in rows]
    # table 1: team A 2 + 0 + 0 + 2 = 4 VP, team B 0 + 2 + 3 + 0 = 5 VP: team B on top
    assert set(names[:2]) == {seats[1], seats[3]}
    assert table.code not in public.content()
    screenshot(public, "public-standings")


@pytest.mark.django_db(transaction=True)
def test_public_standings_update_live(live_server, new_page, organizer):
    """The event page polls its standings (htmx): a hand entered elsewhere appears by itself."""
    from tournaments.services.events import event_create, players_register
    from tournaments.services.hands import hand_record
    from tournaments.services.history import Actor
    from tournaments.services.rounds import round_pair, round_publish

    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Live", preset="dtm", seed=3)
    players_register(event=event, names=PLAYERS, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    page = new_page(DESKTOP, locale="de-DE")
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.locator("h2").first).to_have_text("Tabelle")
    first_vp = page.locator("#standings tbody tr td:nth-child(3)").first
    expect(first_vp).to_have_text("0")
    table = rnd.tables.order_by("number").first()
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [75, 25]}, actor=Actor.captain(table)
    )
    expect(first_vp).to_have_text("2", timeout=12_000)
