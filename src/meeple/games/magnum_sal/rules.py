"""Magnum Sal rules: setup, turn flow, legal actions and applying them.

The pending decision is ``state.stage`` with its context ``state.ctx``:

* ``main``        the turn's menu: an action (MS-7.1) or an outside tool (bucket/food,
                  MS-5.4); with no action left only ``done`` and the outside tools.
* ``deliver``     a castle arrival picks the order to complete (MS-19.4); ctx [].
* ``penalty``     a castle arrival picks the penalty (MS-19.6); ctx [].
* ``place_from``  which available miner goes into the mine (MS-8.1); ctx [] or, after a rope,
                  [placed]: the spaces this action has put miners on (MS-20.2).
* ``place_to``    where it goes (MS-8.3); ctx [source] or [source, placed].
* ``rope``        use a rope for one more placement, or ``done`` (MS-20.2); ctx [placed].
* ``assist_from`` which miner becomes the assistant; ctx [building index].
* ``castle_from`` which miner goes to the castle queue; ctx [royal privilege 0/1].
* ``extract``     cubes, pickaxes, carts, ``done`` (MS-10); ctx [space, [b, g, w], picks, carts].
* ``pay``         who gets each groš of a shared paying space (MS-10.3); ctx [[space, amount], ...].
* ``market``      transactions (MS-17); ctx [privilege 0/1, transactions, sold mask, bought mask].
* ``pump``        more water or ``done`` (MS-16); ctx [space, cubes removed].
* ``food``        a second miner to stand up, or ``done`` (MS-20.6); ctx [].

A miner *source* is an int: -1 the supply, -10-b the assistant of building b, s >= 0 a space.
"""

from __future__ import annotations

from . import components as C
from . import mine as M
from .actions import (
    CASTLE,
    CASTLE_ROYAL,
    COMMERCIAL,
    DONE,
    INN,
    MARKET,
    PASS,
    PENALTY_MONEY,
    PICKAXE,
    PLACE,
    PUMP_MORE,
    ROPE,
    SQUARE,
    act,
)

STAGES = (
    "main",
    "deliver",
    "penalty",
    "place_from",
    "place_to",
    "rope",
    "assist_from",
    "castle_from",
    "extract",
    "pay",
    "market",
    "pump",
    "food",
)

NS = C.NSPACES
FIRST = C.FIRST_CHAMBER
CHAMBERS = C.CHAMBERS
SID = C.SPACE_IDS
TRACK = C.INN_TRACK
BUILDINGS = C.ASSIST_BUILDINGS
B_WORKSHOP, B_PUMP, B_MARKET, B_CASTLE = range(4)
COL = C.COLOURS


def _count(k: int, one: str, many: str) -> str:
    """``1 cart`` / ``2 carts``."""
    return f"{k} {one if k == 1 else many}"


def _gr(k: int) -> str:
    """An amount of money: ``1 groš``, ``2 groše`` (the project's word for the coin)."""
    return _count(k, "groš", "groše")


def seat_name(seat: int) -> str:
    """Cosmetic colour name of a seat (orange, black, purple, white)."""
    return C.SEAT_COLOURS[seat]


def src_text(src: int) -> str:
    """Notation of a miner source: ``supply``, ``@market`` or a space id."""
    if src == -1:
        return "supply"
    if src <= -10:
        return "@" + BUILDINGS[-10 - src]
    return SID[src]


# ---------------------------------------------------------------- prebuilt actions
FROM = {}
for _src in [-1] + [-10 - b for b in range(4)] + list(range(NS)):
    FROM[_src] = act("from " + src_text(_src), "from", (_src,))
TO = [act("to " + SID[s], "to", (s,)) for s in range(NS)]
EXTRACT = {s: act("extract " + SID[s], "extract", (s,)) for s in CHAMBERS}
PUMP = {s: act("pump " + SID[s], "pump", (s,)) for s in CHAMBERS}
FOOD = [act("food " + SID[s], "food", (s,)) for s in range(NS)]
ASSIST = [act("assist " + b, "assist", (i,)) for i, b in enumerate(BUILDINGS)]
TAKE = [act("take " + c, "take", (i,)) for i, c in enumerate(COL)]
SELL = [act("sell " + c, "sell", (i,)) for i, c in enumerate(COL)]
BUY = [act("buy " + c, "buy", (i,)) for i, c in enumerate(COL)]
PENALTY_SALT = [act("penalty " + c, "penalty", (i,)) for i, c in enumerate(COL)]
PAY = [act("pay " + seat_name(q), "pay", (q,)) for q in range(4)]
BUCKET = {(s, t): act(f"bucket {SID[s]}>{SID[t]}", "bucket", (s, t)) for s in CHAMBERS for t in C.BUCKET_ADJ[s]}
DELIVER = {o: act("deliver " + o, "deliver", (o,)) for o in C.ORDERS}
WORKSHOP = {
    (slot, kind): act(f"workshop {C.DISPLAY_PRICES[slot]} {C.TOOL_SHORT[kind]}", "workshop", (slot,))
    for slot in range(3)
    for kind in C.TOOL_KINDS
}
CART = {}
for _s in range(NS):
    for _seg in C.CART_SEGMENTS[_s]:
        if _seg not in CART:
            CART[_seg] = act("cart " + "+".join(SID[p] for p in _seg), "cart", (_seg,))


# ---------------------------------------------------------------- setup (MS-3, MS-4)
def setup(state) -> None:
    """MS-3: initial position. The start player is drawn at random and money goes by seat
    clockwise from him: 10, 12, 14, 16 groše (MS-3.3)."""
    n = state.num_players
    rng = state.rng
    start = rng.randbelow(n)  # MS-3.3
    state.money = [C.STARTING_MONEY[(seat - start) % n] for seat in range(n)]
    state.salt = [list(C.STARTING_SALT) for _ in range(n)]
    state.tools = [[] for _ in range(n)]
    state.tools_used = [[] for _ in range(n)]
    state.owned = [C.STARTING_MINERS[n]] * n
    state.supply = [C.STARTING_MINERS[n]] * n
    _empty_mine_and_castle(state, n)
    tile = [""] * C.NCHAMBERS
    for lvl in sorted(C.TILES_BY_LEVEL):  # MS-3.1: each level shuffled separately
        ids = list(C.TILES_BY_LEVEL[lvl])
        rng.shuffle(ids)
        for c, t in zip(C.LEVEL_CHAMBERS[lvl], ids):
            tile[c] = t
    state.tile = tile
    state.revealed = [False] * C.NCHAMBERS
    state.flipped = [False] * C.NCHAMBERS
    state.csalt = [[0, 0, 0] for _ in range(C.NCHAMBERS)]
    state.water = [0] * C.NCHAMBERS
    state.market = list(C.MARKET_INITIAL)  # MS-3.4
    deck = [k for k in C.TOOL_KINDS for _ in range(C.TOOL_COPIES)]
    rng.shuffle(deck)  # MS-3.5
    state.deck = deck
    state.pile = []
    state.display = [None, None, None]
    state.gone_hidden = []
    state.gone_seen = []
    state.orders_up = []
    state.order_stack = []
    state.order_counter = 0
    state.orders_done = [[] for _ in range(n)]
    state.inn = 0
    state.phase = 0
    state.round = 1
    state.rounds_total = 0
    state.capped = 0
    state.start = start
    state.start_player = start  # kept when the marker passes (MS-21.3)
    state.turn = start
    state.actions_left = 0
    state.acted = False
    state.visited = []
    state.triggered = False
    state.over = False
    state.arrivals = 0
    state.stage = "main"
    state.ctx = []
    state.log(f"Magnum Sal, {n} players, variant {state.variant}; {seat_name(start)} starts")
    _setup_phase(state)
    _begin_turn(state)


def _setup_phase(state) -> None:
    """MS-4: royal orders, inn marker, workshop pile and display for the coming phase."""
    n = state.num_players
    orders = list(C.ORDERS_BY_PHASE[state.phase])
    state.rng.shuffle(orders)
    k = C.ORDERS_FACE_UP[n]
    state.orders_up = [orders.pop() for _ in range(k)]  # MS-4.1
    state.order_stack = orders
    state.order_counter = 0
    state.inn = C.INN_START[n]  # MS-4.2
    pile = [state.deck.pop() for _ in range(min(C.TOOLS_PER_PHASE, len(state.deck)))]  # MS-4.3
    state.display = [pile.pop() if pile else None for _ in range(3)]
    state.pile = pile
    state.round = 1
    state.turn = state.start
    state.triggered = False
    state.log(
        f"Phase {C.PHASE_NAMES[state.phase]} begins; orders {', '.join(state.orders_up)}; "
        f"workshop {', '.join(str(x) for x in state.display)}"
    )


# ---------------------------------------------------------------- helpers
def unused(state, seat: int, kind: str) -> int:
    """Number of face-up (unused this phase) tools of ``kind`` owned by ``seat`` (MS-20.1)."""
    tools = state.tools[seat]
    if not tools:
        return 0
    k = 0
    for t, u in zip(tools, state.tools_used[seat]):
        if t == kind and not u:
            k += 1
    return k


_NO_TOOLS: dict = {}


def unused_counts(state, seat: int) -> dict:
    """``{kind: number}`` of the face-up (unused this phase) tools of ``seat`` (MS-20.1), the
    kinds it has none of left out: one scan for a whole listing (read it, never change it)."""
    tools = state.tools[seat]
    if not tools:
        return _NO_TOOLS
    out: dict = {}
    for t, u in zip(tools, state.tools_used[seat]):
        if not u:
            out[t] = out.get(t, 0) + 1
    return out


def use_tool(state, seat: int, kind: str) -> None:
    """Turn one face-up ``kind`` tool of ``seat`` face down (MS-20.1)."""
    tools, used = state.tools[seat], state.tools_used[seat]
    for i, t in enumerate(tools):
        if t == kind and not used[i]:
            used[i] = True
            return
    raise AssertionError(f"no unused {kind}")


def has_miner(state, seat: int, s: int) -> bool:
    """``seat`` has a miner (rested or tired) on space ``s``."""
    i = s * state.num_players + seat
    return bool(state.rested[i] or state.tired[i])


def sources(state, seat: int, conn: list, for_mine: bool, placed=()) -> list:
    """Available miners of ``seat`` (MS-7.3) as source ints; ``for_mine``: only those with
    at least one legal destination in the mine (MS-8.3). ``placed`` lists the spaces this
    action has already put a miner on: a rope moves one *more* miner (MS-20.2, "jednoho
    dalšího horníka"), so each of those miners is not available again in the same action."""
    out = []
    if state.supply[seat] > 0:
        out.append(-1)
    for b in range(4):
        if state.assist[b] == seat:
            out.append(-10 - b)
    n = state.num_players
    r = state.rested
    occ = state.occ
    for s in range(NS):
        if occ[s] and r[s * n + seat] and M.source_ok(state, s, conn):
            if placed and r[s * n + seat] <= placed.count(s):  # MS-20.2: only miners just placed
                continue
            if not for_mine or M.has_destination(state, s, conn):
                out.append(s)
    return out


def placed_so_far(state) -> list:
    """The spaces this placement action has put miners on (MS-20.2), read from the context of
    ``place_from`` / ``rope`` ([placed], or [] at the first miner) or ``place_to`` ([source,
    placed], or [source]); [] in any other stage. Shared, not a copy: never change it."""
    ctx = state.ctx
    if state.stage == "place_to":
        return ctx[1] if len(ctx) > 1 else []
    if state.stage in ("place_from", "rope"):
        return ctx[0] if ctx else []
    return []


def _remove_from_source(state, seat: int, src: int) -> None:
    if src == -1:
        state.supply[seat] -= 1
    elif src <= -10:
        state.assist[-10 - src] = -1  # MS-8.7: the assistant space becomes free
    else:
        state.rested[src * state.num_players + seat] -= 1
        state.occ[src] -= 1


def _pay_assistant(state, b: int) -> None:
    """MS-12.3 / MS-13.3: the assistant's owner gets 1 groš after the visit."""
    a = state.assist[b]
    if a >= 0:
        state.money[a] += C.ASSISTANT_INCOME
        state.log(f"{seat_name(a)} gets {C.ASSISTANT_INCOME} groš as {BUILDINGS[b]} assistant")


def can_extract(state, seat: int, s: int, conn: list, counts: dict | None = None) -> bool:
    """MS-10.1 / MS-10.4 / MS-10.6: ``seat`` can extract at least one cube from chamber ``s``
    (using pickaxes and carts it owns if needed). ``counts``: :func:`unused_counts` of ``seat``
    when the caller has it (else worked out here)."""
    if counts is None:
        counts = unused_counts(state, seat)
    c = s - FIRST
    n = state.num_players
    R = state.rested[s * n + seat]
    if not R or not state.revealed[c] or not conn[s]:
        return False
    cs = state.csalt[c]
    if not (cs[0] or cs[1] or cs[2]):
        return False
    if R - state.water[c] + counts.get("pickaxe", 0) < 1:
        return False
    paying = M.paying_spaces(state, seat, s)
    if len(paying) <= state.money[seat]:
        return True
    carts = counts.get("cart", 0)
    return (
        M.min_cost(paying, 1, [], carts, M.useful_segments(state, s, paying), state.options.get("cart_max_cubes"))
        <= state.money[seat]
    )


def market_possible(state, seat: int, priv: bool, sold: int = 0, bought: int = 0) -> bool:
    """At least one market transaction is possible (MS-17.3/17.4, MS-20.7)."""
    return bool(_market_transactions(state, seat, priv, sold, bought))


def _market_transactions(state, seat, priv, sold, bought) -> list:
    out = []
    salt = state.salt[seat]
    money = state.money[seat]
    for col in range(3):
        cnt = state.market[col]
        if salt[col] and not (bought >> col) & 1 and (cnt < len(C.MARKET_COLUMNS[col]) or priv):
            out.append(SELL[col])
        if cnt and not (sold >> col) & 1 and money >= C.buy_price(col, cnt) - (1 if priv else 0):
            out.append(BUY[col])
    return out


def outside_tools(state, seat: int, counts: dict | None = None) -> list:
    """Bucket (MS-20.4) and food (MS-20.6) uses available now (``counts``: as in
    :func:`can_extract`)."""
    out = []
    if not state.tools[seat]:
        return out
    if counts is None:
        counts = unused_counts(state, seat)
    n = state.num_players
    if counts.get("bucket"):
        for s in CHAMBERS:
            if state.water[s - FIRST] and has_miner(state, seat, s):
                for t in C.BUCKET_ADJ[s]:
                    out.append(BUCKET[(s, t)])
    if counts.get("food"):
        t = state.tired
        for s in range(NS):
            if t[s * n + seat]:
                out.append(FOOD[s])
    return out


def satisfiable_orders(state, seat: int) -> list:
    """Face-up orders ``seat`` can complete from its supply now (MS-19.4, colour for colour)."""
    salt = state.salt[seat]
    out = []
    for o in state.orders_up:
        if o is not None:
            req = C.ORDERS[o].requires
            if salt[0] >= req[0] and salt[1] >= req[1] and salt[2] >= req[2]:
                out.append(o)
    return out


def penalty_options(state, seat: int) -> list:
    """MS-19.6 choices: -1 = pay 3 groše, 0..2 = give a cube of that colour."""
    salt = state.salt[seat]
    cols = [c for c in range(3) if salt[c]]
    if state.money[seat] >= C.CASTLE_PENALTY_MONEY:
        return [-1] + cols
    return cols


# ---------------------------------------------------------------- legal actions
def legal_actions(state) -> list:
    """The legal actions of the seat to move (never empty while the game runs)."""
    st = state.stage
    seat = state.turn
    n = state.num_players
    if st == "main":
        if state.actions_left <= 0:
            return [DONE] + outside_tools(state, seat)
        counts = unused_counts(state, seat)
        return _main_actions(state, seat, counts) + outside_tools(state, seat, counts)
    if st == "extract":
        return _extract_actions(state, seat)
    if st == "pay":
        p = state.ctx[0][0]
        return [PAY[q] for q in range(n) if q != seat and has_miner(state, q, p)]
    if st == "place_from":
        conn = M.connectivity(state.occ)
        return [FROM[x] for x in sources(state, seat, conn, True, placed_so_far(state))]
    if st == "place_to":
        conn = M.connectivity(state.occ)
        src = state.ctx[0]
        if src >= 0:  # the board after removal (MS-8.3(1))
            state.occ[src] -= 1
            conn = M.connectivity(state.occ)
            state.occ[src] += 1
        return [TO[s] for s in M.destinations(state, src, conn)]
    if st == "rope":
        return [ROPE, DONE]
    if st == "assist_from" or st == "castle_from":
        conn = M.connectivity(state.occ)
        return [FROM[x] for x in sources(state, seat, conn, False)]
    if st == "market":
        priv, ntrans, sold, bought = state.ctx
        out = []
        if ntrans == 0 and not priv and unused(state, seat, "commercial_privilege"):
            out.append(COMMERCIAL)
        out += _market_transactions(state, seat, priv, sold, bought)
        if ntrans >= 1:
            out.append(DONE)
        return out
    if st == "pump":
        s, removed = state.ctx
        out = []
        if state.water[s - FIRST] and state.money[seat] >= removed + 1:
            out.append(PUMP_MORE)
        out.append(DONE)
        return out
    if st == "food":
        t = state.tired
        return [FOOD[s] for s in range(NS) if t[s * n + seat]] + [DONE]
    if st == "deliver":
        return [DELIVER[o] for o in satisfiable_orders(state, seat)]
    if st == "penalty":
        return [PENALTY_MONEY if x < 0 else PENALTY_SALT[x] for x in penalty_options(state, seat)]
    raise AssertionError(f"unknown stage {st}")


def _main_actions(state, seat: int, counts: dict | None = None) -> list:
    """The actions of a main turn (MS-7) before the tools usable outside it; ``counts``: as in
    :func:`can_extract`."""
    if counts is None:
        counts = unused_counts(state, seat)
    out = [PASS]
    conn = M.connectivity(state.occ)
    if state.supply[seat] > 0 or seat in state.assist:
        srcs = True  # MS-8: the supply and the buildings always reach S1: no need to scan the mine
        out.append(PLACE)
    else:
        srcs = sources(state, seat, conn, False)
        # MS-8: a source with a destination
        if srcs and any(M.has_destination(state, x, conn) for x in srcs):
            out.append(PLACE)
    n = state.num_players
    r = state.rested
    for s in CHAMBERS:
        if r[s * n + seat] and can_extract(state, seat, s, conn, counts):
            out.append(EXTRACT[s])
    if srcs:
        for b in range(4):
            if state.assist[b] == -1:  # MS-12.2
                out.append(ASSIST[b])
    visited = state.visited
    money = state.money[seat]
    if (
        "inn" not in visited
        and state.inn < len(TRACK)
        and money >= TRACK[state.inn]
        and state.owned[seat] < C.MAX_MINERS
    ):  # MS-14.3
        out.append(INN)
    if "workshop" not in visited:  # MS-15
        for slot in range(3):
            kind = state.display[slot]
            if kind is not None and money >= C.DISPLAY_PRICES[slot]:
                out.append(WORKSHOP[(slot, kind)])
    if "pump" not in visited:  # MS-16.2
        for s in CHAMBERS:
            if state.water[s - FIRST] and has_miner(state, seat, s):
                out.append(PUMP[s])
    if "market" not in visited and market_possible(state, seat, bool(counts.get("commercial_privilege"))):
        out.append(MARKET)
    if "square" not in visited:
        out.append(SQUARE)
    if "castle" not in visited and srcs:  # MS-19.2
        out.append(CASTLE)
        if counts.get("royal_privilege"):
            out.append(CASTLE_ROYAL)
    return out


def _extract_ctx(state, seat):
    s, taken, picks, carts = state.ctx
    c = s - FIRST
    R = state.rested[s * state.num_players + seat]
    W = state.water[c]
    paying = M.paying_spaces(state, seat, s)
    segs = M.useful_segments(state, s, paying)
    carts_t = [tuple(x) for x in carts]
    extra = unused(state, seat, "cart") - len(carts)
    return s, c, taken, picks, carts_t, R, W, paying, segs, extra


def _extract_actions(state, seat: int) -> list:
    s, c, taken, picks, carts_t, R, W, paying, segs, extra = _extract_ctx(state, seat)
    cap = state.options.get("cart_max_cubes")
    money = state.money[seat]
    nt = taken[0] + taken[1] + taken[2]
    out = []
    if nt + 1 <= R - W + picks and M.min_cost(paying, nt + 1, carts_t, extra, segs, cap) <= money:
        cs = state.csalt[c]
        for col in range(3):
            if cs[col] - taken[col] > 0:
                out.append(TAKE[col])
    if unused(state, seat, "pickaxe") - picks > 0:
        out.append(PICKAXE)
    if extra > 0:
        need = max(nt, 1)
        for seg in segs:
            if any(p not in paying for p in seg):
                continue  # a free space (own miner) in a two-space cart saves nothing: 'cart S2' does it
            if cap is None and all(any(p in x for x in carts_t) for p in seg):
                continue  # nothing left to waive there
            if M.min_cost(paying, need, carts_t + [seg], extra - 1, segs, cap) <= money:
                out.append(CART[seg])
    if nt >= 1 and M.transport_cost(paying, nt, carts_t, cap) <= money:
        out.append(DONE)
    return out


# ---------------------------------------------------------------- applying
def apply(state, action) -> None:
    """Apply a legal action (checked by the caller)."""
    st = state.stage
    kind = action.kind
    seat = state.turn
    if st == "main":
        _apply_main(state, seat, action)
    elif st == "extract":
        s, taken, picks, carts = state.ctx
        if kind == "take":
            taken[action.args[0]] += 1
        elif kind == "pickaxe":
            state.ctx[2] = picks + 1
        elif kind == "cart":
            carts.append(list(action.args[0]))
        else:
            _commit_extraction(state, seat)
    elif st == "pay":
        q = action.args[0]
        entry = state.ctx[0]
        state.money[q] += 1
        state.log(f"{seat_name(seat)} pays 1 groš to {seat_name(q)} for {SID[entry[0]]}")
        entry[1] -= 1
        if entry[1] <= 0:
            state.ctx.pop(0)
        if not state.ctx:
            _after_action(state)
    elif st == "place_from":
        placed = placed_so_far(state)  # read in this stage's context, before it changes (MS-20.2)
        state.stage = "place_to"
        state.ctx = [action.args[0], placed]
    elif st == "place_to":
        dst = action.args[0]
        _place(state, seat, state.ctx[0], dst)
        placed = placed_so_far(state) + [dst]
        conn = M.connectivity(state.occ)
        if unused(state, seat, "rope") and sources(state, seat, conn, True, placed):  # MS-20.2
            state.stage = "rope"
            state.ctx = [placed]
        else:
            _after_action(state)
    elif st == "rope":
        if kind == "rope":  # MS-20.2
            use_tool(state, seat, "rope")
            state.log(f"{seat_name(seat)} uses a rope")
            state.stage = "place_from"
            state.ctx = [placed_so_far(state)]
        else:
            _after_action(state)
    elif st == "assist_from":
        src = action.args[0]
        b = state.ctx[0]
        _remove_from_source(state, seat, src)
        state.assist[b] = seat  # MS-12.2
        state.log(f"{seat_name(seat)} puts a miner ({src_text(src)}) as {BUILDINGS[b]} assistant")
        _after_action(state)
    elif st == "castle_from":
        src = action.args[0]
        royal = state.ctx[0]
        _remove_from_source(state, seat, src)
        if royal:  # MS-20.8
            use_tool(state, seat, "royal_privilege")
            state.q_left[seat] += 1
        else:
            state.q_right[seat] += 1
        state.log(
            f"{seat_name(seat)} sends a miner ({src_text(src)}) to the castle"
            + (" with the royal privilege" if royal else "")
        )
        _after_action(state)
    elif st == "market":
        _apply_market(state, seat, action)
    elif st == "pump":
        s, removed = state.ctx
        if kind == "pump_more":
            cost = removed + 1  # MS-16.1: the i-th cube costs i
            state.money[seat] -= cost
            state.water[s - FIRST] -= 1
            state.ctx[1] = removed + 1
            if not (state.water[s - FIRST] and state.money[seat] >= removed + 2):
                _finish_pump(state)
        else:
            _finish_pump(state)
    elif st == "food":
        if kind == "food":
            _stand(state, seat, action.args[0])
        _back_to_main(state)
    elif st == "deliver":
        _complete_order(state, seat, action.args[0])
        _arrival_done(state, seat)
        _resolve_arrivals(state)
    elif st == "penalty":
        _pay_penalty(state, seat, action.args[0])
        _arrival_done(state, seat)
        _resolve_arrivals(state)
    else:
        raise AssertionError(st)


def _apply_main(state, seat: int, action) -> None:
    kind = action.kind
    name = seat_name(seat)
    if kind == "done":
        _end_turn(state)
        return
    if kind == "bucket":  # MS-20.4 (outside an action)
        s, t = action.args
        use_tool(state, seat, "bucket")
        state.water[s - FIRST] -= 1
        state.water[t - FIRST] += 1
        state.log(f"{name} uses a bucket: 1 water {SID[s]} -> {SID[t]}")
        _back_to_main(state)
        return
    if kind == "food":  # MS-20.6 (outside an action)
        use_tool(state, seat, "food")
        _stand(state, seat, action.args[0])
        state.stage = "food"
        state.ctx = []
        if not any(state.tired[s * state.num_players + seat] for s in range(NS)):
            _back_to_main(state)
        return
    state.actions_left -= 1  # one action of the turn (MS-5.2)
    if kind == "pass":
        state.log(f"{name} passes")
        _after_action(state)
        return
    state.acted = True
    if kind == "place":
        state.stage = "place_from"
        state.ctx = []
    elif kind == "extract":
        state.stage = "extract"
        state.ctx = [action.args[0], [0, 0, 0], 0, []]
    elif kind == "assist":
        state.stage = "assist_from"
        state.ctx = [action.args[0]]
    elif kind == "inn":  # MS-14
        cost = TRACK[state.inn]
        state.visited.append("inn")
        state.money[seat] -= cost
        state.owned[seat] += 1
        state.supply[seat] += 1
        state.inn += 1
        state.log(
            f"{name} hires a miner at the inn for {cost} groše"
            + ("; the inn is closed" if state.inn >= len(TRACK) else "")
        )
        _after_action(state)
    elif kind == "workshop":  # MS-15
        slot = action.args[0]
        price = C.DISPLAY_PRICES[slot]
        tool = state.display[slot]
        state.visited.append("workshop")
        state.money[seat] -= price
        state.tools[seat].append(tool)
        state.tools_used[seat].append(False)
        d = state.display
        for j in range(slot, 2):  # MS-15.2: slide towards the cheap side, refill the 5 slot
            d[j] = d[j + 1]
        d[2] = state.pile.pop() if state.pile else None
        state.log(f"{name} buys a {tool} for {price} groše")
        _pay_assistant(state, B_WORKSHOP)
        _after_action(state)
    elif kind == "pump":  # MS-16: the first cube is free
        s = action.args[0]
        state.visited.append("pump")
        state.water[s - FIRST] -= 1
        state.stage = "pump"
        state.ctx = [s, 1]
        if not (state.water[s - FIRST] and state.money[seat] >= 2):
            _finish_pump(state)
    elif kind == "market":  # MS-17
        state.visited.append("market")
        state.stage = "market"
        state.ctx = [0, 0, 0, 0]
    elif kind == "square":  # MS-18
        state.visited.append("square")
        state.money[seat] += C.SQUARE_INCOME
        state.log(f"{name} takes {C.SQUARE_INCOME} groš at the town square")
        _after_action(state)
    elif kind == "castle":  # MS-19.2
        state.visited.append("castle")
        state.stage = "castle_from"
        state.ctx = [1 if action.args[0] else 0]
    else:
        raise AssertionError(kind)


def _place(state, seat: int, src: int, dst: int) -> None:
    """MS-8.1 / MS-8.6: move the miner and reveal the chamber it enters."""
    _remove_from_source(state, seat, src)
    state.rested[dst * state.num_players + seat] += 1
    state.occ[dst] += 1
    state.log(f"{seat_name(seat)} places a miner {src_text(src)} -> {SID[dst]}")
    if dst >= FIRST and not state.revealed[dst - FIRST]:
        M.reveal(state, dst)


def _stand(state, seat: int, s: int) -> None:
    i = s * state.num_players + seat
    state.tired[i] -= 1
    state.rested[i] += 1
    state.log(f"{seat_name(seat)} stands up a miner in {SID[s]} (food)")


def _finish_pump(state) -> None:
    s, removed = state.ctx
    cost = C.pump_cost(removed)
    state.log(
        f"{seat_name(state.turn)} pumps {removed} water from {SID[s]} at the pump house "
        f"({'free' if not cost else _gr(cost)})"
    )
    _pay_assistant(state, B_PUMP)
    _after_action(state)


def _apply_market(state, seat: int, action) -> None:
    priv, ntrans, sold, bought = state.ctx
    kind = action.kind
    name = seat_name(seat)
    if kind == "commercial":  # MS-20.7: once for the whole visit
        use_tool(state, seat, "commercial_privilege")
        state.ctx[0] = 1
        state.log(f"{name} uses the commercial privilege")
        return
    if kind == "done":
        _finish_market(state)
        return
    col = action.args[0]
    cnt = state.market[col]
    if kind == "sell":  # MS-17.3
        if cnt < len(C.MARKET_COLUMNS[col]):
            price = C.sell_price(col, cnt) + (1 if priv else 0)
            state.market[col] = cnt + 1
        else:  # full column, privilege: lowest price, cube back to the supply, no +1
            price = C.MARKET_LOWEST[col]
        state.salt[seat][col] -= 1
        state.money[seat] += price
        state.ctx[2] = sold | (1 << col)
        state.log(f"{name} sells a {COL[col]} cube for {_gr(price)}")
    else:  # MS-17.4
        price = C.buy_price(col, cnt) - (1 if priv else 0)
        state.market[col] = cnt - 1
        state.salt[seat][col] += 1
        state.money[seat] -= price
        state.ctx[3] = bought | (1 << col)
        state.log(f"{name} buys a {COL[col]} cube for {_gr(price)}")
    state.ctx[1] = ntrans + 1
    if ntrans + 1 >= 2 or not _market_transactions(state, seat, priv, state.ctx[2], state.ctx[3]):
        _finish_market(state)


def _finish_market(state) -> None:
    _pay_assistant(state, B_MARKET)  # MS-17.7
    _after_action(state)


def _commit_extraction(state, seat: int) -> None:
    """MS-10.1..10.7: take the cubes, lay down miners, pay the transport fees."""
    s, c, taken, picks, carts_t, R, W, paying, segs, extra = _extract_ctx(state, seat)
    cap = state.options.get("cart_max_cubes")
    n = state.num_players
    nt = taken[0] + taken[1] + taken[2]
    name = seat_name(seat)
    for _ in range(picks):
        use_tool(state, seat, "pickaxe")
    for _ in carts_t:
        use_tool(state, seat, "cart")
    row = state.csalt[c][:]  # a new row: clones share the old one (state.py)
    for col in range(3):
        state.salt[seat][col] += taken[col]
        row[col] -= taken[col]
    state.csalt[c] = row
    k = max(1, nt + W - picks)  # MS-10.2 fatigue
    i = s * n + seat
    state.rested[i] -= k
    state.tired[i] += k
    total = M.transport_cost(paying, nt, carts_t, cap)
    state.money[seat] -= total
    tools = ([_count(picks, "pickaxe", "pickaxes")] if picks else []) + (
        [_count(len(carts_t), "cart", "carts")] if carts_t else []
    )
    state.log(
        f"{name} extracts {M._salt_text(taken)} from {SID[s]}"
        + (" using " + " and ".join(tools) if tools else "")
        + f"; {_count(k, 'miner', 'miners')} tired; transport {_gr(total)}"
    )
    if state.variant == "mapped-mine" and not sum(state.csalt[c]):
        state.flipped[c] = True  # MS-24.3
    pending = []
    for p in paying:
        amt = M.transport_cost([p], nt, carts_t, cap)
        if not amt:
            continue
        rec = [q for q in range(n) if q != seat and has_miner(state, q, p)]
        if len(rec) == 1:
            state.money[rec[0]] += amt
            state.log(f"{name} pays {_gr(amt)} to {seat_name(rec[0])} for {SID[p]}")
        elif rec:
            pending.append([p, amt])
        else:  # cannot happen under the chain rule (MS-10.6); fee goes to the bank
            pass
    if pending:
        state.stage = "pay"
        state.ctx = pending
    else:
        _after_action(state)


# ---------------------------------------------------------------- castle (MS-6, MS-19)
def _complete_order(state, seat: int, oid: str) -> None:
    """MS-19.4 / MS-19.5: complete a face-up order, refill its slot, pay the assistant."""
    o = C.ORDERS[oid]
    salt = state.salt[seat]
    for col in range(3):
        salt[col] -= o.requires[col]
    state.money[seat] += o.reward
    state.orders_done[seat].append(oid)
    slot = state.orders_up.index(oid)
    state.orders_up[slot] = state.order_stack.pop() if state.order_stack else None  # MS-21.2
    state.order_counter += 1
    state.log(
        f"{seat_name(seat)} completes royal order {oid} for {o.reward} groše"
        + (f"; {state.orders_up[slot]} revealed" if state.orders_up[slot] else "")
    )
    _pay_assistant(state, B_CASTLE)
    if state.order_counter >= C.ORDERS_TO_END_PHASE[state.num_players] and not state.triggered:
        state.triggered = True  # MS-21.1
        state.log("The phase will end after this round")


def _pay_penalty(state, seat: int, choice: int) -> None:
    """MS-19.6: 3 groše or one cube; with less than 3 groše and no salt, all the money."""
    if choice < 0:
        amt = min(C.CASTLE_PENALTY_MONEY, state.money[seat])
        state.money[seat] -= amt
        state.log(f"{seat_name(seat)} cannot meet an order and pays a penalty of {_gr(amt)}")
    else:
        state.salt[seat][choice] -= 1
        state.log(f"{seat_name(seat)} cannot meet an order and gives a {COL[choice]} cube")


def _arrival_done(state, seat: int) -> None:
    state.arrivals -= 1
    state.supply[seat] += 1  # MS-6.4 / MS-19.7


def _resolve_arrivals(state) -> None:
    """Resolve castle arrivals one by one, asking only where there is a choice."""
    seat = state.turn
    while state.arrivals > 0:
        opts = satisfiable_orders(state, seat)
        if len(opts) > 1:
            state.stage = "deliver"
            state.ctx = []
            return
        if opts:
            _complete_order(state, seat, opts[0])
        else:
            pen = penalty_options(state, seat)
            if len(pen) > 1:
                state.stage = "penalty"
                state.ctx = []
                return
            _pay_penalty(state, seat, pen[0] if pen else -1)
        _arrival_done(state, seat)
    state.stage = "main"
    state.ctx = []


# ---------------------------------------------------------------- turn flow (MS-5, MS-21)
def _back_to_main(state) -> None:
    state.stage = "main"
    state.ctx = []
    if state.actions_left <= 0 and not outside_tools(state, state.turn):
        _end_turn(state)


def _after_action(state) -> None:
    _back_to_main(state)


def _begin_turn(state) -> None:
    """MS-5.4 step 1 and MS-6.2: castle queue step, then the actions."""
    seat = state.turn
    state.actions_left = C.ACTIONS_FIRST_ROUND if state.round == 1 else C.ACTIONS_LATER
    state.acted = False
    state.visited = []
    arrivals = state.q_left[seat]
    state.q_left[seat] = state.q_right[seat]
    state.q_right[seat] = 0
    state.arrivals = arrivals
    _resolve_arrivals(state)


def _end_turn(state) -> None:
    """MS-5.4 steps 3-4: rest check (MS-11.3), phase-end check (MS-21.1)."""
    n = state.num_players
    seat = state.turn
    if not state.acted:
        r, t = state.rested, state.tired
        woke = 0
        for s in range(NS):
            i = s * n + seat
            if t[i]:
                woke += t[i]
                r[i] += t[i]
                t[i] = 0
        if woke:
            state.log(f"{seat_name(seat)} rests: {_count(woke, 'miner stands', 'miners stand')} up")
    if seat == (state.start - 1) % n:  # last turn of the round
        state.rounds_total += 1
        cap = state.options.get("max_rounds")
        if state.triggered or (cap and state.round >= cap):
            if not state.triggered:
                state.capped += 1
                state.log(f"Safety cap: phase ends after {cap} rounds (option max_rounds)")
            _end_phase(state)
            return
        state.round += 1
        state.turn = state.start
    else:
        state.turn = (seat + 1) % n
    _begin_turn(state)


def _empty_mine_and_castle(state, n: int) -> None:
    """No miner in the mine, no assistant, empty castle queues (MS-3 setup, MS-21.3 clean-up)."""
    state.rested = [0] * (NS * n)
    state.tired = [0] * (NS * n)
    state.occ = [0] * NS
    state.assist = [-1] * 4
    state.q_right = [0] * n
    state.q_left = [0] * n


def _end_phase(state) -> None:
    """MS-21.3 clean-up, then the next phase (MS-4) or the end of the game (MS-22)."""
    n = state.num_players
    state.log(f"Phase {C.PHASE_NAMES[state.phase]} ends")
    state.supply = state.owned[:]
    _empty_mine_and_castle(state, n)
    state.orders_up = []
    state.order_stack = []
    state.order_counter = 0
    state.gone_seen += [d for d in state.display if d is not None]
    state.gone_hidden += state.pile
    state.display = [None, None, None]
    state.pile = []
    state.tools_used = [[False] * len(t) for t in state.tools]
    state.start = (state.start + 1) % n
    for col in range(3):
        ref = C.MARKET_REFILL[col]
        if ref is not None and state.market[col] == ref["if_count_is"]:
            state.market[col] = 1
    state.stage = "main"
    state.ctx = []
    state.arrivals = 0
    state.actions_left = 0
    if state.phase == C.PHASES - 1:
        state.over = True
        _log_final_scores(state)
        return
    state.phase += 1
    _setup_phase(state)
    _begin_turn(state)


def _log_final_scores(state) -> None:
    """MS-22: one event per seat with its total (money + 3 a cube + tool value) and the
    tie-break values, then the ranking."""
    state.log(
        "Game over. Final scoring (MS-22.1): money + salt (3 groše a cube) + tools = total; "
        "ties (MS-22.2): more orders, then fewer miners, then fewer tools"
    )
    scores = state.scores()
    for seat in range(state.num_players):
        cubes = sum(state.salt[seat])
        nt = len(state.tools[seat])
        state.log(
            f"{seat_name(seat)}: money {state.money[seat]} + salt {cubes} x {C.SALT_END_VALUE} "
            f"+ tools ({nt}) {C.tool_end_value(nt)} = {_gr(scores[seat])}; "
            f"orders {len(state.orders_done[seat])}, miners {state.owned[seat]}, tools {nt}"
        )
    state.log("Ranking: " + ", ".join(f"{i + 1}. {seat_name(s)} {scores[s]}" for i, s in enumerate(state.ranking())))
