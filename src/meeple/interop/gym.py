"""Every meeple game as a single-agent Gymnasium environment against meeple's bots
(``pip install meeple[rl]``).

>>> import gymnasium as gym
>>> import meeple.interop.gym  # registers meeple/MagnumSal-v0, Lignum-v0, Solomon-v0, Klondike-v0
>>> env = gym.make("meeple/Solomon-v0", num_players=2, opponents="greedy")
>>> obs, info = env.reset(seed=0)
>>> obs.shape, info["action_mask"].shape
((1493,), (1820,))

(``gym.make("meeple.interop.gym:meeple/Solomon-v0")`` imports the module itself.)

One seat (``seat``, or a seat drawn at each reset) is the learning agent; the other seats
are played by opponents inside :meth:`MeepleGymEnv.step` until the agent is to act again or
the game is over. Each opponent decides as it does everywhere else in meeple: a bot spec
(``meeple.agents.make``: ``"random"``, ``"greedy"``, ``"mcts:N"`` ...) or an
:class:`~meeple.agents.base.Agent` decides on the state through its own seat's view (its
``observation`` or a ``resample_hidden`` of it); a callable ``policy(observation, mask) ->
index`` sees its own seat's observation vector and action mask only.

* Observation: ``float32[L]``, the agent seat's observation vector (the PettingZoo one:
  built from ``state.observation(seat)`` only, so it holds nothing the seat may not see).
* Action: ``Discrete(N)``, the game's fixed action space (the PettingZoo indices).
* Mask: :meth:`MeepleGymEnv.action_masks` (sb3-contrib's ``MaskablePPO`` protocol, bool[N])
  and ``info["action_mask"]`` (int8[N]) after every reset and step; all zero at the end.
* Reward: zero until the end, then the agent seat's ``"ranking"`` reward
  (``state.returns()``: 1.0 a sole winner, 0.0 a sole loser, ties half) or ``"score_diff"``
  (its score minus the best other score).
* Episode end: ``terminated`` when the game ends by its rules, ``truncated`` when a safety
  cap ended it (Magnum Sal's ``max_rounds``); ``info`` then holds ``scores``, ``ranking``,
  ``places``, ``capped`` and ``seat``.
* ``illegal="raise"``: an index that is not legal raises ``ValueError`` and changes
  nothing; ``illegal="lose"``: the game ends at once as a forfeit of the agent (ranked last
  alone: :func:`meeple.interop.pettingzoo.forfeit_rewards`), ``info["illegal_action"]``
  naming it (Gymnasium's and SB3's ``check_env`` step unmasked samples, so they need it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces as gym_spaces
except ImportError as e:  # pragma: no cover - depends on the install
    raise ImportError(
        f"meeple.interop.gym needs the rl extra: pip install meeple[rl] (or uv sync --extra rl); missing: {e.name}"
    ) from e

import meeple
from meeple.agents import make as make_bot
from meeple.agents.base import Agent
from meeple.core.checks import whole_number
from meeple.core.errors import InvalidConfigError
from meeple.interop.pettingzoo import (
    ILLEGAL,
    RENDER_MODES,
    REWARDS,
    MeepleAECEnv,
    end_info,
    final_rewards,
    forfeit_rewards,
    render_text,
)


def env_id(game: str) -> str:
    """The Gymnasium id of a game id: ``"magnum-sal"`` -> ``"meeple/MagnumSal-v0"``."""
    return "meeple/" + "".join(part.capitalize() for part in game.split("-")) + "-v0"


ENV_IDS = {name: env_id(name) for name in meeple.game_names() if meeple.load_game(name).encoding is not None}
"""Game id -> the Gymnasium id it is registered under: every game with an RL encoding
(``meeple/MagnumSal-v0``, ``meeple/Lignum-v0``, ``meeple/Solomon-v0``, ``meeple/Klondike-v0``)."""

Policy = Callable[[np.ndarray, np.ndarray], int]
"""An opponent policy: ``(observation float32[L], action_mask int8[N]) -> index``."""


class MeepleGymEnv(gymnasium.Env):
    """One seat of a meeple game against opponents, as a Gymnasium environment (see the
    module docstring).

    Args:
        game: a game id (``"magnum-sal"``, ``"lignum"``, ``"solomon"``, ``"klondike"``).
        num_players: seats (2 by default; 0: the game's most).
        opponents: one opponent for every other seat, or a sequence of ``num_players - 1``
            (the other seats in seat order); each a bot spec (str), an
            :class:`~meeple.agents.base.Agent` or a callable ``policy(observation, mask) ->
            index``.
        seat: the agent's seat (0..n-1), or None: drawn at each reset from the reset's seed.
        illegal: ``"raise"`` or ``"lose"``.
        reward: ``"ranking"`` or ``"score_diff"``.
        variant: one of the game's variants (None: its first).
        render_mode: None, ``"ansi"`` (``render()`` returns the text view) or ``"human"``
            (prints it).
        **options: game options (``max_rounds=20`` ...).
    Raises:
        InvalidConfigError: unknown game, player count, variant, option, bot spec, seat,
            reward, illegal-action rule or render mode, or the wrong number of opponents.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game: str,
        num_players: int = 2,
        opponents="random",
        seat: int | None = None,
        illegal: str = "raise",
        reward: str = "ranking",
        variant: str | None = None,
        render_mode: str | None = None,
        **options,
    ):
        self.codec = MeepleAECEnv(game, num_players, variant, None, reward, illegal, **options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidConfigError(f"render_mode must be None or one of {list(RENDER_MODES)}, not {render_mode!r}")
        self.render_mode = render_mode
        self.game = self.codec.game
        self.num_players = n = self.codec.num_players
        self.variant = self.codec.variant
        self.reward_kind = reward
        self.illegal = illegal
        if seat is not None:
            seat = whole_number(seat, "seat")
            if not 0 <= seat < n:
                raise InvalidConfigError(f"seat must be None or a seat 0..{n - 1}, not {seat}")
        self.fixed_seat = seat
        if isinstance(opponents, (str, Agent)) or callable(opponents):
            opponents = [opponents] * (n - 1)
        if not isinstance(opponents, Sequence) or len(opponents) != n - 1:
            raise InvalidConfigError(
                f"opponents: one opponent or a list of {n - 1} (one per other seat), not {opponents!r}"
            )
        self._opponents = [self._opponent(o, i) for i, o in enumerate(opponents)]
        self.observation_space = self.codec.observation_space("player_0")["observation"]
        self.action_space = gym_spaces.Discrete(len(self.codec._space))
        self.state = None
        self.seat = 0 if seat is None else seat
        self._by_seat: dict[int, object] = {}
        self._done = True
        self._mask = np.zeros(self.action_space.n, np.int8)

    @staticmethod
    def _opponent(o, i: int):
        if isinstance(o, str):
            return make_bot(o, seed=i)  # InvalidConfigError on a bad spec
        if isinstance(o, Agent) or callable(o):
            return o
        raise InvalidConfigError(
            f"an opponent is a bot spec, a meeple Agent or a callable policy(observation, mask) -> index, not {o!r}"
        )

    # ------------------------------------------------------------ helpers
    def notation(self, index: int) -> str:
        """The notation of action ``index`` (IndexError outside the space)."""
        return self.codec.notation(index)

    def action_index(self, action) -> int:
        """The index of an action or notation (KeyError if not in the space)."""
        return self.codec.action_index(action)

    def action_masks(self) -> np.ndarray:
        """bool[N]: True exactly at the legal actions of the agent now (all False once the
        episode is over). sb3-contrib's ``MaskablePPO`` calls it before every step."""
        return self._mask.astype(bool)

    def _legal_mask(self) -> np.ndarray:
        mask = np.zeros(self.action_space.n, np.int8)
        st = self.state
        if not st.is_terminal() and st.current_player == self.seat:
            mask[self.codec._space.legal_indices(st.legal_actions_view())] = 1
        return mask

    def _observe(self):
        self._mask = self._legal_mask()
        return self.codec._vector_array(self.state.observation(self.seat))

    def _play_opponents(self) -> None:
        """Opponents act until the agent is to act or the game is over."""
        st = self.state
        space = self.codec._space
        while not st.is_terminal() and st.current_player != self.seat:
            opp = self._by_seat[st.current_player]
            if isinstance(opp, Agent):
                st.apply_action(opp.choose(st))
                continue
            s = st.current_player
            mask = np.zeros(len(space), np.int8)
            mask[space.legal_indices(st.legal_actions_view())] = 1
            index = opp(self.codec._vector_array(st.observation(s)), mask)
            try:
                index = int(index)
            except (TypeError, ValueError):
                raise ValueError(f"the opponent policy of seat {s} returned {index!r}, not an action index") from None
            if not (0 <= index < len(space)) or not mask[index]:
                raise ValueError(f"the opponent policy of seat {s} chose {index}, not a legal action index")
            st.apply_action(space.notations[index])

    # ------------------------------------------------------------ Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Start a new game: the game's seed, the agent's seat (when not fixed) and the bots'
        seeds all come from ``seed`` (Gymnasium's ``np_random``); the opponents then act until
        the agent is to act. ``options`` is accepted for the API and not used.

        Returns:
            ``(observation float32[L], info)``; ``info``: ``action_mask`` (int8[N]), ``seat``.
        """
        super().reset(seed=seed)
        rng = self.np_random
        n = self.num_players
        self.state = self.game.new_initial_state(n, int(rng.integers(2**63 - 1)), self.variant, **self.codec.options)
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self._by_seat = dict(zip(others, self._opponents))
        for opp in self._opponents:
            if isinstance(opp, Agent):
                opp.reset(seed=int(rng.integers(2**31)))
        self._done = False
        self._play_opponents()
        obs = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, {"action_mask": self._mask.copy(), "seat": self.seat}

    def step(self, action):
        """The agent takes ``action`` (an index); the opponents act until the agent is to act
        again or the game is over.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: reward 0.0 until the end;
            ``info`` holds ``action_mask`` and ``seat``, at the end also ``scores``,
            ``ranking``, ``places``, ``capped`` (and ``illegal_action`` after a forfeit).
        Raises:
            ValueError: ``action`` is not an integer index of the space; not legal now with
                ``illegal="raise"`` (nothing changes); an opponent policy chose an illegal index.
            RuntimeError: the episode is over (call ``reset()``).
        """
        if self._done:
            raise RuntimeError("the episode is over: call reset() first")
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is an integer index of the action space, not {action!r}") from None
        if index != action or not 0 <= index < self.action_space.n:
            raise ValueError(f"action {action!r} is outside the action space 0..{self.action_space.n - 1}")
        st = self.state
        if not self._mask[index]:
            text = self.codec._space.notations[index]
            if self.illegal == "raise":
                try:
                    st.apply_action(text)  # not legal: raises, the state unchanged
                except meeple.IllegalActionError as e:
                    raise ValueError(f"action {index} ({text!r}) is not legal for seat {self.seat} now: {e}") from e
                raise AssertionError("the mask missed a legal action")  # pragma: no cover
            reward = forfeit_rewards(st, self.seat, self.reward_kind)[self.seat]
            info = dict(end_info(st), seat=self.seat, illegal_action={"index": index, "notation": text})
            return self._finish(reward, False, info)
        st.apply_action(self.codec._space.notations[index])
        self._play_opponents()
        if st.is_terminal():
            capped = st.is_truncated()
            reward = final_rewards(st, self.reward_kind)[self.seat]
            return self._finish(reward, capped, dict(end_info(st), seat=self.seat))
        obs = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, 0.0, False, False, {"action_mask": self._mask.copy(), "seat": self.seat}

    def _finish(self, reward: float, truncated: bool, info: dict):
        self._done = True
        obs = self.codec._vector_array(self.state.observation(self.seat))
        self._mask = np.zeros(self.action_space.n, np.int8)
        info["action_mask"] = self._mask.copy()
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), not truncated, truncated, info

    def render(self) -> str | None:
        """The game's text view (the seat to act's; a spectator's at the end): returned with
        ``render_mode="ansi"``, printed with ``"human"``; None otherwise."""
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(self.state)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text


def make_env(game: str, **kwargs) -> MeepleGymEnv:
    """``MeepleGymEnv(game, **kwargs)`` without Gymnasium's wrappers (faster than
    ``gym.make``, whose checks and order enforcement wrap every call)."""
    return MeepleGymEnv(game, **kwargs)


def register_envs() -> None:
    """Register every game of :data:`ENV_IDS` with Gymnasium (``meeple/MagnumSal-v0`` ... ;
    done on import; registering again is harmless)."""
    for game, gym_id in ENV_IDS.items():
        if gym_id not in gymnasium.registry:
            gymnasium.register(id=gym_id, entry_point="meeple.interop.gym:MeepleGymEnv", kwargs={"game": game})


register_envs()

__all__ = ["ENV_IDS", "ILLEGAL", "REWARDS", "MeepleGymEnv", "Policy", "make_env", "register_envs"]
