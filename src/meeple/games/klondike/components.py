"""Typed, cached loading of Klondike 1896's ``components.json`` and the board geometry.

Everything here is computed once at import (or lazily once per board shape) and shared by
all states: tile faces and their rotations (KL-1.3), claim kinds and orientations (KL-1.5),
placements on a board shape with their cell bitmasks (KL-1.6, KL-1.7), cards (KL-30).

Cell codes: 0 meadow, 1-3 gold, 4 ruby (KL-1.2). A board of R x C cells is a flat tuple of
codes, index ``row * C + col``; a set of cells is an int bitmask over those indices.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from meeple.core import Action

DATA: dict = json.loads(resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8"))

RUBY = 4
_CODE = {".": 0, "1": 1, "2": 2, "3": 3, "R": RUBY}
GOLD_OF = (0, 1, 2, 3, 0)
RUBY_OF = (0, 0, 0, 0, 1)
CODE_CHAR = ".123R"

FACE_NAMES: tuple[str, ...] = tuple(sorted(DATA["landscape_tiles"]["faces"]))  # ("A","B","C","D")
TILE = DATA["landscape_tiles"]["size"]  # 6


def _rotate(grid):
    """One clockwise quarter turn: rotated[r][c] = grid[5-c][r] (KL-1.3)."""
    n = len(grid)
    return tuple(tuple(grid[n - 1 - c][r] for c in range(n)) for r in range(n))


def _face_rotations():
    out = []
    for name in FACE_NAMES:
        g = tuple(tuple(_CODE[ch] for ch in row) for row in DATA["landscape_tiles"]["faces"][name]["rows"])
        rots = [g]
        for _ in range(3):
            rots.append(_rotate(rots[-1]))
        out.append(tuple(rots))
    return tuple(out)


FACE_GRIDS = _face_rotations()
"""FACE_GRIDS[face][rotation] = 6 x 6 tuple of cell codes (KL-1.3)."""


@dataclass(frozen=True)
class Kind:
    """A claim kind (KL-1.4): id (e.g. ``"O4"``), size in cells, orientations (KL-1.5) as
    tuples of (row, col) offsets, copies in the box."""

    index: int
    id: str
    name: str
    size: int
    orientations: tuple
    count: int


def _kinds():
    raw = list(DATA["claims"]["row_kinds"]) + [DATA["claims"]["supplementary"]]
    out = []
    for i, k in enumerate(raw):
        ors = tuple(tuple((int(r), int(c)) for r, c in o) for o in k["orientations"])
        out.append(Kind(i, k["id"], k["name"], int(k["size"]), ors, int(k["count"])))
    return tuple(out)


KINDS = _kinds()
KIND_INDEX = {k.id: k.index for k in KINDS}
ROW_KINDS = tuple(range(len(DATA["claims"]["row_kinds"])))  # 0..9
D2 = KIND_INDEX[DATA["claims"]["supplementary"]["id"]]  # 10
NUM_KINDS = len(KINDS)
RACE_SET = tuple(KIND_INDEX[k] for k in DATA["claims"]["game2_set_per_player"])

G1 = DATA["game1"]
ROWS_ON_DISPLAY = int(G1["rows_on_display"])
START_RUBIES = int(DATA["rubies"]["start_per_player"])
SUPP_MIN_BID = int(G1["supplementary_min_bid"])
PENALTY_PER_COLUMN = int(G1["penalty_per_missing_column"])
PENALTY_EDGE = int(G1["penalty_right_edge_outside_goal"])
START_CELLS = tuple(tuple(x) for x in G1["start_cells"])
GOAL_CELLS = tuple(tuple(x) for x in G1["goal_cells"])
EDGE_TILES = tuple(G1["edge_touch_tiles"])

SQ = DATA["square_variant"]
SQ_SIZE = int(SQ["board_size"])
SQ_POSITIONS = tuple(tuple(SQ["tile_positions"][k]) for k in ("top_left", "top_right", "bottom_left", "bottom_right"))
ZONE_NAMES = ("north", "south", "west", "east", "centre")
ZONES = tuple(tuple(tuple(c) for c in SQ["zones"][z]) for z in ZONE_NAMES)
SQ_PENALTY = int(SQ["penalty_per_missing_cell"])

G2 = DATA["game2"]
RACE_ROUNDS = int(G2["rounds"])
PLACE_POINTS = tuple(G2["place_points"])
TOTAL_POINTS = tuple(G2["total_favour_points"])
TRACKS = tuple(t["id"] for t in DATA["celebrities"]["tracks"])  # red, black, blue, green
TRACK_START = int(DATA["celebrities"]["start_value"])


@dataclass(frozen=True)
class ReqCard:
    """A requirement card (KL-30.2): exact gold and rubies to cover, with a witness."""

    index: int
    id: str
    colour: str
    gold: int
    rubies: int
    witness_layout: tuple  # ((face_index, rotation), ...)
    witness_claims: tuple  # ((kind_index, orientation, row, col), ...)


def _req_cards():
    out = []
    for i, c in enumerate(DATA["requirement_cards"]["cards"]):
        w = c["witness"]
        lay = tuple((FACE_NAMES.index(t["face"]), int(t["rotation"])) for t in w["layout"])
        cl = tuple(
            (KIND_INDEX[x["kind"]], int(x["rotation"]), int(x["anchor"][0]), int(x["anchor"][1])) for x in w["claims"]
        )
        out.append(ReqCard(i, c["id"], c["colour"], int(c["gold"]), int(c["rubies"]), lay, cl))
    return tuple(out)


REQ_CARDS = _req_cards()
REQ_INDEX = {c.id: c.index for c in REQ_CARDS}
DECK_PER_GAME = DATA["requirement_cards"]["deck_per_game"]
CHILDREN_DECK = DATA["requirement_cards"]["children_deck"]


@dataclass(frozen=True)
class FavourCard:
    """A favour card (KL-30.4): colour = track index, value = number of symbols."""

    index: int
    id: str
    track: int
    value: int


FAVOUR_CARDS = tuple(
    FavourCard(i, c["id"], TRACKS.index(c["colour"]), int(c["value"]))
    for i, c in enumerate(DATA["favour_cards"]["cards"])
)
FAVOUR_INDEX = {c.id: c.index for c in FAVOUR_CARDS}
DISPLAY_SIZE = {int(k): int(v) for k, v in DATA["favour_cards"]["display_size"].items()}


# --------------------------------------------------------------------------- geometry
class Shape:
    """All placements (KL-1.6) of every claim kind on an R x C board, with bitmasks.

    Attributes:
        rows, cols: board size in cells.
        kind, orient, anchor, cells, mask, halo, action: per placement id (parallel tuples);
            ``halo`` = the cells at Chebyshev distance <= 1 of the placement (KL-1.7).
        by_kind[k]: tuple of (mask, pid) of kind k.
        by_text: notation -> pid.
    """

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        kind, orient, anchor, cells, mask, halo, action = [], [], [], [], [], [], []
        by_kind = []
        by_text = {}
        for k in KINDS:
            lst = []
            for o, offs in enumerate(k.orientations):
                h = max(r for r, _ in offs) + 1
                w = max(c for _, c in offs) + 1
                for r0 in range(rows - h + 1):
                    for c0 in range(cols - w + 1):
                        cs = tuple((r0 + r) * cols + (c0 + c) for r, c in offs)
                        m = 0
                        for i in cs:
                            m |= 1 << i
                        hm = 0
                        for r, c in offs:
                            for dr in (-1, 0, 1):
                                for dc in (-1, 0, 1):
                                    rr, cc = r0 + r + dr, c0 + c + dc
                                    if 0 <= rr < rows and 0 <= cc < cols:
                                        hm |= 1 << (rr * cols + cc)
                        pid = len(kind)
                        text = f"place {k.id} {o} {r0} {c0}"
                        kind.append(k.index)
                        orient.append(o)
                        anchor.append((r0, c0))
                        cells.append(cs)
                        mask.append(m)
                        halo.append(hm)
                        action.append(Action(text, "place", (pid,)))
                        by_text[text] = pid
                        lst.append((m, pid))
            # listing order (KL-1.6): by anchor row, then column, then orientation, so a
            # person reads the legal placements as a scan of the board
            lst.sort(key=lambda e: (anchor[e[1]], orient[e[1]]))
            by_kind.append(tuple(lst))
        self.kind, self.orient, self.anchor = tuple(kind), tuple(orient), tuple(anchor)
        self.cells, self.mask, self.halo, self.action = tuple(cells), tuple(mask), tuple(halo), tuple(action)
        self.by_kind = tuple(by_kind)
        self.by_text = by_text
        self.full = (1 << (rows * cols)) - 1
        self._touch: dict[int, tuple] = {}
        self._start: dict[int, tuple] = {}

    def cell_mask(self, cells) -> int:
        """Bitmask of ``(row, col)`` cells."""
        m = 0
        for r, c in cells:
            m |= 1 << (r * self.cols + c)
        return m

    def touching(self, last: int, k: int) -> tuple:
        """(mask, pid) of kind ``k`` touching placement ``last`` without overlapping it (KL-2.2)."""
        key = last * 16 + k
        t = self._touch.get(key)
        if t is None:
            hm, lm = self.halo[last], self.mask[last]
            t = self._touch[key] = tuple(e for e in self.by_kind[k] if e[0] & hm and not e[0] & lm)
        return t

    def starting(self, k: int, start_mask: int) -> tuple:
        """(mask, pid) of kind ``k`` covering a cell of ``start_mask`` (KL-2.1)."""
        key = k if start_mask != self.full else k + 16
        t = self._start.get(key)
        if t is None:
            t = self._start[key] = tuple(e for e in self.by_kind[k] if e[0] & start_mask)
        return t


_SHAPES: dict[tuple, Shape] = {}


def shape(rows: int, cols: int) -> Shape:
    """The cached :class:`Shape` of an R x C board."""
    s = _SHAPES.get((rows, cols))
    if s is None:
        s = _SHAPES[(rows, cols)] = Shape(rows, cols)
    return s


def row_board(layout) -> tuple:
    """Cell codes of tiles laid in one row (KL-1.3): layout = ((face, rot), ...)."""
    n = len(layout)
    cols = TILE * n
    out = [0] * (TILE * cols)
    for i, (f, r) in enumerate(layout):
        g = FACE_GRIDS[f][r]
        for rr in range(TILE):
            base = rr * cols + TILE * i
            row = g[rr]
            for cc in range(TILE):
                out[base + cc] = row[cc]
    return tuple(out)


def square_board(layout) -> tuple:
    """Cell codes of four tiles laid as a 2 x 2 square (KL-21.3), positions TL, TR, BL, BR."""
    out = [0] * (SQ_SIZE * SQ_SIZE)
    for (f, r), (r0, c0) in zip(layout, SQ_POSITIONS):
        g = FACE_GRIDS[f][r]
        for rr in range(TILE):
            for cc in range(TILE):
                out[(r0 + rr) * SQ_SIZE + c0 + cc] = g[rr][cc]
    return tuple(out)


_BOARDS: dict[tuple, tuple] = {}


def board_cells(layout, square: bool = False) -> tuple:
    """Cached cell codes of a layout (tuple of (face, rotation) pairs)."""
    key = (tuple(tuple(t) for t in layout), square)
    b = _BOARDS.get(key)
    if b is None:
        b = _BOARDS[key] = square_board(key[0]) if square else row_board(key[0])
    return b


FAMILY_SHAPE = shape(6, 24)
SQUARE_SHAPE = shape(SQ_SIZE, SQ_SIZE)
FAMILY_GOAL = FAMILY_SHAPE.cell_mask(GOAL_CELLS)
# KL-14.3 edge conditions: tile 2 top, tile 2 bottom, tile 3 top, tile 3 bottom
EDGE_MASKS = tuple(
    FAMILY_SHAPE.cell_mask([(row, c) for c in range(TILE * t, TILE * t + TILE)]) for t in EDGE_TILES for row in (0, 5)
)
ZONE_MASKS = tuple(SQUARE_SHAPE.cell_mask(z) for z in ZONES)


def max_col(mask: int, cols: int) -> int:
    """Largest column index covered by ``mask`` on a board ``cols`` wide (-1 if empty)."""
    if not mask:
        return -1
    best = -1
    m = mask
    while m:
        low = m & -m
        c = (low.bit_length() - 1) % cols
        best = max(best, c)
        m ^= low
    return best
