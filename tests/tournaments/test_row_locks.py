"""Row locks never block the foreign-key checks of other transactions.

A service serializes its writes by locking a row (the event, the register, a match); a worker
meanwhile inserts rows that point at that row (standings, ratings, rating points). PostgreSQL
checks such a foreign key at commit with ``FOR KEY SHARE``, which waits for a ``FOR UPDATE`` lock
but not for ``FOR NO KEY UPDATE``. With ``FOR UPDATE`` a captain's hand (holding the event, its
new rows pointing at the register) and the ratings worker (holding the register, its new rows
pointing at the event) each waited for the other at commit, and PostgreSQL ended one of them
with "deadlock detected". No lock here changes a key or deletes its row, so every one is taken
as ``select_for_update(no_key=True)``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tournaments

PACKAGE = Path(tournaments.__file__).parent


def _locks_that_block_key_checks() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for call in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "select_for_update"
                and not any(
                    keyword.arg == "no_key"
                    and isinstance(keyword.value, ast.Constant)
                    and keyword.value.value is True
                    for keyword in call.keywords
                )
            ):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{call.lineno}")
    return found


def test_every_row_lock_leaves_foreign_key_checks_free():
    assert _locks_that_block_key_checks() == []
