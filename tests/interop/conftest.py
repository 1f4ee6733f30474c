"""Configurations of the research bindings' tests: every game, player count and variant."""

import meeple

GAMES = ("magnum-sal", "lignum", "solomon", "klondike")


def configs():
    """``(game, num_players, variant)`` for every game, player count and variant."""
    out = []
    for name in GAMES:
        g = meeple.load_game(name)
        for variant in g.variants:
            for n in range(g.min_players, g.max_players + 1):
                out.append((name, n, variant))
    return out


CONFIGS = configs()
IDS = [f"{g}-{n}p-{v}" for g, n, v in CONFIGS]


def require(module: str):
    """``module`` imported, or the test skipped when it is not installed; with
    ``MEEPLE_REQUIRE_BASELINE=1`` (CI, which installs every extra) a missing module fails."""
    import importlib
    import os

    import pytest

    if os.environ.get("MEEPLE_REQUIRE_BASELINE") == "1":
        return importlib.import_module(module)
    return pytest.importorskip(
        module,
        reason=f"{module} is not installed (uv sync --extra baseline; MEEPLE_REQUIRE_BASELINE=1 makes this a failure)",
    )
