"""The event's life on the pages: after the last round the organizer is offered "Finish", not
"Pair next round"; a finished event shows final standings (and their PDF) and refuses changes
until reopened."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Change, Event
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish

from .conftest import GOOD_HAND, played

pytestmark = pytest.mark.django_db


def test_after_the_last_round_finish_is_offered(organizer_client, organizer):
    event = played(organizer, 8, rounds=2)
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'id="finish"' in html and 'id="pair"' not in html
    response = organizer_client.post(reverse("organizer-finish", args=[event.pk]), follow=True)
    assert "its standings are final" in response.content.decode()
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'id="reopen"' in html and 'id="finish"' not in html and 'id="pair"' not in html


def test_before_the_last_round_pairing_is_offered(organizer_client, organizer):
    event = played(organizer, 8, rounds=1)
    Event.objects.filter(pk=event.pk).update(format_data={**event.format_data, "rounds": 3})
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'id="pair"' in html and 'id="finish-early"' in html and 'id="finish"' not in html


@pytest.mark.django_db(transaction=True)
def test_public_page_marks_final_standings(client, organizer):
    event = played(organizer, 8, rounds=1)
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Final standings" not in html
    event_finish(event_id=event.pk, actor=Actor.organizer(organizer))
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Final standings" in html and reverse("event-standings-pdf", args=[event.pk]) in html
    german = client.get(reverse("event", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Endstand" in german.content.decode()


def test_final_standings_pdf(client, organizer):
    event = played(organizer, 8, rounds=1)
    event_finish(event_id=event.pk, actor=Actor.organizer(organizer))
    response = client.get(reverse("event-standings-pdf", args=[event.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF") and "final" in response["Content-Disposition"]


def test_finished_event_refuses_the_captain_and_the_organizer(client, organizer_client, organizer):
    event = played(organizer, 8, rounds=1)
    event_finish(event_id=event.pk, actor=Actor.organizer(organizer))
    table = event.rounds.get(number=1).tables.order_by("number").first()
    page = client.get(reverse("captain-table", args=[table.code])).content.decode()
    assert 'id="event-finished"' in page and 'id="hand-form"' not in page
    url = reverse("organizer-hand", args=[event.pk, table.pk, 1])
    response = organizer_client.post(url, {**GOOD_HAND, "reason": "typo"})
    assert response.status_code == 409
    assert "reopen" in response.content.decode()
    response = organizer_client.post(
        reverse("organizer-reopen", args=[event.pk]), {"reason": "late sheet"}, follow=True
    )
    assert "running again" in response.content.decode()
    assert Change.objects.get(event=event, action="reopen").reason == "late sheet"
    assert organizer_client.post(url, {**GOOD_HAND, "reason": "typo"}).status_code == 302


def test_withdrawn_players_are_marked_and_not_counted_as_playing(
    client, organizer_client, organizer
):
    from tournaments.services.events import entrant_withdraw
    from tournaments.standings.compute import refresh

    event = played(organizer, 8, rounds=1)
    gone = event.entrants.order_by("pk").first()
    entrant_withdraw(entrant_id=gone.pk, actor=Actor.organizer(organizer))
    refresh(event.pk)
    page = client.get(reverse("event", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de").content
    row = page.decode().split(f'data-entrant="{gone.pk}"')[1].split("</tr>")[0]
    assert 'class="badge withdrawn">abgemeldet<' in row
    assert page.decode().count("badge withdrawn") == 1
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'Players (7 <span class="muted">of 8 registered</span>)' in html


def test_a_finished_event_offers_no_registration_or_withdrawal(organizer_client, organizer):
    event = played(organizer, 8, rounds=1)
    event_finish(event_id=event.pk, actor=Actor.organizer(organizer))
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert reverse("organizer-players", args=[event.pk]) not in html
    assert "/withdraw/" not in html and 'id="check-in"' not in html
