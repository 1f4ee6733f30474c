"""Research bindings (the optional extra ``rl``: ``pip install meeple[rl]``).

* :mod:`meeple.interop.pettingzoo`: every game as a PettingZoo AEC environment, ``env(game, ...)``.
* :mod:`meeple.interop.gym`: every game as a single-agent Gymnasium environment against
  meeple's bots, registered as ``meeple/MagnumSal-v0``, ``meeple/Lignum-v0``,
  ``meeple/Solomon-v0``, ``meeple/Klondike-v0`` when imported.
* :mod:`meeple.interop.vector`: N such games stepped together, stacked numpy arrays.
* :mod:`meeple.interop.openspiel`: every game registered as an OpenSpiel Python game
  (``python_meeple_<game>``) when imported.
* :mod:`meeple.interop.baseline`: the MaskablePPO baseline (the extra ``baseline``:
  sb3-contrib, torch).
* :mod:`meeple.interop.spaces`: the pure-Python helpers the bindings use (fixed action
  spaces, observation vectors); each game declares its encoding, ``game.encoding``
  (:class:`meeple.core.Encoding`; the four games' ``encoding.py``).

This package imports neither numpy nor PettingZoo nor Gymnasium nor OpenSpiel; its binding
modules do, and fail with an ImportError naming the extra when it is missing. See
docs/research.md.
"""
