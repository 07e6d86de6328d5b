"""The workers' row locks never block the foreign-key checks of the services' transactions.

A service that changes an event's structure locks the event's row ``FOR UPDATE`` on purpose: a
hand entry holds it ``FOR KEY SHARE`` (entries at different tables go on in parallel), and the
structure change must wait for them (``tests/reliability/test_locking.py``). The workers are
different: the ratings worker locks its register only so that two runs never interleave, while
it inserts rating points that point at the register's events. PostgreSQL checks such a foreign
key at commit with ``FOR KEY SHARE``, which waits for a ``FOR UPDATE`` lock but not for ``FOR NO
KEY UPDATE``. With ``FOR UPDATE`` on the register, a service holding an event (its new rows
pointing at the register) and the ratings worker holding the register (its new rows pointing at
the event) each waited for the other at commit, and PostgreSQL ended one of them with "deadlock
detected". So every lock the workers take is ``select_for_update(no_key=True)``, and so is every
lock on people (a merge, an erasure): the workers' rows point at people too, and a merge that held
two people ``FOR UPDATE`` while it marked the register's ratings stale waited for the ratings
worker, which waited at its commit for those two people.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tournaments

PACKAGE = Path(tournaments.__file__).parent
# what the Celery tasks run besides the services they call, and the services that lock people
WORKERS_AND_PEOPLE = ("ratings", "standings", "services/people.py")


def _locks_that_block_key_checks(place: Path) -> list[str]:
    found = []
    for path in sorted(place.rglob("*.py")) if place.is_dir() else [place]:
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


def test_the_workers_and_people_s_row_locks_leave_foreign_key_checks_free():
    places = [PACKAGE / place for place in WORKERS_AND_PEOPLE]
    assert all(place.exists() for place in places)
    assert [lock for place in places for lock in _locks_that_block_key_checks(place)] == []
