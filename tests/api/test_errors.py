"""Every answer under /api/ is JSON in the documented shape, errors outside the API's views
included: unrouted paths (any method), refused methods, unexpected exceptions."""

from __future__ import annotations

import pytest
from django.test import Client

from tournaments.api import views

pytestmark = pytest.mark.django_db

SHAPE = {"detail", "code", "errors"}


def error(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == SHAPE and body["code"] == code and body["detail"], body
    return body


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/0/hands/%C2%84/",
        "/api/nothing/",
        "/api/events/1/nothing/",
        "/api/events/abc/",
        "/api/tables/1/hands/1234567890/",
        "/api/%FF/",
    ],
)
@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete", "options"])
def test_unrouted_paths_answer_json_404_to_every_method(anon, path, method):
    error(getattr(Client(), method)(path), 404, "not_found")


def test_errors_are_json_in_the_readers_language_and_pages_keep_html(anon):
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get("/api/nothing/")
    assert error(german, 404, "not_found")["detail"] == "Nicht gefunden."
    error(Client().get("/api/auth/token/"), 405, "method_not_allowed")
    error(Client().get("/api/tables/1/hands/1/confirm/"), 405, "method_not_allowed")
    page = Client().get("/nothing/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def test_an_unexpected_exception_answers_json_500(anon, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(views.selectors, "event_list", broken)
    client = Client(raise_request_exception=False)
    body = error(client.get("/api/events/"), 500, "error")
    assert "a bug" not in body["detail"]
