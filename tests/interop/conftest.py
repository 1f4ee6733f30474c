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
