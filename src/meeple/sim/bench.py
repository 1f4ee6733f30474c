"""Engine speed measures shared by ``meeple bench`` and benchmarks/."""

from __future__ import annotations

import random
import time

from ..core import load_game

_clock = time.process_time
"""The engine measures' clock: this process's CPU time, so that other work on a shared machine
slows the figures less than a wall clock would (the engine is single-threaded: one core)."""


def random_game(name: str, num_players: int, seed: int, variant: str | None = None, public: bool = True):
    """Play one game of ``name`` (``variant``: default the game's first) with uniformly random
    actions; returns ``(final_state, steps)``.

    ``public`` (default): each step is the public contract a caller uses, ``legal_actions()``
    then ``apply_action(action)`` (which checks the action); ``public=False`` applies with
    ``apply_unchecked`` (the bots' hot path), for comparison. Both play the same moves.
    """
    game = load_game(name)
    state = game.new_initial_state(num_players=num_players, seed=seed, variant=variant)
    rng = random.Random(seed)
    apply = state.apply_action if public else state.apply_unchecked
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        apply(legal[rng.randrange(len(legal))])
        steps += 1
    return state, steps


def mid_game_state(name: str, num_players: int, seed: int, variant: str | None = None):
    """A state about half way through a random game of ``name`` (``variant``: default the
    game's first)."""
    _, length = random_game(name, num_players, seed, variant, public=False)
    game = load_game(name)
    state = game.new_initial_state(num_players=num_players, seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(length // 2):
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
    return state


def bench_game(
    name: str, num_players: int, seconds: float = 3.0, seed: int = 0, variant: str | None = None, public: bool = True
) -> dict:
    """Random play of ``name`` in ``variant`` (default the game's first) for about ``seconds``,
    then clones of a mid-game state for ``seconds / 2``, on one core (``seconds`` of this
    process's CPU time, :data:`_clock`).

    Returns ``{"steps_per_s", "games_per_s", "clones_per_s", "mean_steps"}`` (floats): a step
    is one ``legal_actions()`` + ``apply_action()`` of the public API (``public=False``:
    ``apply_unchecked``, the bots' path); games are played from seeds ``seed, seed+1 ...``.
    """
    t0 = _clock()
    games = steps = 0
    while _clock() - t0 < seconds or games == 0:
        _, k = random_game(name, num_players, seed + games, variant, public)
        games += 1
        steps += k
    elapsed = _clock() - t0
    state = mid_game_state(name, num_players, seed, variant)
    clones = 0
    t1 = _clock()
    while True:
        for _ in range(200):
            state.clone()
        clones += 200
        if _clock() - t1 >= seconds / 2:
            break
    clone_elapsed = _clock() - t1
    return {
        "steps_per_s": steps / elapsed,
        "games_per_s": games / elapsed,
        "clones_per_s": clones / clone_elapsed,
        "mean_steps": steps / games,
    }


def decision_state(name: str, num_players: int, seed: int):
    """A mid-game state (:func:`mid_game_state`) moved on to a decision with >= 2 actions."""
    state = mid_game_state(name, num_players, seed)
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply_unchecked(state.legal_actions()[0])
    return state


def bench_search(
    name: str,
    num_players: int = 2,
    seed: int = 0,
    iterations: int = 500,
    levels: tuple[str, ...] = ("easy", "medium", "hard"),
) -> dict:
    """ISMCTS iterations/s and seconds a move for each named level, from mid-game decisions.

    Returns ``{"iterations_per_s": float, "mcts_s": float, "<level>_s": float, ...}``: the
    mean over three decision states (seeds ``seed .. seed+2``) of one move each, one core.
    """
    from ..agents import make

    states = [decision_state(name, num_players, seed + k) for k in range(3)]
    states = [s for s in states if not s.is_terminal()]
    out: dict[str, float] = {}
    done = spent = 0.0
    for i, s in enumerate(states):
        bot = make(f"mcts:{iterations}", i)
        t0 = time.perf_counter()
        bot.choose(s)
        spent += time.perf_counter() - t0
        done += bot.last_iterations
    out["iterations_per_s"] = done / spent if spent else 0.0
    out["mcts_s"] = spent / max(1, len(states))
    for level in levels:
        t = 0.0
        for i, s in enumerate(states):
            bot = make(level, i)
            t0 = time.perf_counter()
            bot.choose(s)
            t += time.perf_counter() - t0
        out[f"{level}_s"] = t / max(1, len(states))
    return out
