"""End-of-game scoring and tie-breaks (MS-22)."""

from __future__ import annotations

from . import components as C


def score(state, seat: int) -> int:
    """Total in groše of ``seat``: money + 3 per salt cube + tool value (MS-22.1)."""
    return state.money[seat] + C.SALT_END_VALUE * sum(state.salt[seat]) + C.tool_end_value(len(state.tools[seat]))


def scores(state) -> list[int]:
    """:func:`score` for every seat (valid at any time; final after phase III)."""
    return [score(state, s) for s in range(state.num_players)]


def rank_key(state, seat: int) -> tuple:
    """Bigger is better (MS-22.2): total, then most royal orders completed, then fewest
    miners owned, then fewest tools owned; equal keys share the victory (RULING MS-22.2)."""
    return (score(state, seat), len(state.orders_done[seat]), -state.owned[seat], -len(state.tools[seat]))
