"""Statistics over game results: win rates with confidence intervals, summaries."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a win rate of ``wins`` in ``n`` games.

    Returns ``(low, high)`` in [0, 1]; ``(0, 1)`` when ``n`` is 0.

    Raises:
        ValueError: ``n`` below 0, or ``wins`` not a number in 0..n.
    """
    if n < 0:
        raise ValueError(f"a number of games is 0 or more, not {n}")
    if not 0 <= wins <= max(n, 0):  # also refuses NaN
        raise ValueError(f"wins must lie in 0..{n} (ties count half), not {wins}")
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results) -> dict:
    """Per-bot, per-seat and per-turn-order wins and mean scores, and game lengths, of a list
    of GameResult.

    Returns ``{"bots": {spec: {...}}, "seats": {seat: {...}}, "turn_order": {k: {...}},
    "games": n, "mean_steps": x, "mean_seconds": y, "steps": ..., "margin": ...,
    "seatings": ...}``; wins count shared wins fractionally.

    * ``turn_order``: the seat that played k-th in the first round (1: the start player,
      ``GameResult.start_player``), over the games that have one (empty for Solomon).
    * ``steps``: ``(min, median, max)`` of the games' actions; None for no games.
    * ``margin``: the best score's lead over the second best, ``(mean, median, max)`` in the
      game's units (groše, dollars, points; 0 when two seats tie for the best score, whoever
      the tie-break favours); None for no games.
    * ``seatings``: how often each bot sat in each seat, ``{spec: {seat: games}}``.
    """
    bots = defaultdict(lambda: {"games": 0, "wins": 0.0, "score": 0.0, "return": 0.0})
    seats = defaultdict(lambda: {"games": 0, "wins": 0.0, "score": 0.0})
    orders = defaultdict(lambda: {"games": 0, "wins": 0.0, "score": 0.0})
    steps = 0
    secs = 0.0
    lengths, margins = [], []
    seatings = defaultdict(lambda: defaultdict(int))
    for r in results:
        lengths.append(r.steps)
        top = sorted(r.scores, reverse=True)
        margins.append(top[0] - top[1] if len(top) > 1 else 0)  # a tie for first: 0
        for s, spec in enumerate(r.bots):
            seatings[spec][s] += 1
            w = (1.0 / len(r.winners)) if s in r.winners else 0.0
            b = bots[spec]
            b["games"] += 1
            b["wins"] += w
            b["score"] += r.scores[s]
            b["return"] += r.returns[s]
            st = seats[s]
            st["games"] += 1
            st["wins"] += w
            st["score"] += r.scores[s]
            if r.start_player is not None:
                o = orders[1 + (s - r.start_player) % len(r.bots)]
                o["games"] += 1
                o["wins"] += w
                o["score"] += r.scores[s]
        steps += r.steps
        secs += r.seconds
    for d in list(bots.values()) + list(seats.values()) + list(orders.values()):
        g = max(1, d["games"])
        d["win_rate"] = d["wins"] / g
        d["mean_score"] = d["score"] / g
        lo, hi = wilson_interval(d["wins"], d["games"])
        d["ci_low"], d["ci_high"] = lo, hi
    n = len(results)
    return {
        "bots": dict(bots),
        "seats": dict(sorted(seats.items())),
        "turn_order": dict(sorted(orders.items())),
        "games": n,
        "steps": (min(lengths), statistics.median(lengths), max(lengths)) if lengths else None,
        "margin": (sum(margins) / n, statistics.median(margins), max(margins)) if margins else None,
        "seatings": {spec: dict(sorted(d.items())) for spec, d in seatings.items()},
        "mean_steps": steps / n if n else 0.0,
        "mean_seconds": secs / n if n else 0.0,
    }
