"""A vectorised collector: N single-agent games (:class:`meeple.interop.gym.MeepleGymEnv`)
stepped together in one process, returning stacked numpy arrays
(``pip install meeple[rl]``).

>>> from meeple.interop.vector import MeepleVectorEnv
>>> venv = MeepleVectorEnv("lignum", num_envs=8, num_players=2, opponents="random")
>>> obs, info = venv.reset(seed=0)
>>> obs.shape, info["action_mask"].shape
((8, 677), (8, 292))

A Gymnasium :class:`~gymnasium.vector.VectorEnv` (autoreset ``SAME_STEP``: a game that ends
is reset within the same ``step``; its last observation and info are in
``info["final_obs"]`` / ``info["final_info"]``, flagged by ``info["_final_obs"]``).

* ``reset(seed=s)`` seeds game ``i`` with ``s + i`` (later games follow from each game's
  generator, as :class:`~meeple.interop.gym.MeepleGymEnv` does).
* ``step(actions int[N_envs])`` returns ``obs float32[N_envs, L]``, ``rewards
  float32[N_envs]``, ``terminated bool[N_envs]``, ``truncated bool[N_envs]`` and ``info``
  with ``action_mask int8[N_envs, A]`` (the masks of the observations returned).
* :meth:`MeepleVectorEnv.action_masks`: ``bool[N_envs, A]``.

The engines are Python: stepping N games costs N times one game (the collector saves the
per-environment call and copy overhead only). What it buys is the policy's forward pass,
batched over N observations at once: the measured figures are in docs/research.md. For more
than one core, run one collector per process (``gymnasium.vector.AsyncVectorEnv`` over
``gym.make("meeple/...")`` does it for single environments).
"""

from __future__ import annotations

try:
    import numpy as np
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as e:  # pragma: no cover - depends on the install
    raise ImportError(
        f"meeple.interop.vector needs the rl extra: pip install meeple[rl] (or uv sync --extra rl); missing: {e.name}"
    ) from e

from meeple.core.checks import whole_number
from meeple.core.errors import InvalidConfigError
from meeple.interop.gym import MeepleGymEnv


class MeepleVectorEnv(VectorEnv):
    """``num_envs`` copies of ``MeepleGymEnv(game, **kwargs)`` stepped together (see the
    module docstring).

    Args:
        game: a game id.
        num_envs: how many games (>= 1).
        **kwargs: :class:`~meeple.interop.gym.MeepleGymEnv`'s arguments (``num_players``,
            ``opponents``, ``seat``, ``illegal``, ``reward``, ``variant``, game options).
    Raises:
        InvalidConfigError: ``num_envs`` below 1, or a bad argument of the environment.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str, num_envs: int, **kwargs):
        num_envs = whole_number(num_envs, "num_envs")
        if num_envs < 1:
            raise InvalidConfigError(f"num_envs must be >= 1, not {num_envs}")
        if kwargs.get("render_mode") is not None:
            raise InvalidConfigError("a MeepleVectorEnv does not render: make a MeepleGymEnv to watch a game")
        self.envs = [MeepleGymEnv(game, **kwargs) for _ in range(num_envs)]
        e0 = self.envs[0]
        self.num_envs = num_envs
        self.illegal = e0.illegal
        self.single_observation_space = e0.observation_space
        self.single_action_space = e0.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs,) + e0.observation_space.shape, np.float32)
        self._masks = np.zeros((num_envs, e0.action_space.n), np.int8)
        self._started = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Start a new game in every environment (game ``i`` seeded ``seed + i``).

        Returns:
            ``(obs float32[N_envs, L], {"action_mask": int8[N_envs, A]})``.
        """
        super().reset(seed=seed)
        for i, env in enumerate(self.envs):
            obs, _ = env.reset(seed=None if seed is None else seed + i)
            self._obs[i] = obs
            self._masks[i] = env._mask
        self._started = True
        return self._obs.copy(), {"action_mask": self._masks.copy()}

    def step(self, actions):
        """One action per environment (``int[N_envs]``); a finished game is reset at once.

        Returns:
            ``(obs, rewards, terminated, truncated, info)`` (see the module docstring).
        Raises:
            ValueError: not ``N_envs`` integer indices; with ``illegal="raise"``, an index
                that is not legal in its game (checked for every game before any steps:
                nothing changes).
            RuntimeError: ``reset()`` was not called.
        """
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(
                f"actions must be {self.num_envs} integer indices (shape ({self.num_envs},)), "
                f"not an array of shape {actions.shape} and dtype {actions.dtype}"
            )
        n_actions = self._masks.shape[1]
        if ((actions < 0) | (actions >= n_actions)).any():
            raise ValueError(f"actions must lie in the action space 0..{n_actions - 1}: {actions.tolist()}")
        if self.illegal == "raise":
            bad = np.flatnonzero(self._masks[np.arange(self.num_envs), actions] == 0)
            if len(bad):
                i = int(bad[0])
                raise ValueError(
                    f"action {int(actions[i])} ({self.envs[i].notation(int(actions[i]))!r}) is not legal "
                    f"in environment {i} now ({len(bad)} illegal; nothing was stepped)"
                )
        rewards = np.zeros(self.num_envs, np.float32)
        terminated = np.zeros(self.num_envs, bool)
        truncated = np.zeros(self.num_envs, bool)
        info: dict = {}
        for i, env in enumerate(self.envs):
            obs, r, te, tr, step_info = env.step(int(actions[i]))
            if te or tr:
                rewards[i], terminated[i], truncated[i] = r, te, tr
                if "final_obs" not in info:
                    info["final_obs"] = np.full(self.num_envs, None, object)
                    info["final_info"] = np.full(self.num_envs, None, object)
                    info["_final_obs"] = np.zeros(self.num_envs, bool)
                    info["_final_info"] = np.zeros(self.num_envs, bool)
                info["final_obs"][i] = obs
                info["final_info"][i] = step_info
                info["_final_obs"][i] = info["_final_info"][i] = True
                obs, _ = env.reset()
            self._obs[i] = obs
            self._masks[i] = env._mask
        info["action_mask"] = self._masks.copy()
        return self._obs.copy(), rewards, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """``bool[N_envs, A]``: the legal actions of every environment's agent now."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs) -> None:
        """Nothing to release."""
