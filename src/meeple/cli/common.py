"""Helpers shared by the CLI commands: option parsing, rendering, errors."""

from __future__ import annotations

import importlib
import json

import typer
from rich.console import Console
from rich.pretty import Pretty

from ..core import Game, InvalidConfigError, State, load_game

# emoji off: a bot spec such as ``mcts:100:depth=0`` must not print as an emoji
console = Console(emoji=False)
err_console = Console(stderr=True, emoji=False)


def fail(message: str, code: int = 2) -> None:
    """Print an error in red and exit with ``code`` (2: bad usage, 1: failed run)."""
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def get_game(name: str) -> Game:
    """The game named on the command line, or exit 2 with the list of games."""
    try:
        return load_game(name)
    except InvalidConfigError as e:
        fail(str(e))


def parse_options(items: list[str] | None) -> dict:
    """``["cart_max_cubes=2", "tactical=true"]`` -> ``{"cart_max_cubes": 2, "tactical": True}``.

    Values are read as JSON where they parse (numbers, true/false, null, lists), else as text.
    """
    out = {}
    for item in items or []:
        if "=" not in item:
            fail(f"bad --option {item!r}: expected NAME=VALUE")
        k, v = item.split("=", 1)
        try:
            out[k.strip()] = json.loads(v)
        except json.JSONDecodeError:
            out[k.strip()] = v
    return out


def parse_seats(text: str) -> list[str]:
    """``"human,greedy,mcts:500"`` -> ``["human", "greedy", "mcts:500"]`` (each checked)."""
    from ..agents import make

    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    if not seats:
        fail("--seats needs at least one seat, e.g. --seats human,greedy")
    for s in seats:
        if s != "human":
            try:
                make(s, 0)
            except InvalidConfigError as e:
                fail(str(e))
    return seats


def render(state: State, seat: int | None):
    """The game's rich rendering of ``state`` as ``seat`` sees it (fallback: the observation)."""
    try:
        text = importlib.import_module(state.game.package + ".text")
    except ModuleNotFoundError:
        return Pretty(state.observation(seat))
    return text.render(state, seat)
