"""The captain's page judges an entry offline as the server does (issue 25): on every entry the
engine's own entry tests give it (recorded by ``entry_cases`` while they run), the page's
verdict (``static/js/offline/engine.mjs``: the engine in Pyodide under Node, from the zip the
server ships) has the server's code, field, Tichu points (or placing points) and German sentence,
in every game; and so on the entries of the captain's form scored as each game's tables score
them (``games.TableGame.score_entry``: Threechu's dealer, a finish order without its last)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation

from scoring import STANDARD, InvalidHand, PlacingScore, Rules, score_entry
from tournaments.formats import game_format
from tournaments.games import GAMES
from tournaments.views.engine_files import archive
from tournaments.views.offline import catalogue
from tournaments.wording import hand_error_message

ROOT = Path(__file__).resolve().parents[2]
ENTRY_TESTS = ("tests/scoring/test_entry.py", "tests/scoring/test_variant_entry.py")
NAMES = {0: "Anna", 1: "Ben", 2: "Clara", 3: "David"}


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
        if line not in seen:
            seen.add(line)
            cases.append(case)
    return cases


def _server(case: dict) -> dict:
    """The server's answer: the engine as a game's tables score an entry (``game``), or as the
    entry tests called it."""
    rules = Rules.from_dict(case["rules"])
    try:
        if "game" in case:
            score = case["game"].score_entry(case["entry"], 1, rules, case["seats"])
        else:
            score = score_entry(case["entry"], rules, dealer=case["setting"].get("dealer"))
    except InvalidHand as error:
        message = hand_error_message(error, NAMES, first_seat=1)
        return {"ok": False, "code": error.code, "field": error.field, "message": message}
    if isinstance(score, PlacingScore):
        return {"ok": True, "points": list(score.points), "order": list(score.finish_order)}
    return {"ok": True, "totals": list(score.totals)}


def _form_cases() -> list[dict]:
    """Entries as each game's captain form gives them, with the game's setting."""
    cases = []
    for game in GAMES.values():
        seats = 5 if game.placings else game.seats
        event_rules = game_format(game).rules if game.preset else STANDARD.replace(game=game.name)
        rules = game.rules_for(event_rules, seats)
        entries = (
            [{"finish_order": order} for order in ([0, 1, 2, 3], [3, 2, 1], [0, 1], [0, 0, 1, 2])]
            if game.placings
            else [
                {
                    "card_points": [60, 40],
                    "finish_order": [],
                    "calls": {},
                    rules.variant.sweep_key: None,
                },
                {
                    "card_points": [55, 45],
                    "finish_order": [1],
                    "calls": {"1": "tichu"},
                    rules.variant.sweep_key: None,
                },
                {
                    "card_points": [52, 48],
                    "finish_order": [],
                    "calls": {},
                    rules.variant.sweep_key: None,
                },
                {
                    "card_points": None,
                    "finish_order": [0],
                    "calls": {"2": "grand"},
                    rules.variant.sweep_key: 0,
                },
            ]
        )
        for entry in entries:
            cases.append(
                {
                    "entry": entry,
                    "rules": rules.as_dict(),
                    "setting": game.entry_setting(seats),
                    "game": game,
                    "seats": seats,
                }
            )
    return cases


def test_the_page_judges_every_entry_test_case_as_the_server(tmp_path):
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("node and node_modules/pyodide are needed: ./dev install runs npm ci")
    cases = _cases(tmp_path)
    assert len(cases) > 100  # the entry tests' inputs, refused and accepted
    assert {False, True} <= {_server(case)["ok"] for case in cases}
    cases += _form_cases()
    assert {case["rules"]["game"] for case in cases} >= {game.name for game in GAMES.values()}
    zipped = tmp_path / "engine.zip"
    zipped.write_bytes(archive()[0])
    with translation.override("de"):
        words = catalogue(NAMES)
        expected = [_server(case) for case in cases]
    request = tmp_path / "request.json"
    sent = [{key: case[key] for key in ("entry", "rules", "setting")} for case in cases]
    request.write_text(json.dumps({"cases": sent, "catalogue": words, "archive": str(zipped)}))
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
