"""Helpers (issue 23): the organizer invites people by their account to help at an event; a
helper runs check-in, the results desk, the round clock and corrections (entering and correcting
hands, closing a table), never the settings, the players, the pairings, publishing, finishing,
the history or the helpers; what a helper does is recorded as theirs."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Change, EventHelper, Hand, Table
from tournaments.services.access import helper_add, helper_remove
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair

from .conftest import GOOD_HAND

pytestmark = pytest.mark.django_db


@pytest.fixture
def hanna(django_user_model):
    return django_user_model.objects.create_user(username="hanna", password="hanna-password-1")


@pytest.fixture
def helping(running_event, organizer, hanna):
    helper_add(event_id=running_event.pk, username="hanna", actor=Actor.organizer(organizer))
    client = Client()
    client.force_login(hanna)
    return client


def _first_table(event) -> Table:
    return event.rounds.get(number=1).tables.order_by("number").first()


def test_the_organizer_invites_and_removes_a_helper_by_user_name(
    organizer_client, running_event, hanna
):
    url = reverse("organizer-helpers", args=[running_event.pk])
    response = organizer_client.post(url, {"username": "nobody"})
    assert response.status_code == 400
    assert "There is no account with the user name “nobody”." in response.content.decode()
    response = organizer_client.post(url, {"username": "orga"})
    assert response.status_code == 409
    assert "orga organizes this event already." in response.content.decode()
    html = organizer_client.post(url, {"username": " hanna "}, follow=True).content.decode()
    assert "hanna helps at this event now." in html
    assert '<span class="helper-name">hanna</span>' in html
    assert organizer_client.post(url, {"username": "hanna"}).status_code == 409
    organizer_client.post(reverse("organizer-helper-remove", args=[running_event.pk, hanna.pk]))
    assert not EventHelper.objects.filter(event=running_event).exists()
    history = organizer_client.get(
        reverse("organizer-history", args=[running_event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "hanna hilft bei diesem Turnier" in history
    assert "hanna hilft nicht mehr bei diesem Turnier" in history


def test_a_helper_sees_the_event_among_theirs_and_its_page_without_the_organizers_parts(
    helping, running_event
):
    dashboard = helping.get(reverse("organizer-home")).content.decode()
    assert reverse("organizer-event", args=[running_event.pk]) in dashboard
    assert 'id="helping"' in dashboard
    html = helping.get(reverse("organizer-event", args=[running_event.pk])).content.decode()
    assert 'id="helper-note"' in html and 'id="check-in"' in html
    assert 'id="clock-start"' in html and 'id="desk-link"' in html
    for organizers_only in (
        'id="settings"',
        'id="pair"',
        'id="helpers"',
        "withdraw",
        reverse("organizer-history", args=[running_event.pk]),
        reverse("organizer-players", args=[running_event.pk]),
    ):
        assert organizers_only not in html, organizers_only
    rnd = running_event.rounds.get(number=1)
    html = helping.get(reverse("organizer-round", args=[running_event.pk, rnd.pk])).content
    assert b'id="clock-controls"' in html and b"sheets.pdf" not in html


def test_a_helper_runs_the_day_and_the_history_names_them(helping, organizer_client, running_event):
    event, table = running_event, _first_table(running_event)
    rnd = table.round
    absent = event.entrants.order_by("pk").first()
    present = [e.pk for e in event.entrants.exclude(pk=absent.pk)]
    assert (
        helping.post(
            reverse("organizer-check-in", args=[event.pk]), {"present": present}
        ).status_code
        == 302
    )
    for name in ("organizer-desk", "organizer-desk-tables"):
        assert helping.get(reverse(name, args=[event.pk])).status_code == 200
    assert (
        helping.post(
            reverse("organizer-clock", args=[event.pk, rnd.pk]),
            {"action": "start", "minutes": "60"},
        ).status_code
        == 302
    )
    hand_url = reverse("organizer-hand", args=[event.pk, table.pk, 1])
    assert helping.get(hand_url).status_code == 200
    assert helping.post(hand_url, GOOD_HAND).status_code == 302
    corrected = {**GOOD_HAND, "cp_0": "60", "reason": "sheet misread"}
    assert helping.post(hand_url, corrected).status_code == 302
    assert Hand.objects.get(table=table, number=1).tp_0 == 160
    other = rnd.tables.order_by("number")[1]
    close = reverse("organizer-table-close", args=[event.pk, other.pk])
    assert helping.get(close, {"status": "averaged"}).status_code == 200
    assert helping.post(close, {"status": "averaged", "reason": "left early"}).status_code == 302
    assert Table.objects.get(pk=other.pk).status == "averaged"
    actions = set(
        Change.objects.filter(event=event, actor="helper:hanna").values_list("action", flat=True)
    )
    assert actions == {"check_in", "clock_start", "create", "correct", "close"}
    assert Hand.objects.get(table=table, number=1).entered_by == "helper:hanna"
    history = organizer_client.get(reverse("organizer-history", args=[event.pk])).content
    assert b"by hanna (helper)" in history and b"by orga (organizer)" in history
    german = organizer_client.get(
        reverse("organizer-history", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "hanna (Helfer)" in german


def test_a_helper_may_not_manage_the_event(helping, running_event, organizer):
    event, table = running_event, _first_table(running_event)
    rnd, entrant = table.round, event.entrants.first()
    change = Change.objects.filter(event=event).first()
    forbidden = [
        ("post", reverse("organizer-settings", args=[event.pk]), {"hands_per_round": "6"}),
        ("post", reverse("organizer-players", args=[event.pk]), {"lines": "Zoe"}),
        ("get", reverse("organizer-entrant", args=[event.pk, entrant.pk]), {}),
        ("get", reverse("organizer-withdraw", args=[event.pk, entrant.pk]), {}),
        ("post", reverse("organizer-withdraw", args=[event.pk, entrant.pk]), {}),
        ("post", reverse("organizer-pair", args=[event.pk]), {}),
        ("post", reverse("organizer-publish", args=[event.pk, rnd.pk]), {}),
        ("post", reverse("organizer-regenerate", args=[event.pk, rnd.pk]), {}),
        ("get", reverse("organizer-finish", args=[event.pk]), {}),
        ("post", reverse("organizer-finish", args=[event.pk]), {}),
        ("post", reverse("organizer-reopen", args=[event.pk]), {}),
        ("get", reverse("organizer-history", args=[event.pk]), {}),
        ("post", reverse("organizer-undo", args=[event.pk, change.pk]), {}),
        ("get", reverse("organizer-export", args=[event.pk, "standings", "csv"]), {}),
        ("get", reverse("organizer-sheets", args=[event.pk, rnd.pk]), {}),
        ("post", reverse("organizer-helpers", args=[event.pk]), {"username": "other"}),
        ("post", reverse("organizer-cup-draw", args=[event.pk]), {}),
    ]
    before = Change.objects.filter(event=event).count()
    for method, url, body in forbidden:
        assert getattr(helping, method)(url, body).status_code == 403, url
    assert Change.objects.filter(event=event).count() == before
    assert event.rounds.count() == 1


def test_a_draft_is_the_organizers_alone(organizer, hanna):
    event = event_create(owner=organizer, name="Drafted", preset="dtm", seed=2)
    players_register(
        event=event, names=[f"P{i}" for i in range(8)], actor=Actor.organizer(organizer)
    )
    helper_add(event_id=event.pk, username="hanna", actor=Actor.organizer(organizer))
    helping = Client()
    helping.force_login(hanna)
    draft = round_pair(event_id=event.pk, actor=Actor.organizer(organizer))
    table = draft.tables.order_by("number").first()
    for url in (
        reverse("organizer-round", args=[event.pk, draft.pk]),
        reverse("organizer-table", args=[event.pk, table.pk]),
        reverse("organizer-hand", args=[event.pk, table.pk, 1]),
        reverse("organizer-table-close", args=[event.pk, table.pk]),
    ):
        assert helping.get(url).status_code == 404, url
    assert (
        helping.post(
            reverse("organizer-clock", args=[event.pk, draft.pk]),
            {"action": "start", "minutes": "5"},
        ).status_code
        == 404
    )
    page = helping.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert reverse("organizer-round", args=[event.pk, draft.pk]) in page  # listed, not opened


def test_a_removed_helper_and_anyone_else_may_do_nothing(
    helping, running_event, organizer, hanna, other_organizer
):
    helper_remove(event_id=running_event.pk, user_id=hanna.pk, actor=Actor.organizer(organizer))
    stranger = Client()
    stranger.force_login(other_organizer)
    table = _first_table(running_event)
    for client in (helping, stranger):
        assert client.get(reverse("organizer-event", args=[running_event.pk])).status_code == 403
        assert client.get(reverse("organizer-desk", args=[running_event.pk])).status_code == 403
        assert (
            client.post(
                reverse("organizer-hand", args=[running_event.pk, table.pk, 1]), GOOD_HAND
            ).status_code
            == 403
        )
    assert not Hand.objects.filter(table=table).exists()
