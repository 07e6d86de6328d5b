"""Limits on attempts at a secret (``tichu_site.limits``): wrong table codes and password logins.

- A right table code is never refused because of other people's wrong ones (a venue's phones
  share one address), on the captain's page and in the API alike.
- Wrong codes are limited per client and per table. Failed logins (the pages', the admin's, the
  API's token) are limited per account at an address (20) and per address (60), never per
  account alone: wrong passwords lock out their account from their own address only, and
  someone who never failed logs in from an address until its checked wrong passwords reach 60
  in a window. A refusal says which limit and how long to wait, in German or English.
- Every limit holds under concurrency: of 40 attempts at once against a limit of 20, at most 20
  get through, in process (threads, the in-process cache) and against gunicorn with Redis;
  exactly 20 where one counter decides (an attempt counted by two, a client's and a table's,
  may find the other's count already raised by a concurrent attempt, and be refused early); of
  80 logins at once from one address for as many accounts, exactly 60.
"""

from __future__ import annotations

import re
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.signals import user_login_failed
from django.db import connections
from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import Hand
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair

from .conftest import HAND, request

pytestmark = pytest.mark.django_db(transaction=True)

LIMIT, AT_ONCE, PER_CLIENT = 20, 40, 60
RATES = {
    "table_code_failures": f"{LIMIT}/minute",
    "login": f"{LIMIT}/minute",
    "login_per_client": f"{PER_CLIENT}/minute",
    "table_code_failures_per_table": f"{LIMIT}/minute",
}
WRONG = "WRONGCODE234"
PASSWORD = "orga-password-1"
TOO_MANY = "Too many failed logins"
LOGINS = ["/login/", "/admin/login/", "/api/auth/token/"]


@pytest.fixture(autouse=True)
def limits(monkeypatch, settings):
    """The limits at 20 a minute; a fast password hasher (the limits are under test, not it)."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", RATES)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def table(organizer):
    event = event_create(owner=organizer, name="Limits", preset="dtm", seed=3)
    players_register(
        event=event, names=[f"P{i}" for i in range(4)], actor=Actor.organizer(organizer)
    )
    return round_pair(
        event_id=event.pk, actor=Actor.organizer(organizer), publish=True
    ).tables.get()


def at_once(count: int, attempt) -> list:
    """``attempt(i)`` for i < count, in as many threads released together, with the
    interpreter switching threads often, so that a read-then-write counter would overshoot."""
    barrier = threading.Barrier(count)

    def run(index):
        barrier.wait()
        try:
            return attempt(index)
        finally:
            connections.close_all()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        with ThreadPoolExecutor(count) as pool:
            return list(pool.map(run, range(count)))
    finally:
        sys.setswitchinterval(interval)


def at_most_the_limit(answers: list, through) -> None:
    """Of the concurrent answers, at most the limit are ``through`` (and not too few)."""
    passed = sum(answer == through for answer in answers)
    assert LIMIT // 2 <= passed <= LIMIT, answers


def put_hand(table_id: int, code: str, ip: str = "10.0.0.1"):
    return APIClient().put(
        f"/api/tables/{table_id}/hands/1/",
        HAND,
        format="json",
        HTTP_X_TABLE_CODE=code,
        REMOTE_ADDR=ip,
    )


# --- table codes ----------------------------------------------------------------------------


def test_a_right_code_is_never_refused_for_others_wrong_ones(table):
    """25 wrong codes from the venue's address use up its limit; its captains still get in."""
    statuses = [Client(REMOTE_ADDR="10.0.0.1").get(f"/t/{WRONG}/").status_code for _ in range(25)]
    assert statuses == [404] * LIMIT + [429] * 5
    assert Client(REMOTE_ADDR="10.0.0.1").get(f"/t/{table.code}/").status_code == 200
    assert put_hand(table.pk, table.code).status_code == 201


def test_wrong_codes_for_one_table_are_limited_whoever_sends_them(table):
    """Guessers from 25 addresses at one table: after 20 wrong codes the table answers them
    429; the right code and other tables are not affected."""
    statuses = [put_hand(table.pk, WRONG, ip=f"10.1.0.{i}").status_code for i in range(25)]
    assert statuses == [403] * LIMIT + [429] * 5
    assert put_hand(table.pk, table.code, ip="10.1.0.99").status_code == 201
    assert Hand.objects.count() == 1


def test_wrong_codes_on_the_page_hold_their_limit_under_concurrency(table):
    statuses = at_once(
        AT_ONCE, lambda _: Client(REMOTE_ADDR="10.2.0.1").get(f"/t/{WRONG}/").status_code
    )
    assert sorted(statuses) == [404] * LIMIT + [429] * (AT_ONCE - LIMIT)
    assert Client(REMOTE_ADDR="10.2.0.1").get(f"/t/{table.code}/").status_code == 200


def confirm(table_id: int, code: str, ip: str) -> int:
    """The opponents' confirmation with their code: a code check without a write (SQLite in
    process serializes writers; gunicorn on PostgreSQL takes the hand entry itself, below)."""
    return (
        APIClient()
        .post(
            f"/api/tables/{table_id}/hands/1/confirm/",
            {"code": code},
            format="json",
            REMOTE_ADDR=ip,
        )
        .status_code
    )


def test_wrong_codes_in_the_api_hold_their_limits_under_concurrency(table):
    per_client = at_once(AT_ONCE, lambda _: confirm(table.pk, WRONG, "10.3.0.1"))
    at_most_the_limit(per_client, 403)
    assert set(per_client) == {403, 429}
    other = round_pair_table(table)
    per_table = at_once(AT_ONCE, lambda i: confirm(other, WRONG, f"10.4.{i}.1"))
    assert sorted(per_table) == [403] * LIMIT + [429] * (AT_ONCE - LIMIT)
    assert not Hand.objects.exists()


def round_pair_table(table) -> int:
    """Another table (of a new event), with no wrong codes counted yet."""
    event = event_create(owner=table.round.event.owner, name="Other", preset="dtm", seed=4)
    actor = Actor.organizer(event.owner)
    players_register(event=event, names=[f"Q{i}" for i in range(4)], actor=actor)
    return round_pair(event_id=event.pk, actor=actor, publish=True).tables.get().pk


# --- logins ---------------------------------------------------------------------------------


def login_form(client: Client, path: str, username: str, password: str) -> str:
    return client.post(path, {"username": username, "password": password}).content.decode()


def log_in(path: str, address: str, username: str, password: str) -> str:
    """One login on a form or the token: "in", "wrong" (the password checked and refused), or
    the limit that refused it unchecked: "account" (this account from this address) or
    "network" (this address); every refusal says to wait the window's 60 seconds."""
    credentials = {"username": username, "password": password}
    if path.startswith("/api/"):
        response = APIClient(REMOTE_ADDR=address).post(path, credentials, format="json")
        if response.status_code != 429:
            return {200: "in", 400: "wrong"}[response.status_code]
        assert response["Retry-After"] == "60"
        refusal = response.json()["detail"]
    else:
        response = Client(REMOTE_ADDR=address).post(path, credentials)
        if response.status_code == 302:
            return "in"
        error = response.context["form"].errors.as_data()["__all__"][0]
        if error.code != "too_many_attempts":
            return "wrong"
        refusal = " ".join(error)  # its message, the seconds filled in
    assert "60 seconds" in refusal, refusal
    return "account" if "for this account" in refusal else "network"


@pytest.fixture
def accounts(django_user_model, request):
    """``accounts(*names)``: staff accounts with PASSWORD, named after the test (counters
    outlive a test in Redis, keyed by account and address)."""
    prefix = re.sub(r"\W", "", request.node.name)

    def make(*names: str) -> list[str]:
        return [
            django_user_model.objects.create_user(
                f"{prefix}-{name}", password=PASSWORD, is_staff=True
            ).username
            for name in names
        ]

    return make


@pytest.mark.parametrize(("path", "net"), [(path, 10 + n) for n, path in enumerate(LOGINS)])
def test_wrong_passwords_lock_an_account_out_only_from_their_address(path, net, accounts):
    """An attacker's wrong passwords for an organizer's account from address X: 20 are checked,
    then X is refused for that account, its right password too; from any other address the
    organizer logs in, and X may still log in to other accounts."""
    organizer, other = accounts("organizer", "other")
    attacker = f"10.{net}.0.1"
    outcomes = [log_in(path, attacker, organizer, f"guess-{i}") for i in range(LIMIT + 5)]
    assert outcomes == ["wrong"] * LIMIT + ["account"] * 5
    assert log_in(path, attacker, organizer, PASSWORD) == "account"
    assert log_in(path, f"10.{net}.0.2", organizer, PASSWORD) == "in"
    assert log_in(path, attacker, other, PASSWORD) == "in"


@pytest.mark.parametrize(("path", "net"), [(path, 20 + n) for n, path in enumerate(LOGINS)])
def test_an_address_failing_for_others_lets_in_who_never_failed_up_to_its_limit(
    path, net, accounts
):
    """What holds at a venue (one address for every phone): 25 wrong passwords for each of two
    accounts (20 checked each; the 5 refused unchecked do not count for the address) leave the
    organizer who never failed free to log in from there. Once the address's checked wrong
    passwords reach 60 in its window, it refuses everyone, the organizer too, until the window
    ends; from another address the organizer still logs in."""
    organizer, *others = accounts("organizer", "b", "c")
    venue = f"10.{net}.0.1"
    for other in others:
        outcomes = [log_in(path, venue, other, f"guess-{i}") for i in range(LIMIT + 5)]
        assert outcomes == ["wrong"] * LIMIT + ["account"] * 5
    assert log_in(path, venue, organizer, PASSWORD) == "in"  # 40 failures: under 60
    rest = PER_CLIENT - len(others) * LIMIT
    outcomes = [log_in(path, venue, f"nobody-{net}-{i}", "guess") for i in range(rest + 1)]
    assert outcomes == ["wrong"] * rest + ["network"]
    assert log_in(path, venue, organizer, PASSWORD) == "network"
    assert log_in(path, f"10.{net}.0.2", organizer, PASSWORD) == "in"


def test_the_locked_out_are_told_when_to_try_again_in_their_language(accounts):
    """In German (Accept-Language: de): the login page and the token say which limit refused
    and how many seconds to wait (the token also in ``Retry-After``)."""
    organizer, *others = accounts("organizer", "b", "c")

    def german(address: str, username: str) -> tuple[str, str]:
        credentials = {"username": username, "password": PASSWORD}
        page = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="de").post("/login/", credentials)
        token = APIClient(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="de").post(
            "/api/auth/token/", credentials, format="json"
        )
        assert token.status_code == 429 and token["Retry-After"] == "60"
        return page.content.decode(), token.json()["detail"]

    for number in range(LIMIT):
        log_in("/login/", "10.30.0.1", organizer, f"guess-{number}")
    page, detail = german("10.30.0.1", organizer)
    assert (
        "Zu viele fehlgeschlagene Anmeldungen für dieses Konto aus diesem Netz. "
        "Bitte 60 Sekunden warten und es dann erneut versuchen."
    ) in page
    assert detail == (
        "Zu viele fehlgeschlagene Anmeldungen für dieses Konto aus diesem Netz. "
        "Erwarte Verfügbarkeit in 60 Sekunden."
    )
    for username in [organizer, *others]:
        for number in range(LIMIT):
            log_in("/api/auth/token/", "10.30.0.2", username, f"guess-{number}")
    page, detail = german("10.30.0.2", organizer)
    assert (
        "Zu viele fehlgeschlagene Anmeldungen aus diesem Netz. "
        "Bitte 60 Sekunden warten und es dann erneut versuchen."
    ) in page
    assert detail == (
        "Zu viele fehlgeschlagene Anmeldungen aus diesem Netz. "
        "Erwarte Verfügbarkeit in 60 Sekunden."
    )


def test_logins_hold_their_limit_under_concurrency():
    """40 wrong passwords at once on each of /login/, /admin/login/ and /api/auth/token/ (each
    from its own client): the password is checked exactly 20 times on each."""
    checked = []

    def count(sender, credentials, **kwargs):
        checked.append(credentials["username"])

    user_login_failed.connect(count)
    try:
        for number, path in enumerate(["/login/", "/admin/login/"]):
            pages = at_once(
                AT_ONCE,
                lambda i, path=path, number=number: login_form(
                    Client(REMOTE_ADDR=f"10.6.{number}.1"), path, f"user{number}", f"guess-{i}"
                ),
            )
            at_most_the_limit([TOO_MANY not in page for page in pages], True)
        statuses = at_once(
            AT_ONCE,
            lambda i: (
                APIClient(REMOTE_ADDR="10.6.9.1")
                .post(
                    "/api/auth/token/",
                    {"username": "user9", "password": f"guess-{i}"},
                    format="json",
                )
                .status_code
            ),
        )
        at_most_the_limit(statuses, 400)
        assert set(statuses) == {400, 429}
    finally:
        user_login_failed.disconnect(count)
    assert AT_ONCE <= len(checked) <= 3 * LIMIT


def test_the_per_address_login_limit_holds_under_concurrency():
    """80 wrong passwords at once from one address on the token, each for an account of its
    own: the address's counter alone decides, so exactly 60 are checked."""
    statuses = at_once(
        PER_CLIENT + LIMIT,
        lambda i: (
            APIClient(REMOTE_ADDR="10.6.10.1")
            .post("/api/auth/token/", {"username": f"spray{i}", "password": "guess"}, format="json")
            .status_code
        ),
    )
    assert sorted(statuses) == [400] * PER_CLIENT + [429] * LIMIT


# --- the same against gunicorn, with Redis ----------------------------------------------------


@pytest.mark.live
def test_limits_hold_under_concurrency_on_the_real_server(
    table, start_server, start_redis, monkeypatch
):
    """gunicorn (4 processes x 4 threads) on a private Redis behind one proxy (each phase sends
    from a client address of its own), the default limits of 20 a minute: 40 wrong codes at
    once on the page, 40 in the API, 40 wrong passwords on the token and on the login form; at
    most 20 of each get through, and the right code still opens the page and enters its hand."""
    monkeypatch.setenv("NUM_PROXIES", "1")
    server = start_server(start_redis().url)

    def client(number: int) -> dict:
        return {"X-Forwarded-For": f"192.0.2.{number}"}

    wrong_pages = at_once(
        AT_ONCE, lambda _: server.request("GET", f"/t/{WRONG}/", headers=client(1)).status
    )
    assert sorted(wrong_pages) == [404] * LIMIT + [429] * (AT_ONCE - LIMIT)
    wrong_codes = at_once(
        AT_ONCE,
        lambda _: (
            server.request(
                "PUT",
                f"/api/tables/{table.pk}/hands/1/",
                HAND,
                {"X-Table-Code": WRONG, **client(2)},
            ).status
        ),
    )
    at_most_the_limit(wrong_codes, 403)
    assert set(wrong_codes) == {403, 429}
    assert server.request("GET", f"/t/{table.code}/", headers=client(1)).status == 200
    assert (
        server.request(
            "PUT",
            f"/api/tables/{table.pk}/hands/1/",
            HAND,
            {"X-Table-Code": table.code, **client(2)},
        ).status
        == 201
    )
    tokens = at_once(
        AT_ONCE,
        lambda i: (
            server.request(
                "POST",
                "/api/auth/token/",
                {"username": "live", "password": f"guess-{i}"},
                client(3),
            ).status
        ),
    )
    at_most_the_limit(tokens, 400)
    assert set(tokens) == {400, 429}
    forms = at_once(AT_ONCE, lambda i: form_login(server.url, "someone", f"guess-{i}", client(4)))
    at_most_the_limit([TOO_MANY not in page for page in forms], True)


def form_login(base: str, username: str, password: str, headers: dict) -> str:
    """A browser's login: the form's page for its CSRF cookie and token, then the post."""
    page = request(base, "GET", "/login/", headers=headers)
    cookie = page.headers["set-cookie"].split(";")[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text()).group(1)
    body = f"csrfmiddlewaretoken={token}&username={username}&password={password}".encode()
    return request(
        base,
        "POST",
        "/login/",
        raw=body,
        headers={**headers, "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"},
    ).text()
