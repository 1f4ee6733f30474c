"""The board of King Solomon's Treasury as SVG, the web client's interface:
``render_svg(obs, legal, seat_names, highlights=None)``, built on :class:`meeple.core.svgkit.Canvas`.

Built only from an observation (``state.observation(seat)``), the legal notations and the
seats' names, plus the game's static data (card shapes from ``components.json``, the
scoring rules' pure functions), so a seat's page never shows what is hidden from it
(SO-13). One SVG unit is one CSS pixel at the initial zoom; every clickable place has a hit
area of at least 28 x 28 units and every text is at least 12 units high (svgkit).

The drawing:

* a title line: the round and whose turn it is;
* left, the **treasury**: 6 x 6 spaces of 64 units, row 6 at the top and the **cave
  entrance** along the bottom under row 1 (SO-2.1, SO-2.2), columns ``a..f`` and rows
  ``1..6`` labelled. Each space (``data-place="d3"``) is shaded by its stack height
  (darker = deeper), shows its top tile in words and value (yellow treasure, black curse,
  white scroll, light-blue magic item, SO-1.3) and under it one slot per level 1..4: brown =
  a tile never seen (SO-13.2), coloured = a tile seen before and now covered, outline = no
  tile;
* right, the **turn**: the card in play with its shape and arrow (SO-2.5), the moves made and
  what they cost (SO-6.5), the items declared (SO-11.3) and the board buttons of the turn;
  then **your hand** (large cards); then one **panel per seat** (``data-place="seat-0"``):
  name, coins, the tiles dug in the open, how many tiles only their owner knows, hand size,
  the card of this round (face down while secret, SO-4.2) and its place in the turn order;
* below the treasury: the public piles and, at the end, the final scores (SO-12).

How each action is chosen on the board (``data-action`` = the exact notation from ``legal``):

* ``play 17`` (SO-4.2): tap the card in your hand, then confirm (``data-confirm``: the card
  choice is secret and final; the ghost frames the card).
* ``dig ...`` (SO-8): **on the treasury**. Each legal dig is a place on one space, its
  *anchor* (the card square nearest the middle of the shape): tapping or hovering a space
  shows the whole dig area as a ``.ghost`` preview of its cells (the ``g.ghost`` right after
  the place, so the place's box stays its space), a second tap (or Confirm) digs. A space anchors at most one dig of one orientation, so the card's shape follows the
  finger. With the Mirror declared (SO-11.5) each orientation of the card that can dig is a
  layer (``data-layer-group="dig"``); the small turned cards in the turn area are the
  choosers (``data-show-layer``) that turn the card, the printed orientation shown first.
* ``d3-e3`` (a tile move, SO-6.1), after ``move``: each tile that can move is a chooser on its
  space (``data-show-layer="from-d3"``); tapping it shows its layer
  (``data-layer-group="move"``), where every space it may go to is a place with an arrow
  from the tile; one tap there moves it. A client may also drag the tile onto a target of
  its layer. The engine asks ``move`` first (SO-5 step 1), so:
* ``move`` is the board button "Move a tile" in the turn area: the turn's first choice is
  then a move or a dig, and the treasury itself only ever carries digs (before ``move``) or
  tiles and their targets (after it), never both.
* ``pick c3`` (Seal, SO-11.7): the space itself; the pick that completes the area digs, so it
  asks a confirm with the whole area as its ghost.
* ``use MI`` / ``use PX`` / ``use SE`` / ``use AM`` (SO-11): the item among your tiles.
* ``give T1`` (SO-10.3): the tile among your tiles.

``back`` and ``decline`` have no place on the board: the client lists them as buttons.

Hooks for tests and the client, no behaviour: each seat's panel is a ``<g data-seat="p">``;
each cell of the final-score table carries ``data-score="<column>"`` and ``data-seat``; dig
cards carry ``data-piece="card-N"`` (a card keeps its identity from the hand to the table).
"""

from __future__ import annotations

import textwrap

from meeple.core.svgkit import Canvas, esc, num

from .actions import CELL_NAMES, H, W, normalise, orientations
from .components import CURSE, ITEMS, TREASURE, load
from .scoring import majority_bonus, scroll_sets

_C = load()

SEAT_COLOURS = ("#c0392b", "#2e6fd8", "#1e8c4e", "#8e44ad", "#d9822b")
"""Seat colours (the game names none: its seats are only screens): red, blue, green, purple,
orange, index = seat."""

FACE = {
    "T": ("#f2c230", "#3a2a00"),
    "C": ("#161616", "#ffffff"),
    "S": ("#fbfbf2", "#222222"),
    "M": ("#9fd8f0", "#0b3a52"),
}
"""Tile face colours (SO-1.3): fill, text. Treasures yellow, curses black, scrolls white,
magic items light blue."""
BROWN_BACK = "#5a3a1e"
FLOOR = ("#2b1d0f", "#6b4f2a", "#8d6a3c", "#b08850", "#d2ad72")
"""A space's shade by stack height 0..4 (an empty space is the dark cave floor)."""
ITEM_SHORT = {"MI": "Mirror", "PX": "Pickaxe", "SE": "Seal", "AM": "Amulet"}
KIND_WORD = {"T": "treasure", "C": "curse", "S": "scroll"}
DIRECTIONS = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}

CELL = 64  # a space of the treasury (units = CSS px)
BX, BY = 30, 66  # the treasury's top-left corner (the top-left of a6)
RX = BX + W * CELL + 22  # the right column
RW = 430  # its width
CARD_W, CARD_H, CARD_UNIT = 64, 92, 12  # a card in the hand
CHIP_H, CHIP_GAP = 24, 4
INK, MUTED = "#222", "#4d4030"

STYLE = (
    ".ghost{opacity:0;pointer-events:none}"
    ".act:hover+.ghost,.act:focus+.ghost,.act.selected+.ghost,.act[aria-pressed=true]+.ghost,"
    ".act:hover .ghost,.act:focus .ghost,.act.selected .ghost,.act[aria-pressed=true] .ghost{opacity:1}"
    ".act .mark{stroke:#ffb000;stroke-width:2;stroke-dasharray:5 3;fill:none}"
    ".choose .mark{stroke:#ffe066;stroke-width:3;fill:none}"
)
"""The drawing's own CSS: a place's ghost preview is hidden until the place is hovered,
focused or selected (a client may select it its own way); live places are outlined. The
ghost is the place's next sibling, not its child, so that a place's box is its hit area
(a pointer, a test's click and a focus ring find it where its space is)."""


def seat_key(p: int) -> str:
    """The ``data-place`` key of seat ``p``'s panel (``"seat-0"``)."""
    return f"seat-{p}"


def tile_name(code: str) -> str:
    """The rulebook noun of a tile code: ``T3`` -> ``treasure 3``, ``C2`` -> ``curse 2``,
    ``S1`` -> ``scroll 1``, ``MI`` -> ``Queen of Sheba's Mirror`` (SO-1.3)."""
    if code in ITEMS:
        return _C.item_names[code]
    return KIND_WORD[code[0]] + " " + code[1]


def _face(code: str) -> tuple[str, str]:
    """(fill, text colour) of a tile face."""
    return FACE["M"] if code in ITEMS else FACE[code[0]]


def _chip_label(code: str) -> str:
    """What a small tile shows: the value of a treasure or curse, ``S1`` of a scroll, the
    item's short name."""
    if code in ITEMS:
        return ITEM_SHORT[code]
    return code[1] if code[0] in "TC" else code


def _chip_w(code: str) -> float:
    return 58 if code in ITEMS else 28


# ------------------------------------------------------------------ geometry
def cell_xy(i: int) -> tuple[float, float]:
    """Top-left corner of space ``i`` (row 6 at the top, the entrance at the bottom)."""
    return BX + (i % W) * CELL, BY + (H - 1 - i // W) * CELL


def anchor_offset(shape) -> tuple[int, int]:
    """The square of a card ``shape`` (offsets, SO-2.5) whose space anchors a dig on the
    board: the square nearest the shape's middle (ties: nearest the entrance, then left)."""
    mx = sum(x for x, _ in shape) / len(shape)
    my = sum(y for _, y in shape) / len(shape)
    return min(shape, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))


def dig_anchor(cells: list[int], shapes) -> tuple[int, int] | None:
    """``(orientation index, anchor cell)`` of the dig of ``cells`` among the card's
    ``shapes`` (its orientations), or None when the cells match none of them."""
    pts = [(c % W, c // W) for c in cells]
    shape = normalise(pts)
    for k, o in enumerate(shapes):
        if tuple(o) == shape:
            x0 = min(x for x, _ in pts)
            y0 = min(y for _, y in pts)
            ax, ay = anchor_offset(o)
            return k, (y0 + ay) * W + x0 + ax
    return None


# ------------------------------------------------------------------ pieces
def _card(c: Canvas, x, y, number, unit=CARD_UNIT, w=CARD_W, h=CARD_H, shape=None, ring=False) -> str:
    """Dig card ``number`` face up: its number, its squares as they lie on the board (far row
    at the top) and the arrow toward the cave entrance below (SO-2.5); ``shape``: a turned
    orientation (Mirror, SO-11.5) drawn without the arrow."""
    cells = shape if shape is not None else _C.cards[number].cells
    cw = max(cx for cx, _ in cells) + 1
    ch = max(cy for _, cy in cells) + 1
    out = [
        c.rect(
            x, y, w, h, fill="#fff8e6", stroke="#ff8c00" if ring else "#8a6d3b", rx=6, stroke_width=3 if ring else 1.5
        )
    ]
    if number:
        out.append(c.text(x + w / 2, y + 16, number, size=14, anchor="middle", weight="bold", fill=INK))
    top = y + (22 if number else 6)
    box = h - (22 if number else 6) - (16 if shape is None else 6)
    ox = x + (w - cw * unit) / 2
    oy = top + (box - ch * unit) / 2
    for cx, cy in cells:
        out.append(c.rect(ox + cx * unit, oy + (ch - 1 - cy) * unit, unit - 1.5, unit - 1.5, fill="#8a6d3b"))
    if shape is None:
        ax, ay = x + w / 2, y + h - 13
        out.append(
            f'<path d="M{num(ax - 7)},{num(ay)} L{num(ax + 7)},{num(ay)} L{num(ax)},{num(ay + 8)} Z" fill="#c0392b"/>'
        )
    return "".join(out)


def _card_back(c: Canvas, x, y, w, h) -> str:
    """A dig card face down (a secret choice, SO-4.2)."""
    return (
        c.rect(x, y, w, h, fill="#6d2c2c", stroke="#3b1414", rx=6)
        + c.rect(x + 4, y + 4, w - 8, h - 8, fill="none", stroke="#d8b26a", rx=4, stroke_dasharray="3,2")
        + c.text(x + w / 2, y + h / 2 + 5, "secret", size=12, anchor="middle", fill="#f4e2b8")
    )


def _chip(c: Canvas, x, y, code) -> str:
    """A tile face up as a small labelled rectangle (hover: its name)."""
    fill, ink = _face(code)
    w = _chip_w(code)
    return (
        f"<g><title>{esc(tile_name(code))}</title>"
        + c.rect(x, y, w, CHIP_H, fill=fill, stroke="#555", rx=3)
        + c.text(x + w / 2, y + 17, _chip_label(code), size=13, anchor="middle", weight="bold", fill=ink)
        + "</g>"
    )


# ------------------------------------------------------------------ the treasury
def _space(c: Canvas, cell: dict, i: int, mark: str | None) -> str:
    """Space ``i`` as ``cell`` (an observation's board entry) shows it; ``mark``: a seat
    colour outlining a space the seat's last turn changed."""
    x, y = cell_xy(i)
    h = cell["height"]
    seen = cell["seen"]
    unseen = cell["unseen"]
    name = cell["cell"]
    if h:
        top = seen[-1]
        tip = f"{name}: {tile_name(top)} on top, {h} tile{'s' if h != 1 else ''}"
    else:
        tip = f"{name}: empty"
    out = [f"<title>{esc(tip)}</title>", c.rect(x + 1, y + 1, CELL - 2, CELL - 2, fill=FLOOR[min(h, 4)], rx=4)]
    if h:
        fill, ink = _face(top)
        out.append(c.rect(x + 5, y + 5, CELL - 10, 42, fill=fill, stroke="#333", rx=4))
        if top in ITEMS:
            out.append(c.text(x + CELL / 2, y + 31, ITEM_SHORT[top], size=13, anchor="middle", weight="bold", fill=ink))
        else:
            out.append(c.text(x + CELL / 2, y + 19, KIND_WORD[top[0]], size=12, anchor="middle", fill=ink))
            out.append(c.text(x + CELL / 2, y + 40, top[1], size=18, anchor="middle", weight="bold", fill=ink))
    else:
        out.append(c.text(x + CELL / 2, y + 30, "empty", size=12, anchor="middle", fill="#cdb38a"))
    sw = (CELL - 10 - 6) / 4
    for k in range(_C.max_stack):  # levels 1..4, left to right (SO-2.4)
        sx = x + 5 + k * (sw + 2)
        if k < unseen:
            out.append(c.rect(sx, y + 51, sw, 8, fill=BROWN_BACK, stroke="#c9a36a", stroke_width=0.6))
        elif k < h:
            out.append(c.rect(sx, y + 51, sw, 8, fill=_face(seen[k - unseen])[0], stroke="#333", stroke_width=0.6))
        else:
            out.append(
                c.rect(sx, y + 51, sw, 8, fill="none", stroke="#e8d5b0", stroke_width=0.6, stroke_dasharray="2,2")
            )
    if mark:
        out.append(
            c.rect(
                x + 2.5, y + 2.5, CELL - 5, CELL - 5, fill="none", stroke=mark, rx=4, stroke_width=3, class_="last-move"
            )
        )
    return c.place(None, x, y, CELL, CELL, "".join(out), key=name)


def _cell_ghost(c: Canvas, cells, colour="#ff2d95") -> str:
    """The preview of a dig area: each space tinted and outlined."""
    out = []
    for i in cells:
        x, y = cell_xy(i)
        out.append(
            c.rect(
                x + 3, y + 3, CELL - 6, CELL - 6, fill=colour, fill_opacity=0.35, stroke=colour, rx=4, stroke_width=4
            )
        )
    return '<g class="ghost">' + "".join(out) + "</g>"


def _arrow(x1, y1, x2, y2, colour="#ffe066") -> str:
    """An arrow from (x1, y1) to (x2, y2) (a tile move's path)."""
    dx, dy = x2 - x1, y2 - y1
    n = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / n, dy / n
    bx, by = x2 - ux * 12, y2 - uy * 12
    px, py = -uy * 8, ux * 8
    return (
        f'<path d="M{num(x1)},{num(y1)} L{num(bx)},{num(by)}" stroke="{colour}" stroke-width="5" '
        f'stroke-linecap="round" fill="none"/>'
        f'<path d="M{num(x2)},{num(y2)} L{num(bx + px)},{num(by + py)} L{num(bx - px)},{num(by - py)} Z" '
        f'fill="{colour}" stroke="#5a3a00" stroke-width="1"/>'
    )


def last_move_marks(highlights) -> dict[str, str]:
    """Place key -> the colour of the seat whose last turn changed it (``highlights``: per
    seat, the place keys its last turn changed; a later seat's colour wins)."""
    marks = {}
    for p, keys in (highlights or {}).items():
        for k in keys:
            marks[k] = SEAT_COLOURS[int(p) % len(SEAT_COLOURS)]
    return marks


def _treasury(c: Canvas, obs, legal, marks) -> list:
    """The spaces, their labels, the entrance, and the places of digs, moves and Seal picks.
    Returns the Mirror's dig layers (:func:`_digs`)."""
    c.add(c.rect(BX - 6, BY - 6, W * CELL + 12, H * CELL + 12, fill="#3d2a16", rx=6))
    for i, cell in enumerate(obs["board"]):
        c.add(_space(c, cell, i, marks.get(cell["cell"])))
    picked = {CELL_NAMES.index(n) for n in obs["picks"]}
    for i in sorted(picked):
        x, y = cell_xy(i)
        c.add(
            c.rect(
                x + 3,
                y + 3,
                CELL - 6,
                CELL - 6,
                fill="#ff2d95",
                fill_opacity=0.3,
                stroke="#ff2d95",
                rx=4,
                stroke_width=4,
            )
        )
    for col in range(W):
        c.add(
            c.text(
                BX + col * CELL + CELL / 2, BY - 12, "abcdef"[col], size=15, anchor="middle", weight="bold", fill=INK
            )
        )
    for row in range(H):
        c.add(
            c.text(
                BX - 17,
                BY + (H - 1 - row) * CELL + CELL / 2 + 5,
                row + 1,
                size=15,
                anchor="middle",
                weight="bold",
                fill=INK,
            )
        )
    ey = BY + H * CELL + 8
    c.add(c.rect(BX - 6, ey, W * CELL + 12, 26, fill="#1a120a", rx=3))
    c.add(
        c.text(
            BX + W * CELL / 2,
            ey + 18,
            "\u25bc  cave entrance  \u25bc",
            size=14,
            anchor="middle",
            weight="bold",
            fill="#f2c230",
        )
    )
    shapes = _digs(c, obs, legal)
    _moves(c, legal)
    _picks(c, obs, legal, picked)
    return shapes


def _digs(c: Canvas, obs, legal) -> list:
    """Each legal dig as a place on its anchor space with its area as ghost. With the Mirror
    and more than one orientation that can dig (SO-11.5), nothing is added: returns
    ``[(index, shape, markup)]`` per orientation, for :func:`render_svg` to put in one layer
    each with its chooser's ring; else ``[]``."""
    digs = [a for a in legal if a.startswith("dig ")]
    cur = obs["current_player"]
    if not digs or not 0 <= cur < len(obs["players"]):
        return []
    card = obs["players"][cur]["choice"]
    if not card:
        return []
    mirror = "MI" in obs["declared"]
    shapes = orientations(_C.cards[card].cells, mirror)
    by_shape: dict[int, list] = {}
    for a in digs:
        try:
            cells = [CELL_NAMES.index(n) for n in a[4:].split(",")]
        except ValueError:
            continue
        found = dig_anchor(cells, shapes)
        if found is not None:
            by_shape.setdefault(found[0], []).append((found[1], cells, a))
    layered = mirror and len(by_shape) > 1
    out = []
    for k in sorted(by_shape):
        body = []
        for anchor, cells, a in by_shape[k]:
            x, y = cell_xy(anchor)
            mark = c.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill="none", rx=5, class_="mark")
            body.append(
                c.place(
                    a,
                    x + 2,
                    y + 2,
                    CELL - 4,
                    CELL - 4,
                    mark,
                    confirm=True,
                    title=f"dig {', '.join(CELL_NAMES[i] for i in cells)}",
                )
                + _cell_ghost(c, cells)
            )
        if layered:
            out.append((k, shapes[k], "".join(body)))
        else:
            c.add("".join(body))
    return out


def _moves(c: Canvas, legal) -> None:
    """After ``move``: each movable tile a chooser of its layer of targets (SO-6.1)."""
    by_src: dict[int, list] = {}
    for a in legal:
        src, sep, dst = a.partition("-")
        if not sep or src not in CELL_NAMES or dst not in CELL_NAMES:
            continue
        s, d = CELL_NAMES.index(src), CELL_NAMES.index(dst)
        if (d % W - s % W, d // W - s // W) in DIRECTIONS:
            by_src.setdefault(s, []).append((d, a))
    layers = []
    for s in sorted(by_src):
        x, y = cell_xy(s)
        mark = c.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill="none", rx=5, class_="mark")
        c.add(
            c.chooser(
                f"from-{CELL_NAMES[s]}",
                x + 2,
                y + 2,
                CELL - 4,
                CELL - 4,
                mark,
                title=f"move the tile of {CELL_NAMES[s]}",
            )
        )
        sx, sy = x + CELL / 2, y + CELL / 2
        body = [c.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill="none", stroke="#ffe066", rx=5, stroke_width=4)]
        arrows = []
        for d, a in by_src[s]:
            tx, ty = cell_xy(d)
            cx, cy = tx + CELL / 2, ty + CELL / 2
            art = c.rect(
                tx + 6,
                ty + 6,
                CELL - 12,
                CELL - 12,
                fill="#ffe066",
                fill_opacity=0.35,
                stroke="#ffe066",
                rx=5,
                stroke_width=3,
            )
            body.append(c.place(a, tx + 2, ty + 2, CELL - 4, CELL - 4, art, title=f"move to {CELL_NAMES[d]}"))
            # the arrow beside the place, not in it: the place's box stays its space
            arrows.append(
                _arrow(sx + (cx - sx) * 0.3, sy + (cy - sy) * 0.3, sx + (cx - sx) * 0.75, sy + (cy - sy) * 0.75)
            )
        arrows = '<g style="pointer-events:none">' + "".join(arrows) + "</g>"
        layers.append(c.layer(f"from-{CELL_NAMES[s]}", "move", "".join(body) + arrows))
    for markup in layers:  # on top of every chooser: a target covers a source
        c.add(markup)


def _picks(c: Canvas, obs, legal, picked) -> None:
    """Seal picks on their spaces; the completing pick digs, so it confirms (SO-11.7)."""
    picks = [a for a in legal if a.startswith("pick ") and a[5:] in CELL_NAMES]
    if not picks:
        return
    cur = obs["current_player"]
    card = obs["players"][cur]["choice"] if 0 <= cur < len(obs["players"]) else None
    size = _C.cards[card].size if card else 0
    for a in picks:
        i = CELL_NAMES.index(a[5:])
        x, y = cell_xy(i)
        last = len(picked) + 1 == size
        body = c.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill="none", rx=5, class_="mark")
        ghost = _cell_ghost(c, sorted(picked | {i})) if last else ""
        c.add(
            c.place(a, x + 2, y + 2, CELL - 4, CELL - 4, body, confirm=last, title=f"add {a[5:]} to the Seal's area")
            + ghost
        )


# ------------------------------------------------------------------ right column
def _turned_card(c: Canvas, x, y, shape, k, unit=9, w=52, h=52) -> str:
    """A card shape turned ``k`` quarter turns counter-clockwise (Mirror, SO-2.6) with its
    arrow on the side it now points to (south, east, north, west)."""
    out = [c.rect(x, y, w, h, fill="#fff8e6", stroke="#8a6d3b", rx=6, stroke_width=1.5)]
    cw = max(cx for cx, _ in shape) + 1
    ch = max(cy for _, cy in shape) + 1
    ox = x + (w - cw * unit) / 2
    oy = y + (h - ch * unit) / 2
    for cx, cy in shape:
        out.append(c.rect(ox + cx * unit, oy + (ch - 1 - cy) * unit, unit - 1.5, unit - 1.5, fill="#8a6d3b"))
    mx, my = x + w / 2, y + h / 2
    tip = {0: (mx, y + h - 1), 1: (x + w - 1, my), 2: (mx, y + 1), 3: (x + 1, my)}[k % 4]
    ux, uy = (tip[0] - mx) / (w / 2 - 1 or 1), (tip[1] - my) / (h / 2 - 1 or 1)
    bx, by = tip[0] - ux * 7, tip[1] - uy * 7
    px, py = -uy * 6, ux * 6
    out.append(
        f'<path d="M{num(tip[0])},{num(tip[1])} L{num(bx + px)},{num(by + py)} '
        f'L{num(bx - px)},{num(by - py)} Z" fill="#c0392b"/>'
    )
    return "".join(out)


def _turn_area(c: Canvas, obs, legal, nm, y, shapes) -> float:
    """The card in play, the turn's moves and items, the board buttons (``move``; the
    Mirror's turned cards, each the chooser of its dig layer, ``shapes`` from :func:`_digs`).
    Returns the next free y."""
    cur = obs["current_player"]
    players = obs["players"]
    phase = obs["phase"]
    if phase in ("choose", "over") or not 0 <= cur < len(players):
        return y
    card = players[cur]["choice"]
    colour = SEAT_COLOURS[cur % len(SEAT_COLOURS)]
    you = obs["seat"] == cur
    layers = []
    tx = RX + 10 + CARD_W + 12
    who = "Your turn" if you else f"{nm(cur)}'s turn"
    parts = [
        c.text(
            tx,
            y + 24,
            f"{who}: card {card} ({_C.cards[card].size} squares)" if card else who,
            size=15,
            weight="bold",
            fill=colour,
        )
    ]
    lines = []
    if phase == "give":
        to = nm(obs["gives"][0]) if obs["gives"] else "the next player"
        lines.append(f"Could not pay: tap a tile to give to {to}." if you else f"Could not pay: gives a tile to {to}.")
    else:
        m = obs["moves"]
        lines.append(f"Moves this turn: {m} ({m} coin{'s' if m != 1 else ''} to pay)")
        if obs["declared"]:
            lines.append("Items for the dig: " + ", ".join(ITEM_SHORT[k] for k in obs["declared"]))
        if obs["moving"] and you:
            lines.append("Tap a tile, then where it goes.")
        elif obs["picks"] and you:
            lines.append("Seal: tap the next space of the area.")
        elif shapes:
            lines.append("Turn the card, then tap a space to dig.")
        elif any(a.startswith("dig ") for a in legal):
            lines.append("Tap a space to see the dig, again to dig.")
    for k, line in enumerate(lines):
        parts.append(c.text(tx, y + 46 + 19 * k, line, size=13, fill=INK))
    by = y + 46 + 19 * len(lines) - 4
    bottom = max(y + 10 + CARD_H + 10, by)
    if "move" in legal:
        body = c.rect(tx, by, 160, 34, fill="#ffe9a8", stroke="#8a6d3b", rx=6) + c.text(
            tx + 80, by + 22, "Move a tile: 1 coin", size=14, anchor="middle", weight="bold", fill=INK
        )
        parts.append(c.place("move", tx, by, 160, 34, body, title="move a tile"))
        bottom = max(bottom, by + 34 + 10)
    if shapes:
        first = shapes[0][0]
        for j, (k, shape, markup) in enumerate(shapes):
            sx = tx + j * 60
            body = _turned_card(c, sx, by, shape, k)
            parts.append(c.chooser(f"dig-{k}", sx, by, 52, 52, body, title=f"the card turned {90 * k} degrees"))
            ring = c.rect(sx - 3, by - 3, 58, 58, fill="none", stroke="#ff8c00", rx=8, stroke_width=4)
            layers.append(c.layer(f"dig-{k}", "dig", markup + ring, shown=k == first))
        bottom = max(bottom, by + 52 + 10)
    h = bottom - y
    c.add(c.rect(RX, y, RW, h, fill="#fffdf6", stroke=colour, rx=6, stroke_width=3))
    if card:
        c.add(_card(c, RX + 10, y + 10, card, ring=True))
    for part in parts:
        c.add(part)
    for layer in layers:  # the Mirror's digs: on top of the treasury's spaces
        c.add(layer)
    return bottom + 10


def _hand(c: Canvas, obs, legal, y) -> float:
    """The viewer's hand: large cards, each ``play N`` a confirmed place (SO-4.2)."""
    seat = obs["seat"]
    if seat is None or not obs["players"][seat]["hand"]:
        return y
    hand = obs["players"][seat]["hand"]
    plays = {a[5:] for a in legal if a.startswith("play ")}
    title = "Your hand: tap a card, then confirm" if plays else "Your hand (the arrow points to the cave entrance)"
    c.add(c.text(RX, y + 14, title, size=14, weight="bold", fill=INK))
    per_row = max(1, int((RW + 6) // (CARD_W + 6)))
    y0 = y + 22
    for k, number in enumerate(hand):
        x = RX + (k % per_row) * (CARD_W + 6)
        cy = y0 + (k // per_row) * (CARD_H + 6)
        body = _card(c, x, cy, number)
        ghost = ""
        if str(number) in plays:
            body += c.rect(x + 1, cy + 1, CARD_W - 2, CARD_H - 2, fill="none", rx=6, class_="mark")
            ghost = (
                '<g class="ghost">'
                + c.rect(x - 3, cy - 3, CARD_W + 6, CARD_H + 6, fill="none", stroke="#ff8c00", rx=8, stroke_width=4)
                + "</g>"
            )
        c.add(
            f'<g data-piece="card-{number}">'
            + c.place(f"play {number}", x, cy, CARD_W, CARD_H, body, confirm=True, title=f"card {number}")
            + ghost
            + "</g>"
        )
    rows = (len(hand) + per_row - 1) // per_row
    return y0 + rows * (CARD_H + 6) + 6


def _panel(c: Canvas, obs, p, y, nm, tile_acts, mark=None) -> float:
    """Seat ``p``'s panel at ``y``; ``tile_acts``: tile code -> notation (the viewer's own
    ``use``/``give``, on the first tile of that code). Returns its height."""
    info = obs["players"][p]
    colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
    to_act = obs["current_player"] == p and obs["phase"] != "over"
    mine = obs["seat"] == p
    x = RX
    inner = []
    inner.append(c.rect(x + 10, y + 9, 14, 14, fill=colour, rx=3))
    inner.append(c.text(x + 30, y + 21, nm(p) + ("  (you)" if mine else ""), size=15, weight="bold", fill=colour))
    if to_act:
        inner.append(c.text(x + RW - 10, y + 21, "\u25b6 to act", size=13, anchor="end", weight="bold", fill="#b35900"))
    order = obs["order"]
    where = ""
    if p in order and obs["phase"] != "over":
        pos = order.index(p)
        state = "done" if pos < obs["turn_index"] else "now" if pos == obs["turn_index"] else "waiting"
        where = f" \u00b7 turn {pos + 1} of {len(order)} ({state})"
    hs = info["hand_size"]
    inner.append(
        c.text(
            x + 10,
            y + 40,
            f"{info['coins']} coins \u00b7 {hs} card{'s' if hs != 1 else ''} in hand{where}",
            size=13,
            fill=INK,
        )
    )
    width = RW - 80
    cy = y + 48
    cx = x + 10
    acts = dict(tile_acts)

    def put(code):
        nonlocal cx, cy
        w = _chip_w(code)
        if cx + w > x + 10 + width:
            cx = x + 10
            cy += CHIP_H + CHIP_GAP + 4
        chip = _chip(c, cx, cy, code)
        act = acts.pop(code, None)
        if act is not None:
            chip += c.rect(cx + 1, cy + 1, w - 2, CHIP_H - 2, fill="none", rx=3, class_="mark")
        inner.append(c.place(act, cx, cy, w, CHIP_H, chip, title=tile_name(code)) if act else chip)
        cx += w + CHIP_GAP + (4 if act else 0)

    tiles = info["known_tiles"]
    for code in tiles:
        put(code)
    secret = info["secret_tiles"]
    if secret:
        if tiles:
            cx = x + 10
            cy += CHIP_H + CHIP_GAP + 4
        label = "only you know these:" if mine and obs["phase"] != "over" else "tiles the others could not see:"
        inner.append(c.text(cx, cy + 14, label, size=12, fill=MUTED))
        cy += 20
        for code in secret:
            put(code)
    elif info["unknown_tiles"]:
        n = info["unknown_tiles"]
        if tiles:
            cx = x + 10
            cy += CHIP_H + CHIP_GAP + 4
        inner.append(c.rect(cx, cy, 28, CHIP_H, fill=BROWN_BACK, rx=3))
        inner.append(
            c.text(
                cx + 34, cy + 17, f"\u00d7 {n} tile{'s' if n != 1 else ''} only its owner knows", size=12, fill=MUTED
            )
        )
    elif not tiles:
        inner.append(c.text(cx, cy + 16, "no tiles yet", size=12, fill=MUTED))
    cy += CHIP_H + 8
    # the card of this round, at the right
    kx, ky, kw, kh = x + RW - 58, y + 28, 48, 66
    if info["choice"]:
        inner.append(
            f'<g data-piece="card-{info["choice"]}">' + _card(c, kx, ky, info["choice"], unit=8, w=kw, h=kh) + "</g>"
        )
        bottom = ky + kh + 8
    elif info["committed"]:
        inner.append(_card_back(c, kx, ky, kw, kh))
        bottom = ky + kh + 8
    else:
        bottom = y
    height = max(cy, bottom) - y
    box = c.rect(
        x, y, RW, height, fill="#fffdf6", stroke=colour if to_act else "#bbb", rx=6, stroke_width=4 if to_act else 1
    )
    if mark:  # changed by a seat's last turn: its colour, dashed
        box += c.rect(
            x + 5,
            y + 5,
            RW - 10,
            height - 10,
            fill="none",
            stroke=mark,
            rx=4,
            stroke_width=2,
            stroke_dasharray="6,4",
            class_="last-move",
        )
    c.add(f'<g data-seat="{p}" data-place="{seat_key(p)}">' + box + "".join(inner) + "</g>")
    return height


# ------------------------------------------------------------------ below the treasury
def final_scores(obs) -> list[dict]:
    """Per seat, the end-of-game breakdown computed from a terminal observation (all holdings
    revealed, SO-12.1): ``money`` (coins + treasures), ``sets`` (full scroll sets),
    ``scrolls`` (10 per set), ``curses`` (curse total), ``curse_bonus``, ``items`` (unused
    magic items), ``item_bonus`` and ``total`` (SO-12.2 .. SO-12.8).

    Raises:
        ValueError: the observation is not of a finished game (``phase`` is not ``"over"``).
    """
    if obs["phase"] != "over":
        raise ValueError(f"final scores need a finished game, not phase {obs['phase']!r}")
    rows = []
    for info in obs["players"]:
        tiles = info["known_tiles"] + (info["secret_tiles"] or [])
        sets = scroll_sets(tiles)
        rows.append(
            {
                "money": info["coins"] + sum(TREASURE[t] for t in tiles),
                "sets": sets,
                "scrolls": _C.per_scroll_set * sets,
                "curses": sum(CURSE[t] for t in tiles),
                "items": sum(1 for t in tiles if t in ITEMS),
            }
        )
    cb = majority_bonus([r["curses"] for r in rows], *_C.curse_bonus)
    ib = majority_bonus([r["items"] for r in rows], *_C.magic_bonus)
    for p, r in enumerate(rows):
        r["curse_bonus"], r["item_bonus"] = cb[p], ib[p]
        r["total"] = r["money"] + r["scrolls"] + cb[p] + ib[p]
    return rows


def _below(c: Canvas, obs, nm, y) -> float:
    """The viewer's private notes, the public piles and the legend. Returns the next free y."""
    x0 = BX - 20
    if obs["notes"]:
        for note in obs["notes"][-3:]:
            c.add(c.text(x0, y + 14, "Only you see: " + note, size=12, fill="#8e1b6b"))
            y += 18
    spent = sorted(obs["spent"], key=lambda t: (t[0], t[1:]))
    piles = [
        f"Played cards: {', '.join(map(str, obs['discard'])) or 'none'}",
        f"Magic items used: {', '.join(ITEM_SHORT[k] for k in obs['used']) or 'none'}",
        f"Treasures paid to the bank: {', '.join(t[1] for t in spent) or 'none'}",
        f"Tiles removed unseen: {obs['removed_count']} \u00b7 cards in the box: {obs['box_size']}",
    ]
    for s in piles:
        for line in textwrap.wrap(s, 58):
            c.add(c.text(x0, y + 14, line, size=12, fill=MUTED))
            y += 18
    y += 6
    lx = x0
    for code, word in (("T3", "treasure"), ("C2", "curse"), ("S1", "scroll"), ("MI", "magic item")):
        c.add(_chip(c, lx, y, code))
        c.add(c.text(lx + _chip_w(code) + 4, y + 17, word, size=12, fill=INK))
        lx += _chip_w(code) + 12 + 7 * len(word)
    y += CHIP_H + 8
    c.add(c.rect(x0, y + 3, 14, 9, fill=BROWN_BACK))
    c.add(c.text(x0 + 20, y + 13, "Slots: a stack's levels 1 to 4; brown = never seen", size=12, fill=INK))
    return y + 20


def _scores(c: Canvas, obs, nm, x0, y) -> float:
    """The final score table (SO-12), one row per seat."""
    rows = final_scores(obs)
    best = max(r["total"] for r in rows)
    cols = [
        ("seat", 0),
        ("money", 170),
        ("scroll sets", 250),
        ("curses", 350),
        ("curse bonus", 430),
        ("items", 540),
        ("item bonus", 610),
        ("total", 720),
    ]
    c.add(
        c.text(
            x0,
            y + 14,
            "Final scores: coins and treasures, 10 a scroll set, the curse and magic item "
            "bonuses; the highest total wins",
            size=14,
            weight="bold",
            fill=INK,
        )
    )
    y += 22
    for label, dx in cols:
        c.add(c.text(x0 + dx, y + 12, label, size=12, weight="bold", fill=MUTED))
    y += 18
    for p, r in enumerate(rows):
        win = r["total"] == best
        vals = [
            nm(p) + ("  \u2605 winner" if win else ""),
            r["money"],
            f"{r['sets']} = {r['scrolls']}",
            r["curses"],
            r["curse_bonus"],
            r["items"],
            r["item_bonus"],
            r["total"],
        ]
        for (label, dx), v in zip(cols, vals):
            c.add(
                c.text(
                    x0 + dx,
                    y + 13,
                    v,
                    size=13,
                    weight="bold" if win else "normal",
                    fill=SEAT_COLOURS[p % len(SEAT_COLOURS)] if dx == 0 else INK,
                    data_score=label,
                    data_seat=str(p),
                )
            )
        y += 19
    return y


# ------------------------------------------------------------------ the whole
def render_svg(obs: dict, legal: list[str], seat_names: list[str], highlights=None) -> str:
    """The board as ``obs = state.observation(seat)`` shows it (``obs["seat"]`` the viewing
    seat, None for a spectator). ``legal``: the notations (``str(action)``) of the legal
    actions when ``obs["seat"]`` is the seat to act, else ``[]``; only those appear as
    ``data-action``, each where the module docstring says. ``seat_names``: the seats'
    display names, index = seat (escaped: user text). ``highlights``: per seat, the place
    keys (spaces ``"d3"``, panels ``"seat-0"``) its last turn changed, outlined in its colour.

    Returns ``"<svg ...>...</svg>"``: width and height equal to the viewBox (1 unit = 1 CSS
    px), an embedded ``<style>``, no scripts.

    Raises:
        KeyError: ``obs`` is not an observation of this game.
    """
    legal = list(legal)
    cur = obs["current_player"]
    players = obs["players"]
    n = len(players)
    seat = obs["seat"]

    def nm(p):
        return seat_names[p] if 0 <= p < len(seat_names) else f"P{p + 1}"

    c = Canvas(legal)
    rnd = min(obs["round"], obs["rounds"])
    if obs["phase"] == "over":
        head = "King Solomon's Treasury: the game is over"
    elif obs["phase"] == "choose":
        head = f"Round {rnd} of {obs['rounds']}: everyone chooses a dig card in secret"
    else:
        head = f"Round {rnd} of {obs['rounds']}: {nm(cur)}'s turn" if 0 <= cur < n else f"Round {rnd}"
    if obs["variant"] == "children":
        head += " \u00b7 children's rules"
    c.add(c.text(BX - 20, 24, head, size=17, weight="bold", fill="#3d2a16"))
    marks = last_move_marks(highlights)
    shapes = _treasury(c, obs, legal, marks)
    y = BY - 6
    y = _turn_area(c, obs, legal, nm, y, shapes)
    y = _hand(c, obs, legal, y)
    tile_acts = {}
    for a in legal:
        if a.startswith("use ") or a.startswith("give "):
            tile_acts.setdefault(a.split()[1], a)
    for p in range(n):
        y += _panel(c, obs, p, y, nm, tile_acts if p == seat else {}, marks.get(seat_key(p))) + 8
    y_left = _below(c, obs, nm, BY + H * CELL + 44)
    if obs["phase"] == "over":
        _scores(c, obs, nm, BX - 20, max(y, y_left) + 8)
    label = "King Solomon's Treasury: the treasury of 6 by 6 stacks, the turn, your hand and the players"
    return c.svg(label, pad=8, style=STYLE)


__all__ = [
    "SEAT_COLOURS",
    "anchor_offset",
    "cell_xy",
    "dig_anchor",
    "final_scores",
    "render_svg",
    "seat_key",
    "tile_name",
]
