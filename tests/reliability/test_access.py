"""Access: who may read and write what.

- A table code writes only its own table, only in the current round, and reveals no other code.
- Codes are long random strings of an unambiguous 32-symbol alphabet; failed attempts are
  throttled per client address (a forged X-Forwarded-For does not make a new client).
- Organizers see and change only their own events (404 for private things, 403 for public ones).
- The public API and pages, crawled, expose no table code, no e-mail address, no draft.
- Every form carries CSRF protection; production settings pass ``check --deploy``.
"""

from __future__ import annotations

import math
import os
import re
import secrets
import subprocess
import sys
import time
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import (
    TABLE_CODE_ALPHABET,
    TABLE_CODE_LENGTH,
    Change,
    Hand,
    Player,
    Round,
    Seat,
    Table,
    new_table_code,
)

from ..conftest import ROOT, wait_for_standings
from .conftest import HAND, OTHER_HAND, stored, token_for


def org_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def enter(table: dict | Table, number: int, body: dict, code: str, ip: str = "10.0.0.1"):
    table_id = table["id"] if isinstance(table, dict) else table.pk
    return APIClient().put(
        f"/api/tables/{table_id}/hands/{number}/",
        body,
        format="json",
        HTTP_X_TABLE_CODE=code,
        REMOTE_ADDR=ip,
    )


def championship(org: APIClient, players: int = 8) -> dict:
    """An event whose round 1 is played to the end and whose round 2 is a draft."""
    event = org.post(
        "/api/events/", {"name": "Access cup", "format": "dtm", "seed": 9}, format="json"
    ).json()
    entrants = org.post(
        f"/api/events/{event['id']}/players/",
        [{"name": f"Player {i}"} for i in range(players)],
        format="json",
    ).json()
    for index, entrant in enumerate(entrants):  # private addresses the public must never see
        Player.objects.filter(entries__pk=entrant["id"]).update(
            email=f"player{index}@private.example"
        )
    round1 = org.post(f"/api/events/{event['id']}/rounds/").json()
    for table in round1["tables"]:
        for number in range(1, 5):
            assert enter(table, number, HAND, table["code"]).status_code == 201
    deadline = time.monotonic() + 60  # the worker marks round 1 complete after its refresh
    while Round.objects.get(pk=round1["id"]).status != Round.Status.COMPLETE:
        assert time.monotonic() < deadline, "round 1 never completed"
        time.sleep(0.1)
    draft = org.post(f"/api/events/{event['id']}/rounds/?draft=1").json()
    return {
        "event": event,
        "round1": round1,
        "draft": draft,
        "entrants": entrants,
        "codes": {t["code"] for t in round1["tables"] + draft["tables"]},
        "emails": [f"player{i}@private.example" for i in range(players)],
    }


# --- codes ---------------------------------------------------------------------------------------


def test_codes_are_long_random_and_unambiguous(db):
    assert len(set(TABLE_CODE_ALPHABET)) == 32 and TABLE_CODE_LENGTH >= 12
    assert not set(TABLE_CODE_ALPHABET) & set("01IO")  # nothing to misread on paper
    assert TABLE_CODE_LENGTH * math.log2(len(TABLE_CODE_ALPHABET)) >= 60  # bits to guess
    codes = [new_table_code() for _ in range(5000)]
    assert len(set(codes)) == len(codes)
    assert all(len(c) >= 12 and set(c) <= set(TABLE_CODE_ALPHABET) for c in codes)
    # every symbol is used in every position about equally (secrets, not a weak generator)
    for position in range(TABLE_CODE_LENGTH):
        counts = {s: 0 for s in TABLE_CODE_ALPHABET}
        for code in codes:
            counts[code[position]] += 1
        assert min(counts.values()) > 5000 / 32 / 2


def test_a_code_writes_only_its_own_table_in_the_current_round(transactional_db, organizer):
    org = org_client(organizer)
    world = championship(org)
    round2 = org.post(f"/api/rounds/{world['draft']['id']}/publish/").json()
    before = stored()
    tables = world["round1"]["tables"] + round2["tables"]
    ip = 0
    for table in tables:
        for other in tables:
            if other["id"] == table["id"]:
                continue
            ip += 1  # a new client each time: the refusal is the code's, not the throttle's
            response = enter(other, 1, HAND, table["code"], ip=f"10.1.{ip // 250}.{ip % 250}")
            assert response.status_code == 403, response.json()
    for table in world["round1"]["tables"]:  # round 1 is over: its codes enter nothing more
        for number, body in ((1, OTHER_HAND), (5, HAND)):
            response = enter(table, number, body, table["code"])
            assert response.status_code in (400, 409), response.json()
    # A different value for a recorded hand is refused and kept for the organizer to decide,
    # with its line in the history (DifferingEntry: a phone that was offline during the round
    # may send it late); nothing else changed.
    kept = len(world["round1"]["tables"])
    assert stored() == before | {
        "DifferingEntry": before["DifferingEntry"] + kept,
        "Change": before["Change"] + kept,
    }
    for table in round2["tables"]:  # the current round's code works at its own table
        assert enter(table, 1, HAND, table["code"]).status_code == 201


def test_a_code_never_reads_other_codes(transactional_db, organizer):
    world = championship(org_client(organizer))
    table = world["round1"]["tables"][0]
    others = world["codes"] - {table["code"]}
    headers = {"HTTP_X_TABLE_CODE": table["code"]}
    client = APIClient()
    for url in [
        f"/api/tables/{table['id']}/",
        f"/api/tables/{table['id']}/hands/",
        f"/api/rounds/{world['round1']['id']}/",
        "/api/tables/",
        "/api/rounds/",
        f"/api/events/{world['event']['id']}/rounds/",
    ]:
        response = client.get(url, **headers)
        assert response.status_code == 200
        text = response.content.decode()
        assert not any(code in text for code in world["codes"]), url
        assert '"code"' not in text
    page = Client().get(f"/t/{table['code']}/")
    assert page.status_code == 200
    assert not any(code in page.content.decode() for code in others)


def test_failed_code_attempts_are_throttled_per_client(db, organizer, monkeypatch):
    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {"table_code_failures": "5/minute", "table_code_failures_per_table": "100/minute"},
    )
    org = org_client(organizer)
    event = org.post("/api/events/", {"name": "T", "format": "dtm"}, format="json").json()
    org.post(
        f"/api/events/{event['id']}/players/", [{"name": f"P{i}"} for i in range(4)], format="json"
    )
    table = org.post(f"/api/events/{event['id']}/rounds/").json()["tables"][0]
    guesses = [new_table_code() for _ in range(8)]
    # a guesser forging a new X-Forwarded-For for each attempt is still one client
    answers = [
        APIClient()
        .put(
            f"/api/tables/{table['id']}/hands/1/",
            HAND,
            format="json",
            HTTP_X_TABLE_CODE=guess,
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{i}",
        )
        .status_code
        for i, guess in enumerate(guesses)
    ]
    assert answers == [403] * 5 + [429] * 3
    # another client is not affected by the guesser
    assert enter(table, 1, HAND, guesses[0], ip="10.0.0.2").status_code == 403
    # and the right code is never throttled, even for the guesser
    assert enter(table, 1, HAND, table["code"], ip="10.0.0.1").status_code == 201
    assert Hand.objects.count() == 1


# --- organizers ---------------------------------------------------------------------------------


def test_organizers_see_and_change_only_their_own_events(
    transactional_db, organizer, other_organizer
):
    world = championship(org_client(organizer))
    intruder = org_client(other_organizer)
    event_id, draft = world["event"]["id"], world["draft"]
    table = world["round1"]["tables"][0]
    change = Change.objects.filter(event_id=event_id).first()
    entrant = world["entrants"][0]["id"]
    seats = list(Seat.objects.filter(table__round_id=draft["id"]).values_list("pk", flat=True))
    before = stored()
    refused = [
        ("get", f"/api/events/{event_id}/changes/", None, 404),
        ("post", f"/api/changes/{change.pk}/undo/", None, 404),
        ("get", f"/api/rounds/{draft['id']}/", None, 404),
        ("post", f"/api/rounds/{draft['id']}/publish/", None, 404),
        ("post", f"/api/rounds/{draft['id']}/regenerate/", None, 404),
        ("post", f"/api/rounds/{draft['id']}/swap/", {"seats": seats[:2]}, 404),
        ("get", f"/api/rounds/{draft['id']}/warnings/", None, 404),
        ("post", f"/api/events/{event_id}/rounds/", None, 403),
        ("post", f"/api/events/{event_id}/players/", {"name": "Mole"}, 403),
        ("post", f"/api/players/{entrant}/withdraw/", {}, 403),
        ("post", f"/api/tables/{table['id']}/close/", {"status": "forfeited"}, 403),
        ("put", f"/api/tables/{table['id']}/hands/1/", {**OTHER_HAND, "reason": "x"}, 403),
    ]
    for method, url, body, status in refused:
        response = getattr(intruder, method)(url, body, format="json")
        assert response.status_code == status, (url, response.status_code, response.content)
    draft_tables = set(Table.objects.filter(round_id=draft["id"]).values_list("pk", flat=True))
    for url, hidden in [
        ("/api/rounds/", {draft["id"]}),
        ("/api/tables/", draft_tables),
        (f"/api/events/{event_id}/rounds/", {draft["id"]}),
        (f"/api/tables/{table['id']}/", draft_tables),
    ]:
        response = intruder.get(url)
        assert not any(code in response.content.decode() for code in world["codes"]), url
        body = response.json()
        listed = body.get("results", [body]) if isinstance(body, dict) else body
        assert not hidden & {item.get("id") for item in listed}, url  # (ids of its own kind)
    pages = Client()
    pages.force_login(other_organizer)
    base = f"/organize/events/{event_id}/"
    for url in [
        base,
        base + "history/",
        base + f"rounds/{draft['id']}/",
        base + f"tables/{table['id']}/",
        base + "export/standings.csv",
        base + f"rounds/{world['round1']['id']}/sheets.pdf",
    ]:
        assert pages.get(url).status_code in (403, 404), url
    for url, data in [
        (base + "rounds/pair/", {}),
        (base + "players/", {"lines": "Mole"}),
        (base + f"rounds/{draft['id']}/publish/", {}),
        (base + f"history/{change.pk}/undo/", {}),
    ]:
        assert pages.post(url, data).status_code in (403, 404), url
    assert stored() == before
    assert Round.objects.get(pk=draft["id"]).status == Round.Status.DRAFT


# --- the public ---------------------------------------------------------------------------------


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if (
                name in ("href", "src", "hx-get")
                and value
                and not value.startswith(("data:", "#", "mailto:", "javascript:"))
            ):
                self.links.append(value)


PRIVATE_PREFIXES = ("/organize", "/login", "/logout", "/admin", "/static", "/api/docs")
NOT_PAGES = ("/language",)  # the language switch: a redirect that sets a cookie


def crawl(client: Client, start: list[str], limit: int = 400) -> dict[str, str]:
    """Every same-site page reachable from ``start`` by GET (private areas and the language
    switch left out)."""
    seen: dict[str, str] = {}
    todo = list(start)
    while todo and len(seen) < limit:
        url = todo.pop()
        if url in seen:
            continue
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        # text pages and JSON are searched as text; a PDF (the standings) as its bytes
        text = response.content.decode(
            "utf-8" if not response["Content-Type"].startswith("application/pdf") else "latin-1"
        )
        seen[url] = text
        if response["Content-Type"].startswith("text/html"):
            parser = Links()
            parser.feed(text)
            for link in parser.links:
                parts = urlsplit(urljoin(url, link))
                if parts.netloc not in ("", "testserver") or parts.path.startswith(
                    PRIVATE_PREFIXES + NOT_PAGES
                ):
                    continue
                todo.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return seen


def test_public_api_and_pages_expose_no_codes_emails_or_drafts(transactional_db, organizer):
    world = championship(org_client(organizer))
    event = Round.objects.get(pk=world["draft"]["id"]).event
    wait_for_standings(event)
    event_id, draft_id = world["event"]["id"], world["draft"]["id"]
    draft_tables = list(Table.objects.filter(round_id=draft_id).values_list("pk", flat=True))
    api = APIClient()
    urls = [
        f"/api/events/{event_id}/{suffix}" for suffix in ("", "players/", "rounds/", "standings/")
    ]
    urls += [
        f"/api/{route}/?limit=500" for route in ("events", "players", "rounds", "tables", "hands")
    ]
    urls += [f"/api/players/{e['id']}/" for e in world["entrants"]]
    urls += [f"/api/rounds/{world['round1']['id']}/"]
    for table in world["round1"]["tables"]:
        urls += [f"/api/tables/{table['id']}/", f"/api/tables/{table['id']}/hands/"]
    urls += [f"/api/hands/{pk}/" for pk in Hand.objects.values_list("pk", flat=True)]
    texts = {}
    for url in urls:
        response = api.get(url)
        assert response.status_code == 200, url
        texts[url] = response.content.decode()
    for url in [
        f"/api/rounds/{draft_id}/",
        f"/api/events/{event_id}/changes/",
        *(f"/api/tables/{pk}/" for pk in draft_tables),
        *(f"/api/tables/{pk}/hands/" for pk in draft_tables),
    ]:
        assert api.get(url).status_code in (401, 403, 404), url
    texts.update(crawl(Client(), ["/", f"/events/{event_id}/"]))
    assert f"/events/{event_id}/rounds/1/" in texts  # the crawl reached the round pages
    assert any(f"/events/{event_id}/players/" in url for url in texts)
    for url, text in texts.items():
        assert not any(code in text for code in world["codes"]), url
        assert not any(email in text for email in world["emails"]), url
        assert "@private.example" not in text and '"email"' not in text, url
        assert f"/rounds/{draft_id}/" not in text and "/rounds/2/" not in text, url
        assert '"status":"draft"' not in text.replace(" ", ""), url
    for url in [f"/events/{event_id}/rounds/2/"]:
        assert Client().get(url).status_code == 404
    rounds = APIClient().get(f"/api/events/{event_id}/rounds/").json()["results"]
    assert [r["id"] for r in rounds] == [world["round1"]["id"]]
    tables = APIClient().get(f"/api/tables/?event={event_id}&limit=500").json()["results"]
    assert not {t["id"] for t in tables} & set(draft_tables)


# --- forms and settings -------------------------------------------------------------------------


class Forms(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(
                {
                    "method": (attrs.get("method") or "get").lower(),
                    "action": attrs.get("action"),
                    "csrf": False,
                }
            )
        elif tag == "input" and attrs.get("name") == "csrfmiddlewaretoken" and self.forms:
            self.forms[-1]["csrf"] = True


def test_forms_carry_csrf_protection(transactional_db, organizer):
    world = championship(org_client(organizer))
    event_id, draft_id = world["event"]["id"], world["draft"]["id"]
    org = Client(enforce_csrf_checks=True)
    org.force_login(organizer)
    base = f"/organize/events/{event_id}/"
    table1 = world["round1"]["tables"][0]
    pages = {
        "/organize/": org,
        "/organize/events/new/": org,
        base: org,
        base + f"rounds/{draft_id}/": org,
        base + f"tables/{table1['id']}/": org,
        base + f"tables/{table1['id']}/hands/1/": org,
        base + "history/": org,
        "/login/": Client(enforce_csrf_checks=True),
        f"/t/{table1['code']}/": Client(enforce_csrf_checks=True),
    }
    post_forms = 0
    for url, client in pages.items():
        response = client.get(url)
        assert response.status_code == 200, url
        parser = Forms()
        parser.feed(response.content.decode())
        for form in parser.forms:
            if form["method"] == "post":
                post_forms += 1
                assert form["csrf"], (url, form)
    assert post_forms >= 6
    before = stored()
    # without the token every state-changing POST is refused, and nothing happens
    refused = [
        (org, base + "rounds/pair/", {}),
        (org, base + "players/", {"lines": "Eve"}),
        (org, base + f"rounds/{draft_id}/publish/", {}),
        (org, "/organize/events/new/", {"name": "Forged", "preset": "dtm"}),
        (
            Client(enforce_csrf_checks=True),
            "/login/",
            {"username": "orga", "password": "orga-password-1"},
        ),
    ]
    for client, url, data in refused:
        assert client.post(url, data).status_code == 403, url
    session_api = APIClient(enforce_csrf_checks=True)
    session_api.force_login(organizer)
    assert (
        session_api.post(
            "/api/events/", {"name": "Forged", "format": "dtm"}, format="json"
        ).status_code
        == 403
    )
    assert stored() == before
    # with the token the same form works (the protection is a token, not a wall)
    org.get("/organize/events/new/")
    response = org.post(
        "/organize/events/new/",
        {"name": "Honest", "preset": "dtm", "csrfmiddlewaretoken": org.cookies["csrftoken"].value},
    )
    assert response.status_code in (200, 302)


def test_production_settings_pass_the_deploy_check():
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "ALLOWED_HOSTS": "tichu.example.org",
    }
    env.pop("HTTPS", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the browser tests of this very run
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"no issues", result.stdout + result.stderr)
