"""SVG board of Klondike 1896 for the web client: ``render_svg(obs, legal, seat_names)``.

Built from ``state.observation(seat)`` only (plus the game's static data in
:mod:`.components`), so a seat's page shows nothing hidden from it (KL-50.2).

What is drawn
  *Game 1* (variants ``family`` and ``square``): a title line (round, phase, start player,
  whose turn it is); every seat's board (KL-1.3: 6 x 24 cells, or 12 x 12 on the square
  board, KL-21.3) cell by cell - meadow green, gold brown with its number, ruby grey with a
  red gem (KL-1.2) - with the laid claims over it in the seat's colour, numbered in laying
  order, the last claim (the one the next must touch, KL-2.2) with a thick outline; start
  cells ``>`` and goal cells ``<`` (KL-2.1, KL-10.2), the edge-touch stretches of tiles 2 and
  3 (KL-14.3; solid once met) or the square board's five zones (dashed, lettered N S W E C);
  above each board a name plate with score, rubies (+fresh, ``?`` when secret, KL-21.2), the
  claim to lay, finished / penalty. On the right: the claim rows (KL-10.5; the front row with
  each slot's figure and bid during the main auction, KL-12), the pool, dominoes and removed
  claims, the domino auction (KL-16), and at the end the final scores (KL-19, KL-20).
  *Game 2* (variant ``race``): the requirement card (KL-31.4), the favour display (KL-30.4),
  the influence board with every seat's cube on the four celebrity tracks (KL-30.3), each
  seat's status, card and last result (KL-34); the viewer's own board, claim set and
  covered totals; the other boards as backs until the check, then the revealed boards of
  the last round (KL-34.1); at the end the final scoring (KL-36).

Seat colours: blue, brown and green (the players of the rulebook's scoring example) and
purple (ASSUMED; the rulebook does not name the fourth). The seat to act has a gold frame
and a ``to act`` tag; the viewer's plate says ``(you)``.

Clickable (``class="act"`` and ``data-action``, only for notations in ``legal``)
  * ``tile A0`` ...: the face previews in every rotation (KL-10.2 layout=choose, KL-31.2);
  * ``bid SLOT N``: the numbered ruby chips under each slot of the front row (one chip per
    legal amount); the slot card itself too when exactly one amount is legal there (a raise
    or a challenge, KL-12.3);
  * ``sbid N``: the numbered chips of the domino auction (KL-16.2);
  * ``place KIND K ROW COL``: a placement picker (game 1: right of the boards; race: under the
    viewer's board), one small copy of the viewer's board per orientation K, with a dot at the
    centre of each legal placement; hovering a dot shows the cells it would cover (an
    embedded ``<style>`` with the classes ``kl-ghost``, no script);
  * ``claim KIND``: the shapes of the viewer's claim set (KL-40.1);
  * ``pick CARD``: the favour cards of the display (KL-32);
  * ``fate SEAT``: the other seats' name plates (KL-33.2).
  ``pass``, ``discard``, ``build``, ``undo``, ``relayout``, ``done`` and ``back`` have no place
  on the board; the client lists them (as it lists every legal action).
"""

from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape

from .components import (
    CODE_CHAR,
    EDGE_TILES,
    FACE_GRIDS,
    FACE_NAMES,
    FAVOUR_CARDS,
    FAVOUR_INDEX,
    GOAL_CELLS,
    KIND_INDEX,
    KINDS,
    RACE_ROUNDS,
    RACE_SET,
    REQ_CARDS,
    REQ_INDEX,
    SQ_POSITIONS,
    SQ_SIZE,
    START_CELLS,
    SUPP_MIN_BID,
    TILE,
    TRACKS,
    ZONE_NAMES,
    ZONES,
)
from .scoring import race_points

SEAT_COLOURS = ("#1f5fbf", "#7a4a1e", "#1b7a32", "#7b3fa0")
"""Seat colours, seat 0..3: blue, brown, green (the rulebook example's players), purple."""
SEAT_COLOUR_NAMES = ("blue", "brown", "green", "purple")
TRACK_COLOURS = {"red": "#c62828", "black": "#222222", "blue": "#1565c0", "green": "#2e7d32"}
TRACK_ROLES = {"red": "madam", "black": "sheriff", "blue": "mayor", "green": "horse trader"}
"""The four celebrities (KL-30.3) by track colour."""
REQ_COLOURS = {"white": "#ffffff", "grey": "#b0b0b0", "black": "#303030"}
CELL_FILL = {".": "#9ccc65", "1": "#c8a165", "2": "#b8894a", "3": "#a06f32", "R": "#a7a7a7"}
"""Cell colours (KL-1.2): meadow green, gold brown (darker = more gold), ruby grey."""
PHASE_NAMES = {
    "layout": "laying out tiles", "auction": "main auction", "place": "laying claims",
    "sauction": "domino auction", "splace": "laying the domino", "end": "game over",
    "build": "laying out tiles", "tick": "racing", "pick": "choosing favour cards",
    "lastpick": "the last player chooses a card", "fate": "the last player joins fate",
}
TERMINAL = -4

_STYLE = ("<style>.kl-ghost{opacity:0;pointer-events:none}"
          ".act:hover .kl-ghost{opacity:.75}</style>")


def _e(text) -> str:
    """Escaped text for an element's content or a double-quoted attribute."""
    return escape(str(text), {'"': "&quot;"})


def _f(x: float) -> str:
    """A coordinate, at most one decimal (``12``, ``12.5``)."""
    if type(x) is int:
        return str(x)
    t = "%.1f" % x
    return t[:-2] if t.endswith(".0") else t


class _Canvas:
    """SVG fragments and the drawing's extent (the viewBox is fitted at the end)."""

    def __init__(self, legal):
        self.parts: list[str] = []
        self.w = 0.0
        self.h = 0.0
        self.legal = set(legal)

    def grow(self, x: float, y: float) -> None:
        self.w = max(self.w, x)
        self.h = max(self.h, y)

    def add(self, s: str) -> None:
        self.parts.append(s)

    def rect(self, x, y, w, h, fill="none", stroke="none", sw=1.0, rx=0.0, extra="") -> None:
        self.grow(x + w, y + h)
        r = f' rx="{_f(rx)}"' if rx else ""
        self.add(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"{r} fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{_f(sw)}"{extra}/>')

    def text(self, x, y, s, size=12.0, fill="#222", anchor="start", weight="normal") -> None:
        self.grow(x + (len(str(s)) * size * 0.6 if anchor == "start" else 0), y + 4)
        w = ' font-weight="bold"' if weight == "bold" else ""
        self.add(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{fill}" '
                 f'text-anchor="{anchor}"{w}>{_e(s)}</text>')

    def line(self, x1, y1, x2, y2, stroke="#222", sw=1.0, extra="") -> None:
        self.add(f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{stroke}" '
                 f'stroke-width="{_f(sw)}"{extra}/>')

    def act_open(self, action: str) -> bool:
        """Opens a clickable group for ``action`` if it is legal (returns whether it did)."""
        if action in self.legal:
            self.add(f'<g class="act" data-action="{_e(action)}">')
            return True
        self.add("<g>")
        return False

    def close(self) -> None:
        self.add("</g>")

    def svg(self) -> str:
        w, h = self.w + 10, self.h + 10
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(w)} {_f(h)}" '
                f'width="100%" preserveAspectRatio="xMinYMin meet" font-family="sans-serif" '
                f'role="img" aria-label="Klondike 1896 board">{_STYLE}'
                f'<rect x="0" y="0" width="{_f(w)}" height="{_f(h)}" fill="#f6f1e4"/>'
                + "".join(self.parts) + "</svg>")


# --------------------------------------------------------------------------- helpers
def _rubies(n) -> str:
    """``1 ruby`` / ``3 rubies`` (``?`` stays plural)."""
    return f"{n} ruby" if n == 1 else f"{n} rubies"


def _name(seat_names, s: int) -> str:
    return seat_names[s] if 0 <= s < len(seat_names) else f"P{s + 1}"


def _parse_layout(text: str) -> list:
    """``"A0 B3"`` -> [(face index, rotation), ...]."""
    return [(FACE_NAMES.index(t[0]), int(t[1])) for t in text.split()]


def _claim_cells(text: str):
    """Cells ``[(row, col), ...]`` and kind id of a ``place KIND K ROW COL`` notation."""
    _, kid, o, r, c = text.split()
    offs = KINDS[KIND_INDEX[kid]].orientations[int(o)]
    r0, c0 = int(r), int(c)
    return [(r0 + dr, c0 + dc) for dr, dc in offs], kid


def _tile_origins(n: int, square: bool):
    """Top-left (row, col) of each tile position (KL-1.3, KL-21.3 for the square board)."""
    if square:
        return [tuple(p) for p in SQ_POSITIONS[:n]]
    return [(0, TILE * i) for i in range(n)]


def _outline(cv: _Canvas, cells, x0, y0, cs, stroke, sw, extra="") -> None:
    """The outer edges of a set of cells (a claim's outline)."""
    cset = set(cells)
    d = []
    for r, c in cells:
        x, y = x0 + c * cs, y0 + r * cs
        if (r - 1, c) not in cset:
            d.append(f"M{_f(x)} {_f(y)}h{_f(cs)}")
        if (r + 1, c) not in cset:
            d.append(f"M{_f(x)} {_f(y + cs)}h{_f(cs)}")
        if (r, c - 1) not in cset:
            d.append(f"M{_f(x)} {_f(y)}v{_f(cs)}")
        if (r, c + 1) not in cset:
            d.append(f"M{_f(x + cs)} {_f(y)}v{_f(cs)}")
    cv.add(f'<path d="{"".join(d)}" fill="none" stroke="{stroke}" stroke-width="{_f(sw)}" '
           f'stroke-linecap="square"{extra}/>')


def _shape_icon(cv: _Canvas, kid: str, o: int, x, y, cs, fill="#e8d9b5", stroke="#5d4020") -> tuple:
    """A claim shape (KL-1.5) drawn with its top-left at (x, y); returns (width, height)."""
    offs = KINDS[KIND_INDEX[kid]].orientations[o]
    for r, c in offs:
        cv.rect(x + c * cs, y + r * cs, cs, cs, fill=fill, stroke=stroke, sw=0.6)
    _outline(cv, offs, x, y, cs, stroke, 1.4)
    return (max(c for _, c in offs) + 1) * cs, (max(r for r, _ in offs) + 1) * cs


@lru_cache(maxsize=512)
def _tile_svg(face: int, rot: int, cs: float) -> str:
    """The 6 x 6 cells of a face in a rotation (KL-1.3), drawn at the origin (cached):
    cell rects sharing one stroke, the gold numbers sharing one text style, ruby gems."""
    grid = FACE_GRIDS[face][rot]
    rects, nums, gems = [], [], []
    w = _f(cs)
    h = cs * 0.32
    for r in range(TILE):
        for c in range(TILE):
            ch = CODE_CHAR[grid[r][c]]
            x, y = c * cs, r * cs
            rects.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{w}" height="{w}" fill="{CELL_FILL[ch]}"/>')
            if ch == "R":
                m, v = x + cs / 2, y + cs / 2
                gems.append(f'<polygon points="{_f(m)},{_f(v - h)} {_f(m + h)},{_f(v)} {_f(m)},{_f(v + h)} '
                            f'{_f(m - h)},{_f(v)}"/>')
            elif ch != ".":
                nums.append(f'<text x="{_f(x + cs / 2)}" y="{_f(y + cs * 0.68)}">{ch}</text>')
    return (f'<g stroke="#6d6d5a" stroke-width="0.4">{"".join(rects)}</g>'
            f'<g fill="#d81b3c" stroke="#7a0019" stroke-width="0.6">{"".join(gems)}</g>'
            f'<g font-size="{_f(cs * 0.5)}" fill="#fff7d6" text-anchor="middle" font-weight="bold">'
            f'{"".join(nums)}</g>')


def _tile_at(cv: _Canvas, face: int, rot: int, x, y, cs) -> None:
    cv.add(f'<g transform="translate({_f(x)},{_f(y)})">{_tile_svg(face, rot, cs)}</g>')
    cv.grow(x + TILE * cs, y + TILE * cs)


@lru_cache(maxsize=64)
def _coords_svg(rows: int, cols: int, cs: float) -> str:
    """Column numbers above and row numbers left of a board whose top-left is the origin."""
    size = _f(min(8.0, cs * 0.4))
    top = "".join(f'<text x="{_f(c * cs + cs / 2)}" y="-4">{c}</text>' for c in range(cols))
    left = "".join(f'<text x="-3" y="{_f(r * cs + cs * 0.65)}">{r}</text>' for r in range(rows))
    return (f'<g font-size="{size}" fill="#777" text-anchor="middle">{top}</g>'
            f'<g font-size="{size}" fill="#777" text-anchor="end">{left}</g>')


@lru_cache(maxsize=4096)
def _claim_svg(text: str, i: int, last: bool, cs: float, colour: str) -> str:
    """A laid claim over the board (origin = the board's top-left): cells faded, the outline
    in the seat's colour, the laying number; the last claim edged yellow (KL-2.2)."""
    t = _Canvas(())
    cells, _ = _claim_cells(text)
    for r, c in cells:
        t.rect(c * cs, r * cs, cs, cs, fill="#fff", extra=' fill-opacity="0.45"')
    if last:  # KL-2.2: the claim the next one must touch
        _outline(t, cells, 0, 0, cs, "#ffd600", max(3.0, cs * 0.22))
    _outline(t, cells, 0, 0, cs, colour, max(1.5, cs * 0.1))
    r, c = min(cells)
    if cs >= 14:
        t.add(f'<circle cx="{_f(c * cs + cs * 0.2)}" cy="{_f(r * cs + cs * 0.2)}" '
              f'r="{_f(cs * 0.19)}" fill="{colour}"/>')
        t.text(c * cs + cs * 0.2, r * cs + cs * 0.31, i + 1, size=cs * 0.28, fill="#fff",
               anchor="middle", weight="bold")
    return "".join(t.parts)


def _board(cv: _Canvas, layout_text: str, claims: list, x0, y0, cs, *, square=False, tiles=4,
           colour="#444", marks=True, coords=True, zone_marks=False, goal=True) -> tuple:
    """One board: tiles (empty slots for tiles not laid yet), claims, start/goal marks.
    Returns (width, height) used, coordinates included."""
    lay = _parse_layout(layout_text)
    n = max(tiles, len(lay))
    rows = SQ_SIZE if square else TILE
    cols = SQ_SIZE if square else TILE * n
    pad = 14 if coords else 0
    bx, by = x0 + pad, y0 + pad
    if coords:  # row numbers on the left, column numbers on top (KL-1.3)
        cv.add(f'<g transform="translate({_f(bx)},{_f(by)})">{_coords_svg(rows, cols, cs)}</g>')
    for i, (tr, tc) in enumerate(_tile_origins(n, square)):
        tx, ty = bx + tc * cs, by + tr * cs
        if i < len(lay):
            _tile_at(cv, lay[i][0], lay[i][1], tx, ty, cs)
        else:
            cv.rect(tx, ty, TILE * cs, TILE * cs, fill="#ece6d6", stroke="#999", sw=1,
                    extra=' stroke-dasharray="4 3"')
            cv.text(tx + TILE * cs / 2, ty + TILE * cs / 2 + 4, f"tile {i + 1}", size=max(7.0, cs * 0.45),
                    fill="#999", anchor="middle")
        cv.rect(tx, ty, TILE * cs, TILE * cs, stroke="#3b3b2e", sw=1.6)
    if zone_marks and square:  # KL-21.3 zones
        for zi, z in enumerate(ZONES):
            _outline(cv, list(z), bx, by, cs, "#fff", 2.2, ' stroke-dasharray="3 2"')
            r, c = z[0]
            cv.text(bx + c * cs + 2, by + r * cs + cs * 0.38, ZONE_NAMES[zi][0].upper(), size=cs * 0.36,
                    fill="#fff", weight="bold")
    if claims:
        cv.add(f'<g transform="translate({_f(bx)},{_f(by)})">')
        last = len(claims) - 1
        cv.add("".join(_claim_svg(text, i, i == last, cs, colour) for i, text in enumerate(claims)))
        cv.add("</g>")
    if marks and not square:  # KL-2.1 start cells, KL-10.2 goal cells
        for r, c in START_CELLS:
            cv.text(bx - 5 - (6 if coords else 0), by + r * cs + cs * 0.7, ">", size=cs * 0.6, fill="#b71c1c",
                    anchor="end", weight="bold")
        if n == 4 and goal:
            for r, c in GOAL_CELLS:
                cv.text(bx + cols * cs + 3, by + r * cs + cs * 0.7, "<", size=cs * 0.6, fill="#b71c1c",
                        weight="bold")
    w = pad + cols * cs + (14 if marks and not square else 0)
    return w, pad + rows * cs


def _edge_marks(cv: _Canvas, claims, bx, by, cs) -> None:
    """KL-14.3: the four edge stretches (tiles 2 and 3, top and bottom): dashed until a claim
    covers one of their cells, then solid."""
    covered = set()
    for t in claims:
        covered.update(_claim_cells(t)[0])
    for t in EDGE_TILES:
        c0 = TILE * t
        for row, yy in ((0, by - 3), (TILE - 1, by + TILE * cs + 3)):
            met = any((row, c) in covered for c in range(c0, c0 + TILE))
            cv.line(bx + c0 * cs + 1, yy, bx + (c0 + TILE) * cs - 1, yy, stroke="#e65100", sw=3,
                    extra="" if met else ' stroke-dasharray="3 3"')


def _plate(cv: _Canvas, s: int, x, y, w, title: str, bits: str, *, you: bool, to_act: bool,
           action: str | None = None) -> None:
    """A seat's name plate: colour swatch, name, a line of public holdings."""
    opened = cv.act_open(action) if action else False
    cv.rect(x, y, w, 34, fill="#fffdf6", stroke="#d4a017" if to_act else "#bbb", sw=3 if to_act else 1, rx=4)
    cv.rect(x + 5, y + 5, 12, 24, fill=SEAT_COLOURS[s], rx=2)
    cv.text(x + 23, y + 15, title + (" (you)" if you else ""), size=12, weight="bold")
    cv.text(x + 23, y + 29, bits, size=10.5, fill="#333")
    if to_act:
        cv.rect(x + w - 58, y + 4, 54, 14, fill="#d4a017", rx=3)
        cv.text(x + w - 31, y + 14.5, "to act", size=10, fill="#fff", anchor="middle", weight="bold")
    if opened:  # KL-33.2: the last player clicks the plate of the player whose fate he joins
        cv.rect(x + w - 62, y + 4, 58, 14, fill="#6a1b9a", rx=3)
        cv.text(x + w - 33, y + 14.5, "join fate", size=10, fill="#fff", anchor="middle", weight="bold")
    if action:
        cv.close()


def _chips(cv: _Canvas, actions: list, x, y, per_row: int = 8) -> float:
    """Numbered ruby chips, one per (notation, amount); returns the height used."""
    for i, (a, n) in enumerate(actions):
        cx, cy = x + 12 + (i % per_row) * 26, y + 12 + (i // per_row) * 26
        cv.add(f'<g class="act" data-action="{_e(a)}">')
        cv.add(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="11" fill="#d81b3c" stroke="#7a0019" stroke-width="1"/>')
        cv.text(cx, cy + 4, n, size=11, fill="#fff", anchor="middle", weight="bold")
        cv.close()
        cv.grow(cx + 12, cy + 12)
    return 0 if not actions else ((len(actions) - 1) // per_row + 1) * 26


def _tile_picker(cv: _Canvas, used_faces, x, y) -> float:
    """The faces not yet laid in rotations 0-3, each clickable as ``tile A1`` (KL-1.3)."""
    cs = 12
    cv.text(x, y + 10, "Tiles to lay ('A1' = face A turned once clockwise):", size=11, weight="bold")
    yy = y + 18
    for f in range(len(FACE_NAMES)):
        if f in used_faces:
            continue
        for rot in range(4):
            a = f"tile {FACE_NAMES[f]}{rot}"
            tx = x + rot * (TILE * cs + 12)
            opened = cv.act_open(a)
            cv.rect(tx - 2, yy - 2, TILE * cs + 4, TILE * cs + 16, fill="#fff", stroke="#888", sw=1, rx=3)
            _tile_at(cv, f, rot, tx, yy, cs)
            cv.text(tx + TILE * cs / 2, yy + TILE * cs + 11, f"{FACE_NAMES[f]}{rot}", size=10, anchor="middle",
                    weight="bold" if opened else "normal")
            cv.close()
        yy += TILE * cs + 22
    return yy - y


@lru_cache(maxsize=8192)
def _dot_svg(action: str, cs: float) -> str:
    """A placement's click target in board coordinates: a dot at the centre of its cells and,
    shown on hover, the cells themselves (cached per notation)."""
    cells, _ = _claim_cells(action)
    cy = (sum(r for r, _ in cells) / len(cells) + 0.5) * cs
    cx = (sum(c for _, c in cells) / len(cells) + 0.5) * cs
    w = _f(cs)
    ghost = "".join(f'<rect x="{_f(c * cs)}" y="{_f(r * cs)}" width="{w}" height="{w}"/>' for r, c in cells)
    return (f'<g class="act" data-action="{_e(action)}">'
            f'<g class="kl-ghost" fill="#ffeb3b" stroke="#e65100" stroke-width="1">{ghost}</g>'
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(cs * 0.34)}" fill="#ffeb3b" stroke="#bf360c" '
            f'stroke-width="1.4"/></g>')


def _place_picker(cv: _Canvas, legal: list, layout_text: str, claims: list, x, y, *, square: bool,
                  colour: str, tiles: int, max_w: float) -> float:
    """KL-1.6: one small copy of the board per orientation of the claim to lay, a dot at the
    centre of each legal placement (``place KIND K ROW COL``), the copies side by side as
    ``max_w`` allows; returns the height used."""
    by_o: dict[int, list] = {}
    kid = None
    for a in legal:
        if a.startswith("place "):
            _, kid, o, _r, _c = a.split()
            by_o.setdefault(int(o), []).append(a)
    if not by_o:
        return 0
    cs = 16
    cv.text(x, y + 11, f"Lay {kid}: click a dot (the centre of a legal placement; hover shows it)",
            size=11, weight="bold")
    bw = (SQ_SIZE if square else TILE * tiles) * cs
    yy = y + 20
    bx = x
    row_h = 0.0
    for o in sorted(by_o):
        if bx > x and bx + bw > x + max_w:
            bx, yy, row_h = x, yy + row_h, 0.0
        iw, ih = _shape_icon(cv, kid, o, bx, yy + 2, 6)
        cv.text(bx + iw + 5, yy + 10, f"{kid} {o}", size=10, weight="bold")
        top = yy + 26  # the tallest icon (3 cells of 6) fits above every copy
        w, h = _board(cv, layout_text, claims, bx, top, cs, square=square, tiles=tiles, colour=colour,
                      marks=False, coords=False)
        cv.add(f'<g transform="translate({_f(bx)},{_f(top)})">')
        cv.add("".join(_dot_svg(a, cs) for a in by_o[o]))
        cv.add("</g>")
        row_h = max(row_h, top - yy + h + 8)
        bx += bw + 24
    return yy + row_h - y


# --------------------------------------------------------------------------- game 1
def _family(cv: _Canvas, obs: dict, legal: list, names: list) -> None:
    square = obs["variant"] == "square"
    phase = obs["phase"]
    seat = obs.get("seat")
    cur = obs.get("current_player", TERMINAL)
    ps = obs["players"]
    n = len(ps)
    title = (f"Klondike 1896 - {'square board (family game)' if square else 'family game'} - round "
             f"{obs['round']} - {PHASE_NAMES.get(phase, phase)} - start player {_name(names, obs['start_player'])}")
    cv.text(10, 20, title, size=15, weight="bold")
    turn = (f"{_name(names, cur)} to act" if 0 <= cur < n else "game over") \
        + ("" if seat is None else f" - you are {_name(names, seat)}")
    cv.text(10, 38, turn, size=12, fill="#8a6d00" if 0 <= cur < n else "#333", weight="bold")
    cs = 22
    bw = (SQ_SIZE if square else 24) * cs + 32
    x_col = [10, 10 + bw + 10] if square else [10]
    y = 50.0
    col = 0
    row_h = 0.0
    for s in range(n):
        p = ps[s]
        x = x_col[col]
        bits = [f"{p['score']} points"]
        if p["rubies"] is None:
            bits.append("? rubies (secret)")
        else:
            bits.append(_rubies(p['rubies']) + (f" +{p['fresh']} fresh" if p["fresh"] else ""))
        if p["won"]:
            bits.append(f"lays {p['won']}")
        if square:  # KL-21.3: the zones covered so far (public: the claims are)
            cov = {c for t in p["claims"] for c in _claim_cells(t)[0]}
            got = "".join(ZONE_NAMES[z][0].upper() for z, zc in enumerate(ZONES) if cov & set(zc))
            bits.append(f"zones {got or '-'}")
        if p["finished"]:
            bits.append("route complete" if not square else "task complete")
        if p["penalty"]:
            bits.append(f"penalty -{p['penalty']} = {p['score'] - p['penalty']}")
        _plate(cv, s, x, y, bw - 10, _name(names, s), ", ".join(bits), you=s == seat, to_act=s == cur)
        w, h = _board(cv, p["layout"], p["claims"], x, y + 40, cs, square=square, colour=SEAT_COLOURS[s],
                      zone_marks=square)
        if not square and p["layout"]:
            _edge_marks(cv, p["claims"], x + 14, y + 54, cs)
        row_h = max(row_h, 40 + h + 16)
        if square and col == 0:
            col = 1
        else:
            col = 0
            y += row_h
            row_h = 0.0
    y += row_h
    # key under the boards
    keys = ["key: claims numbered in laying order; yellow-edged = the last (the next claim touches it)",
            "dashed white N S W E C = the zones to cover (KL-21.3)" if square else
            "> start cells, < goal cells; orange = top/bottom edges to touch in tiles 2 and 3 (solid when met)"]
    for i, k in enumerate(keys):
        cv.text(10, y + 4 + 13 * i, k, size=10, fill="#555")
    y += 13
    left_h = y + 10
    # ---- right column
    rx = x_col[-1] + bw + 10
    ry = 50.0
    ry += _rows_panel(cv, obs, legal, names, rx, ry)
    if phase == "sauction" or obs.get("supplementary"):
        ry += _domino_panel(cv, obs, legal, names, rx, ry)
    if phase == "end":
        ry += _family_final(cv, obs, names, rx, ry)
    if any(a.startswith("tile ") for a in legal) and seat is not None:
        used = {f for f, _ in _parse_layout(ps[seat]["layout"])}
        ry += _tile_picker(cv, used, rx, ry) + 8
    if seat is not None and any(a.startswith("place ") for a in legal):
        ry += _place_picker(cv, legal, ps[seat]["layout"], ps[seat]["claims"], rx, ry, square=square,
                            colour=SEAT_COLOURS[seat], tiles=4, max_w=440)
    cv.grow(rx, max(left_h, ry))


def _rows_panel(cv: _Canvas, obs: dict, legal: list, names: list, x, y) -> float:
    """The claim rows (KL-10.5), the front row's auction (KL-12) and the supply counts."""
    rows = obs["rows"]
    auc = obs.get("auction")
    y0 = y
    cv.text(x, y + 12, "Claim rows" + (" - front row auctioned now (KL-12)" if auc else ""), size=13,
            weight="bold")
    y += 20
    if not rows:
        cv.text(x, y + 12, "no rows left", size=11, fill="#555")
        y += 20
    for i, row in enumerate(rows):
        if i == 0 and auc:
            slot_w = 92
            h_max = 0.0
            for si, kid in enumerate(row):
                sx = x + si * (slot_w + 8)
                amounts = []
                for a in legal:
                    w = a.split()
                    if w[0] == "bid" and int(w[1]) == si:
                        amounts.append((a, int(w[2])))
                one = amounts[0][0] if len(amounts) == 1 else None
                if one:  # a single legal amount: the slot card is the click target too
                    cv.add(f'<g class="act" data-action="{_e(one)}">')
                holder = auc["holders"][si] if auc else -1
                cv.rect(sx, y, slot_w, 86, fill="#fffdf6", stroke=SEAT_COLOURS[holder] if holder >= 0 else "#999",
                        sw=2.5 if holder >= 0 else 1, rx=4)
                cv.text(sx + 5, y + 13, f"slot {si}: {kid}", size=10.5, weight="bold")
                _shape_icon(cv, kid, 0, sx + 8, y + 20, 10)
                if auc:
                    if holder >= 0:
                        cv.rect(sx + 5, y + 66, 12, 12, fill=SEAT_COLOURS[holder], stroke="#222", sw=0.8)
                        cv.text(sx + 21, y + 76, f"{_name(names, holder)[:9]}: {auc['bids'][si]}", size=10)
                    else:
                        cv.text(sx + 5, y + 76, "free", size=10, fill="#555")
                if one:
                    cv.close()
                ch = _chips(cv, amounts, sx - 4, y + 90, per_row=3) if amounts else 0
                h_max = max(h_max, 90 + ch)
            y += h_max + 6
            if auc:
                bits = [f"normal turns taken {auc['normal_turns_taken']}/{len(obs['players'])}"]
                if auc["displaced"] >= 0:
                    bits.append(f"{_name(names, auc['displaced'])} is displaced: raise or move (KL-12.4)")
                cv.text(x, y + 10, "; ".join(bits), size=10.5, fill="#333")
                y += 16
                if any(a.startswith("bid ") for a in legal):
                    cv.text(x, y + 10, "red chips: your bid in rubies at that slot", size=10, fill="#555")
                    y += 16
            if len(rows) > 1:
                cv.text(x, y + 12, "rows to come:", size=11, fill="#333")
                y += 18
        elif i == 0:
            cv.text(x, y + 12, "rows left when the game ended:" if obs["phase"] == "end" else
                    "next row first (auctioned in the next round):", size=11, fill="#333")
            y += 18
            cv.text(x, y + 12, "1.", size=10, fill="#555")
            xx = x + 18
            for kid in row:
                w, h = _shape_icon(cv, kid, 0, xx, y + 3, 5)
                cv.text(xx + w + 3, y + 12, kid, size=9.5, fill="#333")
                xx += w + 30
            y += 24
        else:
            cv.text(x, y + 12, f"{i + 1}.", size=10, fill="#555")
            xx = x + 18
            for kid in row:
                w, h = _shape_icon(cv, kid, 0, xx, y + 3, 5)
                cv.text(xx + w + 3, y + 12, kid, size=9.5, fill="#333")
                xx += w + 30
            y += 24
    bits = [f"pool {obs['pool_size']} claims", f"dominoes {obs['dominoes']}"]
    if obs.get("supply") is not None:
        bits.append(f"ruby supply {obs['supply']}")
    cv.text(x, y + 12, ", ".join(bits), size=11)
    y += 18
    if obs.get("removed"):
        cv.text(x, y + 12, "removed (no legal placement, KL-14.2): " + " ".join(obs["removed"]), size=10,
                fill="#555")
        y += 18
    return y - y0 + 8


def _domino_panel(cv: _Canvas, obs: dict, legal: list, names: list, x, y) -> float:
    """KL-16: the domino auction: high bid, passes, one chip per legal ``sbid N``."""
    sup = obs.get("supplementary") or {}
    y0 = y
    cv.rect(x, y, 330, 56, fill="#fffdf6", stroke="#999", rx=4)
    cv.text(x + 8, y + 16, f"Domino auction (KL-16; first bid at least {SUPP_MIN_BID})", size=12, weight="bold")
    _shape_icon(cv, "D2", 0, x + 10, y + 26, 12)
    hb = sup.get("high_bidder", -1)
    line = (f"high bid {sup.get('high_bid')} by {_name(names, hb)}" if hb is not None and hb >= 0 else "no bid yet")
    passed = [_name(names, s) for s, f in enumerate(sup.get("passed", [])) if f]
    cv.text(x + 45, y + 36, line, size=11)
    cv.text(x + 45, y + 50, "passed: " + (", ".join(passed) if passed else "nobody"), size=10, fill="#555")
    y += 62
    amounts = [(a, int(a.split()[1])) for a in legal if a.startswith("sbid ")]
    if amounts:
        y += _chips(cv, amounts, x, y, per_row=12) + 4
    return y - y0 + 6


def _family_final(cv: _Canvas, obs: dict, names: list, x, y) -> float:
    """KL-19/KL-20: score - penalty = final, ranked (ties: rubies held)."""
    ps = obs["players"]
    y0 = y
    cv.text(x, y + 14, "Final scores (KL-19 penalty, KL-20 ties: more rubies)", size=13, weight="bold")
    y += 22

    def key(s):
        p = ps[s]
        rub = (p["rubies"] or 0) + (p["fresh"] or 0) if p["rubies"] is not None else -1
        return (p["score"] - p["penalty"], rub)

    order = sorted(range(len(ps)), key=key, reverse=True)
    best = key(order[0])
    top = [s for s in order if key(s)[0] == best[0]]
    # KL-21.2: with secret rubies a tie on points is decided by counts this view lacks
    unknown = len(top) > 1 and any(ps[s]["rubies"] is None for s in top)
    if unknown:
        cv.text(x, y + 10, "tied on points: the rubies held decide (secret, KL-21.2)", size=10.5, fill="#555")
        y += 16
    for s in order:
        p = ps[s]
        win = key(s) == best and not unknown
        cv.rect(x + 2, y + 2, 10, 10, fill=SEAT_COLOURS[s])
        rub = "?" if p["rubies"] is None else p["rubies"] + p["fresh"]
        cv.text(x + 18, y + 11, f"{_name(names, s)}: {p['score']} - {p['penalty']} = "
                f"{p['score'] - p['penalty']} points, {_rubies(rub)}" + ("  WINNER" if win else ""),
                size=11.5, weight="bold" if win else "normal")
        y += 17
    return y - y0 + 8


# --------------------------------------------------------------------------- game 2
def _favour_card(cv: _Canvas, cid: str, x, y, action: str | None = None) -> None:
    c = FAVOUR_CARDS[FAVOUR_INDEX[cid]]
    tr = TRACKS[c.track]
    opened = cv.act_open(action) if action else False
    cv.rect(x, y, 70, 52, fill="#fffdf6", stroke=TRACK_COLOURS[tr], sw=3 if opened else 2, rx=5)
    cv.text(x + 35, y + 13, cid, size=10, anchor="middle", weight="bold")
    cv.text(x + 35, y + 25, TRACK_ROLES[tr], size=9, fill=TRACK_COLOURS[tr], anchor="middle")
    for i in range(c.value):
        cv.add(f'<circle cx="{_f(x + 35 + (i - (c.value - 1) / 2) * 13)}" cy="{_f(y + 39)}" r="5" '
               f'fill="{TRACK_COLOURS[tr]}"/>')
    if action:
        cv.close()


def _race(cv: _Canvas, obs: dict, legal: list, names: list) -> None:
    phase = obs["phase"]
    seat = obs.get("seat")
    cur = obs.get("current_player", TERMINAL)
    ps = obs["players"]
    n = len(ps)
    head = (f"Klondike 1896 - race - round {min(obs['round'], RACE_ROUNDS)}/{RACE_ROUNDS} - "
            f"{PHASE_NAMES.get(phase, phase)}" + (f" - tick {obs['tick']}" if phase == "tick" else ""))
    cv.text(10, 20, head, size=15, weight="bold")
    turn = (f"{_name(names, cur)} to act" if 0 <= cur < n else "game over") \
        + ("" if seat is None else f" - you are {_name(names, seat)}")
    cv.text(10, 38, turn, size=12, fill="#8a6d00" if 0 <= cur < n else "#333", weight="bold")
    y = 50.0
    # requirement card (KL-31.1)
    card = obs.get("card")
    if card:
        rc = REQ_CARDS[REQ_INDEX[card]]
        dark = rc.colour == "black"
        cv.rect(10, y, 150, 74, fill=REQ_COLOURS[rc.colour], stroke="#333", sw=2, rx=6)
        ink = "#fff" if dark else "#222"
        cv.text(85, y + 15, f"requirement {card} ({rc.colour})", size=10, fill=ink, anchor="middle")
        cv.text(50, y + 50, rc.gold, size=28, fill="#f9a825", anchor="middle", weight="bold")
        cv.text(50, y + 66, "gold", size=10, fill=ink, anchor="middle")
        cv.text(118, y + 50, rc.rubies, size=28, fill="#d81b3c", anchor="middle", weight="bold")
        cv.text(118, y + 66, "rubies", size=10, fill=ink, anchor="middle")
    else:
        cv.rect(10, y, 150, 74, fill="#ddd", stroke="#999", rx=6)
        cv.text(85, y + 40, "no card" if phase == "end" else "-", size=12, anchor="middle")
    # favour display (KL-30.4)
    cv.text(175, y + 10, f"Favour cards (deck {obs['fav_deck_size']}, discard {len(obs['fav_discard'])}); "
            f"requirement deck {obs['req_deck_size']}; priority seat {_name(names, obs['priority_seat'])}",
            size=11)
    for i, cid in enumerate(obs["display"]):
        a = f"pick {cid}"
        _favour_card(cv, cid, 175 + i * 78, y + 18, a if a in cv.legal else None)
    if not obs["display"]:
        cv.text(175, y + 40, "display empty", size=11, fill="#555")
    y += 84
    # influence board (KL-30.3)
    y += _influence(cv, ps, names, 10, y)
    # seats
    fo = obs["finish_order"]
    results = obs.get("results") or []
    pw = (1040 - 8 * (n - 1)) / n
    for s in range(n):
        p = ps[s]
        bits = []
        if s in fo:
            bits.append(f"finished #{fo.index(s) + 1}")
        elif obs["last_player"] == s:
            bits.append("last player" + (f", joins {_name(names, obs['fate'])}" if obs["fate"] >= 0 else ""))
        else:
            bits.append(p["status"] if phase != "end" else "game over")
        if p.get("pick"):
            c = FAVOUR_CARDS[FAVOUR_INDEX[p["pick"]]]
            bits.append(f"card {p['pick']} ({TRACK_ROLES[TRACKS[c.track]]} {c.value})")
        px = 10 + s * (pw + 8)
        fate = f"fate {s}"
        _plate(cv, s, px, y, pw, _name(names, s), ", ".join(bits), you=s == seat, to_act=s == cur,
               action=fate if fate in cv.legal else None)
        if obs.get("last_card") and s < len(results) and results[s] is not None:
            r = results[s]
            res = "last player (not checked)" if r[2] is None else \
                f"{r[0]} gold, {_rubies(r[1])}: {'exact' if r[2] else 'wrong'}"
            cv.text(px + 4, y + 48, f"last round ({obs['last_card']}): {res}", size=10, fill="#555")
    y += 58
    # own board
    if seat is not None and phase != "end":
        y += _own_race(cv, obs, legal, names, seat, 10, y)
    if phase != "end":
        cv.text(10, y + 12, "The other boards stay hidden until the check (KL-34.1)." if seat is not None
                else "Boards stay hidden until the check (KL-34.1).", size=11, fill="#555")
        y += 20
    # revealed boards of the last round (KL-34.1)
    rev = obs.get("revealed") or []
    if phase in ("build", "end", "pick", "lastpick", "fate") and obs.get("last_card") and any(r[1] for r in rev):
        cv.text(10, y + 12, f"Boards at the check of the last round ({obs['last_card']}):", size=12, weight="bold")
        y += 20
        xx = 10.0
        hmax = 0.0
        for s, (lay, claims) in enumerate(rev):
            if not lay:
                continue
            text = " ".join(f"{FACE_NAMES[f]}{r}" for f, r in lay)
            bw = len(lay) * TILE * 10 + 14
            if xx + bw > 1000 and xx > 10:
                xx, y = 10.0, y + hmax + 24
                hmax = 0.0
            cv.text(xx, y + 10, _name(names, s), size=10.5, fill=SEAT_COLOURS[s], weight="bold")
            w, h = _board(cv, text, list(claims), xx, y + 14, 10, tiles=len(lay), colour=SEAT_COLOURS[s],
                          marks=False, coords=False)
            hmax = max(hmax, h + 14)
            xx += bw + 14
        y += hmax + 10
    if phase == "end":
        y += _race_final(cv, ps, names, 10, y)
    cv.grow(10, y)


def _influence(cv: _Canvas, ps: list, names: list, x, y) -> float:
    """The four celebrity tracks with a cube per seat at its value (KL-30.3)."""
    top = max([12] + [v for p in ps for v in p["tracks"]])
    unit = min(22.0, 700.0 / (top + 1))
    cv.text(x, y + 10, "Influence board (favour with the celebrities, KL-30.3)", size=12, weight="bold")
    y0 = y
    y += 16
    for t, tr in enumerate(TRACKS):
        ty = y + t * 26
        cv.text(x, ty + 15, TRACK_ROLES[tr], size=10.5, fill=TRACK_COLOURS[tr], weight="bold")
        lx = x + 80
        cv.rect(lx, ty + 4, (top + 1) * unit, 18, fill="#fffdf6", stroke=TRACK_COLOURS[tr], sw=1.2)
        for v in range(0, top + 1, 2 if unit < 14 else 1):
            cv.text(lx + v * unit + unit / 2, ty + 3, v, size=7, fill="#888", anchor="middle")
        for s, p in enumerate(ps):
            v = p["tracks"][t]
            cx = lx + v * unit + 1 + (s % 2) * (unit / 2 - 1)
            cy = ty + 5 + (s // 2) * 8
            cv.rect(cx, cy, unit / 2 - 1.5, 7.5, fill=SEAT_COLOURS[s], stroke="#fff", sw=0.6)
        vals = ", ".join(f"{_name(names, s)[:10]} {p['tracks'][t]}" for s, p in enumerate(ps))
        cv.text(lx + (top + 1) * unit + 8, ty + 16, vals, size=10)
    return y - y0 + 4 * 26 + 6


def _own_race(cv: _Canvas, obs: dict, legal: list, names: list, seat: int, x, y) -> float:
    """The viewer's own board, totals, claim set (``claim KIND``), tile and placement pickers."""
    p = obs["players"][seat]
    y0 = y
    line = f"Your board: {p['gold']} gold, {_rubies(p['rubies'])} covered"
    card = obs.get("card")
    if card:
        rc = REQ_CARDS[REQ_INDEX[card]]
        line += f" (the card asks {rc.gold} gold, {_rubies(rc.rubies)})"
    if p.get("said_done"):
        line += " - you said done"
    if p.get("claim_in_hand"):
        line += f" - claim in hand: {p['claim_in_hand']}"
    cv.text(x, y + 12, line, size=12, weight="bold")
    y += 20
    if p.get("layout"):
        lay = _parse_layout(p["layout"])
        tiles = len(lay) if not p.get("building") else max(len(lay), 1)
        w, h = _board(cv, p["layout"], p["claims"], x, y, 24, tiles=tiles, colour=SEAT_COLOURS[seat],
                      marks=True, goal=False)
        y += h + 10
    else:
        cv.text(x, y + 12, "no tiles laid yet", size=11, fill="#555")
        y += 20
    # claim set (KL-30.1, KL-40.1)
    laid = {t.split()[1] for t in p.get("claims", [])}
    cv.text(x, y + 12, "Your claims (each once a round; grey = laid):", size=11, weight="bold")
    y += 18
    xx = x
    for k in RACE_SET:
        kid = KINDS[k].id
        a = f"claim {kid}"
        opened = cv.act_open(a)
        hand = p.get("claim_in_hand") == kid
        cv.rect(xx, y, 62, 56, fill="#fff59d" if hand else "#fffdf6", stroke="#d4a017" if opened else "#bbb",
                sw=2 if opened or hand else 1, rx=4)
        used = kid in laid
        _shape_icon(cv, kid, 0, xx + 5, y + 16, 8, fill="#ccc" if used else "#e8d9b5",
                    stroke="#999" if used else "#5d4020")
        cv.text(xx + 5, y + 12, kid + (" (in hand)" if hand else ""), size=9.5, weight="bold")
        cv.close()
        xx += 68
    y += 64
    if any(a.startswith("tile ") for a in legal):
        used_faces = {f for f, _ in _parse_layout(p.get("layout", ""))}
        y += _tile_picker(cv, used_faces, x, y) + 6
    if any(a.startswith("place ") for a in legal):
        y += _place_picker(cv, legal, p["layout"], p["claims"], x, y, square=False, colour=SEAT_COLOURS[seat],
                           tiles=len(_parse_layout(p["layout"])), max_w=1040)
    return y - y0


def _race_final(cv: _Canvas, ps: list, names: list, x, y) -> float:
    """KL-36: 8/6/4/2 per track (ties take the lower place), total favour 4/3/2/1."""
    tracks = [p["tracks"] for p in ps]
    celeb, tot, totals = race_points(tracks)
    y0 = y
    cv.text(x, y + 14, "Final scoring (KL-36: each track 8/6/4/2, total favour 4/3/2/1; ties take the "
            "lower place)", size=13, weight="bold")
    y += 22
    pts = [c + t for c, t in zip(celeb, tot)]
    order = sorted(range(len(ps)), key=lambda s: (pts[s], totals[s]), reverse=True)
    best = (pts[order[0]], totals[order[0]])
    for s in order:
        win = (pts[s], totals[s]) == best
        cv.rect(x + 2, y + 2, 10, 10, fill=SEAT_COLOURS[s])
        cv.text(x + 18, y + 11, f"{_name(names, s)}: celebrities {celeb[s]} + total favour {totals[s]} -> "
                f"{tot[s]} = {pts[s]} points" + ("  WINNER" if win else ""), size=11.5,
                weight="bold" if win else "normal")
        y += 17
    return y - y0 + 8


# --------------------------------------------------------------------------- entry point
def place_keys(obs: dict) -> dict[str, str]:
    """What each marked place of the board shows, ``{data-place key: content}``, read from
    ``obs`` (for last-move highlights; :meth:`meeple.core.View.place_keys`).

    Keys: ``plate-S`` (seat S's public holdings), ``claim-S-I`` (seat S's I-th laid claim, its
    notation), ``tile-S-I`` (a laid landscape tile), ``slot-I`` (the front row's claim I with its
    figure and bid, KL-12), ``domino`` (the domino auction, KL-16), ``card`` (the requirement
    card, KL-31.1), ``favour-CARD`` (a card of the display, KL-30.4), ``track-S-T`` (seat S on
    celebrity track T, KL-30.3), ``revealed-S`` (seat S's board at the last check, KL-34.1).
    """
    out: dict[str, str] = {}
    ps = obs["players"]
    if obs["variant"] == "race":
        for s, p in enumerate(ps):
            out[f"plate-{s}"] = f"{p['status']}|{p.get('pick')}"
            for t, v in enumerate(p["tracks"]):
                out[f"track-{s}-{t}"] = str(v)
            for i, t in enumerate(p.get("claims") or []):
                out[f"claim-{s}-{i}"] = t
        out["card"] = str(obs.get("card"))
        for cid in obs["display"]:
            out[f"favour-{cid}"] = cid
        for s, (lay, claims) in enumerate(obs.get("revealed") or []):
            if lay:
                out[f"revealed-{s}"] = " ".join(claims)
        return out
    for s, p in enumerate(ps):
        out[f"plate-{s}"] = f"{p['score']}|{p['rubies']}|{p['fresh']}|{p['won']}|{p['finished']}|{p['penalty']}"
        for i, t in enumerate(p["claims"]):
            out[f"claim-{s}-{i}"] = t
        for i, t in enumerate(p["layout"].split()):
            out[f"tile-{s}-{i}"] = t
    auc = obs.get("auction")
    if auc and obs["rows"]:
        for i, kid in enumerate(obs["rows"][0]):
            out[f"slot-{i}"] = f"{kid}|{auc['holders'][i]}|{auc['bids'][i]}"
    sup = obs.get("supplementary")
    if sup:
        out["domino"] = f"{sup['high_bidder']}|{sup['high_bid']}"
    return out


def render_svg(obs: dict, legal: list[str], seat_names: list[str], highlights=None) -> str:
    """An SVG drawing of the whole table as ``obs = state.observation(seat)`` shows it.

    Args:
        obs: the observation of the viewing seat (``obs["seat"]``, None for a spectator);
            ``obs["current_player"]`` is the seat to act (negative at the end).
        legal: notations of the legal actions when the viewer is the seat to act, else [].
            Only these appear as ``data-action`` (on elements with ``class="act"``).
        seat_names: display names, index = seat (escaped here; any text is safe).

    Returns:
        A self-contained ``<svg ...>...</svg>`` string (viewBox, no fixed width, no scripts).

    Raises:
        KeyError / ValueError: ``obs`` is not a Klondike 1896 observation.
    """
    cv = _Canvas(legal)
    names = [str(x) for x in seat_names]
    if obs["variant"] == "race":
        _race(cv, obs, list(legal), names)
    else:
        _family(cv, obs, list(legal), names)
    return cv.svg()


__all__ = ["SEAT_COLOURS", "place_keys", "render_svg"]
