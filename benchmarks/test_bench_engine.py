"""Engine speed per game (pytest-benchmark; not part of the test run).

Run: ``make bench`` or ``uv run pytest benchmarks --benchmark-only``.
Targets (reported against, not gates; issue 34): >= 60,000 public steps/s (legal_actions +
apply_action) and >= 150,000 clones/s of a mid-game state in every game and variant, one core;
>= 100 random full games/s (>= 200 for solomon and klondike).
"""

import random

import pytest

import meeple
from meeple.sim.bench import mid_game_state, random_game

GAMES = [g for g in meeple.game_names() if g != "toy"]
VARIANTS = [(g, v) for g in GAMES for v in meeple.load_game(g).variants]


@pytest.mark.parametrize("name", GAMES)
def test_random_full_game(benchmark, name):
    game = meeple.load_game(name)
    seeds = iter(range(10**9))
    state, steps = benchmark(lambda: random_game(name, game.max_players, next(seeds)))
    assert state.is_terminal() and steps > 0


@pytest.mark.parametrize("name,variant", VARIANTS)
def test_clone_mid_game(benchmark, name, variant):
    game = meeple.load_game(name)
    state = mid_game_state(name, game.max_players, 3, variant)
    copy = benchmark(state.clone)
    assert copy.to_dict() == state.to_dict()


@pytest.mark.parametrize("name,variant", VARIANTS)
def test_engine_step(benchmark, name, variant):
    """One public step, legal_actions() + apply_action(), on a clone of a mid-game state (plus
    the clone itself, which test_clone_mid_game measures alone)."""
    game = meeple.load_game(name)
    state = mid_game_state(name, game.max_players, 4, variant)
    rng = random.Random(0)

    def step():
        s = state.clone()
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])

    benchmark(step)


@pytest.mark.parametrize("name", GAMES)
def test_mcts_iterations(benchmark, name):
    """ISMCTS: one move of mcts:200 from a mid-game state (iterations/s = 200 / mean)."""
    from meeple.agents import make

    game = meeple.load_game(name)
    state = mid_game_state(name, 2 if game.min_players <= 2 else game.min_players, 5)
    while len(state.legal_actions()) < 2 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    benchmark.pedantic(lambda: make("mcts:200", 1).choose(state), rounds=3, iterations=1)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("name", GAMES)
def test_level_time_per_move(benchmark, name, level):
    """Time a named level takes for one move from a mid-game state ("hard": at most ~2 s)."""
    from meeple.agents import make

    game = meeple.load_game(name)
    state = mid_game_state(name, game.min_players, 6)
    while len(state.legal_actions()) < 2 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    benchmark.pedantic(lambda: make(level, 1).choose(state), rounds=2, iterations=1)
