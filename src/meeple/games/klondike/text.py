"""Terminal rendering of Klondike 1896: ``render(state, seat)`` -> a rich renderable.

Built from ``state.observation(seat)`` only, so nothing hidden leaks. Each board is drawn
cell by cell: ``.`` meadow, ``1``-``3`` gold, ``R`` ruby; a covered cell shows the letter of
its claim (a, b, c, ... in laying order, upper case for the last claim); start and goal
rows are marked beside the board; the square variant's zone cells are underlined.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .components import (CODE_CHAR, FACE_NAMES, KIND_INDEX, REQ_CARDS, REQ_INDEX, SQ_SIZE, ZONES,
                         board_cells, shape)

_COLOURS = {".": "green", "1": "yellow", "2": "yellow", "3": "bold yellow", "R": "bold red"}
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _parse_layout(text: str) -> list:
    return [[FACE_NAMES.index(t[0]), int(t[1])] for t in text.split()]


def board_lines(layout_text: str, claims: list[str], square: bool = False, goal: bool = True) -> list[Text]:
    """Lines of one board: cells, claims drawn over them (letters in laying order)."""
    lay = _parse_layout(layout_text)
    if not lay:
        return [Text("(no tiles laid)", style="dim")]
    if square and len(lay) == 4:
        rows, cols = SQ_SIZE, SQ_SIZE
        cells = board_cells(lay, True)
    else:
        rows, cols = 6, 6 * len(lay)
        cells = board_cells(lay)
    sh = shape(rows, cols)
    zone = {r * cols + c for z in ZONES for r, c in z} if square else set()
    owner = {}
    for i, t in enumerate(claims):
        pid = sh.by_text.get(t)
        if pid is None:
            continue
        ch = _LETTERS[i % 26]
        if i == len(claims) - 1:
            ch = ch.upper()
        for c in sh.cells[pid]:
            owner[c] = ch
    out = []
    header = Text("    ")
    for c in range(cols):
        header.append(str(c % 10), style="dim")
        if c % 6 == 5 and c < cols - 1:
            header.append(" ")
    out.append(header)
    for r in range(rows):
        if square and r == 6:
            out.append(Text(""))
        mark = ">" if (not square and r in (2, 3)) else " "
        line = Text(f"{r:2d}{mark} ")
        for c in range(cols):
            i = r * cols + c
            if i in owner:
                line.append(owner[i], style="reverse bold cyan")
            else:
                ch = CODE_CHAR[cells[i]]
                line.append(ch, style=_COLOURS[ch] + (" underline on grey23" if i in zone else ""))
            if c % 6 == 5 and c < cols - 1:
                line.append(" ")
        if goal and not square and r in (2, 3) and cols == 24:
            line.append(" < goal", style="dim")
        out.append(line)
    return out


def render_board_text(state, seat) -> str:
    """Plain-text board of ``seat`` as ``seat`` sees it (for logs and debugging)."""
    obs = state.observation(seat)
    p = obs["players"][seat]
    return "\n".join(t.plain for t in board_lines(p.get("layout", ""), p.get("claims", []),
                                                   obs["variant"] == "square", obs["variant"] != "race"))


def _render_family(obs: dict, seat):
    parts = []
    title = (f"Klondike 1896, {obs['variant']} game - round {obs['round']}, start player seat "
             f"{obs['start_player']}, phase {obs['phase']}")
    parts.append(Text(title, style="bold"))
    rows = obs["rows"]
    parts.append(Text("Claim rows (row 1 is auctioned this round):"))
    t = Table(show_header=True, box=None)
    t.add_column("row")
    for i in range(len(rows[0]) if rows else 0):
        t.add_column(f"slot {i}")
    auc = obs.get("auction")
    for ri, row in enumerate(rows):
        cells = []
        for si, k in enumerate(row):
            s = k
            if ri == 0 and auc and auc["holders"][si] >= 0:
                s += f" <- seat {auc['holders'][si]} ({auc['bids'][si]})"
            cells.append(s)
        t.add_row(str(ri + 1), *cells)
    parts.append(t)
    info = f"pool {obs['pool_size']} claims, dominoes {obs['dominoes']}"
    if obs.get("supply") is not None:
        info += f", ruby supply {obs['supply']}"
    if auc and auc["displaced"] >= 0:
        info += f"; seat {auc['displaced']} is displaced and must bid again"
    sup = obs.get("supplementary")
    if sup:
        info += (f"; domino auction: high bid {sup['high_bid']} by seat {sup['high_bidder']}"
                 if sup["high_bidder"] >= 0 else "; domino auction: no bid yet")
    parts.append(Text(info))
    for s, p in enumerate(obs["players"]):
        you = " (you)" if s == seat else ""
        rub = "?" if p["rubies"] is None else f"{p['rubies']}" + (f" (+{p['fresh']} fresh)" if p["fresh"] else "")
        line = f"seat {s}{you}: score {p['score']}, rubies {rub}"
        if p["won"]:
            line += f", to lay: {p['won']}"
        if p["finished"]:
            line += ", FINISHED"
        if p["penalty"]:
            line += f", penalty -{p['penalty']}"
        parts.append(Text(line, style="bold" if s == seat else ""))
        parts.extend(board_lines(p["layout"], p["claims"], obs["variant"] == "square"))
    return Group(*parts)


def _render_race(obs: dict, seat):
    parts = []
    card = obs["card"]
    head = f"Klondike 1896, race - round {obs['round']}/9, phase {obs['phase']}, tick {obs['tick']}"
    parts.append(Text(head, style="bold"))
    if card:
        c = REQ_CARDS[REQ_INDEX[card]]
        parts.append(Text(f"Card {card} ({c.colour}): cover exactly {c.gold} gold and {c.rubies} rubies",
                          style="bold yellow"))
    parts.append(Text(f"display: {' '.join(obs['display']) or '-'}; priority seat {obs['priority_seat']}; "
                      f"finished: {obs['finish_order']}"
                      + (f"; last player seat {obs['last_player']}" if obs["last_player"] >= 0 else "")))
    t = Table(show_header=True, box=None)
    for h in ("seat", "red", "black", "blue", "green", "status", "card"):
        t.add_column(h)
    for s, p in enumerate(obs["players"]):
        t.add_row(f"{s}{' (you)' if s == seat else ''}", *map(str, p["tracks"]), p["status"], p["pick"] or "")
    parts.append(t)
    if obs.get("last_card"):
        res = ", ".join(f"seat {s}: " + ("last player" if r[2] is None else f"{r[0]}g {r[1]}r "
                                         + ("ok" if r[2] else "wrong"))
                        for s, r in enumerate(obs["results"]) if r is not None)
        parts.append(Text(f"last round ({obs['last_card']}): {res}", style="dim"))
    rev = obs.get("revealed") or []
    if obs["phase"] in ("build", "end") and any(r[1] for r in rev):
        parts.append(Text(f"boards revealed at the last check ({obs['last_card']}):", style="dim"))
        for s, (lay, claims) in enumerate(rev):
            if lay:
                parts.append(Text(f"seat {s}:", style="dim"))
                parts.extend(board_lines(" ".join(f"{FACE_NAMES[f]}{r}" for f, r in lay), claims, goal=False))
    if seat is not None and obs["phase"] != "end":
        p = obs["players"][seat]
        parts.append(Text(f"your board: {p['gold']} gold, {p['rubies']} rubies covered"
                          + (f"; claim in hand: {p['claim_in_hand']}" if p.get("claim_in_hand") else "")
                          + (" - you said done" if p["said_done"] else ""), style="bold"))
        parts.extend(board_lines(p["layout"], p["claims"], goal=False))
    return Group(*parts)


def render(state, seat=None):
    """The whole table as ``seat`` may see it (``None``: a spectator), as a rich Group."""
    obs = state.observation(seat)
    if obs["variant"] == "race":
        return _render_race(obs, seat)
    return _render_family(obs, seat)


__all__ = ["render", "render_board_text", "board_lines", "KIND_INDEX"]
