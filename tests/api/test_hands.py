"""PUT /api/tables/{id}/hands/{number}/: captains by code, organizers by token; idempotent
repeats, conflicts, corrections with history and undo, field-level errors, code access rules."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import Change, Hand

from .conftest import HAND, OTHER_HAND, assert_conforms, enter, make_round, play_round

pytestmark = pytest.mark.django_db


def test_captain_enters_a_hand(anon, table):
    response = enter(anon, table["id"], 1, HAND, table["code"])
    assert response.status_code == 201
    body = response.json()
    assert body["number"] == 1
    assert body["totals"] == [60, 40]
    assert len(body["victory_points"]) == 2 and body["result"] == "created"
    assert Hand.objects.get(table_id=table["id"], number=1).entered_by == "captain:table 1"


def test_code_is_case_insensitive(anon, table):
    assert enter(anon, table["id"], 1, HAND, table["code"].lower()).status_code == 201


def test_same_entry_again_changes_nothing(anon, table):
    assert enter(anon, table["id"], 1, HAND, table["code"]).status_code == 201
    hand = Hand.objects.get(table_id=table["id"], number=1)
    changes = Change.objects.count()
    # the same hand written differently (string seats, ticks implied) is the same entry
    again = enter(
        anon,
        table["id"],
        1,
        {"finish_order": ["1", "0", "3", "2"], "card_points": [60, 40]},
        table["code"],
    )
    assert again.status_code == 200
    assert again.json()["result"] == "unchanged"
    assert Change.objects.count() == changes
    assert Hand.objects.get(pk=hand.pk).updated_at == hand.updated_at


def test_different_entry_from_a_captain_is_a_conflict(anon, table):
    enter(anon, table["id"], 1, HAND, table["code"])
    changes = Change.objects.count()
    response = enter(anon, table["id"], 1, OTHER_HAND, table["code"])
    assert response.status_code == 409
    assert response.json()["code"] == "hand_conflict"
    assert Hand.objects.get(table_id=table["id"], number=1).tp_0 == 60
    # the hand is not changed; the refused entry is kept for the organizer (DifferingEntry)
    assert Change.objects.exclude(subject="differing_entry").count() == changes
    assert Change.objects.filter(subject="differing_entry", action="receive").count() == 1


def test_organizer_correction_is_recorded_and_undoable(anon, org, event, table):
    enter(anon, table["id"], 1, HAND, table["code"])
    response = enter(org, table["id"], 1, {**OTHER_HAND, "reason": "sheet misread"})
    assert response.status_code == 200
    assert response.json()["result"] == "corrected"
    assert response.json()["totals"] == [30, 70]
    hand = Hand.objects.get(table_id=table["id"], number=1)
    assert "reason" not in hand.entry and hand.tp_0 == 30

    history = org.get(f"/api/events/{event['id']}/changes/?subject=hand&action=correct").json()
    assert len(history["results"]) == 1
    change = history["results"][0]
    assert change["reason"] == "sheet misread" and change["undoable"] is True
    assert change["old"]["totals"] == [60, 40] and change["new"]["totals"] == [30, 70]
    assert change["actor"] == "organizer:orga"

    undo = org.post(f"/api/changes/{change['id']}/undo/")
    assert undo.status_code == 200
    assert undo.json()["totals"] == [60, 40]
    assert Hand.objects.get(pk=hand.pk).tp_0 == 60
    corrections = org.get(f"/api/events/{event['id']}/changes/?action=correct").json()
    assert len(corrections["results"]) == 2
    assert corrections["results"][0]["reason"] == f"undo of change {change['id']}"


def test_undo_refuses_what_is_not_a_correction(org, event, anon, table):
    """A change no undo takes back conflicts with what is recorded (409, as the schema says);
    it was a 400, which the schema did not list and the request did nothing wrong to earn."""
    enter(anon, table["id"], 1, HAND, table["code"])
    created = Change.objects.get(subject="hand", action="create")
    response = org.post(f"/api/changes/{created.pk}/undo/")
    assert response.status_code == 409
    assert response.json()["code"] == "not_undoable"
    assert_conforms(response, "/api/changes/{id}/undo/", "POST")


def test_undo_of_someone_elses_change_is_not_found(org, other, anon, table):
    enter(anon, table["id"], 1, HAND, table["code"])
    enter(org, table["id"], 1, OTHER_HAND)
    change = Change.objects.get(action="correct")
    assert other.post(f"/api/changes/{change.pk}/undo/").status_code == 404
    assert anon.post(f"/api/changes/{change.pk}/undo/").status_code in (401, 404)
    assert other.post("/api/changes/999999/undo/").status_code == 404
    assert Hand.objects.get().tp_0 == 30


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"card_points": [60, 45]}, "card_points", "card_points_sum"),
        ({"card_points": [62, 38]}, "card_points", "card_points_not_multiple_of_5"),
        ({"card_points": [10**30, 40]}, "card_points", "card_points_range"),
        ({"card_points": ["60", 40]}, "card_points", "card_points_invalid"),
        ({"card_points": [60, 40], "finish_order": [7]}, "finish_order", "unknown_seat"),
        ({"card_points": [60, 40], "calls": {"9": "tichu"}}, "calls", "unknown_seat"),
        (
            {"card_points": [60, 40], "calls": {"0": "grand"}, "finish_order": [0]},
            "calls",
            "grand_tichu_not_allowed",
        ),
        ({"card_points": [60, 40], "calls": {"0": "tichu"}}, "finish_order", "first_out_unknown"),
        ({"card_points": [60, 40], "trump": "dragon"}, "trump", "unknown_field"),
        ({}, "card_points", "card_points_missing"),
    ],
)
def test_invalid_entries_get_field_level_messages(anon, table, body, field, code):
    response = enter(anon, table["id"], 1, body, table["code"])
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == code
    assert field in data["errors"] and data["errors"][field][0]
    assert data["detail"] == data["errors"][field][0]
    assert not Hand.objects.exists()


@pytest.mark.parametrize("body", [[1, 2, 3], "hand", 42])
def test_an_entry_that_is_not_an_object_is_refused(anon, table, body):
    response = enter(anon, table["id"], 1, body, table["code"])
    assert response.status_code == 400
    assert response.json()["code"] == "entry_invalid"
    assert not Hand.objects.exists()


def test_malformed_json_is_a_parse_error(anon, table):
    def sent(body: str, language: str = "en"):
        return anon.generic(
            "PUT",
            f"/api/tables/{table['id']}/hands/1/",
            body,
            content_type="application/json",
            HTTP_X_TABLE_CODE=table["code"],
            HTTP_ACCEPT_LANGUAGE=language,
        )

    response = sent('{"card_points": [60,')
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    assert response.json()["detail"].startswith("Malformed JSON")
    german = sent('{"card_points": [60,', "de")
    assert german.json()["detail"].startswith("Fehlerhaftes JSON")  # was English
    deep = sent("[" * 100_000 + "]" * 100_000, "de")
    assert deep.status_code == 400
    assert deep.json()["detail"] == "Das JSON ist zu tief verschachtelt."
    assert sent('{"card_points": [NaN, 1]}').status_code == 400
    assert not Hand.objects.exists()


def test_huge_body_is_refused(anon, table):
    body = {"card_points": [60, 40], "x": "y" * 300_000}
    response = enter(anon, table["id"], 1, body, table["code"])
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert not Hand.objects.exists()


def test_form_data_is_unsupported(anon, table):
    response = anon.put(
        f"/api/tables/{table['id']}/hands/1/",
        "card_points=60",
        content_type="application/x-www-form-urlencoded",
        HTTP_X_TABLE_CODE=table["code"],
    )
    assert response.status_code == 415


def test_hand_number_out_of_range(anon, table):
    for number in (0, 5, 999_999_999):
        response = enter(anon, table["id"], number, HAND, table["code"])
        assert response.status_code == 400
        assert response.json()["errors"] == {"number": [response.json()["detail"]]}
    assert enter(anon, table["id"], 10**12, HAND, table["code"]).status_code == 404
    assert not Hand.objects.exists()


def test_unknown_table_is_not_found(anon, table):
    assert enter(anon, 999_999, 1, HAND, table["code"]).status_code == 404


def test_a_wrong_code_is_forbidden(anon, table):
    response = enter(anon, table["id"], 1, HAND, "WRONGCODE123")
    assert response.status_code == 403
    assert response.json()["code"] == "wrong_code"
    assert not Hand.objects.exists()


def test_no_code_and_no_token(anon, other, table):
    assert enter(anon, table["id"], 1, HAND).status_code == 401
    # another organizer's token opens nothing
    assert enter(other, table["id"], 1, HAND).status_code == 403
    assert not Hand.objects.exists()


def test_a_code_opens_only_its_own_table(anon, round1):
    first, second = round1["tables"]
    response = enter(anon, second["id"], 1, HAND, first["code"])
    assert response.status_code == 403
    assert not Hand.objects.exists()


def test_a_code_works_only_in_the_current_round(org, anon, event, round1):
    play_round(org, round1)
    round2 = make_round(org, event["id"])
    old = round1["tables"][0]
    # a new hand number at an old table (the round is complete now)
    response = enter(anon, old["id"], 1, OTHER_HAND, old["code"])
    assert response.status_code == 409
    # the old code does not open the new round's tables
    response = enter(anon, round2["tables"][0]["id"], 1, HAND, old["code"])
    assert response.status_code == 403
    assert not Hand.objects.filter(table__round_id=round2["id"]).exists()


def test_a_code_cannot_enter_a_draft(org, anon, event):
    draft = make_round(org, event["id"], draft=True)
    table = draft["tables"][0]
    # its code works once the round is published: until then the table does not exist
    response = enter(anon, table["id"], 1, HAND, table["code"])
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    # nor without a code, for the public
    assert enter(anon, table["id"], 1, HAND).status_code == 404
    assert not Hand.objects.exists()


def test_closed_table_refuses_its_captain(org, anon, table):
    assert (
        org.post(
            f"/api/tables/{table['id']}/close/",
            {"status": "forfeited", "forfeited_by": 0, "reason": "no-show"},
            format="json",
        ).status_code
        == 200
    )
    response = enter(anon, table["id"], 1, HAND, table["code"])
    assert response.status_code == 409
    assert response.json()["code"] == "table_closed"


def test_failed_codes_are_throttled_but_a_right_code_never(anon, table, monkeypatch):
    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {
            "table_code_failures": "3/minute",
            "login": "3/minute",
            "login_per_client": "100/minute",
            "table_code_failures_per_table": "100/minute",
        },
    )
    statuses = [enter(anon, table["id"], 1, HAND, f"GUESS{i}").status_code for i in range(5)]
    assert statuses == [403, 403, 403, 429, 429]
    throttled = enter(anon, table["id"], 1, HAND, "GUESS9")
    assert throttled.json()["code"] == "throttled"
    assert "Retry-After" in throttled.headers
    # the right code still works from the same client
    assert enter(anon, table["id"], 1, HAND, table["code"]).status_code == 201
    # another client is not throttled
    elsewhere = APIClient(REMOTE_ADDR="10.0.0.9")
    assert enter(elsewhere, table["id"], 2, HAND, "GUESS").status_code == 403


def test_reason_must_be_text(org, anon, table):
    enter(anon, table["id"], 1, HAND, table["code"])
    response = enter(org, table["id"], 1, {**OTHER_HAND, "reason": 12})
    assert response.status_code == 400
    assert "reason" in response.json()["errors"]
    assert Hand.objects.get().tp_0 == 60


def test_organizer_enters_a_hand_with_the_token(org, table):
    response = enter(org, table["id"], 1, HAND)
    assert response.status_code == 201
    assert Hand.objects.get().entered_by == "organizer:orga"


def test_the_opponents_confirm_with_their_code(anon, org, table):
    url = f"/api/tables/{table['id']}/hands/1/confirm/"
    code = {"code": table["opponents_code"]}
    assert len(table["opponents_code"]) == 6 and table["opponents_code"] != table["code"]
    assert anon.post(url, code, format="json").status_code == 404  # not entered yet
    enter(anon, table["id"], 1, HAND, table["code"])
    missing = anon.post(url, {}, format="json")
    assert missing.status_code == 400 and "code" in missing.json()["errors"]
    for wrong in ("NOPE", table["code"]):  # the captain's code confirms nothing
        refused = anon.post(url, {"code": wrong}, format="json", HTTP_X_TABLE_CODE=table["code"])
        assert refused.status_code == 403 and refused.json()["code"] == "wrong_code"
    assert anon.post(url, {"code": 123456}, format="json").status_code == 400
    assert Hand.objects.get().confirmed_by_opponents is False
    response = anon.post(url, {"code": table["opponents_code"].lower()}, format="json")
    assert response.status_code == 200
    assert response.json()["confirmed_by_opponents"] is True
    # a correction drops the confirmation; the organizer may confirm without a code
    enter(org, table["id"], 1, OTHER_HAND)
    assert Hand.objects.get().confirmed_by_opponents is False
    assert org.post(url, {}, format="json").status_code == 200
    assert Hand.objects.get().confirmed_by_opponents is True


def test_only_organizers_read_the_opponents_code(anon, org, table):
    assert "opponents_code" not in anon.get(f"/api/tables/{table['id']}/").json()
    assert (
        org.get(f"/api/tables/{table['id']}/").json()["opponents_code"] == table["opponents_code"]
    )


def test_wrong_opponents_codes_are_limited_like_table_codes(anon, table, monkeypatch):
    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {"table_code_failures": "2/minute", "table_code_failures_per_table": "60/minute"},
    )
    enter(anon, table["id"], 1, HAND, table["code"])
    url = f"/api/tables/{table['id']}/hands/1/confirm/"
    statuses = [anon.post(url, {"code": "WRONG1"}, format="json").status_code for _ in range(3)]
    assert statuses == [403, 403, 429]
    right = anon.post(url, {"code": table["opponents_code"]}, format="json")
    assert right.status_code == 200  # a right code is never refused


def test_read_a_hand(anon, table):
    enter(anon, table["id"], 1, HAND, table["code"])
    response = anon.get(f"/api/tables/{table['id']}/hands/1/")
    assert response.status_code == 200
    assert response.json()["totals"] == [60, 40]
    assert "entered_by" not in response.json()
    assert anon.get(f"/api/tables/{table['id']}/hands/2/").status_code == 404
    listed = anon.get(f"/api/tables/{table['id']}/hands/").json()
    assert len(listed["results"]) == 1


def test_double_victory_with_the_full_finish_order_of_a_paper_sheet(anon, table):
    """Issue 14, bug 13: the winning pair first, then the other two, as a sheet may list them."""
    body = {"double_victory": 1, "finish_order": [3, 1, 0, 2], "calls": {"3": "tichu"}}
    response = enter(anon, table["id"], 1, body, table["code"])
    assert response.status_code == 201, response.json()
    assert response.json()["totals"] == [0, 200]
    assert Hand.objects.get(table_id=table["id"], number=1).entry["finish_order"] == [3, 1]
