"""Solomon's hand valuation (heuristics.hand_value) measured two ways; figures in docs/ladder/solomon.md.

``uv run python docs/ladder/scripts/solomon_hand_value.py duel 250 12000``
    greedy with ``PER_TILE`` -1.0 against greedy with ``PER_TILE`` 0 (a flat ``PER_CARD`` per
    card, the evaluation before commit 410bed0) on 250 deals (seeds 12000..12249), each dealt
    twice with the seats swapped; prints the first greedy's share of the games.

``uv run --with numpy python docs/ladder/scripts/solomon_hand_value.py fit 150 2000``
    150 greedy-vs-greedy games (flat ``PER_CARD``): at the start of every round from the
    second, the points each seat still gains to the end (final score less its score now),
    fitted per stage of the game on its unfinished scroll credit, its unused items and the
    squares of its hand above the mean (least squares).
"""

from __future__ import annotations

import math
import sys

from meeple.agents.simple import GreedyAgent
from meeple.cli.common import get_game
from meeple.games.solomon import heuristics as H
from meeple.games.solomon import rules
from meeple.games.solomon.actions import CARD_SIZE

GAME = get_game("solomon")


def duel(deals: int, first_seed: int) -> None:
    """Greedy (PER_TILE -1.0) against greedy (PER_TILE 0) on paired deals."""
    configs = (-1.0, 0.0)
    wins = 0.0
    margin = 0
    for d in range(deals):
        for swap in (0, 1):
            s = GAME.new_initial_state(2, seed=first_seed + d)
            bots = [GreedyAgent(seed=2 * d + 1), GreedyAgent(seed=2 * d + 2)]
            per_tile = [configs[swap], configs[1 - swap]]
            while not s.is_terminal():
                p = s.current_player
                H.PER_TILE = per_tile[p]
                s.apply_action(bots[p].choose(s))
            sc = s.scores()
            a = swap                          # the seat of the PER_TILE -1.0 greedy
            margin += sc[a] - sc[1 - a]
            wins += 1.0 if sc[a] > sc[1 - a] else 0.5 if sc[a] == sc[1 - a] else 0.0
    n = 2 * deals
    p = wins / n
    print(f"greedy PER_TILE -1.0 vs PER_TILE 0: {p:.1%} of {n} games "
          f"(+-{1.96 * math.sqrt(p * (1 - p) / n):.1%}), mean margin {margin / n:+.1f} points")


def fit(games: int, first_seed: int) -> None:
    """Least-squares fit of the points still gained on the hand's squares (see module doc)."""
    import numpy as np

    H.PER_TILE = 0.0
    rows, gains = [], []
    for k in range(games):
        s = GAME.new_initial_state(2, seed=first_seed + k)
        bots = [GreedyAgent(seed=k), GreedyAgent(seed=k + 99)]
        snaps = []
        while not s.is_terminal():
            if (s.phase == rules.CHOOSE and not s.choices[0] and not s.choices[1]
                    and 0 < len(s.hands[0]) < 12):
                seats = [H._Seat(s.coins[p], s.pub[p] + s.sec[p]) for p in range(2)]
                for q in range(2):
                    me = seats[q]
                    part = H.scroll_value(me.scrolls) - 10 * min(me.scrolls)
                    left = len(s.hands[q])
                    squares = sum(CARD_SIZE[c] for c in s.hands[q]) - H.MEAN_SIZE * left
                    snaps.append((q, left, part, me.items, squares, H._static(seats, q, final=True)))
            p = s.current_player
            s.apply_action(bots[p].choose(s))
        final = s.scores()
        for q, left, part, items, squares, now in snaps:
            rows.append((left, part, items, squares))
            gains.append(final[q] - now)
    x = np.array(rows, float)
    y = np.array(gains, float)
    print("cards left | seat-rounds | per square of hand above the mean | scroll credit | items")
    for lo, hi in [(1, 1), (2, 2), (3, 3), (4, 5), (6, 8), (9, 11)]:
        m = (x[:, 0] >= lo) & (x[:, 0] <= hi)
        a = np.c_[x[m, 3], x[m, 1], x[m, 2], np.ones(m.sum())]
        c, *_ = np.linalg.lstsq(a, y[m], rcond=None)
        print(f"{lo}-{hi} | {m.sum()} | {c[0]:+.2f} | {c[1]:+.2f} | {c[2]:+.2f}")


if __name__ == "__main__":
    what, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    {"duel": duel, "fit": fit}[what](n, seed)
