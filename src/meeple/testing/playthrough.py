"""Readable playthroughs: a seeded random game written out in words, for a person to read and
for a test to compare (as OpenSpiel's ``playthroughs/``).

A rules change that alters play then shows as a diff a person can read, beside the SHA-256
move digests that only say *that* something changed. :func:`playthrough` gives the text of
one game; ``scripts/playthroughs.py`` writes one file a game, variant and player count into
``tests/games/<game>/playthroughs/`` and ``tests/games/test_playthroughs.py`` checks that they
are up to date.

The text holds: the set-up's events and the board as a spectator sees it; the first
``detailed`` actions, each with the seat that took it, its notation, its words
(:meth:`meeple.core.view.View.action_label`) and the events it caused; the board after them;
the remaining actions by notation only, a compact block (at most ``compact_lines`` lines, the
rest counted); and the end: the board, scores, ranking and returns. The moves are uniformly
random legal actions drawn with ``random.Random(seed)``, so the file depends on the rules
alone (no bot's evaluation).
"""

from __future__ import annotations

import io
import random
import textwrap

WIDTH = 100
"""Columns of the text (the board renderings and the wrapped blocks)."""


def _board(game, state) -> list[str]:
    """The terminal view of ``state`` for a spectator, as plain lines (no colour, no trailing
    spaces), indented by two."""
    from rich.console import Console

    buf = io.StringIO()
    console = Console(
        file=buf,
        width=WIDTH - 2,
        color_system=None,
        force_terminal=False,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        soft_wrap=False,
    )
    console.print(game.view.render_text(state, None))
    return ["  " + line.rstrip() if line.strip() else "" for line in buf.getvalue().splitlines()]


def _wrap(text: str, indent: int, more: int = 2) -> list[str]:
    """``text`` in lines of at most :data:`WIDTH` columns, indented by ``indent`` spaces and
    the lines after the first by ``more`` more; words are never split."""
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=" " * indent,
        subsequent_indent=" " * (indent + more),
        break_long_words=False,
        break_on_hyphens=False,
    ) or [""]


def _events(lines: list[str], limit: int) -> list[str]:
    out = [line for e in lines[:limit] for line in _wrap(e, 8)]
    if len(lines) > limit:
        out.append(f"        ... ({len(lines) - limit} more events)")
    return out


def _pack(items: list[str], width: int) -> list[list[str]]:
    """``items`` in lines of at most ``width`` characters when joined by ``"; "`` (an item
    longer than that alone on its line); never split."""
    lines: list[list[str]] = []
    size = width + 1
    for item in items:
        if lines and size + 2 + len(item) <= width:
            lines[-1].append(item)
            size += 2 + len(item)
        else:
            lines.append([item])
            size = len(item)
    return lines


def playthrough(
    game,
    variant: str,
    num_players: int,
    seed: int = 1,
    *,
    detailed: int = 50,
    events_per_action: int = 6,
    compact_lines: int = 60,
    max_actions: int = 200_000,
) -> str:
    """The playthrough of one seeded random game as text (lines of at most about
    :data:`WIDTH` columns, ending with a newline).

    Args:
        game: a :class:`meeple.core.game.Game` or a registered game's id.
        variant, num_players, seed: the game (``seed``: the game's seed and the moves'
            ``random.Random(seed)``).
        detailed: actions shown one a line with their words and events.
        events_per_action: events shown under a detailed action (the rest counted).
        compact_lines: lines of the compact block of the later actions (the rest counted).
        max_actions: a game longer than this is refused.
    Raises:
        InvalidConfigError: a configuration the game refuses.
        RuntimeError: no end after ``max_actions`` actions.
    """
    if isinstance(game, str):
        from ..core.registry import load_game

        game = load_game(game)
    state = game.new_initial_state(num_players=num_players, seed=seed, variant=variant)
    rng = random.Random(seed)
    view = game.view
    names = [state.seat_name(s) for s in range(num_players)]
    out = [
        f"meeple playthrough: {game.title} ({game.name}), variant {state.variant}, {num_players} players, "
        f"seed {seed}, rules edition {game.rules_edition}",
        f"seats: {', '.join(f'{s} {n}' for s, n in enumerate(names))}",
        f"moves: uniformly random legal actions, random.Random({seed}); written by scripts/playthroughs.py",
        "(run it to update this file after a change to the rules)",
        "",
        "== set-up",
        *_events(state.events, 40),
        "",
        "== the board at the start, as a spectator sees it",
        *_board(game, state),
        "",
        f"== actions 1 to {detailed}: seat, notation, in words; the events it caused",
    ]
    compact: list[str] = []
    k = 0
    while not state.is_terminal():
        k += 1
        if k > max_actions:
            raise RuntimeError(f"{game.name} {variant} {num_players}p seed {seed}: no end after {max_actions} actions")
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        seat = state.current_player
        if k <= detailed:
            label = view.action_label(state, action)
            before = len(state.events)
            state.apply_action(action)
            words = f" | {label}" if label and label != action.text else ""
            out.extend(_wrap(f"{k:5}. {names[seat]:<8} {action.text}{words}", 0, 16))
            out.extend(_events(state.events[before:], events_per_action))
            if k == detailed and not state.is_terminal():
                out += ["", f"== the board after action {k}, as a spectator sees it", *_board(game, state)]
        else:
            state.apply_action(action)
            compact.append(f"{k} {action.text}")
    if compact:
        out += ["", f"== actions {detailed + 1} to {k}, notation only"]
        lines = _pack(compact, WIDTH - 2)
        out += ["  " + "; ".join(line) for line in lines[:compact_lines]]
        if len(lines) > compact_lines:
            shown = sum(len(line) for line in lines[:compact_lines])
            out.append(f"  ... ({len(compact) - shown} more actions, to action {k})")
    scores = state.scores()
    places = state.places()
    out += [
        "",
        f"== the end after {k} actions{' (cut short by a safety option)' if state.is_truncated() else ''}, "
        "as a spectator sees it",
        *_board(game, state),
        "",
        "scores:  " + ", ".join(f"{names[s]} {scores[s]}" for s in range(num_players)),
        "ranking: " + ", ".join(f"{places[s]}. {names[s]}" for s in state.ranking()),
        "returns: " + ", ".join(f"{names[s]} {r:g}" for s, r in enumerate(state.returns())),
        "events:  " + f"{len(state.events)} in all",
    ]
    return "\n".join(out) + "\n"


def default_players(game) -> int:
    """The player count of a game's playthroughs: 3, or the nearest the game allows."""
    return min(max(3, game.min_players), game.max_players)
