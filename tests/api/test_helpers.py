"""Helpers through the API (issue 23): with their token a helper enters and corrects hands,
confirms them and closes tables of published rounds, recorded as theirs; everything else of the
organizers answers 403, or 404 where it is private (drafts, the history)."""

from __future__ import annotations

import pytest

from tournaments.models import Change, Hand
from tournaments.services.access import helper_add
from tournaments.services.history import Actor

from .conftest import HAND, OTHER_HAND, enter, make_event, make_round, token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def helper(django_user_model, organizer, event):
    user = django_user_model.objects.create_user(username="hanna", password="hanna-pass-1")
    helper_add(event_id=event["id"], username="hanna", actor=Actor.organizer(organizer))
    return token_client(user)


def test_a_helper_enters_corrects_confirms_and_closes_as_themselves(helper, round1):
    table, other = round1["tables"][0], round1["tables"][1]
    response = enter(helper, table["id"], 1, HAND)
    assert response.status_code == 201, response.json()
    response = enter(helper, table["id"], 1, {**OTHER_HAND, "reason": "sheet misread"})
    assert response.status_code == 200 and response.json()["result"] == "corrected"
    response = helper.post(f"/api/tables/{table['id']}/hands/1/confirm/")
    assert response.status_code == 200 and response.json()["confirmed_by_opponents"]
    response = helper.post(
        f"/api/tables/{other['id']}/close/", {"status": "averaged", "reason": "left"}, format="json"
    )
    assert response.status_code == 200 and response.json()["status"] == "averaged"
    assert "code" not in response.json() or not response.json()["code"]  # codes: organizers'
    hand = Hand.objects.get(table_id=table["id"], number=1)
    assert hand.entered_by == "helper:hanna"
    assert set(Change.objects.filter(actor="helper:hanna").values_list("action", flat=True)) == {
        "create",
        "correct",
        "close",
    }


def test_a_helper_may_not_manage_the_event(helper, org, event, round1):
    eid, rid = event["id"], round1["id"]
    entrant = event["players"][0]["id"]
    change = Change.objects.filter(event_id=eid).first()
    refused = [
        ("patch", f"/api/events/{eid}/", {"name": "Mine"}, 403),
        ("post", f"/api/events/{eid}/finish/", {}, 403),
        ("post", f"/api/events/{eid}/reopen/", {}, 403),
        ("post", f"/api/events/{eid}/players/", [{"name": "Zoe"}], 403),
        ("post", f"/api/events/{eid}/rounds/", {}, 403),
        ("post", f"/api/players/{entrant}/withdraw/", {}, 403),
        ("post", f"/api/rounds/{rid}/publish/", {}, 403),
        ("post", f"/api/rounds/{rid}/regenerate/", {}, 403),
        ("get", f"/api/events/{eid}/changes/", None, 404),
        ("post", f"/api/changes/{change.pk}/undo/", {}, 404),
        ("get", f"/api/rounds/{rid}/warnings/", None, 404),
    ]
    before = Change.objects.filter(event_id=eid).count()
    for method, url, body, status in refused:
        response = (
            getattr(helper, method)(url, body, format="json")
            if body is not None
            else helper.get(url)
        )
        assert response.status_code == status, (url, response.content)
    assert Change.objects.filter(event_id=eid).count() == before


def test_a_helper_finds_no_draft(django_user_model, organizer, org):
    event = make_event(org)
    user = django_user_model.objects.create_user(username="hanna", password="hanna-pass-1")
    helper_add(event_id=event["id"], username="hanna", actor=Actor.organizer(organizer))
    helper = token_client(user)
    draft = make_round(org, event["id"], draft=True)
    table = draft["tables"][0]
    assert enter(helper, table["id"], 1, HAND).status_code == 404
    assert (
        helper.post(
            f"/api/tables/{table['id']}/close/", {"status": "averaged"}, format="json"
        ).status_code
        == 404
    )
    for url in (f"/api/rounds/{draft['id']}/publish/", f"/api/rounds/{draft['id']}/swap/"):
        assert helper.post(url, {}, format="json").status_code == 404, url
    assert not Hand.objects.exists()


def test_a_helper_of_another_event_is_nobody_here(helper, other, round1):
    """A helper of one event is refused at another's tables like anyone with a token."""
    event = make_event(other)
    rnd = make_round(other, event["id"])
    table = rnd["tables"][0]
    assert enter(helper, table["id"], 1, HAND).status_code == 403
    assert (
        helper.post(
            f"/api/tables/{table['id']}/close/", {"status": "averaged"}, format="json"
        ).status_code
        == 403
    )
