"""A pytest plugin that records every entry the engine's entry tests give ``score_entry``, with
the rules and the engine's answer: the cases the page's offline verdict is checked on
(``test_page_verdict``). Loaded with ``-p tests.offline.entry_cases``; writes JSON lines to the
file named by ``TICHU_ENTRY_CASES``."""

from __future__ import annotations

import json
import os

import scoring
import scoring.entry


def pytest_configure(config):
    """Wrap ``score_entry`` before the test modules import it."""
    original = scoring.entry.score_entry
    out = open(os.environ["TICHU_ENTRY_CASES"], "a", encoding="utf-8")  # noqa: SIM115 (the session's)
    config.add_cleanup(out.close)

    def recorded(entry, rules=scoring.STANDARD, dealer=None):
        try:  # the dealer as the game's setting gives it (``page_engine.score``)
            setting = {} if dealer is None else {"dealer": dealer}
            line = json.dumps({"entry": entry, "rules": rules.as_dict(), "setting": setting})
        except (TypeError, ValueError):  # not JSON: no page sends it
            line = None
        try:
            answer = original(entry, rules, dealer=dealer)
        except scoring.InvalidHand:
            answer = None
        except ValueError:  # a dealer in a game without one: a caller's error, no entry
            raise
        if line is not None and json.loads(line)["entry"] == entry and _same_types(entry):
            out.write(line + "\n")
        if answer is None:
            return original(entry, rules, dealer=dealer)  # the refusal again, raised
        return answer

    scoring.entry.score_entry = recorded
    scoring.score_entry = recorded


def _same_types(value) -> bool:
    """JSON through the page gives back what went in: no tuples, no non-string keys, no floats
    (a JavaScript number has no 50.0 apart from 50; the form's numbers are whole)."""
    if isinstance(value, (tuple, float)):
        return False
    if isinstance(value, dict):
        return all(isinstance(k, str) and _same_types(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_same_types(v) for v in value)
    return True
