"""The engine is pure Python: importing every module of ``scoring`` loads no Django."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_imports_no_django():
    modules = [info.name for info in pkgutil.walk_packages(scoring.__path__, "scoring.")]
    assert "scoring.state" in modules and "scoring.bots.heuristic" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_these_tests_run_without_pytest_django():
    """``pytest tests/scoring -p no:django`` collects the engine's tests with no Django loaded."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/scoring/test_cards.py",
            "-p",
            "no:django",
            "-p",
            "no:cacheprovider",
            "-v",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "without Django" in result.stdout and "Warning" not in result.stdout
