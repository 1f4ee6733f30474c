"""The bot interface and the helpers every bot shares."""

from __future__ import annotations

import importlib
import math
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


def legal_actions_to_choose_from(state: State) -> list[Action]:
    """``state.legal_actions()`` of a game still going (what every bot's ``choose`` starts from).

    Raises:
        ValueError: the game is over: there is nothing to choose.
    """
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over (state.is_terminal()): there is no action to choose")
    return legal


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


_TAKES_ROOT: dict[str, bool] = {}


def _takes_root(h: ModuleType) -> bool:
    """The game's ``evaluate`` takes a third argument, the search's root (cached by module)."""
    name = h.__name__
    takes = _TAKES_ROOT.get(name)
    if takes is None:
        takes = _TAKES_ROOT[name] = h.evaluate.__code__.co_argcount >= 3
    return takes


def evaluate(state: State, seat: int, root: State | None = None) -> float:
    """The game's evaluation of ``state`` for ``seat`` (score units); final score when over.

    ``root``: the state the bot decides from (the search's root, the greedy bot's state),
    passed on to a game whose ``heuristics.evaluate(state, seat, root)`` takes it, to value
    progress made since then (Magnum Sal: the royal orders completed, ``heuristics.banked``).
    """
    if state.is_terminal():
        return float(state.scores()[seat])
    h = heuristics_of(state)
    if h is None:
        return float(state.scores()[seat])
    if root is not None and _takes_root(h):
        return float(h.evaluate(state, seat, root))
    return float(h.evaluate(state, seat))


def _pairwise(vals: list[float], scale: float) -> list[float]:
    """Per seat: mean over the other seats of a logistic on the value difference / ``scale``."""
    n = len(vals)
    out = []
    for s in range(n):
        acc = 0.0
        for o in range(n):
            if o != s:
                x = (vals[s] - vals[o]) / scale
                acc += 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))
        out.append(acc / (n - 1) if n > 1 else 1.0)
    return out


MARGIN_WEIGHT = 0.25
"""Share of a finished game's value that rewards the score margin (the rest: the ranking)."""


def value_scale(state: State, vals: list[float]) -> float:
    """Points for one unit of the logistic in :func:`relative_values`.

    Half the game's ``heuristics.VALUE_SCALE`` (a typical final score margin between two
    greedy bots, in the game's points) where the game gives one, so a lead of one typical
    margin is worth about 0.88; else a quarter of the spread of ``vals``.
    """
    h = heuristics_of(state)
    typical = getattr(h, "VALUE_SCALE", None) if h is not None else None
    if typical:
        return typical / 2.0
    n = len(vals)
    return max(1.0, max(vals) - min(vals), sum(abs(v) for v in vals) / n / 4) / 4.0


def relative_values(state: State, root: State | None = None) -> list[float]:
    """Per-seat value in [0, 1] of a (maybe unfinished) state, for search back-ups.

    Finished: ``(1 - MARGIN_WEIGHT) * returns()`` plus ``MARGIN_WEIGHT`` times a logistic
    on score differences, so a search still prefers a bigger win (or a smaller loss).
    Unfinished: the game's evaluation per seat compared pairwise through a logistic on the
    difference (:func:`value_scale` points per unit), so a bigger lead is always worth more;
    ``root``: the state the search started from (:func:`evaluate`).
    """
    n = state.num_players
    if state.is_terminal():
        ret = state.returns()
        scores = [float(x) for x in state.scores()]
        margin = _pairwise(scores, value_scale(state, scores))
        return [(1.0 - MARGIN_WEIGHT) * r + MARGIN_WEIGHT * m for r, m in zip(ret, margin)]
    vals = [evaluate(state, s, root) for s in range(n)]
    return _pairwise(vals, value_scale(state, vals))
