"""Game-agnostic core: Game/State base classes, actions, registry, RNG, errors."""

from .action import Action, action_table
from .errors import IllegalActionError, InvalidConfigError, InvalidRecordError, MeepleError
from .game import Game, Option
from .parts import Encoding, Explanation, GameStats, Heuristics, SearchDefaults
from .registry import game_names, load_game, register, replay
from .rng import Rng, derive_seed
from .state import TERMINAL, State
from .view import RuleSection, View

__all__ = [
    "Action",
    "action_table",
    "Game",
    "Option",
    "State",
    "Rng",
    "TERMINAL",
    "derive_seed",
    "MeepleError",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidRecordError",
    "game_names",
    "load_game",
    "register",
    "replay",
    "View",
    "RuleSection",
    "Heuristics",
    "SearchDefaults",
    "Encoding",
    "GameStats",
    "Explanation",
]
