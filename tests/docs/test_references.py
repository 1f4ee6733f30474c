"""What the code points a reader to exists: `meeple play --help` pointed to "the README's
Bots table", moved to docs/bots.md long before; the package's docstrings named README
sections that are gone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "src" / "meeple").rglob("*.py"))


def test_every_docs_page_the_code_names_exists():
    named = {
        (path.relative_to(ROOT).as_posix(), page)
        for path in SOURCES
        for page in re.findall(r"\bdocs/[\w/-]+\.md", path.read_text(encoding="utf-8"))
    }
    assert named
    assert sorted((where, page) for where, page in named if not (ROOT / page).exists()) == []


def test_the_code_sends_no_reader_to_a_readme_section():
    """The README is the front page; the details live in docs/ (a section named in the code
    moved there and left the pointer stale)."""
    stale = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"README'?s? ?(\"|,|[A-Z][a-z]+ table|tables)", line)
    ]
    assert stale == []


def test_play_help_points_to_the_bots_page():
    from typer.testing import CliRunner

    from meeple.cli.main import app

    text = " ".join(CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output.split())
    assert "README" not in text
    assert "https://github.com/meeple-games/meeple/blob/main/docs/bots.md" in text
