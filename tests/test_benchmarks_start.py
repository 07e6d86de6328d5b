"""Every benchmark the README names starts as its command says (``python benchmarks/<name>.py``,
from any folder): run as a script, Python puts ``benchmarks/`` first on the path, where a file
named like a standard module (an ``http.py``) broke every benchmark importing ``urllib``, and a
script importing ``duplicate.movement`` before ``pairing`` met their import cycle. Both were
found only when the ratings and movements benchmarks were run again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks.run import ORDER

ROOT = Path(__file__).resolve().parents[1]


def test_every_benchmark_script_starts(tmp_path):
    runs = {
        name: subprocess.Popen(
            [sys.executable, str(ROOT / "benchmarks" / f"{name}.py"), "--help"],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name in ORDER
    }
    failed = {}
    for name, run in runs.items():
        output, _ = run.communicate(timeout=120)
        if run.returncode != 0 or "usage:" not in output:
            failed[name] = output[-2000:]
    assert not failed, failed
