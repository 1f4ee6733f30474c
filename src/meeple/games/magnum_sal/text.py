"""Terminal rendering of a Magnum Sal position (rich), built only from
``state.observation(seat)`` so nothing hidden leaks. Fits a 100-column terminal.

Legend: players O orange, K black, P purple, W white; in the mine ``O2`` = 2 rested orange
miners, ``O2/1`` = 2 rested and 1 tired; salt ``b2 g1 w0`` = brown/green/white cubes,
``~2`` = 2 water cubes; ``??`` = face-down chamber tile; in the town ``[6]`` on the inn track
is the next miner's cost (MS-14.1) and ``[4]`` in a market column a space holding a cube
(MS-17.1: bought cheapest first, sold onto the dearest empty space). The legend under the
board says all this on the screen.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from . import components as C
from . import mine as M

LETTER = ("O", "K", "P", "W")
STYLE = ("bold dark_orange", "bold grey50", "bold magenta", "bold white")
SALT_LETTER = ("b", "g", "w")
SALT_STYLE = ("orange4", "green", "bright_white")
STAGE_TEXT = {
    "main": "choose an action",
    "deliver": "choose the royal order to complete",
    "penalty": "choose the castle penalty",
    "place_from": "placing a miner: which miner?",
    "place_to": "placing a miner: where to?",
    "rope": "use a rope for one more miner?",
    "assist_from": "assistant: which miner?",
    "castle_from": "castle: which miner?",
    "extract": "extracting salt",
    "pay": "paying transport fees",
    "market": "at the market",
    "pump": "at the pump house",
    "food": "food: stand up another miner?",
}


def _salt(counts, zero="-") -> Text:
    t = Text()
    for k, (n, letter) in enumerate(zip(counts, SALT_LETTER)):
        if n:
            if len(t):
                t.append(" ")
            t.append(f"{letter}{n}", style=SALT_STYLE[k])
    if not len(t):
        t.append(zero, style="dim")
    return t


def _miners(obs, s) -> Text:
    n = len(obs["money"])
    t = Text()
    for seat in range(n):
        r = obs["rested"][s * n + seat]
        z = obs["tired"][s * n + seat]
        if r or z:
            if len(t):
                t.append(" ")
            t.append(LETTER[seat] + (f"{r}/{z}" if z else str(r)), style=STYLE[seat])
    return t


def _chamber_cell(obs, s) -> Text:
    """Two lines: the chamber's cubes (or ``??`` / the mapped tile), then its miners."""
    c = s - C.FIRST_CHAMBER
    t = Text()
    if obs["revealed"][c]:
        if obs["flipped"][c]:  # mapped mine: its last salt is gone, tile turned face down (MS-24.3)
            t.append("flipped", style="dim")
        else:
            t.append_text(_salt(obs["csalt"][c], "empty"))
    else:
        tile = obs["tile"][c]
        if tile is None:
            t.append("??", style="dim")
        else:  # mapped mine: the face-up tile, cubes placed when first entered (MS-24)
            td = C.TILES[tile]
            t.append("[", style="dim")
            t.append_text(_salt(td.salt))
            t.append(f" ~{td.water}]", style="dim")
    if obs["water"][c]:
        t.append(f" ~{obs['water'][c]}", style="blue")
    m = _miners(obs, s)
    if len(m):
        t.append("\n")
        t.append_text(m)
    return t


def _mine(obs) -> Table:
    """The mine, one row per shaft section and corridor side; chamber 1 touches the shaft."""
    tab = Table(box=None, show_header=True, padding=(0, 1), title="Mine", title_justify="left", header_style="dim")
    tab.add_column("shaft", width=11, no_wrap=False)
    tab.add_column("", width=5, min_width=5, no_wrap=True)  # I.L .. III.R, never cut
    for k in range(1, 5):
        tab.add_column(f"{k}", width=12, no_wrap=False)
    by_row = {}
    for s, sp in enumerate(C.SPACES):
        if sp.kind == "chamber":
            by_row.setdefault((sp.level, sp.side), {})[sp.depth_index] = s
    levels = {"S2": "I", "S4": "II", "S6": "III"}
    for shaft in ("S1", "S2", "S3", "S4", "S5", "S6"):
        si = C.SPACE_INDEX[shaft]
        cell = Text(shaft, style="bold")
        m = _miners(obs, si)
        if len(m):
            cell.append(" ")
            cell.append_text(m)
        lvl = levels.get(shaft)
        if not lvl:
            tab.add_row(cell)
            continue
        for side in ("L", "R"):
            row = by_row[(lvl, side)]
            cells = [_chamber_cell(obs, row[k]) if k in row else Text("") for k in range(1, 5)]
            tab.add_row(cell if side == "L" else Text(""), Text(f"{lvl}.{side}", style="cyan"), *cells)
    return tab


def _town(obs) -> Group:
    n = len(obs["money"])

    def assistant(b):
        a = obs["assist"][C.ASSIST_BUILDINGS.index(b)]
        return Text(f" (assistant {LETTER[a]})", style=STYLE[a]) if a >= 0 else Text("")

    def label(name):
        return Text(f"{name:<9}", style="bold")

    lines = []
    inn = label("Inn")
    for i, cost in enumerate(C.INN_TRACK):
        inn.append(
            f"[{cost}]" if i == obs["inn"] else f" {cost} ",
            style="bold reverse" if i == obs["inn"] else ("dim" if i < obs["inn"] else ""),
        )
    if obs["inn"] >= len(C.INN_TRACK):
        inn.append("  closed", style="red")
    inn.append("   ")
    inn.append_text(label("Workshop"))
    for price, kind in zip(C.DISPLAY_PRICES, obs["display"]):
        inn.append(f"{price}:{C.TOOL_SHORT[kind] if kind else '-'} ")
    inn.append(f"(pile {obs['pile']})", style="dim")
    inn.append_text(assistant("workshop"))
    lines.append(inn)
    mk = label("Market")
    for col in range(3):
        prices = C.MARKET_COLUMNS[col]
        cnt = obs["market"][col]
        mk.append(f"{SALT_LETTER[col]} ", style=SALT_STYLE[col])
        for i, p in enumerate(prices):
            filled = i >= len(prices) - cnt
            mk.append(f"[{p}]" if filled else f" {p} ", style="bold" if filled else "dim")
        mk.append(" ")
    mk.append_text(assistant("market"))
    lines.append(mk)
    pump = label("Pump")
    pump.append("1st cube free, i-th cube i groše")
    pump.append_text(assistant("pump"))
    pump.append("   ")
    pump.append_text(label("Square"))
    pump.append("+1 groš")
    lines.append(pump)
    cq = label("Castle")
    cq.append(
        f"orders done {obs['order_counter']}/{C.ORDERS_TO_END_PHASE[n]} this phase, {obs['order_stack']} face down"
    )
    cq.append_text(assistant("castle"))
    if obs["triggered"] and not obs["over"]:
        cq.append("  phase ends after this round", style="red")
    lines.append(cq)
    queue = [
        (seat, obs["q_right"][seat], obs["q_left"][seat])
        for seat in range(n)
        if obs["q_right"][seat] or obs["q_left"][seat]
    ]
    if queue:
        q = label("Queue")
        for seat, right, left in queue:
            q.append(
                f"{LETTER[seat]}: "
                + (f"{right} entering" if right else "")
                + (", " if right and left else "")
                + (f"{left} next" if left else "")
                + "   ",
                style=STYLE[seat],
            )
        lines.append(q)
    od = label("Orders")
    for o in obs["orders_up"]:
        if o is None:
            od.append("[empty]  ", style="dim")
            continue
        order = C.ORDERS[o]
        od.append(f"{o} ")
        od.append_text(_salt(order.requires))
        od.append(f" ={order.reward}  ", style="bold")
    lines.append(od)
    return Group(*lines)


def _players(obs) -> Table:
    n = len(obs["money"])
    tab = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for name, w, just in (
        ("player", 8, "left"),
        ("groše", 5, "right"),
        ("salt", 8, "left"),
        ("miners", 6, "left"),
        ("ord", 3, "right"),
        ("score", 5, "right"),
        ("tools (x used)", 20, "left"),
    ):
        tools = name == "tools (x used)"
        tab.add_column(name, width=w, min_width=None if tools else w, no_wrap=not tools, justify=just)
    for seat in range(n):
        name = Text(C.SEAT_COLOURS[seat] + ("*" if seat == obs["start"] and not obs["over"] else ""), style=STYLE[seat])
        tools = ", ".join(
            C.TOOL_SHORT[k] + ("x" if u else "") for k, u in zip(obs["tools"][seat], obs["tools_used"][seat])
        )
        miners = f"{obs['owned'][seat]}/{obs['supply'][seat]}"
        tab.add_row(
            name,
            str(obs["money"][seat]),
            _salt(obs["salt"][seat]),
            miners,
            str(len(obs["orders_done"][seat])),
            str(obs["scores"][seat]),
            tools or "-",
        )
    return tab


def _status(obs) -> Text:
    n = len(obs["money"])
    t = Text()
    if obs["over"]:
        t.append("Game over. ", style="bold red")
        order = sorted(range(n), key=lambda s: obs["rank_keys"][s], reverse=True)
        t.append(
            "Ranking: " + ", ".join(f"{i + 1}. {C.SEAT_COLOURS[s]} {obs['scores'][s]}" for i, s in enumerate(order))
        )
    else:
        seat = obs["turn"]
        t.append(f"Phase {C.PHASE_NAMES[obs['phase']]}, round {obs['round']}. ")
        t.append(f"{C.SEAT_COLOURS[seat]}", style=STYLE[seat])
        if obs["stage"] == "main" and obs["actions_left"] <= 0:
            t.append(" to play: no action left; use a tool (bucket, food) or 'done'")
        else:
            t.append(f" to play: {STAGE_TEXT.get(obs['stage'], obs['stage'])}")
        if obs["stage"] == "main" and obs["actions_left"] > 0:
            k = obs["actions_left"]
            t.append(f" ({k} action{'s' if k != 1 else ''} left)")
        if obs["stage"] == "extract":
            s, taken, picks, carts = obs["ctx"]
            t.append(f" in {C.SPACE_IDS[s]}: taken ")
            t.append_text(_salt(taken, "none"))
            t.append(f", pickaxes {picks}, carts {len(carts)}")
            if "fee" in obs:
                fee, paying = obs["fee"]
                t.append(
                    f"; fee so far {fee} {'groš' if fee == 1 else 'groše'} "
                    f"({paying} paying space{'s' if paying != 1 else ''}, MS-10.3)"
                )
        if obs["stage"] == "pay" and obs["ctx"]:
            k = obs["ctx"][0][1]
            t.append(f" ({k} {'groš' if k == 1 else 'groše'} left for {C.SPACE_IDS[obs['ctx'][0][0]]})")
        if obs["visited"]:
            t.append(f"; visited {', '.join(obs['visited'])}")
    t.append(f"  [{n}p {obs['variant']}]", style="dim")
    return t


LEGEND = (
    "O orange, K black, P purple, W white; * start player. Inn [6]: the next miner's cost (MS-14.1; "
    "dim: hired this phase). Market [4]: a cube on that space; buy the cheapest [ ], sell onto the "
    "dearest empty space, at its price (MS-17). Mine: b/g/w brown/green/white salt, "
    "~2 two water, O2/1 = orange 2 rested + 1 tired miners, ?? face-down tile; mapped mine: "
    "[b2 g1 ~1] the face-up tile's cubes (placed when first entered), 'flipped' its salt is gone. "
    "Castle queue: an 'entering' miner moves next to the castle at its owner's next turn, a "
    "'next' one delivers an order then. Players: miners owned/free, ord = royal orders done, "
    "score = money + 3 a cube + tools."
)


def render(state, seat=None):
    """A rich renderable of the whole board as ``seat`` may see it (None = spectator): status,
    town, mine, players, legend; fits 80 columns, about 30-35 lines with 4 players."""
    obs = state.observation(seat)
    obs["rank_keys"] = [state._rank_key(s) for s in range(state.num_players)]
    if state.stage == "extract" and not state.over:  # a preview of the fee (MS-10.3, MS-20.5)
        s, taken, _picks, carts = state.ctx
        paying = M.paying_spaces(state, state.turn, s)
        fee = M.transport_cost(paying, sum(taken), [tuple(x) for x in carts], state.options.get("cart_max_cubes"))
        obs["fee"] = (fee, len(paying))
    return Group(_status(obs), _town(obs), _mine(obs), _players(obs), Text(LEGEND, style="dim"))
