"""Terminal rendering of King Solomon's Treasury: ``render(state, seat)`` -> a rich renderable.

Built only from ``state.observation(seat)`` (``seat`` None = spectator), so nothing hidden
leaks: the 6 x 6 treasury (row 6 at the top, the cave entrance below row 1) with each
stack's height and top tile, then each player's public holdings, then the round status.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.core.state import ranking_with_ties

from .actions import reading_order
from .components import TREASURE, load

STYLE = {
    "T": "bold yellow",
    "C": "bold white on grey15",
    "S": "bold bright_white",
    "M": "bold cyan",
    "P": "bold cyan",
    "A": "bold cyan",
}


def card_lines(number: int) -> list[str]:
    """A small drawing of dig card ``number`` as the card lies on the board (SO-2.5): one
    string per row, the row farthest from the entrance first, ``#`` a square, ``.`` a gap,
    and a last row ``v`` under the middle: the arrow, pointing to the cave entrance (row 1).

    >>> card_lines(7)
    ['#.#', '.#.', ' v ']
    """
    cells = load().cards[number].cells
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    rows = ["".join("#" if (x, y) in cells else "." for x in range(w)) for y in range(h - 1, -1, -1)]
    arrow = [" "] * w
    arrow[(w - 1) // 2] = "v"
    return rows + ["".join(arrow)]


HAND_TITLE = "your cards (# = a square, v = arrow to the entrance)"


def hand_table(numbers, played=None) -> Group:
    """The cards ``numbers`` drawn side by side (the ``played`` card, if any, marked), under
    a one-line title (a line of its own: a table title would wrap to the width of a small
    hand)."""
    t = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    cards = list(numbers) + ([played] if played else [])
    drawings = [card_lines(c) for c in cards]
    depth = max((len(d) for d in drawings), default=0)
    for c in cards:
        t.add_column(f"{c}*" if c == played else str(c), justify="center", style="bold" if c == played else "")
    for r in range(depth):
        # bottom-align: the arrows share the last line
        t.add_row(*[d[r - (depth - len(d))] if r >= depth - len(d) else "" for d in drawings])
    return Group(Text(HAND_TITLE, style="dim", no_wrap=True, overflow="ellipsis"), t)


def _tile(t: str) -> Text:
    style = "bold cyan" if t in ("MI", "PX", "SE", "AM") else STYLE.get(t[0], "")
    return Text(t, style=style)


def _tiles(tiles) -> Text:
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(_tile(t))
    return out


def render(state, seat=None):
    """The whole board as ``seat`` may see it (rich renderable, fits 100 columns)."""
    obs = state.observation(seat)
    board = Table(title="King Solomon's Treasury", show_lines=True, padding=(0, 1))
    board.add_column("", justify="right", style="dim")
    for col in "abcdef":
        board.add_column(col, justify="center", min_width=6)
    cells = obs["board"]
    for y in range(5, -1, -1):
        row = [str(y + 1)]
        for x in range(6):
            c = cells[y * 6 + x]
            h = c["height"]
            if h == 0:
                row.append(Text("  .  ", style="dim"))
            else:
                t = Text(f"{h}:", style="dim")
                t.append_text(_tile(c["seen"][-1]))
                row.append(t)
        board.add_row(*row)
    board.caption = "height:top tile   v v v  cave entrance  v v v"

    players = Table(show_header=True, header_style="bold", padding=(0, 1))
    for name in ("seat", "coins", "tiles (public)", "hidden", "hand", "card"):
        players.add_column(name)
    for p, info in enumerate(obs["players"]):
        mark = "*" if obs["current_player"] == p else " "
        tiles = _tiles(info["known_tiles"])
        if info["secret_tiles"]:
            tiles.append("  +secret: ")
            tiles.append_text(_tiles(info["secret_tiles"]))
        card = str(info["choice"]) if info["choice"] else ("chosen" if info["committed"] else "-")
        hand = " ".join(map(str, info["hand"])) if info["hand"] is not None else f"{info['hand_size']} cards"
        players.add_row(
            f"{mark}{state.seat_name(p)}", str(info["coins"]), tiles, str(info["unknown_tiles"]), hand, card
        )

    status = Text()
    status.append(f"Round {min(obs['round'], obs['rounds'])}/{obs['rounds']}  phase {obs['phase']}", style="bold")
    if obs["order"]:
        status.append("  order: " + " ".join(state.seat_name(p) for p in obs["order"]))
    if obs["phase"] == "turn":
        status.append(f"  moves {obs['moves']}/{obs['max_moves']}")
        if obs["moving"]:
            status.append("  choosing a tile move")
        if obs["declared"]:
            status.append("  items: " + " ".join(obs["declared"]))
        if obs["picks"]:
            status.append("  seal area: " + ",".join(obs["picks"]))
    if obs["phase"] == "over":
        status.append("  final ranking: " + ranking_text(state))
    extra = Text(
        f"played cards: {' '.join(map(str, obs['discard'])) or '-'}   "
        f"items used: {' '.join(obs['used']) or '-'}   removed unseen: {obs['removed_count']}",
        style="dim",
    )
    parts = [board, players]
    if obs["notes"]:
        parts.append(Text("private: " + "; ".join(obs["notes"][-4:]), style="magenta"))  # SO-10.6
    if seat is not None:
        me = obs["players"][seat]
        if me["hand"] or me["choice"]:
            parts.append(hand_table(me["hand"], me["choice"]))  # SO-2.5 card shapes
    return Group(*parts, status, extra)


def ranking_text(state) -> str:
    """The final ranking, best first, and how a tie is settled: the highest total wins and the
    rulebook gives no tie-break, so tied players share the victory, or their place (SO-12.9).
    ``1. P3 66, 2. P1 27, 3. P2 26 (highest total wins; a tie would be shared, SO-12.9)``; with
    a tie ``1. P1 40, 1. P2 40 (P1 and P2 tie on 40 and share 1st place: no tie-break, SO-12.9)``."""
    scores = state.scores()
    return ranking_with_ties(state, lambda p: str(scores[p]), "SO-12.9", "highest total wins")


def display_order(state, actions) -> list:
    """The legal ``actions`` in the order a person reads them (the hook ``meeple play`` lists
    them in, :func:`meeple.cli.common.listed_actions`): :func:`.actions.reading_order`, the
    tile moves (SO-6.1) sorted by their source cell, then their target, every other action in
    its place. Display only: ``legal_actions()`` keeps its order, which the bots depend on."""
    return reading_order(actions)


def action_notes(state, actions) -> tuple:
    """``(notes, footnote)`` for the terminal's list of legal ``actions`` (``meeple play``).

    A turn's moves are paid at its end, 1 coin each, with the curses dug (SO-7.2, SO-7.6); a
    player whose wealth (coins + treasures, SO-7.1) falls short pays nothing and hands out his
    dug tiles instead (SO-10). A move the seat could no longer pay for, and a ``decline`` it
    cannot pay, get a note; the footnote gives what the turn owes so far against the wealth
    (treasures dug this turn also pay, SO-7.3). The actions themselves are unchanged."""
    seat = state.current_player
    notes = [""] * len(actions)
    if seat < 0 or state.phase != "turn":
        return notes, ""
    wealth = state.coins[seat] + sum(TREASURE[t] for t in state.pub[seat] + state.sec[seat])
    due = state.moves
    for i, a in enumerate(actions):
        if a.kind in ("move", "gate") and due + 1 > wealth:  # "gate": the word "move" opening a move
            notes[i] = f"you cannot pay for it: {due + 1} moves, wealth {wealth} (SO-10)"
        elif a.kind == "decline" and due > wealth:
            notes[i] = f"you cannot pay {due}: wealth {wealth}, you give each rival a tile instead (SO-10.5)"
    if not due:
        return notes, ""
    return notes, (
        f"This turn owes {due} for moves so far (curses dug add their value); your wealth "
        f"is {wealth} (treasures dug this turn also pay)."
    )
