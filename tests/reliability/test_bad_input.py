"""Bad input: never a 5xx, always a 4xx with a message, nothing stored.

``tests/api`` covers each route's field errors (malformed JSON, wrong types, unknown seats, huge
JSON bodies, out-of-range hand numbers). This adds what it does not: every write route fed the
same battery of hostile bodies at once, numbers beyond the database's integers in bodies, query
strings and pagination, NUL characters (PostgreSQL refuses them in text), Unicode names kept
exactly, hostile headers, the organizer's HTML forms, and, against the real server, bodies whose
length lies, truncated bodies and chunked bodies.
"""

from __future__ import annotations

import json
import re
import socket

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tournaments.models import Entrant, Event, Round
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from .conftest import HAND, session_redis_url, stored, token_for

HUGE = 10**40
HOSTILE_BODIES = [
    None,
    [],
    {},
    "",
    "x",
    0,
    -1,
    HUGE,
    -HUGE,
    1.5,
    1e300,
    True,
    [None],
    [[[]]],
    {"": ""},
    {"name": None},
    {"name": 123},
    {"name": ["a"]},
    {"name": {"a": 1}},
    {"name": "a\x00b"},
    {"name": "x" * 5000},
    {"seats": [HUGE, -HUGE]},
    {"seats": ["1", "2"]},
    {"seats": [0, 0]},
    {"status": "burnt"},
    {"status": None},
    {"reason": "x" * 10_000},
    {"reason": "\x00"},
    {"card_points": [HUGE, -HUGE], "finish_order": [HUGE]},
    {"card_points": [60, 40], "finish_order": [1, 0, 3, 2], "calls": {"\x00": "tichu"}},
    {"card_points": [60, 40], "calls": {str(HUGE): "tichu"}, "finish_order": [0]},
    {"card_points": [1e-300, 100], "finish_order": [-1, 4, 5, 6]},
    {"double_victory": HUGE},
    {"double_victory": "0", "finish_order": ["x"]},
    {"username": "\x00", "password": "\x00"},
    {"username": ["orga"], "password": {}},
]
EVENT_BODIES = [  # refused by the event route only (other routes ignore keys they do not know)
    {"name": "ok", "format": "chess"},
    {"name": "ok", "format": "dtm", "seed": HUGE},
    {"name": "ok", "format": "dtm", "rounds": -HUGE},
    {"name": "ok", "format": "dtm", "hands_per_round": 1e300},
    {"name": "ok", "format": "dtm", "rules": {"double_victory_points": HUGE}},
    {"name": "ok", "format": "dtm", "tiebreaks": ["\x00"]},
    {"name": "ok", "format": ["dtm"]},
]
RAW_BODIES = [
    b"{",
    b"\xff\xfe\x00",
    b"\xef\xbb\xbf{}",
    b'{"a": 1e999999}',
    b"[" * 50_000,
    b'{"name": "\\ud800"}',
    b'{"name": "' + b"9" * 5000 + b'"}',
    b"9" * 5000,
    b'{"card_points": [NaN, Infinity]}',
    b"null",
]


@pytest.fixture
def world(db, organizer):
    event = event_create(owner=organizer, name="Bad input open", preset="dtm", seed=3)
    actor = Actor.organizer(organizer)
    entrants = players_register(event=event, names=[f"P{i}" for i in range(9)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    draft_event = event_create(owner=organizer, name="Draft", preset="dtm", seed=4)
    players_register(event=draft_event, names=[f"D{i}" for i in range(8)], actor=actor)
    draft = round_pair(event_id=draft_event.pk, actor=actor)
    table = rnd.tables.order_by("number").first()
    org = APIClient()
    org.credentials(HTTP_AUTHORIZATION=f"Token {token_for(organizer)}")
    return {
        "event": event,
        "round": rnd,
        "table": table,
        "draft": draft,
        "org": org,
        "entrant": entrants[0],
    }


def write_routes(w) -> list[tuple[str, str, dict]]:
    """Every write route of the API, with the credentials that reach its validation."""
    table, rnd, draft = w["table"], w["round"], w["draft"]
    code = {"HTTP_X_TABLE_CODE": table.code}
    return [
        ("post", "/api/auth/token/", {}),
        ("post", "/api/events/", {}),
        ("post", f"/api/events/{w['event'].pk}/players/", {}),
        ("post", f"/api/players/{w['entrant'].pk}/withdraw/", {}),
        ("post", f"/api/rounds/{draft.pk}/swap/", {}),
        ("post", f"/api/tables/{table.pk}/close/", {}),
        ("put", f"/api/tables/{table.pk}/hands/1/", code),
        ("put", f"/api/tables/{table.pk}/hands/2/", {}),  # as the organizer (a correction)
        ("post", f"/api/tables/{table.pk}/hands/1/confirm/", {}),  # the opponents' code: a body
        ("post", f"/api/rounds/{rnd.pk}/publish/", {}),
    ]


def is_object(raw: bytes) -> bool:
    try:
        return isinstance(json.loads(raw), dict)
    except (ValueError, RecursionError):
        return False


def assert_clean_4xx(response, what):
    assert 400 <= response.status_code < 500, (what, response.status_code, response.content[:300])
    if response["Content-Type"].startswith("application/json"):
        body = response.json()
        assert isinstance(body.get("detail"), str) and body["detail"], (what, body)


def test_every_write_route_refuses_hostile_bodies_and_stores_nothing(world):
    org = world["org"]
    before = stored()
    withdrawn = Entrant.objects.get(pk=world["entrant"].pk).withdrawn_after_round
    for method, url, headers in write_routes(world):
        for body in HOSTILE_BODIES + (EVENT_BODIES if url == "/api/events/" else []):
            if url.endswith("/withdraw/") and not (isinstance(body, dict) and "reason" in body):
                continue  # a withdrawal needs no body: only its reason can be wrong
            if url.endswith("/publish/"):
                continue  # no body is read (covered below with raw bodies)
            response = getattr(org, method)(url, body, format="json", **headers)
            assert_clean_4xx(response, (url, body))
        for raw in RAW_BODIES:
            if url.endswith("/withdraw/") and is_object(raw):
                continue  # an object without a reason is a valid withdrawal
            response = org.generic(
                method.upper(), url, raw, content_type="application/json", **headers
            )
            assert response.status_code < 500, (url, raw[:40], response.content[:300])
            if not url.endswith("/publish/"):
                assert_clean_4xx(response, (url, raw[:40]))
    assert stored() == before
    assert Entrant.objects.get(pk=world["entrant"].pk).withdrawn_after_round == withdrawn


QUERIES = [
    f"limit={HUGE}",
    f"offset={HUGE}",
    "offset=-1",
    "limit=-5",
    "limit=abc",
    "offset=1e3",
    f"event={HUGE}",
    "event=-1",
    "event=abc",
    "name=%00",
    f"number={HUGE}",
    "status=%00",
    "status=" + "x" * 5000,
    "ordering=password",
    "format=%F0%9F%82%A1",
    "name=%ED%A0%80",
    "&".join(f"k{i}=v" for i in range(1200)),
]


def test_hostile_query_strings_never_fail(world):
    client = APIClient()
    for route in ("events", "players", "rounds", "tables", "hands"):
        for query in QUERIES:
            response = client.get(f"/api/{route}/?{query}")
            assert response.status_code in (200, 400), (route, query, response.content[:300])
            if response.status_code == 200:
                assert "results" in response.json()


def test_the_format_filter_is_a_filter(world, organizer):
    """``?format=`` filters events by preset (it once was DRF's renderer override: a 404)."""
    event_create(owner=organizer, name="Teams", preset="team_swiss", seed=1)
    for preset in ("dtm", "team_swiss", "league"):
        response = APIClient().get(f"/api/events/?format={preset}")
        assert response.status_code == 200
        formats = {
            e["id"]: Event.objects.get(pk=e["id"]).preset for e in response.json()["results"]
        }
        assert set(formats.values()) <= {preset}
        assert len(formats) == Event.objects.filter(preset=preset).count()


def test_hostile_headers(world):
    table = world["table"]
    url = f"/api/tables/{table.pk}/hands/1/"
    client = APIClient()
    for code in [
        "",
        " ",
        "x" * 8000,
        "\x00" * 12,
        table.code + "\x00",
        "é" * 12,
        table.code[:-1],
        table.code + table.code,
    ]:
        response = client.put(url, HAND, format="json", HTTP_X_TABLE_CODE=code)
        assert response.status_code in (401, 403, 429), (code[:20], response.content[:200])
    for auth in ["Token", "Token " + "x" * 8000, "Token \x00", "Basic Zm9vOmJhcg==", "Token a b"]:
        response = client.post(
            "/api/events/", {"name": "x", "format": "dtm"}, format="json", HTTP_AUTHORIZATION=auth
        )
        assert response.status_code in (401, 403), (auth[:20], response.content[:200])
    assert not table.hands.exists()
    assert not Event.objects.filter(name="x").exists()


KEPT_NAMES = [
    "Jürgen Groß",
    "Zoë Ångström-Øre",
    "王小明",
    "محمد",
    "שָׁלוֹם",
    "🐉 Dragon 🀄",
    "e\u0301e\u0301",
    "a" * 100,
    "Ω" * 100,
    "Tab\tand  spaces",
    "<script>alert(1)</script>",
    "Robert'); DROP--",
]
REFUSED_NAMES = ["a" * 101, "\x00", "a\x00", " ", "\u00a0", "\ud800x", "🐉" * 101]


def test_unicode_names_are_kept_exactly_and_shown_escaped(world):
    event = world["event"]
    for name in KEPT_NAMES:
        response = world["org"].post(
            f"/api/events/{event.pk}/players/", {"name": name}, format="json"
        )
        assert response.status_code == 201, response.json()
        expected = " ".join(name.split())  # whitespace is normalised, nothing else
        assert response.json()["name"] == expected
        assert Entrant.objects.get(pk=response.json()["id"]).name == expected
        page = APIClient().get(f"/events/{event.pk}/players/{response.json()['id']}/")
        assert page.status_code == 200
        if "<script>" in name:
            assert b"<script>alert(1)</script>" not in page.content


def test_names_refused_with_a_message(world):
    event = world["event"]
    before = stored()
    for name in REFUSED_NAMES:
        response = world["org"].generic(
            "POST",
            f"/api/events/{event.pk}/players/",
            json.dumps({"name": name}),
            content_type="application/json",
        )
        assert_clean_4xx(response, name)
    assert stored() == before


def test_organizer_forms_refuse_garbage(world, client, organizer):
    event = world["event"]
    client.force_login(organizer)
    before = stored()
    base = f"/organize/events/{event.pk}/"
    posts = [
        ("organize/events/new/", {"name": "\x00", "preset": "dtm"}),
        ("organize/events/new/", {"name": "x", "preset": "chess", "rounds": str(HUGE)}),
        ("organize/events/new/", {"name": "x" * 5000, "preset": "dtm", "seed": "-1"}),
        (base + "players/", {"lines": "\x00\nok\x00"}),
        (base + "players/", {"lines": "a" * 500}),
        (base + f"tables/{world['table'].pk}/close/", {"status": "burnt", "reason": "\x00"}),
        (
            base + f"tables/{world['table'].pk}/hands/1/",
            {"number": "1", "cp_0": str(HUGE), "first_out": "9", "reason": "x"},
        ),
        (
            base + f"tables/{world['table'].pk}/hands/1/",
            {"number": str(HUGE), "cp_0": "\x00", "call_0": "grand" * 100},
        ),
        (base + f"rounds/{world['round'].pk}/swap/", {"seat_a": str(HUGE), "seat_b": "x"}),
    ]
    for url, data in posts:
        response = client.post("/" + url.lstrip("/"), data)
        assert response.status_code < 500, (url, data, response.content[:300])
    assert stored() == before


def test_the_player_list_preview_refuses_garbage_encodings(world, client, organizer):
    """The "read again" choice of a kept file: names of no codec, of codecs of bytes or of none,
    codecs that fail on any byte, a token of no file; a 4xx each, nothing registered."""
    client.force_login(organizer)
    before = stored()
    url = f"/organize/events/{world['event'].pk}/players/"
    page = client.post(url, {"file": SimpleUploadedFile("p.csv", b"Anna\nBen\n")})
    token = re.search(r'name="upload" value="([^"]*)"', page.content.decode()).group(1)
    for encoding in (
        "\x00",
        "x" * 5000,
        "rot13",
        "base64",
        "undefined",
        "idna",
        "punycode",
        "utf-32",
        "unicode_escape",
        "cp037",
    ):
        response = client.post(url, {"upload": token, "encoding": encoding})
        assert response.status_code in (200, 400), (encoding, response.content[:300])
    for wrong in ("", "x" * 5000, "\x00", token[::-1]):
        response = client.post(url, {"upload": wrong, "encoding": "utf-8"})
        assert 400 <= response.status_code < 500, wrong
    assert stored() == before


def test_event_counts_stay_untouched_by_refused_round_requests(world):
    """Pairing or publishing what may not be paired or published is a 409, not a new row."""
    org, rnd = world["org"], world["round"]
    before = stored()
    response = org.post(f"/api/events/{world['event'].pk}/rounds/")
    assert response.status_code == 409 and response.json()["code"] == "round_incomplete"
    response = org.post(f"/api/rounds/{rnd.pk}/publish/")
    assert response.status_code == 409
    assert stored() == before
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED


# --- the real server: bodies whose length lies ----------------------------------------------------


def raw_exchange(url: str, head: bytes, body: bytes, *, half_close: bool) -> bytes:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        sock.sendall(head + body)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def status_of(response: bytes) -> int | None:
    if not response.startswith(b"HTTP/1."):
        return None
    return int(response.split(b" ", 2)[1])


@pytest.mark.live
def test_lying_truncated_and_chunked_bodies_on_the_real_server(
    transactional_db, organizer, start_server
):
    event = event_create(owner=organizer, name="Wire", preset="dtm", seed=3)
    actor = Actor.organizer(organizer)
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    table = rnd.tables.order_by("number").first()
    server = start_server(session_redis_url())
    before = stored()
    path = f"/api/tables/{table.pk}/hands/1/".encode()
    body = b'{"card_points": [60, 40], "finish_order": [1, 0, 3, 2]}'

    def head(extra: bytes) -> bytes:
        return (
            b"PUT " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nX-Table-Code: "
            + table.code.encode()
            + b"\r\n"
            + extra
            + b"\r\n"
        )

    cases = [
        # a phone losing the connection half-way: the server reads what came, and refuses it
        ("cut off", head(b"Content-Length: %d\r\n" % len(body)), body[:30], True),
        ("shorter than sent", head(b"Content-Length: 20\r\n"), body, False),
        ("negative", head(b"Content-Length: -5\r\n"), body, False),
        ("not a number", head(b"Content-Length: abc\r\n"), body, False),
        ("too large", head(b"Content-Length: 99999999999\r\n"), body, True),
        (
            "chunked, too large",
            head(b"Transfer-Encoding: chunked\r\n"),
            b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in [b'{"x": "' + b"y" * 400_000])
            + b"0\r\n\r\n",
            False,
        ),
        ("chunked, broken", head(b"Transfer-Encoding: chunked\r\n"), b"zz\r\n{}\r\n", True),
        (
            "both headers",
            head(b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"),
            b"0\r\n\r\n",
            False,
        ),
    ]
    for name, request_head, payload, half_close in cases:
        response = raw_exchange(server.url, request_head, payload, half_close=half_close)
        status = status_of(response)
        assert status is None or 400 <= status < 500, (name, response[:300])
    assert stored() == before
    # the server is still healthy, and the honest request is stored once
    reply = server.request(
        "PUT",
        path.decode(),
        {"card_points": [60, 40], "finish_order": [1, 0, 3, 2]},
        {"X-Table-Code": table.code},
    )
    assert reply.status == 201, reply.text()
