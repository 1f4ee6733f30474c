"""Simulation: many games between bots, tournaments, statistics and result files."""

from .runner import GameResult, play_game, run_games, seat_rotation
from .stats import summarize, wilson_interval

__all__ = ["GameResult", "play_game", "run_games", "seat_rotation", "summarize", "wilson_interval"]
