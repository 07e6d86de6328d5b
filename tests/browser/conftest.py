"""Browser tests: Playwright (sync API) driving Debian's headless Chromium against a live server.

Playwright's sync API runs an event loop in this thread; Django's ORM, used by the tests to read
what was stored, refuses to run next to one unless told it is safe (it is: one thread, sync).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
DOCS_SCREENSHOTS = ROOT / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: ./dev test installs it (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    # An assertion waits for what the page will show as long as an action waits for an element
    # (the contexts' 15 s), not Playwright's 5 s: on the shared 2-core machine two test processes
    # and Chromium's engine workers (Pyodide) share the CPU, and a page's answer may take longer.
    # It costs nothing while the page is quick: an assertion ends as soon as it holds.
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser):
    """Open a page in a fresh context (own cookies) with a viewport; closed after the test."""
    contexts = []

    def make(viewport=DESKTOP, locale="en-US"):
        context = browser.new_context(viewport=viewport, locale=locale)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
    _wait_until_the_server_is_idle()


@pytest.fixture
def venue(live_server):
    """The live server behind a connection the test can cut and restore (``proxy.Proxy``):
    open pages at ``venue.url``; ``venue.stop()`` takes the server out of reach as a dropped
    venue uplink does, ``venue.start()`` brings it back on the same origin."""
    from urllib.parse import urlsplit

    from .proxy import Proxy

    server = urlsplit(live_server.url)
    proxy = Proxy((server.hostname or "localhost", server.port or 80))
    proxy.start()
    yield proxy
    proxy.stop()


def _wait_until_the_server_is_idle(timeout: float = 30) -> None:
    """A test ends only once the live server has answered every request of its pages: the
    captain's page keeps working in the background (its service worker, the queue it sends, the
    engine it downloads), and a request still running after its test would write into the next
    test's database while that test sets it up ("database table is locked"). The live server
    answers each request in a thread of its own (``process_request_thread``)."""
    deadline = time.monotonic() + timeout
    while any("process_request_thread" in thread.name for thread in threading.enumerate()):
        if time.monotonic() > deadline:
            raise AssertionError("the live server still answers a request of the finished test")
        time.sleep(0.05)


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot as a test artifact, and a copy for the README."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    # A full-page capture resizes the view for a moment; set it back so that later clicks land
    # where the elements are (sticky buttons otherwise miss).
    page.set_viewport_size(page.viewport_size)
    page.evaluate("window.scrollTo(0, 0)")
    shutil.copyfile(path, DOCS_SCREENSHOTS / f"{name}.png")
    return path
