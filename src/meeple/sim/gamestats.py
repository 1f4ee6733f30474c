"""The per-game statistics each game defines (``meeple/games/<pkg>/stats.py``), found by
game id: what ``simulate --out`` writes in the ``stats`` column and ``meeple report`` plots."""

from __future__ import annotations

import importlib
import json


def stats_module(game: str):
    """The ``stats`` module of the game named ``game`` (``game_stats(state)`` and ``STATS``),
    beside its ``Game`` class (``meeple/games/<pkg>/stats.py``); None for a game that has
    none (a game registered from elsewhere).

    Raises:
        meeple.InvalidConfigError: no such game.
    """
    from ..core import load_game

    module = type(load_game(game)).__module__  # refuses an unknown game with the list of games
    for name in (module + ".stats", module.rpartition(".")[0] + ".stats"):
        if name == ".stats":
            continue
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name is None or not name.startswith(e.name):  # a module the stats file imports
                raise
    return None


def game_stats(game: str, state) -> dict | None:
    """``game_stats(state)`` of the game named ``game``: a JSON-safe dict (keys: the game's
    ``stats.py``), computed off the hot path from the finished ``state``; None for a game
    without statistics."""
    module = stats_module(game)
    return None if module is None else module.game_stats(state)


def stats_spec(game: str) -> dict:
    """``STATS`` of the game named ``game``: per key ``{"by": "seat" | [labels] | None,
    "per_seat": bool (optional), "doc": text}``; ``{}`` for a game without statistics."""
    module = stats_module(game)
    return {} if module is None else module.STATS


def stats_text(stats: dict | None) -> str | None:
    """A game's statistics as the results files hold them: sorted compact JSON (None: none)."""
    return None if stats is None else json.dumps(stats, sort_keys=True, separators=(",", ":"))


def stats_from_text(text) -> dict | None:
    """The statistics of a ``stats`` cell (JSON text; empty, None or NaN for a file written
    before the column).

    Raises:
        ValueError: the cell is not a JSON object.
    """
    if text is None or text == "" or (isinstance(text, float) and text != text):
        return None
    try:
        value = json.loads(text)
    except (TypeError, ValueError) as e:
        raise ValueError(f"a stats cell is not JSON: {str(text)[:40]!r}") from e
    if not isinstance(value, dict):
        raise ValueError(f"a stats cell is not a JSON object: {str(text)[:40]!r}")
    return value
