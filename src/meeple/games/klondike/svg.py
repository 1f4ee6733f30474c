"""SVG board of Klondike 1896 for the web client: ``render_svg(obs, legal, seat_names)``.

Built on :class:`meeple.core.svgkit.Canvas` from ``state.observation(seat)`` only (plus the
game's static data in :mod:`.components`), so a seat's page shows nothing hidden from it
(KL-50.2). One SVG unit is one CSS pixel at the initial zoom; every clickable place has a hit
area of at least 28 x 28 units and every text is at least 12 units (:mod:`meeple.core.svgkit`).

What is drawn
  *Game 1* (variants ``family`` and ``square``): a title line (round, phase, start player,
  whose turn it is); every seat's landscape (KL-1.3: 6 x 24 cells, or 12 x 12 on the square
  landscape, KL-21.3) cell by cell - meadow green, gold brown with its number, ruby grey with
  a red gem (KL-1.2) - with the laid claims over it in the seat's colour, numbered in laying
  order, the last claim (the one the next must touch, KL-2.2) edged yellow; start cells ``>``
  and goal cells ``<`` (KL-2.1, KL-10.2), the edge stretches of tiles 2 and 3 (KL-14.3; solid
  once met) or the square landscape's five zones (dashed, lettered N S W E C); above each
  landscape a name plate with score, rubies (+fresh, ``?`` when secret, KL-21.2), the claim to
  lay, finished / penalty. The viewer's own landscape is drawn larger (28 units a cell), with
  a tool bar above it. On the right: the claim rows (KL-10.5; the front row with each claim's
  figure and bid during the main auction, KL-12), the pool, dominoes and removed claims, the
  domino auction (KL-16), and at the end the final scores (KL-19, KL-20).
  *Game 2* (variant ``race``): the requirement card (KL-31.4), the favour display (KL-30.4),
  the influence board with every seat's cube on the four celebrity tracks (KL-30.3), each
  seat's status, card and last result (KL-34); the viewer's own landscape, claim set and
  covered totals; the other landscapes stay hidden until the check, then the revealed boards
  of the last round (KL-34.1); at the end the final scoring (KL-36).

Everything is chosen on the main board (``class="act"`` and ``data-action``, only for
notations in ``legal``):
  * ``place KIND K ROW COL`` (KL-1.6): on the viewer's own landscape, one layer per
    orientation K (``data-layer="kl-o{K}"``, group ``kl-place``); the tool bar above the
    landscape shows the claim in each orientation (a chooser per orientation) and a "Rotate"
    chooser that shows the next orientation's layer. In a layer every legal placement is a
    ``data-confirm`` place anchored at one covered cell (the cell nearest the claim's centre,
    the same for every placement of that orientation, so the claim follows the pointer or the
    finger), marked with a dot; its ``.ghost`` child shows the cells it would cover (shown on
    :hover, :focus and ``.selected`` by the embedded style; the client's Confirm plays it).
  * ``tile A0`` (KL-10.2 layout=choose, KL-31.2): the next empty tile position of the
    viewer's landscape shows the candidate tile; one layer per face and rotation (group
    ``kl-tile``), a chooser per face and a "Rotate" chooser in the tool bar; the tile in the
    slot is a ``data-confirm`` place.
  * ``bid SLOT N``: ruby chips (28 units) under each claim of the front row, one per legal
    amount; the claim card itself too when exactly one amount is legal there (a raise or a
    challenge, KL-12.3);
  * ``sbid N``: the ruby chips of the domino auction (KL-16.2);
  * ``claim KIND``: the cards of the viewer's claim set (KL-40.1);
  * ``pick CARD``: the favour cards of the display (KL-32);
  * ``fate SEAT``: the other seats' name plates (KL-33.2).
  ``pass``, ``discard``, ``build``, ``undo``, ``relayout``, ``done`` and ``back`` have no place
  on the board; the client lists them (as it lists every legal action).

Places for highlights (``data-place``, :func:`place_keys`) and pieces (``data-piece``: the
bid figures ``figure-S``, the celebrity cubes ``cube-S-T``) are marked as
:mod:`meeple.core.svgkit` describes.

Seat colours: blue, brown and green (the players of the rulebook's scoring example) and
purple (ASSUMED; the rulebook does not name the fourth). The seat to act has a gold frame
and a ``to act`` tag; the viewer's plate says ``(you)``.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache

from meeple.core.svgkit import MIN_HIT, MIN_TEXT, Canvas, esc, num

from .components import (
    CODE_CHAR,
    EDGE_TILES,
    FACE_GRIDS,
    FACE_NAMES,
    FAVOUR_CARDS,
    FAVOUR_INDEX,
    GOAL_CELLS,
    GOLD_OF,
    KIND_INDEX,
    KINDS,
    RACE_ROUNDS,
    RACE_SET,
    REQ_CARDS,
    REQ_INDEX,
    RUBY_OF,
    SQ_POSITIONS,
    SQ_SIZE,
    START_CELLS,
    SUPP_MIN_BID,
    TILE,
    TRACKS,
    ZONE_NAMES,
    ZONES,
    board_cells,
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
    "layout": "laying out tiles",
    "auction": "main auction",
    "place": "laying claims",
    "sauction": "domino auction",
    "splace": "laying the domino",
    "end": "game over",
    "build": "laying out tiles",
    "tick": "racing",
    "pick": "choosing favour cards",
    "lastpick": "the last player chooses a card",
    "fate": "the last player joins fate",
}
TERMINAL = -4
OWN_CS = 28
"""Cell size of the viewer's own landscape: a cell is a whole hit area (MIN_HIT)."""
CS = 24
"""Cell size of the other landscapes: the gold numbers are 12 units (MIN_TEXT)."""
BAR_H = 44
"""Height of the tool bar above the viewer's own landscape (orientation / tile choosers)."""

STYLE = (
    ".ghost{display:none;pointer-events:none}"
    ".act:hover .ghost,.act:focus .ghost,.act.selected .ghost{display:inline}"
    ".kl-cells{fill:#ffeb3b;fill-opacity:.8;stroke:#e65100;stroke-width:1}"
    ".kl-edge{fill:none;stroke:#bf360c;stroke-width:3}"
    ".kl-ring{fill:none;stroke:#4e342e;stroke-width:4.5}"
    ".kl-mark{fill:none;stroke:#fff;stroke-width:2}"
    ".act:hover .kl-mark,.act.selected .kl-mark{stroke:#ffd600}"
)
"""The embedded style: a placement's preview (``.ghost``) shows while the place is hovered,
focused or selected (the first tap of a ``data-confirm`` place). ``display:none`` (not
``visibility``) keeps a place's box equal to its hit area, so a tap or a test click at its
centre lands on it."""


class _Cv(Canvas):
    """:class:`~meeple.core.svgkit.Canvas` with drawing calls that append (the kit's return
    markup) and groups captured from what is drawn inside a ``with`` block."""

    def box(self, x, y, w, h, fill="none", stroke="none", sw=1.0, rx=0.0, **kw) -> None:
        """Append a rectangle (``sw``: stroke width)."""
        self.add(
            self.rect(
                x, y, w, h, fill=fill, stroke=stroke, rx=rx, stroke_width=None if stroke == "none" else float(sw), **kw
            )
        )

    def label(self, x, y, s, size=MIN_TEXT, fill="#222", anchor="start", weight="normal") -> None:
        """Append a text (at least MIN_TEXT units); the extent grows by an estimate of its width."""
        size = max(size, MIN_TEXT)
        w = len(str(s)) * size * 0.58
        self.grow(x + (w if anchor == "start" else w / 2 if anchor == "middle" else 0), y + 4)
        self.add(self.text(x, y, s, size=size, anchor=anchor, weight=weight, fill=fill))

    def line(self, x1, y1, x2, y2, stroke="#222", sw=1.0, dash: str | None = None) -> None:
        self.add(
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{stroke}" '
            f'stroke-width="{num(sw)}"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>"
        )

    @contextmanager
    def capture(self):
        """Collect what is drawn inside the block into ``out[0]`` (a string) instead."""
        i = len(self.parts)
        out = [""]
        yield out
        out[0] = "".join(self.parts[i:])
        del self.parts[i:]

    @contextmanager
    def placing(self, action, x, y, w, h, *, key=None, confirm=False):
        """What is drawn inside becomes the body of :meth:`Canvas.place` (clickable only when
        ``action`` is legal); yields whether it is."""
        with self.capture() as body:
            yield action is not None and action in self.legal
        self.add(self.place(action, x, y, w, h, body[0], confirm=confirm, key=key))

    @contextmanager
    def keyed(self, key: str, piece: str | None = None):
        """A ``<g data-place=KEY>`` (and ``data-piece``) around what is drawn inside."""
        self.add(f'<g data-place="{esc(key)}"' + (f' data-piece="{esc(piece)}"' if piece else "") + ">")
        yield
        self.add("</g>")


# --------------------------------------------------------------------------- helpers
def _rubies(n) -> str:
    """``1 ruby`` / ``3 rubies`` (``?`` stays plural)."""
    return f"{n} ruby" if n == 1 else f"{n} rubies"


def _name(seat_names, s: int) -> str:
    return seat_names[s] if 0 <= s < len(seat_names) else f"P{s + 1}"


def _kind_words(kid: str) -> str:
    """A claim kind as people say it (KL-1.4): ``"X5"`` -> ``"the cross"``, ``"D2"`` -> ``"the
    domino"``."""
    return "the domino" if kid == "D2" else f"the {KINDS[KIND_INDEX[kid]].name}"


def _parse_layout(text: str) -> list:
    """``"A0 B3"`` -> [(face index, rotation), ...]."""
    return [(FACE_NAMES.index(t[0]), int(t[1])) for t in text.split()]


def _claim_cells(text: str):
    """Cells ``[(row, col), ...]`` and kind id of a ``place KIND K ROW COL`` notation."""
    _, kid, o, r, c = text.split()
    offs = KINDS[KIND_INDEX[kid]].orientations[int(o)]
    r0, c0 = int(r), int(c)
    return [(r0 + dr, c0 + dc) for dr, dc in offs], kid


def handle(kid: str, o: int) -> tuple[int, int]:
    """The cell offset ``(dr, dc)`` a placement of ``kid`` in orientation ``o`` is anchored at
    on the board: the covered cell nearest the shape's centre (first in reading order on a
    tie). The same for every placement of that orientation, so each placement has its own
    anchor cell and the claim is drawn around the pointer."""
    offs = KINDS[KIND_INDEX[kid]].orientations[o]
    mr = sum(r for r, _ in offs) / len(offs)
    mc = sum(c for _, c in offs) / len(offs)
    return min(offs, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


def _tile_origins(n: int, square: bool):
    """Top-left (row, col) of each tile position (KL-1.3, KL-21.3 for the square board)."""
    if square:
        return [tuple(p) for p in SQ_POSITIONS[:n]]
    return [(0, TILE * i) for i in range(n)]


def _outline_d(cells, x0, y0, cs) -> str:
    cset = set(cells)
    d = []
    for r, c in cells:
        x, y = x0 + c * cs, y0 + r * cs
        if (r - 1, c) not in cset:
            d.append(f"M{num(x)} {num(y)}h{num(cs)}")
        if (r + 1, c) not in cset:
            d.append(f"M{num(x)} {num(y + cs)}h{num(cs)}")
        if (r, c - 1) not in cset:
            d.append(f"M{num(x)} {num(y)}v{num(cs)}")
        if (r, c + 1) not in cset:
            d.append(f"M{num(x + cs)} {num(y)}v{num(cs)}")
    return "".join(d)


def _outline(cv: _Cv, cells, x0, y0, cs, stroke, sw, dash: str | None = None) -> None:
    """The outer edges of a set of cells (a claim's outline)."""
    cv.add(
        f'<path d="{_outline_d(cells, x0, y0, cs)}" fill="none" stroke="{stroke}" stroke-width="{num(sw)}" '
        f'stroke-linecap="square"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>"
    )


def _shape_icon(cv: _Cv, kid: str, o: int, x, y, cs, fill="#e8d9b5", stroke="#5d4020") -> tuple:
    """A claim shape (KL-1.5) drawn with its top-left at (x, y); returns (width, height)."""
    offs = KINDS[KIND_INDEX[kid]].orientations[o]
    for r, c in offs:
        cv.box(x + c * cs, y + r * cs, cs, cs, fill=fill, stroke=stroke, sw=0.6)
    _outline(cv, offs, x, y, cs, stroke, 1.4)
    return (max(c for _, c in offs) + 1) * cs, (max(r for r, _ in offs) + 1) * cs


@lru_cache(maxsize=512)
def _tile_svg(face: int, rot: int, cs: float) -> str:
    """The 6 x 6 cells of a face in a rotation (KL-1.3), drawn at the origin (cached):
    cell rects sharing one stroke, the gold numbers sharing one text style, ruby gems."""
    grid = FACE_GRIDS[face][rot]
    rects, nums, gems = [], [], []
    w = num(cs)
    h = cs * 0.32
    for r in range(TILE):
        for c in range(TILE):
            ch = CODE_CHAR[grid[r][c]]
            x, y = c * cs, r * cs
            rects.append(f'<rect x="{num(x)}" y="{num(y)}" width="{w}" height="{w}" fill="{CELL_FILL[ch]}"/>')
            if ch == "R":
                m, v = x + cs / 2, y + cs / 2
                gems.append(
                    f'<polygon points="{num(m)},{num(v - h)} {num(m + h)},{num(v)} {num(m)},{num(v + h)} '
                    f'{num(m - h)},{num(v)}"/>'
                )
            elif ch != ".":
                nums.append(f'<text x="{num(x + cs / 2)}" y="{num(y + cs * 0.68)}">{ch}</text>')
    return (
        f'<g stroke="#6d6d5a" stroke-width="0.4">{"".join(rects)}</g>'
        f'<g fill="#d81b3c" stroke="#7a0019" stroke-width="0.6">{"".join(gems)}</g>'
        f'<g font-size="{num(max(MIN_TEXT, cs * 0.5))}" fill="#fff7d6" text-anchor="middle" font-weight="bold">'
        f"{''.join(nums)}</g>"
    )


def _tile_at(cv: _Cv, face: int, rot: int, x, y, cs) -> None:
    cv.add(f'<g transform="translate({num(x)},{num(y)})">{_tile_svg(face, rot, cs)}</g>')
    cv.grow(x + TILE * cs, y + TILE * cs)


@lru_cache(maxsize=64)
def _coords_svg(rows: int, cols: int, cs: float) -> str:
    """Column numbers above and row numbers left of a board whose top-left is the origin."""
    top = "".join(f'<text x="{num(c * cs + cs / 2)}" y="-4">{c}</text>' for c in range(cols))
    left = "".join(f'<text x="-4" y="{num(r * cs + cs * 0.65)}">{r}</text>' for r in range(rows))
    return (
        f'<g font-size="{MIN_TEXT}" fill="#666" text-anchor="middle">{top}</g>'
        f'<g font-size="{MIN_TEXT}" fill="#666" text-anchor="end">{left}</g>'
    )


@lru_cache(maxsize=4096)
def _claim_svg(text: str, i: int, last: bool, cs: float, colour: str, codes: tuple = ()) -> str:
    """A laid claim over the board (origin = the board's top-left): cells faded, the outline
    in the seat's colour, the laying number; the last claim edged yellow (KL-2.2). ``codes``:
    the cell codes under the claim's cells (KL-1.2); the number goes on a meadow cell, where it
    hides no gold or ruby, else on the top-left corner of the first cell."""
    t = _Cv(())
    cells, _ = _claim_cells(text)
    for r, c in cells:
        t.box(c * cs, r * cs, cs, cs, fill="#fff", fill_opacity="0.45")
    if last:  # KL-2.2: the claim the next one must touch
        _outline(t, cells, 0, 0, cs, "#ffd600", max(3.0, cs * 0.22))
    _outline(t, cells, 0, 0, cs, colour, max(1.5, cs * 0.1))
    meadow = [rc for rc, code in zip(cells, codes) if code == 0]
    if meadow:
        r, c = min(meadow)
        cx, cy = c * cs + cs / 2, r * cs + cs / 2
    else:
        r, c = min(cells)
        cx, cy = c * cs + cs * 0.25, r * cs + cs * 0.25
    rad = max(7.5, cs * 0.3) if i >= 9 else max(7.0, cs * 0.27)
    t.add(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(rad)}" fill="{colour}" stroke="#fff" stroke-width="1"/>')
    t.label(cx, cy + 4.3, i + 1, size=MIN_TEXT, fill="#fff", anchor="middle", weight="bold")
    return "".join(t.parts)


def _board(
    cv: _Cv,
    layout_text: str,
    claims: list,
    x0,
    y0,
    cs,
    *,
    square=False,
    tiles=4,
    colour="#444",
    marks=True,
    coords=True,
    zone_marks=False,
    goal=True,
    seat=None,
    empty_from: int | None = None,
) -> tuple:
    """One landscape: tiles (empty positions for tiles not laid yet), claims (each marked
    ``data-place="claim-S-I"`` when ``seat`` is given), start/goal marks. Returns (width,
    height, bx, by): the size used, coordinates included, and the top-left of cell (0, 0)."""
    lay = _parse_layout(layout_text)
    n = max(tiles, len(lay))
    rows = SQ_SIZE if square else TILE
    cols = SQ_SIZE if square else TILE * n
    pad = 18 if coords else 0
    bx, by = x0 + pad + (12 if marks and not square else 0), y0 + pad
    if coords:  # row numbers on the left, column numbers on top (KL-1.3)
        cv.add(f'<g transform="translate({num(bx)},{num(by)})">{_coords_svg(rows, cols, cs)}</g>')
    for i, (tr, tc) in enumerate(_tile_origins(n, square)):
        tx, ty = bx + tc * cs, by + tr * cs
        if i < len(lay):
            if seat is not None:
                with cv.keyed(f"tile-{seat}-{i}"):
                    _tile_at(cv, lay[i][0], lay[i][1], tx, ty, cs)
            else:
                _tile_at(cv, lay[i][0], lay[i][1], tx, ty, cs)
        else:
            cv.box(tx, ty, TILE * cs, TILE * cs, fill="#ece6d6", stroke="#999", sw=1, stroke_dasharray="4 3")
            cv.label(tx + TILE * cs / 2, ty + TILE * cs / 2 + 5, f"tile {i + 1}", size=14, fill="#888", anchor="middle")
        cv.box(tx, ty, TILE * cs, TILE * cs, stroke="#3b3b2e", sw=1.6)
    if zone_marks and square:  # KL-21.3 zones
        for zi, z in enumerate(ZONES):
            _outline(cv, list(z), bx, by, cs, "#fff", 2.2, "3 2")
            r, c = z[0]
            cv.label(
                bx + c * cs + 2,
                by + r * cs + cs * 0.45,
                ZONE_NAMES[zi][0].upper(),
                size=MIN_TEXT,
                fill="#fff",
                weight="bold",
            )
    if claims:
        cv.add(f'<g transform="translate({num(bx)},{num(by)})">')
        last = len(claims) - 1
        # the cell codes under each claim (the laid tiles only; a square needs all four)
        under = board_cells(lay, square) if lay and (len(lay) == 4 or not square) else ()
        ucols = SQ_SIZE if square else TILE * len(lay)
        for i, text in enumerate(claims):
            cells = _claim_cells(text)[0]
            codes = tuple(under[r * ucols + c] for r, c in cells) if under and all(c < ucols for _, c in cells) else ()
            body = _claim_svg(text, i, i == last, cs, colour, codes)
            cv.add(body if seat is None else f'<g data-place="claim-{seat}-{i}">{body}</g>')
        cv.add("</g>")
    if marks and not square:  # KL-2.1 start cells, KL-10.2 goal cells
        for r, c in START_CELLS:
            cv.label(
                bx - 4 - (14 if coords else 0),
                by + r * cs + cs * 0.7,
                ">",
                size=cs * 0.6,
                fill="#b71c1c",
                anchor="end",
                weight="bold",
            )
        if n == 4 and goal:
            for r, c in GOAL_CELLS:
                cv.label(bx + cols * cs + 3, by + r * cs + cs * 0.7, "<", size=cs * 0.6, fill="#b71c1c", weight="bold")
    cv.grow(bx + cols * cs, by + rows * cs)
    w = bx - x0 + cols * cs + (16 if marks and not square else 0)
    return w, pad + rows * cs, bx, by


def _edge_marks(cv: _Cv, claims, bx, by, cs) -> None:
    """KL-14.3: the four edge stretches (tiles 2 and 3, top and bottom): dashed until a claim
    covers one of their cells, then solid."""
    covered = set()
    for t in claims:
        covered.update(_claim_cells(t)[0])
    for t in EDGE_TILES:
        c0 = TILE * t
        for row, yy in ((0, by - 3), (TILE - 1, by + TILE * cs + 3)):
            met = any((row, c) in covered for c in range(c0, c0 + TILE))
            cv.line(
                bx + c0 * cs + 1, yy, bx + (c0 + TILE) * cs - 1, yy, stroke="#e65100", sw=3, dash=None if met else "3 3"
            )


def _plate(
    cv: _Cv, s: int, x, y, w, title: str, bits: str, *, you: bool, to_act: bool, action: str | None = None
) -> None:
    """A seat's name plate (``data-place="plate-S"``): colour swatch, name, a line of public
    holdings; clickable as ``action`` (the last player joins this seat's fate, KL-33.2)."""
    with cv.placing(action, x, y, w, 40, key=f"plate-{s}") as live:
        cv.box(
            x,
            y,
            w,
            40,
            fill="#f3e5f5" if live else "#fffdf6",
            stroke="#6a1b9a" if live else "#d4a017" if to_act else "#bbb",
            sw=3 if to_act or live else 1,
            rx=4,
        )
        cv.box(x + 5, y + 5, 12, 30, fill=SEAT_COLOURS[s], rx=2)
        cv.label(x + 23, y + 17, title + (" (you)" if you else ""), size=13, weight="bold")
        cv.label(x + 23, y + 34, bits, size=12, fill="#333")
        if to_act:
            cv.box(x + w - 62, y + 4, 58, 17, fill="#d4a017", rx=3)
            cv.label(x + w - 33, y + 17, "to act", size=12, fill="#fff", anchor="middle", weight="bold")
        if live:  # KL-33.2: the last player taps the plate of the player whose fate he joins
            cv.box(x + w - 84, y + 4, 80, 17, fill="#6a1b9a", rx=3)
            cv.label(x + w - 44, y + 17, "join fate", size=12, fill="#fff", anchor="middle", weight="bold")


def _chips(cv: _Cv, actions: list, x, y, per_row: int = 8) -> float:
    """Ruby chips of 28 units, one per (notation, amount); returns the height used."""
    step = MIN_HIT + 4
    for i, (a, n) in enumerate(actions):
        cx, cy = x + step / 2 + (i % per_row) * step, y + step / 2 + (i // per_row) * step
        with cv.placing(a, cx - MIN_HIT / 2, cy - MIN_HIT / 2, MIN_HIT, MIN_HIT):
            cv.add(
                f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{MIN_HIT // 2}" fill="#d81b3c" stroke="#7a0019" '
                f'stroke-width="1.2"/>'
            )
            cv.label(cx, cy + 4.5, n, size=13, fill="#fff", anchor="middle", weight="bold")
    return 0 if not actions else ((len(actions) - 1) // per_row + 1) * step


# --------------------------------------------------------------------------- the tool bar and its layers
def _button(cv: _Cv, x, y, w, h, text: str, *, on: bool = False) -> None:
    cv.box(x, y, w, h, fill="#ffe082" if on else "#fffdf6", stroke="#8d6e63" if on else "#aaa", sw=2 if on else 1, rx=5)
    cv.label(x + w / 2, y + h / 2 + 4.5, text, size=13, anchor="middle", weight="bold" if on else "normal")


def _yield_words(codes) -> str:
    """What cells with these codes hold (KL-1.8): ``"4 gold, 1 ruby"``, ``"nothing"``."""
    g, r = sum(GOLD_OF[x] for x in codes), sum(RUBY_OF[x] for x in codes)
    bits = ([f"{g} gold"] if g else []) + ([_rubies(r)] if r else [])
    return ", ".join(bits) or "nothing"


def _place_layers(cv: _Cv, legal, bx, by, cs, bar_y, under=(), ucols: int = 0) -> float:
    """KL-1.6 on the viewer's own landscape (top-left of cell (0, 0) at ``bx, by``): a layer
    per orientation of the claim to lay; in each the tool bar (at ``bar_y``) with the claim in
    every orientation (choosers) and "Rotate" (the next orientation), and every legal
    placement as a ``data-confirm`` place at its anchor cell (:func:`handle`) whose ghost
    shows the cells it covers and, from ``under`` (the cell codes of the landscape, ``ucols``
    wide), what they hold. Returns the right end of the tool bar (0: nothing to lay)."""
    by_o: dict[int, list] = {}
    kid = None
    for a in legal:
        if a.startswith("place "):
            _, kid, o, _r, _c = a.split()
            by_o.setdefault(int(o), []).append(a)
    if not by_o:
        return 0.0
    orients = sorted(by_o)
    end = 0.0
    word = "the domino" if kid == "D2" else f"the {KINDS[KIND_INDEX[kid]].name} claim"
    for j, o in enumerate(orients):
        with cv.capture() as body:
            x = bx
            cv.label(x, bar_y + 27, f"Lay {word}:", size=14, weight="bold")
            x += len(f"Lay {word}:") * 14 * 0.58 + 10
            for o2 in orients:
                ic = 8
                with cv.capture() as icon:
                    cv.box(
                        x,
                        bar_y + 4,
                        36,
                        36,
                        fill="#ffe082" if o2 == o else "#fffdf6",
                        stroke="#8d6e63" if o2 == o else "#aaa",
                        sw=2 if o2 == o else 1,
                        rx=5,
                    )
                    offs = KINDS[KIND_INDEX[kid]].orientations[o2]
                    w = (max(c for _, c in offs) + 1) * ic
                    h = (max(r for r, _ in offs) + 1) * ic
                    _shape_icon(cv, kid, o2, x + 18 - w / 2, bar_y + 22 - h / 2, ic)
                cv.add(cv.chooser(f"kl-o{o2}", x, bar_y + 4, 36, 36, icon[0]))
                x += 42
            if len(orients) > 1:
                nxt = orients[(j + 1) % len(orients)]
                with cv.capture() as btn:
                    _button(cv, x + 4, bar_y + 4, 84, 36, "Rotate")
                cv.add(cv.chooser(f"kl-o{nxt}", x + 4, bar_y + 4, 84, 36, btn[0]))
                x += 96
            hint = "tap a ring, then tap it again to lay"
            cv.label(x + 4, bar_y + 27, hint, size=13, fill="#555")
            end = max(end, x + 4 + len(hint) * 13 * 0.58)
            tag_x = x + 4 + len(hint) * 13 * 0.58 + 12
            hr, hc = handle(kid, o)
            for a in by_o[o]:
                cells, _ = _claim_cells(a)
                r0, c0 = int(a.split()[3]), int(a.split()[4])
                ax, ay = bx + (c0 + hc) * cs, by + (r0 + hr) * cs
                with cv.placing(a, ax, ay, cs, cs, confirm=True):
                    # the covered cells as one path of squares (``M x y h cs v cs h -cs z``), small
                    # enough for hundreds of placements (a first claim on the square landscape)
                    ghost = "".join(
                        f"M{num(bx + c * cs)} {num(by + r * cs)}h{num(cs)}v{num(cs)}h{num(-cs)}z" for r, c in cells
                    )
                    tag = ""
                    if under:  # what the previewed claim covers, in the tool bar (nothing paints over it)
                        words = "covers " + _yield_words([under[r * ucols + c] for r, c in cells])
                        tw = len(words) * 8 + 14
                        tag = (
                            f'<rect x="{num(tag_x)}" y="{num(bar_y + 8)}" width="{num(tw)}" height="28" rx="5" '
                            f'fill="#3e2723"/>'
                            + cv.text(tag_x + 7, bar_y + 27, words, size=14, fill="#fff", weight="bold")
                        )
                        end = max(end, tag_x + tw)
                    cv.add(
                        f'<g class="ghost"><path class="kl-cells" d="{ghost}"/>'
                        f'<path class="kl-edge" d="{_outline_d(cells, bx, by, cs)}"/>{tag}</g>'
                    )
                    ring = f'cx="{num(ax + cs / 2)}" cy="{num(ay + cs / 2)}" r="{num(cs * 0.38)}"'
                    cv.add(f'<circle class="kl-ring" {ring}/><circle class="kl-mark" {ring}/>')
        cv.add(cv.layer(f"kl-o{o}", "kl-place", body[0], shown=j == 0))
    return end


def _tile_layers(cv: _Cv, used_faces, slot_x, slot_y, cs, bar_x, bar_y, nth: int) -> float:
    """KL-10.2 / KL-31.2 on the viewer's own landscape: the next tile position (top-left at
    ``slot_x, slot_y``) shows a candidate tile, one layer per unused face and rotation; the
    tool bar has a chooser per face and "Rotate"; the tile in the slot is a ``data-confirm``
    place ``tile A0``. Returns the right end of the tool bar."""
    faces = [f for f in range(len(FACE_NAMES)) if f not in used_faces]
    first = True
    end = 0.0
    for f in faces:
        for rot in range(4):
            a = f"tile {FACE_NAMES[f]}{rot}"
            with cv.capture() as body:
                x = bar_x
                text = f"Your tile {nth}:"
                cv.label(x, bar_y + 27, text, size=14, weight="bold")
                x += len(text) * 14 * 0.58 + 10
                for f2 in faces:
                    with cv.capture() as btn:
                        _button(cv, x, bar_y + 4, 40, 36, FACE_NAMES[f2], on=f2 == f)
                    cv.add(cv.chooser(f"kl-t{FACE_NAMES[f2]}0", x, bar_y + 4, 40, 36, btn[0]))
                    x += 46
                with cv.capture() as btn:
                    _button(cv, x + 4, bar_y + 4, 84, 36, "Rotate")
                cv.add(cv.chooser(f"kl-t{FACE_NAMES[f]}{(rot + 1) % 4}", x + 4, bar_y + 4, 84, 36, btn[0]))
                x += 96
                hint = "tap the tile, then tap it again to lay it"
                cv.label(x + 4, bar_y + 27, hint, size=13, fill="#555")
                end = max(end, x + 4 + len(hint) * 13 * 0.58)
                with cv.placing(a, slot_x, slot_y, TILE * cs, TILE * cs, confirm=True):
                    _tile_at(cv, f, rot, slot_x, slot_y, cs)
                    cv.add(
                        f'<rect class="ghost" x="{num(slot_x + 2)}" y="{num(slot_y + 2)}" '
                        f'width="{num(TILE * cs - 4)}" height="{num(TILE * cs - 4)}" fill="none" '
                        f'stroke="#ffd600" stroke-width="4"/>'
                    )
                    cv.box(slot_x, slot_y, TILE * cs, TILE * cs, stroke="#bf360c", sw=2, stroke_dasharray="6 4")
            cv.add(cv.layer(f"kl-t{FACE_NAMES[f]}{rot}", "kl-tile", body[0], shown=first))
            first = False
    return end


def _own_board(
    cv: _Cv,
    obs: dict,
    legal: list,
    seat: int,
    x,
    y,
    *,
    square: bool,
    layout: str,
    claims: list,
    tiles: int,
    goal: bool = True,
    zone_marks: bool = False,
    edge: bool = False,
) -> tuple:
    """The viewer's own landscape at 28 units a cell with its tool bar above (choosers of the
    claim's orientations or of the tiles), the placements and tile choices on it. Returns
    (width, height)."""
    placing_tiles = any(a.startswith("tile ") for a in legal)
    lay = _parse_layout(layout)
    n = max(tiles, len(lay) + (1 if placing_tiles and len(lay) < 4 else 0))
    bar_y = y
    w, h, bx, by = _board(
        cv,
        layout,
        claims,
        x,
        y + BAR_H,
        OWN_CS,
        square=square,
        tiles=n,
        colour=SEAT_COLOURS[seat],
        zone_marks=zone_marks,
        goal=goal,
        seat=seat,
    )
    if edge:
        _edge_marks(cv, claims, bx, by, OWN_CS)
    if placing_tiles and len(lay) < 4:
        tr, tc = _tile_origins(len(lay) + 1, square)[len(lay)]
        end = _tile_layers(cv, {f for f, _ in lay}, bx + tc * OWN_CS, by + tr * OWN_CS, OWN_CS, bx, bar_y, len(lay) + 1)
    else:
        complete = lay and (len(lay) == 4 or not square)
        end = _place_layers(
            cv,
            legal,
            bx,
            by,
            OWN_CS,
            bar_y,
            board_cells(lay, square) if complete else (),
            SQ_SIZE if square else TILE * len(lay),
        )
        if not end:
            cv.label(bx, bar_y + 27, "Your landscape", size=14, weight="bold", fill="#555")
    return max(w, end - x), BAR_H + h


# --------------------------------------------------------------------------- game 1
def _family(cv: _Cv, obs: dict, legal: list, names: list) -> None:
    square = obs["variant"] == "square"
    phase = obs["phase"]
    seat = obs.get("seat")
    cur = obs.get("current_player", TERMINAL)
    ps = obs["players"]
    n = len(ps)
    title = (
        f"Klondike 1896 - {'square landscape (family game)' if square else 'family game'} - round "
        f"{obs['round']} - {PHASE_NAMES.get(phase, phase)} - start player {_name(names, obs['start_player'])}"
    )
    cv.label(10, 22, title, size=16, weight="bold")
    turn = (f"{_name(names, cur)} to act" if 0 <= cur < n else "game over") + (
        "" if seat is None else f" - you are {_name(names, seat)}"
    )
    cv.label(10, 42, turn, size=13, fill="#8a6d00" if 0 <= cur < n else "#333", weight="bold")
    # the viewer's landscape first, then the others in seat order
    order = ([seat] if seat is not None else []) + [s for s in range(n) if s != seat]
    y = 54.0
    col = 0
    row_h = 0.0
    col_x = [10.0, 10.0]
    right = 0.0
    for s in order:
        p = ps[s]
        own = s == seat
        cs = OWN_CS if own else CS
        bw = (SQ_SIZE if square else 24) * cs + 48
        x = col_x[col]
        bits = [f"{p['score']} points"]
        if p["rubies"] is None:
            bits.append("? rubies (secret)")
        else:
            bits.append(_rubies(p["rubies"]) + (f" +{p['fresh']} fresh" if p["fresh"] else ""))
        if p["won"]:
            bits.append(f"lays {_kind_words(p['won'])}")
        if square:  # KL-21.3: the zones covered so far (public: the claims are)
            cov = {c for t in p["claims"] for c in _claim_cells(t)[0]}
            got = "".join(ZONE_NAMES[z][0].upper() for z, zc in enumerate(ZONES) if cov & set(zc))
            bits.append(f"zones {got or '-'}")
        if p["finished"]:
            bits.append("route complete" if not square else "task complete")
        if p["penalty"]:
            bits.append(f"penalty -{p['penalty']} = {p['score'] - p['penalty']}")
        _plate(cv, s, x, y, bw - 10, _name(names, s), ", ".join(bits), you=own, to_act=s == cur)
        if own:
            w, h = _own_board(
                cv,
                obs,
                legal,
                s,
                x,
                y + 46,
                square=square,
                layout=p["layout"],
                claims=p["claims"],
                tiles=4,
                zone_marks=square,
                edge=not square and bool(p["layout"]),
            )
        else:
            w, h, bx, by = _board(
                cv,
                p["layout"],
                p["claims"],
                x,
                y + 46,
                cs,
                square=square,
                colour=SEAT_COLOURS[s],
                zone_marks=square,
                seat=s,
            )
            if not square and p["layout"]:
                _edge_marks(cv, p["claims"], bx, by, cs)
        right = max(right, x + bw, x + w)
        row_h = max(row_h, 46 + h + 18)
        if square and col == 0 and not own:
            col = 1
            col_x[1] = x + bw + 10
        else:
            col = 0
            y += row_h
            row_h = 0.0
    y += row_h
    # key under the landscapes
    keys = [
        "Claims are numbered in laying order; the yellow-edged one is the last (the next claim touches it).",
        "Dashed white N S W E C: the zones to cover (KL-21.3)."
        if square
        else "> start cells, < goal cells; orange: the top and bottom edges to touch in tiles 2 and 3 "
        "(solid when met).",
    ]
    for i, k in enumerate(keys):
        cv.label(10, y + 4 + 17 * i, k, size=12, fill="#555")
    y += 30
    left_h = y + 10
    # ---- right column
    rx = right + 14
    ry = 54.0
    ry += _rows_panel(cv, obs, legal, names, rx, ry)
    if phase == "sauction" or obs.get("supplementary"):
        ry += _domino_panel(cv, obs, legal, names, rx, ry)
    if phase == "end":
        ry += _family_final(cv, obs, names, rx, ry)
    cv.grow(rx, max(left_h, ry))


def _rows_panel(cv: _Cv, obs: dict, legal: list, names: list, x, y) -> float:
    """The claim rows (KL-10.5), the front row's auction (KL-12) and the supply counts."""
    rows = obs["rows"]
    auc = obs.get("auction")
    y0 = y
    cv.label(x, y + 14, "Claim rows" + (" - the front row is auctioned now" if auc else ""), size=15, weight="bold")
    y += 22
    if not rows:
        cv.label(x, y + 14, "no rows left", size=12, fill="#555")
        y += 22
    for i, row in enumerate(rows):
        if i == 0 and auc:
            slot_w = 3 * (MIN_HIT + 4) + 16  # three chips a row
            h_max = 0.0
            for si, kid in enumerate(row):
                sx = x + si * (slot_w + 8)
                amounts = []
                for a in legal:
                    w = a.split()
                    if w[0] == "bid" and int(w[1]) == si:
                        amounts.append((a, int(w[2])))
                one = amounts[0][0] if len(amounts) == 1 else None
                holder = auc["holders"][si]
                # a single legal amount: the claim card is a place for it too
                with cv.placing(one, sx, y, slot_w, 92, key=f"slot-{si}"):
                    cv.box(
                        sx,
                        y,
                        slot_w,
                        92,
                        fill="#fffdf6",
                        stroke=SEAT_COLOURS[holder] if holder >= 0 else "#999",
                        sw=3 if holder >= 0 else 1,
                        rx=4,
                    )
                    head = f"{KINDS[KIND_INDEX[kid]].name} ({kid})"
                    cv.label(
                        sx + 6, y + 16, head if len(head) <= 15 else KINDS[KIND_INDEX[kid]].name, size=13, weight="bold"
                    )
                    _shape_icon(cv, kid, 0, sx + 8, y + 22, 11)
                    if holder >= 0:
                        cv.add(
                            f'<rect data-piece="figure-{holder}" x="{num(sx + 6)}" y="{num(y + 71)}" width="14" '
                            f'height="14" fill="{SEAT_COLOURS[holder]}" stroke="#222" stroke-width="0.8"/>'
                        )
                        cv.label(sx + 24, y + 83, f"{_name(names, holder)[:6]}: {_rubies(auc['bids'][si])}", size=12)
                    else:
                        cv.label(sx + 6, y + 83, "free", size=12, fill="#555")
                ch = _chips(cv, amounts, sx + 8, y + 96, per_row=3) if amounts else 0
                h_max = max(h_max, 96 + ch)
            y += h_max + 6
            bits = [f"normal turns taken {auc['normal_turns_taken']}/{len(obs['players'])}"]
            if auc["displaced"] >= 0:
                bits.append(f"{_name(names, auc['displaced'])} was outbid: raise or move (KL-12.4)")
            cv.label(x, y + 12, "; ".join(bits), size=12, fill="#333")
            y += 18
            if any(a.startswith("bid ") for a in legal):
                cv.label(x, y + 12, "Red chips: your bid in rubies at that claim.", size=12, fill="#555")
                y += 18
            if len(rows) > 1:
                cv.label(x, y + 14, "rows to come:", size=13, fill="#333")
                y += 20
        else:
            if i == 0:
                cv.label(
                    x,
                    y + 14,
                    "rows left when the game ended:"
                    if obs["phase"] == "end"
                    else "next row first (auctioned in the next round):",
                    size=13,
                    fill="#333",
                )
                y += 20
            cv.label(x, y + 18, f"{i + 1}.", size=12, fill="#555")
            xx = x + 22
            for kid in row:
                w, h = _shape_icon(cv, kid, 0, xx, y + 4, 7)
                cv.label(xx + w + 4, y + 18, kid, size=12, fill="#333")
                xx += w + 36
            y += 28
    bits = [f"pool {obs['pool_size']} claims", f"dominoes {obs['dominoes']}"]
    if obs.get("supply") is not None:
        bits.append(f"ruby supply {obs['supply']}")
    cv.label(x, y + 14, ", ".join(bits), size=13)
    y += 20
    if obs.get("removed"):
        cv.label(x, y + 14, "removed (no legal placement, KL-14.2): " + " ".join(obs["removed"]), size=12, fill="#555")
        y += 20
    return y - y0 + 8


def _domino_panel(cv: _Cv, obs: dict, legal: list, names: list, x, y) -> float:
    """KL-16: the domino auction (``data-place="domino"``): high bid, passes, one chip per
    legal ``sbid N``."""
    sup = obs.get("supplementary") or {}
    y0 = y
    with cv.keyed("domino"):
        cv.box(x, y, 420, 64, fill="#fffdf6", stroke="#999", rx=4)
        cv.label(x + 8, y + 18, f"Domino auction (first bid at least {SUPP_MIN_BID} rubies)", size=14, weight="bold")
        _shape_icon(cv, "D2", 0, x + 10, y + 30, 14)
        hb = sup.get("high_bidder", -1)
        line = (
            f"high bid {_rubies(sup.get('high_bid'))} by {_name(names, hb)}"
            if hb is not None and hb >= 0
            else "no bid yet"
        )
        passed = [_name(names, s) for s, f in enumerate(sup.get("passed", [])) if f]
        cv.label(x + 50, y + 40, line, size=13)
        cv.label(x + 50, y + 57, "passed: " + (", ".join(passed) if passed else "nobody"), size=12, fill="#555")
    y += 70
    amounts = [(a, int(a.split()[1])) for a in legal if a.startswith("sbid ")]
    if amounts:
        y += _chips(cv, amounts, x, y, per_row=12) + 4
    return y - y0 + 6


def _family_final(cv: _Cv, obs: dict, names: list, x, y) -> float:
    """KL-19/KL-20: score - penalty = final, ranked (ties: rubies held)."""
    ps = obs["players"]
    y0 = y
    cv.label(x, y + 16, "Final scores (KL-19 penalty, KL-20 ties: more rubies)", size=15, weight="bold")
    y += 26

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
        cv.label(x, y + 12, "tied on points: the rubies held decide (secret, KL-21.2)", size=12, fill="#555")
        y += 18
    for s in order:
        p = ps[s]
        win = key(s) == best and not unknown
        cv.box(x + 2, y + 3, 12, 12, fill=SEAT_COLOURS[s])
        rub = "?" if p["rubies"] is None else p["rubies"] + p["fresh"]
        cv.label(
            x + 20,
            y + 14,
            f"{_name(names, s)}: {p['score']} - {p['penalty']} = "
            f"{p['score'] - p['penalty']} points, {_rubies(rub)}" + ("  WINNER" if win else ""),
            size=13,
            weight="bold" if win else "normal",
        )
        y += 20
    return y - y0 + 8


# --------------------------------------------------------------------------- game 2
def _favour_card(cv: _Cv, cid: str, x, y, action: str | None = None) -> None:
    """A favour card of the display (``data-place="favour-CARD"``), clickable as ``pick``."""
    c = FAVOUR_CARDS[FAVOUR_INDEX[cid]]
    tr = TRACKS[c.track]
    with cv.placing(action, x, y, 96, 60, key=f"favour-{cid}") as live:
        cv.box(x, y, 96, 60, fill="#fffdf6", stroke=TRACK_COLOURS[tr], sw=4 if live else 2, rx=5)
        cv.label(x + 48, y + 16, TRACK_ROLES[tr], size=13, fill=TRACK_COLOURS[tr], anchor="middle", weight="bold")
        cv.label(x + 48, y + 31, f"{cid}, worth {c.value}", size=12, anchor="middle")
        for i in range(c.value):
            cv.add(
                f'<circle cx="{num(x + 48 + (i - (c.value - 1) / 2) * 15)}" cy="{num(y + 46)}" r="6" '
                f'fill="{TRACK_COLOURS[tr]}"/>'
            )


def _race(cv: _Cv, obs: dict, legal: list, names: list) -> None:
    phase = obs["phase"]
    seat = obs.get("seat")
    cur = obs.get("current_player", TERMINAL)
    ps = obs["players"]
    n = len(ps)
    head = (
        f"Klondike 1896 - race - round {min(obs['round'], RACE_ROUNDS)}/{RACE_ROUNDS} - "
        f"{PHASE_NAMES.get(phase, phase)}" + (f" - turn {obs['tick']}" if phase == "tick" else "")
    )
    cv.label(10, 22, head, size=16, weight="bold")
    turn = (f"{_name(names, cur)} to act" if 0 <= cur < n else "game over") + (
        "" if seat is None else f" - you are {_name(names, seat)}"
    )
    cv.label(10, 42, turn, size=13, fill="#8a6d00" if 0 <= cur < n else "#333", weight="bold")
    y = 54.0
    # requirement card (KL-31.1)
    card = obs.get("card")
    with cv.keyed("card"):
        if card:
            rc = REQ_CARDS[REQ_INDEX[card]]
            dark = rc.colour == "black"
            cv.box(10, y, 170, 84, fill=REQ_COLOURS[rc.colour], stroke="#333", sw=2, rx=6)
            ink = "#fff" if dark else "#222"
            cv.label(95, y + 17, f"requirement {card}", size=12, fill=ink, anchor="middle")
            cv.label(55, y + 55, rc.gold, size=30, fill="#f9a825", anchor="middle", weight="bold")
            cv.label(55, y + 75, "gold", size=12, fill=ink, anchor="middle")
            cv.label(135, y + 55, rc.rubies, size=30, fill="#d81b3c", anchor="middle", weight="bold")
            cv.label(135, y + 75, "rubies", size=12, fill=ink, anchor="middle")
        else:
            cv.box(10, y, 170, 84, fill="#ddd", stroke="#999", rx=6)
            cv.label(95, y + 46, "no card" if phase == "end" else "-", size=13, anchor="middle")
    # favour display (KL-30.4)
    cv.label(
        195,
        y + 12,
        f"Favour cards (deck {obs['fav_deck_size']}, discard {len(obs['fav_discard'])}); "
        f"requirement deck {obs['req_deck_size']}; priority {_name(names, obs['priority_seat'])}",
        size=12,
    )
    for i, cid in enumerate(obs["display"]):
        a = f"pick {cid}"
        _favour_card(cv, cid, 195 + i * 104, y + 22, a if a in cv.legal else None)
    if not obs["display"]:
        cv.label(195, y + 50, "display empty", size=12, fill="#555")
    y += 94
    # influence board (KL-30.3)
    y += _influence(cv, ps, names, 10, y)
    # seats
    fo = obs["finish_order"]
    results = obs.get("results") or []
    pw = max(260.0, (1040 - 8 * (n - 1)) / n)
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
            bits.append(f"card {TRACK_ROLES[TRACKS[c.track]]} {c.value}")
        px = 10 + s * (pw + 8)
        fate = f"fate {s}"
        _plate(
            cv,
            s,
            px,
            y,
            pw,
            _name(names, s),
            ", ".join(bits),
            you=s == seat,
            to_act=s == cur,
            action=fate if fate in cv.legal else None,
        )
        if obs.get("last_card") and s < len(results) and results[s] is not None:
            r = results[s]
            res = (
                "last player (not checked)"
                if r[2] is None
                else f"{r[0]} gold, {_rubies(r[1])}: {'exact' if r[2] else 'wrong'}"
            )
            cv.label(px + 4, y + 56, f"last round ({obs['last_card']}): {res}", size=12, fill="#555")
    y += 66
    # own landscape
    if seat is not None and phase != "end":
        y += _own_race(cv, obs, legal, names, seat, 10, y)
    if phase != "end":
        cv.label(
            10,
            y + 14,
            "The other landscapes stay hidden until the check (KL-34.1)."
            if seat is not None
            else "Landscapes stay hidden until the check (KL-34.1).",
            size=12,
            fill="#555",
        )
        y += 22
    # revealed boards of the last round (KL-34.1)
    rev = obs.get("revealed") or []
    if phase in ("build", "end", "pick", "lastpick", "fate") and obs.get("last_card") and any(r[1] for r in rev):
        cv.label(10, y + 14, f"Landscapes at the check of the last round ({obs['last_card']}):", size=14, weight="bold")
        y += 22
        xx = 10.0
        hmax = 0.0
        for s, (lay, claims) in enumerate(rev):
            if not lay:
                continue
            text = " ".join(f"{FACE_NAMES[f]}{r}" for f, r in lay)
            bw = len(lay) * TILE * CS + 14
            if xx + bw > 1200 and xx > 10:
                xx, y = 10.0, y + hmax + 26
                hmax = 0.0
            cv.label(xx, y + 13, _name(names, s), size=13, fill=SEAT_COLOURS[s], weight="bold")
            with cv.keyed(f"revealed-{s}"):
                w, h, _, _ = _board(
                    cv,
                    text,
                    list(claims),
                    xx,
                    y + 18,
                    CS,
                    tiles=len(lay),
                    colour=SEAT_COLOURS[s],
                    marks=False,
                    coords=False,
                )
            hmax = max(hmax, h + 18)
            xx += bw + 14
        y += hmax + 12
    if phase == "end":
        y += _race_final(cv, ps, names, 10, y)
    cv.grow(10, y)


def _influence(cv: _Cv, ps: list, names: list, x, y) -> float:
    """The four celebrity tracks with a cube per seat at its value (KL-30.3); each cube is
    ``data-piece="cube-S-T"`` inside ``data-place="track-S-T"``."""
    top = max([12] + [v for p in ps for v in p["tracks"]])
    unit = max(16.0, min(24.0, 720.0 / (top + 1)))
    step = 1 if unit >= 22 else 2 if unit >= 12 else 5
    cv.label(x, y + 12, "Influence board (favour with the celebrities)", size=14, weight="bold")
    y0 = y
    y += 18
    for t, tr in enumerate(TRACKS):
        ty = y + t * 34
        cv.label(x, ty + 24, TRACK_ROLES[tr], size=13, fill=TRACK_COLOURS[tr], weight="bold")
        lx = x + 104
        cv.box(lx, ty + 14, (top + 1) * unit, 18, fill="#fffdf6", stroke=TRACK_COLOURS[tr], sw=1.2)
        for v in range(0, top + 1, step):
            cv.label(lx + v * unit + unit / 2, ty + 12, v, size=12, fill="#888", anchor="middle")
        for s, p in enumerate(ps):
            v = p["tracks"][t]
            cx = lx + v * unit + 1 + (s % 2) * (unit / 2 - 1)
            cy = ty + 15 + (s // 2) * 8
            with cv.keyed(f"track-{s}-{t}", piece=f"cube-{s}-{t}"):
                cv.box(cx, cy, unit / 2 - 1.5, 7.5, fill=SEAT_COLOURS[s], stroke="#fff", sw=0.6)
        vals = ", ".join(f"{_name(names, s)[:10]} {p['tracks'][t]}" for s, p in enumerate(ps))
        cv.label(lx + (top + 1) * unit + 8, ty + 28, vals, size=12)
    return y - y0 + 4 * 34 + 8


def _own_race(cv: _Cv, obs: dict, legal: list, names: list, seat: int, x, y) -> float:
    """The viewer's own landscape with its tool bar (tiles and placements chosen on it), the
    totals and the claim set (``claim KIND``)."""
    p = obs["players"][seat]
    y0 = y
    line = f"Your landscape: {p['gold']} gold, {_rubies(p['rubies'])} covered"
    card = obs.get("card")
    if card:
        rc = REQ_CARDS[REQ_INDEX[card]]
        line += f" (the card asks {rc.gold} gold, {_rubies(rc.rubies)})"
    if p.get("said_done"):
        line += " - you said done"
    if p.get("claim_in_hand"):
        line += f" - in hand: {_kind_words(p['claim_in_hand'])}"
    cv.label(x, y + 14, line, size=14, weight="bold")
    y += 22
    lay = _parse_layout(p.get("layout", ""))
    if lay or any(a.startswith("tile ") for a in legal):
        w, h = _own_board(
            cv,
            obs,
            legal,
            seat,
            x,
            y,
            square=False,
            layout=p.get("layout", ""),
            claims=p["claims"],
            tiles=len(lay),
            goal=False,
        )
        y += h + 12
    else:
        cv.label(x, y + 14, "no tiles laid yet", size=12, fill="#555")
        y += 22
    # claim set (KL-30.1, KL-40.1)
    laid = {t.split()[1] for t in p.get("claims", [])}
    cv.label(x, y + 14, "Your claims (each once a round; grey = laid):", size=13, weight="bold")
    y += 22
    xx = x
    for k in RACE_SET:
        kid = KINDS[k].id
        hand = p.get("claim_in_hand") == kid
        with cv.placing(f"claim {kid}", xx, y, 84, 66) as live:
            cv.box(
                xx,
                y,
                84,
                66,
                fill="#fff59d" if hand else "#fffdf6",
                stroke="#d4a017" if live else "#bbb",
                sw=2 if live or hand else 1,
                rx=4,
            )
            used = kid in laid
            _shape_icon(
                cv, kid, 0, xx + 6, y + 20, 9, fill="#ccc" if used else "#e8d9b5", stroke="#999" if used else "#5d4020"
            )
            cv.label(xx + 6, y + 15, kid + (" in hand" if hand else ""), size=12, weight="bold")
        xx += 90
    y += 74
    return y - y0


def _race_final(cv: _Cv, ps: list, names: list, x, y) -> float:
    """KL-36: 8/6/4/2 per track (ties take the lower place), total favour 4/3/2/1."""
    tracks = [p["tracks"] for p in ps]
    celeb, tot, totals = race_points(tracks)
    y0 = y
    cv.label(
        x,
        y + 16,
        "Final scoring (KL-36: each track 8/6/4/2, total favour 4/3/2/1; ties take the lower place)",
        size=15,
        weight="bold",
    )
    y += 26
    pts = [c + t for c, t in zip(celeb, tot)]
    order = sorted(range(len(ps)), key=lambda s: (pts[s], totals[s]), reverse=True)
    best = (pts[order[0]], totals[order[0]])
    for s in order:
        win = (pts[s], totals[s]) == best
        cv.box(x + 2, y + 3, 12, 12, fill=SEAT_COLOURS[s])
        cv.label(
            x + 20,
            y + 14,
            f"{_name(names, s)}: celebrities {celeb[s]} + total favour {totals[s]} -> "
            f"{tot[s]} = {pts[s]} points" + ("  WINNER" if win else ""),
            size=13,
            weight="bold" if win else "normal",
        )
        y += 20
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
        rev = obs.get("revealed") or []
        if (
            obs["phase"] in ("build", "end", "pick", "lastpick", "fate")
            and obs.get("last_card")
            and any(r[1] for r in rev)
        ):  # drawn as the svg draws them
            for s, (lay, claims) in enumerate(rev):
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
            Only these appear as ``data-action`` (on ``<g class="act">`` places).
        seat_names: display names, index = seat (escaped here; any text is safe).
        highlights: per seat, the place keys its last turn changed; the client marks the
            ``data-place`` elements, so the drawing itself does not change (accepted for the
            :meth:`meeple.core.View.board_svg` signature).

    Returns:
        A self-contained ``<svg ...>...</svg>`` string (1 unit = 1 CSS px; an embedded
        ``<style>`` for the previews; no scripts).

    Raises:
        KeyError / ValueError: ``obs`` is not a Klondike 1896 observation.
    """
    cv = _Cv(legal)
    names = [str(x) for x in seat_names]
    if obs["variant"] == "race":
        _race(cv, obs, list(legal), names)
    else:
        _family(cv, obs, list(legal), names)
    pad = 10
    cv.parts.insert(0, f'<rect x="0" y="0" width="{num(cv.w + pad)}" height="{num(cv.h + pad)}" fill="#f6f1e4"/>')
    return cv.svg("Klondike 1896 board", pad=pad, style=STYLE)


__all__ = ["SEAT_COLOURS", "handle", "place_keys", "render_svg"]
