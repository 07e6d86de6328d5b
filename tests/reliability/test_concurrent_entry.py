"""Concurrent entry over real HTTP: 24 clients, one round of 12 tables x 4 hands, at once.

Against gunicorn (4 processes x 4 threads) on PostgreSQL, with the session's Celery worker
computing standings while the hands arrive. Each of the 48 hands is one of three kinds:

- ``retry`` (16 hands): the captain's request is sent 4 times (a phone retrying on bad wifi);
- ``conflict`` (16): the captain's version twice and a second, different version twice (two phones
  at one table): one version is stored, its repeats answer 200, the other version answers 409;
- ``correct`` (16): the captain's version twice, and two organizers' corrections, all racing.

Then: every hand is stored exactly once; repeats answered 200 and wrote no history; a different
captain version was refused with 409; no correction was lost (each is in the history, the history
of a hand is an unbroken chain old -> new, the stored value is its last ``new``); and the stored
hands and the standings the worker computed equal what the engine gives for the winning entries
entered one by one (``scoring.score_entry``/``hand_victory_points``, summed per player here).
"""

from __future__ import annotations

import random
import threading
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

import pytest

from scoring import InvalidHand, hand_victory_points, score_entry
from tournaments.models import Change, Hand, Seat
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import session_redis_url, token_for

pytestmark = pytest.mark.live

CLIENTS = 24
PLAYERS = 48  # 12 tables
HANDS = 4  # DTM: 4 hands a round


def random_entry(rng: random.Random, rules) -> dict:
    """A valid score entry (validated by the engine), with calls and double victories."""
    while True:
        order = rng.sample(range(4), 4)
        if rng.random() < 0.12:
            entry = {"double_victory": order[0] % 2, "finish_order": [order[0], (order[0] + 2) % 4]}
        else:
            points = rng.randrange(-25, 126, 5)
            entry = {"card_points": [points, 100 - points], "finish_order": order}
        if rng.random() < 0.4:
            entry["calls"] = {str(rng.randrange(4)): rng.choice(["tichu", "tichu", "grand"])}
        try:
            score_entry(entry, rules)
        except InvalidHand:
            continue
        return entry


def distinct_entries(rng, rules, count: int) -> list[dict]:
    entries, seen = [], set()
    while len(entries) < count:
        entry = random_entry(rng, rules)
        key = repr(score_entry(entry, rules).as_entry())
        if key not in seen:
            seen.add(key)
            entries.append(entry)
    return entries


@pytest.fixture
def running_round(transactional_db, organizer):
    event = event_create(owner=organizer, name="Concurrent championship", preset="dtm", seed=11)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"Spieler {i} Ä" for i in range(PLAYERS)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event, rnd


def test_concurrent_entry_stores_every_hand_exactly_once(
    running_round, organizer, other_organizer, start_server
):
    event, rnd = running_round
    event.co_organizers.add(other_organizer)
    rules = event.format.rules
    server = start_server(session_redis_url())
    tables = list(rnd.tables.order_by("number"))
    assert len(tables) == PLAYERS // 4
    organizer_tokens = [token_for(organizer), token_for(other_organizer)]

    rng = random.Random(20240601)
    jobs = []  # (cell, label, entry, headers)
    plan = {}  # cell -> kind, entries by label
    kinds = ["retry", "conflict", "correct"]
    for index, (table, number) in enumerate((t, n) for t in tables for n in range(1, HANDS + 1)):
        cell = (table.pk, number)
        kind = kinds[index % 3]
        captain = {"X-Table-Code": table.code}
        a, b, c = distinct_entries(rng, rules, 3)
        plan[cell] = {"kind": kind, "entries": {"A": a, "B": b, "X1": b, "X2": c}}
        if kind == "retry":
            jobs += [(cell, "A", a, captain)] * 4
        elif kind == "conflict":
            jobs += [(cell, "A", a, captain)] * 2 + [(cell, "B", b, captain)] * 2
        else:
            jobs += [(cell, "A", a, captain)] * 2
            for label, entry, token in (
                ("X1", b, organizer_tokens[0]),
                ("X2", c, organizer_tokens[1]),
            ):
                jobs.append(
                    (
                        cell,
                        label,
                        {**entry, "reason": f"correction {label}"},
                        {"Authorization": f"Token {token}"},
                    )
                )
    random.Random(7).shuffle(jobs)

    start = threading.Barrier(CLIENTS)
    results = defaultdict(list)  # cell -> [(label, status, body)]
    lock = threading.Lock()
    latencies = []

    def client(share: list) -> None:
        start.wait()
        for cell, label, entry, headers in share:
            reply = server.request("PUT", f"/api/tables/{cell[0]}/hands/{cell[1]}/", entry, headers)
            with lock:
                latencies.append(reply.seconds)
                results[cell].append((label, reply.status, reply.json()))

    with ThreadPoolExecutor(CLIENTS) as pool:
        futures = [pool.submit(client, jobs[i::CLIENTS]) for i in range(CLIENTS)]
        for future in futures:
            future.result()

    statuses = Counter(status for replies in results.values() for _, status, _ in replies)
    assert sum(statuses.values()) == len(jobs) == 192
    assert set(statuses) <= {200, 201, 409}, statuses  # never a 5xx, never a lost request
    assert max(latencies) < 20  # slow under load (2 cores), never stuck

    conflicts = sum(
        status == 409
        for cell, replies in results.items()
        if plan[cell]["kind"] == "conflict"
        for _, status, _ in replies
    )
    assert conflicts == 32  # the losing version of each of 16 contested hands, sent twice

    hands = {(h.table_id, h.number): h for h in Hand.objects.filter(table__round=rnd)}
    assert len(hands) == len(plan) == 48  # every hand stored, exactly once (nothing lost)
    winners = {}
    for cell, info in plan.items():
        replies = results[cell]
        hand = hands[cell]
        history = list(Change.objects.filter(subject="hand", subject_id=hand.pk).order_by("id"))
        canonical = {
            label: score_entry(entry, rules).as_entry() for label, entry in info["entries"].items()
        }
        created = [label for label, status, _ in replies if status == 201]
        assert len(created) == 1, (cell, replies)  # exactly one request created the hand
        assert history[0].action == "create"
        assert history[0].new["entry"] == canonical[created[0]]
        if info["kind"] in ("retry", "conflict"):
            winner = created[0]
            for label, status, body in replies:
                if label == winner:
                    assert status in (200, 201), (cell, replies)
                    if status == 200:
                        assert body["result"] == "unchanged"
                else:
                    assert status == 409 and body["code"] == "hand_conflict", (cell, replies)
            assert len(history) == 1  # repeats wrote no history
            assert hand.entry == canonical[winner]
        else:
            changing = [
                (label, body)
                for label, status, body in replies
                if status in (200, 201) and body["result"] != "unchanged"
            ]
            for label, status, body in replies:
                if label in ("X1", "X2"):  # an organizer's correction is never refused
                    assert status in (200, 201) and body["result"] in ("created", "corrected")
                else:
                    assert status in (200, 201, 409), (cell, replies)
                    if status == 409:
                        assert body["code"] == "hand_conflict"
            # every change is in the history, once, as an unbroken chain old -> new
            assert len(history) == len(changing), (cell, replies, [c.new for c in history])
            assert [c.action for c in history[1:]] == ["correct"] * (len(history) - 1)
            for before, after in zip(history, history[1:], strict=False):
                # the hand as it was (a correction also lists the differing entries it settled)
                assert {k: v for k, v in after.old.items() if k != "settled"} == before.new
            news = [c.new["entry"] for c in history]
            assert canonical["X1"] in news and canonical["X2"] in news  # no correction lost
            # the stored value is the last correction in history order
            assert hand.entry == history[-1].new["entry"]
            assert history[-1].actor.startswith("organizer:")
            winner = next(
                label for label, entry in canonical.items() if entry == hand.entry and label != "B"
            )
        assert hand.entry == canonical[winner]
        winners[cell] = info["entries"][winner]

    # the stored data equal a serial run: the engine's points for each winning entry
    expected = defaultdict(lambda: [0, 0, 0])  # entrant -> vp, tp, hands
    seats = defaultdict(list)
    for seat in Seat.objects.filter(table__round=rnd):
        seats[seat.table_id].append(seat)
    for (table_id, number), entry in winners.items():
        score = score_entry(entry, rules)
        vp = hand_victory_points(score.totals, score.sweep, "dtm")
        hand = hands[(table_id, number)]
        assert (hand.tp_0, hand.tp_1, hand.vp_0, hand.vp_1) == (*score.totals, *vp)
        for seat in seats[table_id]:
            line = expected[seat.entrant_id]
            line[0] += vp[seat.position % 2]
            line[1] += score.totals[seat.position % 2]
            line[2] += 1

    deadline_rows = wait_for_api_standings(server, event.pk)
    got = {
        row["player"]["id"]: [row["victory_points"], row["tichu_points"], row["hands_played"]]
        for row in deadline_rows
    }
    assert got == dict(expected)
    keys = [(row["victory_points"], row["tichu_points"]) for row in deadline_rows]
    assert [row["rank"] for row in deadline_rows] == [  # shared by equal VP and TP ("3=")
        1 + sum(other > key for other in keys) for key in keys
    ]
    vps = [row["victory_points"] for row in deadline_rows]
    assert vps == sorted(vps, reverse=True)


def wait_for_api_standings(server, event_id: int, timeout: float = 60) -> list[dict]:
    """The public standings once the API says they are up to date (the worker caught up)."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        body = server.request("GET", f"/api/events/{event_id}/standings/").json()
        if body["up_to_date"]:
            return body["rows"]
        if time.monotonic() > deadline:
            from tournaments.models import Event

            event = Event.objects.get(pk=event_id)
            raise AssertionError(
                f"standings never caught up: change_seq {event.change_seq}, "
                f"standings_seq {event.standings_seq}"
            )
        time.sleep(0.2)
