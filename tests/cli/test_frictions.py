"""The small frictions a new user met in the terminal (issue 46, item 8): each test names what
was seen and fails on it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ["games", "rules", "play", "simulate", "replay", "report", "bench", "fuzz", "serve", "ladder"]


def run(*args, input=None, env=None):
    return runner.invoke(app, list(args), input=input, env=env)


def _help(*args, columns=80):
    r = run(*args, "--help", env={"COLUMNS": str(columns), "TERM": "dumb"})
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize("command", [[]] + [[c] for c in COMMANDS])
def test_a_flag_shows_no_bool_metavar(command):
    """`--help`, `--version` and every on/off flag take no value: no `<bool>` beside them."""
    text = _help(*command)
    assert "--help" in text
    assert "<bool>" not in text


def test_the_command_list_breaks_no_sentence_at_80_columns():
    """`meeple --help` at 80 columns: each command's description is one paragraph wrapped to the
    width, not broken where the docstring's source line ended ("per bot, per seat and" alone)."""
    text = _help()
    lines = [line for line in text[text.index("Commands") :].splitlines()[1:] if line.startswith("│")]
    first = re.match(r"│ (\w+)(\s+)", lines[0])
    start, right = first.end(), lines[0].rindex("│")
    width = right - 1 - start  # the description column
    broken = []
    for previous, line in zip(lines, lines[1:]):
        if line[2:start].strip():  # the next command starts
            continue
        said, next_word = previous[start:right].rstrip(), line[start:right].split()[0]
        if len(said) + 1 + len(next_word) <= width:  # the word would have fitted: a cut mid-sentence
            broken.append(said)
    assert broken == []


def test_bench_shows_whole_game_and_variant_names_at_80_columns():
    """`meeple bench` in an 80-column terminal cut names to `magnum-s…` and `mapped-m…`."""
    from meeple.cli.common import console

    assert console.width == 80  # the runner's output is no terminal: rich's 80 columns
    r = run("bench", "magnum-sal", "--seconds", "0.1", "--variant", "mapped-mine")
    assert r.exit_code == 0, r.output
    assert "…" not in r.output
    assert "magnum-sal" in r.output and "mapped-mine" in r.output
    assert "clones/s" in r.output and "length" in r.output  # each header whole, wrapped at its spaces
    assert max(len(line) for line in r.output.splitlines()) <= 80
    r = run("bench", "lignum", "--seconds", "0.1", "--variant", "advanced-tactical", "--unchecked")
    assert r.exit_code == 0, r.output
    assert "…" not in r.output and "advanced-tactical" in r.output and "apply_unchecked()" in r.output


def test_report_without_matplotlib_names_the_pip_command(monkeypatch, tmp_path):
    """An installed meeple has no uv: the message gives `pip install 'meeple[report]'` first."""
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` raises ImportError
    r = run("report", "solomon", "--in", str(tmp_path / "games.parquet"), "--out", str(tmp_path / "report"))
    assert r.exit_code == 2, r.output
    text = " ".join(r.output.split())
    assert "pip install 'meeple[report]'" in text
    assert "uv sync --extra report" in text  # still there for a clone


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
@pytest.mark.parametrize("code, make_fails", [(130, False), (0, False), (2, True), (1, True)])
def test_make_play_takes_a_saved_ctrl_c_as_the_end_asked_for(tmp_path, code, make_fails):
    """Ctrl-C in `make play` saves the game and meeple exits 130: make said
    `make: *** [Makefile:29: play] Error 130`. Only that code is taken as success (a stand-in
    for uv exits with it here; a real run in a terminal: the commit that added this test)."""
    fake = tmp_path / "uv"
    fake.write_text(f'#!/bin/sh\n[ "$1" = run ] && exit {code}\nexit 0\n')
    fake.chmod(0o755)
    p = subprocess.run(
        ["make", "-s", "-C", str(ROOT), "play", f"UV={fake}"], capture_output=True, text=True, timeout=60
    )
    assert (p.returncode != 0) == make_fails, p.stderr
    assert ("Error" in p.stderr) == make_fails, p.stderr


def test_simulate_with_too_few_seats_suggests_players():
    """`simulate solomon --seats greedy -n 5` said only "takes 2 to 5 players, not 1"."""
    r = run("simulate", "solomon", "--seats", "greedy", "-n", "5")
    assert r.exit_code == 2, r.output
    text = " ".join(r.output.split())
    assert "2 to 5 players" in text
    assert "--players" in text and "--seats greedy --players 2" in text
    r = run("simulate", "lignum", "--seats", "greedy,random,greedy,random,greedy")  # too many: no --players hint
    assert r.exit_code == 2 and "2 to 4 players, not 5" in " ".join(r.output.split())


def test_a_stopped_simulate_without_out_says_the_finished_games_are_dropped(monkeypatch):
    """Ctrl-C in `simulate` without --out: the summary was printed and the games were gone
    without a word; now it says how many are not kept and how --out would keep them."""
    from meeple.cli import main

    real, count = main.Progress.advance, []

    def stop_after_three(self, task, advance=1):
        real(self, task, advance)
        count.append(1)
        if len(count) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(main.Progress, "advance", stop_after_three)
    r = run("simulate", "toy", "-n", "10")
    assert r.exit_code == 130, r.output
    text = " ".join(r.output.split())
    assert "stopped: 3 of 10 games finished" in text
    assert "the 3 finished games are not kept (no --out)" in text
    assert "--out FILE.parquet" in text and "--resume" in text


def test_the_test_client_imports_without_a_deprecation_warning():
    """The suite's warnings summary showed StarletteDeprecationWarning ("Using `httpx` with
    `starlette.testclient` is deprecated"): the dev group now has httpx2, the client it wants."""
    import sys

    p = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", "import fastapi.testclient"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
