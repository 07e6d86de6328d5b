"""The captain's page judges an entry offline as the server does (issue 25): on every entry the
engine's own entry tests give it (recorded by ``entry_cases`` while they run), the page's
verdict (``static/js/offline/engine.mjs``: the engine in Pyodide under Node, from the zip the
server ships) has the server's code, field, Tichu points and German sentence."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation

from scoring import InvalidHand, Rules, score_entry
from tournaments.views.engine_files import archive
from tournaments.views.offline import catalogue
from tournaments.wording import hand_error_message

ROOT = Path(__file__).resolve().parents[2]
ENTRY_TESTS = ("tests/scoring/test_entry.py", "tests/scoring/test_variant_entry.py")
NAMES = {0: "Anna", 1: "Ben", 2: "Clara", 3: "David"}
PAGE_GAMES = ("tichu", "tientsin")  # the games the page judges offline (``table_offline``)


def _cases(tmp_path: Path) -> list[dict]:
    out = tmp_path / "cases.jsonl"
    env = os.environ | {"TICHU_ENTRY_CASES": str(out)}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *ENTRY_TESTS, "-q", "-p", "no:cacheprovider"]
        + ["-p", "no:django", "-p", "tests.offline.entry_cases"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    cases, seen = [], set()
    for line in out.read_text().splitlines():
        case = json.loads(line)
        if case["rules"]["game"] in PAGE_GAMES and line not in seen:
            seen.add(line)
            cases.append(case)
    return cases


def _server(case: dict) -> dict:
    try:
        score = score_entry(case["entry"], Rules.from_dict(case["rules"]))
    except InvalidHand as error:
        message = hand_error_message(error, NAMES, first_seat=1)
        return {"ok": False, "code": error.code, "field": error.field, "message": message}
    return {"ok": True, "totals": list(score.totals)}


def test_the_page_judges_every_entry_test_case_as_the_server(tmp_path):
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("node and node_modules/pyodide are needed: ./dev install runs npm ci")
    cases = _cases(tmp_path)
    assert len(cases) > 100  # the entry tests' inputs, refused and accepted
    assert {False, True} <= {_server(case)["ok"] for case in cases}
    zipped = tmp_path / "engine.zip"
    zipped.write_bytes(archive()[0])
    with translation.override("de"):
        words = catalogue(NAMES)
        expected = [_server(case) for case in cases]
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"cases": cases, "catalogue": words, "archive": str(zipped)}))
    run = subprocess.run(
        [node, str(ROOT / "tests" / "offline" / "page_verdicts.mjs"), str(request)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    page = json.loads(run.stdout)
    mismatches = [
        (case["entry"], want, got)
        for case, want, got in zip(cases, expected, page, strict=True)
        if want != got
    ]
    assert not mismatches, mismatches[:5]
