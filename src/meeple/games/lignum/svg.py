"""The Lignum board for the web client, drawn from the observation only (:mod:`meeple.core.svgkit`).

``render_svg(obs, legal, seat_names)`` draws, top to bottom, at 1 SVG unit = 1 CSS px (width
:data:`W`; every text at least 12 units, every clickable place at least 28 x 28):

* the header: variant, the **season track** (LG-4.1), the **phase track** (area choice, travel,
  wood-work phases 1-7, tactical area pick; winter: bonus, felling, sled, sawing, tasks,
  feeding, heating, final sale), who is to act;
* the **supply path** (LG-8) in three rows of seven spaces (0-20) and the **clearing** with its
  arrival slots A-D (LG-8.6): tokens, workers for sale, foremen (``data-piece="foreman-S"``);
* the six **felling areas** (LG-6, LG-7): wood discs, food cubes, felling tokens
  (``data-piece="token-S"``); the viewer's own secret choice dashed (LG-7.1, LG-27.2);
* the **player-order track**, both **winter cards**, the **task display** (LG-25) or the
  placement cards shown ahead (LG-24.2), decks and the equipment-token supply;
* the final ranking when the game is over (LG-22);
* one **sawmill board** per seat (LG-0), the viewer's first: money and loans, worker field,
  equipment store, food store, fodder stable, product store, hut fields, woodpile card,
  river, saw room, heating store, sales room, dryers 1-3 (sale bonus, LG-15.2), tasks held.

Every legal action that has a place is chosen on this board (``g.act[data-action]``):

* path space / clearing: ``go N`` / ``go C`` (confirm, a ghost foreman shows where he goes);
  the price-1 sawyer at space 16: ``extra``; at spaces 4 and 10 a row of numbers
  (``carriers N`` / ``cutters N``) and at the market a panel (``buy saw``, ``buy food``,
  product sets) open as a layer, shown at once while that decision is due;
* felling area: ``area N`` (confirm, ghost felling token), ``relocate N`` (confirm); a wood
  disc of the viewer's area: ``fell P`` (+ worker); the area's "food-store hut" button:
  ``foodhut N``;
* a displayed task card: ``task Txx``; an open requirement of a held task: ``fill Txx j``;
* a piece on the viewer's mill: ``sell``, ``dry``, ``dryhut``, ``saw``, ``burn``, ``river``;
  a woodpile (river) piece during transport (rafting arrival): its destinations appear as
  targets over the saw room / sales room / river (``FW saw`` ...); during sawing the new
  sticks go to the heating store or the sales room (``heat`` / ``sales``, the whole zone);
  winter bonus discs on the woodpile (``bonus P``);
* the carriers, the mill worker, the lodging-hut field, the wagon, raft and sled tokens:
  ``carry``, ``wagon``, ``raft N``, ``sled mill`` ... (+ worker); the food store: ``food``
  (sled); the hut fields: ``hut K``; buttons ``build`` and ``loan`` on the viewer's board.

A place that stands for several legal actions (e.g. ``raft 1`` / ``raft 2`` on the raft token,
``sell`` and ``dryhut`` on one piece) is a chooser: a tap opens a small panel (a layer of the
group ``pick``) with one button each. Only ``done`` has no place (it stays in the list).

``data-place`` keys (:func:`place_keys` gives each key's content): ``space:N``, ``clearing``,
``area:N``, ``order``, ``display``, and per seat ``S:money``, ``S:workers``, ``S:equip``,
``S:food``, ``S:fodder``, ``S:products``, ``S:huts``, ``S:woodpile``, ``S:river``, ``S:saw``,
``S:heat``, ``S:sales``, ``S:d1``, ``S:d2``, ``S:d3``, ``S:tasks``.
"""

from __future__ import annotations

from meeple.core.svgkit import MIN_HIT, Canvas, esc, num

from .components import (
    BASE_PRICE,
    BONUS,
    EQUIP_NAMES,
    PIECE_NAMES,
    PLACEMENT_CARDS,
    PRODUCT_NAMES,
    PRODUCT_SET_PRICE,
    SEASONS,
    SPACE_TYPE,
    TASK_CARDS,
    WINTER_CARDS,
)

W = 1200
"""Width of the drawing in SVG units (= CSS px at the initial zoom)."""

SEAT_COLOURS = ("#d62828", "#f28c28", "#f4f4f0", "#2456c8")
"""LG-2.2 seat colours red, orange, white, blue (seat 0 is red)."""
SEAT_COLOUR_NAMES = ("red", "orange", "white", "blue")
_SEAT_TEXT = ("#ffffff", "#000000", "#000000", "#ffffff")

PIECE_FILL = ("#d99a52", "#f3e2a0", "#70421f", "#d99a52", "#f3e2a0", "#70421f")
"""Fill per piece kind FW, SW, HW, sFW, sSW, sHW (a stick has its disc's colour)."""
_PIECE_TEXT = ("#000", "#000", "#fff", "#000", "#000", "#fff")
PIECE_LONG = ("firewood disc", "softwood disc", "hardwood disc", "sawn firewood", "sawn softwood", "sawn hardwood")
_WOOD = ("firewood", "softwood", "hardwood", "sawn firewood", "sawn softwood", "sawn hardwood")
FOOD_FILL = "#e1c340"
WORKER_FILL = {"woodcutters": "#8b5a2b", "carriers": "#7b3fa0", "sawyers": "#8a8a8a"}
_TOKEN_LABEL = {
    "saw": "saw",
    "raft": "raft",
    "wagon": "wagon",
    "sled": "sled",
    "food_token": "food",
    "dollar_token": "$1",
    "x_token": "X blocked",
}
_PRODUCT_WORD = ("stake", "board", "shingle", "reed", "joker")

_NONWINTER_TRACK = (
    ("choose", "area choice"),
    ("travel", "travel"),
    ("fell", "1 felling"),
    ("arrive", "2 rafting"),
    ("transport", "3 transport"),
    ("saw", "4 sawing"),
    ("tasks", "5 tasks"),
    ("sell", "6 selling"),
    ("dry", "7 drying"),
    ("tact", "area pick"),
)
_WINTER_TRACK = (
    ("w_bonus", "bonus"),
    ("w_fell", "1 felling"),
    ("w_sled", "2 sled"),
    ("w_saw", "3 sawing"),
    ("w_tasks", "4 tasks"),
    ("feed", "5 feeding"),
    ("heat", "6 heating"),
    ("final", "final sale"),
)
_LOCS = ("sales", "d1", "d2", "d3")
_LOC_LONG = ("sales room", "dryer 1", "dryer 2", "dryer 3")
_WHERE = {
    "woodpile": "on the woodpile card",
    "river": "on the river",
    "saw": "in the saw room",
    "heat": "in the heating store",
    "sales": "in the sales room",
    "d1": "in dryer 1",
    "d2": "in dryer 2",
    "d3": "in dryer 3",
}
_STYLE = (
    ".lg .act,.lg .choose{cursor:pointer}.lg .ghost{opacity:0;pointer-events:none}"
    '.lg .selected .ghost,.lg [aria-pressed="true"] .ghost{opacity:.6}'
)
"""Ghost previews stay invisible until the client marks their place selected (``.selected``
or ``aria-pressed``) after the first tap of a ``data-confirm`` place."""


def _name(seat_names, s) -> str:
    return str(seat_names[s]) if s < len(seat_names) and seat_names[s] is not None else f"P{s + 1}"


def _cut(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def _money(x: int) -> str:
    return f"-${-x}" if x < 0 else f"${x}"


# ------------------------------------------------------------------ short words for choosers
def words(notation: str) -> str:
    """A short button text for one notation inside a chooser panel (``"sell +$3"``, ``"2
    rafts (mill worker)"``); the full label in words is the view's."""
    w = notation.split()
    head = w[0]
    who = {"mill": "mill worker", "lodge": "lodging hut"}.get(w[-1], "") if len(w) > 1 else ""
    tail = f" ({who})" if who else ""
    if head == "carry":
        return "carry 1" + tail
    if head == "wagon":
        return "wagon" + tail
    if head == "raft":
        k = int(w[1])
        return f"{k} raft{'s' if k > 1 else ''}" + tail
    if head == "sled":
        return "sled" + tail
    if head == "fell":
        if w[1] in ("mill", "lodge"):
            return "fell 2 firewood (mill worker)" if w[1] == "mill" else "+1 firewood (lodging hut)"
        return f"fell {_WOOD[PIECE_NAMES.index(w[1])]}" + tail
    if head == "saw":
        return f"saw {_WOOD[PIECE_NAMES.index(w[1])]}" + tail
    if head == "sell" and len(w) == 3 and w[1] in PIECE_NAMES:
        p, loc = PIECE_NAMES.index(w[1]), w[2]
        bonus = BONUS[_LOCS.index(loc)] if loc in _LOCS else 0
        return f"sell +${BASE_PRICE[p] + bonus}"
    if head == "sell":  # a product set: sell 2stake+1J
        body = w[1]
        real, _, j = body.partition("+")
        k = int("".join(ch for ch in real if ch.isdigit()))
        kind = real.lstrip("0123456789")
        jk = int(j[:-1]) if j else 0
        word = _PRODUCT_WORD[PRODUCT_NAMES.index(kind)]
        text = f"{k} {word}{'s' if k > 1 else ''}" + (f" + {jk} joker{'s' if jk > 1 else ''}" if jk else "")
        return f"sell {text}: +${PRODUCT_SET_PRICE[k + jk]}"
    if head == "dry":
        return f"dry to dryer {_LOCS.index(w[2]) + 1}"
    if head == "dryhut":
        return f"drying hut to dryer {_LOCS.index(w[2]) + 1}"
    if head == "buy":
        return "buy a saw: $1" if w[1] == "saw" else "buy a food cube: $1"
    if head in ("carriers", "cutters"):
        return w[1]
    if head == "burn":
        return f"burn {_WOOD[PIECE_NAMES.index(w[1])]}"
    if head in PIECE_NAMES and len(w) == 2:
        return {"saw": "to the saw room", "sales": "to the sales room", "river": "to the river"}[w[1]]
    return {
        "heat": "to the heating store",
        "sales": "to the sales room",
        "food": "1 more piece for a food cube",
        "extra": "the extra sawyer: $1",
    }.get(notation, notation)


# ------------------------------------------------------------------ the board's content
def _pieces_text(counts, kinds=range(6)) -> str:
    return " ".join(f"{counts[i]}{PIECE_NAMES[p]}" for i, p in enumerate(kinds) if counts[i]) or "-"


def place_keys(obs: dict) -> dict[str, str]:
    """Every ``data-place`` key of the board and what it shows, read from ``obs`` (a
    spectator's observation: nothing hidden). Keys as in the module docstring; contents are
    short strings (``"1FW 2SW"``, ``"P1 P3"``) compared before and after a turn."""
    o = obs
    n = len(o["money"])
    out = {}
    for sp in range(21):
        fore = " ".join(f"P{s + 1}" for s in range(n) if o["pos"][s] == sp)
        out[f"space:{sp}"] = f"{o['path_tok'][sp]}|{fore}"
    out["space:4"] += f"|{o['path_w'][0]}"
    out["space:6"] += f"|{o['path_w'][1]}"
    out["space:10"] += f"|{o['path_w'][2]}"
    out["space:16"] += f"|{o['path_w'][3]}+{o['path_w'][4]}"
    out["clearing"] = " ".join(f"P{s + 1}" for s in o["clearing"]) if o["phase"] != "choose" else ""
    for a in range(1, 7):
        toks = " ".join(f"P{s + 1}" for s in range(n) if o["area"][s] == a)
        out[f"area:{a}"] = f"{_pieces_text(o['areas_wood'][a - 1], range(3))}|{o['areas_food'][a - 1]}|{toks}"
    out["order"] = " ".join(f"P{s + 1}" for s in o["order"])
    out["display"] = " ".join(TASK_CARDS[t][0] for t in o["tdisplay"])
    for s in range(n):
        out[f"{s}:money"] = f"{o['money'][s]}|{o['loans'][s]}"
        out[f"{s}:workers"] = f"{o['workers'][s]}|{o['mill_free'][s]}"
        out[f"{s}:equip"] = str(o["equip"][s])
        out[f"{s}:food"] = str(o["food"][s])
        out[f"{s}:fodder"] = f"{o['fodder3'][s]}{o['fodder2'][s]}"
        prods = o["products"][s]
        out[f"{s}:products"] = str(prods) if prods is not None else f"{o.get('product_counts', [0] * n)[s]} face down"
        out[f"{s}:huts"] = str(o["huts"][s])
        out[f"{s}:woodpile"] = _pieces_text(o["woodpile"][s], range(3))
        out[f"{s}:river"] = _pieces_text(o["river"][s], range(3))
        out[f"{s}:saw"] = _pieces_text(o["sawroom"][s], range(3))
        out[f"{s}:heat"] = _pieces_text(o["heat"][s], range(3, 6))
        for i, loc in enumerate(_LOCS):
            out[f"{s}:{loc}"] = _pieces_text(o["mill"][s][i])
        if o["variant"].startswith("advanced"):
            out[f"{s}:tasks"] = " ".join(f"{TASK_CARDS[t[0]][0]}{''.join(map(str, t[1:]))}" for t in o["tasks"][s])
    return out


# ------------------------------------------------------------------ the drawing
class _Board:
    """One drawing: the canvas, the legal notations, and the chooser panels drawn last."""

    def __init__(self, obs, legal, seat_names):
        self.o = obs
        self.n = len(obs["money"])
        self.c = Canvas(legal or [])
        self.legal = self.c.legal
        self.order = list(dict.fromkeys(legal or []))  # the legal order, for the panels' buttons
        self.names = seat_names
        self.popups: list[str] = []
        self.shown = self._shown_panel()

    # --------------------------------------------------------------- primitives
    def text(self, x, y, s, size=12, **kw):
        self.c.add(self.c.text(x, y, s, size=size, **kw))

    def rect(self, x, y, w, h, **kw):
        self.c.add(self.c.rect(x, y, w, h, **kw))

    def disc(self, x, y, s, r=12, dashed=False, ghost=False, piece=None) -> str:
        """A seat's disc (foreman or felling token) with its seat number."""
        fill = "none" if dashed else SEAT_COLOURS[s % 4]
        tc = ("#555" if s % 4 == 2 else SEAT_COLOURS[s % 4]) if dashed else _SEAT_TEXT[s % 4]
        dash = ' stroke-dasharray="4,3"' if dashed else ""
        cls = ' class="ghost"' if ghost else ""
        pid = f' data-piece="{esc(piece)}"' if piece else ""
        return (
            f'<g{cls}{pid}><circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="#222" '
            f'stroke-width="1.5"{dash}/>'
            + self.c.text(x, y + 4.5, s + 1, size=13, anchor="middle", weight="bold", fill=tc)
            + "</g>"
        )

    def piece(self, x, y, p, count) -> str:
        """A wood piece centred at (x, y) with its count: discs round, sticks oblong (LG-0)."""
        fill, tc = PIECE_FILL[p], _PIECE_TEXT[p]
        if p < 3:
            shape = f'<circle cx="{num(x)}" cy="{num(y)}" r="13" fill="{fill}" stroke="#3b2410"/>'
        else:
            shape = self.c.rect(x - 14, y - 10, 28, 20, fill=fill, stroke="#3b2410", rx=3)
        return shape + self.c.text(x, y + 4.5, count, size=13, anchor="middle", weight="bold", fill=tc)

    def button(self, x, y, label, action, title="", w=None, confirm=False) -> float:
        """A labelled button for ``action`` (drawn only when legal); returns its width."""
        w = w or 12 + 7.4 * len(label)
        if action not in self.legal:
            return 0
        body = self.c.rect(x, y, w, 28, fill="#fff6c2", stroke="#b08900", rx=8) + self.c.text(
            x + w / 2, y + 19, label, size=13, anchor="middle", weight="bold", fill="#4a3800"
        )
        self.c.add(self.c.place(action, x, y, w, 28, body, title=title or label, confirm=confirm))
        return w

    def pick(self, cands, x, y, w, h, body, title, key=None, confirm=False, panel_title="") -> None:
        """``body`` as a place: clickable for the single legal one of ``cands``, a chooser of a
        panel when several are legal, inert (but keyed) when none is."""
        hits = [a for a in dict.fromkeys(cands) if a and a in self.legal]
        if len(hits) == 1:
            self.c.add(self.c.place(hits[0], x, y, w, h, body, key=key, title=title, confirm=confirm))
            return
        if not hits:
            self.c.add(self.c.place(None, x, y, w, h, body, key=key, title=title))
            return
        name = f"pick{len(self.popups)}"
        inner = self.c.chooser(name, x, y, w, h, body, title=title)
        self.c.add(f'<g data-place="{esc(key)}">{inner}</g>' if key else inner)
        self._panel(name, x, y + h + 4, panel_title or title, [(a, words(a)) for a in hits])

    def _panel(self, name, x, y, title, items, shown=False) -> None:
        """A chooser panel (a layer of the group ``pick``): a title and one button per item."""
        bw = [max(MIN_HIT + 8, 18 + 7.8 * len(t)) for _, t in items]
        width = min(max(sum(bw) + 8 * len(bw) + 8, 16 + 7.4 * len(title)), 560)
        rows, row, cur = [], [], 8
        for (a, t), b in zip(items, bw):
            if row and cur + b > width - 8:
                rows.append(row)
                row, cur = [], 8
            row.append((a, t, b, cur))
            cur += b + 8
        rows.append(row)
        h = 32 + 36 * len(rows)
        x = max(4, min(x, W - width - 4))
        parts = [
            self.c.rect(x, y, width, h, fill="#fffdf4", stroke="#5a4500", rx=8, stroke_width="2"),
            self.c.text(x + 8, y + 20, _cut(title, 70), size=13, weight="bold"),
        ]
        for i, row in enumerate(rows):
            by = y + 30 + 36 * i
            for a, t, b, bx in row:
                body = self.c.rect(x + bx, by, b, 30, fill="#fff6c2", stroke="#b08900", rx=8) + self.c.text(
                    x + bx + b / 2, by + 20, t, size=13, anchor="middle", weight="bold", fill="#4a3800"
                )
                parts.append(self.c.place(a, x + bx, by, b, 30, body, title=t))
        self.popups.append(self.c.layer(name, "pick", "".join(parts), shown=shown))

    def _shown_panel(self) -> str | None:
        """The stage whose panel is open at once (its decision is due now): ``space4``,
        ``space10``, ``market``."""
        o = self.o
        if o.get("seat") is None or o["seat"] != o["current_player"] or o["hut_left"] or not self.legal:
            return None
        return o["stage"] if o["stage"] in ("space4", "space10", "market") else None

    # --------------------------------------------------------------- header
    def header(self, y) -> float:
        o, n = self.o, self.n
        cur = o["current_player"]
        self.text(10, y + 20, f"Lignum · {o['variant']} · {n} players", size=18, weight="bold")
        if cur is not None and cur >= 0:
            self.c.add(self.disc(420, y + 14, cur))
            self.text(438, y + 20, f"to act: {_cut(_name(self.names, cur), 28)}", size=15, weight="bold")
        else:
            self.text(420, y + 20, "game over" if o["phase"] == "over" else "waiting", size=15, weight="bold")
        if o.get("seat") is not None:
            s = o["seat"]
            self.text(
                W - 10,
                y + 20,
                f"you: {_cut(_name(self.names, s), 24)} ({SEAT_COLOUR_NAMES[s % 4]})",
                size=13,
                anchor="end",
            )
        else:
            self.text(W - 10, y + 20, "spectator view", size=13, anchor="end")
        y1 = y + 32
        r = o["round"]
        self.text(10, y1 + 18, "season", size=12, fill="#555")
        for i, name in enumerate(SEASONS):
            x = 70 + i * 140
            on = i == r
            self.rect(
                x,
                y1,
                136,
                26,
                fill="#ffe08a" if on else ("#e3edf7" if i in (3, 7) else "#f2f2ec"),
                stroke="#333" if on else "#aaa",
                rx=4,
                stroke_width="2" if on else None,
            )
            self.text(x + 68, y1 + 18, name, size=13, anchor="middle", weight="bold" if on else "normal")
        y2 = y1 + 32
        winter = r in (3, 7) or o["phase"] in dict(_WINTER_TRACK)
        track = _WINTER_TRACK if winter else _NONWINTER_TRACK
        advanced = o["variant"].startswith("advanced")
        tactical = o["variant"].endswith("tactical")
        self.text(10, y2 + 18, "phase", size=12, fill="#555")
        step = 112
        for i, (ph, label) in enumerate(track):
            x = 70 + i * step
            off = (
                (ph in ("tasks", "w_tasks") and not advanced)
                or (ph == "w_tasks" and r != 7)
                or (ph == "tact" and not tactical)
                or (ph == "choose" and (tactical or r == 0))
            )
            on = o["phase"] == ph
            self.rect(
                x,
                y2,
                step - 4,
                26,
                fill="#ffe08a" if on else ("#e6e6e6" if off else "#f2f2ec"),
                stroke="#333" if on else "#aaa",
                rx=4,
                stroke_width="2" if on else None,
            )
            self.text(
                x + (step - 4) / 2,
                y2 + 18,
                label,
                size=13,
                anchor="middle",
                weight="bold" if on else "normal",
                fill="#888" if off else "#222",
            )
        return y2 + 36

    # --------------------------------------------------------------- supply path
    def _space_lines(self, sp) -> list[str]:
        o = self.o
        t = SPACE_TYPE[sp]
        w = o["path_w"]
        if t == "token":
            tok = o["path_tok"][sp]
            if not tok:
                return ["(taken)"]
            if tok.startswith("p"):
                return [_PRODUCT_WORD[PRODUCT_NAMES.index(tok[1:])], "product token"]
            return [_TOKEN_LABEL.get(tok, tok)]
        if t == "carriers":
            return ["carriers", f"{w[0]} left · $1 each"]
        if t == "fodder":
            return ["fodder", f"{w[1]} left · $1"]
        if t == "woodcutters":
            return ["woodcutters", f"{w[2]} left · $1 each"]
        if t == "sawyers":
            return ["sawyers", f"{w[3]} free"]
        if t == "market":
            return ["market", "saws, food, products"]
        if t == "tasks":
            return ["tasks · $1"] if o["variant"].startswith("advanced") else ["tasks", "(not used)"]
        return ["planned work", "(not used)"]

    def path(self, y) -> float:
        o, n = self.o, self.n
        self.text(10, y + 16, "Supply path", size=15, weight="bold")
        self.text(130, y + 16, "foremen move forward, one move a turn; tap a space to go there", size=12, fill="#555")
        y0 = y + 24
        cw, ch = 142, 80
        advanced = o["variant"].startswith("advanced")
        for sp in range(21):
            row, col = divmod(sp, 7)
            x, yy = 10 + col * cw, y0 + row * (ch + 6)
            t = SPACE_TYPE[sp] if sp else "start"
            unused = t == "planned_work" or (t == "tasks" and not advanced)
            blocked = o["path_tok"][sp] == "x_token"
            fill = "#e4e4e4" if unused or blocked else ("#eef6e8" if t not in ("token", "start") else "#fbfaf4")
            body = [
                self.c.rect(x, yy, cw - 4, ch, fill=fill, stroke="#8a8a7a", rx=5),
                self.c.text(x + 6, yy + 18, sp if sp else "start", size=15, weight="bold"),
            ]
            for i, line in enumerate(self._space_lines(sp) if sp else []):
                body.append(
                    self.c.text(
                        x + 30 if i == 0 else x + 6,
                        yy + 18 + i * 17,
                        line,
                        size=13 if i == 0 else 12,
                        fill="#333" if i == 0 else "#555",
                    )
                )
            here = [s for s in range(n) if o["pos"][s] == sp]
            for i, s in enumerate(here):
                body.append(self.disc(x + 16 + i * 27, yy + ch - 16, s, piece=f"foreman-{s}"))
            action = f"go {sp}" if sp else None
            if action in self.legal and o["seat"] is not None:
                body.append(self.disc(x + 16 + len(here) * 27, yy + ch - 16, o["seat"], ghost=True))
            cands = [action]
            if sp == 4:
                cands += [a for a in self.order if a.startswith("carriers ")]
            if sp == 10:
                cands += [a for a in self.order if a.startswith("cutters ")]
            if t == "market":
                cands += [
                    a
                    for a in self.order
                    if a.startswith("buy ")
                    or (a.startswith("sell ") and "+" in a)
                    or (a.startswith("sell ") and a[5:6].isdigit())
                ]
            title = f"space {sp}" if sp else "start space"
            if len(cands) > 1 and action not in self.legal:
                hits = [a for a in cands[1:] if a in self.legal]
                name = f"pick{len(self.popups)}"
                self.c.add(
                    f'<g data-place="space:{sp}">'
                    + self.c.chooser(name, x, yy, cw - 4, ch, "".join(body), title=title)
                    + "</g>"
                )
                ptitle = {4: "Buy carriers, $1 each:", 10: "Buy woodcutters, $1 each:"}.get(sp, "At the market:")
                self._panel(
                    name,
                    x,
                    yy + ch + 4,
                    ptitle,
                    [(a, words(a)) for a in hits],
                    shown=self.shown in ("space4", "space10", "market"),
                )
            else:
                self.c.add(
                    self.c.place(action, x, yy, cw - 4, ch, "".join(body), confirm=True, key=f"space:{sp}", title=title)
                )
            if t == "sawyers":
                have = o["path_w"][4]
                fig = self.c.rect(
                    x + cw - 40, yy + 6, 28, 28, fill=WORKER_FILL["sawyers"] if have else "#ddd", stroke="#222", rx=4
                ) + self.c.text(
                    x + cw - 26,
                    yy + 25,
                    "+$1",
                    size=12,
                    anchor="middle",
                    weight="bold",
                    fill="#fff" if have else "#999",
                )
                self.pick(
                    ["extra"], x + cw - 40, yy + 6, 28, 28, fig, f"price-1 sawyer ({'there' if have else 'taken'})"
                )
        # clearing
        x, yy = 10 + 7 * cw, y0
        h = 3 * ch + 12
        body = [
            self.c.rect(x, yy, W - 10 - x, h, fill="#e2f0d9", stroke="#5a7a4a", rx=6),
            self.c.text(x + 10, yy + 20, "forest clearing", size=15, weight="bold"),
        ]
        known = o["phase"] != "choose"
        if not known:
            body.append(self.c.text(x + 10, yy + 38, "(order not yet known)", size=12, fill="#555"))
        for i in range(4):
            sx = x + 12 + (i % 2) * 80
            sy = yy + 48 + (i // 2) * 96
            body.append(self.c.rect(sx, sy, 72, 84, fill="#fff" if i < n else "#ddd", stroke="#888", rx=4))
            body.append(self.c.text(sx + 6, sy + 18, "ABCD"[i], size=14, weight="bold", fill="#555"))
            if known and i < len(o["clearing"]):
                f = o["clearing"][i]
                if o["pos"][f] == 21:  # the foreman stands here (LG-8.6.1)
                    body.append(self.disc(sx + 36, sy + 52, f, r=14, piece=f"foreman-{f}"))
                else:  # back on the start space: his slot still orders the winter (LG-20.2)
                    body.append(self.disc(sx + 36, sy + 52, f, r=14, dashed=True))
        if "go C" in self.legal and o["seat"] is not None:
            k = len(o["clearing"])
            if k < 4:
                body.append(
                    self.disc(x + 12 + (k % 2) * 80 + 36, yy + 48 + (k // 2) * 96 + 52, o["seat"], r=14, ghost=True)
                )
        self.c.add(
            self.c.place(
                "go C",
                x,
                yy,
                W - 10 - x,
                h,
                "".join(body),
                confirm=True,
                key="clearing",
                title="forest clearing: arrival slots A-D",
            )
        )
        return y0 + 3 * (ch + 6) + 6

    # --------------------------------------------------------------- felling areas
    def areas(self, y) -> float:
        o, n = self.o, self.n
        self.text(10, y + 16, "Felling areas", size=15, weight="bold")
        viewer = o.get("seat")
        mine = o["secret"][viewer] if viewer is not None else 0
        cur = o["current_player"]
        y0 = y + 24
        aw, ah = 194, 118
        later = []
        for a in range(1, 7):
            x = 10 + (a - 1) * (aw + 4)
            wood, food = o["areas_wood"][a - 1], o["areas_food"][a - 1]
            body = [
                self.c.rect(x, y0, aw, ah, fill="#e9f2df", stroke="#5a7a4a", rx=6),
                self.c.text(x + 8, y0 + 20, f"area {a}", size=15, weight="bold"),
            ]
            if not any(wood):
                body.append(self.c.text(x + 8, y0 + 52, "no wood", size=12, fill="#666"))
            if food:
                fx = x + aw - 70
                body.append(self.c.rect(fx, y0 + 38, 18, 18, fill=FOOD_FILL, stroke="#806000"))
                body.append(self.c.text(fx + 22, y0 + 52, f"×{food} food", size=12))
            for i, s in enumerate(s for s in range(n) if o["area"][s] == a):
                body.append(self.disc(x + 18 + i * 28, y0 + ah - 18, s, piece=f"token-{s}"))
            if mine == a:
                body.append(self.disc(x + aw - 20, y0 + ah - 18, viewer, dashed=True))
                body.append(self.c.text(x + aw - 38, y0 + ah - 13, "your choice", size=12, anchor="end", fill="#444"))
            cands = [f"area {a}", f"relocate {a}"]
            if viewer is not None and any(c in self.legal for c in cands):
                k = sum(1 for s in range(n) if o["area"][s] == a)
                body.append(self.disc(x + 18 + k * 28, y0 + ah - 18, viewer, ghost=True))
            self.pick(cands, x, y0, aw, ah, "".join(body), f"felling area {a}", key=f"area:{a}", confirm=True)
            # wood discs: felling in the viewer's own area
            px = x + 22
            for p in range(3):
                if not wood[p]:
                    continue
                cands = []
                if viewer is not None and viewer == cur and o["area"][viewer] == a:
                    nm = PIECE_NAMES[p]
                    cands = [f"fell {nm}", f"fell {nm} mill", f"fell {nm} lodge"]
                self.pick(
                    cands,
                    px - 14,
                    y0 + 34,
                    28,
                    28,
                    self.piece(px, y0 + 48, p, wood[p]),
                    f"{wood[p]} {PIECE_LONG[p]}{'s' if wood[p] > 1 else ''}",
                )
                px += 34
            later.append((x + aw - 124, y0 + 4, a))
        for fx, fy, a in later:
            self.button(fx, fy, "food-store hut", f"foodhut {a}", f"use a food-store hut on area {a}", w=120)
        return y0 + ah + 10

    # --------------------------------------------------------------- info row
    def info(self, y) -> float:
        o, n = self.o, self.n
        h = 148 if o["variant"].startswith("advanced") and o["prevealed"] else 128
        # player-order track
        body = [
            self.c.rect(10, y, 190, h, fill="#f7f4ea", stroke="#999", rx=6),
            self.c.text(18, y + 20, "player order", size=14, weight="bold"),
        ]
        for i in range(4):
            sx = 18 + i * 44
            body.append(self.c.rect(sx, y + 30, 40, 50, fill="#fff" if i < n else "#ddd", stroke="#888", rx=4))
            body.append(self.c.text(sx + 4, y + 44, i + 1, size=12, fill="#555"))
            if i < len(o["order"]):
                body.append(self.disc(sx + 20, y + 62, o["order"][i], piece=f"order-{o['order'][i]}"))
        body.append(self.c.text(18, y + 104, "next round: reverse", size=12, fill="#555"))
        body.append(self.c.text(18, y + 120, "of the clearing order", size=12, fill="#555"))
        self.c.add(self.c.place(None, 10, y, 190, h, "".join(body), key="order"))
        # winter cards
        x = 206
        self.rect(x, y, 212, h, fill="#eaf1f8", stroke="#7a8fa8", rx=6)
        self.text(x + 8, y + 20, "winter cards", size=14, weight="bold")
        year = 0 if o["round"] < 4 else 1
        for i, (c, half) in enumerate(o["winter"]):
            f, heat = WINTER_CARDS[c][1 + half]
            yy = y + 30 + i * 46
            on = i == year and o["phase"] != "over"
            self.rect(
                x + 8, yy, 196, 42, fill="#fff", stroke="#333" if on else "#aaa", rx=4, stroke_width="2" if on else None
            )
            self.text(
                x + 14,
                yy + 17,
                f"Y{i + 1} winter{' (this year)' if on else ''}",
                size=12,
                weight="bold" if on else "normal",
            )
            self.text(x + 14, yy + 35, f"{f} food · {heat} heating sticks", size=12)
        # task display or the placement cards shown ahead
        x = 424
        wbox = 530
        advanced = o["variant"].startswith("advanced")
        self.rect(x, y, wbox, h, fill="#fbf7ee", stroke="#999", rx=6)
        if advanced:
            self.text(x + 8, y + 20, f"task display (space 13, $1) · deck {len(o['tdeck'])}", size=14, weight="bold")
            keyed = []
            for i, t in enumerate(o["tdisplay"]):
                keyed.append(self.task_card(x + 8 + i * 130, y + 28, t, None, f"task {TASK_CARDS[t][0]}"))
            if not o["tdisplay"]:
                self.text(x + 8, y + 50, "(empty)", size=12, fill="#666")
            self.c.add(f'<g data-place="display">{"".join(keyed)}</g>')
        else:
            self.c.add('<g data-place="display"></g>')
        if o["prevealed"]:
            ty = y + 20 if not advanced else y + 126
            if not advanced:
                self.text(x + 8, ty, "placement cards of the next round", size=14, weight="bold")
                what = ("firewood", "softwood", "hardwood", "food")
                for i, c in enumerate(o["prevealed"]):
                    cid, items = PLACEMENT_CARDS[c]
                    parts = [f"area {a} +{k} {what[it]}" for a, it, k in items]
                    self.text(
                        x + 8, ty + 19 + i * 32, f"{cid}: " + ", ".join(parts[:2]) + ("," if parts[2:] else ""), size=12
                    )
                    if parts[2:]:
                        self.text(x + 50, ty + 34 + i * 32, ", ".join(parts[2:]), size=12)
            else:
                cards = " | ".join(PLACEMENT_CARDS[c][0] for c in o["prevealed"])
                self.text(x + wbox - 8, ty + 10, f"next round's placement cards: {cards}", size=12, anchor="end")
        elif not advanced:
            self.text(x + 8, y + 20, "no tasks in the basic game", size=13, fill="#666")
        # decks and supply
        x = 960
        self.rect(x, y, W - 10 - x, h, fill="#f4f4f4", stroke="#999", rx=6)
        self.text(x + 8, y + 20, "decks and supply", size=14, weight="bold")
        nstack = o["pstack"] if isinstance(o["pstack"], int) else len(o["pstack"])
        sup = o["supply"]
        lines = [
            f"placement cards {len(o['pdeck'])}",
            f"product stack {nstack}",
            f"saws {sup.get('saw', 0)} · rafts {sup.get('raft', 0)}",
            f"wagons {sup.get('wagon', 0)} · sleds {sup.get('sled', 0)}",
            "wood, food, money: unlimited",
        ]
        for i, line in enumerate(lines):
            self.text(x + 8, y + 40 + i * 18, line, size=12, fill="#333" if i < 4 else "#666")
        return y + h + 10

    def task_card(self, x, y, t, filled, action, seat_act=False, seat=None) -> str:
        """A task card (LG-25): id, reward, one slot per required piece and its dryer; a filled
        slot shows a tick. Returns markup (an open slot of the acting seat's own card is a
        place ``fill Txx j``, added directly)."""
        cid, reqs, reward = TASK_CARDS[t]
        w, h = 124, 90
        body = [
            self.c.rect(x, y, w, h, fill="#fff", stroke="#8a6d3b", rx=5),
            self.c.text(x + 6, y + 17, cid, size=13, weight="bold"),
            self.c.text(x + w - 6, y + 17, f"${reward}", size=13, anchor="end", weight="bold"),
        ]
        slots = []
        for j, (p, lv) in enumerate(reqs):
            sx = x + 20 + j * 38
            done = bool(filled and filled[j])
            chip = self.piece(sx, y + 44, p, "✓" if done else "")
            chip += self.c.text(sx, y + 78, f"d{lv + 1}", size=12, anchor="middle", fill="#444")
            tip = f"requirement {j + 1}: {_WOOD[p]} from dryer {lv + 1}"
            if seat_act and not done:
                slots.append((f"fill {cid} {j + 1}", sx - 14, y + 30, chip, tip))
            else:
                body.append(chip)
        tip = f"task {cid}: " + ", ".join(f"{_WOOD[p]} from dryer {lv + 1}" for p, lv in reqs) + f", pays ${reward}"
        out = self.c.place(action, x, y, w, h, "".join(body), title=tip)
        for a, sx, sy, chip, tip in slots:
            out += self.c.place(a, sx, sy, 28, 48, chip, title=tip)
        return out

    # --------------------------------------------------------------- final ranking
    def final(self, y) -> float:
        o, n = self.o, self.n
        money = o["money"]
        order = sorted(range(n), key=lambda s: -money[s])
        self.rect(10, y, W - 20, 36 + 24 * n, fill="#fff3c4", stroke="#b08900", rx=6)
        self.text(
            20, y + 22, "Final scores: dollars after the final sale, loans repaid, tasks paid", size=15, weight="bold"
        )
        for i, s in enumerate(order):
            place = 1 + sum(1 for t in range(n) if money[t] > money[s])
            self.c.add(self.disc(32, y + 40 + i * 24, s, r=10))
            self.text(
                50,
                y + 45 + i * 24,
                f"{place}. {_cut(_name(self.names, s), 40)}: {_money(money[s])}",
                size=14,
                weight="bold",
            )
        return y + 46 + 24 * n

    # --------------------------------------------------------------- sawmill boards
    MILL_W = 585

    def zone(self, x, y, w, h, label, key, fill="#fff", sub="", action=None, title="") -> None:
        """A named area of a sawmill board; ``action``: the whole zone is the place (a new stick
        put there, LG-13.3)."""
        body = self.c.rect(x, y, w, h, fill=fill, stroke="#7a6a50", rx=4) + self.c.text(
            x + 6, y + 16, label, size=13, weight="bold"
        )
        if sub:
            body += self.c.text(x + w - 5, y + 16, sub, size=12, anchor="end", fill="#555")
        self.c.add(self.c.place(action, x, y, w, h, body, key=key, title=title or label))

    def mill(self, s, x, y) -> float:
        o = self.o
        viewer = o.get("seat")
        cur = o["current_player"]
        mine = viewer == s and cur == s and bool(self.legal)
        legal = self.legal
        if not mine:
            self.legal = set()
        try:
            return self._mill(s, x, y, mine)
        finally:
            self.legal = legal

    def _mill(self, s, x, y, mine) -> float:
        o = self.o
        c = self.c
        viewer = o.get("seat")
        W_ = self.MILL_W
        tasks = o["tasks"][s]
        advanced = o["variant"].startswith("advanced")
        task_rows = max(1, (len(tasks) + 3) // 4) if advanced else 0
        h = 398 + (24 + task_rows * 96 if advanced else 0)
        to_act = o["current_player"] == s
        colour = SEAT_COLOURS[s % 4]
        self.rect(
            x, y, W_, h, fill="#faf6ee", stroke="#222" if to_act else "#999", rx=8, stroke_width="3" if to_act else None
        )
        self.rect(x, y, W_, 32, fill=colour, stroke="#555", rx=8)
        tc = _SEAT_TEXT[s % 4]
        name = _cut(_name(self.names, s), 18) + (" (you)" if viewer == s else "")
        self.text(x + 10, y + 22, f"{s + 1} · {name}", size=15, weight="bold", fill=tc)
        loans = o["loans"][s]
        due = "" if o["phase"] == "over" else (" ($7 due)" if loans == 1 else " ($16 due)" if loans == 2 else "")
        right = f"{_money(o['money'][s])} · loans {loans}{due}" + (" ◀ to act" if to_act else "")
        lw = self.button(x + W_ - 98, y + 2, "Take a loan", "loan", "take a loan: $4 now", w=92) if mine else 0
        c.add(
            c.place(
                None,
                x + W_ - 300 - lw,
                y,
                296 - 8,
                32,
                c.text(
                    x + W_ - 10 - lw - (6 if lw else 0), y + 22, right, size=15, anchor="end", weight="bold", fill=tc
                ),
                key=f"{s}:money",
            )
        )
        yy = y + 38
        if o["committed"][s] and o["phase"] == "choose":
            sec = o["secret"][s]
            self.text(
                x + 236,
                yy + 16,
                f"area chosen: {sec}" if sec else "area chosen (hidden)",
                size=12,
                anchor="end",
                weight="bold",
            )
        # row A: worker field, equipment store, food store, fodder stable
        self.zone(x + 6, yy, 232, 70, "worker field", f"{s}:workers")
        wk = o["workers"][s]
        for i, (kind, k, word) in enumerate(
            zip(("woodcutters", "carriers", "sawyers"), wk, ("cutters", "carriers", "sawyers"))
        ):
            wx = x + 14 + i * 56
            fig = (
                c.rect(wx, yy + 24, 16, 26, fill=WORKER_FILL[kind], rx=4, opacity="1" if k else "0.25")
                + c.text(wx + 22, yy + 43, k, size=14, weight="bold")
                + c.text(wx + 20, yy + 66, word, size=12, anchor="middle", fill="#444")
            )
            cands = ["carry"] if kind == "carriers" and k else []
            self.pick(cands, wx, yy + 20, 40, 34, fig, f"{k} hired {kind}")
        free = o["mill_free"][s]
        mx = x + 186
        fig = c.rect(
            mx, yy + 22, 20, 28, fill=SEAT_COLOURS[s % 4], stroke="#222", rx=5, opacity="1" if free else "0.3"
        ) + c.text(mx + 10, yy + 66, "mill" if free else "used", size=12, anchor="middle", fill="#444")
        cands = [a for a in self.order if a.endswith(" mill")] if free else []
        self.pick(
            cands,
            mx - 4,
            yy + 20,
            28,
            34,
            fig,
            "mill worker: " + ("free this round" if free else "used this round"),
            panel_title="Your mill worker:",
        )
        eq = o["equip"][s]
        ex = x + 244
        self.zone(ex, yy, 194, 70, "equipment store", f"{s}:equip")
        for i, (nm, k) in enumerate(zip(EQUIP_NAMES, eq)):
            tx = ex + 6 + i * 47
            tok = (
                c.rect(tx, yy + 22, 42, 26, fill="#e8e0cc" if k else "#f3f0e8", stroke="#6b5b3e", rx=4)
                + c.text(tx + 21, yy + 40, k, size=14, anchor="middle", weight="bold", fill="#222" if k else "#999")
                + c.text(tx + 21, yy + 64, nm, size=12, anchor="middle", fill="#444")
            )
            cands = []
            if k and mine:
                if nm == "wagon":
                    cands = ["wagon", "wagon mill", "wagon lodge"]
                elif nm == "raft":
                    cands = [f"raft {m}{suf}" for suf in ("", " mill", " lodge") for m in range(1, k + 1)]
                elif nm == "sled":
                    cands = ["sled mill", "sled lodge"]
            self.pick(
                cands, tx, yy + 22, 42, 26, tok, f"{k} {nm} token{'s' if k != 1 else ''}", panel_title=f"Use the {nm}:"
            )
        fx = x + 444
        food = o["food"][s]
        body = (
            c.rect(fx, yy, 64, 70, fill="#fff", stroke="#7a6a50", rx=4)
            + c.text(fx + 6, yy + 16, "food", size=13, weight="bold")
            + c.rect(fx + 8, yy + 28, 18, 18, fill=FOOD_FILL, stroke="#806000")
            + c.text(fx + 30, yy + 43, f"×{food}", size=14, weight="bold")
        )
        c.add(
            c.place(
                "food" if food and mine else None,
                fx,
                yy,
                64,
                70,
                body,
                key=f"{s}:food",
                title=f"food store: {food} food cubes",
            )
        )
        sx = x + 514
        body = [
            c.rect(sx, yy, 66, 70, fill="#fff", stroke="#7a6a50", rx=4),
            c.text(sx + 6, yy + 16, "fodder", size=13, weight="bold"),
        ]
        for i, (val, have) in enumerate(((3, o["fodder3"][s]), (2, o["fodder2"][s]))):
            bx = sx + 6 + i * 30
            body.append(
                c.rect(
                    bx,
                    yy + 26,
                    26,
                    28,
                    fill="#e8cf6a" if have else "#f3f0e8",
                    stroke="#806000" if have else "#ccc",
                    rx=8,
                )
            )
            body.append(
                c.text(bx + 13, yy + 45, val, size=14, anchor="middle", weight="bold", fill="#222" if have else "#bbb")
            )
        c.add(c.place(None, sx, yy, 66, 70, "".join(body), key=f"{s}:fodder", title="fodder stable: value 3 and 2"))
        # row B: product store, hut fields
        yy += 76
        px = x + 6
        prods = o["products"][s]
        body = [
            c.rect(px, yy, 286, 80, fill="#fff", stroke="#7a6a50", rx=4),
            c.text(px + 6, yy + 16, "product store", size=13, weight="bold"),
        ]
        if prods is None:
            k = o.get("product_counts", [0] * (s + 1))[s]
            body.append(c.rect(px + 10, yy + 32, 30, 30, fill="#6d5a45", stroke="#333", rx=4))
            body.append(c.text(px + 48, yy + 52, f"{k} face down", size=14, weight="bold"))
        else:
            for i, (nm, k) in enumerate(zip(_PRODUCT_WORD, prods)):
                tx = px + 6 + i * 56
                body.append(
                    c.rect(
                        tx, yy + 32, 50, 26, fill="#d8c6a0" if k else "#f3f0e8", stroke="#6b5b3e" if k else "#ccc", rx=4
                    )
                )
                body.append(
                    c.text(tx + 25, yy + 50, k, size=14, anchor="middle", weight="bold", fill="#222" if k else "#999")
                )
                body.append(c.text(tx + 25, yy + 74, nm, size=12, anchor="middle", fill="#444"))
        c.add(c.place(None, px, yy, 286, 80, "".join(body), key=f"{s}:products", title="product store"))
        hx = x + 298
        huts = o["huts"][s]
        sub = f"place {o['hut_left']} new" if mine and o["hut_left"] else ""
        self.zone(hx, yy, 282, 80, "hut fields", f"{s}:huts", sub=sub)
        for i, (label, k) in enumerate(zip(("drying", "food store", "lodging"), huts)):
            bx = hx + 6 + i * 92
            cell = (
                c.rect(bx, yy + 32, 86, 44, fill="#efe3c8" if k else "#f7f4ec", stroke="#8a6d3b", rx=4)
                + f'<path d="M{num(bx + 8)},{num(yy + 54)} l10,-12 l10,12 z" fill="{"#8a5a2b" if k else "#ddd"}"/>'
                + c.text(bx + 32, yy + 52, f"×{k}", size=14, weight="bold")
                + c.text(bx + 43, yy + 70, label, size=12, anchor="middle")
            )
            if o["hut_left"]:
                cands = [f"hut {i + 1}"]
            elif i == 2 and k:
                cands = [a for a in self.order if a.endswith(" lodge")]
            else:
                cands = []
            self.pick(
                cands,
                bx,
                yy + 32,
                86,
                44,
                cell,
                f"hut field {i + 1} {label}: {k} hut{'s' if k != 1 else ''}",
                panel_title="Use a lodging hut:",
            )
        self.button(hx + 282 - 62, yy + 2, "build", "build", "build 3 huts from a stake, a board and a shingle", w=58)
        # rows C, D: wood locations (discs above, sticks below)
        yy += 86
        zw, zh = 143, 92
        stage = o["stage"]
        zones = [
            ("woodpile card", o["woodpile"][s], (0, 1, 2), "woodpile"),
            ("river", o["river"][s], (0, 1, 2), "river"),
            ("saw room", o["sawroom"][s], (0, 1, 2), "saw"),
            ("heating store", o["heat"][s], (3, 4, 5), "heat"),
        ]
        pos = {}
        for i, (label, counts, kinds, key) in enumerate(zones):
            zx = x + 6 + i * (zw + 2)
            pos[key] = (zx, yy)
            act = "heat" if key == "heat" and stage == "split" and mine and not o["hut_left"] else None
            self.zone(
                zx,
                yy,
                zw,
                zh,
                label,
                f"{s}:{key}",
                fill="#fffbe8" if key == "saw" else "#fff",
                action=act,
                title="put the new stick into the heating store" if act else label,
            )
        for i in range(4):
            zx = x + 6 + i * (zw + 2)
            pos[_LOCS[i]] = (zx, yy + zh + 6)
            sub = f"+${BONUS[i]}" + (", sell all" if i == 3 else "") if i else ""
            act = "sales" if i == 0 and stage == "split" and mine and not o["hut_left"] else None
            self.zone(
                zx,
                yy + zh + 6,
                zw,
                zh,
                _LOC_LONG[i],
                f"{s}:{_LOCS[i]}",
                fill="#f0f6ff" if i else "#fff",
                sub=sub,
                action=act,
                title="put the new stick into the sales room" if act else _LOC_LONG[i],
            )
        for label, counts, kinds, key in zones:
            self.pieces_in(pos[key], counts, kinds, key, mine)
        for i in range(4):
            self.pieces_in(pos[_LOCS[i]], o["mill"][s][i], range(6), _LOCS[i], mine)
        if mine:
            self.bonus(pos["woodpile"])
            self.targets(pos)
        yy += 2 * zh + 12
        if advanced:
            self.text(x + 8, yy + 14, "tasks held" + (" (none)" if not tasks else ""), size=13, weight="bold")
            keyed = []
            for j, task in enumerate(tasks):
                cx = x + 8 + (j % 4) * 130
                cy = yy + 20 + (j // 4) * 96
                keyed.append(self.task_card(cx, cy, task[0], task[1:], None, seat_act=mine))
            c.add(f'<g data-place="{s}:tasks">{"".join(keyed)}</g>')
        if o["phase"] == "over":
            self.text(x + W_ - 10, y + h - 10, f"final: {_money(o['money'][s])}", size=15, anchor="end", weight="bold")
        return h

    def pieces_in(self, at, counts, kinds, key, mine) -> None:
        """The pieces of one mill location, a counted chip per kind (discs in the upper row,
        sticks in the lower); each chip is the place of the legal actions about that piece there."""
        zx, zy = at
        for j, p in enumerate(kinds):
            k = counts[j] if key in ("woodpile", "river", "saw", "heat") else counts[p]
            if not k:
                continue
            nm = PIECE_NAMES[p]
            cx = zx + 24 + (p % 3) * 40
            cy = zy + (40 if p < 3 else 72)
            cands = []
            if mine:
                if key in _LOCS:
                    cands = [f"sell {nm} {key}", f"dry {nm} {key}", f"dryhut {nm} {key}"]
                elif key == "saw":
                    cands = [f"saw {nm}", f"saw {nm} mill", f"saw {nm} lodge", f"sell {nm} saw"]
                elif key == "heat":
                    cands = [f"burn {nm}", f"sell {nm} heat"]
                elif key == "river":
                    cands = [f"river {nm}"] + [f"{nm} {d}" for d in ("saw", "sales")] * (self.o["stage"] == "arrive")
                elif key == "woodpile" and self.o["stage"] == "move":
                    cands = [f"{nm} {d}" for d in ("saw", "sales", "river")]
            tip = f"{k} {PIECE_LONG[p]} {_WHERE[key]}"
            self.pick(
                cands,
                cx - 14,
                cy - 14,
                28,
                28,
                self.piece(cx, cy, p, k),
                tip,
                panel_title=f"{PIECE_LONG[p]} {_WHERE[key]}:",
            )

    def bonus(self, at) -> None:
        """Winter bonus (LG-20.3): the three disc kinds in the woodpile's lower row."""
        zx, zy = at
        for p in range(3):
            a = f"bonus {PIECE_NAMES[p]}"
            if a in self.legal:
                cx = zx + 24 + p * 40
                self.c.add(
                    self.c.place(
                        a,
                        cx - 14,
                        zy + 58,
                        28,
                        28,
                        self.piece(cx, zy + 72, p, "+"),
                        title=f"winter bonus: a {PIECE_LONG[p]}",
                    )
                )

    def targets(self, pos) -> None:
        """Transport and rafting arrival: a piece kind with several destinations opened a panel
        (:meth:`pick`); here each destination zone also takes the piece directly when that kind
        is the only one to move (LG-11.1, LG-12.2)."""
        kinds = {
            a.split()[0]
            for a in self.legal
            if len(a.split()) == 2 and a.split()[0] in PIECE_NAMES[:3] and a.split()[1] in ("saw", "sales", "river")
        }
        if len(kinds) != 1:
            return
        nm = kinds.pop()
        p = PIECE_NAMES.index(nm)
        for dest, key in (("saw", "saw"), ("sales", "sales"), ("river", "river")):
            a = f"{nm} {dest}"
            if a not in self.legal:
                continue
            zx, zy = pos[key]
            body = self.c.rect(zx + 82, zy + 2, 58, 24, fill="#fff6c2", stroke="#b08900", rx=8) + self.c.text(
                zx + 111, zy + 19, "put here", size=12, anchor="middle", weight="bold"
            )
            self.c.add(self.c.place(a, zx + 82, zy + 2, 58, 24, body, title=f"put a {PIECE_LONG[p]} here"))

    # --------------------------------------------------------------- legend
    def legend(self, y) -> float:
        self.text(10, y + 18, "key:", size=13, weight="bold")
        x = 50
        for p in range(6):
            self.c.add(self.piece(x + 14, y + 12, p, ""))
            self.text(x + 32, y + 17, _WOOD[p] + (" disc" if p < 3 else " stick"), size=12)
            x += 190 if p % 3 == 2 else 170
            if p == 2:
                x, y = 50, y + 30
        return y + 34

    def svg(self) -> str:
        o = self.o
        y = self.header(6)
        y = self.path(y)
        y = self.areas(y)
        y = self.info(y)
        if o["phase"] == "over":
            y = self.final(y)
        viewer = o.get("seat")
        seats = list(range(self.n))
        if viewer is not None:
            seats = [viewer] + [s for s in seats if s != viewer]
        for row in range(0, self.n, 2):
            hmax = 0
            for j, s in enumerate(seats[row : row + 2]):
                hmax = max(hmax, self.mill(s, 10 + j * (self.MILL_W + 10), y))
            y += hmax + 10
        y = self.legend(y)
        body = "".join(self.c.parts) + "".join(self.popups)
        self.c.grow(W, y + 6)
        self.c.parts = [
            f'<rect x="0" y="0" width="{W}" height="{num(self.c.h)}" fill="#fdfcf7"/>',
            f'<g class="lg">{body}</g>',
        ]
        return self.c.svg("Lignum board", pad=0, style=_STYLE)


def render_svg(obs: dict, legal: list[str], seat_names: list[str]) -> str:
    """An SVG drawing of the board and every seat's public holdings as ``obs =
    state.observation(seat)`` shows it (``obs["seat"]`` the viewing seat, None for a
    spectator; ``obs["current_player"]`` the seat to act).

    Args:
        obs: the observation (nothing hidden from the viewer is drawn: others' secret felling
            choices and, with ``hidden_products``, others' product tokens are not in it).
        legal: the notations of the legal actions when the viewer is to act, else ``[]``.
        seat_names: display names by seat (escaped here).
    Returns: ``"<svg ...>...</svg>"``, :data:`W` units wide (1 unit = 1 CSS px), about 1450
    (2 seats) to 1900 (4 seats, advanced) high. Only notations in ``legal`` appear as
    ``data-action``; places are described in the module docstring.
    """
    return _Board(obs, legal, seat_names).svg()
