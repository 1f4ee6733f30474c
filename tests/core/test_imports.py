"""No import loops in meeple (issue 46, item 4): the modules of ``src/meeple`` import one another
as a tree of layers, never in a circle, and each imports alone in a fresh interpreter.

Two checks:

* the import graph, read statically with ``ast`` from every ``import`` of a meeple module
  (at module level and inside functions: a deferred import is how a loop hides; imports under
  ``if TYPE_CHECKING:`` are for the type checker only and do not count), has no cycle;
* one fresh interpreter imports every module first, one after another, with the meeple entries
  of ``sys.modules`` cleared before each (a loop that the graph misses, e.g. through
  ``importlib``, shows as a partially initialised module).
"""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest

import meeple

ROOT = pathlib.Path(meeple.__file__).parent


def _modules() -> dict[str, tuple[pathlib.Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package). Folders without an
    ``__init__.py`` (the web client's files, the Alembic migration scripts, run by path) and
    ``__main__`` (it runs the command) are not modules of it."""
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__main__":
            continue
        if any(not (ROOT.parent.joinpath(*parts[:i]) / "__init__.py").exists() for i in range(1, len(parts))):
            continue
        package = parts[-1] == "__init__"
        if package:
            parts = parts[:-1]
        out[".".join(parts)] = (path, package)
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(nodes):
    """The import statements among ``nodes`` at any depth, those under ``if TYPE_CHECKING:`` left out."""
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node):
            yield from _imports(node.orelse)
        else:
            yield from _imports(ast.iter_child_nodes(node))


def import_graph() -> dict[str, set[str]]:
    """Module -> the meeple modules it imports (``from p import m`` of a submodule ``m`` counts
    as importing ``p.m``; of a name, as importing ``p``)."""
    mods = _modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, (path, package) in mods.items():
        here = name if package else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path)).body):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    target = alias.name
                    while target and target not in mods:
                        target = target.rpartition(".")[0]
                    if target:
                        graph[name].add(target)
                continue
            if node.level:
                base = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source != "meeple" and not source.startswith("meeple."):
                continue
            for alias in node.names:
                if f"{source}.{alias.name}" in mods:
                    graph[name].add(f"{source}.{alias.name}")
                elif source in mods:
                    graph[name].add(source)
        graph[name].discard(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_reads_every_module():
    graph = import_graph()
    assert "meeple.games.lignum.rules.flow" in graph and "meeple.sim.runner" in graph
    assert "meeple.games.lignum.rules.travel" in graph["meeple.games.lignum.rules.flow"]
    assert "meeple.core" in graph["meeple.games.lignum.rules.flow"]  # from meeple.core import TERMINAL
    assert not any(m.startswith("meeple.server.migrations") for m in graph)


def test_the_cycle_finder_finds_a_loop():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle():
    graph = import_graph()
    loops = cycles(graph)
    detail = "; ".join(
        " <-> ".join(c) + " (" + ", ".join(f"{m} imports {sorted(graph[m] & set(c))}" for m in c) + ")" for c in loops
    )
    assert not loops, f"import loops among meeple's modules: {detail}"


_FRESH = r"""
import importlib, json, sys, traceback
failed, missing = {}, {}
for name in json.loads(sys.argv[1]):
    for key in [k for k in sys.modules if k == "meeple" or k.startswith("meeple.")]:
        del sys.modules[key]
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and e.name != "meeple" and not e.name.startswith("meeple."):
            missing[name] = e.name      # an optional dependency not installed here
        else:
            failed[name] = traceback.format_exc(limit=-3)
    except Exception:
        failed[name] = traceback.format_exc(limit=-3)
print(json.dumps({"failed": failed, "missing": missing}))
"""


@pytest.mark.slow  # some 20 s: each import runs meeple's modules again (all four games)
def test_each_module_imports_alone_in_a_fresh_interpreter():
    names = sorted(_modules())
    done = subprocess.run(
        [sys.executable, "-c", _FRESH, json.dumps(names)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert not result["failed"], "modules that do not import alone:\n" + "\n".join(
        f"{name}:\n{trace}" for name, trace in result["failed"].items()
    )
