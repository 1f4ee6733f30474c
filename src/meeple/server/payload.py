"""What a seat or a spectator is sent: built only from what that seat may see.

:func:`build_payload` reads, of the live state, only ``observation(seat)``, the public
``events`` (every event is public: ``meeple play`` prints them all to everyone at the table),
the legal actions of ``seat`` when it is to act, ``seat_name``, and, once the game is over,
the final scores and ranking. The board is the game view's ``board_svg(obs, legal,
seat_names, seat)`` when it draws one, else the terminal view of that seat
(``text.render(state, seat)``, the very view ``meeple play`` shows it) as preformatted text.
Everything else comes from the table (:class:`TableInfo`), which holds no hidden
information. tests/server/test_leaks.py checks that a payload is the same when built from a
re-sample of what the seat cannot see.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from ..core import State
from ..front import action_notes, listed_actions, text_view


def board_html(state: State, obs: dict, seat: int | None, legal: list[str], names: list[str]) -> tuple[str, str]:
    """``(kind, markup)``: ``("svg", "<svg ...>")`` from the game's ``render_svg``, or
    ``("text", "<pre class=board-text>...</pre>")`` (the terminal view) without one."""
    markup = state.game.view.board_svg(obs, legal, names, seat)
    if markup is not None:
        return "svg", markup
    return "text", f'<pre class="board-text">{html.escape(text_view(state, seat))}</pre>'


def public_scores(state: State, obs: dict) -> list[int] | None:
    """The scores a seat may be shown during play, read from its observation: Magnum Sal's
    ``scores``, Klondike's ``players[i].score``; None where the observation shows no total
    (Lignum, Solomon: their totals count hidden products or tiles). Final scores are shown
    from ``state.scores()`` once the game is over (:func:`build_payload`)."""
    if isinstance(obs.get("scores"), list) and all(isinstance(x, int) for x in obs["scores"]):
        return list(obs["scores"])
    players = obs.get("players")
    if isinstance(players, list) and players and all(isinstance(p, dict) and isinstance(p.get("score"), int)
                                                     for p in players):
        return [p["score"] for p in players]
    return None


@dataclass
class TableInfo:
    """What the server knows about a game besides its state; none of it is hidden.

    Attributes:
        game_id: the game's id.
        seats: per seat ``"human"`` or the bot spec playing it.
        connected: per seat, whether a websocket of that seat is open now.
        away: per seat, whether the stand-in bot plays it now (timed out or left).
        version: the public version (:meth:`meeple.server.service.LiveGame.version`).
        actors: the seat that took each action so far (public: whose turn it was).
        notes: ``[event_index, text]`` server notes shown in the log after that many events.
        timer_seconds: seconds a decision, or None.
        deadline_in: seconds left for the seat to act, or None.
        bot_level: the stand-in bot's spec.
    """

    game_id: str
    seats: list[str]
    connected: list[bool]
    away: list[bool]
    version: int
    actors: list[int]
    notes: list = field(default_factory=list)
    timer_seconds: int | None = None
    deadline_in: float | None = None
    bot_level: str = "easy"


def can_undo(info: TableInfo, seat: int | None, current: int) -> bool:
    """Whether the undo button is offered: ``seat`` is to act and took the last action (the
    server checks the rest when asked, :meth:`meeple.server.service.Service.undo`)."""
    return seat is not None and seat == current and bool(info.actors) and info.actors[-1] == seat \
        and info.seats[seat] == "human"


def build_payload(state: State, seat: int | None, info: TableInfo, board: tuple[str, str] | None = None) -> dict:
    """The ``{"type": "state", ...}`` message for ``seat`` (None: a spectator).

    Keys: ``game_id``, ``game``, ``title``, ``variant``, ``num_players``, ``seat``,
    ``seat_names``, ``players`` (per seat ``name``, ``kind`` human or bot spec,
    ``connected``, ``away``), ``version``, ``current_player`` (-4 when over),
    ``current_name``, ``your_turn``, ``terminal``, ``legal`` (``[{"action", "note"}]`` of
    ``seat`` when it is to act, in the game's display order), ``board_kind`` (``svg`` or
    ``text``), ``board``, ``events``, ``notes``, ``scores`` (:func:`public_scores`, the
    final scores at the end), ``final`` (``None`` or ``{"ranking", "places", "winners",
    "scores", "truncated"}``), ``timer`` (``None`` or ``{"seconds", "left"}``),
    ``can_undo``. JSON-safe. ``board``: the ``(kind, markup)`` of :func:`board_html` for this
    very state and seat when the caller has it already (a cache), else it is drawn.
    """
    obs = state.observation(seat)
    names = [state.seat_name(s) for s in range(state.num_players)]
    current = state.current_player
    terminal = state.is_terminal()
    legal = []
    if seat is not None and current == seat and not terminal:
        listed = listed_actions(state)
        notes, _footnote = action_notes(state, listed)
        legal = [{"action": a.text, "note": n} for a, n in zip(listed, notes)]
    kind, board = board or board_html(state, obs, seat, [x["action"] for x in legal], names)
    final = None
    scores = public_scores(state, obs)
    if terminal:
        scores = list(state.scores())
        final = {"ranking": state.ranking(), "places": state.places(), "winners": state.winners(),
                 "scores": scores, "truncated": state.is_truncated()}
    timer = None
    if info.timer_seconds:
        timer = {"seconds": info.timer_seconds,
                 "left": None if info.deadline_in is None else round(max(0.0, info.deadline_in), 1)}
    return {
        "type": "state",
        "game_id": info.game_id,
        "game": state.game.name,
        "title": state.game.title,
        "variant": state.variant,
        "num_players": state.num_players,
        "seat": seat,
        "seat_names": names,
        "players": [{"name": names[s], "kind": info.seats[s], "connected": info.connected[s],
                     "away": info.away[s]} for s in range(state.num_players)],
        "version": info.version,
        "current_player": current,
        "current_name": None if terminal else names[current],
        "your_turn": bool(legal),
        "terminal": terminal,
        "legal": legal,
        "board_kind": kind,
        "board": board,
        "events": list(state.events),
        "notes": [list(n) for n in info.notes],
        "scores": scores,
        "final": final,
        "timer": timer,
        "can_undo": can_undo(info, seat, current) and not terminal,
        "bot_level": info.bot_level,
    }
