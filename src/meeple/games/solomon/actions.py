"""Board geometry and the actions of King Solomon's Treasury with their notation.

Cells are numbered ``i = y * 6 + x`` (SO-2.1): ``x`` = column ``a..f``, ``y`` = row
``1..6`` counted from the cave entrance (row 1 touches it). A set of cells is also a
36-bit mask (bit ``i`` = cell ``i``); the rules use masks for speed.

Notation (every action a person can type):

* ``play 17`` — secretly commit dig card 17 this round (SO-4.2);
* ``move`` — make a tile move (SO-6); the next decision is which one:
* ``back`` — after ``move``, change your mind: no move is made, nothing is paid (a move
  costs only once made, SO-6.5), you are back at the turn's first choice;
* ``d3-e3`` — move the top tile of d3 onto e3 (SO-6.1). Splitting "whether to move" from
  "which move" keeps the first list short (the gate, the digs, decline) and lets search
  bots weigh moving as a whole against digging now;
* ``use MI`` / ``use PX`` / ``use SE`` / ``use AM`` — declare a magic item for this turn's
  dig (SO-11; ends the move phase);
* ``dig c2,d2,c3,d3,c4`` — dig these cells (SO-8), listed row by row from the entrance;
* ``pick c3`` — with Solomon's Seal, add one cell to the dig area (SO-11.7); the dig
  happens when the area has as many cells as the card has squares;
* ``decline`` — end the turn without digging (SO-8.6);
* ``give S2`` — after failing to pay, hand a tile of this kind to the next opponent
  (SO-10.3, SO-10.5).

All actions are built once at import and shared by every state.
"""

from __future__ import annotations

from meeple.core import Action

from .components import ALL_CODES, ITEMS, load

_C = load()
W = _C.width
H = _C.height
NCELLS = W * H
FULL = (1 << NCELLS) - 1
COLS = "abcdefghijklmnopqrstuvwxyz"[:W]


def cell_name(i: int) -> str:
    """Algebraic name of cell index ``i`` (``0`` -> ``"a1"``, SO-2.1)."""
    return f"{COLS[i % W]}{i // W + 1}"


def parse_cell(text: str) -> int:
    """Cell index of an algebraic name (``"c4"`` -> 20).

    Raises:
        ValueError: not a cell of the board.
    """
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in COLS or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a cell (a1..{COLS[-1]}{H})")
    x = COLS.index(text[0])
    y = int(text[1:]) - 1
    if not 0 <= y < H:
        raise ValueError(f"{text!r} is not a cell (a1..{COLS[-1]}{H})")
    return y * W + x


CELL_NAMES = tuple(cell_name(i) for i in range(NCELLS))


def reading_order(actions) -> list:
    """The ``actions`` in the order a person reads them: the tile moves (SO-6.1) sorted by
    their source cell, then their target, each cell as its name reads (column, then row:
    ``a3-b3``, ``a5-b5``, ``b4-b5``, ...), every other action in its place. Display only (the
    terminal's list, the samples in refusals): ``legal_actions()`` keeps its order, which the
    bots depend on."""
    moves = sorted(
        (a for a in actions if a.kind == "move"),
        key=lambda a: (a.args[0] % W, a.args[0] // W, a.args[1] % W, a.args[1] // W),
    )
    it = iter(moves)
    return [next(it) if a.kind == "move" else a for a in actions]


BIT = tuple(1 << i for i in range(NCELLS))

# SO-2.3 adjacency: 8 neighbours.
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
NEIGHBOURS = tuple(
    tuple((y + dy) * W + (x + dx) for dx, dy in DIRS if 0 <= x + dx < W and 0 <= y + dy < H)
    for y in range(H)
    for x in range(W)
)
ADJ = tuple(frozenset(n) for n in NEIGHBOURS)
DELTA = tuple(dy * W + dx for dx, dy in DIRS)
# VALID_SRC[d]: cells whose neighbour in direction d is on the board
VALID_SRC = tuple(
    sum(BIT[y * W + x] for y in range(H) for x in range(W) if 0 <= x + dx < W and 0 <= y + dy < H) for dx, dy in DIRS
)


def dilate(mask: int) -> int:
    """All cells adjacent (SO-2.3) to a cell of ``mask`` (the mask itself not included unless adjacent)."""
    out = 0
    for d in range(8):
        delta = DELTA[d]
        m = mask & VALID_SRC[d]
        out |= (m << delta) if delta > 0 else (m >> -delta)
    return out & FULL


def cells_of(mask: int) -> list[int]:
    """The cell indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cells) -> int:
    """The mask of an iterable of cell indices."""
    m = 0
    for c in cells:
        m |= BIT[c]
    return m


# ---------------------------------------------------------------- moves (SO-6)
MOVE = [[None] * NCELLS for _ in range(NCELLS)]
for _a in range(NCELLS):
    for _b in NEIGHBOURS[_a]:
        MOVE[_a][_b] = Action(f"{CELL_NAMES[_a]}-{CELL_NAMES[_b]}", "move", (_a, _b))

# MOVE_TAB[d][row][pattern]: the move actions for sources in ``row`` whose x bits are
# ``pattern``, moving in direction d (a chunked lookup to turn masks into action lists fast).
MOVE_TAB = []
for _d, (_dx, _dy) in enumerate(DIRS):
    rows = []
    for _r in range(H):
        pats = []
        for _p in range(1 << W):
            acts = []
            for _x in range(W):
                if _p >> _x & 1:
                    tx, ty = _x + _dx, _r + _dy
                    if 0 <= tx < W and 0 <= ty < H:
                        acts.append(MOVE[_r * W + _x][ty * W + tx])
            pats.append(tuple(acts))
        rows.append(tuple(pats))
    MOVE_TAB.append(tuple(rows))
MOVE_TAB = tuple(MOVE_TAB)


# ------------------------------------------------------------ card geometry (SO-2.5, 2.6)
def normalise(cells) -> tuple[tuple[int, int], ...]:
    """Shift offsets so min dx = min dy = 0; sorted by (dy, dx)."""
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted(((x - mx, y - my) for x, y in cells), key=lambda c: (c[1], c[0])))


def rotate(cells) -> tuple[tuple[int, int], ...]:
    """Rotate 90 degrees counter-clockwise (SO-2.6): (dx, dy) -> (-dy, dx), re-normalised."""
    return normalise([(-y, x) for x, y in cells])


def orientations(cells, mirror: bool) -> list[tuple[tuple[int, int], ...]]:
    """The card's shapes: only the printed one, or all distinct rotations with the Mirror (SO-11.5)."""
    base = normalise(cells)
    if not mirror:
        return [base]
    out = [base]
    cur = base
    for _ in range(3):
        cur = rotate(cur)
        if cur not in out:
            out.append(cur)
    return out


_DIG_ACTIONS: dict[int, Action] = {}


def dig_action(mask: int) -> Action:
    """The shared ``dig ...`` action for a set of cells (mask)."""
    a = _DIG_ACTIONS.get(mask)
    if a is None:
        cells = tuple(cells_of(mask))
        a = Action("dig " + ",".join(CELL_NAMES[c] for c in cells), "dig", (cells, mask))
        _DIG_ACTIONS[mask] = a
    return a


def placements(cells, mirror: bool) -> tuple:
    """Every on-board placement of a card shape (SO-2.5, SO-8.7): tuples ``(mask, anchor, action)``.

    ``anchor`` is one cell of the placement (its level decides the same-level check).
    Distinct cell sets only (rotations giving the same set count once).
    """
    seen = set()
    out = []
    for o in orientations(cells, mirror):
        wo = max(c[0] for c in o) + 1
        ho = max(c[1] for c in o) + 1
        for y0 in range(H - ho + 1):
            for x0 in range(W - wo + 1):
                m = 0
                for dx, dy in o:
                    m |= BIT[(y0 + dy) * W + x0 + dx]
                if m in seen:
                    continue
                seen.add(m)
                out.append((m, (y0 + o[0][1]) * W + x0 + o[0][0], dig_action(m)))
    out.sort(key=lambda t: t[0])
    return tuple(out)


# PLACEMENTS[card][mirror]
PLACEMENTS = {n: (placements(c.cells, False), placements(c.cells, True)) for n, c in _C.cards.items()}
CARD_SIZE = {n: c.size for n, c in _C.cards.items()}
CARD_NUMBERS = tuple(sorted(_C.cards))


def normal_notation(text: str) -> str | None:
    """The canonical spelling of a typed notation, or ``None`` if it cannot be read.

    Spaces and capitals do not matter; ``play 024`` -> ``play 24``; a dig's cells may be
    listed in any order, separated by commas and/or spaces (``dig b2, a1,a2 b1,c3`` ->
    ``dig a1,b1,a2,b2,c3``: row by row from the entrance); ``B1 - A1`` -> ``b1-a1``;
    ``use mi`` -> ``use MI``; ``give t1`` -> ``give T1``.
    """
    words = text.replace(",", " , ").split()
    if not words:
        return None
    head = words[0].lower()
    rest = [w for w in words[1:] if w != ","]
    try:
        if head == "play" and len(rest) == 1:  # digits only: int() also reads "2_4" and " +7"
            return f"play {int(rest[0])}" if rest[0].isascii() and rest[0].isdigit() else None
        if head == "dig" and rest:
            cells = sorted({parse_cell(w) for w in rest})
            if len(cells) != len(rest):
                return None
            return "dig " + ",".join(CELL_NAMES[c] for c in cells)
        if head == "pick" and len(rest) == 1:
            return f"pick {CELL_NAMES[parse_cell(rest[0])]}"
        if head in ("use", "give") and len(rest) == 1:
            return f"{head} {rest[0].upper()}"
    except ValueError:
        return None
    flat = "".join(text.split()).lower()
    if "-" in flat:
        a, _, b = flat.partition("-")
        try:
            return f"{CELL_NAMES[parse_cell(a)]}-{CELL_NAMES[parse_cell(b)]}"
        except ValueError:
            return None
    return " ".join(text.split()).lower()


# ----------------------------------------------------------------- other actions
PLAY = {n: Action(f"play {n}", "play", (n,)) for n in CARD_NUMBERS}
USE = {k: Action(f"use {k}", "use", (k,)) for k in ITEMS}
PICK = tuple(Action(f"pick {CELL_NAMES[i]}", "pick", (i,)) for i in range(NCELLS))
DECLINE = Action("decline", "decline")
MOVE_GATE = Action("move", "gate")
BACK = Action("back", "back")
GIVE = {k: Action(f"give {k}", "give", (k,)) for k in ALL_CODES}
