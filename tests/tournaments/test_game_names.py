"""A game owns its shape: outside the engine's games (``scoring/variants/``) and the tournament's
game classes (``tournaments/games/``), no module, template or script of the engine or the site
names a game or a sweep key, not even inside a longer code (``triple_victory_invalid``): what to
show, which presets to offer, which events the demo plays and how a refusal is worded come from
the game's classes (its ``preset``, ``sample`` and ``sweep_label``, its engine's ``sweep_key``)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = re.compile(r"(?<![a-z])(tientsin|threechu|grand_seigneur|triple_victory)(?![a-z])")
"""The games' and sweeps' names as the code spells them, alone or in a code such as
``finish_order_triple_victory`` (``tichu`` is also a call's name, and ``double_victory`` the DTM's
victory points' and the documented entry's word for any sweep)."""
SEARCHED = ("scoring", "tournaments", "tichu_site", "templates", "static")
OWNERS = ("tournaments/games/", "scoring/variants/")


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
    for owner in OWNERS:
        files = (ROOT / owner).rglob("*.py")
        assert any(NAMES.search(path.read_text(encoding="utf-8")) for path in files), owner
    assert NAMES.search('"finish_order_triple_victory"') and not NAMES.search("TientsinTables")
