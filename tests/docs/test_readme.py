"""The README's Python examples run as written (each block in a fresh namespace)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_python_example_runs(index, capsys):
    exec(compile(BLOCKS[index], f"README.md python block {index + 1}", "exec"), {"__name__": "readme"})
    assert capsys.readouterr().out.strip()  # each example prints what it shows


@pytest.mark.parametrize("game", ["klondike", "solomon", "lignum", "magnum-sal"])
def test_the_readme_round_robin_tables_are_those_of_the_committed_results(game):
    """The README's full round-robin tables are what `ladder --report` reads from the Parquet
    file committed beside them (docs/ladder/GAME-full.parquet)."""
    from typer.testing import CliRunner

    from meeple.cli.main import app

    results = README.parent / "docs" / "ladder" / f"{game}-full.parquet"
    r = CliRunner().invoke(app, ["ladder", game, "--out", str(results), "--report", "--markdown"])
    assert r.exit_code == 0, r.output
    tables = r.output[r.output.index("| bot A |"):].split("\nwarning:")[0].strip()  # Magnum Sal warns of its capped games
    assert "| mcts:1000 | greedy | 200 |" in tables
    assert tables.count("\n| ") == 11  # 6 pairs, the ratings header, 4 bots
    assert tables in README.read_text(encoding="utf-8")


def test_the_readme_counts_the_magnum_sal_games_played_so_far_once_and_right():
    """While Magnum Sal's round robin goes on, the README says once how many of its 1,200 games
    the committed file holds, and the number is that file's (two rows a game)."""
    import pyarrow.parquet as pq

    text = " ".join(README.read_text(encoding="utf-8").split())
    said = re.findall(r"It holds ([\d,]+) of 1,200 games so far", text)
    results = README.parent / "docs" / "ladder" / "magnum-sal-full.parquet"
    games = pq.read_table(results).num_rows // 2
    if games == 1200:
        assert said == []  # the run is complete: the table stands in the README instead
    else:
        assert said == [f"{games:,}"]
