"""SVG drawing of King Solomon's Treasury for the web client: ``render_svg(obs, legal, seat_names)``.

Built only from an observation (``state.observation(seat)``), the legal notations and the
seats' names, plus the game's static data (card shapes from ``components.json``, the
scoring rules' pure functions), so a seat's page never shows what is hidden from it.

The drawing, top to bottom, left to right:

* a title bar: round ``r/R``, the phase (secret card choice, turn, gifts after a failure to
  pay, game over) and whose turn it is;
* the treasury, 6 x 6 spaces (SO-1.1), row 6 at the top and the **cave entrance** along the
  bottom edge under row 1 (SO-2.2), columns ``a..f`` and rows ``1..6`` labelled (SO-2.1).
  Each space is shaded by its stack height (darker = deeper), shows the top tile large
  (yellow treasure, black curse, white scroll, light-blue magic item, SO-1.3) and, under
  it, one slot per level 1..4: a dark-brown slot is a tile never seen (its back only,
  SO-13.2), a coloured slot a tile seen before that is now covered, an empty outline no
  tile. The cells of a Seal dig picked so far (SO-11.7) are outlined in magenta;
* right of the board, one panel per seat: name, ``(you)`` for the viewer, the turn marker,
  coins, the tiles dug in the open, the number of tiles the others cannot see (the
  viewer's own are drawn), hand size, the card chosen this round (its shape once
  revealed, a card back while secret, SO-4.2) and its place in the turn order (SO-4.3);
* under the board: the turn's status (moves made and their cost, items declared, the
  card in play with its shape), the viewer's hand (the shapes, arrow toward the entrance,
  SO-2.5), the viewer's private notes (SO-10.6), the public piles (played cards, items
  used, treasures spent, tiles removed unseen, cards in the box), a gallery of every legal
  dig as a small map of the treasury, a legend, and at the end the final scores with their
  breakdown (SO-12).

Clickable (``class="act"``, ``data-action`` = the exact notation from ``legal``); the
clickable element is always one shape drawn on top of what it stands for:

* ``play N`` — the card in the viewer's hand (SO-4.2);
* ``a1-b2`` (a tile move, SO-6.1) — a small arrowhead inside the source space, at its edge
  toward the target space (one arrowhead per move);
* ``pick c3`` (Seal, SO-11.7) — the whole space;
* ``dig ...`` (SO-8) — that dig's map in the dig gallery;
* ``use MI`` / ``use PX`` / ``use SE`` / ``use AM`` (SO-11) — the first such item among the
  viewer's own tiles;
* ``give T1`` (SO-10.3) — the first such tile among the viewer's own tiles.

``move`` (start a tile move), ``back`` and ``decline`` have no place on the board: the client
lists them (with every other legal action) as buttons.

Hooks for tests and the client, no behaviour: each seat's panel is a ``<g data-seat="p">``,
and each cell of the final-score table carries ``data-score="<column>"`` and ``data-seat``.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .actions import CELL_NAMES, H, W
from .components import CURSE, ITEMS, TREASURE, load
from .scoring import majority_bonus, scroll_sets

_C = load()

SEAT_COLOURS = ("#c0392b", "#2e6fd8", "#1e8c4e", "#8e44ad", "#d9822b")
"""Seat colours (the game names none: its seats are only screens): red, blue, green, purple,
orange, index = seat."""

FACE = {"T": ("#f2c230", "#3a2a00"), "C": ("#161616", "#ffffff"), "S": ("#fbfbf2", "#222222"),
        "M": ("#9fd8f0", "#0b3a52")}
"""Tile face colours (SO-1.3): fill, text. Treasures yellow, curses black, scrolls white,
magic items light blue."""
BROWN_BACK = "#5a3a1e"
FLOOR = ("#2b1d0f", "#6b4f2a", "#8d6a3c", "#b08850", "#d2ad72")
"""A space's shade by stack height 0..4 (an empty space is the dark cave floor)."""
PHASE_TEXT = {"choose": "secret card choice (SO-4.2)", "turn": "turn: move tiles, then dig or decline (SO-5)",
              "give": "unable to pay: handing out tiles (SO-10.3)", "over": "game over (SO-12)"}
ITEM_SHORT = {"MI": "Mirror", "PX": "Pickaxe", "SE": "Seal", "AM": "Amulet"}
DIRECTIONS = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}

CELL = 84            # board space size (viewBox units)
BX, BY = 36, 74      # board origin (top-left of f6's row)
PANEL_X = BX + W * CELL + 34
PANEL_W = 560
CHIP_W, CHIP_H, CHIP_GAP = 27, 20, 3


def seat_key(p: int) -> str:
    """The ``data-place`` key of seat ``p``'s panel (``"seat-0"``)."""
    return f"seat-{p}"


def _a(value) -> str:
    """An attribute value, quoted and escaped."""
    return quoteattr(str(value))


def _t(x, y, text, size=14, fill="#222", anchor="start", weight="normal", extra="") -> str:
    """A <text> element with escaped content (the font is the root's sans-serif)."""
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    w = "" if weight == "normal" else f' font-weight="{weight}"'
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{a}{w}{extra}>{escape(str(text))}</text>'


def _face(code: str) -> tuple[str, str]:
    """(fill, text colour) of a tile face."""
    return FACE["M"] if code in ITEMS else FACE[code[0]]


def tile_name(code: str) -> str:
    """The rulebook noun of a tile code: ``T3`` -> ``treasure 3``, ``C2`` -> ``curse 2``,
    ``S1`` -> ``scroll 1``, ``MI`` -> ``Queen of Sheba's Mirror`` (SO-1.3)."""
    if code in ITEMS:
        return _C.item_names[code]
    return {"T": "treasure", "C": "curse", "S": "scroll"}[code[0]] + " " + code[1]


def _chip(x, y, code, w=CHIP_W, h=CHIP_H, act=None) -> str:
    """A tile drawn face up as a small labelled rectangle; ``act``: its clickable notation."""
    fill, ink = _face(code)
    out = [f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="3" fill="{fill}" stroke="#555" '
           f'stroke-width="0.8"/>',
           _t(x + w / 2, y + h * 0.72, code, size=round(h * 0.55), fill=ink, anchor="middle", weight="bold")]
    if act is not None:
        out.append(_hit(x - 2, y - 2, w + 4, h + 4, act, rx=4))
    return "".join(out)


def _hit(x, y, w, h, act, rx=0) -> str:
    """The clickable element: a see-through rectangle on top, outlined, carrying the action."""
    return (f'<rect class="act" data-action={_a(act)} x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" '
            f'rx="{rx}" fill="#ffffff" fill-opacity="0" stroke="#ff8c00" stroke-width="2.5">'
            f'<title>{escape(act)}</title></rect>')


def _card(x, y, number, unit=12, act=None, highlight=False) -> tuple[str, float, float]:
    """Dig card ``number`` face up: its number, its squares as they lie on the board (far row
    at the top) and the arrow toward the cave entrance below (SO-2.5). Returns
    ``(svg, width, height)``."""
    cells = _C.cards[number].cells
    cw = max(cx for cx, _ in cells) + 1
    ch = max(cy for _, cy in cells) + 1
    w = 4 * unit + 14
    h = 4 * unit + 40
    out = [f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="#fff8e6" '
           f'stroke="{"#ff8c00" if highlight else "#8a6d3b"}" stroke-width="{3 if highlight else 1.2}"/>',
           _t(x + w / 2, y + 15, number, size=14, anchor="middle", weight="bold")]
    ox = x + (w - cw * unit) / 2
    oy = y + 21 + (4 - ch) * unit
    for cx, cy in cells:
        out.append(f'<rect x="{ox + cx * unit:g}" y="{oy + (ch - 1 - cy) * unit:g}" width="{unit - 1}" '
                   f'height="{unit - 1}" fill="#8a6d3b"/>')
    ax, ay = x + w / 2, y + h - 13
    out.append(f'<path d="M{ax - 6:g},{ay:g} L{ax + 6:g},{ay:g} L{ax:g},{ay + 8:g} Z" fill="#c0392b"/>')
    if act is not None:
        out.append(_hit(x, y, w, h, act, rx=5))
    return "".join(out), w, h


def _card_back(x, y, unit=12, label="chosen") -> str:
    """A dig card face down (a secret choice, SO-4.2)."""
    w = 4 * unit + 14
    h = 4 * unit + 40
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="#6d2c2c" stroke="#3b1414"/>'
            f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{w - 8:g}" height="{h - 8:g}" rx="3" fill="none" '
            f'stroke="#d8b26a" stroke-dasharray="3,2"/>'
            + _t(x + w / 2, y + h / 2 + 4, label, size=10, fill="#f4e2b8", anchor="middle"))


def _cell_xy(i: int) -> tuple[float, float]:
    """Top-left corner of space ``i`` (row 6 at the top, the entrance at the bottom)."""
    return BX + (i % W) * CELL, BY + (H - 1 - i // W) * CELL


def _board(obs, legal_set, moves_by_src, picks_legal) -> list[str]:
    """The treasury: spaces, stacks, top tiles, move arrowheads, Seal picks, labels, entrance."""
    out = [f'<rect x="{BX - 6}" y="{BY - 6}" width="{W * CELL + 12}" height="{H * CELL + 12}" rx="6" '
           f'fill="#3d2a16"/>']
    picked = set(obs["picks"])
    for i, c in enumerate(obs["board"]):
        x, y = _cell_xy(i)
        h = c["height"]
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="4" '
                   f'fill="{FLOOR[min(h, 4)]}"/>')
        out.append(_t(x + 21, y + 12, c["cell"], size=10, fill="#f0e0c0" if h < 3 else "#4a3418"))
        if h:
            top = c["seen"][-1]
            fill, ink = _face(top)
            out.append(f'<rect x="{x + 18}" y="{y + 16}" width="{CELL - 36}" height="36" rx="4" fill="{fill}" '
                       f'stroke="#333" stroke-width="1"><title>{escape(tile_name(top))}, level {h}</title></rect>')
            out.append(_t(x + CELL / 2, y + 41, top, size=18, fill=ink, anchor="middle", weight="bold"))
            out.append(_t(x + CELL - 21, y + 12, f"h{h}", size=10, fill="#4a3418" if h >= 3 else "#f0e0c0",
                          anchor="end", weight="bold"))
        # level slots 1..4: unseen backs, seen (now covered) faces, empty
        unseen = c["unseen"]
        seen = c["seen"]
        sw = (CELL - 36 - 6) / 4
        for k in range(_C.max_stack):
            sx = x + 18 + k * (sw + 2)
            sy = y + 56
            if k < unseen:
                out.append(f'<rect x="{sx:g}" y="{sy}" width="{sw:g}" height="9" fill="{BROWN_BACK}" '
                           f'stroke="#c9a36a" stroke-width="0.6"/>')
            elif k < h:
                f2, _ = _face(seen[k - unseen])
                out.append(f'<rect x="{sx:g}" y="{sy}" width="{sw:g}" height="9" fill="{f2}" stroke="#333" '
                           f'stroke-width="0.6"><title>level {k + 1}: {escape(tile_name(seen[k - unseen]))}'
                           f'</title></rect>')
            else:
                out.append(f'<rect x="{sx:g}" y="{sy}" width="{sw:g}" height="9" fill="none" '
                           f'stroke="#e8d5b0" stroke-width="0.6" stroke-dasharray="2,2"/>')
        name = c["cell"]
        if name in picked:
            out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="4" '
                       f'fill="none" stroke="#e0218a" stroke-width="4"/>')
            out.append(_t(x + CELL / 2, y + CELL - 6, "picked", size=10, fill="#e0218a", anchor="middle",
                          weight="bold"))
        if name in picks_legal:
            out.append(_hit(x + 2, y + 2, CELL - 4, CELL - 4, f"pick {name}", rx=4))
        for dx, dy, act in moves_by_src.get(i, ()):
            out.append(_arrowhead(x, y, dx, dy, act))
    for col in range(W):
        cx = BX + col * CELL + CELL / 2
        out.append(_t(cx, BY - 12, "abcdefghijklmnopqrstuvwxyz"[col], size=14, anchor="middle", weight="bold"))
    for row in range(H):
        cy = BY + (H - 1 - row) * CELL + CELL / 2 + 5
        out.append(_t(BX - 20, cy, row + 1, size=14, anchor="middle", weight="bold"))
    ey = BY + H * CELL + 8
    out.append(f'<rect x="{BX - 6}" y="{ey}" width="{W * CELL + 12}" height="24" rx="3" fill="#1a120a"/>')
    out.append(_t(BX + W * CELL / 2, ey + 17, "\u25bc  cave entrance  \u25bc", size=14, fill="#f2c230",
                  anchor="middle", weight="bold"))
    return out


def _arrowhead(x, y, dx, dy, act) -> str:
    """The clickable arrowhead of tile move ``act`` inside source space (x, y), pointing to
    the neighbour (dx, dy) (board axes: dy = +1 is away from the entrance, up on screen)."""
    cx = x + CELL / 2 + dx * (CELL / 2 - 9)
    cy = y + CELL / 2 - dy * (CELL / 2 - 9)
    ux, uy = dx, -dy
    n = (ux * ux + uy * uy) ** 0.5
    ux, uy = ux / n, uy / n
    px, py = -uy, ux
    tip = (cx + ux * 7, cy + uy * 7)
    b1 = (cx - ux * 5 + px * 7, cy - uy * 5 + py * 7)
    b2 = (cx - ux * 5 - px * 7, cy - uy * 5 - py * 7)
    return (f'<path class="act" data-action={_a(act)} d="M{tip[0]:.1f},{tip[1]:.1f} L{b1[0]:.1f},{b1[1]:.1f} '
            f'L{b2[0]:.1f},{b2[1]:.1f} Z" fill="#ffcf33" stroke="#7a3b00" stroke-width="1.2">'
            f'<title>{escape(act)}</title></path>')


def _wrap_chips(x, y, codes, width, acts=None) -> tuple[list[str], float]:
    """Tiles as chips in rows fitting ``width``; ``acts``: code -> notation for the first chip
    of that code. Returns (svg parts, height used)."""
    per_row = max(1, int((width + CHIP_GAP) // (CHIP_W + CHIP_GAP)))
    out = []
    acts = dict(acts or {})
    for k, code in enumerate(codes):
        cx = x + (k % per_row) * (CHIP_W + CHIP_GAP)
        cy = y + (k // per_row) * (CHIP_H + CHIP_GAP)
        out.append(_chip(cx, cy, code, act=acts.pop(code, None)))
    rows = (len(codes) + per_row - 1) // per_row
    return out, rows * (CHIP_H + CHIP_GAP)


def _player_panel(obs, p, y, seat_names, tile_acts) -> tuple[list[str], float]:
    """The panel of seat ``p`` at height ``y``: returns (svg parts, height)."""
    info = obs["players"][p]
    colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
    to_act = obs["current_player"] == p
    x = PANEL_X
    inner = []
    name = seat_names[p] if p < len(seat_names) else f"P{p + 1}"
    title = name + ("  (you)" if obs["seat"] == p else "")
    inner.append(f'<rect x="{x + 10}" y="{y + 10}" width="14" height="14" rx="3" fill="{colour}"/>')
    inner.append(_t(x + 30, y + 22, title, size=15, fill=colour, weight="bold"))
    if to_act:
        inner.append(_t(x + PANEL_W - 10, y + 22, "\u25b6 to act", size=14, fill="#b35900", anchor="end",
                        weight="bold"))
    order = obs["order"]
    place = ""
    if p in order:
        pos = order.index(p)
        state = ("done" if pos < obs["turn_index"] else "now" if pos == obs["turn_index"] else "waiting")
        place = f" \u00b7 turn {pos + 1} of {len(order)} ({state})"
    tiles = info["known_tiles"]
    stats = (f"coins {info['coins']} \u00b7 tiles dug in the open {len(tiles)} \u00b7 "
             f"hand {info['hand_size']} card{'s' if info['hand_size'] != 1 else ''}{place}")
    inner.append(_t(x + 10, y + 42, stats, size=12, fill="#333"))
    text_w = PANEL_W - 90
    cy = y + 50
    if tiles:
        parts, hh = _wrap_chips(x + 10, cy, tiles, text_w, tile_acts)
        tile_acts = {k: v for k, v in tile_acts.items() if k not in tiles}
        inner += parts
        cy += hh
    secret = info["secret_tiles"]
    if secret:
        label = ("behind your screen, seen only by you (SO-13.3):" if obs["seat"] == p and obs["phase"] != "over"
                 else "tiles the others could not see, revealed at the end (SO-12.1):")
        inner.append(_t(x + 10, cy + 13, label, size=11, fill="#555"))
        parts, hh = _wrap_chips(x + 10, cy + 18, secret, text_w, tile_acts)
        inner += parts
        cy += 18 + hh
    elif info["unknown_tiles"]:
        n = info["unknown_tiles"]
        inner.append(f'<rect x="{x + 10}" y="{cy}" width="{CHIP_W}" height="{CHIP_H}" rx="3" fill="{BROWN_BACK}"/>')
        inner.append(_t(x + 14 + CHIP_W, cy + 15, f"\u00d7 {n} tile{'s' if n != 1 else ''} only its owner knows "
                        f"(after a failure to pay, SO-10.6)", size=11, fill="#555"))
        cy += CHIP_H + CHIP_GAP
    if not tiles and not secret and not info["unknown_tiles"]:
        inner.append(_t(x + 10, cy + 14, "no tiles", size=11, fill="#777"))
        cy += 20
    # the card of this round, at the right
    cx = x + PANEL_W - 72
    if info["choice"]:
        svg, _, ch = _card(cx, y + 30, info["choice"], unit=10)
        inner.append(svg)
    elif info["committed"]:
        inner.append(_card_back(cx, y + 30, unit=10))
        ch = 4 * 10 + 40
    else:
        ch = 0
    height = max(cy - y + 8, (30 + ch + 8) if ch else 0, 60)
    box = (f'<rect x="{x}" y="{y}" width="{PANEL_W}" height="{height:g}" rx="6" fill="#fffdf6" '
           f'stroke="{colour if to_act else "#bbb"}" stroke-width="{4 if to_act else 1}"/>')
    return [f'<g data-seat="{p}">', box] + inner + ["</g>"], height


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
        rows.append({"money": info["coins"] + sum(TREASURE[t] for t in tiles), "sets": sets,
                     "scrolls": _C.per_scroll_set * sets, "curses": sum(CURSE[t] for t in tiles),
                     "items": sum(1 for t in tiles if t in ITEMS)})
    cb = majority_bonus([r["curses"] for r in rows], *_C.curse_bonus)
    ib = majority_bonus([r["items"] for r in rows], *_C.magic_bonus)
    for p, r in enumerate(rows):
        r["curse_bonus"], r["item_bonus"] = cb[p], ib[p]
        r["total"] = r["money"] + r["scrolls"] + cb[p] + ib[p]
    return rows


def _dig_map(x, y, obs, cells: set, act, unit=10) -> str:
    """A small map of the treasury for dig ``act``: the dug spaces in their top tile's colour,
    the others shaded by height."""
    out = [f'<rect x="{x - 2}" y="{y - 2}" width="{W * unit + 4}" height="{H * unit + 4}" rx="2" fill="#3d2a16"/>']
    for i, c in enumerate(obs["board"]):
        px = x + (i % W) * unit
        py = y + (H - 1 - i // W) * unit
        if c["cell"] in cells:
            fill = _face(c["seen"][-1])[0] if c["height"] else "#ff00ff"
            out.append(f'<rect x="{px}" y="{py}" width="{unit - 1}" height="{unit - 1}" fill="{fill}" '
                       f'stroke="#e0218a" stroke-width="1.5"/>')
        else:
            out.append(f'<rect x="{px}" y="{py}" width="{unit - 1}" height="{unit - 1}" '
                       f'fill="{FLOOR[min(c["height"], 4)]}"/>')
    out.append(_hit(x - 3, y - 3, W * unit + 6, H * unit + 6, act, rx=3))
    return "".join(out)


def render_svg(obs: dict, legal: list[str], seat_names: list[str], highlights=None) -> str:
    """An SVG drawing of the whole board and every seat's public holdings as
    ``obs = state.observation(seat)`` shows it (``obs["seat"]`` the viewing seat, None for a
    spectator; ``obs["current_player"]`` the seat to act). The viewer's own private holdings
    (hand, secret choice, tiles received unseen by others) are drawn as obs gives them.
    ``legal``: the notations (``str(action)``) of the legal actions when ``obs["seat"]`` is
    the seat to act, else ``[]``; only those appear as ``data-action`` (see the module
    docstring for which are clickable where). ``seat_names``: the seats' display names,
    index = seat (escaped: user text).

    Returns a string ``"<svg ...>...</svg>"`` (viewBox, no fixed size, no scripts).

    Raises:
        KeyError: ``obs`` is not an observation of this game.
    """
    legal_set = set(legal)
    moves_by_src: dict[int, list] = {}
    picks_legal = set()
    digs = []
    plays = {}
    tile_acts = {}
    index = {name: i for i, name in enumerate(CELL_NAMES)}
    for a in legal:
        if a.startswith("play "):
            plays[a[5:]] = a
        elif a.startswith("pick "):
            picks_legal.add(a[5:])
        elif a.startswith("dig "):
            digs.append(a)
        elif a.startswith("use ") or a.startswith("give "):
            tile_acts[a.split()[1]] = a
        elif "-" in a:
            src, _, dst = a.partition("-")
            if src in index and dst in index:
                s, d = index[src], index[dst]
                dx, dy = d % W - s % W, d // W - s // W
                if (dx, dy) in DIRECTIONS:
                    moves_by_src.setdefault(s, []).append((dx, dy, a))
    seat = obs["seat"]
    cur = obs["current_player"]
    players = obs["players"]
    n = len(players)

    def nm(p):
        return seat_names[p] if 0 <= p < len(seat_names) else f"P{p + 1}"

    out = []
    # --- title bar
    rnd = min(obs["round"], obs["rounds"])
    head = f"King Solomon's Treasury \u2014 round {rnd}/{obs['rounds']} \u2014 {PHASE_TEXT.get(obs['phase'], obs['phase'])}"
    out.append(_t(BX - 20, 24, head, size=18, weight="bold", fill="#3d2a16"))
    if obs["phase"] == "over":
        who = "the game is over"
    elif 0 <= cur < n:
        who = f"to act: {nm(cur)}" + (" (you)" if cur == seat else "")
    else:
        who = ""
    variant = "children's variant: tiles may also move up (SO-14)" if obs["variant"] == "children" else ""
    if seat is None:
        view = "you are watching as a spectator"
    elif seat == cur:
        view = ""
    else:
        view = f"you are {nm(seat)}"
    out.append(_t(BX - 20, 46, " \u00b7 ".join(t for t in (who, view, variant) if t), size=14,
                  fill=SEAT_COLOURS[cur % len(SEAT_COLOURS)] if 0 <= cur < n else "#333", weight="bold"))
    # --- board
    out += _board(obs, legal_set, moves_by_src, picks_legal)
    # --- player panels
    py = BY - 6
    own_acts = tile_acts if seat is not None else {}
    for p in range(n):
        parts, hh = _player_panel(obs, p, py, seat_names, own_acts if p == seat else {})
        out += parts
        py += hh + 8
    right_bottom = py
    # --- below the board
    y = BY + H * CELL + 48
    x0 = BX - 20
    width = PANEL_X + PANEL_W - x0
    lines = []
    if obs["order"]:
        order = "  \u2192  ".join(
            f"{nm(p)} ({players[p]['choice']})" if players[p]["choice"] else nm(p) for p in obs["order"])
        lines.append(f"turn order this round (lowest card first, SO-4.3): {order}")
    if obs["phase"] == "turn":
        s = f"moves this turn: {obs['moves']} of at most {obs['max_moves']} (1 coin each, paid at the end, SO-7.2)"
        if obs["moving"]:
            s += " \u2014 choosing a tile move: click an arrowhead"
        lines.append(s)
        if obs["declared"]:
            lines.append("magic items declared for this dig: " + ", ".join(_C.item_names[k] for k in obs["declared"]))
        if obs["picks"]:
            lines.append("Seal dig area picked so far: " + ", ".join(obs["picks"]))
    if obs["phase"] == "give" and obs["gives"]:
        lines.append("still to receive a tile of the payer's choice (SO-10.3): " + ", ".join(nm(p) for p in obs["gives"]))
    if seat is not None:
        me = players[seat]
        wealth = me["coins"] + sum(TREASURE[t] for t in me["known_tiles"] + (me["secret_tiles"] or []))
        lines.append(f"your wealth (coins + treasures, SO-7.1): {wealth}")
    for s in lines:
        out.append(_t(x0, y + 14, s, size=13, fill="#222"))
        y += 20
    y += 6
    # the card in play (the acting seat's revealed card) and the viewer's hand
    cards_row = []
    if obs["phase"] in ("turn", "give") and 0 <= cur < n and players[cur]["choice"]:
        cards_row.append(("card in play: " + nm(cur), [(players[cur]["choice"], None, True)]))
    if seat is not None and players[seat]["hand"]:
        hand = [(c, plays.get(str(c)), False) for c in players[seat]["hand"]]
        label = "your hand" + (" \u2014 click a card to play it" if plays else "") + " (arrow: toward the entrance)"
        cards_row.append((label, hand))
    cx = x0
    row_h = 0
    for label, cards in cards_row:
        out.append(_t(cx, y + 12, label, size=12, fill="#333", weight="bold"))
        xx = cx
        for number, act, hl in cards:
            svg, w, h = _card(xx, y + 18, number, act=act, highlight=hl)
            out.append(svg)
            xx += w + 6
            row_h = max(row_h, h + 22)
        cx = max(xx + 24, cx + 10 + 7.2 * len(label))
    y += row_h + (8 if row_h else 0)
    # private notes (SO-10.6)
    if obs["notes"]:
        out.append(_t(x0, y + 14, "private (only you see this): " + "; ".join(obs["notes"][-4:]), size=12,
                      fill="#8e1b6b"))
        y += 22
    # public piles
    piles = (f"played cards (SO-4.4): {' '.join(map(str, obs['discard'])) or '-'}",
             f"magic items used (SO-11.1): {', '.join(ITEM_SHORT[k] for k in obs['used']) or '-'} \u00b7 "
             f"treasures paid to the bank: {' '.join(obs['spent']) or '-'} \u00b7 "
             f"tiles removed unseen (SO-10.3): {obs['removed_count']} \u00b7 "
             f"cards in the box, unseen (SO-3.4): {obs['box_size']}")
    for s in piles:
        out.append(_t(x0, y + 14, s, size=12, fill="#555"))
        y += 18
    y += 8
    # dig gallery
    if digs:
        out.append(_t(x0, y + 12, f"legal digs ({len(digs)}): click a map to dig its highlighted spaces (SO-8)",
                      size=13, weight="bold", fill="#222"))
        y += 20
        unit = 13
        step = W * unit + 14
        per_row = max(1, int(width // step))
        for k, a in enumerate(digs):
            gx = x0 + 4 + (k % per_row) * step
            gy = y + 4 + (k // per_row) * (H * unit + 14)
            out.append(_dig_map(gx, gy, obs, set(a[4:].split(",")), a, unit))
        y += ((len(digs) + per_row - 1) // per_row) * (H * unit + 14) + 8
    # final scores
    if obs["phase"] == "over":
        rows = final_scores(obs)
        best = max(r["total"] for r in rows)
        cols = [("seat", 0), ("money", 150), ("scroll sets", 230), ("curses", 330), ("curse bonus", 400),
                ("items", 500), ("item bonus", 560), ("total", 660)]
        out.append(_t(x0, y + 14, "final scores (SO-12): money + 10 per scroll set + curse majority "
                      "24/12 + magic-item majority 16/8; the highest total wins, a tie is shared (SO-12.9)",
                      size=13, weight="bold"))
        y += 24
        for label, dx in cols:
            out.append(_t(x0 + dx, y + 12, label, size=12, weight="bold", fill="#555"))
        y += 18
        for p, r in enumerate(rows):
            win = r["total"] == best
            vals = [nm(p) + ("  \u2605 winner" if win else ""), r["money"], f"{r['sets']} = {r['scrolls']}",
                    r["curses"], r["curse_bonus"], r["items"], r["item_bonus"], r["total"]]
            for (label, dx), v in zip(cols, vals):
                out.append(_t(x0 + dx, y + 13, v, size=13, weight="bold" if win else "normal",
                              fill=SEAT_COLOURS[p % len(SEAT_COLOURS)] if dx == 0 else "#222",
                              extra=f' data-score="{escape(label)}" data-seat="{p}"'))
            y += 19
        y += 8
    # legend
    lx = x0
    out.append(_t(lx, y + 14, "tiles:", size=12, weight="bold"))
    lx += 44
    for code, text in (("T3", "treasure (value)"), ("C2", "curse (value)"), ("S1", "scroll (symbol 1-4)"),
                       ("MI", "magic item (MI Mirror, PX Pickaxe, SE Seal, AM Amulet)")):
        out.append(_chip(lx, y + 1, code))
        out.append(_t(lx + CHIP_W + 4, y + 15, text, size=11, fill="#333"))
        lx += CHIP_W + 12 + 6.2 * len(text)
    y += 26
    out.append(f'<rect x="{x0}" y="{y + 4}" width="14" height="9" fill="{BROWN_BACK}"/>')
    out.append(_t(x0 + 20, y + 13, "slots under a top tile: its stack, level 1 (left) to 4; brown = a tile "
                  "never seen, coloured = a tile seen (the last is the top tile), outline = no tile. "
                  "h = stack height; darker = deeper.", size=11, fill="#333"))
    y += 22
    total_h = max(y, right_bottom) + 10
    total_w = PANEL_X + PANEL_W + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total_w:g} {total_h:g}" '
            f'width="100%" preserveAspectRatio="xMinYMin meet" font-family="sans-serif">'
            f'<rect x="0" y="0" width="{total_w:g}" height="{total_h:g}" fill="#f4ead2"/>'
            + "".join(out) + "</svg>")
