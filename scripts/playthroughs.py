"""Write the readable playthroughs of every bundled game, variant and player count into
``tests/games/<game>/playthroughs/<variant>-<n>p.txt`` (as OpenSpiel's ``playthroughs/``).

Each file is :func:`meeple.testing.playthrough.playthrough` of one seeded random game: the
actions in notation and in words with the events they caused, the board at a few points and
the results. ``tests/games/test_playthroughs.py`` checks that the files are those the engine
plays now, so a rules change shows in the diff of these files; run this script after one
(and read the diff):

    python3 -m uv run python scripts/playthroughs.py           # write the files that changed
    python3 -m uv run python scripts/playthroughs.py --check   # only say which differ (exit 1)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = 1
"""The seed of every playthrough (the game's and the moves')."""


def cases() -> list[tuple[str, str, int, Path]]:
    """``(game id, variant, players, file)`` of every playthrough: every bundled game and
    variant, at :func:`meeple.testing.playthrough.default_players` players."""
    import meeple
    from meeple.testing.playthrough import default_players

    out = []
    for name in meeple.game_names():
        game = meeple.load_game(name)
        if game.package.split(".")[:2] != ["meeple", "games"]:
            continue  # a game registered by the tests (the toy)
        folder = ROOT / "tests" / "games" / game.package.rsplit(".", 1)[1] / "playthroughs"
        n = default_players(game)
        for variant in game.variants:
            out.append((name, variant, n, folder / f"{variant}-{n}p.txt"))
    return out


def text(name: str, variant: str, n: int) -> str:
    """The playthrough of one case (see :func:`cases`)."""
    from meeple.testing.playthrough import playthrough

    return playthrough(name, variant, n, SEED)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file differs")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    differ = 0
    for name, variant, n, path in cases():
        new = text(name, variant, n)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == new:
            continue
        differ += 1
        rel = path.relative_to(ROOT)
        if args.check:
            print(f"differs: {rel}")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new, encoding="utf-8")
        print(f"{'updated' if old is not None else 'written'}: {rel} ({new.count(chr(10))} lines)")
    if not differ:
        print("every playthrough is up to date")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
