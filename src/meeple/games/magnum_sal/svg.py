"""SVG drawing of a Magnum Sal position for the web client, built only from an observation.

``render_svg(obs, legal, seat_names)`` draws, in one ``viewBox="0 0 1300 1066"`` picture:

* a status bar: phase (I-III), round, the seat to play and its pending decision (the
  terminal's wording), actions left, the extraction in progress with its fee so far
  (MS-10.3, MS-20.5), buildings visited this turn; at the end the final ranking (MS-22);
* the town (MS-1.1): inn with its cost track and marker (MS-14), workshop with the 3/4/5
  display and the face-down pile count (MS-15), pump house (MS-16), market columns with
  their cubes (MS-17), town square (MS-18), castle with the face-up royal orders, the
  face-down stack count, the order counter and the two queue spaces (MS-6, MS-19); each
  building with an assistant space (MS-12) shows its assistant's colour;
* the mine (MS-2): shaft sections S1..S6 down the middle, the corridors of levels I, II, III
  left and right; each chamber shows its id, its tile (face down: a back marked with the
  level; mapped mine MS-24: the printed tile, faded, until its cubes are placed; flipped
  when emptied), salt cubes (brown, green, white squares), water (blue squares) and the
  miners per seat (circle = rested, flat oval = tired, with the count);
* one panel per seat in the seat's colour (orange, black, purple, white): display name,
  money in groše, salt, miners owned / in supply, royal orders done, tools (face down =
  used this phase), the current total (money + 3 a cube + tool value, MS-22.1), the start
  player marker; the seat to play is framed in gold and the viewer's panel says "you".

Everything hidden stays hidden: face-down tiles are backs, the order stack, tool pile and
tool deck are counts (MS-26.2); nothing here reads a State.

Clickable places (``class="act"`` and ``data-action`` on a ``<g>`` holding the shape and
its label), only for notations in ``legal``, each notation on one element:

* buildings: ``inn``, ``square`` (the whole building), ``market``, ``castle`` (the title
  bar), ``workshop 3 rope`` (the display card), ``assist workshop|pump|market|castle``
  (the free assistant space), ``deliver O1-3`` (the face-up order tile);
* the mine: ``from I.R2`` / ``to S3`` (the whole space in those sub-steps), and small
  labelled buttons inside a space for ``extract X``, ``pump X``, ``food X``, ``pump more``
  and ``cart X``; ``bucket X>Y`` is a "water ->" button in chamber X on the side of Y;
  ``cart X+Y`` a "cart both" button on the border of the two spaces; ``take brown|green|white``
  is the cube row of that colour in the chamber being extracted; ``buy C`` the cube that
  would be bought, ``sell C`` the market space it would go to (the column's label when
  full: commercial privilege, MS-20.7);
* the seat panels: ``from supply`` (the viewer's supply), ``from @market`` (the assistant
  space), ``pickaxe``, ``rope``, ``commercial``, ``castle royal`` (the viewer's first unused
  card of that kind), ``penalty money`` / ``penalty brown`` (the viewer's money / cubes),
  ``pay black`` (the receiving seat's panel header).

``pass``, ``place`` and ``done`` have no place on the board: the page lists them as buttons.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from . import components as C
from . import mine as M
from .text import STAGE_TEXT

W, H = 1300, 1066
SEAT_FILL = ("#f28c1e", "#222222", "#8e3fb3", "#ffffff")  # orange, black, purple, white
SEAT_INK = ("#000000", "#ffffff", "#ffffff", "#000000")  # text on the seat colour
SALT_FILL = ("#8b5a2b", "#3f9e3f", "#f7f7f2")
WATER_FILL = "#2f7bd6"
GOLD = "#e0a800"
TOWN_BG = "#f3ead7"
MINE_BG = "#5b4a3c"
CHAMBER_BG = "#e9dcc3"
SHAFT_BG = "#cdbb9c"
FONT = "font-family:sans-serif"

SHAFT_W = 130
CH_W, CH_H, GAP = 122, 122, 8
CX = W // 2
MINE_Y = 322
SHAFT_H = {"S1": 60, "S2": CH_H, "S3": 48, "S4": CH_H, "S5": 48, "S6": CH_H}
LEVEL_OF_SHAFT = {"S2": "I", "S4": "II", "S6": "III"}
PANEL_Y = 864
PANEL_H = 196


def _t(x) -> str:
    """Escaped element text."""
    return escape(str(x))


def _a(x) -> str:
    """Escaped attribute value (double quotes)."""
    return escape(str(x), {'"': "&quot;"})


def _grosze(k: int) -> str:
    return f"{k} groš" if k == 1 else f"{k} groše"


class _Canvas:
    """Collects SVG fragments; hands out each legal notation to at most one element."""

    def __init__(self, legal):
        self.out: list[str] = []
        self.legal = set(legal)
        self.used: set[str] = set()

    def add(self, s: str) -> None:
        self.out.append(s)

    def can(self, notation: str) -> bool:
        """True when ``notation`` is legal and not yet given to an element."""
        return notation in self.legal and notation not in self.used

    def open(self, notation: str | None) -> bool:
        """Opens a ``<g>``; clickable (``class="act"``) when ``notation`` is free and legal."""
        if notation is not None and self.can(notation):
            self.used.add(notation)
            self.add(f'<g class="act" data-action="{_a(notation)}">')
            return True
        self.add("<g>")
        return False

    def close(self) -> None:
        self.add("</g>")

    def rect(self, x, y, w, h, fill, stroke="#333", sw=1, rx=0, extra="") -> None:
        self.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{sw:g}"{extra}/>')

    def text(self, x, y, s, size=12, fill="#000", anchor="start", weight="normal", extra="") -> None:
        self.add(f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
                 f'font-weight="{weight}" style="{FONT}"{extra}>{_t(s)}</text>')

    def button(self, notation, x, y, w, label, fill="#fff7d6", size=10) -> None:
        """A small labelled button, drawn only when ``notation`` is legal and free."""
        if not self.can(notation):
            return
        self.open(notation)
        self.rect(x, y, w, 16, fill, stroke=GOLD, sw=1.5, rx=4)
        self.text(x + w / 2, y + 12, label, size=size, anchor="middle", weight="bold")
        self.close()

    def cube(self, x, y, colour: int, size=11) -> None:
        self.rect(x, y, size, size, SALT_FILL[colour], stroke="#222", sw=0.8, rx=1.5)

    def water(self, x, y, size=11) -> None:
        self.rect(x, y, size, size, WATER_FILL, stroke="#0b3a75", sw=0.8, rx=3)

    def miner(self, x, y, seat: int, count: int, tired: bool) -> None:
        """A seat token centred on (x, y): circle = rested, flat oval = tired; the count inside."""
        fill, ink = SEAT_FILL[seat], SEAT_INK[seat]
        if tired:
            self.add(f'<ellipse cx="{x:g}" cy="{y:g}" rx="11" ry="6.5" fill="{fill}" stroke="#555" '
                     f'stroke-width="1.2" stroke-dasharray="2 1.5"/>')
        else:
            self.add(f'<circle cx="{x:g}" cy="{y:g}" r="9" fill="{fill}" stroke="#444" stroke-width="1.2"/>')
        self.text(x, y + 4, count, size=10.5, fill=ink, anchor="middle", weight="bold")


# ---------------------------------------------------------------- geometry
def _layout() -> dict:
    """Rectangle (x, y, w, h) of every mine space, by space index."""
    rects = {}
    y = MINE_Y
    rows = {}
    for s, sp in enumerate(C.SPACES):
        if sp.kind == "chamber":
            rows[(sp.level, sp.side, sp.depth_index)] = s
    for k in range(1, 7):
        sid = f"S{k}"
        h = SHAFT_H[sid]
        rects[C.SPACE_INDEX[sid]] = (CX - SHAFT_W / 2, y, SHAFT_W, h)
        lvl = LEVEL_OF_SHAFT.get(sid)
        if lvl:
            for (level, side, idx), s in rows.items():
                if level != lvl:
                    continue
                off = SHAFT_W / 2 + GAP + (idx - 1) * (CH_W + GAP)
                x = CX + off if side == "R" else CX - off - CH_W
                rects[s] = (x, y, CH_W, CH_H)
        y += h
    return rects


RECTS = _layout()
MINE_BOTTOM = MINE_Y + sum(SHAFT_H.values())


def _centre(s):
    x, y, w, h = RECTS[s]
    return x + w / 2, y + h / 2


# ---------------------------------------------------------------- parts
def _status(cv: _Canvas, obs, seat_names, n) -> None:
    cv.rect(0, 0, W, 40, "#3b2f25", stroke="none")
    if obs["over"]:
        order = _ranking(obs, n)
        best = _rank_key(obs, order[0])
        winners = [s for s in order if _rank_key(obs, s) == best]
        names = " and ".join(f"{seat_names[s]} ({obs['scores'][s]})" for s in winners)
        msg = f"Game over. {'Winners' if len(winners) > 1 else 'Winner'}: {names}"
        cv.text(14, 26, msg, size=17, fill="#ffd966", weight="bold")
    else:
        seat = obs["turn"]
        stage = obs["stage"]
        msg = f"Phase {C.PHASE_NAMES[obs['phase']]}, round {obs['round']}: "
        cv.text(14, 26, msg, size=16, fill="#fff", weight="bold")
        x = 14 + 8.4 * len(msg)
        name = seat_names[seat] if seat < len(seat_names) else C.SEAT_COLOURS[seat]
        if len(name) > 30:
            name = name[:29] + "\u2026"
        nw = 8.6 * len(name) + 16
        cv.rect(x, 7, nw, 26, SEAT_FILL[seat], stroke=GOLD, sw=2, rx=6)
        cv.text(x + nw / 2, 26, name, size=15, fill=SEAT_INK[seat], anchor="middle", weight="bold")
        if stage == "main" and obs["actions_left"] <= 0:
            what = "no action left: a tool (bucket, food) or done"
        else:
            what = STAGE_TEXT.get(stage, stage)
        if stage == "main" and obs["actions_left"] > 0:
            k = obs["actions_left"]
            what += f" ({k} action{'s' if k != 1 else ''} left)"
        if stage == "extract":
            s, taken, picks, carts = obs["ctx"]
            fee, paying = _fee(obs, n)
            what += (f" in {C.SPACE_IDS[s]}: taken {_salt_words(taken)}, pickaxes {picks}, carts {len(carts)};"
                     f" fee so far {_grosze(fee)} ({paying} paying spaces)")
        elif stage == "pay" and obs["ctx"]:
            sp, k = obs["ctx"][0][0], obs["ctx"][0][1]
            what += f" ({_grosze(k)} left for {C.SPACE_IDS[sp]})"
        elif stage == "market" and obs["ctx"]:
            k = obs["ctx"][1]
            what += f" ({k} of 2 transactions done" + (", commercial privilege)" if obs["ctx"][0] else ")")
        elif stage == "pump" and obs["ctx"]:
            what += f" in {C.SPACE_IDS[obs['ctx'][0]]}: {obs['ctx'][1]} removed"
        if obs["visited"]:
            what += "; visited " + ", ".join(obs["visited"])
        cv.text(x + nw + 8, 26, f"to play: {what}", size=15, fill="#fff")
    tag = f"{n} players, {obs['variant']}"
    if obs["options"].get("cart_max_cubes"):
        tag += f", cart carries {obs['options']['cart_max_cubes']}"
    cv.text(W - 12, 26, tag, size=12, fill="#d8c8b0", anchor="end")


def _salt_words(counts) -> str:
    parts = [f"{k} {C.COLOURS[i]}" for i, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else "none"


def _fee(obs, n) -> tuple[int, int]:
    """Transport fee so far of the extraction in progress and the number of paying spaces."""
    s, taken, _picks, carts = obs["ctx"]
    seat = obs["turn"]
    r, t = obs["rested"], obs["tired"]
    paying = [p for p in C.PATH[s] if not (r[p * n + seat] or t[p * n + seat])]
    fee = M.transport_cost(paying, sum(taken), [tuple(x) for x in carts], obs["options"].get("cart_max_cubes"))
    return fee, len(paying)


def _rank_key(obs, seat) -> tuple:
    """MS-22.2 from public data: total, orders done, fewer miners, fewer tools."""
    return (obs["scores"][seat], len(obs["orders_done"][seat]), -obs["owned"][seat], -len(obs["tools"][seat]))


def _ranking(obs, n) -> list[int]:
    return sorted(range(n), key=lambda s: _rank_key(obs, s), reverse=True)


def _building(cv, x, w, title, notation=None, sub=None) -> None:
    """Building background with a title bar (clickable with ``notation``)."""
    y, h = 50, 262
    cv.rect(x, y, w, h, "#fffaf0", stroke="#7a6446", sw=1.5, rx=6)
    cv.open(notation)
    cv.rect(x, y, w, 26, "#7a6446", stroke="#7a6446", rx=6)
    cv.text(x + w / 2, y + 18, title, size=14, fill="#fff", anchor="middle", weight="bold")
    cv.close()
    if sub:
        cv.text(x + w / 2, y + 42, sub, size=10.5, fill="#5a4a36", anchor="middle")


def _assistant(cv, obs, x, y, b: int, from_stage: bool) -> None:
    """The assistant space of building ``b`` (MS-12): the assistant's colour or empty."""
    name = C.ASSIST_BUILDINGS[b]
    who = obs["assist"][b]
    notation = f"from @{name}" if from_stage else f"assist {name}"
    cv.open(notation)
    cv.rect(x, y, 110, 26, "#f6efe2", stroke="#7a6446", sw=1, rx=4, extra=' stroke-dasharray="3 2"')
    cv.text(x + 6, y + 17, "assistant", size=10.5, fill="#5a4a36")
    if who >= 0:
        cv.miner(x + 92, y + 13, who, 1, False)
    else:
        cv.text(x + 92, y + 17, "free", size=10, fill="#8a7a66", anchor="middle")
    cv.close()


def _town(cv: _Canvas, obs, n) -> None:
    stage = obs["stage"]
    from_stage = stage in ("place_from", "assist_from", "castle_from")
    cv.rect(0, 44, W, 274, TOWN_BG, stroke="none")
    x = 8
    # inn (MS-14)
    w = 168
    inn = obs["inn"]
    cv.open("inn")
    cv.rect(x, 50, w, 262, "#fffaf0", stroke="#7a6446", sw=1.5, rx=6)
    cv.rect(x, 50, w, 26, "#7a6446", stroke="#7a6446", rx=6)
    cv.text(x + w / 2, 68, "Inn", size=14, fill="#fff", anchor="middle", weight="bold")
    cv.text(x + w / 2, 92, "hire a miner", size=10.5, fill="#5a4a36", anchor="middle")
    for i, cost in enumerate(C.INN_TRACK):
        bx = x + 8 + i * 22
        hired = i < inn
        here = i == inn
        cv.rect(bx, 104, 20, 24, "#ffe08a" if here else ("#ddd" if hired else "#fff"),
                stroke=GOLD if here else "#999", sw=2 if here else 1, rx=3)
        cv.text(bx + 10, 121, cost, size=12, anchor="middle", fill="#999" if hired else "#000",
                weight="bold" if here else "normal")
    if inn >= len(C.INN_TRACK):
        cv.text(x + w / 2, 150, "closed this phase", size=12, fill="#b00", anchor="middle", weight="bold")
    else:
        cv.text(x + w / 2, 150, f"next miner {_grosze(C.INN_TRACK[inn])}", size=12, anchor="middle")
        left = len(C.INN_TRACK) - inn
        cv.text(x + w / 2, 166, f"{left} miner{'s' if left != 1 else ''} left to hire", size=10.5,
                fill="#5a4a36", anchor="middle")
    cv.close()
    x += w + 7
    # workshop (MS-15)
    w = 226
    _building(cv, x, w, "Workshop", sub="buy a tool")
    for slot, (price, kind) in enumerate(zip(C.DISPLAY_PRICES, obs["display"])):
        bx = x + 10 + slot * 70
        notation = f"workshop {price} {C.TOOL_SHORT[kind]}" if kind else None
        cv.open(notation)
        if kind:
            _tool_card(cv, bx, 100, kind, False, w=66, h=78)
        else:
            cv.rect(bx, 100, 66, 78, "none", stroke="#aaa", sw=1, rx=4, extra=' stroke-dasharray="4 3"')
            cv.text(bx + 33, 143, "empty", size=10, fill="#999", anchor="middle")
        cv.text(bx + 33, 196, _grosze(price), size=11, anchor="middle", weight="bold")
        cv.close()
    cv.text(x + w / 2, 222, f"tool pile: {obs['pile']} face down", size=10.5, fill="#5a4a36", anchor="middle")
    cv.text(x + w / 2, 237, f"tool deck: {obs['deck']}", size=10.5, fill="#5a4a36", anchor="middle")
    _assistant(cv, obs, x + (w - 110) / 2, 276, 0, from_stage)
    x += w + 7
    # pump house (MS-16)
    w = 150
    _building(cv, x, w, "Pump house", sub="remove water")
    cv.text(x + w / 2, 106, "1st cube free, the i-th", size=10.5, anchor="middle")
    cv.text(x + w / 2, 120, "costs i groše:", size=10.5, anchor="middle")
    cv.text(x + 12, 142, "cubes", size=10.5, fill="#5a4a36")
    cv.text(x + 12, 158, "groše", size=10.5, fill="#5a4a36")
    for m in range(1, 6):
        cv.text(x + 52 + (m - 1) * 20, 142, m, size=11, anchor="middle")
        cv.text(x + 52 + (m - 1) * 20, 158, C.pump_cost(m), size=11, anchor="middle", weight="bold")
    if stage == "pump" and obs["ctx"]:
        s, removed = obs["ctx"]
        cv.text(x + w / 2, 190, f"pumping {C.SPACE_IDS[s]}", size=11, anchor="middle", weight="bold")
        cv.text(x + w / 2, 206, f"{removed} removed, {_grosze(C.pump_cost(removed))}", size=11,
                anchor="middle")
    _assistant(cv, obs, x + (w - 110) / 2, 276, 1, from_stage)
    x += w + 7
    # market (MS-17)
    w = 214
    _building(cv, x, w, "Market", "market", sub="buy / sell salt")
    priv = stage == "market" and obs["ctx"] and obs["ctx"][0]
    for col in range(3):
        prices = C.MARKET_COLUMNS[col]
        cnt = obs["market"][col]
        bx = x + 16 + col * 66
        full = cnt >= len(prices)
        cv.open(f"sell {C.COLOURS[col]}" if full else None)
        cv.text(bx + 24, 108, C.COLOURS[col], size=11, anchor="middle", weight="bold")
        cv.close()
        dearest_empty = len(prices) - cnt - 1
        cheapest_full = len(prices) - cnt
        for i, p in enumerate(prices):
            by = 116 + i * 34
            filled = i >= len(prices) - cnt
            notation = None
            if filled and i == cheapest_full:
                notation = f"buy {C.COLOURS[col]}"
            elif not filled and i == dearest_empty:
                notation = f"sell {C.COLOURS[col]}"
            cv.open(notation)
            cv.rect(bx, by, 48, 30, "#fff", stroke="#7a6446", rx=3)
            if filled:
                cv.cube(bx + 4, by + 7, col, size=16)
            cv.text(bx + 36, by + 20, p, size=13, anchor="middle", weight="bold")
            cv.close()
    cv.text(x + w / 2, 266, "buy the cheapest, sell onto the dearest empty space" if not priv
            else "commercial privilege: buy -1, sell +1", size=9, fill="#5a4a36", anchor="middle")
    _assistant(cv, obs, x + (w - 110) / 2, 276, 2, from_stage)
    x += w + 7
    # town square (MS-18)
    w = 110
    cv.open("square")
    cv.rect(x, 50, w, 262, "#fffaf0", stroke="#7a6446", sw=1.5, rx=6)
    cv.rect(x, 50, w, 26, "#7a6446", stroke="#7a6446", rx=6)
    cv.text(x + w / 2, 68, "Town square", size=13, fill="#fff", anchor="middle", weight="bold")
    cv.add(f'<circle cx="{x + w / 2:g}" cy="140" r="22" fill="#e8c35a" stroke="#8a6a10" stroke-width="2"/>')
    cv.text(x + w / 2, 146, "+1", size=16, anchor="middle", weight="bold")
    cv.text(x + w / 2, 184, "take 1 groš", size=11, anchor="middle")
    cv.close()
    x += w + 7
    # castle (MS-19)
    w = W - 8 - x
    _castle(cv, obs, n, x, w, from_stage)


def _castle(cv, obs, n, x, w, from_stage) -> None:
    need = C.ORDERS_TO_END_PHASE[n]
    _building(cv, x, w, "Castle (royal orders)", "castle")
    cv.text(x + 10, 94, f"orders completed this phase: {obs['order_counter']} of {need}"
            f"  \u00b7  face-down stack: {obs['order_stack']}", size=11, fill="#5a4a36")
    ow = min(74, (w - 20 - 6 * 3) / max(1, len(obs["orders_up"])))
    for i, o in enumerate(obs["orders_up"]):
        bx = x + 10 + i * (ow + 6)
        if o is None:
            cv.rect(bx, 102, ow, 86, "none", stroke="#aaa", rx=4, extra=' stroke-dasharray="4 3"')
            cv.text(bx + ow / 2, 150, "empty", size=10, fill="#999", anchor="middle")
            continue
        order = C.ORDERS[o]
        cv.open(f"deliver {o}")
        cv.rect(bx, 102, ow, 86, "#fdf3c8", stroke="#a08020", sw=1.5, rx=4)
        cv.text(bx + ow / 2, 116, o, size=10.5, anchor="middle", weight="bold")
        cubes = [c for c in range(3) for _ in range(order.requires[c])]
        for j, colour in enumerate(cubes):
            cv.cube(bx + 6 + (j % 4) * 15, 124 + (j // 4) * 15, colour, size=12)
        cv.text(bx + ow / 2, 180, _grosze(order.reward), size=12, anchor="middle", weight="bold")
        cv.close()
    if obs["triggered"] and not obs["over"]:
        cv.text(x + w / 2, 204, "phase ends after this round", size=11.5, fill="#b00", anchor="middle",
                weight="bold")
    # the queue (MS-6): left space next to the castle, right space = entry
    qy = 212
    cv.text(x + 10, qy + 24, "queue", size=11, weight="bold")
    for k, (label, key) in enumerate((("next: delivers", "q_left"), ("entering", "q_right"))):
        qx = x + 52 + k * 110
        cv.rect(qx, qy, 104, 52, "#f6efe2", stroke="#7a6446", rx=4)
        cv.text(qx + 52, qy + 13, label, size=9.5, fill="#5a4a36", anchor="middle")
        seats = [s for s in range(n) if obs[key][s]]
        for j, s in enumerate(seats):
            cv.miner(qx + 14 + j * 25, qy + 34, s, obs[key][s], False)
    _assistant(cv, obs, x + w - 118, 276, 3, from_stage)


def _tool_card(cv, x, y, kind, used, w=66, h=78) -> None:
    """A tool card: face up (name) or face down (used this phase, MS-20.1)."""
    if used:
        cv.rect(x, y, w, h, "#8c7b69", stroke="#4a3b2e", rx=4)
        cv.text(x + w / 2, y + h / 2 - 2, C.TOOL_SHORT[kind], size=9, fill="#eee", anchor="middle")
        cv.text(x + w / 2, y + h / 2 + 9, "used", size=8, fill="#eee", anchor="middle")
        return
    cv.rect(x, y, w, h, "#fffef8", stroke="#6b4f2a", sw=1.4, rx=4)
    name = C.TOOL_SHORT[kind]
    big = w > 60
    if kind.endswith("_privilege"):
        cv.text(x + w / 2, y + h / 2 - 2, name, size=10.5 if big else 9, anchor="middle", weight="bold")
        cv.text(x + w / 2, y + h / 2 + 9, "privilege", size=9.5 if big else 8, anchor="middle")
    else:
        cv.text(x + w / 2, y + h / 2 + 4, name, size=11 if big else 10, anchor="middle", weight="bold")


# ---------------------------------------------------------------- mine
def _space_miners(cv, obs, n, s, x, y, w) -> None:
    """Seat tokens of space ``s`` in rows from (x, y), ``w`` wide."""
    tokens = []
    for seat in range(n):
        r = obs["rested"][s * n + seat]
        z = obs["tired"][s * n + seat]
        if r:
            tokens.append((seat, r, False))
        if z:
            tokens.append((seat, z, True))
    per_row = max(1, int(w // 25))
    for i, (seat, k, tired) in enumerate(tokens):
        cv.miner(x + 14 + (i % per_row) * 25, y + (i // per_row) * 21, seat, k, tired)


def _cubes_row(cv, x, y, colours, faded=False) -> None:
    """Cubes left to right from (x, y), 8 a row: a colour index 0..2 is salt, "w" water."""
    if faded:
        cv.add('<g opacity="0.45">')
    for i, c in enumerate(colours):
        if c == "w":
            cv.water(x + (i % 8) * 14, y + (i // 8) * 14)
        else:
            cv.cube(x + (i % 8) * 14, y + (i // 8) * 14, c)
    if faded:
        cv.add("</g>")


def _mine(cv: _Canvas, obs, n) -> None:
    stage = obs["stage"]
    cv.rect(0, MINE_Y - 4, W, MINE_BOTTOM - MINE_Y + 12, MINE_BG, stroke="none")
    cv.text(14, MINE_Y + 20, "Mine", size=18, fill="#f3ead7", weight="bold")
    cv.text(14, MINE_Y + 38, "surface: mine entrance above S1", size=10.5, fill="#d8c8b0")
    for lvl, sid in (("I", "S2"), ("II", "S4"), ("III", "S6")):
        x, y, _w, h = RECTS[C.SPACE_INDEX[sid]]
        cols = {"I": 4, "II": 3, "III": 2}[lvl]
        left = CX - SHAFT_W / 2 - GAP - cols * (CH_W + GAP)
        cv.text(left - 6, y + h / 2 + 6, f"level {lvl}", size=13, fill="#f3ead7", anchor="end", weight="bold")
    from_stage = stage in ("place_from", "assist_from", "castle_from")
    extracting = obs["ctx"][0] if stage == "extract" else None
    pumping = obs["ctx"][0] if stage == "pump" and obs["ctx"] else None
    paying = obs["ctx"][0][0] if stage == "pay" and obs["ctx"] else None
    for s in range(C.NSPACES):
        x, y, w, h = RECTS[s]
        sp = C.SPACES[s]
        sid = sp.id
        if from_stage:
            notation = f"from {sid}"
        elif stage == "place_to":
            notation = f"to {sid}"
        else:
            notation = None
        cv.open(notation)
        chamber = sp.kind == "chamber"
        c = s - C.FIRST_CHAMBER
        hot = s in (extracting, pumping, paying)
        fill = CHAMBER_BG if chamber else SHAFT_BG
        if chamber and not obs["revealed"][c] and obs["tile"][c] is None:
            fill = "#9c8a72"  # a face-down tile's back
        elif chamber and obs["flipped"][c]:
            fill = "#c4b394"  # mapped mine: emptied, turned face down (MS-24.3)
        cv.rect(x, y, w, h, fill, stroke=GOLD if hot else "#2d241c", sw=3 if hot else 1.2, rx=5)
        cv.text(x + 5, y + 14, sid, size=11.5, weight="bold")
        if chamber:
            _chamber(cv, obs, c, x, y, w)
        if chamber:
            _space_miners(cv, obs, n, s, x, y + 70, w)
        else:  # beside the label, a second row below it
            _space_miners(cv, obs, n, s, x + 22, y + 12, w - 22)
        cv.close()
        # buttons inside the space (main, food, extract and pump stages)
        by = y + h - 20
        bx = x + 4
        buttons = []
        if chamber:
            buttons += [(f"extract {sid}", "extract", 46), (f"pump {sid}", "pump", 34)]
        buttons += [(f"food {sid}", "food", 32), (f"cart {sid}", "cart", 32)]
        if s == pumping:
            buttons.append(("pump more", "pump more", 64))
        for notation, label, bw in buttons:
            if cv.can(notation):
                cv.button(notation, bx, by, bw, label)
                bx += bw + 3
        if s == extracting:
            _take_buttons(cv, obs, c, x, y)
    _links(cv, obs)
    # a cart over two adjacent spaces, a bucket between two chambers: on their border
    _legend(cv, obs["variant"] == "mapped-mine")


def _chamber(cv, obs, c, x, y, w) -> None:
    revealed = obs["revealed"][c]
    tile = obs["tile"][c]
    if revealed and obs["flipped"][c]:
        cv.text(x + w - 5, y + 14, f"{tile} flipped", size=9.5, fill="#6a5a46", anchor="end")
    elif revealed:
        cv.text(x + w - 5, y + 14, tile, size=9.5, fill="#6a5a46", anchor="end")
    elif tile is None:
        lvl = C.CHAMBER_LEVEL[c]
        cv.text(x + w / 2, y + 48, f"? {lvl}", size=20, fill="#e9dcc3", anchor="middle", weight="bold")
    else:  # mapped mine: the printed tile, cubes placed when first entered (MS-24)
        td = C.TILES[tile]
        cv.text(x + w - 5, y + 14, f"{tile} (map)", size=9.5, fill="#6a5a46", anchor="end")
        printed = [k for k in range(3) for _ in range(td.salt[k])] + ["w"] * td.water
        _cubes_row(cv, x + 6, y + 22, printed, faded=True)
    if revealed:
        salt = [k for k in range(3) for _ in range(obs["csalt"][c][k])]
        if salt:
            _cubes_row(cv, x + 6, y + 22, salt)
        else:
            cv.text(x + 6, y + 32, "no salt", size=10, fill="#6a5a46")
    water = obs["water"][c]
    if water:
        wy = y + 40
        if water <= 8:
            _cubes_row(cv, x + 6, wy, ["w"] * water)
        else:
            cv.water(x + 6, wy)
            cv.text(x + 22, wy + 10, f"x {water} water", size=10.5, fill="#0b3a75", weight="bold")


def _take_buttons(cv, obs, c, x, y) -> None:
    """``take colour`` on the cube row of that colour in the chamber being extracted."""
    salt = obs["csalt"][c]
    taken = obs["ctx"][1]
    cx = x + 6
    for col in range(3):
        k = salt[col]
        if not k:
            continue
        notation = f"take {C.COLOURS[col]}"
        if cv.can(notation):
            cv.open(notation)
            cv.rect(cx - 2, y + 20, 14 * k + 1, 15, "none", stroke=GOLD, sw=2, rx=3)
            _cubes_row(cv, cx, y + 22, [col] * k)
            cv.close()
        cx += 14 * k
    if sum(taken):
        cv.text(x + 6, y + CH_H - 8, f"taking {_salt_words(taken)}", size=10.5, fill="#a00", weight="bold")


def _links(cv, obs) -> None:
    """Bucket buttons (in the source chamber, on the side of the target) and two-space cart
    buttons on the border of the two spaces."""
    for s in C.CHAMBERS:
        for t in C.BUCKET_ADJ[s]:
            notation = f"bucket {C.SPACE_IDS[s]}>{C.SPACE_IDS[t]}"
            if not cv.can(notation):
                continue
            xs, ys, ws, hs = RECTS[s]
            right = RECTS[t][0] > xs
            bx = xs + ws - 50 if right else xs + 4
            by = ys + hs - 38
            cv.open(notation)
            cv.rect(bx, by, 46, 15, "#d6e8ff", stroke=WATER_FILL, sw=1.5, rx=4)
            cv.text(bx + 23, by + 11.5, "water \u2192" if right else "\u2190 water", size=9.5, fill="#0b3a75",
                    anchor="middle", weight="bold")
            cv.close()
    for seg in {tuple(seg) for p in C.SPACES for seg in C.CART_SEGMENTS[p.index] if len(seg) == 2}:
        notation = "cart " + "+".join(C.SPACE_IDS[p] for p in seg)
        if not cv.can(notation):
            continue
        a, b = seg
        ax, ay = _centre(a)
        bx_, by_ = _centre(b)
        if abs(ay - by_) < 1:  # side by side: the border between them
            mx = (max(RECTS[a][0], RECTS[b][0]) + min(RECTS[a][0] + RECTS[a][2], RECTS[b][0] + RECTS[b][2])) / 2
            my = RECTS[a][1] + RECTS[a][3] - 44
        else:  # shaft sections one above the other
            mx = CX + 28
            my = max(RECTS[a][1], RECTS[b][1]) - 8
        cv.button(notation, mx - 25, my, 50, "cart both")


def _legend(cv, mapped: bool) -> None:
    """What the mine's symbols mean (bottom right of the mine)."""
    x, y = W - 300, RECTS[C.SPACE_INDEX["S5"]][1] + 2
    step = 17
    items = 6 + (1 if mapped else 0)
    cv.rect(x - 4, y - 4, 290, 24 + step * items + 22, "#4a3c30", stroke="#2d241c", rx=5)
    cv.text(x + 4, y + 11, "Legend", size=12, fill="#f3ead7", weight="bold")
    ly = y + 27

    def label(s, dy=4):
        cv.text(x + 56, ly + dy, s, size=11, fill="#f3ead7")

    for k in range(3):
        cv.cube(x + 6 + k * 14, ly - 6, k)
    label("salt: brown, green, white")
    ly += step
    cv.water(x + 6, ly - 6)
    label("water")
    ly += step
    cv.miner(x + 16, ly, 0, 2, False)
    label("2 rested miners (of orange)")
    ly += step
    cv.miner(x + 16, ly, 0, 1, True)
    label("1 tired miner (lying)")
    ly += step
    cv.rect(x + 4, ly - 8, 24, 16, "#9c8a72", stroke="#2d241c", rx=3)
    cv.text(x + 16, ly + 5, "?", size=12, fill="#e9dcc3", anchor="middle", weight="bold")
    label("face-down chamber tile")
    if mapped:
        ly += step
        cv.add('<g opacity="0.45">')
        cv.cube(x + 6, ly - 6, 0)
        cv.water(x + 20, ly - 6)
        cv.add("</g>")
        label("mapped tile: cubes placed on entry")
    ly += step
    cv.rect(x + 4, ly - 8, 24, 16, "#fff7d6", stroke=GOLD, sw=1.5, rx=4)
    label("gold button: you may click it")
    ly += step
    cv.text(x + 4, ly + 2, "fee: 1 groš a cube per space on its way up", size=10, fill="#d8c8b0")
    cv.text(x + 4, ly + 14, "without your miner (MS-10.3)", size=10, fill="#d8c8b0")


# ---------------------------------------------------------------- seats
def _panels(cv: _Canvas, obs, seat_names, n) -> None:
    viewer = obs["seat"]
    stage = obs["stage"]
    pw = (W - 8 * (n + 1)) / n
    order = _ranking(obs, n) if obs["over"] else None
    for seat in range(n):
        x = 8 + seat * (pw + 8)
        y = PANEL_Y
        turn = not obs["over"] and obs["turn"] == seat
        cv.rect(x, y, pw, PANEL_H, "#fffaf0", stroke=GOLD if turn else "#7a6446", sw=4 if turn else 1.5, rx=7)
        colour = C.SEAT_COLOURS[seat]
        cv.open(f"pay {colour}" if stage == "pay" else None)
        cv.rect(x + 2, y + 2, pw - 4, 28, SEAT_FILL[seat], stroke="#444", sw=1, rx=6)
        name = seat_names[seat] if seat < len(seat_names) else colour
        suffix = " (you)" if viewer == seat else ""
        room = max(4, int((pw - 120) / 8.4) - len(suffix))
        if len(name) > room:
            name = name[:room - 1] + "\u2026"
        cv.text(x + 10, y + 21, name + suffix, size=14, fill=SEAT_INK[seat], weight="bold")
        cv.close()
        if turn:
            cv.text(x + pw - 10, y + 21, "to play", size=12, fill=SEAT_INK[seat], anchor="end", weight="bold")
        elif order is not None:
            rank = order.index(seat) + 1
            while rank > 1 and _rank_key(obs, order[rank - 2]) == _rank_key(obs, seat):
                rank -= 1
            cv.text(x + pw - 10, y + 21, f"place {rank}", size=12, fill=SEAT_INK[seat], anchor="end", weight="bold")
        if obs["start"] == seat and not obs["over"]:
            cv.add(f'<circle cx="{x + pw - 82:g}" cy="{y + 16:g}" r="10" fill="#c0392b" stroke="#fff" '
                   f'stroke-width="1.5"/>')
            cv.text(x + pw - 82, y + 20, "S", size=11, fill="#fff", anchor="middle", weight="bold")
        own = viewer == seat and obs["turn"] == seat and not obs["over"]
        # money and salt
        ly = y + 52
        cv.open("penalty money" if own and stage == "penalty" else None)
        cv.add(f'<circle cx="{x + 18:g}" cy="{ly - 5:g}" r="9" fill="#e8c35a" stroke="#8a6a10" stroke-width="1.5"/>')
        cv.text(x + 32, ly, _grosze(obs["money"][seat]), size=13, weight="bold")
        cv.close()
        sx = x + 112
        for col in range(3):
            k = obs["salt"][seat][col]
            cv.open(f"penalty {C.COLOURS[col]}" if own and stage == "penalty" and k else None)
            cv.cube(sx, ly - 12, col, size=14)
            cv.text(sx + 18, ly, f"{k}", size=13, weight="bold")
            cv.close()
            sx += 40
        cv.text(x + pw - 10, ly, colour, size=11, fill="#8a7a66", anchor="end")
        cv.text(x + 10, ly + 22, f"miners: {obs['owned'][seat]} owned", size=12)
        cv.open("from supply" if own and stage in ("place_from", "assist_from", "castle_from") else None)
        cv.rect(x + 118, ly + 8, 92, 20, "#f6efe2", stroke="#bba", rx=4)
        cv.text(x + 124, ly + 22, f"{obs['supply'][seat]} in supply", size=12)
        cv.close()
        done = obs["orders_done"][seat]
        cv.text(x + 10, ly + 44, f"royal orders done: {len(done)}", size=12)
        label = "final score" if obs["over"] else "total now"
        cv.text(x + pw - 10, ly + 44, f"{label}: {obs['scores'][seat]}", size=13, anchor="end", weight="bold")
        # tools
        tools = obs["tools"][seat]
        used = obs["tools_used"][seat]
        ty = ly + 54
        if not tools:
            cv.text(x + 10, ty + 24, "no tools", size=11, fill="#8a7a66")
        per_row = max(1, int((pw - 16) // 60))
        cw, ch = 56, 30
        tool_action = {"pickaxe": "pickaxe", "rope": "rope", "commercial_privilege": "commercial",
                       "royal_privilege": "castle royal"}
        for i, (kind, u) in enumerate(zip(tools, used)):
            tx = x + 8 + (i % per_row) * 60
            row = i // per_row
            if row > 1:  # no room: count the rest
                cv.text(x + pw - 10, ty + 2 * (ch + 4) - 2, f"+{len(tools) - i} more", size=10, anchor="end")
                break
            notation = tool_action.get(kind) if own and not u else None
            cv.open(notation)
            _tool_card(cv, tx, ty + row * (ch + 4), kind, u, w=cw, h=ch)
            cv.close()


def render_svg(obs: dict, legal: list[str], seat_names: list[str], highlights=None) -> str:
    """An SVG drawing of the whole board and every seat's public holdings as
    ``obs = state.observation(seat)`` shows it (obs["seat"] is the viewing seat, None for a
    spectator; obs["current_player"] the seat to act). The viewer's own private holdings are
    drawn as obs gives them (Magnum Sal has none: money, salt and tools are public, MS-1.8).
    ``legal``: the notations (str(action)) of the legal actions when obs["seat"] is the seat
    to act, else []. ``seat_names``: the seats' display names (state.seat_name(i)), index = seat.
    Returns a string starting with "<svg" and ending with "</svg>" (viewBox 0 0 1300 1066).

    Only notations in ``legal`` appear as ``data-action``, each on one element (see the
    module docstring for which). Raises KeyError/IndexError on an observation that is not a
    Magnum Sal one.
    """
    n = len(obs["money"])
    cv = _Canvas(legal)
    cv.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="100%" '
           f'preserveAspectRatio="xMidYMid meet" role="img" aria-label="Magnum Sal board">')
    cv.rect(0, 0, W, H, "#efe6d2", stroke="none")
    _status(cv, obs, seat_names, n)
    _town(cv, obs, n)
    _mine(cv, obs, n)
    _panels(cv, obs, seat_names, n)
    cv.add("</svg>")
    return "".join(cv.out)
