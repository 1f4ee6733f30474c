"""Terminal rendering of a Lignum position as ``seat`` may see it (built from the observation).

``render(state, seat)`` returns a rich renderable: round, phase and the decision being made
(with what is left of it, e.g. sticks still to place), winter demands, the supply path with
its tokens, workers and foremen, the six felling areas, the placement cards shown ahead
(tactical variant) and the task display with what each task needs and pays, and every
player's mill board (money, loans, workers, equipment, products, huts, food, fodder,
woodpile, river, saw room, sales room, dryers, heating store, tasks), then a two-line key
to the short labels (:data:`KEY`; the wood names beside the felling areas, :data:`WOOD_KEY`). Mills are laid out two per row, so a 4-player board fits
in about 40 lines of a 100-column terminal.

``action_notes(state, actions)`` is the hook ``meeple play`` calls when it lists the legal
actions to a person: it gives the price or proceeds of each priced action (a purchase, a sale)
and marks each action that would take a loan (LG-8.3.1, LG-21.1), so the player sees both
before choosing it.
"""

from __future__ import annotations

import random

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core import IllegalActionError

from .components import (
    BASE_PRICE,
    BONUS,
    EQUIP_NAMES,
    LOAN_AMOUNT,
    LOAN_REPAY,
    MAX_LOANS,
    PIECE_NAMES,
    PLACEMENT_CARDS,
    PRODUCT_NAMES,
    PRODUCT_SET_PRICE,
    SEASONS,
    SPACE_TYPE,
    TASK_CARDS,
    WINTER_CARDS,
)
from .explain import STAGE_WHAT
from .rules.market import product_sales
from .scoring import ranking_text

COLOURS = ("red", "dark_orange", "white", "blue")
_TOKEN_SHORT = {
    "saw": "saw",
    "raft": "raft",
    "wagon": "wagon",
    "sled": "sled",
    "food_token": "food",
    "dollar_token": "$1",
    "x_token": "X",
}
_ITEM = ("FW", "SW", "HW", "food")
_DRYER = ("d1", "d2", "d3")  # task level 0 / +1 / +2 (LG-25.4)


KEY = (
    "key: carr×6 fodd×1 cut×8 = carriers, fodder, cutters left; saw'r 2+1 = free + $1 sawyers; X = "
    "blocked; (off) = not in this game; · = taken; [P1] = foreman; d1-d3 = dryers (sale +$0/+$1/+$2)"
)
"""The key under the board: the path's and the mills' short labels (LG-8.3 spaces, LG-23.3 X
tokens, LG-1.3 unused spaces, LG-15.2 dryer bonus). Two lines in a 100-column panel, so that
a busy 4-player board still fits 45 lines; the wood names are keyed in the felling areas'
heading (:data:`WOOD_KEY`)."""
WOOD_KEY = "(FW SW HW = fire-, soft-, hardwood discs; sFW sSW sHW = sawn sticks)"
"""The wood names, keyed beside the felling areas' heading (a line with room to spare)."""


def _pieces(counts, names=PIECE_NAMES) -> str:
    parts = [f"{c}{names[i]}" for i, c in enumerate(counts) if c]
    return " ".join(parts) if parts else "-"


def _seat(s) -> Text:
    return Text(f"P{s + 1}", style=f"bold {COLOURS[s % 4]}")


def placement_text(c: int) -> str:
    """One placement card and what it puts where, e.g. ``PC01: A1+1SW A2+2FW A3+1food``."""
    cid, items = PLACEMENT_CARDS[c]
    return f"{cid}: " + " ".join(f"A{a}+{k}{_ITEM[i]}" for a, i, k in items)


def task_text(t: int, filled=None) -> str:
    """One task card: the pieces it needs (kind @ dryer) and its reward, e.g.
    ``T01 sHW@d2 sFW@d2 → $17``; ``filled`` flags mark requirements already met (✓)."""
    cid, reqs, reward = TASK_CARDS[t]
    parts = []
    for j, (p, lv) in enumerate(reqs):
        done = filled is not None and filled[j]
        parts.append(f"{PIECE_NAMES[p]}@{_DRYER[lv]}{'✓' if done else ''}")
    return f"{cid} " + " ".join(parts) + f" → ${reward}"


def decision_text(o: dict, options=None) -> str:
    """What the seat to move is deciding, with what is left of a multi-step decision.

    ``options``: the notations the market visit offers now (LG-8.3 space 19, LG-8.5), listed
    instead of the general description; ``None`` when the viewer may not see them (another
    seat's face-down product tokens, LG-8.4.4)."""
    st = o["stage"]
    pend = o["pend"]
    if o["hut_left"]:
        return f"place {o['hut_left']} new hut(s): 'hut 1' drying, 'hut 2' food store, 'hut 3' lodging"
    what = STAGE_WHAT.get(st, st)
    if st == "market" and options:
        return "the market at space 19: " + ", ".join(f"'{x}'" for x in options)
    if st == "split":
        return f"{pend[1]} new {PIECE_NAMES[pend[0]]} stick(s) left to place: 'heat' or 'sales' for each"
    if st == "move":
        trip = "raft trip to the river" if pend[1] == 2 else ("trip (up to)" if pend[2] else "trip")
        return f"{pend[0]} piece(s) left on this {trip}: {what}"
    if st == "forced":
        return f"${o['debt']} of winter debt unpaid: {what}"
    if st == "burn":
        return f"{pend[0]} heating stick(s) left to burn: {what}"
    return what


def clearing_text(o: dict) -> str:
    """The clearing slots taken (``A:P2 B:P1``). During the felling-area choice the round's
    clearing order is not known yet: the slots are taken by arrival during travel (LG-8.6.1),
    and the previous round's order has already served as the new player order (LG-17.1)."""
    if o["phase"] == "choose":
        return "not yet known"
    return " ".join(f"{'ABCD'[i]}:P{s + 1}" for i, s in enumerate(o["clearing"])) or "-"


def market_options(state, o: dict):
    """The market actions (buy, product sale, done) the seat to move has now (LG-8.3, LG-8.5),
    or ``None`` outside the market or when the viewer must not see them: with face-down
    product tokens (LG-8.4.4) the sales offered would reveal the mover's tokens."""
    cur = o["current_player"]
    if o["stage"] != "market" or o["hut_left"] or cur < 0 or o["products"][cur] is None:
        return None
    return [a.text for a in state.legal_actions() if a.kind in ("buy", "psell", "done")]


def _loans_needed(money: int, loans: int, cost: int) -> int:
    """How many loans paying ``cost`` takes: loans come first while cash is short (LG-8.3.1,
    at most 2 in all, LG-21.2), as the rules pay a cost."""
    k = 0
    while money < cost and loans + k < MAX_LOANS:
        money += LOAN_AMOUNT
        k += 1
    return k


def _action_cost(state, action) -> tuple:
    """``(cost, forced)``: the dollars ``action`` pays at once (LG-8.3.1), or for a move onto a
    space where something must be bought, the $1 its cheapest purchase will cost (``forced``
    True; LG-8.2.4: a player may only stop where he takes or buys at least one thing)."""
    kind, args = action.kind, action.args
    if kind in ("carriers", "cutters"):
        return args[0], False  # LG-8.3 spaces 4 and 10: $1 each
    if kind in ("task", "extra", "buy", "relocate"):
        return 1, False  # LG-8.3 spaces 13, 16, 19; LG-10.2
    if kind == "go" and args[0] < len(SPACE_TYPE):  # a path space, not the clearing
        t = SPACE_TYPE[args[0]]
        if t == "fodder":
            return 1, False  # LG-8.3 space 6: paid on entering
        if t in ("carriers", "woodcutters", "tasks"):
            return 1, True
        if t == "market" and not product_sales(state, state.actor):
            return 1, True  # nothing to sell: a purchase is due
    return 0, False


def price_note(state, seat: int, action) -> str:
    """What ``action`` costs or pays in dollars, said before it is chosen (``""`` for an action
    with no price of its own): the market's purchases, $1 each (LG-8.3 space 19), and product
    sets, $2/$4/$6 for 2/3/4 tokens (LG-8.5.1); the extra sawyer, a task card and a relocation,
    $1 each (LG-8.3, LG-10.2); a piece sold, its base price plus its dryer's bonus (LG-15.2;
    from the saw room or heating store in a forced sale, the base price, LG-21.4, which goes to
    the winter debt first); the river kind at the final sale, base price each (LG-22.1)."""
    kind, args = action.kind, action.args
    if kind == "buy":
        return "$1 for a saw" if args[0] == 0 else "$1 for a food cube"
    if kind == "psell":
        k = args[1] + args[2]
        return f"+${PRODUCT_SET_PRICE[k]} for {k} tokens"
    if kind in ("extra", "task", "relocate"):
        return "$1"
    if kind == "sell":
        p, loc = args
        base = BASE_PRICE[p]
        bonus = BONUS[loc] if loc < len(BONUS) else 0
        note = f"+${base + bonus}" + (f" (${base} + ${bonus} dryer bonus)" if bonus else "")
        return note + (f", to the ${state.debt} debt first" if state.stage == "forced" else "")
    if kind == "river":
        c = state.river[seat][args[0]]
        return f"+${c * BASE_PRICE[args[0]]} for {c} {PIECE_NAMES[args[0]]}"
    return ""


def action_notes(state, actions) -> tuple:
    """``(notes, footnote)`` for the terminal's list of legal ``actions`` (``meeple play``).

    Each priced action says what it costs or pays (:func:`price_note`: ``buy saw`` ``$1 for a
    saw``, ``sell sFW sales`` ``+$1``), so the price is seen before the choice, not in the log
    after it. A player short of cash takes a loan before paying (LG-8.3.1, LG-21.1); a loan is
    repaid at game end, $7 for one and $16 for two (LG-21.3). Each action that would make the
    seat to move take a loan says so too, e.g. ``takes a loan: $1 short`` (after its price:
    ``$1 for a saw; takes a loan: $1 short``); a move onto a space where a purchase is
    compulsory (LG-8.2.4) gets ``buying there takes a loan: $1 short``. The footnote (or
    ``""``) says what a loan costs, when a note names one. The actions themselves are
    unchanged (``go 6`` is still typed as ``go 6``)."""
    seat = state.current_player
    notes = [""] * len(actions)
    if seat < 0:
        return notes, ""
    money, loans = state.money[seat], state.loans[seat]
    loan_noted = False
    for i, a in enumerate(actions):
        loan = _loan_note(state, seat, a, money, loans)
        loan_noted = loan_noted or bool(loan)
        notes[i] = "; ".join(x for x in (price_note(state, seat, a), loan) if x)
    if not loan_noted:
        return notes, ""
    held = f"; you hold {loans} already" if loans else ""
    return notes, (
        f"A loan gives ${LOAN_AMOUNT} now and is repaid at game end: ${LOAN_REPAY[1]} for one "
        f"loan, ${LOAN_REPAY[2]} for two (LG-21.3){held}."
    )


def _loan_note(state, seat: int, action, money: int, loans: int) -> str:
    """The loan clause of ``action``'s note (``""`` when it takes none): from the cost model
    (:func:`_action_cost`), or else tried (:func:`_loans_taken_note`); the ``loan`` action
    says so itself."""
    cost, forced = _action_cost(state, action)
    k = _loans_needed(money, loans, cost) if cost else 0
    if not k:
        return "" if action.kind == "loan" else _loans_taken_note(state, seat, action, loans)
    what = f"{k} loans" if k > 1 else (f"loan {loans + 1}" if loans else "a loan")
    return f"{'buying there takes' if forced else 'takes'} {what}: ${cost - money} short"


def _loans_taken_note(state, seat: int, action, loans: int) -> str:
    """The note on an action the cost model above does not price when playing it makes the
    seat take loans at once (a winter job of the free mill worker, money owed in winter,
    LG-21.4): tried on a re-sample of what the seat cannot see (seeded by the move number), so
    the note tells nothing hidden. ``""`` when it takes none."""
    trial = state.resample_hidden(seat, random.Random(state.move_number))
    try:
        trial.apply_action(action.text)
    except IllegalActionError:  # pragma: no cover - the seat's legal actions are what it can see
        return ""
    k = trial.loans[seat] - loans
    if k <= 0:
        return ""
    return f"takes {k} loans" if k > 1 else (f"takes loan {loans + 1}" if loans else "takes a loan")


def _path(o, n) -> Table:
    path = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
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
        here = "".join(f"P{s + 1}" for s in range(n) if o["pos"][s] == sp)
        cells.append(f"{sp}:{label}" + (f"[{here}]" if here else ""))
    for i in range(0, 20, 5):
        path.add_row(*cells[i : i + 5])
    return path


class _Pairs:
    """One line of ``label value`` pairs (labels dim) that a narrow panel wraps between pairs,
    never inside a short one: ``fodder -`` stays on one line (a rich renderable)."""

    def __init__(self, pairs):
        self.pairs = pairs

    def __rich_console__(self, console, options):
        width = options.max_width
        line = Text()
        for label, value in self.pairs:
            pair = Text()
            pair.append(label + " ", style="dim")
            pair.append(value)
            if line.cell_len and line.cell_len + 2 + pair.cell_len > width:
                yield line
                line = Text()
            if line.cell_len:
                line.append("  ")
            line.append_text(pair)
        yield line  # a pair wider than the panel alone on its line: rich wraps it as text


def _mill(o, s, seat, to_move) -> Panel:
    lines = []

    def line(*pairs):
        lines.append(_Pairs(pairs))

    fod = "+".join(x for x, f in (("3", o["fodder3"][s]), ("2", o["fodder2"][s])) if f) or "-"
    cash = o["money"][s]
    line(
        ("money", f"-${-cash}" if cash < 0 else f"${cash}"),
        ("loans", str(o["loans"][s])),
        ("food", str(o["food"][s])),
        ("fodder", fod),
    )
    wk = o["workers"][s]
    line(
        ("hired cut", str(wk[0])),
        ("carr", str(wk[1])),
        ("saw'r", str(wk[2])),
        ("mill worker", "free" if o["mill_free"][s] else "used"),
    )
    prods = (
        _pieces(o["products"][s], PRODUCT_NAMES)
        if o["products"][s] is not None
        else f"{o['product_counts'][s]} face down"
    )
    line(("equipment", _pieces(o["equip"][s], EQUIP_NAMES)))
    hut = o["huts"][s]
    huts = " ".join(f"{name} {k}" for name, k in zip(("drying", "food", "lodging"), hut) if k) or "-"
    line(("products", prods), ("huts", huts))
    line(("woodpile", _pieces(o["woodpile"][s])), ("river", _pieces(o["river"][s])))
    line(("saw room", _pieces(o["sawroom"][s])), ("heating", _pieces(o["heat"][s], PIECE_NAMES[3:])))
    m = o["mill"][s]
    line(("sales", _pieces(m[0])), ("d1", _pieces(m[1])), ("d2", _pieces(m[2])), ("d3", _pieces(m[3])))
    for task in o["tasks"][s]:
        line(("task", task_text(task[0], task[1:])))
    title = Text()
    title.append(_seat(s))
    if seat == s:
        title.append(" (you)")
    if to_move:
        title.append(" ◀ to move", style="bold")
    return Panel(Group(*lines), title=title, title_align="left", padding=(0, 1))


def render(state, seat=None):
    """A rich renderable of the whole board as ``seat`` sees it (``None``: spectator)."""
    o = state.observation(seat)
    n = len(o["money"])
    r = o["round"]
    cur = o["current_player"]
    parts = []
    head = Text()
    head.append(f"Lignum ({o['variant']}) · {SEASONS[r] if r < 8 else 'end'}", style="bold")
    head.append(f" · phase: {o['phase'] or '-'}")
    if cur >= 0:
        head.append(" · to move: ")
        head.append(_seat(cur))
    else:
        head.append(" · game over")
    parts.append(head)
    if state.is_terminal():
        parts.append(Text("final ranking: " + ranking_text(state), style="bold"))
    w = []
    for year, (c, half) in enumerate(o["winter"]):
        f, h = WINTER_CARDS[c][1 + half]
        w.append(f"Y{year + 1} {f} food/{h} heat")
    order = " ".join(f"P{s + 1}" for s in o["order"])
    parts.append(Text("winter: " + ", ".join(w) + f" · order {order} · clearing {clearing_text(o)}"))
    if cur >= 0:
        d = Text()
        d.append(f"P{cur + 1} decides: ", style="bold")
        d.append(decision_text(o, market_options(state, o)))
        parts.append(d)
    # path
    start = " ".join(f"P{s + 1}" for s in range(n) if o["pos"][s] == 0)
    parts.append(Text(f"supply path (foremen still on the start space: {start or '-'})", style="bold underline"))
    parts.append(_path(o, n))
    # areas
    heading = Text("felling areas", style="bold underline")
    heading.append(" " + WOOD_KEY, style="dim")
    parts.append(heading)
    areas = Table(show_header=True, expand=True, box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    for a in range(1, 7):
        areas.add_column(f"A{a}", min_width=10, ratio=1)
    areas.add_row(*[_pieces(o["areas_wood"][a]) for a in range(6)])
    areas.add_row(
        *[
            " ".join([f"{o['areas_food'][a]} food"] + [f"P{s + 1}" for s in range(n) if o["area"][s] == a + 1])
            for a in range(6)
        ]
    )
    parts.append(areas)
    extra = []
    if o["prevealed"]:
        extra.append("next placement: " + " | ".join(placement_text(c) for c in o["prevealed"]))
    if o["tdisplay"]:
        extra.append("tasks shown: " + " | ".join(task_text(t) for t in o["tdisplay"]))
    nstack = o["pstack"] if isinstance(o["pstack"], int) else len(o["pstack"])
    info = f"decks: placement {len(o['pdeck'])}, products {nstack}"
    if o["variant"].startswith("advanced"):
        info += f", tasks {len(o['tdeck'])}"
    if any(o["committed"]):
        info += " · secret choices made: " + " ".join(f"P{s + 1}" for s in range(n) if o["committed"][s])
        if seat is not None and o["secret"][seat]:
            info += f" (yours: A{o['secret'][seat]})"
    extra.append(info)
    parts.extend(Text(x) for x in extra)
    # mills, two per row
    grid = Table.grid(expand=True)
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    panels = [_mill(o, s, seat, s == cur) for s in range(n)]
    for i in range(0, n, 2):
        row = panels[i : i + 2]
        grid.add_row(*(row + [Text("")] * (2 - len(row))))
    parts.append(grid)
    parts.append(Text(KEY, style="dim"))
    return Group(*parts)
