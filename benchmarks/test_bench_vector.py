"""The vectorised collector against N single environments (pytest-benchmark; needs the rl
extra; not part of the test run).

Run: ``uv run pytest benchmarks/test_bench_vector.py --benchmark-only --benchmark-timer=time.process_time``.

Each round takes ``STEPS`` agent steps at two players against ``random`` opponents (their
moves inside each step, as :class:`meeple.interop.gym.MeepleGymEnv` plays them), over N games:

* ``collector``: one :class:`meeple.interop.vector.MeepleVectorEnv` of N games, the actions
  of all N chosen at once from the stacked observations and masks;
* ``singles``: N ``MeepleGymEnv`` stepped one after another in a Python loop, each action
  chosen from that game's observation and mask alone.

The policy is ``random`` (a uniform legal action: the environments' own cost) or ``mlp``
(a masked argmax over the logits of a 2-layer numpy MLP, 256 units, random weights: what a
learner's forward pass costs, batched over N in the collector, one observation at a time
in the singles). Steps/s = STEPS / mean time of a round; docs/research.md has the figures.
"""

import pytest

pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402

from meeple.interop.gym import MeepleGymEnv  # noqa: E402
from meeple.interop.vector import MeepleVectorEnv  # noqa: E402

GAMES = ["magnum-sal", "lignum", "solomon", "klondike"]
STEPS = 256
HIDDEN = 256


class MLP:
    """A masked-argmax policy: logits = relu(relu(x W1) W2) W3 (float32, random weights)."""

    def __init__(self, obs_len: int, n_actions: int, rng):
        self.w = [
            rng.standard_normal((a, b)).astype(np.float32) / np.sqrt(a)
            for a, b in ((obs_len, HIDDEN), (HIDDEN, HIDDEN), (HIDDEN, n_actions))
        ]

    def __call__(self, x, mask):
        h = np.maximum(x @ self.w[0], 0)
        h = np.maximum(h @ self.w[1], 0)
        logits = h @ self.w[2]
        return np.argmax(np.where(mask, logits, -np.inf), axis=-1)


def _collector(game, n, policy):
    venv = MeepleVectorEnv(game, n, num_players=2, opponents="random")
    venv.reset(seed=0)
    rng = np.random.default_rng(0)
    mlp = MLP(venv.single_observation_space.shape[0], venv.single_action_space.n, rng)
    box = [venv._obs.copy()]

    def run():
        for _ in range(STEPS // n):
            masks = venv.action_masks()
            if policy == "mlp":
                actions = mlp(box[0], masks)
            else:
                actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
            box[0], *_ = venv.step(actions)

    return run


def _singles(game, n, policy):
    envs = [MeepleGymEnv(game, num_players=2, opponents="random") for _ in range(n)]
    obs = [e.reset(seed=i)[0] for i, e in enumerate(envs)]
    rng = np.random.default_rng(0)
    mlp = MLP(envs[0].observation_space.shape[0], envs[0].action_space.n, rng)

    def run():
        for _ in range(STEPS // n):
            for i, e in enumerate(envs):
                mask = e.action_masks()
                if policy == "mlp":
                    a = int(mlp(obs[i][None, :], mask[None, :])[0])
                else:
                    a = int(rng.choice(np.flatnonzero(mask)))
                o, r, te, tr, _ = e.step(a)
                obs[i] = e.reset()[0] if te or tr else o

    return run


@pytest.mark.parametrize("policy", ["random", "mlp"])
@pytest.mark.parametrize("n", [1, 16])
@pytest.mark.parametrize("mode", ["collector", "singles"])
@pytest.mark.parametrize("game", GAMES)
def test_collect(benchmark, game, mode, n, policy):
    """STEPS agent steps over n games (see the module docstring)."""
    benchmark((_collector if mode == "collector" else _singles)(game, n, policy))
