"""The shared services of the front ends (meeple.front, issue 44 part 6): no module outside
``meeple/cli`` imports ``meeple.cli``; the CLI's old names are the very functions of
``meeple.front``; the web server's undo and text board use them."""

from __future__ import annotations

import ast
from pathlib import Path

import meeple
from meeple import front
from meeple.core import load_game

SRC = Path(meeple.__file__).parent

ENTRY_POINTS = {"__main__.py"}
"""``python -m meeple`` runs the command line: the one place outside cli/ that must import it."""


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """``(line, absolute module name)`` of every import in ``path``, relative ones resolved
    against the module's package (``from ..cli.play import x`` in meeple/server/service.py
    -> ``meeple.cli.play``), also imports inside functions."""
    rel = path.relative_to(SRC.parent).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append((node.lineno, name))
            out += [(node.lineno, f"{name}.{a.name}") for a in node.names]
    return out


def test_the_resolver_reads_relative_imports():
    """The check below would pass on anything if relative imports were not resolved."""
    found = dict((m, line) for line, m in _imported_modules(SRC / "cli" / "play.py"))
    assert "meeple.front" in found and "meeple.cli.common" in found and "meeple.agents" in found


def test_no_module_outside_cli_imports_meeple_cli():
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "cli" or str(rel) in ENTRY_POINTS:
            continue
        for line, module in _imported_modules(path):
            if module == "meeple.cli" or module.startswith("meeple.cli."):
                offenders.append(f"{rel}:{line} imports {module}")
    assert offenders == []


def test_the_cli_keeps_its_old_names_as_the_shared_functions():
    from meeple.cli import common, play

    for name in ("save_game", "load_save", "takeback", "hidden_shown", "check_save_target", "seat_label"):
        assert getattr(play, name) is getattr(front, name), name
    for name in ("render", "action_notes", "listed_actions"):
        assert getattr(common, name) is getattr(front, name), name
    assert play.SAVE_FORMAT == front.SAVE_FORMAT == 1


def test_the_server_uses_the_shared_takeback_and_text_view():
    from meeple.server import payload, service

    assert service.takeback is front.takeback
    assert payload.text_view is front.text_view
    assert payload.listed_actions is front.listed_actions


def test_save_and_load_round_trip_through_front(tmp_path):
    state = load_game("klondike").new_state(2, 7, "square")
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    path = front.save_game(state, ["human", "easy"], tmp_path / "g.json")
    loaded, seats = front.load_save(path)
    assert seats == ["human", "easy"]
    assert loaded.history == state.history and loaded.to_dict() == state.to_dict()


def test_text_view_is_the_terminal_view_as_plain_text():
    state = load_game("solomon").new_state(2, 3)
    text = front.text_view(state, 0)
    assert "\x1b[" not in text  # no colour codes
    assert text.strip() and max(len(line) for line in text.splitlines()) <= 100
