"""The duplicate printouts as the organizer opens them from the event's page: each PDF in the
reader's language, the boards and the movement of the event's own field; nobody else may print
the boards' cards, and an event without a movement offers none."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.pdf import pdf_text

from .test_event import duplicate_event, org  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db(transaction=True)

KINDS = ("board-slips", "dealing-list", "movement-cards", "movement")


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_organizer_prints_the_boards_and_the_movement_of_the_field(organizer, org):  # noqa: F811
    event = duplicate_event(org, pairs=7)
    page = browser(organizer).get(f"/organize/events/{event['id']}/", HTTP_ACCEPT_LANGUAGE="de")
    for kind in KINDS:
        assert f'id="print-{kind}"' in page.content.decode()
    texts = {}
    for kind in KINDS:
        response = browser(organizer).get(
            f"/organize/events/{event['id']}/duplicate/{kind}.pdf", HTTP_ACCEPT_LANGUAGE="de"
        )
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert response["Content-Disposition"].endswith('.pdf"')
        texts[kind] = pdf_text(response.content)
    # 7 pairs, 2 rounds of 2 boards: boards 1-4, dealt by North, East, South, West
    slips = texts["board-slips"]
    assert slips.count("Geber:") == 4 and "Geber: Ost" in slips and "Geber: West" in slips
    assert "Nord (gibt)" in texts["dealing-list"]
    assert "Paar 7" in texts["movement-cards"] and "setzt aus" in texts["movement-cards"]
    assert "Runde" in texts["movement"]


def test_nobody_else_prints_the_boards_and_a_field_without_movement_offers_none(
    organizer,
    other_organizer,
    org,  # noqa: F811
):
    event = duplicate_event(org, pairs=7)
    url = f"/organize/events/{event['id']}/duplicate/board-slips.pdf"
    assert Client().get(url).status_code == 302  # to the login
    assert browser(other_organizer).get(url).status_code == 403
    assert browser(organizer).get(url.replace("board-slips", "hands")).status_code == 404
    small = duplicate_event(org, pairs=2)
    page = browser(organizer).get(f"/organize/events/{small['id']}/")
    assert "print-board-slips" not in page.content.decode()
    assert (
        browser(organizer).get(url.replace(str(event["id"]), str(small["id"]))).status_code == 404
    )


def test_a_board_played_by_the_bots_is_replayed_from_its_traveller(organizer):
    """The simulated event's boards were played card by card: each table's line of the
    traveller links the replay of its play, whose first frame holds the board's deal."""
    from scoring.boards import board
    from tournaments.simulation import simulate_event

    event = simulate_event(
        preset="duplicate", entrants=4, seed=2, owner=organizer, overrides={"rounds": 1}
    ).event
    page = Client().get(f"/events/{event.pk}/boards/2/", HTTP_ACCEPT_LANGUAGE="de").content
    links = re.findall(r'class="replay-link" href="([^"]+)"', page.decode())
    assert len(links) == 2 and all("/rounds/1/" in link and "/hands/2/" in link for link in links)
    replay = Client().get(links[0], HTTP_ACCEPT_LANGUAGE="de")
    assert replay.status_code == 200 and "Wiedergabe" in replay.content.decode()
    record = Client().get(links[0].replace("replay/", "record.json")).json()
    dealt = board(event.seed, 2).hands
    assert [sorted(hand) for hand in record["deal"]] == [sorted(map(str, h)) for h in dealt]
