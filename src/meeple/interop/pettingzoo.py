"""Every meeple game as a PettingZoo AEC environment (``pip install meeple[rl]``).

>>> from meeple.interop.pettingzoo import env
>>> e = env("solomon", num_players=3)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].sum() > 0
((1565,), True)

Agents are ``player_0`` .. ``player_{n-1}`` (meeple's seats 0..n-1). The agent to act is the
state's ``current_player``; meeple splits every compound turn into small decisions, so one
agent often acts several times in a row.

* Action space: ``Discrete(N)``, the game's fixed list ``action_notations(num_players,
  variant)`` of its ``encoding`` module (index <-> notation: :meth:`MeepleAECEnv.notation`,
  :meth:`MeepleAECEnv.action_index`).
* Observation: ``{"observation": float32[L], "action_mask": int8[N]}``, the vector built by
  the game's ``observation_vector`` from ``state.observation(seat)`` only (its layout:
  :meth:`MeepleAECEnv.observation_layout`); the mask is 1 exactly at the legal actions of
  the agent to act (all zero for the others and after the end).
* Rewards: zero until the end; then ``reward="ranking"`` (default) gives each seat
  ``state.returns()`` (the share of other seats it beats after the rulebook's tie-breaks,
  ties half: 1.0 a sole winner, 0.0 a sole loser), ``reward="score_diff"`` its final score
  minus the best final score among the other seats.
* ``render_mode="ansi"``: ``render()`` returns the game's text view for the seat to act
  (a spectator's once the game is over) as plain text.
"""

from __future__ import annotations

import io
import random

try:
    import numpy as np
    from gymnasium import spaces as gym_spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - depends on the install
    raise ImportError("meeple.interop.pettingzoo needs the rl extra: pip install meeple[rl] "
                      f"(or uv sync --extra rl); missing: {e.name}") from e

import meeple
from meeple.core.errors import InvalidConfigError
from meeple.interop.spaces import ActionSpace, Writer, encoding_module

REWARDS = ("ranking", "score_diff")
OBS_BOUND = 1e6
"""Observation-space bounds (``Box(-OBS_BOUND, OBS_BOUND)``): the vector holds raw counts,
money and flags, never near them."""


def observation_layout(game: str, num_players: int, variant: str | None = None) -> list[tuple[str, int, int]]:
    """``[(field, start, stop)]`` of the observation vector of a game configuration (the
    fields of its encoding module's ``OBSERVATION_LAYOUT``, one slice each, in order).

    Raises:
        InvalidConfigError: unknown game, bad player count or variant.
    """
    g = meeple.load_game(game)
    state = g.new_initial_state(num_players, seed=0, variant=variant)
    enc = encoding_module(g.name)
    w = Writer(record_layout=True)
    enc.observation_vector(state.observation(0), state.num_players, state.variant, w)
    return w.layout


class MeepleAECEnv(AECEnv):
    """A meeple game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: a game id (``"magnum-sal"``, ``"lignum"``, ``"solomon"``, ``"klondike"``).
        num_players: seats (0: the game's most).
        variant: one of the game's variants (None: its first).
        render_mode: ``None`` or ``"ansi"``.
        reward: ``"ranking"`` or ``"score_diff"``.
        **options: game options (``game.new_initial_state(**options)``).
    Raises:
        InvalidConfigError: unknown game, player count, variant, option, render mode or reward.
    """

    metadata = {"render_modes": ["ansi"], "name": "meeple_v0", "is_parallelizable": False}

    def __init__(self, game: str, num_players: int = 0, variant: str | None = None,
                 render_mode: str | None = None, reward: str = "ranking", **options):
        super().__init__()
        self.game = meeple.load_game(game)
        if render_mode not in (None, "ansi"):
            raise InvalidConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if reward not in REWARDS:
            raise InvalidConfigError(f"reward must be one of {list(REWARDS)}, not {reward!r}")
        probe = self.game.new_initial_state(num_players, 0, variant, **options)  # checks the config
        self.num_players = probe.num_players
        self.variant = probe.variant
        self.options = dict(options)
        self.render_mode = render_mode
        self.reward_kind = reward
        self._enc = encoding_module(self.game.name)
        self._space = ActionSpace(self._enc.action_notations(self.num_players, self.variant))
        self._vector = self._enc.observation_vector
        self.metadata = dict(self.metadata, name=f"meeple_{self.game.name.replace('-', '_')}_v0")
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        length = len(self._vector(probe.observation(0), self.num_players, self.variant))
        self._obs_len = length
        n = len(self._space)
        obs_space = gym_spaces.Dict({
            "observation": gym_spaces.Box(-OBS_BOUND, OBS_BOUND, (length,), np.float32),
            "action_mask": gym_spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gym_spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game_state = None

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent):
        """The ``Dict(observation, action_mask)`` space (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """``Discrete(N)``, N = the size of the game's fixed action space."""
        return self.action_spaces[agent]

    def notation(self, index: int) -> str:
        """The notation of action ``index`` (IndexError outside the space)."""
        return self._space.to_notation(int(index))

    def action_index(self, action) -> int:
        """The index of an action or notation (KeyError if not in the space)."""
        return self._space.to_index(action)

    def observation_layout(self) -> list[tuple[str, int, int]]:
        """``[(field, start, stop)]`` of the observation vector (see :func:`observation_layout`)."""
        return observation_layout(self.game.name, self.num_players, self.variant)

    # ------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game. ``seed`` seeds the game (and the seeds of later resets without
        one); ``options`` is accepted for the PettingZoo API and not used (game options are
        given to the constructor)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.getrandbits(63)
        self.game_state = self.game.new_initial_state(self.num_players, game_seed, self.variant, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._cache = None
        self.agent_selection = self.possible_agents[self.game_state.current_player]

    def observe(self, agent):
        """``{"observation": float32[L], "action_mask": int8[N]}`` of ``agent``'s seat."""
        seat = self._seat[agent]
        key = (seat, self.game_state.move_number)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        st = self.game_state
        vec = self._vector_array(st.observation(seat))
        mask = np.zeros(len(self._space), dtype=np.int8)
        if st.current_player == seat:
            mask[self._space.legal_indices(st.legal_actions())] = 1
        out = {"observation": vec, "action_mask": mask}
        self._cache = (key, out)
        return out

    def _vector_array(self, obs: dict):
        """The observation vector of ``obs`` as a new writable float32 array, built by a
        packed :class:`~meeple.interop.spaces.Writer` (cached blocks come packed already;
        the other values are packed by ``struct``, bit for bit as ``np.asarray(vector,
        np.float32)``).

        Raises:
            ValueError: not ``L`` numbers (a bug of the game's encoding).
        """
        w = Writer(packed=True)
        self._vector(obs, self.num_players, self.variant, w)
        buf = w.to_bytes()
        if len(buf) != 4 * self._obs_len:
            raise ValueError(f"observation vector of {len(buf) // 4} values, expected {self._obs_len}")
        return np.frombuffer(buf, np.float32).copy()

    def step(self, action) -> None:
        """Apply ``action`` (an index of the action space) for the agent to act; ``None``
        for an agent that is done.

        Raises:
            ValueError: not an integer index, outside the space, or not legal now (the
                message names the notation and the rule; nothing changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is an integer index of the action space, not {action!r}") from None
        if index != action or not 0 <= index < len(self._space):
            raise ValueError(f"action {action!r} is outside the action space 0..{len(self._space) - 1}")
        text = self._space.notations[index]
        st = self.game_state
        try:
            st.apply_action(text)
        except meeple.IllegalActionError as e:
            raise ValueError(f"action {index} ({text!r}) is not legal for {agent} now: {e}") from e
        self._cache = None
        self._cumulative_rewards[agent] = 0.0
        if st.is_terminal():
            final = self._final_rewards()
            for a in self.agents:
                self.rewards[a] = final[self._seat[a]]
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            self._clear_rewards()
            self.agent_selection = self.possible_agents[st.current_player]

    def _final_rewards(self) -> list[float]:
        st = self.game_state
        if self.reward_kind == "ranking":
            return [float(r) for r in st.returns()]
        scores = st.scores()
        n = len(scores)
        return [float(scores[s] - max(scores[o] for o in range(n) if o != s)) for s in range(n)]

    def render(self) -> str | None:
        """The game's text view for the seat to act (a spectator's at the end) as plain
        text with ``render_mode="ansi"``; None without a render mode."""
        if self.render_mode is None:
            return None
        from rich.console import Console

        text_mod = __import__(f"meeple.games.{self.game.name.replace('-', '_')}.text", fromlist=["render"])
        st = self.game_state
        seat = None if st.is_terminal() else st.current_player
        console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
        console.print(text_mod.render(st, seat))
        return console.export_text()

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, num_players: int = 0, variant: str | None = None, render_mode: str | None = None,
            reward: str = "ranking", **options) -> MeepleAECEnv:
    """The environment without PettingZoo's wrappers (fastest; see :class:`MeepleAECEnv`)."""
    return MeepleAECEnv(game, num_players, variant, render_mode, reward, **options)


def env(game: str, num_players: int = 0, variant: str | None = None, render_mode: str | None = None,
        reward: str = "ranking", **options):
    """A PettingZoo AEC environment of ``game`` (see :class:`MeepleAECEnv` for the
    arguments), wrapped in PettingZoo's ``OrderEnforcingWrapper`` as its own games are.

    Raises:
        InvalidConfigError: unknown game, player count, variant, option, render mode or reward.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game, num_players, variant, render_mode, reward, **options))
