"""Every 500 leaves a trace: Django's "Internal Server Error" with the traceback reaches the
server's error output (``LOGGING`` in ``tichu_site/settings.py``), also with ``DEBUG=0``, where
Django's own logging only mails it to ``ADMINS`` (none here) and the access log showed a bare
status."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys

import pytest
from django.db import DatabaseError, connection
from django.test import Client

from tournaments.services.events import event_create

from .conftest import ROOT, free_port


def stream_handlers(name: str) -> list[logging.StreamHandler]:
    """The stream handlers a record of the logger ``name`` reaches, its own and its ancestors'
    while it propagates (not pytest's capturing ones, subclasses)."""
    found = []
    logger = logging.getLogger(name)
    while logger is not None:
        found += [handler for handler in logger.handlers if type(handler) is logging.StreamHandler]
        logger = logger.parent if logger.propagate else None
    return found


def fail_every_statement(execute, sql, params, many, context):
    raise DatabaseError("injected fault")


@pytest.mark.django_db
def test_a_server_error_on_a_page_is_logged_with_its_traceback(organizer):
    """A database error on the public event page (outside the API, which answers 503): a 500,
    and a stream handler of the settings' ``LOGGING`` writes the path and the traceback."""
    event = event_create(owner=organizer, name="Traced", preset="dtm")
    handlers = stream_handlers("django.request")
    written = io.StringIO()
    streams = [handler.setStream(written) for handler in handlers]
    try:
        with connection.execute_wrapper(fail_every_statement):
            response = Client(raise_request_exception=False).get(f"/events/{event.pk}/")
    finally:
        for handler, stream in zip(handlers, streams, strict=True):
            handler.setStream(stream)
    assert response.status_code == 500
    log = written.getvalue()
    assert f"ERROR django.request: Internal Server Error: /events/{event.pk}/" in log
    assert "Traceback (most recent call last)" in log
    assert "DatabaseError: injected fault" in log


def test_a_production_process_writes_its_500s_to_standard_error():
    """A process with production settings (``DEBUG=0``) whose database does not answer (a
    closed port): its home page answers 500, and its standard error holds the path and the
    traceback. Only the settings decide, as in gunicorn: no test's logging is involved."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tichu_site.settings",
        "DEBUG": "0",
        "SECRET_KEY": "error-log-test-" + "x" * 40,
        "HTTPS": "0",
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{free_port()}/nothing",
    }
    env.pop("REDIS_URL", None)  # the in-process cache: nothing shared is touched
    request = (
        "import django; django.setup(); from django.test import Client; "
        "print(Client(raise_request_exception=False).get('/').status_code)"
    )
    process = subprocess.run(
        [sys.executable, "-c", request],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert process.stdout.strip() == "500", process.stderr
    assert "ERROR django.request: Internal Server Error: /" in process.stderr
    assert "Traceback (most recent call last)" in process.stderr
    assert "OperationalError" in process.stderr
