"""Every meeple game as an OpenSpiel Python game (``pip install meeple[rl]``).

Importing this module registers, with ``pyspiel.register_game``::

    python_meeple_magnum_sal   python_meeple_lignum   python_meeple_solomon   python_meeple_klondike

>>> import pyspiel, meeple.interop.openspiel
>>> game = pyspiel.load_game("python_meeple_solomon", {"num_players": 3, "seed": 7})
>>> state = game.new_initial_state()

Parameters (all optional): ``num_players`` (default the game's most), ``variant`` (default
its first), ``seed`` (default 0; see chance below), ``max_game_length`` (a bound OpenSpiel
reports, default 100000; meeple's games end by their own rules and safety caps).

The game type: sequential, imperfect information, terminal rewards, constant sum (each
seat's return is ``state.returns()``: the share of other seats it beats after the
rulebook's tie-breaks, ties half, so the returns of a game always add up to n/2).

* Actions: the game's fixed action space (``encoding.action_notations``): action ``i`` is
  notation ``i``; ``action_to_string`` gives the notation.
* Chance: explicit, at one node: the engines draw from the state's own seeded generator
  inside ``apply_action`` (Magnum Sal's tiles and tools, Lignum's cards and tokens, Solomon's
  stacks and hands, Klondike's claims and cards), so every draw of a game follows from its
  seed. The initial state is a chance node with :data:`CHANCE_OUTCOMES` equally likely
  outcomes; outcome ``i`` starts the meeple game of seed ``seed * CHANCE_OUTCOMES + i``
  (``seed`` the game parameter). After it the game has no chance nodes: each later draw is
  hidden from every seat until the rules show it, and a seat never sees the seed. This is
  a deviation from a chance node at every draw (see docs/research.md).
* Simultaneous choices are the engines' secret commitments made one seat after another.
* Observation string/tensor: ``state.observation(seat)`` as sorted JSON / the encoding's
  fixed vector; a public observer (``private_info=NONE``) sees the spectator's observation.
  Information state string: the observation plus a digest of the seat's own actions so
  far (not the whole past of its observations: a deviation from perfect recall);
  information state tensor: the observation vector.
* ``resample_from_infostate(player, sampler)``: ``state.resample_hidden(seat, rng)`` with a
  ``random.Random`` seeded from the sampler.
* Clone: meeple's cheap ``state.clone()``. OpenSpiel clones a Python state by deep-copying
  its attributes; the meeple state sits in a holder whose ``__deepcopy__`` is that clone.
"""

from __future__ import annotations

import hashlib
import json
import random

try:
    import numpy as np
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the install
    raise ImportError(
        "meeple.interop.openspiel needs the rl extra: pip install meeple[rl] "
        f"(or uv sync --extra rl); missing: {e.name}"
    ) from e

import meeple
import meeple.core.checks
from meeple.core.errors import InvalidConfigError
from meeple.interop.spaces import ActionSpace, encoding_of

MAX_GAME_LENGTH = 100_000
CHANCE_OUTCOMES = 1024
"""Outcomes of the root chance node: the game seeds ``seed * 1024 + i``."""


def short_name(game: str) -> str:
    """OpenSpiel's name of a meeple game id: ``"magnum-sal"`` -> ``"python_meeple_magnum_sal"``."""
    return "python_meeple_" + meeple.load_game(game).name.replace("-", "_")


class _Holder:
    """Holds a meeple state, its game and the decisions so far; deep-copying it clones the
    state cheaply (no copy.deepcopy of the state) and shares the decisions (an immutable
    chain), pickling it saves ``state.to_dict()`` (OpenSpiel's serialisation).

    ``state`` is None at the root chance node (the seed is not drawn yet)."""

    __slots__ = ("game", "state", "mine", "digest")

    def __init__(self, game, state, mine=None, digest=None):
        self.game = game
        self.state = state
        self.mine = mine  # None or (previous chain, seat, action index)
        self.digest = digest  # None or per seat "count:sha1" of its own actions so far

    def __deepcopy__(self, memo):
        st = self.state
        return _Holder(self.game, None if st is None else st.clone(), self.mine, self.digest)

    def __reduce__(self):
        st = self.state
        return (
            _load_holder,
            (
                None if st is None else st.game.name,
                None if st is None else st.to_dict(),
                _chain_list(self.mine),
                self.digest,
            ),
        )


def _chain_list(chain) -> list:
    out = []
    while chain is not None:
        chain, seat, action = chain
        out.append((seat, action))
    out.reverse()
    return out


def _load_holder(name: str, d: dict, mine: list, digest) -> _Holder:
    chain = None
    for seat, action in mine:
        chain = (chain, seat, action)
    digest = None if digest is None else tuple(digest)
    return _Holder(None, None if d is None else meeple.load_game(name).state_from_dict(d), chain, digest)


class MeepleGame(pyspiel.Game):
    """A meeple game as an OpenSpiel game (see the module docstring). Subclassed once per
    game id by :func:`register`; ``pyspiel.load_game(name, params)`` makes it.

    Raises:
        InvalidConfigError: a bad ``num_players``, ``variant`` or ``seed``.
    """

    meeple_name = ""
    game_type = None

    def __init__(self, params=None):
        params = dict(params or {})
        g = meeple.load_game(self.meeple_name)
        self.meeple_game = g
        n = int(params.get("num_players", g.max_players))
        variant = params.get("variant") or g.variants[0]
        probe = g.new_initial_state(n, 0, variant)  # checks the configuration
        self.num_seats = probe.num_players
        self.variant = probe.variant
        enc = encoding_of(g)
        self.space = ActionSpace(enc.action_notations(self.num_seats, self.variant))
        self._vector = enc.observation_vector
        self.obs_len = len(self._vector(probe.observation(0), self.num_seats, self.variant))
        self.seed = int(params.get("seed", 0))
        meeple.core.checks.check_seed(self.seed * CHANCE_OUTCOMES + CHANCE_OUTCOMES - 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=self.num_seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=self.num_seats / 2,
            max_game_length=int(params.get("max_game_length", MAX_GAME_LENGTH)),
        )
        full = {
            "num_players": self.num_seats,
            "variant": self.variant,
            "seed": self.seed,
            "max_game_length": info.max_game_length,
        }
        super().__init__(self.game_type, info, full)

    def new_initial_state(self):
        """A new game, at its root chance node (the seed)."""
        return MeepleState(self)

    def new_meeple_state(self, outcome: int):
        """The meeple state that root chance outcome ``outcome`` starts."""
        return self.meeple_game.new_initial_state(self.num_seats, self.seed * CHANCE_OUTCOMES + outcome, self.variant)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer of a seat's view (``private_info`` SINGLE_PLAYER, the default) or the
        spectator's (``NONE``); ``perfect_recall=True``: the information state.

        Raises:
            ValueError: observation parameters, or ALL_PLAYERS private information (meeple
                never shows a seat another's hidden information).
        """
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return MeepleObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class MeepleState(pyspiel.State):
    """An OpenSpiel state around a meeple state (``meeple_state``; see the module docstring)."""

    def __init__(self, game):
        super().__init__(game)
        self._held = _Holder(game, None)

    @property
    def meeple_state(self):
        """The meeple state (``meeple.State``) this OpenSpiel state plays; None at the root
        chance node."""
        return self._held.state

    def _game(self) -> MeepleGame:
        return self._held.game or self.get_game()

    def own_actions(self, seat: int) -> list[int]:
        """The action indices ``seat`` chose so far, in order."""
        return [a for s, a in _chain_list(self._held.mine) if s == seat]

    # ------------------------------------------------------------ pyspiel API
    def current_player(self):
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` at the root or ``TERMINAL``."""
        st = self._held.state
        if st is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if st.is_terminal() else st.current_player

    def chance_outcomes(self):
        """The root's ``CHANCE_OUTCOMES`` seeds, equally likely."""
        p = 1.0 / CHANCE_OUTCOMES
        return [(i, p) for i in range(CHANCE_OUTCOMES)]

    def _legal_actions(self, player):
        """The legal action indices of ``player`` (ascending; empty for another seat)."""
        st = self._held.state
        if st is None or st.is_terminal() or player != st.current_player:
            return []
        return sorted(self._game().space.legal_indices(st.legal_actions()))

    def _apply_action(self, action):
        """Apply action index ``action`` for the seat to act, or the root's chance outcome
        (meeple raises ``IllegalActionError`` for an illegal action and nothing changes)."""
        h = self._held
        st = h.state
        if st is None:
            h.state = self._game().new_meeple_state(int(action))
            return
        seat = st.current_player
        st.apply_action(self._game().space.to_notation(action))
        h.mine = (h.mine, seat, action)
        digest = list(h.digest or ("0:",) * st.num_players)
        count, _, prev = digest[seat].partition(":")
        digest[seat] = f"{int(count) + 1}:{hashlib.sha1(f'{prev},{action}'.encode()).hexdigest()}"
        h.digest = tuple(digest)

    def _action_to_string(self, player, action):
        """The action's notation (``seed i`` for the root's chance outcome ``i``)."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._game().space.to_notation(action)

    def is_terminal(self):
        """Whether the game is over."""
        st = self._held.state
        return st is not None and st.is_terminal()

    def returns(self):
        """Per seat ``state.returns()`` at the end (in [0, 1], summing to n/2); zeros before."""
        st = self._held.state
        if st is None or not st.is_terminal():
            return [0.0] * self._game().num_seats
        return [float(r) for r in st.returns()]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state equal to this one in all ``player_id`` can see, hidden parts re-drawn by
        ``state.resample_hidden`` (its ``random.Random`` seeded from ``probability_sampler``,
        a callable returning a float in [0, 1); the root chance node is its own re-sample)."""
        seed = int(probability_sampler() * (1 << 53))
        new = self.clone()
        if self._held.state is None:
            return new
        new._held = _Holder(
            self._held.game,
            self.meeple_state.resample_hidden(player_id, random.Random(seed)),
            self._held.mine,
            self._held.digest,
        )
        return new

    def __str__(self):
        """The state as its save (``to_dict``) without the history and the event log (OpenSpiel
        keeps the history), JSON; ``chance`` at the root."""
        st = self._held.state
        if st is None:
            return "chance: the game seed"
        d = st.to_dict()
        del d["history"], d["events"]
        return json.dumps(d, sort_keys=True, separators=(",", ":"))


class MeepleObserver:
    """OpenSpiel's Python observer of a meeple game: ``tensor`` (the encoding's vector of
    ``state.observation(seat)``) and ``dict`` (its fields as views), ``string_from``."""

    def __init__(self, game: MeepleGame, iig_obs_type):
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("meeple never shows a seat the others' hidden information (ALL_PLAYERS)")
        self._public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self._recall = iig_obs_type.perfect_recall
        self._game = game
        self.tensor = np.zeros(game.obs_len, np.float32)
        self.dict = {"observation": self.tensor}

    def _obs(self, state, player):
        st = state.meeple_state
        return None if st is None else st.observation(None if self._public else player)

    def set_from(self, state, player):
        """Fill ``tensor`` with the vector of ``player``'s observation of ``state`` (zeros at
        the root chance node)."""
        g = self._game
        obs = self._obs(state, player)
        if obs is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = np.fromiter(g._vector(obs, g.num_seats, g.variant), np.float32, g.obs_len)

    def string_from(self, state, player):
        """The observation as sorted JSON; with perfect recall (the information state),
        followed by ``| mine: COUNT:SHA1``, the number and a SHA-1 chain of the seat's own
        action indices so far (two histories of the seat's own choices differ there; the
        chain keeps the string short in games of thousands of decisions)."""
        text = json.dumps(self._obs(state, player), sort_keys=True, separators=(",", ":"))
        if self._recall and not self._public:
            digest = state._held.digest
            text += " | mine: " + (digest[player] if digest else "0:")
        return text


_REGISTERED: dict[str, type] = {}


def register(game: str) -> type:
    """Register one meeple game with ``pyspiel.register_game`` (once; the class is returned
    again later) under :func:`short_name`.

    Raises:
        InvalidConfigError: an unknown game id.
    """
    g = meeple.load_game(game)
    name = short_name(g.name)
    if name in _REGISTERED:
        return _REGISTERED[name]
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"meeple {g.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "num_players": g.max_players,
            "variant": g.variants[0],
            "seed": 0,
            "max_game_length": MAX_GAME_LENGTH,
        },
    )
    cls = type(
        f"Meeple{g.name.title().replace('-', '')}Game",
        (MeepleGame,),
        {"meeple_name": g.name, "game_type": game_type, "__doc__": f"{g.title} as an OpenSpiel game."},
    )
    pyspiel.register_game(game_type, cls)
    _REGISTERED[name] = cls
    return cls


def load(game: str, **params):
    """``pyspiel.load_game`` of a meeple game id with keyword parameters
    (``load("solomon", num_players=3, seed=7)``)."""
    register(game)
    return pyspiel.load_game(short_name(game), params)


for _name in meeple.game_names():
    if meeple.load_game(_name).encoding is not None:  # the four games (a test-only game has none)
        register(_name)

__all__ = ["MeepleGame", "MeepleState", "MeepleObserver", "register", "load", "short_name", "InvalidConfigError"]
