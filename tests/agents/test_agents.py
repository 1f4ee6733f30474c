"""Bots: the spec language, determinism, and the no-peek rule on every game."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.agents import FlatMCAgent, GreedyAgent, MCTSAgent, RandomAgent, make

GAMES = sorted(set(meeple.game_names()) | {"toy"})
CHEAP_BOTS = ["random", "greedy", "flatmc:2:depth=20", "mcts:25:depth=20"]


def test_make_parses_specs():
    assert isinstance(make("random"), RandomAgent)
    assert isinstance(make("greedy"), GreedyAgent)
    f = make("flatmc:7:depth=5:rollout=random", 1)
    assert isinstance(f, FlatMCAgent) and f.playouts == 7 and f.depth == 5 and f.rollout == "random"
    m = make("mcts:300:time=1.5:c=1.2", 2)
    assert isinstance(m, MCTSAgent) and m.iterations == 300 and m.time_cap == 1.5 and m.c == 1.2
    assert isinstance(make("hard"), MCTSAgent) and make("hard").spec == "hard"
    for bad in ("robot", "mcts:x", "mcts:0", "flatmc:3:speed=9", "random:3", "mcts:10:depth=deep",
                "mcts:100:c=-1", "mcts:100:depth=0", "mcts:100:time=0", "mcts:abc"):
        with pytest.raises(meeple.InvalidConfigError):
            make(bad)


def _positions(name, count=3):
    game = meeple.load_game(name)
    out = []
    for seed in range(count):
        state = game.new_initial_state(num_players=game.min_players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 60)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        if not state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", CHEAP_BOTS)
def test_bots_never_peek(name, spec):
    """Same seed, same choice on a state and on a re-sample of its hidden parts."""
    for i, state in enumerate(_positions(name)):
        seat = state.current_player
        chosen = make(spec, 100 + i).choose(state)
        assert chosen in state.legal_actions()
        for k in range(2):
            resampled = state.resample_hidden(seat, random.Random(k))
            assert make(spec, 100 + i).choose(resampled) == chosen


@pytest.mark.parametrize("name", GAMES)
def test_bots_are_deterministic_and_finish_a_game(name):
    game = meeple.load_game(name)
    finals = []
    for _ in range(2):
        state = game.new_initial_state(num_players=game.min_players, seed=5)
        bots = [make("greedy", 1), make("random", 2)][: game.min_players]
        bots += [make("random", 3 + s) for s in range(game.min_players - len(bots))]
        while not state.is_terminal():
            state.apply_action(bots[state.current_player].choose(state))
        finals.append(state.record()["actions"])
    assert finals[0] == finals[1]


def test_mcts_finds_the_winning_stop_in_toy():
    """Fifteen: with 14 in hand and the opponent bust, stopping wins for sure."""
    game = meeple.load_game("toy")
    state = game.new_initial_state(num_players=2, seed=1)
    state.hands = [[9, 5], [8, 9]]
    state.stopped = [False, True]
    state.deck = [1, 2, 3, 4, 6, 7]
    state.turn = 0
    for spec in ("mcts:200", "flatmc:20", "greedy"):
        assert make(spec, 0).choose(state) == "stop", spec
