"""Terminal rendering of King Solomon's Treasury: ``render(state, seat)`` -> a rich renderable.

Built only from ``state.observation(seat)`` (``seat`` None = spectator), so nothing hidden
leaks: the 6 x 6 treasury (row 6 at the top, the cave entrance below row 1) with each
stack's height and top tile, then each player's public holdings, then the round status.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

STYLE = {"T": "bold yellow", "C": "bold white on grey15", "S": "bold bright_white", "M": "bold cyan",
         "P": "bold cyan", "A": "bold cyan"}
NAMES = ("P1", "P2", "P3", "P4", "P5")


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
        hand = " ".join(map(str, info["hand"])) if info["hand"] is not None else str(info["hand_size"])
        players.add_row(f"{mark}{NAMES[p]}", str(info["coins"]), tiles, str(info["unknown_tiles"]),
                        hand, card)

    status = Text()
    status.append(f"Round {min(obs['round'], obs['rounds'])}/{obs['rounds']}  phase {obs['phase']}", style="bold")
    if obs["order"]:
        status.append("  order: " + " ".join(NAMES[p] for p in obs["order"]))
    if obs["phase"] == "turn":
        status.append(f"  moves {obs['moves']}/{obs['max_moves']}")
        if obs["moving"]:
            status.append("  choosing a tile move")
        if obs["declared"]:
            status.append("  items: " + " ".join(obs["declared"]))
        if obs["picks"]:
            status.append("  seal area: " + ",".join(obs["picks"]))
    if obs["phase"] == "over":
        scores = state.scores()
        status.append("  final: " + ", ".join(f"{NAMES[p]} {scores[p]}" for p in range(len(scores))))
    extra = Text(f"played cards: {' '.join(map(str, obs['discard'])) or '-'}   "
                 f"items used: {' '.join(obs['used']) or '-'}   removed unseen: {obs['removed_count']}",
                 style="dim")
    return Group(board, players, status, extra)
