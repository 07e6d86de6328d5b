"""The type-check baseline (tests/typecheck.py): a new error fails, a fixed one must lower the
baseline, and line numbers do not matter (a reformatted file keeps its counts). `./dev test`
runs the check itself on the code."""

from __future__ import annotations

from collections import Counter

from tests import typecheck

OUTPUT = """\
tournaments/rows.py:42: error: Value of type "tuple[Any, ...] | None" is not indexable  [index]
tournaments/rows.py:114: error: Argument 1 has type "str | None"  [arg-type]
tournaments/rows.py:120: error: Argument 1 has type "str | None"  [arg-type]
tournaments/rows.py:120: note: See https://example.invalid for more info
tichu_site/cache.py:77: error: "ReusedClients" has no attribute "x"  [attr-defined]
scoring/cards.py:3: error: Something without a code
Found 5 errors in 3 files (checked 140 source files)
"""


def test_counts_errors_per_file_and_code_not_notes():
    assert typecheck.count(OUTPUT) == Counter(
        {
            ("tournaments/rows.py", "index"): 1,
            ("tournaments/rows.py", "arg-type"): 2,
            ("tichu_site/cache.py", "attr-defined"): 1,
            ("scoring/cards.py", "no-code"): 1,
        }
    )


def test_baseline_round_trips_without_line_numbers():
    counts = typecheck.count(OUTPUT)
    text = typecheck.format_baseline(counts)
    assert typecheck.parse_baseline(text) == counts
    moved = OUTPUT.replace(":42:", ":57:").replace(":114:", ":9:")
    assert typecheck.compare(counts, typecheck.count(moved)) == ([], [])


def test_a_new_error_or_file_is_above_the_baseline():
    baseline = typecheck.count(OUTPUT)
    more = OUTPUT + 'tournaments/rows.py:200: error: Bad "x"  [arg-type]\n'
    more += 'tournaments/urls.py:1: error: Bad "y"  [misc]\n'
    above, below = typecheck.compare(baseline, typecheck.count(more))
    assert above == [
        "tournaments/rows.py [arg-type]: 3 errors, baseline 2",
        "tournaments/urls.py [misc]: 1 errors, baseline 0",
    ]
    assert below == []


def test_a_fixed_error_asks_for_a_lower_baseline():
    baseline = typecheck.count(OUTPUT)
    fewer = "\n".join(line for line in OUTPUT.splitlines() if ":42:" not in line)
    above, below = typecheck.compare(baseline, typecheck.count(fewer))
    assert above == []
    assert below == ["tournaments/rows.py [index]: 0 errors, baseline 1"]


def test_the_baseline_file_parses_and_holds_no_engine_entry():
    baseline = typecheck.parse_baseline(typecheck.BASELINE.read_text())
    assert all(n > 0 for n in baseline.values())
    assert not [path for path, _ in baseline if path.startswith("scoring/")]
