"""What the lobby shows people: the catalog of games, their options in words, the bot levels.

Everything comes from each game's :class:`~meeple.core.Game` and its view (``game.view``:
description, length, variant_text, option_text, option_applies), so a game's words live with
the game. :func:`catalog` is ``GET /api/catalog``.
"""

from __future__ import annotations

import sys
from typing import Any

from ..agents import LEVELS
from ..core import Game, game_names, load_game

PEOPLE_LEVELS = ("easy", "medium", "hard")
"""The bot levels offered to people, weakest first."""
TEST_LEVELS = ("random", "greedy")
"""Bots the API also takes, offered under an honest label (random is no opponent; greedy is
the easy level's engine under its technical name)."""


def _search_budget(spec: str) -> tuple[int | None, float | None]:
    """``(iterations, seconds a turn)`` of a bot spec such as ``mcts:300:turn=1.5``
    (``iterations`` None for a bot that does not search, ``greedy:turn=0.5``; seconds None
    without a ``turn=`` or ``time=`` budget)."""
    name, *rest = spec.split(":")
    iterations = int(rest[0]) if name in ("mcts", "flatmc") and rest and rest[0].isdigit() else None
    seconds = None
    for part in rest:
        if part.startswith(("turn=", "time=")):
            seconds = float(part.split("=", 1)[1])
    return iterations, seconds


def bot_levels() -> list[dict]:
    """The bot levels in words, read from :data:`meeple.agents.LEVELS` (so they stay true):
    ``[{"id", "label", "text", "think"}]``, people's levels first, then the test bots
    (``"test": true``). ``think`` says how long the bot takes a move."""
    out = []
    for level in PEOPLE_LEVELS:
        spec = LEVELS[level]
        iterations, seconds = _search_budget(spec)
        name = spec.split(":")[0]
        if iterations is None:
            text = (
                f"Plays the move that looks best right now: it tries each move one step ahead and "
                f"keeps the one the game's scoring guide likes most (the '{name}' bot). It does not "
                f"plan ahead."
            )
        else:
            text = (
                f"Looks several moves ahead: it plays out up to {iterations:,} possible lines of play "
                f"from each position (a tree search over guesses of what it cannot see; it never peeks "
                f"at hidden cards or tiles) and picks the move that did best."
            )
        # the budget covers the whole turn, however many decisions it has (meeple.agents, turn=S)
        think = f"thinks at most about {seconds:g} s a turn" if seconds else "answers at once"
        out.append({"id": level, "label": level.capitalize(), "text": text, "think": think, "test": False})
    out.append(
        {
            "id": "random",
            "label": "Random moves",
            "text": "Picks any legal move at random: not an opponent, only for trying the page.",
            "think": "answers at once",
            "test": True,
        }
    )
    out.append(
        {
            "id": "greedy",
            "label": "Greedy (Easy without its time limit)",
            "text": "The Easy bot's way of playing under its technical name, never cut short.",
            "think": "answers at once",
            "test": True,
        }
    )
    return out


def _fallback_description(game: Game) -> str:
    """The first paragraph of the game package's docstring, for a view without a description."""
    doc = (sys.modules[game.package].__doc__ or "").strip()
    return " ".join(doc.split("\n\n")[0].split())


def _choice_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ").replace("-", " ")


def option_control(game: Game, option) -> dict | None:
    """One option as the lobby's form shows it, or None when there is nothing to choose (one
    choice only):

    ``{"name", "label", "help", "control", "default", "choices"?}`` where ``control`` is
    ``"checkbox"`` (a yes/no option), ``"select"`` (``choices``: ``[{"value", "text"}]``),
    ``"number"`` (a whole number; ``"empty"`` names what an empty field means when the option
    may be null, e.g. "no limit") or ``"seats"`` (a list of seats: one checkbox a seat, as
    Klondike's children under eight, KL-39). ``default``: the value for a table with people
    (``Option.human_default`` when set, as ``meeple play`` uses).
    """
    label, help_text = game.view.option_text(option.name)
    default = option.default if option.human_default is None else option.human_default
    kind = option.kind or (type(option.default) if option.default is not None else int)
    out = {"name": option.name, "label": label, "help": help_text, "default": default}
    if option.choices is not None:
        if len(option.choices) < 2:
            return None
        out["control"] = "select"
        out["choices"] = [{"value": c, "text": _choice_text(c)} for c in option.choices]
    elif kind is bool:
        out["control"] = "checkbox"
    elif kind is int:
        out["control"] = "number"
        out["empty"] = "no limit" if option.default is None else None
    elif kind is list:
        out["control"] = "seats"
    else:
        out["control"] = "text"
    return out


def game_entry(game: Game) -> dict:
    """The catalog entry of one game: ``{"id", "title", "description", "length",
    "min_players", "max_players", "picture", "variants": [{"id", "text", "options": [names
    that apply]}], "options": [option_control ...]}``."""
    view = game.view
    options = [c for c in (option_control(game, o) for o in game.options) if c is not None]
    names = [o["name"] for o in options]
    variants = [
        {"id": v, "text": view.variant_text(v), "options": [n for n in names if view.option_applies(n, v)]}
        for v in game.variants
    ]
    return {
        "id": game.name,
        "title": game.title,
        "description": view.description or _fallback_description(game),
        "length": view.length,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "picture": f"/static/img/{game.name}.png",
        "variants": variants,
        "options": options,
    }


def catalog() -> dict:
    """``GET /api/catalog``: ``{"games": [game_entry ...], "bot_levels": bot_levels(),
    "defaults": {"seats", "bot"}}`` (the one-click game: you and one bot at medium per
    other seat, two players)."""
    return {
        "games": [game_entry(load_game(n)) for n in game_names()],
        "bot_levels": bot_levels(),
        "defaults": {"num_players": 2, "bot": "medium"},
    }
