"""Terminal rendering of a Lignum position as ``seat`` may see it (built from the observation).

``render(state, seat)`` returns a rich renderable: round and phase, winter demands, the
supply path with its tokens, workers and foremen, the six felling areas, the task display,
and every player's mill board (money, loans, workers, equipment, products, huts, food,
fodder, woodpile, river, saw room, sales room, dryers, heating store, tasks).
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .components import (
    EQUIP_NAMES,
    PIECE_NAMES,
    PLACEMENT_CARDS,
    PRODUCT_NAMES,
    SEASONS,
    SPACE_TYPE,
    TASK_CARDS,
    WINTER_CARDS,
)

COLOURS = ("red", "dark_orange", "white", "blue")
_TOKEN_SHORT = {"saw": "saw", "raft": "raft", "wagon": "wagon", "sled": "sled", "food_token": "food",
                "dollar_token": "$1", "x_token": "X"}


def _pieces(counts, names=PIECE_NAMES) -> str:
    parts = [f"{c}{names[i]}" for i, c in enumerate(counts) if c]
    return " ".join(parts) if parts else "-"


def _seat(o, s) -> Text:
    return Text(f"P{s}", style=f"bold {COLOURS[s % 4]}")


def render(state, seat=None):
    """A rich renderable of the whole board as ``seat`` sees it (``None``: spectator)."""
    o = state.observation(seat)
    n = len(o["money"])
    r = o["round"]
    parts = []
    head = Text()
    head.append(f"Lignum ({o['variant']}) — {SEASONS[r] if r < 8 else 'end'}", style="bold")
    head.append(f"   phase: {o['phase'] or '-'}")
    if o["current_player"] >= 0:
        head.append("   to move: ")
        head.append(_seat(o, o["current_player"]))
        head.append(f" ({o['stage']})")
    else:
        head.append("   game over")
    parts.append(head)
    w = []
    for year, (c, half) in enumerate(o["winter"]):
        f, h = WINTER_CARDS[c][1 + half]
        w.append(f"Y{year + 1} winter: {f} food, {h} heating")
    order = " ".join(f"P{s}" for s in o["order"])
    clearing = " ".join(f"{'ABCD'[i]}:P{s}" for i, s in enumerate(o["clearing"]))
    parts.append(Text(" | ".join(w) + f" | order: {order} | clearing: {clearing or '-'}"))
    # path
    path = Table(show_header=False, box=None, padding=(0, 1))
    cells = []
    for sp in range(1, 21):
        t = SPACE_TYPE[sp]
        if t == "token":
            tok = o["path_tok"][sp]
            label = (tok[1:] if tok.startswith("p") else _TOKEN_SHORT.get(tok, tok)) or "·"
        elif t == "carriers":
            label = f"carr×{o['path_w'][0]}"
        elif t == "fodder":
            label = f"fodd×{o['path_w'][1]}"
        elif t == "woodcutters":
            label = f"cut×{o['path_w'][2]}"
        elif t == "sawyers":
            label = f"saw'r {o['path_w'][3]}+{o['path_w'][4]}"
        elif t == "market":
            label = "market"
        elif t == "tasks":
            label = "tasks" if o["variant"].startswith("advanced") else "(off)"
        else:
            label = "(off)"
        here = "".join(f"P{s}" for s in range(n) if o["pos"][s] == sp)
        cells.append(f"{sp}:{label}" + (f"[{here}]" if here else ""))
    for i in range(0, 20, 5):
        path.add_row(*cells[i:i + 5])
    start = " ".join(f"P{s}" for s in range(n) if o["pos"][s] == 0)
    parts.append(Panel(path, title=f"supply path (start: {start or '-'})", title_align="left"))
    # areas
    areas = Table(show_header=True, box=None, padding=(0, 2))
    for a in range(1, 7):
        areas.add_column(f"A{a}")
    row1 = [_pieces(o["areas_wood"][a]) for a in range(6)]
    row2 = [f"{o['areas_food'][a]} food" for a in range(6)]
    row3 = [" ".join(f"P{s}" for s in range(n) if o["area"][s] == a + 1) for a in range(6)]
    areas.add_row(*row1)
    areas.add_row(*row2)
    areas.add_row(*row3)
    extra = []
    if any(o["committed"]):
        extra.append("secret choices made: " + " ".join(f"P{s}" for s in range(n) if o["committed"][s]))
        if seat is not None and o["secret"][seat]:
            extra.append(f"(your choice: A{o['secret'][seat]})")
    if o["prevealed"]:
        extra.append("next placement: " + ", ".join(PLACEMENT_CARDS[c][0] for c in o["prevealed"]))
    nstack = o["pstack"] if isinstance(o["pstack"], int) else len(o["pstack"])
    extra.append(f"decks: placement {len(o['pdeck'])}, products {nstack}")
    if o["tdisplay"]:
        extra.append("tasks shown: " + ", ".join(TASK_CARDS[t][0] for t in o["tdisplay"]))
    parts.append(Panel(Group(areas, Text("  ".join(extra))), title="felling areas", title_align="left"))
    # mills
    for s in range(n):
        t = Table(show_header=False, box=None, padding=(0, 1))
        t.add_column(style="dim")
        t.add_column()
        t.add_column(style="dim")
        t.add_column()
        wk = o["workers"][s]
        t.add_row("money", f"${o['money'][s]}  loans {o['loans'][s]}", "workers",
                  f"cut {wk[0]} carr {wk[1]} saw'r {wk[2]}  mill worker {'free' if o['mill_free'][s] else 'used'}")
        prods = (_pieces(o["products"][s], PRODUCT_NAMES) if o["products"][s] is not None
                 else f"{o['product_counts'][s]} face down")
        t.add_row("equipment", _pieces(o["equip"][s], EQUIP_NAMES), "products", prods)
        hut = o["huts"][s]
        fod = "/".join(x for x, f in (("3", o["fodder3"][s]), ("2", o["fodder2"][s])) if f) or "-"
        t.add_row("huts", f"dry {hut[0]} food {hut[1]} lodge {hut[2]}", "food/fodder", f"{o['food'][s]} food, fodder {fod}")
        t.add_row("woodpile", _pieces(o["woodpile"][s]), "river", _pieces(o["river"][s]))
        t.add_row("saw room", _pieces(o["sawroom"][s]), "heating", _pieces(o["heat"][s], PIECE_NAMES[3:]))
        m = o["mill"][s]
        t.add_row("sales", _pieces(m[0]), "dryers", f"d1 {_pieces(m[1])} | d2 {_pieces(m[2])} | d3 {_pieces(m[3])}")
        if o["tasks"][s]:
            ts = []
            for task in o["tasks"][s]:
                card = TASK_CARDS[task[0]]
                req = ",".join(f"{PIECE_NAMES[p]}@{lv}{'✓' if task[1 + j] else ''}" for j, (p, lv) in enumerate(card[1]))
                ts.append(f"{card[0]}(${card[2]}: {req})")
            t.add_row("tasks", "  ".join(ts), "", "")
        title = Text()
        title.append(_seat(o, s))
        if seat == s:
            title.append(" (you)")
        parts.append(Panel(t, title=title, title_align="left"))
    return Group(*parts)
