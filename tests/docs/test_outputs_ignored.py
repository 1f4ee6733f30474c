"""The files the docs' commands write where they are run (`--out a.parquet`, `--records
games`, `--out report/`) are in .gitignore: trying an example leaves the clone clean."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def _outputs() -> set[str]:
    """Paths given to --out, --records or --save in the docs, relative and not placeholders
    (FILE, DIR) nor the committed results under docs/."""
    found = set()
    for doc in DOCS:
        for path in re.findall(r"--(?:out|records|save)[ =]([\w./-]+)", doc.read_text(encoding="utf-8")):
            if path.isupper() or path.startswith(("docs/", "/")) or any(c.isupper() for c in path):
                continue
            found.add(path)
    return found


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_the_docs_outputs_are_ignored():
    outputs = _outputs()
    assert {"a.parquet", "report/", "games"} <= outputs
    tracked = []
    for path in sorted(outputs):
        probe = path + "x.html" if path.endswith("/") else path
        probe = probe if "." in Path(probe).name else probe + "/x.json"  # a folder: a file in it
        if subprocess.run(["git", "check-ignore", "-q", "--no-index", probe], cwd=ROOT).returncode != 0:
            tracked.append(path)
    assert tracked == []
