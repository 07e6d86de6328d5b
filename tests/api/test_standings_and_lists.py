"""Standings (stored rows only, cached per change, ``up_to_date``) and the public lists: constant
query counts, pagination, and nothing private (codes, e-mails, drafts) in public answers."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.conftest import wait_for_standings, wait_until_no_run_is_pending
from tournaments import tasks
from tournaments.models import Entrant, Event, Hand, Player, Round, Table
from tournaments.standings import cache as standings_cache

from .conftest import HAND, enter, make_event, make_round, play_round


def _standings(client, event_id):
    response = client.get(f"/api/events/{event_id}/standings/")
    assert response.status_code == 200
    return response.json()


@pytest.mark.django_db(transaction=True)
def test_standings_after_a_round(anon, org):
    event = make_event(org)
    rnd = make_round(org, event["id"])
    play_round(org, rnd)
    wait_for_standings(Event.objects.get(pk=event["id"]))
    data = _standings(anon, event["id"])
    assert data["up_to_date"] is True
    rows = data["rows"]
    # every table played the same hands: four winners and four losers, each four equal
    assert [(row["rank"], row["tied"]) for row in rows] == [(1, True)] * 4 + [(5, True)] * 4
    assert set(rows[0]) >= {"rank", "player", "victory_points", "tichu_points", "hands_played"}
    assert set(rows[0]["player"]) == {"id", "name", "display_name"}
    assert all(row["hands_played"] == 4 for row in rows)
    # every hand went 60:40 to team 0 (seats 0 and 2): they lead
    team0 = {t["seats"][0] for t in rnd["tables"]} | {t["seats"][2] for t in rnd["tables"]}
    assert {row["player"]["id"] for row in rows[:4]} == team0
    assert all(row["tichu_points"] == 240 for row in rows[:4])
    vps = [row["victory_points"] for row in rows]
    assert vps == sorted(vps, reverse=True)


@pytest.mark.django_db(transaction=True)
def test_closed_tables_credit_their_missing_hands_as_adjustments(anon, org):
    """Issue 14, bug 3: one hand in at each table, then one averaged and one forfeited by team
    B: the standings credit the 3 missing hands (RULINGS.md), shown as adjustments."""
    event = make_event(org)
    rnd = make_round(org, event["id"])
    averaged, forfeited = rnd["tables"]
    for table, closing in (
        (averaged, {"status": "averaged"}),
        (forfeited, {"status": "forfeited", "forfeited_by": 1}),
    ):
        assert enter(org, table["id"], 1, {"card_points": [60, 40]}).status_code == 201
        response = org.post(f"/api/tables/{table['id']}/close/", closing, format="json")
        assert response.status_code == 200, response.json()
    wait_for_standings(Event.objects.get(pk=event["id"]))
    rows = {row["player"]["id"]: row for row in _standings(anon, event["id"])["rows"]}

    def line(seat_of, position):
        row = rows[seat_of["seats"][position]]
        return (
            row["victory_points"],
            row["tichu_points"],
            row["hands_played"],
            row["adjustment_vp"],
            row["adjustment_tp"],
        )

    assert line(averaged, 0) == (2 + 3, 60 + 150, 1, 3, 150)
    assert line(averaged, 1) == (0 + 3, 40 + 150, 1, 3, 150)
    assert line(forfeited, 2) == (2 + 6, 60, 1, 6, 0)
    assert line(forfeited, 3) == (0, 40, 1, 0, 0)


@pytest.mark.django_db(transaction=True)
def test_up_to_date_follows_the_event(anon, org):
    event = make_event(org)
    wait_for_standings(Event.objects.get(pk=event["id"]))
    assert _standings(anon, event["id"])["up_to_date"] is True
    # a change the worker has not caught up with yet
    Event.objects.filter(pk=event["id"]).update(change_seq=F("change_seq") + 1)
    standings_cache.invalidate(event["id"])  # as every committed change does
    assert _standings(anon, event["id"])["up_to_date"] is False
    Event.objects.filter(pk=event["id"]).update(standings_seq=F("change_seq"))
    standings_cache.invalidate(event["id"])  # as every finished recomputation does
    assert _standings(anon, event["id"])["up_to_date"] is True


@pytest.mark.django_db(transaction=True)
def test_standings_cache_is_invalidated_by_a_change(anon, org, django_assert_max_num_queries):
    event = make_event(org)
    rnd = make_round(org, event["id"])
    wait_for_standings(Event.objects.get(pk=event["id"]))
    before = _standings(anon, event["id"])
    with django_assert_max_num_queries(0):  # cached: no query at all
        assert _standings(anon, event["id"]) == before
    table = rnd["tables"][0]
    enter(APIClient(), table["id"], 1, HAND, table["code"])
    wait_for_standings(Event.objects.get(pk=event["id"]))
    after = _standings(anon, event["id"])
    assert after != before
    assert sum(row["hands_played"] for row in after["rows"]) == 4


@pytest.mark.django_db(transaction=True)
def test_changes_while_a_run_is_pending_renew_nothing_until_it_has_run(
    anon, org, monkeypatch, pause_session_worker
):
    """The first hand after a run renews the cached standings' token and enqueues a run; the
    hands entered before that run starts find it pending and renew nothing. What is cached
    meanwhile stays right ("not up to date", the rows before the run), and the run renews the
    token once it has applied them all."""
    event = make_event(org)
    table = make_round(org, event["id"])["tables"][0]
    wait_until_no_run_is_pending(Event.objects.get(pk=event["id"]))
    pause_session_worker()  # its catch-up would take the pending mark as lost after a second
    queued = []  # a worker that has not started yet
    monkeypatch.setattr(tasks.recompute_standings, "delay", queued.append)
    before = _standings(anon, event["id"])
    assert before["up_to_date"] is True
    token = standings_cache.versions.current(event["id"])
    enter(APIClient(), table["id"], 1, HAND, table["code"])
    first = standings_cache.versions.current(event["id"])
    assert queued == [event["id"]] and first != token
    pending = _standings(anon, event["id"])
    assert pending["up_to_date"] is False and pending["rows"] == before["rows"]
    enter(APIClient(), table["id"], 2, HAND, table["code"])
    assert queued == [event["id"]] and standings_cache.versions.current(event["id"]) == first
    assert _standings(anon, event["id"]) == pending
    tasks.recompute_standings(event["id"])  # the queued run, as the worker runs it
    assert standings_cache.versions.current(event["id"]) != first
    after = _standings(anon, event["id"])
    assert after["up_to_date"] is True
    assert sum(row["hands_played"] for row in after["rows"]) == 8


@pytest.mark.django_db(transaction=True)
def test_team_standings_hold_teams(anon, org):
    event = make_event(org, players=0, format="team_swiss")
    org.post(
        f"/api/events/{event['id']}/players/",
        [{"name": f"Team {i}", "members": [f"A{i}", f"B{i}"]} for i in range(4)],
        format="json",
    )
    wait_for_standings(Event.objects.get(pk=event["id"]))
    rows = _standings(anon, event["id"])["rows"]
    assert sorted(row["player"]["name"] for row in rows) == [f"Team {i}" for i in range(4)]


@pytest.mark.django_db
def test_standings_of_an_unknown_event(anon):
    assert anon.get("/api/events/31337/standings/").status_code == 404


@pytest.mark.django_db
def test_standings_before_any_computation(anon, org):
    event = make_event(org)  # no commit hooks ran: nothing stored yet
    data = _standings(anon, event["id"])
    assert data == {"up_to_date": False, "count": 0, "rows": []}


# --- query counts ---------------------------------------------------------------------------------

LISTS = [
    "/api/events/",
    "/api/players/",
    "/api/rounds/",
    "/api/tables/",
    "/api/hands/",
    "/api/events/{event}/players/",
    "/api/events/{event}/rounds/",
    "/api/events/{event}/standings/",
    "/api/events/{event}/changes/",
    "/api/tables/{table}/hands/",
    "/api/rounds/{round}/",
    "/api/tables/{table}/",
]


def _event_with_hands(org, players: int) -> dict:
    event = make_event(org, players=players)
    rnd = make_round(org, event["id"])
    play_round(org, rnd)
    make_round(org, event["id"], draft=True)
    return {"event": event["id"], "round": rnd["id"], "table": rnd["tables"][0]["id"]}


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anon", "org"])
def test_lists_run_a_constant_number_of_queries(who, request, org, django_assert_max_num_queries):
    client = request.getfixturevalue(who)
    small = _event_with_hands(org, 4)
    large = _event_with_hands(org, 40)
    for url in LISTS:
        counts = []
        for ids in (small, large):
            standings_cache.invalidate(ids["event"])  # count the queries of a cache miss
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url.format(**ids))
            if "changes" in url and who == "anon":
                assert response.status_code == 401
                continue
            assert response.status_code == 200, (url, response.content)
            counts.append(len(queries))
        if counts:
            assert counts[0] == counts[1], (url, counts)
            with django_assert_max_num_queries(8):
                client.get(url.format(**large))


@pytest.mark.django_db
def test_public_answers_hold_no_codes_emails_or_drafts(anon, org):
    ids = _event_with_hands(org, 8)
    Player.objects.update(email="hidden@example.org")
    codes = list(Table.objects.values_list("code", flat=True))
    draft = Round.objects.get(status="draft")
    hand, player = Hand.objects.first(), Entrant.objects.first()
    for url in LISTS + ["/api/players/{player}/", "/api/hands/{hand}/"]:
        if "changes" in url:
            continue
        text = anon.get(url.format(**ids, hand=hand.pk, player=player.pk)).content.decode()
        assert "hidden@example.org" not in text
        assert '"code"' not in text
        assert not any(code in text for code in codes), url
        assert '"draft"' not in text, url
    assert anon.get(f"/api/rounds/{draft.pk}/").status_code == 404
    assert len(anon.get("/api/rounds/?status=draft").json()["results"]) == 0
    assert anon.get(f"/api/events/{ids['event']}/changes/").status_code == 401


@pytest.mark.django_db
def test_pagination(anon, org):
    event = make_event(org, players=30)
    page = anon.get(f"/api/events/{event['id']}/players/?limit=10&offset=10").json()
    assert len(page["results"]) == 10 and "count" not in page
    assert page["next"] and page["previous"]
    last = anon.get(page["next"].replace("offset=20", "offset=25")).json()
    assert len(last["results"]) == 5 and last["next"] is None
    assert len(anon.get(page["next"]).json()["results"]) == 10
    capped = anon.get(f"/api/events/{event['id']}/players/?limit=100000").json()
    assert len(capped["results"]) == 30 and capped["next"] is None


# --- the public read without DRF's request handling ---------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("accept", [None, "*/*", "application/json", "application/*, */*;q=0.1"])
def test_a_plain_read_answers_as_drf_does(anon, org, accept):
    """Without credentials, asking for JSON: the cached bytes with DRF's headers; an organizer's
    token (DRF's handling) gets the same answer."""
    event = make_event(org)
    url = f"/api/events/{event['id']}/standings/"
    through_drf = org.get(url)
    plain = anon.get(url, **({"HTTP_ACCEPT": accept} if accept else {}))
    assert plain.status_code == through_drf.status_code == 200
    assert plain.content == through_drf.content
    for header in ("Content-Type", "Allow"):
        assert plain[header] == through_drf[header], header
    assert "Accept" in plain["Vary"] and "Cookie" not in plain["Vary"]


@pytest.mark.django_db
def test_anything_else_goes_through_drf(anon, org):
    event = make_event(org)
    url = f"/api/events/{event['id']}/standings/"
    browsable = anon.get(url, HTTP_ACCEPT="text/html")
    assert browsable.status_code == 200 and browsable["Content-Type"].startswith("text/html")
    assert "up_to_date" in browsable.content.decode()
    assert anon.get(url, HTTP_ACCEPT="application/xml").status_code == 406
    assert anon.get(url, HTTP_AUTHORIZATION="Token wrong").status_code == 401
    missing = anon.get("/api/events/31337/standings/")
    assert missing.status_code == 404
    assert (
        missing.json()
        == anon.get(
            "/api/events/31337/standings/", HTTP_ACCEPT="application/json, text/plain"
        ).json()
    )
