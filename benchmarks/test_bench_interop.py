"""Research bindings speed (pytest-benchmark; not part of the test run; needs the rl extra).

Run: ``uv run pytest benchmarks/test_bench_interop.py --benchmark-only``.
Target (reported against, not a gate): >= 10,000 AEC steps/s per game on one core, an AEC
step being ``env.last()`` (observation vector and action mask of the agent to act) and
``env.step(a)``. Each benchmark round takes ``STEPS`` steps: steps/s = STEPS / mean time.
The split shows where the time goes: the engine and the mask alone, the observation dict,
the observation vector.
"""

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402

import meeple  # noqa: E402
from meeple.interop.pettingzoo import raw_env  # noqa: E402
from meeple.interop.spaces import Writer, encoding_of  # noqa: E402
from meeple.sim.bench import mid_game_state  # noqa: E402

GAMES = ["magnum-sal", "lignum", "solomon", "klondike"]
STEPS = 200
CONFIGS = [(g, v) for g in GAMES for v in meeple.load_game(g).variants]
"""Every game and variant (at the game's most players: the longest observation vector)."""


def _stepper(name, observe=True, variant=None):
    e = raw_env(name, num_players=meeple.load_game(name).max_players, variant=variant)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    space = e._space

    def run():
        for _ in range(STEPS):
            if e.game_state.is_terminal():
                e.reset()
            if observe:
                obs, *_ = e.last()
                a = rng.choice(np.flatnonzero(obs["action_mask"]))
            else:  # the engine and the mask only
                legal = space.legal_indices(e.game_state.legal_actions())
                mask = np.zeros(len(space), np.int8)
                mask[legal] = 1
                a = legal[rng.integers(len(legal))]
            e.step(int(a))

    return run


@pytest.mark.parametrize("name,variant", CONFIGS)
def test_aec_steps(benchmark, name, variant):
    """AEC steps (``last()`` + ``step()``), STEPS per round, in every variant."""
    benchmark(_stepper(name, variant=variant))


@pytest.mark.parametrize("name", GAMES)
def test_aec_steps_without_observation(benchmark, name):
    """``step()`` with the action mask but no observation vector, STEPS per round."""
    benchmark(_stepper(name, observe=False))


@pytest.mark.parametrize("name", GAMES)
def test_observation_vector(benchmark, name):
    """One observation vector of a mid-game seat as the environment builds it (observation
    dict, packed Writer, float32 array)."""
    st = mid_game_state(name, meeple.load_game(name).max_players, 3)
    enc = encoding_of(name)
    seat = st.current_player
    n, v = st.num_players, st.variant

    def vector():
        w = Writer(packed=True)
        enc.observation_vector(st.observation(seat), n, v, w)
        return np.frombuffer(w.to_bytes(), np.float32).copy()

    benchmark(vector)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_steps(benchmark, name):
    """OpenSpiel: ``legal_actions()`` + ``apply_action`` of a random legal action, STEPS per round."""
    from meeple.interop import openspiel as mo

    g = mo.load(name, num_players=meeple.load_game(name).max_players)
    rng = np.random.default_rng(0)
    box = [g.new_initial_state()]

    def run():
        for _ in range(STEPS):
            s = box[0]
            if s.is_chance_node():
                s.apply_action(int(rng.integers(mo.CHANCE_OUTCOMES)))
            elif s.is_terminal():
                box[0] = g.new_initial_state()
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.integers(len(legal))])

    benchmark(run)
