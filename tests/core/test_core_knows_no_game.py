"""Core is game-agnostic (issue 46): no module of ``meeple.core`` names a bundled game, and
none imports the layers above it (bots, command line, server, the test harness
``meeple.testing``); the registry alone loads ``meeple.games`` to register them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import meeple.core

CORE = Path(meeple.core.__file__).parent
GAME_WORDS = re.compile(r"solomon|lignum|klondike|magnum", re.IGNORECASE)
ABOVE = (
    "meeple.agents",
    "meeple.cli",
    "meeple.server",
    "meeple.sim",
    "meeple.interop",
    "meeple.testing",
    "meeple.front",
)


def test_core_names_no_game():
    named = [
        f"{path.name}:{i}: {line.strip()}"
        for path in sorted(CORE.glob("*.py"))
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if GAME_WORDS.search(line)
    ]
    assert named == [], "core must not name a game (a game's knowledge is a hook on its state or game):\n" + "\n".join(
        named
    )


def _imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from .x / from ..x, inside meeple.core
                base = ["meeple", "core"][: max(0, 3 - node.level)] if node.level <= 2 else []
                out.append(".".join(base + ([node.module] if node.module else [])))
            else:
                out.append(node.module or "")
    return out


def test_core_imports_no_layer_above_it():
    found = [
        f"{path.name}: {name}"
        for path in sorted(CORE.glob("*.py"))
        for name in _imports(path)
        if name.startswith(ABOVE)
    ]
    assert found == []
