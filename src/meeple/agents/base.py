"""The bot interface and the helpers every bot shares."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from ..core import Action, State


class Agent:
    """A bot. ``choose(state) -> Action`` for ``state.current_player``.

    A bot never reads hidden information: it decides on ``state.observation(seat)`` or on
    ``state.resample_hidden(seat, rng)``, so the same bot with the same seed chooses the
    same action on a state and on any re-sample of its hidden parts.

    Attributes:
        spec: the spec string it was made from (e.g. ``"mcts:1000"``).
        seed: its seed (int); its choices are deterministic given the seed and the states.
    """

    spec: str = ""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def reset(self, seed: int | None = None) -> None:
        """Start afresh (for a new game), optionally with a new seed."""
        if seed is not None:
            self.seed = seed
        self.rng = random.Random(self.seed)

    def __repr__(self) -> str:
        return f"<Agent {self.spec}>"


_HEURISTICS: dict[str, ModuleType | None] = {}


def heuristics_of(state: State) -> ModuleType | None:
    """The game's ``heuristics`` module (``evaluate(state, seat)``, maybe ``rollout_action``)."""
    pkg = state.game.package
    if pkg not in _HEURISTICS:
        try:
            _HEURISTICS[pkg] = importlib.import_module(pkg + ".heuristics")
        except ModuleNotFoundError:
            _HEURISTICS[pkg] = None
    return _HEURISTICS[pkg]


def evaluate(state: State, seat: int) -> float:
    """The game's evaluation of ``state`` for ``seat`` (score units); final score when over."""
    if state.is_terminal():
        return float(state.scores()[seat])
    h = heuristics_of(state)
    if h is None:
        return float(state.scores()[seat])
    return float(h.evaluate(state, seat))


def relative_values(state: State) -> list[float]:
    """Per-seat value in [0, 1] of a (maybe unfinished) state, for search back-ups.

    Terminal: ``state.returns()``. Otherwise each seat's evaluation is compared with every
    other seat's through a logistic on the difference (scaled by the spread of values).
    """
    if state.is_terminal():
        return state.returns()
    n = state.num_players
    vals = [evaluate(state, s) for s in range(n)]
    scale = max(1.0, (max(vals) - min(vals)) or 1.0, sum(abs(v) for v in vals) / n / 4)
    out = []
    import math
    for s in range(n):
        acc = 0.0
        for o in range(n):
            if o != s:
                acc += 1.0 / (1.0 + math.exp(-(vals[s] - vals[o]) * 4.0 / scale))
        out.append(acc / (n - 1) if n > 1 else 1.0)
    return out
