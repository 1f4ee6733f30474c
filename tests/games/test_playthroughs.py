"""The readable playthroughs in tests/games/<game>/playthroughs/ are those the engine plays
now (issue 46; as OpenSpiel's ``playthroughs/``): each is regenerated and compared, so a rules
change that alters play shows as a diff a person can read beside the digests of
test_digest.py. After a deliberate change, run ``python3 -m uv run python
scripts/playthroughs.py`` and read the diff of the files it updates."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("playthroughs_script", ROOT / "scripts" / "playthroughs.py")
script = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(script)

CASES = script.cases()


def test_every_game_and_variant_has_a_playthrough():
    import meeple

    bundled = [g for g in meeple.game_names() if g != "toy"]
    assert sorted({c[0] for c in CASES}) == bundled
    assert len(CASES) == sum(len(meeple.load_game(g).variants) for g in bundled)
    for folder in (ROOT / "tests" / "games").glob("*/playthroughs"):
        listed = {c[3] for c in CASES}
        stray = [p.name for p in folder.glob("*.txt") if p not in listed]
        assert not stray, f"{folder.relative_to(ROOT)}: files no game variant writes: {stray}"


@pytest.mark.parametrize("name, variant, n, path", CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}p" for c in CASES])
def test_playthrough_is_up_to_date(name, variant, n, path):
    rel = path.relative_to(ROOT)
    assert path.exists(), f"{rel} is missing: run scripts/playthroughs.py to write it"
    old = path.read_text(encoding="utf-8")
    new = script.text(name, variant, n)
    if old != new:
        diff = "".join(
            list(
                difflib.unified_diff(
                    old.splitlines(True), new.splitlines(True), f"{rel} (committed)", f"{rel} (played now)", n=1
                )
            )[:60]
        )
        pytest.fail(
            f"{rel} differs from the game the engine plays now: run scripts/playthroughs.py to update "
            f"it (python3 -m uv run python scripts/playthroughs.py) and read the diff.\n{diff}",
            pytrace=False,
        )
    assert 50 < new.count("\n") <= 400  # readable, and a few hundred lines at most
