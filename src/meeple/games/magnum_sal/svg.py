"""The Magnum Sal board as SVG, drawn on :class:`meeple.core.svgkit.Canvas` from an observation.

``render_svg(obs, legal, seat_names)`` draws one picture, 1 SVG unit = 1 CSS px (about
1300 x 1330; see :mod:`meeple.core.svgkit` for the conventions the web client reads):

* a header: phase (I-III), round, the seat to play and what it is doing, the royal orders
  completed this phase; at the end the winner;
* the town (MS-1.1): inn with its cost track and marker (MS-14), workshop with the 3/4/5
  display and the face-down pile (MS-15), pump house (MS-16), market columns (MS-17), town
  square (MS-18), castle with the face-up royal orders, the order counter and the two queue
  spaces (MS-6, MS-19); the assistant spaces of workshop, pump house, market and castle
  (MS-12);
* the mine (MS-2): the mine entrance, shaft sections S1..S6 down the middle and the chambers
  of levels I, II, III left and right; each chamber shows its salt cubes by colour, its water
  and its tile (face down: "?" and the level; mapped mine MS-24: the printed cubes, faded,
  until they are placed), and every space its miners per seat (circle = rested, flat oval =
  tired, with the count);
* a panel per seat in the seat's colour: money, salt, miners owned and in supply, royal
  orders completed, the total now (MS-22.1), tools (dark = used this phase).

Every action with a place is chosen on this board: only ``pass`` and the ``done`` of the main
menu, of a rope and of food are left to the page's list. Places, each a ``g.act[data-action]`` with a hit area of at least 28 x 28
units, only for notations in ``legal``:

* town: ``inn`` and ``square`` (the building), ``market`` (the building above its assistant
  space), ``workshop 3 rope`` (the display card), ``assist B`` / ``from @B`` (the assistant
  space), ``castle`` (the queue's entry space), ``castle royal`` (the queue space next to the
  castle, where the royal privilege sends the miner, MS-20.8), ``deliver O`` (the order
  tile), ``buy C`` (the cube that would be bought), ``sell C`` (the market space it would go
  to; the column's name when the column is full, MS-20.7);
* mine: ``place`` (the mine entrance), ``from X`` (the space), ``to X`` (the space; a second
  tap confirms, the first shows a ghost miner there), ``extract X``, ``pump X``, ``food X``,
  ``pump more``, ``cart X`` (buttons in the space), ``done`` (Finish of an extraction and Stop
  of pumping, in the chamber; Leave on the market), ``cart X+Y`` (a button on the border of
  the two spaces), ``bucket X>Y`` (an arrow in X towards Y; confirmed, a ghost water cube in
  Y), ``take C`` (the cubes of that colour in the chamber being extracted), ``pay Q`` (Q's
  miner in the space whose fee is shared out, MS-10.3);
* the viewer's panel: ``from supply`` (the supply), ``penalty money`` / ``penalty C`` (the
  money / the cubes), ``pickaxe``, ``rope``, ``commercial`` (the first unused card).

Places carry ``data-place`` keys (``space:I.R2``, ``inn``, ``workshop:0``, ``market:brown``,
``order:1``, ``queue``, ``assist:market``, ``seat:0:money`` ...; the view's ``place_keys``
gives their contents) and pieces ``data-piece`` ids (the inn marker, the start-player marker,
the royal orders). Everything hidden stays hidden (MS-26.2): face-down tiles are backs, the
order stack, tool pile and tool deck are counts; nothing here reads a State.
"""

from __future__ import annotations

from meeple.core.svgkit import Canvas

from . import components as C
from . import mine as M

W = 1300
SEAT_FILL = ("#f28c1e", "#222222", "#8e3fb3", "#ffffff")  # orange, black, purple, white
SEAT_INK = ("#000000", "#ffffff", "#ffffff", "#000000")  # text on the seat colour
SALT_FILL = ("#8b5a2b", "#3f9e3f", "#f7f7f2")
WATER_FILL = "#2f7bd6"
GOLD = "#e0a800"
TOWN_BG = "#f3ead7"
MINE_BG = "#5b4a3c"
CHAMBER_BG = "#e9dcc3"
SHAFT_BG = "#cdbb9c"
BACK_BG = "#85735c"
INK = "#222"
SOFT = "#5a4a36"
BUTTON = "#fff3c4"

TOWN_Y, TOWN_H = 48, 290
SHAFT_W, CH_W, CH_H, GAP = 150, 130, 170, 8
CX = W // 2
MINE_Y = TOWN_Y + TOWN_H + 10
S_TOP = MINE_Y + 44  # S1's top; the mine entrance lies above it
SHAFT_H = {"S1": 70, "S2": CH_H, "S3": 68, "S4": CH_H, "S5": 68, "S6": CH_H}
LEVEL_OF_SHAFT = {"S2": "I", "S4": "II", "S6": "III"}
MINE_BOTTOM = S_TOP + sum(SHAFT_H.values())
PANEL_Y = MINE_BOTTOM + 14
PANEL_H = 244
STYLE = (
    ".ms-board .act>.hit{stroke:#e0a800;stroke-width:3}.ms-board .act{cursor:pointer}"
    ".ms-board .ghost{display:none;pointer-events:none}"
    ".ms-board .act.selected .ghost{display:inline;opacity:.8}"
)
"""Defaults for the board shown alone, scoped to the drawing's ``g.ms-board`` (an inline SVG's
style applies to its whole page; the page's own CSS, more specific, takes over): a gold
frame around the hit area of every place the viewer may tap now (the legend's "gold
frame"); ``.ghost`` previews hidden until their place is selected (svgkit's data-confirm)."""
FROM_STAGES = ("place_from", "assist_from", "castle_from")
TOOL_WORDS = {
    "rope": ("rope",),
    "pickaxe": ("pickaxe",),
    "bucket": ("bucket",),
    "cart": ("cart",),
    "food": ("food",),
    "commercial_privilege": ("commercial", "privilege"),
    "royal_privilege": ("royal", "privilege"),
}
TOOL_ACTION = {"pickaxe": "pickaxe", "rope": "rope", "commercial_privilege": "commercial"}
"""The tool cards of the viewer's panel that are places (MS-20.2, MS-20.3, MS-20.7)."""


def _grosze(k: int) -> str:
    return f"{k} groš" if k == 1 else f"{k} groše"


def _salt_words(counts) -> str:
    parts = [f"{k} {C.COLOURS[i]}" for i, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else "nothing yet"


# ---------------------------------------------------------------- geometry
def _layout() -> dict:
    """Rectangle (x, y, w, h) of every mine space, by space index (MS-2)."""
    rects = {}
    rows = {(sp.level, sp.side, sp.depth_index): s for s, sp in enumerate(C.SPACES) if sp.kind == "chamber"}
    y = S_TOP
    for k in range(1, 7):
        sid = f"S{k}"
        h = SHAFT_H[sid]
        rects[C.SPACE_INDEX[sid]] = (CX - SHAFT_W / 2, y, SHAFT_W, h)
        lvl = LEVEL_OF_SHAFT.get(sid)
        for (level, side, idx), s in rows.items():
            if level == lvl:
                off = SHAFT_W / 2 + GAP + (idx - 1) * (CH_W + GAP)
                rects[s] = (CX + off if side == "R" else CX - off - CH_W, y, CH_W, CH_H)
        y += h
    return rects


RECTS = _layout()


class _Board:
    """One drawing: the canvas, the observation and who looks."""

    def __init__(self, obs: dict, legal, seat_names):
        self.obs = obs
        self.cv = Canvas(legal)
        self.legal = set(legal)
        self.n = len(obs["money"])
        self.names = [seat_names[s] if s < len(seat_names) else C.SEAT_COLOURS[s] for s in range(self.n)]
        self.stage = obs["stage"]
        self.viewer = obs.get("seat")
        self.acting = not obs["over"] and self.viewer is not None and self.viewer == obs["turn"]

    # ------------------------------------------------------------ shapes (returned strings)
    def live(self, notation: str | None) -> bool:
        return notation is not None and notation in self.legal

    def cube(self, x, y, colour: int, size=16, **kw) -> str:
        return self.cv.rect(x, y, size, size, SALT_FILL[colour], stroke="#222", rx=2, stroke_width=1, **kw)

    def water(self, x, y, size=16) -> str:
        return self.cv.rect(x, y, size, size, WATER_FILL, stroke="#0b3a75", rx=4, stroke_width=1)

    def token(self, x, y, seat: int, count: int, tired: bool, cls: str | None = None) -> str:
        """A seat's miners centred on (x, y): circle = rested, flat oval = tired; the count inside."""
        fill, ink = SEAT_FILL[seat], SEAT_INK[seat]
        c = f' class="{cls}"' if cls else ""
        if tired:
            shape = (
                f'<ellipse cx="{x:g}" cy="{y:g}" rx="13" ry="8" fill="{fill}" stroke="#777" '
                f'stroke-width="1.5" stroke-dasharray="3 2"/>'
            )
        else:
            shape = f'<circle cx="{x:g}" cy="{y:g}" r="11" fill="{fill}" stroke="#555" stroke-width="1.5"/>'
        return f"<g{c}>{shape}{self.cv.text(x, y + 4.5, count, anchor='middle', weight='bold', fill=ink)}</g>"

    def button(self, notation: str, x, y, w, label: str, fill=BUTTON, confirm=False, ghost="") -> str:
        """A labelled 28-unit-high button, only when ``notation`` is legal ("" otherwise)."""
        if not self.live(notation):
            return ""
        body = (
            self.cv.rect(x, y, w, 28, fill, stroke=GOLD, rx=6, stroke_width=2)
            + self.cv.text(x + w / 2, y + 19, label, anchor="middle", weight="bold")
            + ghost
        )
        return self.cv.place(notation, x, y, w, 28, body, confirm=confirm)

    def building(self, x, w, title: str) -> str:
        y = TOWN_Y
        return (
            self.cv.rect(x, y, w, TOWN_H, "#fffaf0", stroke="#7a6446", rx=6, stroke_width=1.5)
            + self.cv.rect(x, y, w, 30, "#7a6446", rx=6)
            + self.cv.text(x + w / 2, y + 21, title, size=15, anchor="middle", weight="bold", fill="#fff")
        )

    def tool_card(self, x, y, w, h, kind: str, used: bool) -> str:
        """A tool card: face up (its name) or face down (dark: used this phase, MS-20.1)."""
        fill, ink = ("#7d6c5a", "#f4efe6") if used else ("#fffef8", INK)
        out = self.cv.rect(x, y, w, h, fill, stroke="#6b4f2a", rx=4, stroke_width=1.4)
        lines = TOOL_WORDS[kind]
        top = y + h / 2 + 4.5 - 7 * (len(lines) - 1)
        for i, line in enumerate(lines):
            out += self.cv.text(
                x + w / 2, top + 14 * i, line, anchor="middle", fill=ink, weight="bold" if len(lines) == 1 else "normal"
            )
        return out

    # ------------------------------------------------------------ header
    def header(self) -> None:
        obs, cv = self.obs, self.cv
        cv.add(cv.rect(0, 0, W, 40, "#3b2f25"))
        if obs["over"]:
            scores = obs["scores"]
            best = max(self._rank_key(s) for s in range(self.n))
            winners = [s for s in range(self.n) if self._rank_key(s) == best]
            who = " and ".join(f"{self.names[s]} ({_grosze(scores[s])})" for s in winners)
            msg = f"Game over. {'Winners' if len(winners) > 1 else 'Winner'}: {who}"
            cv.add(cv.text(14, 26, msg, size=17, fill="#ffd966", weight="bold"))
        else:
            turn = obs["turn"]
            msg = f"Phase {C.PHASE_NAMES[obs['phase']]}, round {obs['round']}"
            cv.add(cv.text(14, 26, msg, size=16, fill="#fff", weight="bold"))
            x = 14 + 9.4 * len(msg) + 12
            name = self.names[turn]
            if len(name) > 24:
                name = name[:23] + "\u2026"
            nw = 8.8 * len(name) + 20
            cv.add(
                cv.rect(x, 7, nw, 26, SEAT_FILL[turn], stroke=GOLD, rx=6, stroke_width=2)
                + cv.text(x + nw / 2, 25, name, size=15, anchor="middle", weight="bold", fill=SEAT_INK[turn])
            )
            cv.add(cv.text(x + nw + 10, 26, self._doing(), size=15, fill="#fff"))
        tags = (["mapped mine"] if obs["variant"] == "mapped-mine" else []) + (
            [f"a cart carries {obs['options']['cart_max_cubes']} free"] if obs["options"].get("cart_max_cubes") else []
        )
        if tags:
            cv.add(cv.text(W - 12, 26, ", ".join(tags), size=13, fill="#d8c8b0", anchor="end"))

    def _doing(self) -> str:
        obs, st = self.obs, self.stage
        if st == "main":
            k = obs["actions_left"]
            return f"to play: {k} action{'s' if k != 1 else ''} left" if k > 0 else "to play: tools or end of turn"
        if st == "extract":
            s, taken, _picks, _carts = obs["ctx"]
            fee, _ = self.fee()
            return f"extracting in {C.SPACE_IDS[s]}: taking {_salt_words(taken)}, transport {_grosze(fee)}"
        if st == "pay" and obs["ctx"]:
            p, k = obs["ctx"][0]
            return f"sharing the {C.SPACE_IDS[p]} fee: {_grosze(k)} left"
        if st == "market":
            return f"at the market: {obs['ctx'][1]} of 2 transactions"
        if st == "pump":
            s, removed = obs["ctx"]
            return f"pumping {C.SPACE_IDS[s]}: {removed} removed, {_grosze(C.pump_cost(removed))}"
        return {
            "deliver": "a miner reached the castle: which royal order?",
            "penalty": "a miner reached the castle: which penalty?",
            "place_from": "placing a miner: which one?",
            "place_to": "placing a miner: where?",
            "rope": "one more miner with a rope?",
            "assist_from": "assistant: which miner?",
            "castle_from": "castle: which miner?",
            "food": "food: one more miner?",
        }.get(st, st)

    def fee(self) -> tuple[int, int]:
        """Transport fee so far of the extraction in progress and the number of paying spaces
        (MS-10.3, MS-20.5), from public data."""
        obs, n = self.obs, self.n
        s, taken, _picks, carts = obs["ctx"]
        seat = obs["turn"]
        r, t = obs["rested"], obs["tired"]
        paying = [p for p in C.PATH[s] if not (r[p * n + seat] or t[p * n + seat])]
        fee = M.transport_cost(paying, sum(taken), [tuple(x) for x in carts], obs["options"].get("cart_max_cubes"))
        return fee, len(paying)

    def _rank_key(self, seat) -> tuple:
        """MS-22.2 from public data: total, orders done, fewer miners, fewer tools."""
        o = self.obs
        return (o["scores"][seat], len(o["orders_done"][seat]), -o["owned"][seat], -len(o["tools"][seat]))

    # ------------------------------------------------------------ town
    def town(self) -> None:
        cv = self.cv
        cv.add(cv.rect(0, TOWN_Y - 4, W, TOWN_H + 8, TOWN_BG))
        x = 8
        for width, part in (
            (170, self.inn),
            (240, self.workshop),
            (160, self.pump_house),
            (230, self.market),
            (110, self.square),
        ):
            part(x, width)
            x += width + 7
        self.castle(x, W - 8 - x)

    def assistant(self, x, b: int) -> str:
        """The assistant space of building ``b`` (MS-12): ``assist B`` in the main menu,
        ``from @B`` when the viewer's own assistant may be taken (MS-7.3)."""
        name = C.ASSIST_BUILDINGS[b]
        who = self.obs["assist"][b]
        notation = f"assist {name}" if self.live(f"assist {name}") else f"from @{name}"
        y = TOWN_Y + 248
        cv = self.cv
        body = cv.rect(x, y, 124, 32, "#f6efe2", stroke="#7a6446", rx=5, stroke_dasharray="4 3") + cv.text(
            x + 8, y + 21, "assistant", fill=SOFT
        )
        body += (
            self.token(x + 104, y + 16, who, 1, False)
            if who >= 0
            else cv.text(x + 104, y + 21, "free", fill="#6e5f4c", anchor="middle")
        )
        return cv.place(notation, x, y, 124, 32, body, key=f"assist:{name}")

    def inn(self, x, w) -> None:
        cv, obs = self.cv, self.obs
        y = TOWN_Y
        inn = obs["inn"]
        body = self.building(x, w, "Inn") + cv.text(x + w / 2, y + 50, "hire a miner", fill=SOFT, anchor="middle")
        for i, cost in enumerate(C.INN_TRACK):
            bx = x + 8 + i * 22
            here = i == inn
            body += cv.rect(
                bx,
                y + 62,
                20,
                28,
                "#ffe08a" if here else ("#ddd" if i < inn else "#fff"),
                stroke=GOLD if here else "#999",
                rx=3,
                stroke_width=2 if here else 1,
            )
            body += cv.text(
                bx + 10,
                y + 81,
                cost,
                anchor="middle",
                fill="#666" if i < inn else INK,
                weight="bold" if here else "normal",
            )
        if inn < len(C.INN_TRACK):
            mx = x + 18 + inn * 22
            body += (
                f'<g data-piece="inn-marker"><circle cx="{mx:g}" cy="{y + 104:g}" r="8" fill="#6b4f2a" '
                f'stroke="#fff" stroke-width="1.5"/></g>'
            )
            left = len(C.INN_TRACK) - inn
            body += cv.text(
                x + w / 2, y + 140, f"next miner: {_grosze(C.INN_TRACK[inn])}", size=13, anchor="middle", weight="bold"
            )
            body += cv.text(x + w / 2, y + 160, f"{left} left to hire", fill=SOFT, anchor="middle")
        else:
            body += cv.text(
                x + w / 2, y + 140, "closed this phase", size=13, fill="#b00", anchor="middle", weight="bold"
            )
        cv.add(cv.place("inn", x, y, w, TOWN_H, body, key="inn"))

    def workshop(self, x, w) -> None:
        cv, obs = self.cv, self.obs
        y = TOWN_Y
        cv.add(self.building(x, w, "Workshop") + cv.text(x + w / 2, y + 50, "buy a tool", fill=SOFT, anchor="middle"))
        for slot, (price, kind) in enumerate(zip(C.DISPLAY_PRICES, obs["display"])):
            bx = x + 6 + slot * 78
            if kind:
                body = self.tool_card(bx, y + 60, 72, 84, kind, False)
                notation = f"workshop {price} {C.TOOL_SHORT[kind]}"
            else:
                body = cv.rect(bx, y + 60, 72, 84, "none", stroke="#aaa", rx=4, stroke_dasharray="4 3") + cv.text(
                    bx + 36, y + 106, "empty", fill="#6e5f4c", anchor="middle"
                )
                notation = None
            body += cv.text(bx + 36, y + 164, _grosze(price), size=13, anchor="middle", weight="bold")
            cv.add(cv.place(notation, bx, y + 60, 72, 112, body, key=f"workshop:{slot}"))
        cv.add(cv.text(x + w / 2, y + 198, f"tool pile: {obs['pile']} face down", fill=SOFT, anchor="middle"))
        cv.add(cv.text(x + w / 2, y + 218, f"tool deck: {obs['deck']}", fill=SOFT, anchor="middle"))
        cv.add(self.assistant(x + (w - 124) / 2, 0))

    def pump_house(self, x, w) -> None:
        cv, obs = self.cv, self.obs
        y = TOWN_Y
        out = self.building(x, w, "Pump house") + cv.text(x + w / 2, y + 50, "remove water", fill=SOFT, anchor="middle")
        out += cv.text(x + w / 2, y + 74, "1st cube free,", anchor="middle")
        out += cv.text(x + w / 2, y + 90, "the i-th costs i", anchor="middle")
        out += cv.text(x + 8, y + 116, "cubes", fill=SOFT) + cv.text(x + 8, y + 136, "groše", fill=SOFT)
        for m in range(1, 6):
            mx = x + 62 + (m - 1) * 21
            out += cv.text(mx, y + 116, m, anchor="middle")
            out += cv.text(mx, y + 136, C.pump_cost(m), anchor="middle", weight="bold")
        if self.stage == "pump" and obs["ctx"]:
            s, removed = obs["ctx"]
            out += cv.text(x + w / 2, y + 172, f"pumping {C.SPACE_IDS[s]}", size=13, anchor="middle", weight="bold")
            out += cv.text(x + w / 2, y + 190, f"{removed} removed: {_grosze(C.pump_cost(removed))}", anchor="middle")
        cv.add(out)
        cv.add(self.assistant(x + (w - 124) / 2, 1))

    def market(self, x, w) -> None:
        cv, obs = self.cv, self.obs
        y = TOWN_Y
        inner = ""
        for col in range(3):
            prices = C.MARKET_COLUMNS[col]
            cnt = obs["market"][col]
            bx = x + 14 + col * 72
            name = C.COLOURS[col]
            full = cnt >= len(prices)
            head = cv.rect(bx, y + 36, 60, 22, "#efe3cc", rx=4) + cv.text(
                bx + 30, y + 52, name, anchor="middle", weight="bold"
            )
            column = cv.place(f"sell {name}" if full else None, bx, y + 36, 60, 22, head)
            for i, p in enumerate(prices):
                by = y + 64 + i * 36
                filled = i >= len(prices) - cnt
                notation = None
                if filled and i == len(prices) - cnt:
                    notation = f"buy {name}"  # MS-17.4: the cheapest occupied space
                elif not filled and i == len(prices) - cnt - 1:
                    notation = f"sell {name}"  # MS-17.3: the dearest empty space
                body = cv.rect(bx, by, 60, 32, "#fff", stroke="#7a6446", rx=3)
                if filled:
                    body += self.cube(bx + 6, by + 7, col, size=18)
                body += cv.text(bx + 44, by + 21, p, size=14, anchor="middle", weight="bold")
                column += cv.place(notation, bx, by, 60, 32, body)
            inner += cv.place(None, bx, y + 36, 60, 28 + 36 * len(prices), column, key=f"market:{name}")
        if self.stage == "market" and obs["ctx"] and obs["ctx"][0]:
            inner += cv.text(x + w / 2, y + 226, "privilege: buy -1, sell +1", fill=SOFT, anchor="middle")
        if self.stage == "market":  # MS-17.2: leave after one transaction
            inner += self.button("done", x + 156, y + 150, 64, "Leave")
        cv.add(self.building(x, w, "Market"))
        # the visit: the building above its assistant space; the columns' places are the visit's steps
        cv.add(cv.place("market", x, y, w, 240, inner))
        cv.add(self.assistant(x + (w - 124) / 2, 2))

    def square(self, x, w) -> None:
        cv = self.cv
        y = TOWN_Y
        body = self.building(x, w, "Town square")
        body += f'<circle cx="{x + w / 2:g}" cy="{y + 110:g}" r="24" fill="#e8c35a" stroke="#8a6a10" stroke-width="2"/>'
        body += cv.text(x + w / 2, y + 116, "+1", size=17, anchor="middle", weight="bold")
        body += cv.text(x + w / 2, y + 156, "take 1 groš", anchor="middle")
        cv.add(cv.place("square", x, y, w, TOWN_H, body))

    def castle(self, x, w) -> None:
        cv, obs, n = self.cv, self.obs, self.n
        y = TOWN_Y
        need = C.ORDERS_TO_END_PHASE[n]
        cv.add(self.building(x, w, "Castle: royal orders"))
        cv.add(cv.text(x + 10, y + 50, f"completed this phase: {obs['order_counter']} of {need}", fill=SOFT))
        cv.add(cv.text(x + w - 10, y + 50, f"face down: {obs['order_stack']}", fill=SOFT, anchor="end"))
        k = max(1, len(obs["orders_up"]))
        ow = min(78, (w - 20 - 6 * (k - 1)) / k)
        for i, o in enumerate(obs["orders_up"]):
            bx = x + 10 + i * (ow + 6)
            by = y + 60
            if o is None:
                body = cv.rect(bx, by, ow, 84, "none", stroke="#aaa", rx=4, stroke_dasharray="4 3") + cv.text(
                    bx + ow / 2, by + 46, "empty", fill="#6e5f4c", anchor="middle"
                )
                cv.add(cv.place(None, bx, by, ow, 84, body, key=f"order:{i}"))
                continue
            order = C.ORDERS[o]
            body = cv.rect(bx, by, ow, 84, "#fdf3c8", stroke="#a08020", rx=4, stroke_width=1.5)
            cubes = [c for c in range(3) for _ in range(order.requires[c])]
            cx0 = bx + (ow - 20 * len(cubes) + 2) / 2
            for j, colour in enumerate(cubes):
                body += self.cube(cx0 + j * 20, by + 14, colour, size=18)
            body += cv.text(bx + ow / 2, by + 66, _grosze(order.reward), size=14, anchor="middle", weight="bold")
            cv.add(
                f'<g data-piece="order-{o}">'
                + cv.place(f"deliver {o}", bx, by, ow, 84, body, key=f"order:{i}")
                + "</g>"
            )
        if obs["triggered"] and not obs["over"]:
            cv.add(
                cv.text(
                    x + w / 2,
                    y + 162,
                    "the phase ends after this round",
                    size=13,
                    fill="#b00",
                    anchor="middle",
                    weight="bold",
                )
            )
        # the queue (MS-6.1): the left space next to the castle, the right (entry) space
        qy = y + 172
        queue = ""
        for k2, (label, key, notation) in enumerate(
            (("next: delivers", "q_left", "castle royal"), ("entering", "q_right", "castle"))
        ):
            qx = x + 10 + k2 * ((w - 26) / 2 + 6)
            qw = (w - 26) / 2
            body = cv.rect(qx, qy, qw, 66, "#f6efe2", stroke="#7a6446", rx=4) + cv.text(
                qx + qw / 2, qy + 17, label, fill=SOFT, anchor="middle"
            )
            seats = [s for s in range(n) if obs[key][s]]
            for j, s in enumerate(seats):
                body += self.token(qx + 18 + j * 28, qy + 44, s, obs[key][s], False)
            if self.live(notation):
                body += cv.text(qx + qw - 8, qy + 50, "send here", anchor="end", weight="bold", fill="#7a4a00")
            queue += cv.place(notation, qx, qy, qw, 66, body)
        cv.add(cv.place(None, x + 10, qy, w - 20, 66, queue, key="queue"))
        cv.add(self.assistant(x + (w - 124) / 2, 3))

    # ------------------------------------------------------------ mine
    def mine(self) -> None:
        cv = self.cv
        cv.add(cv.rect(0, MINE_Y, W, MINE_BOTTOM - MINE_Y + 6, MINE_BG))
        cv.add(cv.text(14, MINE_Y + 26, "Mine", size=20, fill="#f3ead7", weight="bold"))
        # the mine entrance: place or move a miner (MS-8)
        ex, ew = CX - 100, 200
        body = cv.rect(
            ex, MINE_Y + 6, ew, 32, "#3b2f25", stroke=GOLD if self.live("place") else "#6e5f4c", rx=6, stroke_width=2
        )
        body += cv.text(
            CX,
            MINE_Y + 27,
            "place a miner" if self.live("place") else "mine entrance",
            size=14,
            fill="#f3ead7",
            anchor="middle",
            weight="bold",
        )
        cv.add(cv.place("place", ex, MINE_Y + 6, ew, 32, body))
        for s in range(C.NSPACES):
            cv.add(self.space(s))
        cv.add(self.links())
        self.legend()

    def space(self, s: int) -> str:
        cv, obs, n, st = self.cv, self.obs, self.n, self.stage
        x, y, w, h = RECTS[s]
        sp = C.SPACES[s]
        sid = sp.id
        chamber = sp.kind == "chamber"
        c = s - C.FIRST_CHAMBER
        hot = (
            (st == "extract" and obs["ctx"][0] == s)
            or (st == "pump" and obs["ctx"] and obs["ctx"][0] == s)
            or (st == "pay" and obs["ctx"] and obs["ctx"][0][0] == s)
        )
        fill = SHAFT_BG
        if chamber:
            fill = CHAMBER_BG
            if not obs["revealed"][c] and obs["tile"][c] is None:
                fill = BACK_BG  # a face-down tile's back
            elif obs["flipped"][c]:
                fill = "#c4b394"  # mapped mine: emptied, turned face down (MS-24.3)
        body = cv.rect(x, y, w, h, fill, stroke=GOLD if hot else "#2d241c", rx=5, stroke_width=4 if hot else 1.2)
        body += cv.text(x + 6, y + 17, sid, size=14, weight="bold")
        if not chamber and sid in LEVEL_OF_SHAFT:
            body += cv.text(x + 6, y + 36, f"level {LEVEL_OF_SHAFT[sid]}", fill=SOFT)
        if chamber:
            body += self.chamber(c, x, y, w)
        # miners: rows of tokens, 28 units apart
        tokens = []
        for seat in range(n):
            for tired in (False, True):
                k = (obs["tired"] if tired else obs["rested"])[s * n + seat]
                if k:
                    tokens.append((seat, k, tired))
        if chamber or sid in LEVEL_OF_SHAFT:
            tx, ty, per_row = x + 18, y + 90, max(1, int((w - 8) // 28))
        else:
            tx, ty, per_row = x + 44, y + 24, max(1, int((w - 36) // 28))
        paying = st == "pay" and obs["ctx"] and obs["ctx"][0][0] == s
        paid = set()
        for i, (seat, k, tired) in enumerate(tokens):
            mx, my = tx + (i % per_row) * 28, ty + (i // per_row) * 28
            tok = self.token(mx, my, seat, k, tired)
            if paying and seat not in paid and seat != obs["turn"]:  # MS-10.3: who gets a groš
                paid.add(seat)
                tok = cv.place(f"pay {C.SEAT_COLOURS[seat]}", mx - 14, my - 14, 28, 28, tok)
            body += tok
        # the whole space: a miner's source or destination (MS-8)
        if st in FROM_STAGES:
            notation, confirm, ghost = f"from {sid}", False, ""
        elif st == "place_to":
            notation, confirm = f"to {sid}", True
            gx = tx + (len(tokens) % per_row) * 28
            gy = ty + (len(tokens) // per_row) * 28
            ghost = self.token(gx, gy, obs["turn"], 1, False, cls="ghost")
        else:
            notation, confirm, ghost = None, False, ""
        out = cv.place(
            notation, x, y, w, h, body + (ghost if self.live(notation) else ""), confirm=confirm, key=f"space:{sid}"
        )
        # buttons along the bottom of the space
        buttons = []
        if chamber:
            buttons += [(f"extract {sid}", "Extract", 54), (f"pump {sid}", "Pump", 44)]
        buttons += [(f"food {sid}", "Food", 44), (f"cart {sid}", "Cart", 44)]
        if st == "pump" and obs["ctx"] and obs["ctx"][0] == s:  # MS-16.1: one more cube, or stop
            buttons += [("pump more", "More", 52), ("done", "Stop", 52)]
        if st == "extract" and obs["ctx"][0] == s:  # MS-10.3: take the cubes, pay the transport
            buttons.append(("done", f"Finish: {_grosze(self.fee()[0])}", 118))
        bx, by = x + 4, y + h - 32
        for notation, label, bw in buttons:
            if self.live(notation):
                if bx + bw > x + w - 2:
                    bx, by = x + 4, by - 32
                out += self.button(notation, bx, by, bw, label)
                bx += bw + 4
        return out

    def chamber(self, c: int, x, y, w) -> str:
        """A chamber's tile label, salt cubes by colour (``take C`` places while it is being
        extracted) and water."""
        cv, obs = self.cv, self.obs
        revealed = obs["revealed"][c]
        tile = obs["tile"][c]
        s = C.FIRST_CHAMBER + c
        out = ""
        if revealed and obs["flipped"][c]:
            out += cv.text(x + w - 6, y + 17, "emptied", anchor="end", fill=SOFT)
        elif revealed:
            out += cv.text(x + w - 6, y + 17, tile, anchor="end", fill=SOFT)
        elif tile is None:
            out += cv.text(
                x + w / 2, y + 56, f"? {C.CHAMBER_LEVEL[c]}", size=24, fill="#e9dcc3", anchor="middle", weight="bold"
            )
        else:  # mapped mine: the printed tile, cubes placed when first entered (MS-24)
            td = C.TILES[tile]
            out += cv.text(x + w - 6, y + 17, f"map {tile}", anchor="end", fill=SOFT)
            faded = ""
            k = 0
            for col in range(3):
                for _ in range(td.salt[col]):
                    faded += self.cube(x + 8 + k * 20, y + 26, col, size=18)
                    k += 1
            for j in range(td.water):
                faded += self.water(x + 8 + j * 20, y + 52, size=18)
            out += f'<g opacity="0.45">{faded}</g>'
        if revealed:
            extracting = self.stage == "extract" and self.obs["ctx"][0] == s
            taken = obs["ctx"][1] if extracting else [0, 0, 0]
            cx = x + 8
            salt = obs["csalt"][c]
            for col in range(3):
                k = salt[col]
                if not k:
                    continue
                group = ""
                for j in range(k):
                    held = j < taken[col]
                    group += self.cube(cx + j * 20, y + 26, col, size=18, opacity="0.35" if held else None)
                    if held:
                        group += cv.rect(cx + j * 20 - 2, y + 24, 22, 22, "none", stroke=GOLD, rx=3, stroke_width=2)
                gw = 20 * k - 2
                out += cv.place(f"take {C.COLOURS[col]}" if extracting else None, cx, y + 26, gw, 18, group)
                cx += gw + 12  # a one-cube group's hit area (MIN_HIT) reaches 5 units past each side
            if not sum(salt):
                out += cv.text(x + 8, y + 40, "no salt", fill=SOFT)
        water = obs["water"][c]
        if water:
            wx = x + 38
            if water <= 3:
                for j in range(water):
                    out += self.water(wx + j * 20, y + 54)
            else:
                out += self.water(wx, y + 54) + cv.text(wx + 22, y + 67, f"x {water}", weight="bold", fill="#cfe3ff")
        return out

    def links(self) -> str:
        """Bucket arrows (in chamber X, on the side of Y; a ghost water cube in Y) and
        two-space cart buttons (on the border of the two spaces)."""
        out = ""
        for s in C.CHAMBERS:
            for t in C.BUCKET_ADJ[s]:
                notation = f"bucket {C.SPACE_IDS[s]}>{C.SPACE_IDS[t]}"
                if not self.live(notation):
                    continue
                xs, ys, ws, _hs = RECTS[s]
                xt, yt, wt, _ht = RECTS[t]
                right = xt > xs
                bx = xs + ws - 32 if right else xs + 4
                ghost = f'<g class="ghost">{self.water(xt + wt / 2 - 9, yt + 54, size=18)}</g>'
                out += self.button(
                    notation,
                    bx,
                    ys + 48,
                    28,
                    "\u25b6" if right else "\u25c0",
                    fill="#d6e8ff",
                    confirm=True,
                    ghost=ghost,
                )
        seen = set()
        for sp in C.SPACES:
            for seg in C.CART_SEGMENTS[sp.index]:
                if len(seg) != 2 or seg in seen:
                    continue
                seen.add(seg)
                notation = "cart " + "+".join(C.SPACE_IDS[p] for p in seg)
                if not self.live(notation):
                    continue
                a, b = seg
                ra, rb = RECTS[a], RECTS[b]
                if abs(ra[1] - rb[1]) < 1:  # side by side: on the border between them
                    mx = (max(ra[0], rb[0]) + min(ra[0] + ra[2], rb[0] + rb[2])) / 2
                    my = ra[1] + ra[3] - 66
                else:  # shaft sections one above the other: on the border, right side
                    mx = CX + SHAFT_W / 2 - 40
                    my = max(ra[1], rb[1]) - 14
                out += self.button(
                    notation, mx - 34, my, 68, "Cart \u21c5" if abs(ra[1] - rb[1]) >= 1 else "Cart \u21c4"
                )
        return out

    def legend(self) -> None:
        """What the mine's symbols mean (bottom right of the mine)."""
        cv = self.cv
        s5 = RECTS[C.SPACE_INDEX["S5"]]
        x, y = CX + SHAFT_W / 2 + 2 * (CH_W + GAP) + 14, s5[1] + 6
        lines = 7 + (1 if self.obs["variant"] == "mapped-mine" else 0)
        cv.add(cv.rect(x - 6, y - 2, W - x - 2, 30 + 22 * lines, "#4a3c30", stroke="#2d241c", rx=5))
        cv.add(cv.text(x + 4, y + 18, "Legend", size=14, fill="#f3ead7", weight="bold"))
        ly = y + 40

        def label(s):
            cv.add(cv.text(x + 64, ly + 5, s, fill="#f3ead7"))

        for k in range(3):
            cv.add(self.cube(x + 4 + k * 18, ly - 7, k, size=15))
        label("salt: brown, green, white")
        ly += 22
        cv.add(self.water(x + 4, ly - 7, size=15))
        label("water")
        ly += 22
        cv.add(self.token(x + 18, ly, 0, 2, False))
        label("2 rested miners")
        ly += 22
        cv.add(self.token(x + 18, ly, 0, 1, True))
        label("1 tired miner")
        ly += 22
        cv.add(
            cv.rect(x + 4, ly - 9, 28, 18, BACK_BG, stroke="#2d241c", rx=3)
            + cv.text(x + 18, ly + 5, "?", fill="#e9dcc3", anchor="middle", weight="bold")
        )
        label("face-down chamber tile")
        if self.obs["variant"] == "mapped-mine":
            ly += 22
            cv.add(
                '<g opacity="0.45">'
                + self.cube(x + 4, ly - 7, 0, size=15)
                + self.water(x + 22, ly - 7, size=15)
                + "</g>"
            )
            label("mapped: cubes placed on entry")
        ly += 22
        cv.add(cv.rect(x + 4, ly - 9, 28, 18, BUTTON, stroke=GOLD, rx=4, stroke_width=2))
        label("gold frame: you may tap it")
        ly += 22
        cv.add(cv.text(x + 4, ly + 5, "fee: 1 groš a cube for each space", fill="#d8c8b0"))
        ly += 18
        cv.add(cv.text(x + 4, ly + 5, "on its way up without your miner", fill="#d8c8b0"))

    # ------------------------------------------------------------ seats
    def panels(self) -> None:
        cv, obs, n, st = self.cv, self.obs, self.n, self.stage
        pw = (W - 8 * (n + 1)) / n
        order = sorted(range(n), key=self._rank_key, reverse=True) if obs["over"] else None
        for seat in range(n):
            x = 8 + seat * (pw + 8)
            y = PANEL_Y
            turn = not obs["over"] and obs["turn"] == seat
            colour = C.SEAT_COLOURS[seat]
            cv.add(
                cv.rect(
                    x,
                    y,
                    pw,
                    PANEL_H,
                    "#fffaf0",
                    stroke=GOLD if turn else "#7a6446",
                    rx=7,
                    stroke_width=4 if turn else 1.5,
                )
            )
            cv.add(cv.rect(x + 2, y + 2, pw - 4, 32, SEAT_FILL[seat], stroke="#444", rx=6))
            name = self.names[seat]
            suffix = (f" ({colour})" if name != colour else "") + (" (you)" if self.viewer == seat else "")
            room = max(4, int((pw - 120) / 8.8) - len(suffix))
            if len(name) > room:
                name = name[: room - 1] + "\u2026"
            cv.add(cv.text(x + 10, y + 24, name + suffix, size=15, fill=SEAT_INK[seat], weight="bold"))
            if turn:
                cv.add(
                    cv.text(x + pw - 10, y + 24, "to play", size=13, fill=SEAT_INK[seat], anchor="end", weight="bold")
                )
            elif order is not None:
                rank = order.index(seat) + 1
                while rank > 1 and self._rank_key(order[rank - 2]) == self._rank_key(seat):
                    rank -= 1
                cv.add(
                    cv.text(
                        x + pw - 10, y + 24, f"place {rank}", size=13, fill=SEAT_INK[seat], anchor="end", weight="bold"
                    )
                )
            if obs["start"] == seat and not obs["over"]:
                cv.add(
                    f'<g data-piece="start-marker"><circle cx="{x + pw - 86:g}" cy="{y + 18:g}" r="11" '
                    f'fill="#c0392b" stroke="#fff" stroke-width="1.5"/>'
                    + cv.text(x + pw - 86, y + 22.5, "S", fill="#fff", anchor="middle", weight="bold")
                    + "</g>"
                )
            own = self.acting and self.viewer == seat
            # money (MS-19.6 penalty in money) and salt (a cube as penalty)
            ly = y + 42
            body = (
                f'<circle cx="{x + 20:g}" cy="{ly + 14:g}" r="10" fill="#e8c35a" stroke="#8a6a10" '
                f'stroke-width="1.5"/>' + cv.text(x + 36, ly + 19, _grosze(obs["money"][seat]), size=14, weight="bold")
            )
            cv.add(cv.place("penalty money" if own else None, x + 6, ly, 118, 28, body, key=f"seat:{seat}:money"))
            salt = ""
            for col in range(3):
                k = obs["salt"][seat][col]
                sx = x + 130 + col * 48
                cell = self.cube(sx + 2, ly + 5, col, size=18) + cv.text(sx + 26, ly + 19, k, size=14, weight="bold")
                salt += cv.place(f"penalty {C.COLOURS[col]}" if own and k else None, sx, ly, 44, 28, cell)
            cv.add(cv.place(None, x + 130, ly, 144, 28, salt, key=f"seat:{seat}:salt"))
            # miners: owned and in supply (from supply, MS-7.3)
            ly += 38
            supply = cv.rect(x + 140, ly, 110, 28, "#f6efe2", stroke="#bba", rx=4) + cv.text(
                x + 148, ly + 19, f"{obs['supply'][seat]} in supply"
            )
            body = cv.text(x + 10, ly + 19, f"miners: {obs['owned'][seat]} owned") + cv.place(
                "from supply" if own and st in FROM_STAGES else None, x + 140, ly, 110, 28, supply
            )
            cv.add(cv.place(None, x + 6, ly, 250, 28, body, key=f"seat:{seat}:miners"))
            ly += 38
            done = obs["orders_done"][seat]
            cv.add(
                cv.place(
                    None,
                    x + 6,
                    ly,
                    150,
                    24,
                    cv.text(x + 10, ly + 17, f"royal orders: {len(done)}"),
                    key=f"seat:{seat}:orders",
                )
            )
            label = "final score" if obs["over"] else "total now"
            cv.add(
                cv.text(x + pw - 10, ly + 17, f"{label}: {obs['scores'][seat]}", size=14, anchor="end", weight="bold")
            )
            # tools (MS-20.1: dark = used this phase)
            ty = ly + 32
            tools, used = obs["tools"][seat], obs["tools_used"][seat]
            cards = ""
            if not tools:
                cards += cv.text(x + 10, ty + 22, "no tools", fill="#6e5f4c")
            per_row = max(1, int((pw - 12) // 76))
            taken = set()
            for i, (kind, u) in enumerate(zip(tools, used)):
                row = i // per_row
                if row > 1:  # no room: count the rest
                    cards += cv.text(x + pw - 10, ty + 2 * 44 + 6, f"+{len(tools) - i} more", anchor="end")
                    break
                tx = x + 8 + (i % per_row) * 76
                notation = TOOL_ACTION.get(kind) if own and not u else None
                if notation in taken:
                    notation = None
                if self.live(notation):
                    taken.add(notation)
                ry = ty + row * 44
                cards += cv.place(notation, tx, ry, 72, 40, self.tool_card(tx, ry, 72, 40, kind, u))
            cv.add(cv.place(None, x + 6, ty, pw - 12, 84, cards, key=f"seat:{seat}:tools"))


def render_svg(obs: dict, legal: list[str], seat_names: list[str], highlights=None) -> str:
    """The whole board and every seat's public holdings as ``obs = state.observation(seat)``
    shows it (obs["seat"]: the viewing seat, None for a spectator). ``legal``: the
    notations of the legal actions when the viewer is the seat to act, else [] (only those
    become places, see the module docstring). ``seat_names``: display names by seat.
    ``highlights`` is accepted for :meth:`meeple.core.View.board_svg` and unused: the client
    marks the ``data-place`` keys a turn changed. Returns ``<svg ...>...</svg>`` with
    ``width``/``height`` equal to its ``viewBox`` (1 unit = 1 CSS px). Raises KeyError or
    IndexError on an observation that is not a Magnum Sal one."""
    b = _Board(obs, legal, seat_names)
    cv = b.cv
    cv.add('<g class="ms-board">' + cv.rect(0, 0, W, PANEL_Y + PANEL_H + 8, "#efe6d2"))
    b.header()
    b.town()
    b.mine()
    b.panels()
    cv.add("</g>")
    return cv.svg("Magnum Sal board", pad=0, style=STYLE)
