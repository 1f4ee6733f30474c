"""Search bots for any game: flat Monte Carlo and single-observer ISMCTS.

Both decide on re-samples of the hidden information (``state.resample_hidden``), never on
the true hidden state, and are deterministic for a given seed and budget (unless a time cap
cuts the search short).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ..core import Action, State
from ..core.parts import Reversals, RolloutPolicy, SecretRedraw
from .base import NO_SEARCH_DEFAULTS, Agent, evaluate, legal_actions_to_choose_from, relative_values, search_defaults

MAX_PLAYOUT = 10_000
"""Most actions a playout plays (also with ``depth=end``): a game without a safety cap, such as
Magnum Sal with ``max_rounds=0``, can go on for ever under random play."""


def playout(state: State, rng: random.Random, depth: int | None, policy: str, root: State | None = None) -> list[float]:
    """Play ``state`` (mutated) on to the end or ``depth`` more actions (at most
    :data:`MAX_PLAYOUT`); per-seat values in [0, 1].

    ``policy`` is ``"random"`` or ``"greedy"`` (the game's ``heuristics.rollout_action``
    where it has one, else random). Values: ``returns()`` at the end, else the game's
    evaluation turned into relative values (:func:`meeple.agents.base.relative_values`;
    ``root``: the state the search started from).
    """
    rollout = rollout_policy(state) if policy == "greedy" else None
    steps = 0
    limit = min(depth, MAX_PLAYOUT) if depth is not None else MAX_PLAYOUT
    while steps < limit:
        legal = state.legal_actions_view()  # the state's own list: read only, no copy (hot path)
        if not legal:
            break
        if rollout is not None:
            action = rollout(state, legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply_unchecked(action)
        steps += 1
    return relative_values(state, root)


class FlatMCAgent(Agent):
    """Flat Monte Carlo: ``playouts`` playouts per legal action, the best mean value wins.

    Spec ``flatmc:N`` (N playouts per action, default 20). Options ``depth=D`` (playout
    depth, then the game's evaluation; default 10, ``end`` plays to the end),
    ``rollout=random|greedy``, ``time=S`` (seconds a decision), ``turn=S`` (seconds a turn).
    """

    def __init__(
        self,
        seed: int = 0,
        playouts: int = 20,
        depth: int | None = 10,
        rollout: str = "random",
        time_cap: float | None = None,
    ) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.depth = depth
        self.rollout = rollout
        self.time_cap = time_cap
        self.spec = f"flatmc:{playouts}"
        self.last_playouts = 0

    def action_values(self, state: State, deadline: float | None = None) -> list[tuple[Action, float]]:
        """Each legal action with its mean playout value for the acting seat (0..1).

        ``deadline``: a ``clock`` value (seconds) at which the playouts stop, before the
        ``time`` cap where that comes first; None: the ``time`` cap alone, else the turn's
        budget (a search alone never takes longer than a whole turn).

        Raises:
            ValueError: the game is over.
        """
        legal = legal_actions_to_choose_from(state)
        seat = state.current_player
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        clock = self.clock
        deadline = search_deadline(self, deadline)
        for _ in range(self.playouts):
            for i, action in enumerate(legal):
                s = state.resample_hidden(seat, self.rng)
                s.apply_action(action)
                totals[i] += playout(s, self.rng, self.depth, self.rollout, state)[seat]
                counts[i] += 1
                if deadline is not None and clock() > deadline:
                    break
            if deadline is not None and clock() > deadline:
                break
        self.last_playouts = sum(counts)
        return [(a, totals[i] / max(1, counts[i])) for i, a in enumerate(legal)]

    def decide(self, state: State, legal: list[Action], deadline: float | None) -> Action:
        values = self.action_values(state, deadline)
        return max(values, key=lambda av: av[1])[0]


class TimeCapped(Protocol):
    """A bot :func:`search_deadline` reads (:class:`FlatMCAgent`, :class:`MCTSAgent`): its
    ``time`` cap and turn budget (seconds, or None) and its clock (seconds)."""

    @property
    def time_cap(self) -> float | None: ...

    @property
    def turn_budget(self) -> float | None: ...

    @property
    def clock(self) -> Callable[[], float]: ...


def search_deadline(agent: TimeCapped, deadline: float | None) -> float | None:
    """When a search of ``agent`` started now must stop (a value of ``agent.clock``, seconds):
    the earlier of ``deadline`` and now + its ``time`` cap; with neither, now + its turn
    budget (a search called alone, e.g. a hint, never takes longer than a whole turn); None
    when it has no cap at all (the search then spends its whole budget, deterministically)."""
    now = None
    cap = agent.time_cap
    if cap:
        now = agent.clock()
        deadline = now + cap if deadline is None else min(deadline, now + cap)
    if deadline is None and agent.turn_budget is not None:
        deadline = (now if now is not None else agent.clock()) + agent.turn_budget
    return deadline


DEFAULT_PRIOR = NO_SEARCH_DEFAULTS.prior
"""Visits before a node below the root gets priors, in a game without heuristics (10)."""

DEFAULT_C = NO_SEARCH_DEFAULTS.c
"""UCT exploration constant in a game without heuristics (0.7)."""

GAME_DEPTH = -1
"""``MCTSAgent(depth=GAME_DEPTH)``: the game's search default ``depth`` (0 without heuristics)."""


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "player", "priors", "ranked")

    def __init__(self, player: int, n: int) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * n
        self.player = player  # seat that chose the action leading here
        self.priors: dict[str, float] | None = None  # action text -> one-ply value in [0, 1]
        self.ranked: list[str] = []  # action texts, best prior first

    def set_priors(self, priors: dict[str, float]) -> None:
        """Give the node its actions' priors (and their ranking, best first)."""
        self.priors = priors
        self.ranked = sorted(priors, key=lambda k: -priors[k])


def one_ply_priors(state: State, legal: list[Action]) -> dict[str, float]:
    """Each action's one-ply value for the seat to move (the greedy bot's view), scaled to [0, 1].

    ``state`` is not changed (each action is applied to a clone); the best action gets 1.0,
    the worst 0.0 (all 0.0 when they are equal).
    """
    seat = state.current_player
    values = {}
    for a in legal:
        child = state.clone()
        child.apply_unchecked(a)
        values[a.text] = evaluate(child, seat, state)
    if not values:
        return {}
    lo, hi = min(values.values()), max(values.values())
    span = (hi - lo) or 1.0
    return {k: (v - lo) / span for k, v in values.items()}


def rollout_policy(state: State) -> RolloutPolicy | None:
    """The game's playout policy, ``heuristics.rollout_action(state, legal, rng)``; None where
    the game has none (then playouts play random actions)."""
    h = state.game.heuristics
    return h.rollout_action if h is not None else None


def reversals_of(state: State) -> Reversals | None:
    """The game's ``heuristics.reversals(state) -> notations``: the actions that would
    only undo what the seat to move did last in its turn (Solomon: the tile just moved, moved
    straight back; ``move`` right after ``back``), which the search never tries while another
    action is legal; None where the game has none."""
    h = state.game.heuristics
    return h.reversals if h is not None else None


def redraw_of(state: State) -> SecretRedraw | None:
    """The game's model of secret choices other seats have already made, for determinizations:
    ``heuristics.redraw_secret_choices(determinization, seat, rng)`` (changes it in place), or
    None where the game has none (then they stay as ``resample_hidden`` drew them)."""
    h = state.game.heuristics
    return h.redraw_secret_choices if h is not None else None


class MCTSAgent(Agent):
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    Every iteration re-samples what the acting seat cannot see
    (``state.resample_hidden(seat, rng)``), descends the tree of action notations with UCT
    on the acting seat's value (availability counts for actions that exist only in some
    determinizations), expands one action, plays out (random or the game's rollout policy,
    cut at ``depth`` with the heuristic evaluation) and backs up per-seat values in [0, 1]
    (:func:`meeple.agents.base.relative_values`). The most visited root action is played.
    Other seats' secret choices (``state.is_secret_decision()``) are not branched on: those
    still to come are drawn by the playout policy, those already made are re-drawn by the
    game's model where it has one (:func:`redraw_of`), else as ``resample_hidden`` drew them.
    With ``depth=0`` (the default but in Solomon) a new leaf is valued by the game's
    evaluation at once: the search is a selective look-ahead of several plies on the
    evaluation the greedy bot uses for one ply (measured stronger and 2-5 times faster than
    greedy playouts of 40 actions). In Solomon (search default ``depth`` 3) three actions of
    the playout policy come first, which ends most turns with a dig before the evaluation.

    Every node visited ``prior`` times gets the greedy view of its actions (each action's
    one-ply evaluation for the seat to move, :func:`one_ply_priors`): its actions are expanded
    best first, UCT adds a progressive bias ``bias * prior / (visits + 1)`` (Chaslot et al.
    2008), and progressive widening searches only the ``max(2, ceil(widen * sqrt(visits + 1)))``
    best-ranked actions. Lines are then searched as a good player would play them, on both
    sides, instead of being averaged over arbitrary follow-ups. Measured against the greedy
    bot (2 players, paired deals; docs/ladder): mcts:1000 went from 46% to 78% of 40 games in
    Klondike (the same with ``prior=2`` and ``prior=10``; 81.8% of 200), from 50% to 100% of
    16 in Magnum Sal (``prior=2``) and to 65.6% of 16 in Lignum (``prior=2``; 37.5% with 10),
    where a lower exploration constant then made it 85.8% of 60 (``c=0.1``, the game's
    search default ``c``; values in [0, 1] move little per point of lead, so c = 0.7 over-explored).

    A game's ``heuristics.reversals(state)`` (:func:`reversals_of`; Solomon's tile moved
    straight back, ``move`` right after ``back``) are never searched while another action is
    legal, at the root and in the tree: a search does not spend a turn undoing its own moves.

    Spec ``mcts:N`` (N iterations, default 1000), options ``time=S`` (cap per move in
    seconds), ``turn=S`` (seconds for a whole turn, shared out over its decisions:
    :meth:`meeple.agents.base.Agent.decision_budget`), ``depth=D`` (playout depth, default the game's search default ``depth``, else
    0; ``end`` = to the end of the game),
    ``c=C`` (UCT exploration on values in [0, 1]; default the game's search default ``c``,
    else 0.7), ``rollout=random|greedy`` (playout policy, default
    greedy: the game's ``heuristics.rollout_action``), ``bias=B`` (progressive bias toward the
    greedy evaluation, default 2; 0 = plain UCT), ``widen=W`` (progressive widening, default
    0.25, 0 = off), ``prior=T`` (visits before a node below the root gets priors, 0 = the root
    only; default the game's search default ``prior``, else 10), ``guard=G`` (play the
    evaluation's favourite unless the search values another action more than G higher, in
    [0, 1]; default 0 = off), ``takeback=any|root`` (``root``: a take-back action of the game,
    search default ``takebacks``, e.g. Solomon's ``back``, is searched only as the first action of
    a line, and right after it the action it took back is not searched; default
    ``any``, searched as any action; the hint of ``meeple play`` uses ``root``).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        time_cap: float | None = None,
        depth: int | None = GAME_DEPTH,
        c: float | None = None,
        rollout: str = "greedy",
        bias: float = 2.0,
        widen: float = 0.25,
        guard: float = 0.0,
        prior: int | None = None,
        takeback: str = "any",
    ) -> None:
        super().__init__(seed)
        if takeback not in ("any", "root"):
            raise ValueError(f"takeback is 'any' or 'root', not {takeback!r}")
        self.takeback = takeback
        self.prior = prior
        self.guard = guard
        self.bias = bias
        self.widen = widen
        self.iterations = iterations
        self.time_cap = time_cap
        self.depth = depth
        self.c = c
        self.rollout = rollout
        self.spec = f"mcts:{iterations}"
        self.last_iterations = 0
        self.last_favourite: str | None = None

    def prior_visits(self, state: State) -> int:
        """Visits before a node below the root gets priors: the ``prior`` option, else the
        game's search default ``prior`` (:func:`meeple.agents.base.search_defaults`)."""
        if self.prior is not None:
            return self.prior
        return search_defaults(state).prior

    def playout_depth(self, state: State) -> int | None:
        """Actions of the playout policy after a new leaf, before the evaluation (None: to the
        end): the ``depth`` option, else the game's search default ``depth``."""
        if self.depth != GAME_DEPTH:
            return self.depth
        return search_defaults(state).depth

    def exploration(self, state: State) -> float:
        """UCT exploration constant: the ``c`` option, else the game's search default ``c``."""
        if self.c is not None:
            return self.c
        return search_defaults(state).c

    def takebacks(self, state: State) -> dict[str, str]:
        """Take-back actions the search keeps to the first action of a line (``takeback=root``;
        right after one, the action it took back is not searched):
        the game's search default ``takebacks`` (take-back text -> the text of the action it
        takes back); empty with ``takeback=any`` or when the game has none."""
        if self.takeback != "root":
            return {}
        return dict(search_defaults(state).takebacks)

    def root_priors(self, state: State) -> dict[str, float]:
        """Progressive bias for the root: each action's one-ply heuristic value, scaled to [0, 1].

        Computed on one re-sample (never on the hidden truth) with the game's evaluation,
        as the greedy bot would; the search starts from the greedy choice and the bias
        ``bias / (visits + 1)`` fades as real statistics accumulate.
        """
        base = state.resample_hidden(state.current_player, self.rng)
        redraw = redraw_of(state)
        if redraw is not None:
            redraw(base, state.current_player, self.rng)
        return one_ply_priors(base, base.legal_actions())

    def search(self, state: State, deadline: float | None = None) -> _Node:
        """Run the search from ``state``; the root node with its statistics.

        ``deadline``: a ``clock`` value (seconds) at which the search stops after the
        iteration under way, before the ``time`` cap where that comes first; None: the ``time``
        cap alone, else the turn's budget (:func:`search_deadline`). At least one iteration
        is run.

        Raises:
            ValueError: the game is over.
        """
        legal_actions_to_choose_from(state)
        seat = state.current_player
        n = state.num_players
        root = _Node(seat, n)
        rng = self.rng
        c = self.exploration(state)
        depth = self.playout_depth(state)
        bias = self.bias
        clock = self.clock
        deadline = search_deadline(self, deadline)
        widen = self.widen
        prior_visits = self.prior_visits(state)
        reversals = reversals_of(state)
        if bias > 0 or widen > 0:
            at_root = self.root_priors(state)
            if reversals is not None:
                for text in reversals(state):  # never the favourite: they are not searched
                    at_root.pop(text, None)
            root.set_priors(at_root)
        redraw = redraw_of(state)
        takebacks = self.takebacks(state)
        it = 0
        for it in range(1, self.iterations + 1):
            s = state.resample_hidden(seat, rng)
            if redraw is not None:
                # the game's model of the secret choices others have made already
                redraw(s, seat, rng)
            node = root
            path = [root]
            barred = None  # takeback=root: the action the line's first action took back (not next)
            while True:
                legal = s.legal_actions_view()  # read only, no copy (hot path)
                if not legal:
                    break
                p = s.current_player
                if p != seat and s.is_secret_decision():
                    # another seat's secret choice: the observer cannot tell it apart,
                    # so it is drawn by the playout policy and the tree does not branch
                    s.apply_unchecked(self._policy(s, legal, rng))
                    continue
                if reversals is not None:
                    # no line undoes its own last step (Solomon: a tile straight back)
                    undo = reversals(s)
                    if undo:
                        legal = [a for a in legal if a.text not in undo] or legal
                if takebacks and node is not root:
                    # a take-back only as the line's first action; what it took back not next
                    kept = [a for a in legal if a.text not in takebacks and a.text != barred]
                    legal = kept or legal
                    barred = None
                if node.priors is None and prior_visits and node.visits >= prior_visits and len(legal) > 1:
                    # a node visited often enough gets the greedy view of its actions
                    node.set_priors(one_ply_priors(s, legal))
                priors = node.priors
                children = node.children
                if priors and widen > 0:
                    # progressive widening: the best-ranked actions first, more as visits grow
                    k = max(2, math.ceil(widen * math.sqrt(node.visits + 1)))
                    if k < len(legal):
                        allowed = set(node.ranked[:k])
                        narrowed = [a for a in legal if a.text in allowed]
                        legal = narrowed or legal
                untried = []
                for a in legal:
                    ch = children.get(a.text)
                    if ch is None:
                        untried.append(a)
                    else:
                        ch.avail += 1
                if untried:
                    if priors:
                        # the most promising actions are expanded first
                        a = max(untried, key=lambda x: priors.get(x.text, 0.0))
                    else:
                        a = untried[rng.randrange(len(untried))]
                    child = children[a.text] = _Node(p, n)
                    s.apply_unchecked(a)
                    path.append(child)
                    break
                best_a, best_u = legal[0], -1.0  # each u >= 0 (c, bias >= 0): the first replaces it
                for a in legal:
                    ch = children[a.text]
                    u = ch.total[p] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if priors:
                        u += bias * priors.get(a.text, 0.0) / (ch.visits + 1)
                    if u > best_u:
                        best_a, best_u = a, u
                s.apply_unchecked(best_a)
                if takebacks and node is root:
                    barred = takebacks.get(best_a.text)
                node = children[best_a.text]
                path.append(node)
            values = playout(s, rng, depth, self.rollout, state)
            for nd in path:
                nd.visits += 1
                tot = nd.total
                for i in range(n):
                    tot[i] += values[i]
            if deadline is not None and clock() > deadline:
                break
        self.last_iterations = it
        self.last_favourite = root.ranked[0] if root.ranked else None
        return root

    def _policy(self, state: State, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.rollout == "greedy":
            rollout = rollout_policy(state)
            if rollout is not None:
                return rollout(state, legal, rng)
        return legal[rng.randrange(len(legal))]

    def action_values(self, state: State, deadline: float | None = None) -> list[tuple[Action, float, int]]:
        """Each legal action with its mean value for the acting seat (0..1) and visit count
        (0 for an action the search did not try; ``deadline`` as in :meth:`search`).

        Raises:
            ValueError: the game is over (from :meth:`search`).
        """
        seat = state.current_player
        root = self.search(state, deadline)
        out = []
        for a in state.legal_actions():
            ch = root.children.get(a.text)
            if ch is None or ch.visits == 0:
                out.append((a, 0.0, 0))
            else:
                out.append((a, ch.total[seat] / ch.visits, ch.visits))
        return out

    def decide(self, state: State, legal: list[Action], deadline: float | None) -> Action:
        values = self.action_values(state, deadline)
        best = max(values, key=lambda v: (v[2], v[1]))
        fav = self.last_favourite
        if self.guard > 0 and fav is not None and best[0].text != fav:
            for a, q, n in values:
                if a.text == fav and n > 0 and best[1] - q <= self.guard:
                    return a
        return best[0]
