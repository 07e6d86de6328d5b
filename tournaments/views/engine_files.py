"""The files the captain's page runs the engine with offline, and their addresses.

The engine's zip is built once per process from the files the server itself runs (``scoring/``
and ``tournaments/page_engine.py``), so the page cannot judge by other rules than the server.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import cache
from pathlib import Path

from django.templatetags.static import static
from django.urls import reverse

import scoring

from .. import page_engine

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What Pyodide loads to run pure Python (no packages): kept by the service worker."""


@cache
def archive() -> tuple[bytes, str]:
    """The engine's package and the page's glue as a zip, and a digest of it (its URL's
    version: a new engine is a new URL, so a phone never judges by a cached old one)."""
    buffer = io.BytesIO()
    package = Path(scoring.__file__).parent
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in sorted(package.rglob("*.py")):
            zipped.write(path, Path("scoring") / path.relative_to(package))
        zipped.write(page_engine.__file__, "page_engine.py")
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:16]


def engine_url() -> str:
    """The versioned address of the engine's zip."""
    return reverse("captain-engine", kwargs={"version": archive()[1]})


def offline_assets() -> list[str]:
    """What the page asks the service worker to keep at its first visit, beside itself and its
    catalogue: the engine and Pyodide (so that a phone that never went offline before can)."""
    return [engine_url(), *(static(f"vendor/pyodide/{name}") for name in PYODIDE_FILES)]
