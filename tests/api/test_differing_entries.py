"""Differing entries (``DifferingEntry``: a captain's entry refused for differing from the
recorded hand, kept for the organizer) beyond the results desk's page (issue 25): the API's
list for the desk, in the OpenAPI schema; backups (exported, imported with the import's
checks); and an undone correction, which opens again the differing entries it settled."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import Change, DifferingEntry, Event, Hand
from tournaments.services.backup import event_export
from tournaments.services.hands import hand_confirm
from tournaments.services.history import Conflict

from .conftest import api_schema, assert_conforms, enter

ENTRY = {"card_points": [60, 40]}
OTHER = {"card_points": [30, 70]}


def _differing(table, typed=None) -> DifferingEntry:
    assert enter(APIClient(), table["id"], 1, ENTRY, table["code"]).status_code == 201
    other = OTHER | ({"typed_at": typed.isoformat()} if typed else {})
    assert enter(APIClient(), table["id"], 1, other, table["code"]).status_code == 409
    return DifferingEntry.objects.get(table_id=table["id"], number=1)


def _desk(client, organizer, event) -> str:
    client.force_login(organizer)
    return client.get(
        f"/organize/events/{event['id']}/desk/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()


def test_the_desks_list_in_the_api(org, other, event, table):
    typed = timezone.now() - timedelta(minutes=9)
    differing = _differing(table, typed)
    url = f"/api/events/{event['id']}/differing-entries/"
    response = org.get(url)
    assert response.status_code == 200
    (row,) = response.json()["results"]
    hand = Hand.objects.get(table_id=table["id"], number=1)
    assert row["id"] == differing.pk and row["number"] == 1
    assert (row["table"], row["table_number"], row["round_number"]) == (table["id"], 1, 1)
    assert row["totals"] == [30, 70] and row["entry"]["card_points"] == [30, 70]
    assert row["recorded"] == {"hand": hand.pk, "totals": [60, 40]}
    assert row["entered_by"].startswith("captain")
    assert row["typed_at"] and row["received_at"]
    assert APIClient().get(url).status_code == 401
    assert other.get(url).status_code == 404  # another organizer's event: not even its existence
    assert_conforms(response, "/api/events/{id}/differing-entries/")
    assert api_schema()["/api/events/{id}/differing-entries/"]["GET"].definition.raw[
        "operationId"
    ] == ("events_differing_entries_list")


def test_an_undone_correction_opens_the_differing_entry_again(org, event, table, client, organizer):
    """Differing entry -> the organizer corrects the hand (to the other phone's value) -> it is
    settled -> the correction undone -> the hand as it was, the differing entry open again on
    the desk, with its times, and in the API."""
    typed = timezone.now() - timedelta(minutes=5)
    differing = _differing(table, typed)
    received = differing.received_at
    assert "anderes Telefon: 30 : 70" in _desk(client, organizer, event)

    correction = OTHER | {"reason": "the opponents' sheet"}
    assert enter(org, table["id"], 1, correction).status_code == 200
    assert not DifferingEntry.objects.exists()
    assert "anderes Telefon: 30 : 70" not in _desk(client, organizer, event)
    change = Change.objects.get(subject="hand", action="correct")
    assert change.old["settled"][0]["tp_0"] == 30

    undone = org.post(f"/api/changes/{change.pk}/undo/")
    assert undone.status_code == 200, undone.json()
    hand = Hand.objects.get(table_id=table["id"], number=1)
    assert (hand.tp_0, hand.tp_1) == (60, 40)
    again = DifferingEntry.objects.get(table_id=table["id"], number=1)
    assert (again.tp_0, again.tp_1, again.typed_at, again.received_at) == (30, 70, typed, received)
    desk = _desk(client, organizer, event)
    assert "eingetragen: 60 : 40" in desk and "anderes Telefon: 30 : 70" in desk
    rows = org.get(f"/api/events/{event['id']}/differing-entries/").json()["results"]
    assert [row["totals"] for row in rows] == [[30, 70]]
    assert Change.objects.filter(subject="differing_entry", action="reopen").exists()
    history = client.get(f"/organize/events/{event['id']}/history/").content.decode()
    assert "30 : 70 is open again" in history


def test_a_correction_that_settled_nothing_undoes_as_before(org, table):
    enter(APIClient(), table["id"], 1, ENTRY, table["code"])
    assert enter(org, table["id"], 1, OTHER | {"reason": "sheet"}).status_code == 200
    change = Change.objects.get(subject="hand", action="correct")
    assert "settled" not in change.old
    assert org.post(f"/api/changes/{change.pk}/undo/").status_code == 200
    assert not DifferingEntry.objects.exists()


# --- backups ----------------------------------------------------------------------------------


@pytest.fixture
def document(org, event, table):
    _differing(table, timezone.now() - timedelta(minutes=3))
    return event_export(event["id"])


def _import(tmp_path, document) -> Event:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document))
    call_command("import_event", str(path))
    return Event.objects.order_by("-pk").first()


def _refusal(tmp_path, document) -> str:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document))
    events = Event.objects.count()
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path))
    assert Event.objects.count() == events
    return str(refusal.value)


def _rows(document) -> list:
    return document["rounds"][0]["tables"][0]["differing"]


def test_a_backup_keeps_the_differing_entries(document, tmp_path, event):
    (row,) = _rows(document)
    assert row["tp"] == [30, 70] and row["number"] == 1 and row["typed_at"]
    source = DifferingEntry.objects.get()
    restored = _import(tmp_path, document)
    copy = DifferingEntry.objects.exclude(pk=source.pk).get()
    assert copy.table.round.event == restored
    assert (copy.tp_0, copy.tp_1, copy.entry, copy.digest) == (
        30,
        70,
        source.entry,
        source.digest,
    )
    assert (copy.typed_at, copy.received_at, copy.entered_by) == (
        source.typed_at,
        source.received_at,
        source.entered_by,
    )


def test_a_backup_without_differing_entries_still_imports(document, tmp_path):
    for table in document["rounds"][0]["tables"]:
        del table["differing"]  # a backup made before they were kept
    _import(tmp_path, document)
    assert DifferingEntry.objects.count() == 1  # the source's only


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda row: row.update(number=3), "differing[0].number: hand 3 is not recorded"),
        (lambda row: row.update(tp=[99, 1]), "differing[0].tp: [99, 1] stored, but the entry"),
        (
            lambda row: row["entry"].update(card_points=[33, 67]),
            "differing[0].entry.card_points",
        ),
        (
            lambda row: row["entry"].update(card_points=[60, 40]) or row.update(tp=[60, 40]),
            "differing[0].entry: is the recorded hand's entry",
        ),
        (lambda row: row.update(received_at="yesterday"), "differing[0].received_at: must be a"),
        (lambda row: row.update(typed_at="2026-01-01T10:00:00"), "differing[0].typed_at"),
        (lambda row: row.pop("entered_by"), "differing[0].entered_by: is missing"),
    ],
)
def test_a_differing_entry_the_service_would_not_keep_is_refused(
    document, tmp_path, change, expected
):
    change(_rows(document)[0])
    assert expected in _refusal(tmp_path, document)


def test_the_same_differing_entry_twice_is_refused(document, tmp_path):
    rows = _rows(document)
    rows.append(dict(rows[0]))
    assert "differing[1].entry: appears twice" in _refusal(tmp_path, document)


# --- the opponents' confirmation of what they read --------------------------------------------


def test_a_confirmation_of_other_points_than_recorded_is_refused(org, table):
    enter(APIClient(), table["id"], 1, ENTRY, table["code"])
    from tournaments.models import Table

    code = Table.objects.get(pk=table["id"]).opponents_code
    url = f"/api/tables/{table['id']}/hands/1/confirm/"
    response = APIClient().post(url, {"code": code, "totals": [30, 70]}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "hand_changed"
    assert response.json()["stored"] == {"totals": [60, 40]}
    assert not Hand.objects.get(table_id=table["id"], number=1).confirmed_by_opponents
    bad = APIClient().post(url, {"code": code, "totals": [60]}, format="json")
    assert bad.status_code == 400 and "totals" in bad.json()["errors"]
    ok = APIClient().post(url, {"code": code, "totals": [60, 40]}, format="json")
    assert ok.status_code == 200 and ok.json()["confirmed_by_opponents"]
    with pytest.raises(Conflict):
        hand_confirm(table_id=table["id"], number=1, code=code, totals=(0, 100))
