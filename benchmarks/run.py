"""Run the benchmarks and print their tables: ``python benchmarks/run.py [name ...]``.

Names: engine, pairing, movements, duplicate_event, standings, http_throughput, freshness,
public_reads, ratings, captain_page (default: all present). Each runs as its own process (``python
benchmarks/<name>.py``), so one benchmark's imports, caches and database connections never colour
another's figures; arguments after ``--`` go to every benchmark.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ORDER = (
    "engine",
    "pairing",
    "movements",
    "duplicate_event",
    "standings",
    "http_throughput",
    "freshness",
    "public_reads",
    "ratings",
    "captain_page",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="name", help=f"some of {', '.join(ORDER)}")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    unknown = set(args.names) - set(ORDER)
    if unknown:
        parser.error(f"unknown benchmark {sorted(unknown)[0]!r}; choose from {', '.join(ORDER)}")
    names = args.names or [name for name in ORDER if (HERE / f"{name}.py").exists()]
    failed = []
    for name in names:
        script = HERE / f"{name}.py"
        if not script.exists():
            print(f"## {name}: not written yet ({script.name} is missing)\n")
            continue
        print(f"## {name}\n", flush=True)
        if subprocess.run([sys.executable, str(script), *extra]).returncode:
            failed.append(name)
        print(flush=True)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
