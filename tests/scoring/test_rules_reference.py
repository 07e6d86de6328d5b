"""The engine cites its rules reference, ``docs/rules.md``, by section titles that exist there."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
CITATION = re.compile(r'docs/rules\.md``?,?\s+(?P<titles>"[^"]+"(?:(?:,| and)\s+"[^"]+")*)')


def _headings() -> set[str]:
    return {
        line.lstrip("#").strip()
        for line in RULES.read_text(encoding="utf-8").splitlines()
        if line.startswith(("## ", "### "))
    }


def _citations() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "scoring").rglob("*.py")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        for match in CITATION.finditer(text):
            titles = set(re.findall(r'"([^"]+)"', match["titles"]))
            found.setdefault(str(path.relative_to(ROOT)), set()).update(titles)
    return found


def test_every_cited_section_exists():
    headings = _headings()
    citations = _citations()
    assert {
        "scoring/cards.py",
        "scoring/combinations.py",
        "scoring/plays.py",
        "scoring/state.py",
        "scoring/entry.py",
        "scoring/score.py",
        "scoring/victory.py",
    } <= set(citations)
    missing = {path: titles - headings for path, titles in citations.items() if titles - headings}
    assert not missing, f"sections cited but not in docs/rules.md: {missing}"


def test_every_section_names_the_module_that_implements_it():
    """Or says plainly that nothing does yet (the games of issue 17 are written up as built)."""
    text = RULES.read_text(encoding="utf-8")
    for section in text.split("\n## ")[1:]:
        title, _, body = section.partition("\n")
        assert (
            re.search(r"`(scoring|tournaments)/[\w/]*(\.py)?`", body)
            or "Not yet implemented" in body
            or "as they are built" in body
        ), title


def test_no_module_cites_a_rulings_file_a_clone_lacks():
    for path in (ROOT / "scoring").rglob("*.py"):
        assert "RULINGS" not in path.read_text(encoding="utf-8"), path
