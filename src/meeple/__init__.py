"""meeple: play, simulate and study Magnum Sal, Lignum, King Solomon's Treasury and Klondike 1896.

Public API (docs/python.md; docstrings of core/state.py and core/game.py)::

    import meeple
    meeple.game_names()                       # ["klondike", "lignum", "magnum-sal", "solomon"]
    game = meeple.load_game("magnum-sal")
    state = game.new_initial_state(num_players=4, seed=7)
    state.apply_action(state.legal_actions()[0])
    meeple.replay(state.record())
"""

from . import agents  # noqa: E402  (meeple.agents.make after a plain "import meeple")
from .core import (
    TERMINAL,
    Action,
    IllegalActionError,
    InvalidConfigError,
    InvalidRecordError,
    MeepleError,
    game_names,
    load_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "TERMINAL",
    "Action",
    "MeepleError",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidRecordError",
    "game_names",
    "load_game",
    "replay",
    "agents",
    "__version__",
]
