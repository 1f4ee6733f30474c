"""``meeple fuzz``: a run that finds failures writes the reproducer and exits 1, a clean run
writes nothing, a bad configuration exits 2 (the harness itself: tests/testing/test_fuzz.py)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from meeple.cli.main import app
from tests.support.planted import SloppyToy


def test_cli_fuzz_writes_the_reproducer_and_exits_1(planted, tmp_path):
    planted(SloppyToy, "toy-sloppy")
    out = tmp_path / "repro.json"
    result = CliRunner().invoke(app, ["fuzz", "toy-sloppy", "--steps", "3000", "--out", str(out)])
    assert result.exit_code == 1, result.output
    data = json.loads(out.read_text())
    assert data["fuzz"]["failures_total"] > 0
    first = data["fuzz"]["failures"][0]
    assert {"game", "seed", "record", "input", "kind", "problem"} <= set(first)
    assert first["game"] == "toy-sloppy"


def test_cli_fuzz_clean_run(tmp_path):
    out = tmp_path / "repro.json"
    result = CliRunner().invoke(app, ["fuzz", "klondike", "--steps", "800", "--leaks", "30", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "800" in result.output and "failures" in result.output
    assert "30 states" in result.output and "0 leaks" in result.output
    assert not out.exists()


def test_cli_fuzz_bad_configuration_exits_2():
    result = CliRunner().invoke(app, ["fuzz", "lignum", "--players", "7"])
    assert result.exit_code == 2
    assert "takes 1 to 4 players" in result.output or "players, not 7" in result.output
