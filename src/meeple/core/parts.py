"""A game's parts beyond its rules, declared on its :class:`~meeple.core.game.Game`.

Besides its state (the rules) and its view (words and board, :mod:`meeple.core.view`), a
game may give four parts, each read by one layer and reached through the game, never by a
module name:

======================  =====================  ==============================================
``game.heuristics``     :class:`Heuristics`    the bots (``meeple.agents``): evaluation,
                                               playout policy, one :class:`SearchDefaults`
``game.encoding``       :class:`Encoding`      the RL bindings (``meeple.interop``): action
                                               space and observation vector
``game.stats``          :class:`GameStats`     simulation reports (``meeple.sim``)
``game.explain``        :class:`Explanation`   why a typed action is refused (the core's
                                               ``IllegalActionError``)
======================  =====================  ==============================================

A game declares a part by overriding the matching ``Game.load_*`` method (``load_heuristics``,
``load_encoding``, ``load_stats``, ``load_explain``), which imports it from the game's own
folder; the core calls it once, on first use, so ``import meeple`` stays light (an encoding
may import the RL helpers). Every part is optional: without heuristics the bots value a
position by its scores, without an encoding the game has no RL binding, without statistics
a results file has none, and without explanations a refused action lists the legal ones.

The parts are Protocols: a module with the right functions is one (the games' ``encoding.py``,
``stats.py`` and ``explain.py`` are), except :class:`Heuristics`, a value the game builds
(its optional members have defaults).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .action import Action
    from .state import State


# ------------------------------------------------------------------ heuristics
class Evaluation(Protocol):
    """``evaluate(state, seat, root=None) -> float``: ``seat``'s expected final score in the
    game's points (groše, dollars, points) of an unfinished ``state``. ``root`` is the state
    the bot decides from (the search's root, the greedy bot's state), or None; a game may use
    it to value progress made since then (a goal card fulfilled since) and may ignore it. Never
    reads hidden information the bot could not see (bots call it on re-samples)."""

    def __call__(self, state: State, seat: int, root: State | None = None, /) -> float: ...


class RolloutPolicy(Protocol):
    """``rollout_action(state, legal, rng) -> Action``: a cheap playout move, one of ``legal``
    (the state's own list of legal actions: read it, never change it), drawn with ``rng``."""

    def __call__(self, state: State, legal: Sequence[Action], rng: random.Random, /) -> Action: ...


class Reversals(Protocol):
    """``reversals(state) -> notations``: the legal actions that would only undo what the seat
    to move did last in its turn (a piece just moved, moved straight back); a search
    never tries them while another action is legal."""

    def __call__(self, state: State, /) -> Collection[str]: ...


class SecretRedraw(Protocol):
    """``redraw_secret_choices(state, seat, rng) -> None``: in a determinization for ``seat``,
    re-draw (in place) the secret choices other seats have already made, by the game's model
    of how they choose (cards face down)."""

    def __call__(self, state: State, seat: int, rng: random.Random, /) -> None: ...


@dataclass(frozen=True)
class SearchDefaults:
    """A game's defaults for the search bots (``meeple.agents.search``); each one is also an
    option of the ``mcts`` spec, which overrides it.

    Attributes:
        value_scale: a typical final score margin between two greedy bots, in the game's
            points; search values compare seats through a logistic of one unit per half of it
            (``meeple.agents.base.value_scale``). None: a quarter of the values' spread.
        prior: visits before a tree node below the root gets the greedy view of its actions
            (option ``prior``; 0 = the root only).
        depth: actions of the rollout policy after a new leaf, before the evaluation (option
            ``depth``).
        c: UCT exploration constant on values in [0, 1] (option ``c``).
        takebacks: take-back action notation -> the notation of the action it takes back
            (an action that undoes the one before); option ``takeback=root`` searches a
            take-back only as the first action of a line. Held read-only.
    """

    value_scale: float | None = None
    prior: int = 10
    depth: int = 0
    c: float = 0.7
    takebacks: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "takebacks", MappingProxyType(dict(self.takebacks)))

    def __hash__(self) -> int:
        return hash((self.value_scale, self.prior, self.depth, self.c, tuple(sorted(self.takebacks.items()))))


@dataclass(frozen=True)
class Heuristics:
    """What the game's bots know of it (``greedy`` and the search bots of
    ``meeple.agents``): a value a game builds in its ``heuristics.py`` and returns from
    ``Game.load_heuristics``.

    Attributes:
        evaluate: the position's value for a seat (:class:`Evaluation`).
        rollout_action: the playout policy (:class:`RolloutPolicy`); None: random moves.
        search: the search bots' defaults (:class:`SearchDefaults`).
        reversals: actions a search never tries while another is legal
            (:class:`Reversals`); None: none.
        redraw_secret_choices: the model of other seats' secret choices for determinizations
            (:class:`SecretRedraw`); None: they stay as ``resample_hidden`` drew them.
    """

    evaluate: Evaluation
    rollout_action: RolloutPolicy | None = None
    search: SearchDefaults = SearchDefaults()
    reversals: Reversals | None = None
    redraw_secret_choices: SecretRedraw | None = None


# -------------------------------------------------------------------- encoding
class Encoding(Protocol):
    """The game's fixed-shape encoding for reinforcement learning (``meeple.interop``): a
    fixed list of every action notation and a fixed-length observation vector. The games'
    ``encoding.py`` modules are such parts."""

    @property
    def OBSERVATION_LAYOUT(self) -> Mapping[str, str]:
        """Each field of the observation vector -> what it holds (documentation)."""
        ...

    def action_notations(self, num_players: int, variant: str) -> list[str]:
        """Every notation an action of this configuration can have, in a fixed order (the
        action space: index -> notation)."""
        ...

    def observation_vector(self, obs: dict, num_players: int, variant: str, writer: Any = None) -> list[float]:
        """The vector of an observation (``state.observation(seat)``); its length depends on
        the configuration only. ``writer``: a ``meeple.interop.spaces.Writer`` to write into
        (its layout recorded), or None."""
        ...


# ------------------------------------------------------------------ statistics
class GameStats(Protocol):
    """The game's own statistics of a finished game, for ``meeple simulate`` (the ``stats``
    column of results files) and ``meeple report``. The games' ``stats.py`` modules are such
    parts."""

    @property
    def STATS(self) -> Mapping[str, Any]:
        """Per key of :meth:`game_stats`: ``{"by": "seat" | [labels] | None, "per_seat": bool
        (optional), "doc": text}``, how a report shows it."""
        ...

    def game_stats(self, state: State) -> dict[str, Any]:
        """A JSON-safe dict of the finished ``state`` (keys: :attr:`STATS`), computed off the
        hot path."""
        ...


# ---------------------------------------------------------------- explanations
class Explanation(Protocol):
    """``why_illegal(state, text) -> (rule_id, message)``: why the notation ``text`` is not a
    legal action of ``state`` now, in the rule's words (``rule_id`` ``""`` when no rule
    applies, e.g. a word that is no notation of the game). Called only for a refused text;
    must not change ``state``."""

    def __call__(self, state: State, text: str, /) -> tuple[str, str]: ...


PART_NAMES = ("heuristics", "encoding", "stats", "explain")
"""The attributes of a :class:`~meeple.core.game.Game` that hold its parts."""

__all__ = [
    "Encoding",
    "Evaluation",
    "Explanation",
    "GameStats",
    "Heuristics",
    "PART_NAMES",
    "Reversals",
    "RolloutPolicy",
    "SearchDefaults",
    "SecretRedraw",
]
