"""History: every change is recorded (who, when, old, new), listed for the organizer, and a
correction can be undone.

One event is run through the API from creation to a complete round, touching every kind of
subject: the event, entrants (register, withdraw), a round (pair, publish, complete), seats (a
swap in the draft), a table (closed as forfeited), hands (entered, corrected, the correction
undone). The organizer's ``GET /api/events/{id}/changes/`` must then list each of them with its
actor, its time and its old and new values.
"""

from __future__ import annotations

import time
from collections import Counter

from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from tournaments.models import Change, Hand, Round, Seat

from .conftest import HAND, OTHER_HAND, token_for


def test_every_change_is_recorded_listed_and_a_correction_undone(
    transactional_db, organizer, other_organizer
):
    org = APIClient()
    org.credentials(HTTP_AUTHORIZATION=f"Token {token_for(organizer)}")
    event = org.post(
        "/api/events/", {"name": "History cup", "format": "dtm", "seed": 2}, format="json"
    ).json()
    event_id = event["id"]
    players = org.post(
        f"/api/events/{event_id}/players/",
        [{"name": f"Player {i}"} for i in range(9)],
        format="json",
    ).json()
    draft = org.post(f"/api/events/{event_id}/rounds/?draft=1").json()
    seat_a, seat_b = (
        Seat.objects.filter(table__round_id=draft["id"])
        .order_by("table__number", "position")
        .values_list("pk", flat=True)[:2]
    )
    swapped = org.post(
        f"/api/rounds/{draft['id']}/swap/", {"seats": [seat_a, seat_b]}, format="json"
    )
    assert swapped.status_code == 200, swapped.json()
    assert org.post(f"/api/rounds/{draft['id']}/publish/").status_code == 200
    tables = draft["tables"]
    first, second = tables[0], tables[1]
    captain = APIClient()
    for number in range(1, 5):
        response = captain.put(
            f"/api/tables/{first['id']}/hands/{number}/",
            HAND,
            format="json",
            HTTP_X_TABLE_CODE=first["code"],
        )
        assert response.status_code == 201
    for number in range(1, 3):  # the second table plays two hands, then is closed
        response = captain.put(
            f"/api/tables/{second['id']}/hands/{number}/",
            HAND,
            format="json",
            HTTP_X_TABLE_CODE=second["code"],
        )
        assert response.status_code == 201
    corrected = org.put(
        f"/api/tables/{first['id']}/hands/2/",
        {**OTHER_HAND, "reason": "sheet misread"},
        format="json",
    )
    assert corrected.status_code == 200 and corrected.json()["result"] == "corrected"
    closed = org.post(
        f"/api/tables/{second['id']}/close/",
        {"status": "forfeited", "forfeited_by": 1, "reason": "a player fell ill"},
        format="json",
    )
    assert closed.status_code == 200, closed.json()
    withdrawn = org.post(
        f"/api/players/{players[0]['id']}/withdraw/", {"reason": "went home"}, format="json"
    )
    assert withdrawn.status_code == 200

    # the correction is listed as undoable, and undone
    changes = org.get(f"/api/events/{event_id}/changes/?limit=500").json()["results"]
    correction = next(c for c in changes if c["subject"] == "hand" and c["action"] == "correct")
    assert correction["undoable"] is True
    assert correction["old"]["entry"]["card_points"] == [60, 40]
    assert correction["new"]["entry"]["card_points"] == [30, 70]
    undone = org.post(f"/api/changes/{correction['id']}/undo/")
    assert undone.status_code == 200, undone.json()
    hand = Hand.objects.get(table_id=first["id"], number=2)
    assert hand.entry["card_points"] == [60, 40] and (hand.tp_0, hand.tp_1) == (60, 40)

    # the worker completes the round (every table has its hands or is closed) and says so
    deadline = time.monotonic() + 60
    while Round.objects.get(pk=draft["id"]).status != Round.Status.COMPLETE:
        assert time.monotonic() < deadline, "the round was never completed"
        time.sleep(0.1)

    changes = org.get(f"/api/events/{event_id}/changes/?limit=500").json()["results"]
    assert len(changes) == Change.objects.filter(event_id=event_id).count() == 24
    kinds = Counter((c["subject"], c["action"]) for c in changes)
    assert kinds[("event", "create")] == 1
    assert kinds[("entrant", "register")] == 9
    assert kinds[("entrant", "withdraw")] == 1
    assert kinds[("round", "pair")] == 1
    assert kinds[("seat", "swap")] == 1
    assert kinds[("round", "publish")] == 1
    assert kinds[("round", "complete")] == 1
    assert kinds[("table", "close")] == 1
    assert kinds[("hand", "create")] == 6
    assert kinds[("hand", "correct")] == 2  # the correction and its undo
    # who and when, for every row; newest first
    times = [parse_datetime(c["created_at"]) for c in changes]
    assert all(times) and times == sorted(times, reverse=True)
    assert all(c["actor"] for c in changes)
    by_kind = {(c["subject"], c["action"]): c for c in changes}
    assert by_kind[("hand", "create")]["actor"].startswith("captain:table ")
    assert by_kind[("round", "complete")]["actor"] == "system"
    for kind in [
        ("seat", "swap"),
        ("round", "publish"),
        ("round", "complete"),
        ("table", "close"),
        ("hand", "correct"),
    ]:
        assert by_kind[kind]["actor"] == "organizer:orga" or kind == ("round", "complete")
        assert (
            by_kind[kind]["old"]
            and by_kind[kind]["new"]
            and by_kind[kind]["old"] != by_kind[kind]["new"]
        ), kind
    swap = by_kind[("seat", "swap")]
    assert swap["old"] == {
        str(seat_a): swap["new"][str(seat_b)],
        str(seat_b): swap["new"][str(seat_a)],
    }
    assert by_kind[("table", "close")]["new"] == {"status": "forfeited", "by": 1}
    assert by_kind[("table", "close")]["reason"] == "a player fell ill"
    assert by_kind[("entrant", "withdraw")]["reason"] == "went home"
    undo = next(c for c in changes if c["reason"] == f"undo of change {correction['id']}")
    assert undo["old"] == correction["new"] and undo["new"]["entry"] == correction["old"]["entry"]

    # nobody else may list the history (it holds what organizers keep to themselves)
    assert APIClient().get(f"/api/events/{event_id}/changes/").status_code in (401, 403, 404)
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Token {token_for(other_organizer)}")
    assert other.get(f"/api/events/{event_id}/changes/").status_code == 404
