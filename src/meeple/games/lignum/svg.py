"""An SVG drawing of a Lignum position for the web client (built from the observation only).

``render_svg(obs, legal, seat_names)`` draws, from ``obs = state.observation(seat)`` and the
game's static data (:mod:`.components`), top to bottom:

* a header: variant, the **season track** (Y1 spring … Y2 winter, LG-4.1) and the **phase
  track** of the round (area choice, travel, wood-work phases 1–7, tactical area pick;
  winter: bonus, felling, sled transport, sawing, tasks, feeding, heating, final sale), the
  current step highlighted, whose turn it is (the seat to act in its colour) and what that seat
  is deciding, with what is left of it (the terminal board's line, ``text.decision_text``);
* the **supply path** (LG-8): start space 0, spaces 1–20 with their tokens, workers still
  for sale (carriers, fodder, woodcutters, sawyers free + $1), the market, spaces not used at
  this level greyed (8, and 13 without tasks, LG-1.3), X tokens; every foreman as a numbered
  disc in its seat colour; the **clearing** with arrival slots A–D (LG-8.6);
* the six **felling areas** (LG-6, LG-7) with their wood discs, food cubes and felling
  tokens; a seat's own unrevealed secret choice is drawn as a dashed token in its area, the
  others' only as "chosen" beside their mill (LG-7.1, LG-27.2);
* the **player-order track**, both **winter cards** (food and heating demanded, the current
  year's marked), the **task display** (advanced, LG-25), the placement cards revealed for the
  next round (tactical, LG-24.2), deck sizes and the equipment-token supply;
* one **mill board** per seat (LG-0): money, loans, worker field (hired woodcutters,
  carriers, sawyers and the mill worker, free or used), equipment store, food store, fodder
  stable, product store (face down, as a count, with the ``hidden_products`` option, LG-8.4.4),
  the three hut fields, woodpile card, river, saw room, heating store, sales room, dryers 1–3
  (sale bonus +0/+0/+1/+2, LG-15.2) and the task cards held with their filled requirements;
* at the end, the **final scores** (dollars, LG-22) with the ranking (ties shared, LG-22.4);
  a legend of the wood pieces (discs round, sawn sticks oblong) and seat colours.

Clickable (``class="act"`` and ``data-action``; only notations present in ``legal``):

* path space ``N`` / the clearing: ``go N`` / ``go C``; the price-1 sawyer at space 16:
  ``extra``; at the market: ``buy saw`` and ``buy food`` markers;
* a felling area: ``area N`` (secret choice or tactical pick) and ``relocate N``; a hut
  marker in an area: ``foodhut N``; a wood disc in the viewer's felling area: ``fell SW``
  (or ``fell SW mill`` / ``lodge`` when it is the only way);
* a displayed task card: ``task Txx``; a requirement slot of a held task: ``fill Txx j``;
* a piece (by kind and place) on the viewer's mill: ``sell P LOC`` (also forced sales from the
  saw room and heating store), ``dry P LOC``, ``saw P`` (+ worker when unique), ``burn P``,
  ``river P``; the small arrow under a piece: ``dryhut P LOC``;
* "+FW"-style markers in the saw room, sales room, river and woodpile: ``FW saw`` /
  ``FW sales`` / ``FW river`` (transport and rafting arrival) and ``bonus FW`` (winter);
  "+sFW" markers in the heating store and sales room: ``heat`` / ``sales`` (new sticks);
* the wagon, raft and sled tokens and the carriers: ``wagon``, ``raft N``, ``sled mill`` ...,
  ``carry``; the mill worker and the lodging hut field: the single legal action ending in
  `` mill`` / `` lodge`` (e.g. winter ``fell mill``); the food store: ``food`` (sled);
  a hut field: ``hut K`` (placing new huts); ``build`` on the hut fields' marker.

Where one spot would stand for several legal actions (e.g. ``raft 1`` and ``raft 2`` on the
raft token) it carries none: the client lists every legal action as a button anyway, as it
does ``loan``, ``done``, ``carriers N``, ``cutters N`` and the product-set sales.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .components import (
    BONUS,
    EQUIP_NAMES,
    PIECE_NAMES,
    PLACEMENT_CARDS,
    PRODUCT_NAMES,
    SEASONS,
    SPACE_TYPE,
    TASK_CARDS,
    WINTER_CARDS,
)
from .text import decision_text

W = 1200
"""Width of the drawing in viewBox units (the height depends on the number of seats)."""

SEAT_COLOURS = ("#d62828", "#f28c28", "#f4f4f0", "#2456c8")
"""LG-2.2 seat colours red, orange, white, blue (seat 0 is red)."""
SEAT_COLOUR_NAMES = ("red", "orange", "white", "blue")
_SEAT_TEXT = ("#ffffff", "#000000", "#000000", "#ffffff")

PIECE_FILL = ("#d99a52", "#f3e2a0", "#70421f", "#d99a52", "#f3e2a0", "#70421f")
"""Fill per piece kind FW, SW, HW, sFW, sSW, sHW (a stick has its disc's colour)."""
_PIECE_TEXT = ("#000", "#000", "#fff", "#000", "#000", "#fff")
PIECE_LONG = ("firewood disc", "softwood disc", "hardwood disc", "sawn firewood", "sawn softwood",
              "sawn hardwood")
FOOD_FILL = "#e1c340"
WORKER_FILL = {"woodcutters": "#8b5a2b", "carriers": "#7b3fa0", "sawyers": "#8a8a8a"}
_PRODUCT_SHORT = ("St", "Bo", "Sh", "Re", "J")
_TOKEN_LABEL = {"saw": "saw", "raft": "raft", "wagon": "wagon", "sled": "sled", "food_token": "food",
                "dollar_token": "$1", "x_token": "X blocked"}

_NONWINTER_TRACK = (("choose", "area choice"), ("travel", "travel"), ("fell", "1 felling"),
                    ("arrive", "2 rafting"), ("transport", "3 transport"), ("saw", "4 sawing"),
                    ("tasks", "5 tasks"), ("sell", "6 selling"), ("dry", "7 drying"), ("tact", "area pick"))
_WINTER_TRACK = (("w_bonus", "bonus"), ("w_fell", "1 felling"), ("w_sled", "2 sled"), ("w_saw", "3 sawing"),
                 ("w_tasks", "4 tasks"), ("feed", "5 feeding"), ("heat", "6 heating"), ("final", "final sale"))
_LOCS = ("sales", "d1", "d2", "d3")
_LOC_LONG = ("sales room", "dryer 1", "dryer 2", "dryer 3")


def _t(s) -> str:
    """Text escaped for element content."""
    return str(s) if type(s) is int else escape(str(s))


def _a(s) -> str:
    """Text escaped for a double-quoted attribute value."""
    return escape(str(s), {'"': "&quot;"})


def _text(x, y, s, size=11, anchor="start", weight="normal", fill="#222", extra="") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}"{extra}>{_t(s)}</text>')


def _rect(x, y, w, h, fill="#fff", stroke="#888", rx=4, extra="") -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" fill="{fill}" '
            f'stroke="{stroke}"{extra}/>')


def _group(body: str, action: str | None, title: str = "", passive: bool = False) -> str:
    """``body`` wrapped in a ``<g>``: clickable (class ``act``, ``data-action``) when ``action``;
    ``passive`` makes a non-clickable group let clicks through to what lies under it."""
    tip = f"<title>{_t(title)}</title>" if title else ""
    if action:
        return f'<g class="act" data-action="{_a(action)}">{tip}{body}</g>'
    return f'<g pointer-events="none">{tip}{body}</g>' if passive else f"<g>{tip}{body}</g>"


class _Acts:
    """The legal notations, and the rule that a drawn thing carries an action only when
    exactly one of its candidate notations is legal (never a guess)."""

    def __init__(self, legal):
        self.legal = set(legal)

    def one(self, *candidates) -> str | None:
        hits = [c for c in dict.fromkeys(candidates) if c in self.legal]
        if len(hits) != 1:
            return None
        return hits[0]

    def suffixed(self, suffix: str) -> str | None:
        """The single legal notation ending in ``suffix`` (`` mill`` / `` lodge``), if one."""
        return self.one(*[a for a in self.legal if a.endswith(suffix)])


def _seat_disc(x, y, s, r=9, dashed=False) -> str:
    dash = ' stroke-dasharray="3,2"' if dashed else ""
    fill = "none" if dashed else SEAT_COLOURS[s % 4]
    txt = SEAT_COLOURS[s % 4] if dashed else _SEAT_TEXT[s % 4]
    if dashed and s % 4 == 2:
        txt = "#555"
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#222" stroke-width="1.2"{dash}/>'
            + _text(x, y + 3.8, s + 1, size=10, anchor="middle", weight="bold", fill=txt))


def _piece(x, y, p, count) -> str:
    """A wood piece of kind ``p`` centred at (x, y) with its count: discs round, sticks oblong."""
    fill, tc = PIECE_FILL[p], _PIECE_TEXT[p]
    if p < 3:
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9.5" fill="{fill}" stroke="#3b2410"/>'
    else:
        shape = _rect(x - 10, y - 7, 20, 14, fill=fill, stroke="#3b2410", rx=2)
    return shape + _text(x, y + 4, count, size=10.5, anchor="middle", weight="bold", fill=tc)


def _marker(x, y, label, action, title="", w=None) -> str:
    """A small labelled button (only drawn with a legal action)."""
    w = w or 6 + 5.8 * len(label)
    body = (_rect(x, y, w, 15, fill="#fff6c2", stroke="#b08900", rx=7)
            + _text(x + w / 2, y + 11, label, size=9.5, anchor="middle", weight="bold", fill="#5a4500"))
    return _group(body, action, title)


def _name(seat_names, s) -> str:
    return str(seat_names[s]) if s < len(seat_names) and seat_names[s] is not None else f"P{s + 1}"


def _short(s: str, n: int) -> str:
    return s if len(s) <= n else s[:n - 1] + "…"


# ------------------------------------------------------------------ header
def _header(o, n, seat_names, y) -> tuple[str, int]:
    out = []
    r = o["round"]
    cur = o["current_player"]
    title = f"Lignum · {o['variant']} · {n} players"
    out.append(_text(10, y + 18, title, size=16, weight="bold"))
    if cur is not None and cur >= 0:
        out.append(_seat_disc(330, y + 13, cur))
        out.append(_text(344, y + 18, f"to act: {_short(_name(seat_names, cur), 28)}", size=14, weight="bold"))
    else:
        out.append(_text(330, y + 18, "game over" if o["phase"] == "over" else "waiting", size=14, weight="bold"))
    if o.get("seat") is not None:
        s = o["seat"]
        out.append(_text(W - 10, y + 18, f"you: {_short(_name(seat_names, s), 24)} ({SEAT_COLOUR_NAMES[s % 4]})",
                         size=12, anchor="end"))
    else:
        out.append(_text(W - 10, y + 18, "spectator view", size=12, anchor="end"))
    # season track
    y1 = y + 28
    out.append(_text(10, y1 + 13, "season", size=10, fill="#555"))
    for i, name in enumerate(SEASONS):
        x = 60 + i * 92
        on = i == r
        fill = "#ffe08a" if on else ("#e3edf7" if i in (3, 7) else "#f2f2ec")
        out.append(_rect(x, y1, 88, 18, fill=fill, stroke="#333" if on else "#aaa",
                         extra=' stroke-width="2"' if on else ""))
        out.append(_text(x + 44, y1 + 13, name, size=10, anchor="middle", weight="bold" if on else "normal"))
    # phase track
    y2 = y1 + 24
    winter = r in (3, 7) or o["phase"] in dict(_WINTER_TRACK)
    track = _WINTER_TRACK if winter else _NONWINTER_TRACK
    advanced = o["variant"].startswith("advanced")
    tactical = o["variant"].endswith("tactical")
    out.append(_text(10, y2 + 13, "phase", size=10, fill="#555"))
    for i, (ph, label) in enumerate(track):
        x = 60 + i * 92
        off = ((ph in ("tasks", "w_tasks") and not advanced) or (ph == "w_tasks" and r != 7)
               or (ph == "tact" and not tactical) or (ph == "choose" and (tactical or r == 0)))
        on = o["phase"] == ph
        fill = "#ffe08a" if on else ("#e6e6e6" if off else "#f2f2ec")
        out.append(_rect(x, y2, 88, 18, fill=fill, stroke="#333" if on else "#aaa",
                         extra=' stroke-width="2"' if on else ""))
        out.append(_text(x + 44, y2 + 13, label + (" (off)" if off else ""), size=10, anchor="middle",
                         weight="bold" if on else "normal", fill="#999" if off else "#222"))
    y3 = y2 + 22
    if cur is not None and cur >= 0:
        what = decision_text(o, None)
        out.append(_text(10, y3 + 12, f"{_short(_name(seat_names, cur), 28)} decides: {_short(what, 150)}", size=11,
                         fill="#333"))
        y3 += 18
    return "".join(out), y3 + 2


# ------------------------------------------------------------------ supply path
def _space_label(o, sp) -> list[str]:
    t = SPACE_TYPE[sp]
    w = o["path_w"]
    if t == "token":
        tok = o["path_tok"][sp]
        if not tok:
            return ["(empty)"]
        if tok.startswith("p"):
            return [tok[1:], "product"]
        return [_TOKEN_LABEL.get(tok, tok)]
    if t == "carriers":
        return ["carriers", f"{w[0]} left, $1"]
    if t == "fodder":
        return ["fodder", f"{w[1]} left, $1"]
    if t == "woodcutters":
        return ["woodcutters", f"{w[2]} left, $1"]
    if t == "sawyers":
        return ["sawyers", f"{w[3]} free"]
    if t == "market":
        return ["market", "saw/food $1"]
    if t == "tasks":
        return ["tasks $1"] if o["variant"].startswith("advanced") else ["tasks", "(not used)"]
    return ["planned work", "(not used)"]


def _path(o, n, acts, y) -> tuple[str, int]:
    out = [_text(10, y + 12, "Supply path", size=13, weight="bold"),
           _text(110, y + 12, "(foremen as numbered discs; move forward once per turn, LG-8)", size=10, fill="#555")]
    y0 = y + 18
    cw, ch = 98, 70
    advanced = o["variant"].startswith("advanced")
    extra = []
    for sp in range(21):
        row, col = (0, sp) if sp < 12 else (1, sp - 12)
        x, yy = 10 + col * cw, y0 + row * (ch + 8)
        t = SPACE_TYPE[sp] if sp else "start"
        unused = t == "planned_work" or (t == "tasks" and not advanced)
        blocked = o["path_tok"][sp] == "x_token"
        fill = "#e4e4e4" if unused or blocked else ("#eef6e8" if t != "token" and t != "start" else "#fbfaf4")
        body = [_rect(x, yy, cw - 4, ch, fill=fill, stroke="#8a8a7a")]
        body.append(_text(x + 5, yy + 15, sp if sp else "0 start", size=13 if sp else 11, weight="bold"))
        if sp:
            for i, line in enumerate(_space_label(o, sp)):
                body.append(_text(x + 5, yy + 30 + i * 12, line, size=10, fill="#444"))
            if t in WORKER_FILL:
                k = o["path_w"][{"carriers": 0, "woodcutters": 2, "sawyers": 3}[t]]
                body.append(f'<rect x="{x + cw - 20:.1f}" y="{yy + 5:.1f}" width="10" height="14" rx="3" '
                            f'fill="{WORKER_FILL[t]}" opacity="{1 if k else 0.25}"/>')
        here = [s for s in range(n) if o["pos"][s] == sp]
        for i, s in enumerate(here):
            body.append(_seat_disc(x + 13 + i * 21, yy + ch - 12, s))
        name = f"space {sp}" if sp else "start space"
        out.append(_group("".join(body), acts.one(f"go {sp}") if sp else None, name))
        if t == "sawyers":
            have = o["path_w"][4]
            fig = (f'<rect x="{x + cw - 36:.1f}" y="{yy + 5:.1f}" width="10" height="14" rx="3" '
                   f'fill="{WORKER_FILL[t]}" stroke="#222" opacity="{1 if have else 0.25}"/>'
                   + _text(x + cw - 31, yy + 30, "+$1", size=9, anchor="middle", fill="#444"))
            extra.append(_group(fig, acts.one("extra"), f"price-1 sawyer ({'there' if have else 'taken'})"))
        if t == "market":
            a, b = acts.one("buy saw"), acts.one("buy food")
            if a:
                extra.append(_marker(x + cw - 48, yy + 6, "+saw", a, "buy a saw ($1)", w=40))
            if b:
                extra.append(_marker(x + cw - 48, yy + 24, "+food", b, "buy a food cube ($1)", w=40))
    # clearing: 3 cells wide at the end of row 2
    x, yy = 10 + 9 * cw, y0 + ch + 8
    body = [_rect(x, yy, 3 * cw - 4, ch, fill="#e2f0d9", stroke="#5a7a4a"),
            _text(x + 6, yy + 15, "forest clearing", size=12, weight="bold")]
    known = o["phase"] != "choose"
    for i in range(4):
        sx = x + 10 + i * 70
        body.append(_rect(sx, yy + 24, 60, 38, fill="#fff" if i < n else "#ddd", stroke="#888"))
        body.append(_text(sx + 5, yy + 36, "ABCD"[i], size=10, weight="bold", fill="#555"))
        if known and i < len(o["clearing"]):
            body.append(_seat_disc(sx + 36, yy + 45, o["clearing"][i], r=10))
    if not known:
        body.append(_text(x + 150, yy + 15, "(order not yet known)", size=9, fill="#555"))
    out.append(_group("".join(body), acts.one("go C"), "forest clearing: arrival slots A-D (LG-8.6)"))
    out.extend(extra)
    return "".join(out), y0 + 2 * ch + 16


# ------------------------------------------------------------------ felling areas
def _areas(o, n, acts, y) -> tuple[str, int]:
    out = [_text(10, y + 12, "Felling areas", size=13, weight="bold")]
    viewer = o.get("seat")
    mine = o["secret"][viewer] if viewer is not None else 0
    y0 = y + 18
    aw, ah = 196, 96
    cur = o["current_player"]
    for a in range(1, 7):
        x = 10 + (a - 1) * (aw + 2)
        wood = o["areas_wood"][a - 1]
        food = o["areas_food"][a - 1]
        chips = []
        px = x + 18
        any_chip_act = False
        for p in range(3):
            if not wood[p]:
                continue
            act = None
            if viewer is not None and viewer == cur and o["area"][viewer] == a:
                nm = PIECE_NAMES[p]
                act = acts.one(f"fell {nm}", f"fell {nm} mill", f"fell {nm} lodge")
            any_chip_act = any_chip_act or bool(act)
            chips.append(_group(_piece(px, y0 + 42, p, wood[p]), act,
                                f"{wood[p]} {PIECE_LONG[p]}{'s' if wood[p] > 1 else ''}", passive=not act))
            px += 26
        if not any(wood):
            chips.append(_group(_text(x + 8, y0 + 46, "no wood", size=10, fill="#777"), None, passive=True))
        if food:
            fx = x + aw - 60
            chips.append(_group(
                f'<rect x="{fx:.1f}" y="{y0 + 34:.1f}" width="14" height="14" fill="{FOOD_FILL}" stroke="#806000"/>'
                + _text(fx + 18, y0 + 46, f"×{food} food", size=10), None, f"{food} food cubes", passive=True))
        toks = []
        for i, s in enumerate(s for s in range(n) if o["area"][s] == a):
            toks.append(_seat_disc(x + 16 + i * 22, y0 + ah - 16, s))
        if mine == a:
            toks.append(_seat_disc(x + aw - 18, y0 + ah - 16, viewer, dashed=True))
            toks.append(_text(x + aw - 32, y0 + ah - 12, "your secret choice", size=9, anchor="end", fill="#555"))
        back = (_rect(x, y0, aw, ah, fill="#e9f2df", stroke="#5a7a4a")
                + _text(x + 8, y0 + 16, f"area {a}", size=12, weight="bold") + "".join(toks))
        area_act = acts.one(f"area {a}", f"relocate {a}")
        if any_chip_act:   # never nest clickable elements
            area_act = None
        out.append(_group(back, area_act, f"felling area {a}"))
        out.extend(chips)
        fh = acts.one(f"foodhut {a}")
        if fh:
            out.append(_marker(x + aw - 78, y0 + 4, "food-store hut", fh, f"use a food-store hut on area {a}", w=74))
    return "".join(out), y0 + ah + 8


# ------------------------------------------------------------------ info row
def _info(o, n, acts, seat_names, y) -> tuple[str, int]:
    out = []
    h = 96
    # player-order track
    out.append(_rect(10, y, 170, h, fill="#f7f4ea", stroke="#999"))
    out.append(_text(18, y + 15, "player order", size=11, weight="bold"))
    for i in range(4):
        sx = 18 + i * 40
        out.append(_rect(sx, y + 24, 34, 40, fill="#fff" if i < n else "#ddd", stroke="#888"))
        out.append(_text(sx + 4, y + 35, i + 1, size=9, fill="#555"))
        if i < len(o["order"]):
            out.append(_seat_disc(sx + 17, y + 50, o["order"][i]))
    out.append(_text(18, y + 82, "next round: reverse arrival", size=9, fill="#666"))
    # winter cards
    x = 188
    out.append(_rect(x, y, 170, h, fill="#eaf1f8", stroke="#7a8fa8"))
    out.append(_text(x + 8, y + 15, "winter cards", size=11, weight="bold"))
    year = 0 if o["round"] < 4 else 1
    for i, (c, half) in enumerate(o["winter"]):
        f, heat = WINTER_CARDS[c][1 + half]
        yy = y + 24 + i * 34
        on = i == year and o["phase"] != "over"
        out.append(_rect(x + 8, yy, 154, 28, fill="#fff", stroke="#333" if on else "#aaa",
                         extra=' stroke-width="2"' if on else ""))
        out.append(_text(x + 14, yy + 12, f"Y{i + 1} winter{' (this year)' if on else ''}", size=9.5,
                         weight="bold" if on else "normal"))
        out.append(_text(x + 14, yy + 24, f"{f} food · {heat} heating", size=10))
    # task display and revealed placement cards
    x = 366
    wbox = 600
    out.append(_rect(x, y, wbox, h, fill="#fbf7ee", stroke="#999"))
    cx = x + 8
    if o["variant"].startswith("advanced"):
        out.append(_text(x + 8, y + 15, f"task display (space 13, $1; deck {len(o['tdeck'])})", size=11,
                         weight="bold"))
        for t in o["tdisplay"]:
            out.append(_task_card(cx, y + 22, t, None, acts.one(f"task {TASK_CARDS[t][0]}"), acts))
            cx += 120
        if not o["tdisplay"]:
            out.append(_text(x + 8, y + 40, "(empty)", size=10, fill="#777"))
    if o["prevealed"]:
        ty = y + 15 if not o["variant"].startswith("advanced") else y + 80
        label = "next round's placement cards: "
        parts = []
        for c in o["prevealed"]:
            cid, items = PLACEMENT_CARDS[c]
            parts.append(f"{cid} " + " ".join(f"A{a}+{k}{('FW', 'SW', 'HW', 'food')[i]}" for a, i, k in items))
        text = label + " | ".join(parts)
        if not o["variant"].startswith("advanced"):
            out.append(_text(x + 8, ty, "placement cards for the next round (tactical, LG-24.2)", size=11,
                             weight="bold"))
            for i, p in enumerate(parts):
                out.append(_text(x + 8, ty + 18 + i * 15, p, size=10.5))
        else:
            out.append(_text(x + 8, ty + 10, _short(text, 110), size=9.5))
    if not o["variant"].startswith("advanced") and not o["prevealed"]:
        out.append(_text(x + 8, y + 15, "no tasks in the basic game", size=10, fill="#777"))
    # decks and supply
    x = 974
    out.append(_rect(x, y, 216, h, fill="#f4f4f4", stroke="#999"))
    out.append(_text(x + 8, y + 15, "decks and supply", size=11, weight="bold"))
    nstack = o["pstack"] if isinstance(o["pstack"], int) else len(o["pstack"])
    out.append(_text(x + 8, y + 31, f"placement cards {len(o['pdeck'])} · product stack {nstack}", size=10))
    sup = o["supply"]
    names = [("saw", "saws"), ("raft", "rafts"), ("wagon", "wagons"), ("sled", "sleds")]
    out.append(_text(x + 8, y + 47, "supply: " + ", ".join(f"{sup.get(k, 0)} {v}" for k, v in names), size=10))
    out.append(_text(x + 8, y + 63, f"food tokens {sup.get('food_token', 0)} · $1 tokens {sup.get('dollar_token', 0)}"
                     f" · X {sup.get('x_token', 0)}", size=10))
    out.append(_text(x + 8, y + 79, "wood, sticks, food, money: unlimited", size=9, fill="#666"))
    return "".join(out), y + h + 8


def _task_card(x, y, t, filled, action, acts, seat_act=False) -> str:
    """A task card (LG-25): id, reward, one slot per required piece (its dryer), filled ✓.
    ``filled``: the held task's flags (None for a displayed card); ``seat_act``: the viewer is
    to act on his own card, so each open slot may carry ``fill Txx j``."""
    cid, reqs, reward = TASK_CARDS[t]
    w = 114
    body = [_rect(x, y, w, 48, fill="#fff", stroke="#8a6d3b"),
            _text(x + 5, y + 12, cid, size=10, weight="bold"), _text(x + w - 5, y + 12, f"${reward}", size=10,
                                                                       anchor="end", weight="bold")]
    slots = []
    for j, (p, lv) in enumerate(reqs):
        sx = x + 14 + j * 30
        done = bool(filled and filled[j])
        piece = _piece(sx, y + 28, p, "✓" if done else PIECE_NAMES[p][-2:])
        piece += _text(sx, y + 45, ("d1", "d2", "d3")[lv], size=8.5, anchor="middle", fill="#444")
        if seat_act and not done:
            slots.append(_group(piece, acts.one(f"fill {cid} {j + 1}"),
                                f"requirement {j + 1}: {PIECE_LONG[p]} from dryer {lv + 1}"))
        else:
            body.append(piece)
    title = f"task {cid}: " + ", ".join(f"{PIECE_LONG[p]} from dryer {lv + 1}" for p, lv in reqs) + f" → ${reward}"
    return _group("".join(body), action, title) + "".join(slots)


# ------------------------------------------------------------------ mill boards
MILL_W = 585


def _zone(x, y, w, h, label, fill="#fff", sub="") -> str:
    out = _rect(x, y, w, h, fill=fill, stroke="#7a6a50") + _text(x + 5, y + 12, label, size=10, weight="bold")
    if sub:
        out += _text(x + w - 4, y + 12, sub, size=9, anchor="end", fill="#666")
    return out


def _mill(o, s, seat_names, acts, x, y, final) -> tuple[str, int]:
    viewer = o.get("seat")
    cur = o["current_player"]
    mine = viewer == s and cur == s      # only then are legal actions about this mill
    a = acts if mine else _Acts([])
    out = []
    colour = SEAT_COLOURS[s % 4]
    to_act = cur == s
    body_h = 300
    tasks = o["tasks"][s]
    advanced = o["variant"].startswith("advanced")
    task_rows = (max(1, (len(tasks) + 4) // 5)) if advanced else 0
    h = body_h + task_rows * 54
    out.append(_rect(x, y, MILL_W, h, fill="#faf6ee", stroke="#222" if to_act else "#999", rx=6,
                     extra=' stroke-width="3"' if to_act else ""))
    out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{MILL_W}" height="24" rx="6" fill="{colour}" stroke="#555"/>')
    tc = _SEAT_TEXT[s % 4]
    name = _short(_name(seat_names, s), 26) + (" (you)" if viewer == s else "")
    out.append(_text(x + 8, y + 17, f"{s + 1} · {name}", size=13, weight="bold", fill=tc))
    cash = o["money"][s]
    money = f"-${-cash}" if cash < 0 else f"${cash}"
    loans = o["loans"][s]
    if final is not None:
        due = " (repaid)" if loans else ""
    else:
        due = " ($7 due)" if loans == 1 else " ($16 due)" if loans == 2 else ""
    right = f"{money} · loans {loans}{due}"
    if to_act:
        right = "◀ to act · " + right
    out.append(_text(x + MILL_W - 8, y + 17, right, size=13, anchor="end", weight="bold", fill=tc))
    if o["committed"][s] and o["phase"] == "choose":
        sec = o["secret"][s]
        out.append(_text(x + MILL_W - 8, y + 38, f"area chosen: {sec}" if sec else "area chosen (hidden)", size=10,
                         anchor="end", weight="bold"))
    yy = y + 30
    # row A: worker field, equipment store, food store, fodder stable
    wk = o["workers"][s]
    out.append(_zone(x + 6, yy, 196, 56, "worker field"))
    for i, (kind, k) in enumerate(zip(("woodcutters", "carriers", "sawyers"), wk)):
        wx = x + 16 + i * 46
        fig = (f'<rect x="{wx:.1f}" y="{yy + 20:.1f}" width="12" height="18" rx="3" fill="{WORKER_FILL[kind]}" '
               f'opacity="{1 if k else 0.25}"/>' + _text(wx + 16, yy + 34, k, size=11, weight="bold")
               + _text(wx + 6, yy + 51, kind[:-1] if k == 1 else kind, size=7.5, anchor="middle", fill="#555"))
        act = a.one("carry") if kind == "carriers" and k else None
        out.append(_group(fig, act, f"{k} hired {kind}"))
    free = o["mill_free"][s]
    mx = x + 162
    fig = (f'<rect x="{mx:.1f}" y="{yy + 18:.1f}" width="14" height="20" rx="4" fill="{colour}" stroke="#222" '
           f'opacity="{1 if free else 0.3}"/>' + _text(mx + 7, yy + 51, "mill worker" if free else "(used)", size=7.5,
                                                      anchor="middle", fill="#555"))
    out.append(_group(fig, a.suffixed(" mill") if free else None,
                      "mill worker: " + ("free this round" if free else "used this round")))
    eq = o["equip"][s]
    ex = x + 208
    out.append(_zone(ex, yy, 176, 56, "equipment store"))
    for i, (nm, k) in enumerate(zip(EQUIP_NAMES, eq)):
        tx = ex + 8 + i * 42
        tok = (_rect(tx, yy + 18, 36, 20, fill="#e8e0cc" if k else "#f3f0e8", stroke="#6b5b3e", rx=3)
               + _text(tx + 18, yy + 32, k, size=11, anchor="middle", weight="bold", fill="#222" if k else "#aaa")
               + _text(tx + 18, yy + 51, nm, size=8.5, anchor="middle", fill="#555"))
        act = None
        if k:
            if nm == "wagon":
                act = a.one("wagon", "wagon mill", "wagon lodge")
            elif nm == "raft":
                act = a.one(*[f"raft {m}{suf}" for m in range(1, k + 1) for suf in ("", " mill", " lodge")])
            elif nm == "sled":
                act = a.one("sled mill", "sled lodge")
        out.append(_group(tok, act, f"{k} {nm} token{'s' if k != 1 else ''}"))
    fx = x + 390
    food = o["food"][s]
    out.append(_zone(fx, yy, 90, 56, "food store"))
    fbody = (f'<rect x="{fx + 10:.1f}" y="{yy + 22:.1f}" width="16" height="16" fill="{FOOD_FILL}" stroke="#806000"/>'
             + _text(fx + 32, yy + 35, f"×{food}", size=12, weight="bold"))
    out.append(_group(fbody, a.one("food") if food else None, f"{food} food cubes"))
    sx = x + 486
    out.append(_zone(sx, yy, 93, 56, "fodder stable"))
    for i, (val, have) in enumerate(((3, o["fodder3"][s]), (2, o["fodder2"][s]))):
        bx = sx + 10 + i * 40
        out.append(_rect(bx, yy + 18, 32, 24, fill="#e8cf6a" if have else "#f3f0e8",
                         stroke="#806000" if have else "#ccc", rx=8))
        out.append(_text(bx + 16, yy + 34, val, size=12, anchor="middle", weight="bold",
                         fill="#222" if have else "#bbb"))
    out.append(_text(sx + 46, yy + 52, "value 3 / 2", size=8, anchor="middle", fill="#666"))
    # row B: product store, hut fields
    yy += 62
    px = x + 6
    out.append(_zone(px, yy, 262, 52, "product store"))
    prods = o["products"][s]
    if prods is None:
        k = o.get("product_counts", [0] * (s + 1))[s]
        out.append(_rect(px + 10, yy + 18, 30, 26, fill="#6d5a45", stroke="#333", rx=3))
        out.append(_text(px + 48, yy + 36, f"{k} face down", size=11, weight="bold"))
    else:
        for i, (nm, k) in enumerate(zip(PRODUCT_NAMES, prods)):
            tx = px + 8 + i * 50
            out.append(_group(_rect(tx, yy + 16, 44, 20, fill="#d8c6a0" if k else "#f3f0e8",
                                    stroke="#6b5b3e" if k else "#ccc", rx=3)
                              + _text(tx + 22, yy + 30, f"{_PRODUCT_SHORT[i]} {k}", size=10.5, anchor="middle",
                                      weight="bold", fill="#222" if k else "#aaa")
                              + _text(tx + 22, yy + 47, nm, size=8, anchor="middle", fill="#555"),
                              None, f"{k} {nm} token{'s' if k != 1 else ''}"))
    hx = x + 274
    huts = o["huts"][s]
    sub = f"placing {o['hut_left']} new" if mine and o["hut_left"] else ""
    out.append(_zone(hx, yy, 305, 52, "hut fields", sub=sub))
    for i, (label, k) in enumerate(zip(("1 drying", "2 food store", "3 lodging"), huts)):
        bx = hx + 8 + i * 84
        cell = (_rect(bx, yy + 16, 78, 30, fill="#efe3c8" if k else "#f7f4ec", stroke="#8a6d3b", rx=3)
                + f'<path d="M{bx + 8:.1f},{yy + 32:.1f} l8,-8 l8,8 z" fill="{"#8a5a2b" if k else "#ddd"}"/>'
                + _text(bx + 28, yy + 30, f"×{k}", size=11, weight="bold") + _text(bx + 28, yy + 42, label, size=8.5))
        cands = [f"hut {i + 1}"]
        act = a.one(*cands) if o["hut_left"] else (a.suffixed(" lodge") if i == 2 and k else None)
        out.append(_group(cell, act, f"hut field {label}: {k} hut{'s' if k != 1 else ''}"))
    b = a.one("build")
    if b:
        out.append(_marker(hx + 240, yy + 2, "build", b, "build 3 huts from stake, board and shingle (LG-19.1)",
                           w=44))
    # rows C, D: wood locations
    yy += 58
    zw, zh = 141, 64
    zones = [("woodpile card", o["woodpile"][s], (0, 1, 2), "woodpile"),
             ("river", o["river"][s], (0, 1, 2), "river"),
             ("saw room", o["sawroom"][s], (0, 1, 2), "saw"),
             ("heating store", o["heat"][s], (3, 4, 5), "heat")]
    for i, (label, counts, kinds, key) in enumerate(zones):
        zx = x + 6 + i * (zw + 3)
        out.append(_zone(zx, yy, zw, zh, label, fill="#fffbe8" if key == "saw" else "#fff"))
        out.append(_pieces_in(zx, yy, counts, kinds, key, a, mine))
        out.append(_put_markers(o, zx + zw, yy + zh - 17, key, a, mine))
    yy += zh + 6
    for i in range(4):
        zx = x + 6 + i * (zw + 3)
        sub = f"sale +${BONUS[i]}"
        if i == 3:
            sub += ", must sell"
        out.append(_zone(zx, yy, zw, zh, _LOC_LONG[i], fill="#f0f6ff" if i else "#fff", sub=sub if i else ""))
        out.append(_pieces_in(zx, yy, o["mill"][s][i], range(6), _LOCS[i], a, mine))
        if i == 0:
            out.append(_put_markers(o, zx + zw, yy + 2, "sales", a, mine))
    yy += zh + 6
    if advanced:
        out.append(_text(x + 8, yy + 10, "tasks held" + (" (none)" if not tasks else ""), size=10, weight="bold"))
        for j, task in enumerate(tasks):
            cx = x + 8 + (j % 5) * 116
            cy = yy + 14 + (j // 5) * 54
            out.append(_task_card(cx, cy, task[0], task[1:], None, a, seat_act=mine))
    if final is not None:
        out.append(_text(x + MILL_W - 8, y + h - 8, f"final: {final}", size=12, anchor="end", weight="bold"))
    return "".join(out), h


_WHERE = {"woodpile": "on the woodpile card", "river": "on the river", "saw": "in the saw room",
          "heat": "in the heating store", "sales": "in the sales room", "d1": "in dryer 1", "d2": "in dryer 2",
          "d3": "in dryer 3"}


def _pieces_in(zx, zy, counts, kinds, key, a, mine) -> str:
    """The pieces of one mill location, one counted chip a kind; each chip carries the single
    legal action about that piece there, a drying-hut arrow under it ``dryhut P LOC``."""
    out = []
    cx = zx + 14
    for p in kinds:
        k = counts[p - kinds[0]] if key in ("woodpile", "river", "saw", "heat") else counts[p]
        if not k:
            continue
        nm = PIECE_NAMES[p]
        act = None
        if mine:
            if key in _LOCS:
                act = a.one(f"sell {nm} {key}", f"dry {nm} {key}")
            elif key == "saw":
                act = a.one(f"sell {nm} saw", f"saw {nm}", f"saw {nm} mill", f"saw {nm} lodge")
            elif key == "heat":
                act = a.one(f"burn {nm}", f"sell {nm} heat")
            elif key == "river":
                act = a.one(f"river {nm}")
        where = _WHERE[key]
        out.append(_group(_piece(cx, zy + 32, p, k), act, f"{k} {PIECE_LONG[p]} {where}"))
        if mine and key in _LOCS[:3]:
            dh = a.one(f"dryhut {nm} {key}")
            if dh:
                arrow = (f'<path d="M{cx - 8:.1f},{zy + 47:.1f} h10 v-3 l7,6 l-7,6 v-3 h-10 z" fill="#8a5a2b" '
                         f'stroke="#3b2410"/>')
                out.append(_group(arrow, dh, f"drying hut: move one {PIECE_LONG[p]} one place right"))
        cx += 22.5
    return "".join(out)


def _put_markers(o, right, y, key, a, mine) -> str:
    """Labelled markers in a corner of a location (a row ending at x = ``right``, top at ``y``)
    for the legal actions that put a piece there: ``FW saw`` / ``FW sales`` / ``FW river``,
    ``bonus FW`` (woodpile), and ``heat`` / ``sales`` for a new stick (its kind from the
    observation's ``pend``)."""
    if not mine:
        return ""
    marks = []
    if key in ("saw", "sales", "river"):
        for p in range(3):
            act = a.one(f"{PIECE_NAMES[p]} {key}")
            if act:
                marks.append((f"+{PIECE_NAMES[p]}", act, f"put a {PIECE_LONG[p]} here"))
    if key == "woodpile":
        for p in range(3):
            act = a.one(f"bonus {PIECE_NAMES[p]}")
            if act:
                marks.append((f"+{PIECE_NAMES[p]}", act, f"winter bonus: a {PIECE_LONG[p]} (LG-20.3)"))
    if key in ("heat", "sales") and o["stage"] == "split" and not o["hut_left"]:
        act = a.one(key)
        if act:
            pend = o["pend"]
            kind = PIECE_NAMES[pend[0]] if pend and isinstance(pend[0], int) and 3 <= pend[0] < 6 else "sawn"
            marks.append((f"+{kind}", act, f"put a new {kind} stick here"))
    out = []
    x = right
    for label, act, tip in reversed(marks):
        w = 6 + 5.8 * len(label)
        x -= w + 3
        out.append(_marker(x, y, label, act, tip, w=w))
    return "".join(out)


# ------------------------------------------------------------------ final scores, legend
def _final(o, n, seat_names, y) -> tuple[str, int]:
    money = o["money"]
    order = sorted(range(n), key=lambda s: -money[s])
    out = [_rect(10, y, W - 20, 30 + 18 * n, fill="#fff3c4", stroke="#b08900"),
           _text(20, y + 20, "Final scores (dollars after the final sale, loans repaid, tasks paid; LG-22)", size=13,
                 weight="bold")]
    for i, s in enumerate(order):
        place = 1 + sum(1 for t in range(n) if money[t] > money[s])
        cash = money[s]
        out.append(_seat_disc(30, y + 34 + i * 18, s, r=7))
        out.append(_text(44, y + 38 + i * 18, f"{place}. {_short(_name(seat_names, s), 40)}: "
                         f"{'-$' + str(-cash) if cash < 0 else '$' + str(cash)}", size=12, weight="bold"))
    return "".join(out), y + 38 + 18 * n


def _legend(n, seat_names, y) -> tuple[str, int]:
    out = [_text(10, y + 14, "key:", size=10, weight="bold")]
    x = 40
    for p in range(6):
        out.append(_piece(x + 10, y + 10, p, ""))
        out.append(_text(x + 24, y + 14, f"{PIECE_NAMES[p]} {PIECE_LONG[p]}", size=9.5))
        x += 122 if p < 3 else 128
    out.append(f'<rect x="{x:.1f}" y="{y + 3:.1f}" width="12" height="12" fill="{FOOD_FILL}" stroke="#806000"/>')
    out.append(_text(x + 16, y + 14, "food", size=9.5))
    y2 = y + 26
    x = 40
    for s in range(n):
        out.append(_seat_disc(x + 8, y2 + 6, s, r=7))
        out.append(_text(x + 20, y2 + 10, f"{_short(_name(seat_names, s), 22)} ({SEAT_COLOUR_NAMES[s % 4]})",
                         size=9.5))
        x += 200
    for kind, fill in WORKER_FILL.items():
        out.append(f'<rect x="{x:.1f}" y="{y2:.1f}" width="8" height="12" rx="2" fill="{fill}"/>')
        out.append(_text(x + 12, y2 + 10, kind, size=9.5))
        x += 80
    return "".join(out), y2 + 20


def render_svg(obs: dict, legal: list[str], seat_names: list[str]) -> str:
    """An SVG drawing of the whole board and every seat's public holdings as
    `obs = state.observation(seat)` shows it (obs["seat"] is the viewing seat, None for a
    spectator; obs["current_player"] the seat to act). The viewer's own private holdings
    (hand, secret choice) are drawn as obs gives them. `legal`: the notations (str(action))
    of the legal actions when obs["seat"] is the seat to act, else []. `seat_names`: the seats'
    display names (state.seat_name(i)), index = seat.
    Returns a string starting with "<svg" ... "</svg>".

    The drawing and its clickable places are described in the module docstring. Width 1200
    viewBox units, height about 900 (2 seats) to 1250 (4 seats, advanced). Only notations in
    ``legal`` appear as ``data-action`` (each at most on the one element it clearly names);
    with ``legal == []`` nothing is clickable."""
    o = obs
    n = len(o["money"])
    acts = _Acts(legal or [])
    parts = []
    body, y = _header(o, n, seat_names, 6)
    parts.append(body)
    body, y = _path(o, n, acts, y)
    parts.append(body)
    body, y = _areas(o, n, acts, y)
    parts.append(body)
    body, y = _info(o, n, acts, seat_names, y)
    parts.append(body)
    over = o["phase"] == "over"
    if over:
        body, y = _final(o, n, seat_names, y)
        parts.append(body)
    for row in range(0, n, 2):
        hmax = 0
        for j, s in enumerate(range(row, min(row + 2, n))):
            cash = o["money"][s]
            final = (f"-${-cash}" if cash < 0 else f"${cash}") if over else None
            body, h = _mill(o, s, seat_names, acts, 10 + j * (MILL_W + 10), y, final)
            parts.append(body)
            hmax = max(hmax, h)
        y += hmax + 8
    body, y = _legend(n, seat_names, y)
    parts.append(body)
    height = int(y + 6)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="100%" '
            f'font-family="sans-serif" role="img" aria-label="Lignum board">'
            f'<rect x="0" y="0" width="{W}" height="{height}" fill="#fdfcf7"/>' + "".join(parts) + "</svg>")


def place_keys(obs: dict) -> dict[str, str]:
    """Placeholder: replaced by the board rework."""
    return {}
