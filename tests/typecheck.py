"""mypy on the whole code (`[tool.mypy]` in pyproject.toml), held to a baseline that only shrinks.

The engine (`scoring/`) is typed throughout and checked strictly: it has no baseline entry, so any
error there fails. The Django side (`tournaments/`, `tichu_site/`, with django-stubs and
djangorestframework-stubs) still has errors; `tests/mypy-baseline.txt` counts them per file and
error code, without line numbers (a reformatted file keeps its counts). The check fails

- when a file has more errors of a code than its baseline line (or any error without one): a new
  type error, fix it;
- when a file has fewer: an error was fixed, lower the baseline (`--update` writes the counts
  mypy finds now, and refuses while anything is above the baseline).

    .venv/bin/python tests/typecheck.py            # the check (`./dev test` runs it)
    .venv/bin/python tests/typecheck.py --update   # after fixing errors: lower the baseline

Run from anywhere; mypy runs in the repository with its cache (`.mypy_cache/`).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tests" / "mypy-baseline.txt"

# `path:line: error: message  [code]` (mypy's default output, no columns, no context)
_ERROR = re.compile(r"^(?P<path>[^:\s]+):\d+: error: .*?(?:  \[(?P<code>[a-z0-9-]+)\])?$")

Counts = Counter[tuple[str, str]]


def count(output: str) -> Counts:
    """Errors per (file, error code) in mypy's output; notes and the summary are not counted."""
    counts: Counts = Counter()
    for line in output.splitlines():
        found = _ERROR.match(line.strip())
        if found:
            counts[(found["path"], found["code"] or "no-code")] += 1
    return counts


def parse_baseline(text: str) -> Counts:
    """`path code count` a line; blank lines and `#` comments are skipped."""
    counts: Counts = Counter()
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            path, code, number = line.split()
            counts[(path, code)] = int(number)
    return counts


def format_baseline(counts: Counts) -> str:
    lines = [
        "# mypy errors still allowed, per file and error code: only ever lowered.",
        "# Written by `.venv/bin/python tests/typecheck.py --update`; see tests/typecheck.py.",
    ]
    lines += [f"{path} {code} {n}" for (path, code), n in sorted(counts.items()) if n > 0]
    return "\n".join(lines) + "\n"


def compare(baseline: Counts, current: Counts) -> tuple[list[str], list[str]]:
    """(above, below): the lines where mypy finds more errors than the baseline allows, and those
    where it finds fewer (the baseline must then be lowered)."""
    above, below = [], []
    for key in sorted(set(baseline) | set(current)):
        path, code = key
        allowed, found = baseline[key], current[key]
        if found > allowed:
            above.append(f"{path} [{code}]: {found} errors, baseline {allowed}")
        elif found < allowed:
            below.append(f"{path} [{code}]: {found} errors, baseline {allowed}")
    return above, below


def run_mypy() -> tuple[int, str]:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-pretty", "--no-error-summary", "--hide-error-context"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return result.returncode, result.stdout + result.stderr


def main(argv: list[str]) -> int:
    update = "--update" in argv
    status, output = run_mypy()
    current = count(output)
    # 0: clean, 1: type errors (counted); anything else (2: a crash, a bad config) is a failure.
    if status not in (0, 1) or (status == 1 and not current):
        print(output, end="")
        print(f"mypy failed (exit {status})", file=sys.stderr)
        return 1
    if update and not BASELINE.exists():
        BASELINE.write_text(format_baseline(current))
        print(f"mypy: baseline written ({sum(current.values())} errors)")
        return 0
    baseline = parse_baseline(BASELINE.read_text()) if BASELINE.exists() else Counter()
    above, below = compare(baseline, current)
    if above:
        print(output, end="")
        print("\nmypy: more errors than tests/mypy-baseline.txt allows (fix them):")
        print("\n".join(f"  {line}" for line in above))
        return 1
    if below:
        if update:
            BASELINE.write_text(format_baseline(current))
            print(f"mypy: baseline lowered ({sum(current.values())} errors left)")
            return 0
        print("mypy: fewer errors than tests/mypy-baseline.txt says; lower it with")
        print("`.venv/bin/python tests/typecheck.py --update`:")
        print("\n".join(f"  {line}" for line in below))
        return 1
    print(f"mypy: {sum(current.values())} errors, as in tests/mypy-baseline.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
