"""Search bots for any game: flat Monte Carlo and single-observer ISMCTS.

Both decide on re-samples of the hidden information (``state.resample_hidden``), never on
the true hidden state, and are deterministic for a given seed and budget (unless a time cap
cuts the search short).
"""

from __future__ import annotations

import math
import time

from ..core import Action, State
from .base import Agent, evaluate, heuristics_of, relative_values


def playout(state: State, rng, depth: int | None, policy: str) -> list[float]:
    """Play ``state`` (mutated) on to the end or ``depth`` more actions; per-seat values in [0, 1].

    ``policy`` is ``"random"`` or ``"greedy"`` (the game's ``heuristics.rollout_action``
    where it exists, else random). Values: ``returns()`` at the end, else the game's
    evaluation turned into relative values (:func:`meeple.agents.base.relative_values`).
    """
    h = heuristics_of(state) if policy == "greedy" else None
    rollout = getattr(h, "rollout_action", None) if h is not None else None
    steps = 0
    limit = depth if depth is not None else 1 << 62
    while steps < limit:
        legal = state.legal_actions()
        if not legal:
            break
        if rollout is not None:
            action = rollout(state, legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply_unchecked(action)
        steps += 1
    return relative_values(state)


class FlatMCAgent(Agent):
    """Flat Monte Carlo: ``playouts`` playouts per legal action, the best mean value wins.

    Spec ``flatmc:N`` (N playouts per action, default 20). Options ``depth=D`` (playout
    depth, then the heuristic; default: to the end), ``rollout=random|greedy``.
    """

    def __init__(self, seed: int = 0, playouts: int = 20, depth: int | None = None,
                 rollout: str = "random", time_cap: float | None = None):
        super().__init__(seed)
        self.playouts = playouts
        self.depth = depth
        self.rollout = rollout
        self.time_cap = time_cap
        self.spec = f"flatmc:{playouts}"

    def action_values(self, state: State) -> list[tuple[Action, float]]:
        """Each legal action with its mean playout value for the acting seat (0..1)."""
        legal = state.legal_actions()
        seat = state.current_player
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        deadline = time.perf_counter() + self.time_cap if self.time_cap else None
        for _ in range(self.playouts):
            for i, action in enumerate(legal):
                s = state.resample_hidden(seat, self.rng)
                s.apply_action(action)
                totals[i] += playout(s, self.rng, self.depth, self.rollout)[seat]
                counts[i] += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return [(a, totals[i] / max(1, counts[i])) for i, a in enumerate(legal)]

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = self.action_values(state)
        return max(values, key=lambda av: av[1])[0]


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "player")

    def __init__(self, player: int, n: int):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * n
        self.player = player  # seat that chose the action leading here


class MCTSAgent(Agent):
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    Every iteration re-samples what the acting seat cannot see
    (``state.resample_hidden(seat, rng)``), descends the tree of action notations with UCT
    on the acting seat's value (availability counts for actions that exist only in some
    determinizations), expands one action, plays out (random or the game's rollout policy,
    optionally cut at ``depth`` with the heuristic evaluation) and backs up per-seat values
    in [0, 1]. The most visited root action is played.

    Spec ``mcts:N`` (N iterations, default 1000), options ``time=S`` (cap per move in
    seconds), ``depth=D`` (playout depth), ``c=C`` (exploration, default 0.7),
    ``rollout=random|greedy``, ``bias=B`` (progressive bias toward the greedy evaluation at
    the root, default 2; 0 = plain UCT).
    """

    def __init__(self, seed: int = 0, iterations: int = 1000, time_cap: float | None = None,
                 depth: int | None = 40, c: float = 0.7, rollout: str = "greedy", bias: float = 2.0):
        super().__init__(seed)
        self.bias = bias
        self.iterations = iterations
        self.time_cap = time_cap
        self.depth = depth
        self.c = c
        self.rollout = rollout
        self.spec = f"mcts:{iterations}"
        self.last_iterations = 0

    def root_priors(self, state: State) -> dict[str, float]:
        """Progressive bias for the root: each action's one-ply heuristic value, scaled to [0, 1].

        Computed on one re-sample (never on the hidden truth) with the game's evaluation,
        as the greedy bot would; the search starts from the greedy choice and the bias
        ``bias / (visits + 1)`` fades as real statistics accumulate.
        """
        seat = state.current_player
        base = state.resample_hidden(seat, self.rng)
        values = {}
        for a in base.legal_actions():
            child = base.clone()
            child.apply_unchecked(a)
            values[a.text] = evaluate(child, seat)
        if not values:
            return {}
        lo, hi = min(values.values()), max(values.values())
        span = (hi - lo) or 1.0
        return {k: (v - lo) / span for k, v in values.items()}

    def search(self, state: State) -> _Node:
        """Run the search from ``state``; the root node with its statistics."""
        seat = state.current_player
        n = state.num_players
        root = _Node(seat, n)
        rng = self.rng
        c = self.c
        bias = self.bias
        deadline = time.perf_counter() + self.time_cap if self.time_cap else None
        priors = self.root_priors(state) if bias > 0 else {}
        it = 0
        for it in range(1, self.iterations + 1):
            s = state.resample_hidden(seat, rng)
            node = root
            path = [root]
            while True:
                legal = s.legal_actions()
                if not legal:
                    break
                p = s.current_player
                if p != seat and s.is_secret_decision():
                    # another seat's secret choice: the observer cannot tell it apart,
                    # so it is drawn by the playout policy and the tree does not branch
                    s.apply_unchecked(self._policy(s, legal, rng))
                    continue
                children = node.children
                untried = []
                for a in legal:
                    ch = children.get(a.text)
                    if ch is None:
                        untried.append(a)
                    else:
                        ch.avail += 1
                if untried:
                    if node is root and priors:
                        # the root expands its most promising actions first
                        a = max(untried, key=lambda x: priors.get(x.text, 0.0))
                    else:
                        a = untried[rng.randrange(len(untried))]
                    child = children[a.text] = _Node(p, n)
                    s.apply_unchecked(a)
                    path.append(child)
                    break
                best_a, best_u = None, -1.0
                at_root = node is root and priors
                for a in legal:
                    ch = children[a.text]
                    u = ch.total[p] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if at_root:
                        u += bias * priors.get(a.text, 0.0) / (ch.visits + 1)
                    if u > best_u:
                        best_a, best_u = a, u
                s.apply_unchecked(best_a)
                node = children[best_a.text]
                path.append(node)
            values = playout(s, rng, self.depth, self.rollout)
            for nd in path:
                nd.visits += 1
                tot = nd.total
                for i in range(n):
                    tot[i] += values[i]
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_iterations = it
        return root

    def _policy(self, state: State, legal: list[Action], rng) -> Action:
        if self.rollout == "greedy":
            h = heuristics_of(state)
            rollout = getattr(h, "rollout_action", None) if h is not None else None
            if rollout is not None:
                return rollout(state, legal, rng)
        return legal[rng.randrange(len(legal))]

    def action_values(self, state: State) -> list[tuple[Action, float, int]]:
        """Each legal action with its mean value for the acting seat (0..1) and visit count."""
        seat = state.current_player
        root = self.search(state)
        out = []
        for a in state.legal_actions():
            ch = root.children.get(a.text)
            if ch is None or ch.visits == 0:
                out.append((a, 0.0, 0))
            else:
                out.append((a, ch.total[seat] / ch.visits, ch.visits))
        return out

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = self.action_values(state)
        return max(values, key=lambda v: (v[2], v[1]))[0]
