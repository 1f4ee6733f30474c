"""Terminal rendering of a Magnum Sal position (rich), built only from
``state.observation(seat)`` so nothing hidden leaks. Fits a 100-column terminal.

Legend: players O orange, K black, P purple, W white; in the mine ``O2`` = 2 rested orange
miners, ``O2/1`` = 2 rested and 1 tired; salt ``b2 g1 w0`` = brown/green/white cubes,
``~2`` = 2 water cubes; ``??`` = face-down chamber tile.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from . import components as C

LETTER = ("O", "K", "P", "W")
STYLE = ("bold dark_orange", "bold grey50", "bold magenta", "bold white")
SALT_LETTER = ("b", "g", "w")
SALT_STYLE = ("orange4", "green", "bright_white")
STAGE_TEXT = {
    "main": "choose an action", "deliver": "choose the royal order to complete",
    "penalty": "choose the castle penalty", "place_from": "placing a miner: which miner?",
    "place_to": "placing a miner: where to?", "rope": "use a rope for one more miner?",
    "assist_from": "assistant: which miner?", "castle_from": "castle: which miner?",
    "extract": "extracting salt", "pay": "paying transport fees", "market": "at the market",
    "pump": "at the pump house", "food": "food: stand up another miner?",
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


def _space_cell(obs, s) -> Text:
    sid = C.SPACE_IDS[s]
    t = Text(sid, style="bold" if s < C.FIRST_CHAMBER else "cyan")
    if s >= C.FIRST_CHAMBER:
        c = s - C.FIRST_CHAMBER
        t.append("\n")
        if obs["revealed"][c]:
            t.append_text(_salt(obs["csalt"][c], "empty"))
            if obs["flipped"][c]:
                t.append(" (flipped)", style="dim")
        else:
            tile = obs["tile"][c]
            if tile is None:
                t.append("??", style="dim")
            else:  # mapped mine: visible tile, no cubes yet
                td = C.TILES[tile]
                t.append("[")
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
    tab = Table(title="Mine", box=box.SQUARE, show_header=False, padding=(0, 0), show_lines=True)
    for _ in range(9):
        tab.add_column(width=10, no_wrap=False)
    rows = [("S1", None), ("S2", "I"), ("S3", None), ("S4", "II"), ("S5", None), ("S6", "III")]
    for shaft, level in rows:
        cells = [Text("") for _ in range(9)]
        cells[4] = _space_cell(obs, C.SPACE_INDEX[shaft])
        if level:
            for s, sp in enumerate(C.SPACES):
                if sp.level == level:
                    col = 4 - sp.depth_index if sp.side == "L" else 4 + sp.depth_index
                    cells[col] = _space_cell(obs, s)
        tab.add_row(*cells)
    return tab


def _town(obs) -> Table:
    n = len(obs["money"])
    tab = Table(title="Town", box=box.SIMPLE_HEAD, show_header=False, padding=(0, 1))
    tab.add_column("building", style="bold", width=14, no_wrap=True)
    tab.add_column("state", width=82)

    def assistant(b):
        a = obs["assist"][C.ASSIST_BUILDINGS.index(b)]
        return Text(f"  assistant {C.SEAT_COLOURS[a]}", style=STYLE[a]) if a >= 0 else Text("  no assistant", style="dim")

    inn = Text()
    for i, cost in enumerate(C.INN_TRACK):
        inn.append(f"[{cost}]" if i == obs["inn"] else f" {cost} ",
                   style="bold reverse" if i == obs["inn"] else ("dim" if i < obs["inn"] else ""))
    if obs["inn"] >= len(C.INN_TRACK):
        inn.append("  closed", style="red")
    tab.add_row("Inn", inn)
    ws = Text()
    for price, kind in zip(C.DISPLAY_PRICES, obs["display"]):
        ws.append(f"{price}: {C.TOOL_SHORT[kind] if kind else '-'}   ")
    ws.append(f"(pile {obs['pile']}, deck {obs['deck']})", style="dim")
    ws.append_text(assistant("workshop"))
    tab.add_row("Workshop", ws)
    tab.add_row("Pump house", Text("1st cube free, i-th cube i groše").append_text(assistant("pump")))
    mk = Text()
    for col in range(3):
        prices = C.MARKET_COLUMNS[col]
        cnt = obs["market"][col]
        mk.append(f"{C.COLOURS[col]} ", style=SALT_STYLE[col])
        for i, p in enumerate(prices):
            filled = i >= len(prices) - cnt
            mk.append(f"[{p}]" if filled else f" {p} ", style="bold" if filled else "dim")
        mk.append("  ")
    mk.append_text(assistant("market"))
    tab.add_row("Market", mk)
    tab.add_row("Town square", Text("+1 grosz"))
    cq = Text("queue right->left: ")
    for seat in range(n):
        if obs["q_right"][seat] or obs["q_left"][seat]:
            cq.append(f"{LETTER[seat]} {obs['q_right'][seat]}->{obs['q_left'][seat]}  ", style=STYLE[seat])
    cq.append(f"orders done this phase {obs['order_counter']}/{C.ORDERS_TO_END_PHASE[n]}, "
              f"stack {obs['order_stack']}")
    if obs["triggered"]:
        cq.append("  phase ends after this round", style="red")
    cq.append_text(assistant("castle"))
    tab.add_row("Castle", cq)
    od = Text()
    for o in obs["orders_up"]:
        if o is None:
            od.append("[empty]  ", style="dim")
            continue
        order = C.ORDERS[o]
        od.append(f"{o}: ")
        od.append_text(_salt(order.requires))
        od.append(f" -> {order.reward}   ", style="bold")
    tab.add_row("Royal orders", od)
    return tab


def _players(obs) -> Table:
    n = len(obs["money"])
    tab = Table(title="Players", box=box.SIMPLE_HEAD, padding=(0, 1))
    for name, w in (("player", 8), ("groše", 5), ("salt", 11), ("miners", 12), ("tools (x = used)", 28),
                    ("orders", 6), ("score", 6)):
        tab.add_column(name, width=w, no_wrap=name != "tools (x = used)")
    for seat in range(n):
        name = Text(C.SEAT_COLOURS[seat] + ("*" if seat == obs["start"] else ""), style=STYLE[seat])
        tools = ", ".join(C.TOOL_SHORT[k] + ("x" if u else "") for k, u in zip(obs["tools"][seat], obs["tools_used"][seat]))
        miners = f"{obs['owned'][seat]} ({obs['supply'][seat]} free)"
        tab.add_row(name, str(obs["money"][seat]), _salt(obs["salt"][seat]), miners, tools or "-",
                    str(len(obs["orders_done"][seat])), str(obs["scores"][seat]))
    return tab


def _status(obs) -> Text:
    n = len(obs["money"])
    t = Text()
    if obs["over"]:
        t.append("Game over. ", style="bold red")
    else:
        seat = obs["turn"]
        t.append(f"Phase {C.PHASE_NAMES[obs['phase']]}, round {obs['round']}. ")
        t.append(f"{C.SEAT_COLOURS[seat]}", style=STYLE[seat])
        t.append(f" to play: {STAGE_TEXT.get(obs['stage'], obs['stage'])}")
        if obs["stage"] == "main":
            t.append(f" ({obs['actions_left']} action(s) left)")
        if obs["stage"] == "extract":
            s, taken, picks, carts = obs["ctx"]
            t.append(f" in {C.SPACE_IDS[s]}: taken ")
            t.append_text(_salt(taken, "none"))
            t.append(f", pickaxes {picks}, carts {len(carts)}")
        if obs["stage"] == "pay" and obs["ctx"]:
            t.append(f" ({obs['ctx'][0][1]} grosze left for {C.SPACE_IDS[obs['ctx'][0][0]]})")
        if obs["visited"]:
            t.append(f"; visited {', '.join(obs['visited'])}")
    t.append(f"  [{n}p {obs['variant']}]", style="dim")
    return t


def render(state, seat=None):
    """A rich renderable of the whole board as ``seat`` may see it (None = spectator)."""
    obs = state.observation(seat)
    legend = Text("O orange K black P purple W white (* start player); O2/1 = 2 rested, 1 tired; "
                  "b/g/w salt; ~ water; ?? face down", style="dim")
    return Group(_status(obs), _town(obs), _mine(obs), _players(obs), legend)
