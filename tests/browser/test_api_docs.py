"""/api/docs/ in a browser cut off from the internet (issue 14, bug 7): Swagger UI still draws
the API, because every asset comes from the project."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP


@pytest.mark.django_db(transaction=True)
def test_api_docs_render_without_internet(live_server, new_page):
    page = new_page(DESKTOP)
    refused = []

    def offline(route):
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", offline)
    page.goto(f"{live_server.url}/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tichu tournament service API")
    expect(page.locator(".opblock-tag").first).to_be_visible()
    assert refused == []
