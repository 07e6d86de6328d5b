"""A game owns its shape: outside the engine's games (``scoring/variants/``) and the tournament's
game classes (``tournaments/games/``), no module, template or script names a game or a sweep key
to decide what to show. The few places below still do, each for a stated reason; the list may
only shrink (a place that no longer names a game must leave it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = re.compile(r"\b(tientsin|threechu|grand_seigneur|triple_victory)\b")
"""The games' and sweeps' names as the code spells them (``tichu`` is also a call's name)."""
SEARCHED = ("tournaments", "tichu_site", "templates", "static")
OWNERS = ("tournaments/games/", "tournaments/migrations/")
STILL_NAMING = {
    "tournaments/formats.py": "the presets: one per game, with its format's values",
    "tournaments/management/commands/demo.py": "the demo's sample events, one per game",
}


def _naming() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".html", ".js") or relative.startswith(OWNERS):
                continue
            hits = NAMES.findall(path.read_text(encoding="utf-8"))
            if hits:
                found[relative] = hits
    return found


def test_no_page_view_serializer_or_export_names_a_game():
    outside = {path: hits for path, hits in _naming().items() if path not in STILL_NAMING}
    assert not outside, f"ask the game's class instead: {outside}"


def test_the_list_of_places_still_naming_a_game_only_shrinks():
    assert set(STILL_NAMING) <= set(_naming()), "remove the places that no longer name a game"
