"""The project's static checks, run by the test suite so that the README's test command
(`make test`, and so CI) runs them too. Each runs its tool from the repository's root, with
the settings in pyproject.toml, and fails showing the tool's own report.

* mypy: the public API (`meeple`, `meeple.core`, `meeple.agents`: the files of
  `[tool.mypy]`) is fully typed and type-checks cleanly. Run it yourself with
  `uv run mypy` (or `uv run mypy src/meeple/__init__.py src/meeple/core src/meeple/agents`).
* ruff: lint (`uv run ruff check src tests benchmarks scripts`) and format
  (`uv run ruff format ...`; CI checks with `--check`).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS`` in the repository's root (its pyproject.toml configures the tools)."""
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def _report(result: subprocess.CompletedProcess[str]) -> str:
    return f"exit {result.returncode}\n{result.stdout}{result.stderr}"


def test_mypy_public_api():
    """mypy on the files of [tool.mypy] (the public API, strict: every function annotated)
    finds no error."""
    result = _run("mypy", "--config-file", "pyproject.toml")
    assert result.returncode == 0, _report(result)
    assert "Success" in result.stdout, _report(result)


PATHS = ("src", "tests", "benchmarks", "scripts")
"""What ruff checks and formats (the settings: [tool.ruff] in pyproject.toml)."""


def test_ruff_lint():
    """ruff's lint rules ([tool.ruff.lint]) find nothing; `uv run ruff check --fix` fixes most."""
    result = _run("ruff", "check", *PATHS)
    assert result.returncode == 0, _report(result)


def test_ruff_format():
    """Every file is as `uv run ruff format` writes it."""
    result = _run("ruff", "format", "--check", *PATHS)
    assert result.returncode == 0, _report(result)
