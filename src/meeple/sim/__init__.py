"""Simulation: many games between bots, tournaments, statistics and result files."""

from .runner import GameNotEndingError, GameResult, WorkerDiedError, play_game, run_games, seat_rotation
from .stats import summarize, wilson_interval

__all__ = [
    "GameNotEndingError",
    "GameResult",
    "play_game",
    "run_games",
    "seat_rotation",
    "summarize",
    "wilson_interval",
    "WorkerDiedError",
]
