"""Research bindings (the optional extra ``rl``: ``pip install meeple[rl]``).

* :mod:`meeple.interop.pettingzoo`: every game as a PettingZoo AEC environment, ``env(game, ...)``.
* :mod:`meeple.interop.openspiel`: every game registered as an OpenSpiel Python game
  (``python_meeple_<game>``) when imported.
* :mod:`meeple.interop.spaces`: the pure-Python helpers both use (fixed action spaces,
  observation vectors); the per-game encodings are ``meeple.games.<pkg>.encoding``.

This package imports neither numpy nor PettingZoo nor OpenSpiel; its two binding modules do,
and fail with an ImportError naming the extra when it is missing. See docs/research.md.
"""
