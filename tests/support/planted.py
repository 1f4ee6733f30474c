"""Games with planted bugs, which the checks of :mod:`meeple.testing` and ``meeple fuzz`` must
find (so that a clean run means something): :func:`register` makes a copy of the test game
"toy" with another state class; the fixture ``planted`` (tests/conftest.py) registers them for
one test and removes them afterwards."""

from __future__ import annotations

from meeple.core import registry
from tests.support.toy import ToyGame, ToyState


def register(state_class, name):
    """Register the test game under ``name`` with ``state_class`` (a ToyState subclass) as its
    state; returns the game."""
    game = type(f"Game_{name}", (ToyGame,), {"name": name, "state_class": state_class})
    registry.register(game)
    return registry._GAMES[name]


def unregister(name):
    """Remove the game ``name`` from the registry (if there)."""
    registry._GAMES.pop(name, None)


class SloppyToy(ToyState):
    """Counts a rejected notation in the state (a refusal that changes the state) and chokes
    on a long notation with a Python error instead of IllegalActionError."""

    def _why_illegal(self, text):
        if len(text) > 500:
            raise KeyError(text[:10])
        self.stopped = self.stopped[:]  # harmless
        self.deck = self.deck + [] if len(text) % 2 else self.deck[:-1] + self.deck[-1:]
        if "x" in text:
            self.hands[0] = self.hands[0] + [0]
        return super()._why_illegal(text)
