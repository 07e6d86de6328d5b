"""The layers of ``tournaments/``: no import cycle, and no service imports the task module.

The graph is read from the source (``ast``), every import counted, also those inside functions:
a deferred import hides a cycle from Python, not from a reader. Imports for type checkers only
(``if TYPE_CHECKING:``) never run and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tournaments

PACKAGE = Path(tournaments.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path for path in PACKAGE.rglob("*.py") if "migrations" not in path.parts
    }


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``tournaments`` that ``name`` imports (a name imported from a package
    counts as its submodule when it is one, else as the package)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(), str(path))
    for block in ast.walk(tree):
        if isinstance(block, ast.If) and ast.unparse(block.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (
                (f"{base}.{node.module}" if node.module else base) if node.level else node.module
            )
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                found.add(submodule if submodule in known else target)
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, set(modules)) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == 1:
                return path[path.index(imported) :] + [imported]
            if imported not in state and (cycle := visit(imported)):
                return cycle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)):
            return cycle
    return None


def test_tournaments_has_no_import_cycle():
    assert find_cycle(import_graph()) is None


def test_no_service_imports_the_task_module():
    graph = import_graph()
    importers = sorted(
        name
        for name, imported in graph.items()
        if "tournaments.tasks" in imported
        and name.startswith(
            ("tournaments.services", "tournaments.standings", "tournaments.selectors")
        )
    )
    assert importers == []


@pytest.mark.parametrize(
    "graph, cycle",
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
    ],
)
def test_the_cycle_finder_finds_cycles(graph, cycle):
    assert find_cycle(graph) == cycle


def test_the_graph_sees_deferred_and_relative_imports():
    graph = import_graph()
    assert "tournaments.tasks" in graph["tournaments.apps"]  # imported inside ready()
    assert "tournaments.standings.schedule" in graph["tournaments.services.hands"]
