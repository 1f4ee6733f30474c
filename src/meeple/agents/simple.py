"""Simple bots: uniform random, and greedy one-ply lookahead on the game's evaluation."""

from __future__ import annotations

from ..core import Action, State
from .base import Agent, evaluate


class RandomAgent(Agent):
    """Uniform over the legal actions, seeded. Spec ``random``."""

    spec = "random"
    FORCED_AT_ONCE = False  # it has always drawn, also from one action: its games stay as they were

    def decide(self, state: State, legal: list[Action], deadline: float | None) -> Action:
        return legal[self.rng.randrange(len(legal))]


class GreedyAgent(Agent):
    """One-ply lookahead: the action whose result the game's heuristic values most.

    It first re-samples the hidden information it cannot see (so it never peeks), then
    applies each legal action to a copy of that re-sample and evaluates it with
    the game's ``game.heuristics.evaluate(state, seat, root)`` (:func:`meeple.agents.base.evaluate`;
    the score in a game without heuristics); exact ties are broken by its seeded rng.
    Spec ``greedy``; ``greedy:turn=S`` stops valuing actions when its share of a turn of S
    seconds runs out (the ``easy`` level).
    """

    spec = "greedy"

    def decide(self, state: State, legal: list[Action], deadline: float | None) -> Action:
        """The best-valued action; with a ``deadline`` (a turn budget, spec ``greedy:turn=S``)
        the best of those valued by then (at least one: the first listed)."""
        seat = state.current_player
        base = state.resample_hidden(seat, self.rng)
        by_text = {a.text: a for a in legal}
        best, best_value = legal[0], float("-inf")
        clock = self.clock
        for action in base.legal_actions():
            if action.text not in by_text:
                continue
            child = base.clone()
            child.apply_unchecked(action)
            value = evaluate(child, seat, base) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = by_text[action.text], value
            if deadline is not None and clock() > deadline:
                break
        return best
