"""/api/docs/ works without internet (issue 14, bug 7): Swagger UI is served by the project
(drf-spectacular-sidecar), the page references no other host, and every asset it names is served."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

ASSET = re.compile(r"""(?:src|href)=["']([^"']+)["']""")


def test_docs_reference_only_local_assets_and_each_is_served(settings, tmp_path):
    """Served as in production: collected by ``collectstatic``, served by WhiteNoise."""
    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", interactive=False, verbosity=0)
    client = Client()  # a new handler: WhiteNoise indexes the collected files when it starts
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "://" not in html and "cdn" not in html.lower()
    assets = ASSET.findall(html)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    assert any(a.endswith("swagger-ui.css") for a in assets)
    for asset in assets:
        assert asset.startswith("/static/"), asset
        served = client.get(asset)
        assert served.status_code == 200, asset
        assert b"".join(served.streaming_content if served.streaming else [served.content])
