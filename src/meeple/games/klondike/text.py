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

from .components import (
    CODE_CHAR,
    FACE_GRIDS,
    FACE_NAMES,
    FAVOUR_CARDS,
    FAVOUR_INDEX,
    KIND_INDEX,
    KINDS,
    RACE_SET,
    REQ_CARDS,
    REQ_INDEX,
    SQ_SIZE,
    TRACKS,
    ZONE_MASKS,
    ZONE_NAMES,
    ZONES,
    board_cells,
    shape,
)
from .scoring import race_points

_COLOURS = {".": "green", "1": "yellow", "2": "yellow", "3": "bold yellow", "R": "bold red"}
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ZONE_TAGS = tuple(z[0].upper() for z in ZONE_NAMES)  # N S W E C
PHASE_NAMES = {
    "layout": "laying out tiles", "auction": "main auction", "place": "laying claims",
    "sauction": "domino auction", "splace": "laying the domino", "end": "game over",
    "build": "laying out tiles", "tick": "racing", "pick": "choosing favour cards",
    "lastpick": "the last player chooses a card", "fate": "the last player joins fate",
}
"""Phase names as a person reads them (the state's internal names are short)."""


def plural(n: int, one: str, many: str) -> str:
    """``1 ruby`` / ``2 rubies``."""
    return f"{n} {one if n == 1 else many}"


def favour_text(card_id: str) -> str:
    """``GN1 (green 3)``: a favour card with its colour (track) and value (KL-30.4)."""
    c = FAVOUR_CARDS[FAVOUR_INDEX[card_id]]
    return f"{card_id} ({TRACKS[c.track]} {c.value})"


def shape_legend(kind_ids) -> list[Text]:
    """Small drawings of claim kinds in every orientation (KL-1.5): '#' covered, '.' the
    rest of the box; the box's top-left cell is the anchor ROW COL of ``place``."""
    out = []
    for kid in kind_ids:
        k = KINDS[KIND_INDEX[kid]]
        blocks = []
        for o, offs in enumerate(k.orientations):
            h = max(r for r, _ in offs) + 1
            w = max(c for _, c in offs) + 1
            cells = set(offs)
            rows = ["".join("#" if (r, c) in cells else "." for c in range(w)) for r in range(h)]
            label = f"{k.id} {o}"
            width = max(w, len(label))
            blocks.append([label.ljust(width)] + [x.ljust(width) for x in rows])
        height = max(len(b) for b in blocks)
        for i in range(height):
            line = Text("  ")
            for b in blocks:
                line.append((b[i] if i < len(b) else " " * len(b[0])) + "   ",
                            style="bold" if i == 0 else "cyan")
            if i == 0:
                line.append(f"({k.name})", style="dim")
            out.append(line)
    return out


def face_preview(used_faces=()) -> list[Text]:
    """The landscape faces not yet laid, in rotations 0-3 (``tile A1`` = face A turned
    once clockwise, KL-1.3), two faces per band."""
    faces = [f for f in range(len(FACE_NAMES)) if f not in used_faces]
    out = [Text("tiles you may lay ('tile A1' = face A after 1 clockwise quarter turn):", style="dim")]
    for i in range(0, len(faces), 2):
        band = faces[i:i + 2]
        head = Text("  ")
        for f in band:
            for r in range(4):
                head.append(f"{FACE_NAMES[f]}{r}".ljust(8), style="bold")
            head.append("  ")
        out.append(head)
        for row in range(6):
            line = Text("  ")
            for f in band:
                for r in range(4):
                    for ch in (CODE_CHAR[v] for v in FACE_GRIDS[f][r][row]):
                        line.append(ch, style=_COLOURS[ch])
                    line.append("  ")
                line.append("  ")
            out.append(line)
    return out


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
    tens = Text("    ")
    header = Text("    ")
    for c in range(cols):
        tens.append(str(c // 10) if c >= 10 else " ", style="dim")
        header.append(str(c % 10), style="dim")
        if c % 6 == 5 and c < cols - 1:
            tens.append(" ")
            header.append(" ")
    if cols > 10:
        out.append(tens)
    out.append(header)
    covered = 0
    for i in owner:
        covered |= 1 << i
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
        if square and cols == SQ_SIZE:
            tags = [_ZONE_TAGS[z] + "=" + "".join(f"({a},{b})" for a, b in ZONES[z]) for z in range(5)
                    if any(zr == r for zr, _ in ZONES[z]) and min(zr for zr, _ in ZONES[z]) == r]
            if tags:
                line.append("  zone " + ", ".join(tags), style="dim")
        out.append(line)
    if square and cols == SQ_SIZE:
        st = Text("    zones: ")
        for z in range(5):
            ok = bool(covered & ZONE_MASKS[z])
            st.append(f"{ZONE_NAMES[z]} {'covered' if ok else 'open'}", style="green" if ok else "red")
            st.append(", " if z < 4 else " (cover an underlined cell of each)")
        out.append(st)
    return out


def render_board_text(state, seat) -> str:
    """Plain-text board of ``seat`` as ``seat`` sees it (for logs and debugging)."""
    obs = state.observation(seat)
    p = obs["players"][seat]
    return "\n".join(t.plain for t in board_lines(p.get("layout", ""), p.get("claims", []),
                                                   obs["variant"] == "square", obs["variant"] != "race"))


def _render_family(obs: dict, seat):
    parts = []
    phase = obs["phase"]
    title = (f"Klondike 1896, {obs['variant']} game - round {obs['round']}, start player seat "
             f"{obs['start_player']}, {PHASE_NAMES.get(phase, phase)}")
    parts.append(Text(title, style="bold"))
    if phase == "layout":
        parts.extend(face_preview())
    rows = obs["rows"]
    if phase == "auction":
        parts.append(Text("Claim rows (row 1 is auctioned this round):"))
    elif phase == "end":
        parts.append(Text("Claim rows left when the game ended:" if rows else "No claim rows left."))
    else:
        parts.append(Text("Claim rows (row 1 is auctioned next round):"))
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
    if rows:
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
    # the shapes that matter now, in every orientation (KL-1.5)
    show = []
    if phase == "auction" and rows:
        show = list(rows[0])
    elif phase in ("place", "splace"):
        ps = obs["players"]
        show = [p["won"] for i, p in enumerate(ps) if p["won"] and (seat is None or i == seat)]
    elif phase == "sauction":
        show = ["D2"]
    if show:
        parts.append(Text("claim shapes (KIND K = orientation; the box's top-left is ROW COL):", style="dim"))
        parts.extend(shape_legend(sorted(set(show), key=KIND_INDEX.get)))
    for s, p in enumerate(obs["players"]):
        you = " (you)" if s == seat else ""
        rub = "?" if p["rubies"] is None else f"{p['rubies']}" + (f" (+{p['fresh']} fresh)" if p["fresh"] else "")
        line = f"seat {s}{you}: score {p['score']}, rubies {rub}"
        if p["won"]:
            line += f", to lay: {p['won']}"
        if p["finished"]:
            line += ", FINISHED"
        if p["penalty"]:
            line += f", penalty -{p['penalty']} = {p['score'] - p['penalty']} points"
        parts.append(Text(line, style="bold" if s == seat else ""))
        parts.extend(board_lines(p["layout"], p["claims"], obs["variant"] == "square"))
    return Group(*parts)


def _seats(seats) -> str:
    return ", then ".join(f"seat {s}" for s in seats) if seats else "nobody yet"


def _render_race(obs: dict, seat):
    parts = []
    card = obs["card"]
    phase = obs["phase"]
    head = (f"Klondike 1896, race - round {min(obs['round'], 9)}/9, {PHASE_NAMES.get(phase, phase)}"
            + (f", tick {obs['tick']}" if phase == "tick" else ""))
    parts.append(Text(head, style="bold"))
    if card:
        c = REQ_CARDS[REQ_INDEX[card]]
        parts.append(Text(f"Card {card} ({c.colour}): cover exactly {c.gold} gold and "
                          f"{plural(c.rubies, 'ruby', 'rubies')}", style="bold yellow"))
    if phase != "end":
        disp = ", ".join(favour_text(x) for x in obs["display"]) or "-"
        parts.append(Text(f"favour cards on display: {disp}; priority seat {obs['priority_seat']}"))
        line = f"finished: {_seats(obs['finish_order'])}"
        if obs["last_player"] >= 0:
            line += f"; last player seat {obs['last_player']}"
        parts.append(Text(line))
    t = Table(show_header=True, box=None)
    for h in ("seat", *TRACKS, "status", "card"):
        t.add_column(h)
    for s, p in enumerate(obs["players"]):
        t.add_row(f"{s}{' (you)' if s == seat else ''}", *map(str, p["tracks"]), p["status"],
                  favour_text(p["pick"]) if p["pick"] else "")
    parts.append(t)
    if obs.get("last_card"):
        res = ", ".join(f"seat {s}: " + ("last player" if r[2] is None else f"{r[0]}g {r[1]}r "
                                         + ("ok" if r[2] else "wrong"))
                        for s, r in enumerate(obs["results"]) if r is not None)
        parts.append(Text(f"last round ({obs['last_card']}): {res}", style="dim"))
    if phase == "end":  # KL-36: the breakdown of the final points
        tracks = [p["tracks"] for p in obs["players"]]
        celeb, tot, totals = race_points(tracks)
        per = []
        from .components import PLACE_POINTS, TOTAL_POINTS
        from .scoring import tie_low_points
        for tr in range(4):
            per.append(tie_low_points([tk[tr] for tk in tracks], PLACE_POINTS))
        tot_pts = tie_low_points(totals, TOTAL_POINTS)
        bt = Table(show_header=True, box=None, title="final scoring (KL-36: 8/6/4/2 per track, "
                                                     "ties take the lower place; total favour 4/3/2/1)")
        for h in ("seat", *TRACKS, "total favour", "points"):
            bt.add_column(h)
        for s in range(len(tracks)):
            bt.add_row(str(s), *(f"{tracks[s][tr]} -> {per[tr][s]}" for tr in range(4)),
                       f"{totals[s]} -> {tot_pts[s]}", str(celeb[s] + tot[s]))
        parts.append(bt)
    rev = obs.get("revealed") or []
    if phase in ("build", "end") and any(r[1] for r in rev):
        parts.append(Text(f"boards revealed at the last check ({obs['last_card']}):", style="dim"))
        for s, (lay, claims) in enumerate(rev):
            if lay:
                parts.append(Text(f"seat {s}:", style="dim"))
                parts.extend(board_lines(" ".join(f"{FACE_NAMES[f]}{r}" for f, r in lay), claims, goal=False))
    if seat is not None and phase != "end":
        p = obs["players"][seat]
        if p.get("building"):
            used = {FACE_NAMES.index(x[0]) for x in p["layout"].split()}
            parts.extend(face_preview(used))
        parts.append(Text(f"your board: {p['gold']} gold, {plural(p['rubies'], 'ruby', 'rubies')} covered"
                          + (f"; claim in hand: {p['claim_in_hand']} ('back' to choose again)"
                             if p.get("claim_in_hand") and not p.get("went_back") else "")
                          + (f"; claim in hand: {p['claim_in_hand']}" if p.get("claim_in_hand")
                             and p.get("went_back") else "")
                          + (" - you said done" if p["said_done"] else ""), style="bold"))
        if p.get("claim_in_hand"):
            parts.extend(shape_legend([p["claim_in_hand"]]))
        elif phase == "tick" and not p.get("building") and p["status"] == "racing":
            laid = {t.split()[1] for t in p["claims"]}
            left = [KINDS[k].id for k in RACE_SET if KINDS[k].id not in laid]
            parts.append(Text("claims left in your set: " + " ".join(left), style="dim"))
        parts.extend(board_lines(p["layout"], p["claims"], goal=False))
    return Group(*parts)


def render(state, seat=None):
    """The whole table as ``seat`` may see it (``None``: a spectator), as a rich Group."""
    obs = state.observation(seat)
    if obs["variant"] == "race":
        return _render_race(obs, seat)
    return _render_family(obs, seat)


__all__ = ["KIND_INDEX", "board_lines", "render", "render_board_text"]
