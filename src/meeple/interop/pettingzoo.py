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
* ``illegal="raise"`` (default): an index that is not legal raises ``ValueError`` and
  changes nothing; ``illegal="lose"``: it ends the game at once as a forfeit, the offender
  ranked last alone (:func:`forfeit_rewards`), ``infos[agent]["illegal_action"]`` naming it.
* ``infos``: empty during the game; at the end every agent's holds ``scores`` (the final
  scores, ``state.scores()``), ``ranking`` (seats best first after the rulebook's
  tie-breaks), ``places`` (per seat, 1 = first) and ``capped`` (a safety cap ended it).
* ``state()``: the global state for centralized critics, every seat's observation vector one
  after another (``float32[n * L]``, :attr:`MeepleAECEnv.state_space`): all private holdings,
  never what no seat has seen (deck order, future draws).
* ``render_mode="ansi"``: ``render()`` returns the game's text view for the seat to act
  (a spectator's once the game is over) as plain text; ``"human"`` prints it.
* ``legal_action_indices()``: the legal indices of the agent to act without building its
  observation (the cheap way to step on the mask alone).
* A game ended by a safety cap (Magnum Sal's ``max_rounds``, not a rule) ends with
  ``truncations`` instead of ``terminations``; the rewards are the standing then.
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
    raise ImportError(
        "meeple.interop.pettingzoo needs the rl extra: pip install meeple[rl] "
        f"(or uv sync --extra rl); missing: {e.name}"
    ) from e

import meeple
from meeple.core.errors import InvalidConfigError
from meeple.interop.spaces import ActionSpace, Writer, encoding_of

REWARDS = ("ranking", "score_diff")
ILLEGAL = ("raise", "lose")
RENDER_MODES = ("ansi", "human")
OBS_BOUND = 1e6
"""Observation-space bounds (``Box(-OBS_BOUND, OBS_BOUND)``): the vector holds raw counts,
money and flags, never near them."""


def observation_layout(game: str, num_players: int, variant: str | None = None) -> list[tuple[str, int, int]]:
    """``[(field, start, stop)]`` of the observation vector of a game configuration (the
    fields of its encoding's ``OBSERVATION_LAYOUT``, one slice each, in order).

    Raises:
        InvalidConfigError: unknown game, bad player count or variant.
    """
    g = meeple.load_game(game)
    state = g.new_initial_state(num_players, seed=0, variant=variant)
    enc = encoding_of(g)
    w = Writer(record_layout=True)
    enc.observation_vector(state.observation(0), state.num_players, state.variant, w)
    return w.layout


def final_rewards(state, reward: str = "ranking") -> list[float]:
    """Per seat, the end-of-game reward of a (terminal) meeple state: ``"ranking"``:
    ``state.returns()`` (the share of the other seats it beats after the rulebook's
    tie-breaks, ties half); ``"score_diff"``: its score minus the best score of the others.

    Raises:
        InvalidConfigError: an unknown reward kind.
    """
    if reward == "ranking":
        return [float(r) for r in state.returns()]
    if reward != "score_diff":
        raise InvalidConfigError(f"reward must be one of {list(REWARDS)}, not {reward!r}")
    scores = state.scores()
    n = len(scores)
    return [float(scores[s] - max(scores[o] for o in range(n) if o != s)) for s in range(n)]


def forfeit_rewards(state, seat: int, reward: str = "ranking") -> list[float]:
    """Per seat, the rewards when ``seat`` forfeits now (``illegal="lose"``): ``seat`` is
    ranked last alone, the others keep their standing among themselves.

    ``"ranking"``: ``seat`` gets 0.0, every other seat beats it (one point) and shares the
    rest as ``state.returns()`` ranks them now. ``"score_diff"``: ``seat``'s score counts as
    one below the lowest score now, then the usual differences.
    """
    n = state.num_players
    if reward == "ranking":
        places = state.places()  # 1 = first after the tie-breaks; equal places: a tie
        out = []
        for s in range(n):
            if s == seat:
                out.append(0.0)
                continue
            beat = 1.0  # the forfeiting seat
            for o in range(n):
                if o != s and o != seat:
                    beat += 1.0 if places[s] < places[o] else 0.5 if places[s] == places[o] else 0.0
            out.append(beat / (n - 1))
        return out
    scores = list(state.scores())
    scores[seat] = min(scores) - 1
    return [float(scores[s] - max(scores[o] for o in range(n) if o != s)) for s in range(n)]


def end_info(state) -> dict:
    """What every agent's ``info`` holds at the end of a game: ``scores`` (list of int,
    ``state.scores()``), ``ranking`` (seats best first after the rulebook's tie-breaks),
    ``places`` (per seat, 1 = first, tied seats share a place) and ``capped`` (True when a
    safety cap, not a rule, ended it: ``state.is_truncated()``)."""
    return {
        "scores": list(state.scores()),
        "ranking": state.ranking(),
        "places": state.places(),
        "capped": bool(state.is_truncated()),
    }


class MeepleAECEnv(AECEnv):
    """A meeple game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: a game id (``"magnum-sal"``, ``"lignum"``, ``"solomon"``, ``"klondike"``).
        num_players: seats (0: the game's most).
        variant: one of the game's variants (None: its first).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        reward: ``"ranking"`` or ``"score_diff"``.
        illegal: ``"raise"`` or ``"lose"`` (see the module docstring).
        **options: game options (``game.new_initial_state(**options)``).
    Raises:
        InvalidConfigError: unknown game, player count, variant, option, render mode, reward
            or illegal-action rule.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "meeple_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        num_players: int = 0,
        variant: str | None = None,
        render_mode: str | None = None,
        reward: str = "ranking",
        illegal: str = "raise",
        **options,
    ):
        super().__init__()
        self.game = meeple.load_game(game)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidConfigError(f"render_mode must be None or one of {list(RENDER_MODES)}, not {render_mode!r}")
        if reward not in REWARDS:
            raise InvalidConfigError(f"reward must be one of {list(REWARDS)}, not {reward!r}")
        if illegal not in ILLEGAL:
            raise InvalidConfigError(f"illegal must be one of {list(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        probe = self.game.new_initial_state(num_players, 0, variant, **options)  # checks the config
        self.num_players = probe.num_players
        self.variant = probe.variant
        self.options = dict(options)
        self.render_mode = render_mode
        self.reward_kind = reward
        self._enc = encoding_of(self.game)
        self._space = ActionSpace(self._enc.action_notations(self.num_players, self.variant))
        self._vector = self._enc.observation_vector
        self.metadata = dict(self.metadata, name=f"meeple_{self.game.name.replace('-', '_')}_v0")
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        length = len(self._vector(probe.observation(0), self.num_players, self.variant))
        self._obs_len = length
        n = len(self._space)
        obs_space = gym_spaces.Dict(
            {
                "observation": gym_spaces.Box(-OBS_BOUND, OBS_BOUND, (length,), np.float32),
                "action_mask": gym_spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gym_spaces.Discrete(n) for a in self.possible_agents}
        self.state_space = gym_spaces.Box(-OBS_BOUND, OBS_BOUND, (self.num_players * length,), np.float32)
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

    def legal_action_indices(self, agent: str | None = None):
        """The indices of the legal actions of ``agent`` (default: the agent to act) as an
        ``int64`` array in the game's order; empty when it is not to act or the game is over.
        Builds no observation (the cheap way to step on the mask alone).

        Raises:
            KeyError: ``agent`` is not one of ``possible_agents``.
        """
        seat = self._seat[self.agent_selection if agent is None else agent]
        st = self.game_state
        if st.current_player != seat:
            return np.zeros(0, np.int64)
        return np.asarray(self._space.legal_indices(st.legal_actions_view()), np.int64)

    def observation_vector(self, seat: int):
        """The observation vector of ``seat`` now, ``float32[L]`` (a new array), from
        ``state.observation(seat)`` only."""
        return self._vector_array(self.game_state.observation(seat))

    def state(self):
        """The global state: every seat's observation vector, seat 0 first, one after another
        (``float32[n * L]``, within :attr:`state_space`). Each seat's private holdings are in
        it (for a centralized critic in training, never for a policy that acts); what no seat
        has seen (deck order, future draws) is not."""
        st = self.game_state
        return np.concatenate([self._vector_array(st.observation(s)) for s in range(self.num_players)])

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

        With ``illegal="lose"`` an index that is not legal now ends the game as the agent's
        forfeit (:func:`forfeit_rewards`; ``infos[agent]["illegal_action"]`` names it).

        Raises:
            ValueError: not an integer index, outside the space, or (``illegal="raise"``) not
                legal now (the message names the notation and the rule; nothing changes).
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
            if self.illegal == "raise":
                raise ValueError(f"action {index} ({text!r}) is not legal for {agent} now: {e}") from e
            self._end(forfeit_rewards(st, self._seat[agent], self.reward_kind), truncated=False)
            for a in self.agents:
                self.infos[a]["illegal_action"] = {"agent": agent, "index": index, "notation": text}
            return
        self._cache = None
        self._cumulative_rewards[agent] = 0.0
        if st.is_terminal():
            self._end(final_rewards(st, self.reward_kind), truncated=st.is_truncated())
        else:
            self._clear_rewards()
            self.agent_selection = self.possible_agents[st.current_player]

    def _end(self, final: list[float], truncated: bool) -> None:
        """The game is over: rewards, terminations (truncations after a safety cap), infos."""
        self._cache = None
        self._cumulative_rewards[self.agent_selection] = 0.0
        info = end_info(self.game_state)
        for a in self.agents:
            self.rewards[a] = final[self._seat[a]]
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = dict(info)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game's text view for the seat to act (a spectator's at the end): returned as
        plain text with ``render_mode="ansi"``, printed to stdout (returning None) with
        ``"human"``; None without a render mode."""
        if self.render_mode is None:
            return None
        text = render_text(self.game_state)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def render_text(state) -> str:
    """The game's text view of ``state`` for the seat to act (a spectator's once the game is
    over) as plain text (the terminal game's board, no colour codes)."""
    from rich.console import Console

    seat = None if state.is_terminal() else state.current_player
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    console.print(state.game.view.render_text(state, seat))
    return console.export_text()


def raw_env(
    game: str,
    num_players: int = 0,
    variant: str | None = None,
    render_mode: str | None = None,
    reward: str = "ranking",
    illegal: str = "raise",
    **options,
) -> MeepleAECEnv:
    """The environment without PettingZoo's wrappers (fastest; see :class:`MeepleAECEnv`)."""
    return MeepleAECEnv(game, num_players, variant, render_mode, reward, illegal, **options)


def env(
    game: str,
    num_players: int = 0,
    variant: str | None = None,
    render_mode: str | None = None,
    reward: str = "ranking",
    illegal: str = "raise",
    **options,
):
    """A PettingZoo AEC environment of ``game`` (see :class:`MeepleAECEnv` for the
    arguments), wrapped in PettingZoo's ``OrderEnforcingWrapper`` as its own games are.

    Raises:
        InvalidConfigError: unknown game, player count, variant, option, render mode, reward
            or illegal-action rule.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game, num_players, variant, render_mode, reward, illegal, **options))
