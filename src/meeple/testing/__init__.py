"""Checks for anyone writing a game for meeple (as PettingZoo ships ``pettingzoo.test``).

* :mod:`meeple.testing.conformance`: the contract's promises as functions
  (``check_game(game)`` plays random games and checks clone independence, round trips,
  rejection without change, observations and re-samples on the way; ``check_state(state)``
  checks one position). ``python -m meeple.testing GAME [SEEDS]`` runs ``check_game``.
* :mod:`meeple.testing.fuzz`: the fuzz harness (``fuzz(game, steps)``: illegal, malformed and
  hostile input between legal actions, mutated saves and records) and the leak check
  (``leak_check(game, states)``: what a seat sees does not depend on what it cannot);
  ``meeple fuzz GAME`` runs both.
* :mod:`meeple.testing.playthrough`: a seeded random game written out in words
  (``playthrough(game, variant, n)``), for files that show a rules change as a readable diff.

They reach a game only through the public contract of :class:`meeple.core.game.Game` and
:class:`meeple.core.state.State`, and the state's hook
:meth:`meeple.core.state.State.shuffle_hidden_orders` (the saved orders nobody sees, declared
in ``hidden_orders``); they name no game. docs/hardening.md shows them at work.
"""

from .conformance import ConformanceError, ConformanceReport, check_game, check_state
from .fuzz import FuzzReport, LeakReport, fuzz, information_set_key, leak_check

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_game",
    "check_state",
    "FuzzReport",
    "LeakReport",
    "fuzz",
    "information_set_key",
    "leak_check",
]
