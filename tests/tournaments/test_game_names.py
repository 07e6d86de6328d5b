"""A game owns its shape: outside the engine's games (``scoring/variants/``) and the tournament's
game classes (``tournaments/games/``), no module, template or script of the site names a game
or a sweep key: what to show, which presets to offer and which events the demo plays come from
the game's class (its ``preset`` and ``sample``)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = re.compile(r"\b(tientsin|threechu|grand_seigneur|triple_victory)\b")
"""The games' and sweeps' names as the code spells them (``tichu`` is also a call's name)."""
SEARCHED = ("tournaments", "tichu_site", "templates", "static")
OWNERS = ("tournaments/games/",)


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


def test_nothing_outside_the_game_classes_names_a_game():
    assert not _naming(), f"ask the game's class instead: {_naming()}"


def test_the_search_finds_a_game_named_where_it_looks():
    """The check itself: the game classes name their games, and a name is found there."""
    owners = ROOT / OWNERS[0]
    assert any(NAMES.search(path.read_text(encoding="utf-8")) for path in owners.rglob("*.py"))
