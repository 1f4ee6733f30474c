"""The transcripts in the docs show the paths of their own commands: an output that says
"results written to FILE" or "already in FILE" comes after a command with --out FILE (the
block's own first line, `$ uv run meeple ...`, or the last command of the block before it).
docs/ladder/solomon.md showed /work/runs/... under a command writing to docs/ladder/..."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
COMMAND = re.compile(r"^\$? ?(?:uv run |python3 -m uv run )?meeple (?:ladder|simulate)\b.*$", re.M)
SHOWN = re.compile(r"(?:already in|results written to)\s+(\S+)")


def _mismatches(text: str) -> list[str]:
    out, command = [], None
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S):
        commands = COMMAND.findall(block)
        own = commands[0] if commands and block.startswith("$ ") else None
        for path in SHOWN.findall(block):
            run = own or command
            given = re.search(r"--out (\S+)", run or "")
            if given is None or given.group(1) != path:
                out.append(f"{path} under {run!r}")
        if commands:
            command = commands[-1]
    return out


@pytest.mark.parametrize("doc", DOCS, ids=[d.relative_to(ROOT).as_posix() for d in DOCS])
def test_a_transcript_shows_the_path_its_command_wrote(doc):
    assert _mismatches(doc.read_text(encoding="utf-8")) == []


def test_the_check_sees_a_path_other_than_the_command():
    text = "```\nuv run meeple ladder x --out a.parquet\n```\n\n```\nresults written to b.parquet\n```\n"
    assert _mismatches(text) == ["b.parquet under 'uv run meeple ladder x --out a.parquet'"]
    fixed = text.replace("```\nresults", "```\n$ uv run meeple ladder x --out b.parquet\nresults")
    assert _mismatches(fixed) == []
