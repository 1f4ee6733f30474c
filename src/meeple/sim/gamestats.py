"""The per-game statistics each game declares (``game.stats``, :class:`meeple.core.GameStats`;
the four games' ``stats.py``): what ``simulate --out`` writes in the ``stats`` column and
``meeple report`` plots."""

from __future__ import annotations

import json
from typing import Any

from ..core import GameStats, State, load_game


def stats_of(game: str) -> GameStats | None:
    """The statistics part of the game named ``game`` (``game_stats(state)`` and ``STATS``);
    None for a game that declares none (the test game).

    Raises:
        meeple.InvalidConfigError: no such game.
    """
    return load_game(game).stats  # refuses an unknown game with the list of games


def game_stats(game: str, state: State) -> dict[str, Any] | None:
    """``game_stats(state)`` of the game named ``game``: a JSON-safe dict (keys: the game's
    ``STATS``), computed off the hot path from the finished ``state``; None for a game
    without statistics."""
    part = stats_of(game)
    return None if part is None else part.game_stats(state)


def stats_spec(game: str) -> dict:
    """``STATS`` of the game named ``game``: per key ``{"by": "seat" | [labels] | None,
    "per_seat": bool (optional), "doc": text}``; ``{}`` for a game without statistics."""
    part = stats_of(game)
    return {} if part is None else dict(part.STATS)


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
