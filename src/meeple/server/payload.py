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
    if (
        isinstance(players, list)
        and players
        and all(isinstance(p, dict) and isinstance(p.get("score"), int) for p in players)
    ):
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
        highlights: per seat, the place keys its last turn changed (:func:`changed_places`).
        forced: ``(seat, version, notice)`` of the last forced step taken for a person
            (:meth:`meeple.server.service.Service._forced`), or None.
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
    highlights: dict = field(default_factory=dict)
    forced: tuple | None = None


SEAT_COLOURS = ("#c0392b", "#1f5fbf", "#1b7a32", "#8e44ad", "#d35400")
"""The seats' colours on the page (log names, highlights) when the view names none
(a view may set ``seat_colours``, the colours its board draws the seats in)."""


NAMED_COLOURS = {
    "red": "#c62828",
    "orange": "#e65100",
    "yellow": "#a67c00",
    "green": "#2e7d32",
    "blue": "#1565c0",
    "purple": "#6a1b9a",
    "black": "#222222",
    "white": "#6d6d6d",
    "brown": "#6d4c41",
    "grey": "#616161",
    "gray": "#616161",
}
"""Readable text colours for seats named by a colour (Magnum Sal's orange, black, ...)."""


def seat_colours(state: State) -> list[str]:
    """Per seat, a CSS colour for its name and highlights: the view's ``seat_colours`` when it
    has them, else the seat's own colour when it is named by one (:data:`NAMED_COLOURS`), else
    :data:`SEAT_COLOURS`."""
    own = state.game.view.seat_colours
    out = []
    for s in range(state.num_players):
        named = NAMED_COLOURS.get(str(state.seat_name(s)).strip().lower())
        out.append(own[s] if s < len(own) else named or SEAT_COLOURS[s % len(SEAT_COLOURS)])
    return out


def changed_places(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The place keys whose content differs between two ``View.place_keys`` readings (a key
    present in only one counts), sorted."""
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def legal_entries(state: State) -> list[dict]:
    """The legal actions of the seat to act as the page lists them: per action ``action``
    (notation, the id the client sends), ``label`` (words, ``View.action_label``), ``help``
    (``View.action_help``: what it does and its rule id; ``""`` for none) and ``note`` (a
    warning, ``View.action_notes``), in the view's display order."""

    view = state.game.view
    listed = listed_actions(state)
    notes, _footnote = action_notes(state, listed)
    return [
        {
            "action": a.text,
            "label": view.action_label(state, a) or a.text,
            "help": view.action_help(state, a),
            "note": n,
        }
        for a, n in zip(listed, notes)
    ]


def can_undo(info: TableInfo, seat: int | None, current: int) -> bool:
    """Whether the undo button is offered: ``seat`` is to act and took the last action (the
    server checks the rest when asked, :meth:`meeple.server.service.Service.undo`)."""
    return (
        seat is not None
        and seat == current
        and bool(info.actors)
        and info.actors[-1] == seat
        and info.seats[seat] == "human"
    )


def build_payload(state: State, seat: int | None, info: TableInfo, board: tuple[str, str] | None = None) -> dict:
    """The ``{"type": "state", ...}`` message for ``seat`` (None: a spectator).

    Keys: ``game_id``, ``game``, ``title``, ``variant``, ``num_players``, ``seat``,
    ``seat_names``, ``players`` (per seat ``name``, ``kind`` human or bot spec,
    ``connected``, ``away``), ``version``, ``current_player`` (-4 when over),
    ``current_name``, ``your_turn``, ``terminal``, ``legal`` (:func:`legal_entries`:
    ``[{"action", "label", "help", "note"}]`` of ``seat`` when it is to act), ``status`` (the
    status bar's sentence, ``View.status`` for this seat), ``forced`` (the notice of a forced
    step just taken for this seat, or None), ``highlights`` (per seat the place keys its last
    turn changed), ``seat_colours``, ``board_kind`` (``svg`` or
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
        legal = legal_entries(state)
    kind, board = board or board_html(state, obs, seat, [x["action"] for x in legal], names)
    final = None
    scores = public_scores(state, obs)
    if terminal:
        scores = list(state.scores())
        final = {
            "ranking": state.ranking(),
            "places": state.places(),
            "winners": state.winners(),
            "scores": scores,
            "truncated": state.is_truncated(),
        }
    timer = None
    if info.timer_seconds:
        timer = {
            "seconds": info.timer_seconds,
            "left": None if info.deadline_in is None else round(max(0.0, info.deadline_in), 1),
        }
    return {
        "type": "state",
        "game_id": info.game_id,
        "game": state.game.name,
        "title": state.game.title,
        "variant": state.variant,
        "num_players": state.num_players,
        "seat": seat,
        "seat_names": names,
        "players": [{"name": names[s], "kind": info.seats[s], "away": info.away[s]} for s in range(state.num_players)],
        "connected": list(info.connected),
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
        "status": state.game.view.status(state, seat),
        "forced": info.forced[2] if info.forced and info.forced[0] == seat and info.forced[1] == info.version else None,
        "highlights": [list(info.highlights.get(s, ())) for s in range(state.num_players)],
        "seat_colours": seat_colours(state),
        "can_undo": can_undo(info, seat, current) and not terminal,
        "bot_level": info.bot_level,
    }
