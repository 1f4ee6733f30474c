"""The README's and docs' Python examples run as written (each block in a fresh namespace),
and the round-robin tables of docs/bots.md are those of the committed results."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
BOTS = ROOT / "docs" / "bots.md"
DOCS = [README] + sorted((ROOT / "docs").glob("*.md"))
BLOCKS = [
    (doc.relative_to(ROOT).as_posix(), block)
    for doc in DOCS
    for block in re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
]


def test_the_docs_have_python_examples():
    assert len([name for name, _ in BLOCKS if name == "docs/python.md"]) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=[f"{name}-{i}" for i, (name, _) in enumerate(BLOCKS)])
def test_docs_python_example_runs(index, capsys, tmp_path, monkeypatch):
    name, block = BLOCKS[index]
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    exec(compile(block, f"{name} python block {index + 1}", "exec"), {"__name__": "readme"})
    assert capsys.readouterr().out.strip()  # each example prints what it shows


@pytest.mark.parametrize("game", ["klondike", "solomon", "lignum", "magnum-sal"])
def test_the_round_robin_tables_are_those_of_the_committed_results(game):
    """docs/bots.md's full round-robin tables are what `ladder --report` reads from the Parquet
    file committed beside them (docs/ladder/GAME-full.parquet)."""
    from typer.testing import CliRunner

    from meeple.cli.main import app

    results = ROOT / "docs" / "ladder" / f"{game}-full.parquet"
    r = CliRunner().invoke(app, ["ladder", game, "--out", str(results), "--report", "--markdown"])
    assert r.exit_code == 0, r.output
    tables = (
        r.output[r.output.index("| bot A |") :].split("\nwarning:")[0].strip()
    )  # Magnum Sal warns of its capped games
    assert "| mcts:1000 | greedy | 200 |" in tables
    assert tables.count("\n| ") == 11  # 6 pairs, the ratings header, 4 bots
    assert tables in BOTS.read_text(encoding="utf-8")


HOME = "https://github.com/meeple-games/meeple"


def test_the_readme_links_only_files_that_exist():
    """The README is the package's page on the package index too, where a relative link leads
    nowhere: each link is absolute, and one into this repository names a file that exists."""
    links = re.findall(r"\]\(([^)\s]+)\)", README.read_text(encoding="utf-8"))
    assert [link for link in links if not link.startswith(("https://", "http://", "#"))] == []
    ours = [
        link.split("#")[0].removeprefix(HOME + "/blob/main/") for link in links if link.startswith(HOME + "/blob/main/")
    ]
    assert len(ours) >= 10 and "docs/bots.md" in ours
    assert [path for path in ours if not (ROOT / path).exists()] == []


def test_the_readme_opens_with_the_two_commands_of_a_fresh_machine():
    """The set-up is two commands, first on the page (CI runs the second): `make serve` and
    `make test`; the package's commands (`pip install meeple`, `meeple serve`, `meeple play`)
    follow for a machine without a clone."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    first = [line.split("#")[0].strip() for line in blocks[0].splitlines()]
    assert first == ["make serve", "make test"]
    second = [line.split("#")[0].strip() for line in blocks[1].splitlines()]
    assert second[0] == "pip install meeple"
    assert second[1] == "meeple serve" and second[2].startswith("meeple play ")
    assert text.index("make serve") < 400
