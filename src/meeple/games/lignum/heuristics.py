"""Greedy-bot evaluation for Lignum: an estimate, in dollars, of what a seat will finish with.

``evaluate(state, seat)`` projects the rest of the seat's current round and then values what it
would hold at the end of that round:

1. **Projection of this round's own wood work** (LG-10 … LG-13, LG-20.4–20.6). Every disc the
   seat can still touch this round (saw room, arriving river wood, woodpile, wood in its felling
   area) is pushed as far along the chain *fell → transport → saw* as the seat's workers and
   equipment allow, one piece at a time, choosing for each piece the best end position (stay,
   woodpile, sales room, saw room, sawn into heating or sales sticks). While the seat is still
   on the supply path, the purchases still ahead of it count as options at their price
   (woodcutters at space 10, carriers at 4, the free sawyer at 16, saws and food at the market
   19), limited by its cash (beyond cash at the cost of a loan). The free mill worker (LG-18.2)
   is tried in each job and the best is kept.
2. **Value of the holdings at the end of that round**: cash − loan repayment (LG-21.3: $7/$16)
   + sellable wood at base price + drying bonus (+ a little for drying still to come) + discs in
   the saw room / on the woodpile / on the river at what they will sell for after the remaining
   steps, minus the cost of those steps + food and heating: every missing food cube or heating
   stick of a coming winter costs $3 (LG-20.8/20.9) when nothing can be done about it any more,
   less while rounds to produce or buy it remain + equipment, fodder, product tokens and huts
   at small use values + held tasks (LG-25) at reward x the chance of completing them, judged
   from the pieces already drying towards the required dryers.

When choosing a felling area (LG-7.1) the seat predicts that the players before it in player
order each take the area best for them, and shares wood and food (LG-7.3, LG-10.2) with them.

A decision that is only half made (a stage such as ``space4`` before the number is chosen, a
trip whose pieces are still to be placed, sticks still to be split) is valued as its best
completion, so the one-ply greedy bot (``meeple.agents.GreedyAgent``) is not blind one step
ahead. Everything is computed from plain counts (no copying of the state).
"""

from __future__ import annotations

from meeple.core import Heuristics, SearchDefaults, State

from .components import (
    BASE_PRICE,
    BONUS,
    LOAN_REPAY,
    PLACEMENT_CARDS,
    SAW_YIELD,
    TASK_CARDS,
    WINTER_CARDS,
)

_ORDER = ("choose", "travel", "fell", "arrive", "transport", "saw", "tasks", "sell", "dry", "tact")
_POS = {p: i for i, p in enumerate(_ORDER)}
_WORDER = ("w_bonus", "w_fell", "w_sled", "w_saw", "w_tasks", "feed", "heat", "final", "over")
_WPOS = {p: i for i, p in enumerate(_WORDER)}
_NONWINTER = (0, 1, 2, 4, 5, 6)
_MILL_COST = 0.25  # opportunity cost of using the free mill worker in the projection
_LOAN_RATE = 0.75  # extra cost per dollar raised by a loan ($4 now, $7 back)


SEARCH = SearchDefaults(value_scale=10, prior=2, c=0.1)
"""The search bots' defaults (:class:`meeple.core.SearchDefaults`; each also an ``mcts`` option,
agents.search):

* ``value_scale`` 10: a typical final margin (dollars) between two greedy bots (mean of 12
  two-player games): search bots count a lead of this size as about an 88% chance to win
  (agents.base.value_scale).
* ``prior`` 2: visits before a node below the root gets the greedy view of its actions (fewer
  is stronger but slower; 0 = the root only). Here 2: on the same 16 deals mcts:1000:c=0.7
  won 65.6% against greedy with 2, 37.5% with 10.
* ``c`` 0.1: UCT exploration constant on values in [0, 1] (lower searches the best lines
  deeper, higher spreads the visits). Here 0.1, between the two best of a trial: on the same
  16 deals (ladder seed 1) mcts:1000 won 93.8% against greedy with c=0.07, 87.5% with 0.15,
  71.9% with 0.3 and 65.6% with 0.7; on 16 other deals (seed 2) 81.2% with 0.15 and 53.1%
  with 0.7."""


def _future_rounds(r: int) -> int:
    """Spring/summer/fall rounds after round ``r``."""
    return sum(1 for x in _NONWINTER if x > r)


class _Ctx:
    """End-of-round valuation parameters for one seat (built once per evaluation)."""

    __slots__ = (
        "d_left",
        "food_cost",
        "food_later",
        "food_need",
        "fut",
        "heat_needs",
        "money_low",
        "sawn",
        "sales",
        "sawroom",
        "sell_after",
        "woodpile",
    )

    def __init__(self, state, seat: int, r: int, winter: bool, wp: int):
        fut = _future_rounds(r)
        self.fut = fut
        # next winters and how costly a missing item still is
        needs = []
        for year, wr in ((0, 3), (1, 7)):
            c, half = state.winter[year]
            f, h = WINTER_CARDS[c][1 + half]
            if r > wr:
                continue
            if r == wr:
                done_here = state.clearing.index(seat) < state.pi if state.phase in ("feed", "heat") else False
                fed = wp > 5 or (wp == 5 and done_here)
                heated = wp > 6 or (wp == 6 and done_here)
            else:
                fed = heated = False
            kb = sum(1 for x in _NONWINTER if r < x < wr)
            needs.append((0 if fed else f, 0 if heated else h, kb, fed))
        self.heat_needs = []
        for f, h, kb, _fed in needs:
            if h:
                self.heat_needs.append((h, 3.0 if kb == 0 else (2.0 if kb == 1 else 1.5)))
        self.food_need = 0
        self.food_cost = 3.0
        self.food_later = 0.0
        first = True
        for f, h, kb, fed in needs:
            if fed:
                continue
            if first:
                self.food_need = f
                self.food_cost = 3.0 if kb == 0 else 1.4
                first = False
            else:
                self.food_later = 1.4 * f  # the Y2 feeding (stock is returned after Y1's)
        # selling and drying still possible after the end of the current round
        self.sell_after = fut > 0
        self.d_left = fut
        self.money_low = state.money[seat] < 5 and fut > 0
        self.sawn = {}  # 4 * heating sticks counted + disc kind (0..2) -> _sawn_all result
        # memos of _woodpile_disc and _sawroom_disc, keyed by 4 * heating sticks + disc kind
        self.woodpile = {}
        self.sawroom = ({}, {})  # [winter_saw]
        # _sales_disc by kind (None where the kind has no sale price)
        self.sales = tuple(None if BASE_PRICE[p] is None else _sales_disc(self, p) for p in range(len(BASE_PRICE)))


_CTX_CACHE: dict = {}
_CTX_CACHE_MAX = 10_000


def _ctx_of(state, seat: int, r: int, winter: bool, wp: int) -> _Ctx:
    """The :class:`_Ctx` of an evaluation, shared by all evaluations with the same inputs (round,
    winter position, winter cards, whether the seat has already fed/heated, cash below $5), so
    that its memos of disc and stick values carry over from one evaluation to the next."""
    w = state.winter
    done_here = state.clearing.index(seat) < state.pi if r in (3, 7) and state.phase in ("feed", "heat") else False
    key = (r, wp, w[0][0], w[0][1], w[1][0], w[1][1], done_here, state.money[seat] < 5)
    ctx = _CTX_CACHE.get(key)
    if ctx is None:
        if len(_CTX_CACHE) >= _CTX_CACHE_MAX:
            _CTX_CACHE.clear()
        ctx = _CTX_CACHE[key] = _Ctx(state, seat, r, winter, wp)
    return ctx


def _heat_marginal(ctx: _Ctx, have: int) -> float:
    """Dollar value of one more heating stick when ``have`` are already counted."""
    for h, c in ctx.heat_needs:
        if have < h:
            return c
        have -= h
    return 0.05


def _stick_value(ctx: _Ctx, p: int, heat_have: int) -> tuple:
    """(value, to_heat) of one new stick of kind ``p`` (3..5): heating or the sales room."""
    hv = _heat_marginal(ctx, heat_have)
    sv = BASE_PRICE[p] + (0.3 if ctx.sell_after else 0.0)
    return (hv, True) if hv > sv else (sv, False)


def _sales_disc(ctx: _Ctx, p: int) -> float:
    """End-of-round value of a disc in the sales room (HW never: caller avoids it)."""
    return BASE_PRICE[p] + (0.2 if ctx.d_left else 0.0) - (0.3 if ctx.money_low else 0.0)


def _sawn_all(ctx: _Ctx, p: int, heat_have: int) -> tuple:
    """(value, sticks to heat) of the sticks a disc ``p`` gives when sawn (LG-13.2)."""
    key = 4 * heat_have + p
    hit = ctx.sawn.get(key)
    if hit is not None:
        return hit
    v = 0.0
    hh = heat_have
    for _ in range(SAW_YIELD[p]):
        sv, to_heat = _stick_value(ctx, p + 3, hh)
        v += sv
        if to_heat:
            hh += 1
    ctx.sawn[key] = out = (v, hh - heat_have)
    return out


def _sawroom_disc(ctx: _Ctx, p: int, heat_have: int, winter_saw: bool) -> float:
    """End-of-round value of a disc in the saw room: sawn later, minus the saw and the worker."""
    memo = ctx.sawroom[winter_saw]
    key = 4 * heat_have + p
    hit = memo.get(key)
    if hit is not None:
        return hit
    v = 0.0
    if ctx.fut or winter_saw:
        v = 0.8 * _sawn_all(ctx, p, heat_have)[0] - 1.3
    memo[key] = v
    return v


def _woodpile_disc(ctx: _Ctx, p: int, heat_have: int) -> float:
    """End-of-round value of a disc left on the woodpile (transported later)."""
    if not ctx.fut:
        return 0.0
    key = 4 * heat_have + p
    hit = ctx.woodpile.get(key)
    if hit is not None:
        return hit
    best = _sawroom_disc(ctx, p, heat_have, False)
    if p != 2:
        best = max(best, ctx.sales[p])
    ctx.woodpile[key] = v = 0.85 * best - 1.3
    return v


def _river_disc(ctx: _Ctx, p: int, heat_have: int) -> float:
    if not ctx.fut:
        return float(BASE_PRICE[p]) if p != 2 else 0.0
    best = _sawroom_disc(ctx, p, heat_have, False)
    if p != 2:
        best = max(best, ctx.sales[p])
    return best - 0.2


def _slots(real: int, virtual: int = 0, vcost: float = 1.0) -> list:
    """Costs of the still available uses of one kind of worker or equipment, cheapest first:
    ``real`` free ones, then ``virtual`` ones still to be bought at ``vcost`` (dollars).
    A plain list: ``[0]`` is the next use (None when empty), ``pop(0)`` takes it."""
    return [0.0] * real + [vcost] * virtual


def _project(state, seat: int, ctx: _Ctx, jobs, over: dict) -> float:
    """Value of the seat's end-of-round holdings after projecting the rest of its own wood work,
    the best over the free mill worker's ``jobs``.

    ``jobs``: mill jobs to try, each 0 none, 1 fell, 2 transport, 3 saw (the free mill worker's
    job if still free; LG-18.2). ``over``: overrides for a half-made decision (extra workers,
    money, food, pending pieces). What does not depend on the job is worked out once.
    """
    r = state.round
    ph = state.phase
    winter = r in (3, 7)
    money = state.money[seat] + over.get("money", 0)
    eq = state.equip[seat]
    w = state.workers[seat]
    wpile = state.woodpile[seat][:]
    sroom = state.sawroom[seat][:]
    river = state.river[seat][:]
    heat_have = sum(state.heat[seat])
    food = state.food[seat] + over.get("food", 0)
    mill_free = state.mill_free[seat]
    budget = max(0, money) + (4 * (2 - state.loans[seat]))
    cash = max(0, money)
    first_left = 4 if state.loans[seat] == 0 else 0

    # which of the seat's own steps are still ahead (or in progress) this round
    if winter:
        wpos = _WPOS.get(ph, 8)
        order = state.clearing
        mine = state.pi <= order.index(seat) if seat in order else True

        def left(i):
            return i > wpos or (i == wpos and mine)

        fell_left = left(1)
        carry_left = left(2) and eq[3] > 0
        saw_left = left(3)
        arrive_left = False
        cutters = _slots(0)
        carriers = _slots(0)
        sawyers = _slots(0)
        saws = _slots(eq[0])
        area_wood = [0, 0, 0]
        vfood = 0
    else:
        i_cur = _POS.get(ph, 0)
        order = state.clearing
        travel = i_cur <= 1
        mine = travel or (state.pi <= order.index(seat) if seat in order else True)

        def left(name):
            i = _POS[name]
            return i > i_cur or (i == i_cur and mine)

        fell_left = left("fell")
        carry_left = left("transport")
        saw_left = left("saw")
        arrive_left = left("arrive") and r > 0
        a = state.area[seat] or state.secret[seat]
        area_wood = state.areas_wood[a - 1][:] if (a and fell_left) else [0, 0, 0]
        others = over.get("sharers", 0)
        if others:
            # LG-10.2: the others in the area fell too; assume they take the best pieces
            keep = -(-sum(area_wood) // (others + 1))
            for p in (1, 2, 0):
                while sum(area_wood) > keep and area_wood[p]:
                    area_wood[p] -= 1
        pos = state.pos[seat] if travel else 21
        if pos == 19 and state.stage == "market" and state.actor == seat:
            pos = 18.5  # still at the market: its purchases remain
        pw = state.path_w
        vcut = min(pw[2], sum(area_wood)) if pos < 10 and a else 0
        vcar = pw[0] if pos < 4 else 0
        vsawyer = 1 if (pos < 16 and pw[3] > 0) else 0
        vsaw = (4 - eq[0]) if pos < 19 else 0
        vfood = 8 if pos < 19 else 0
        xw = over.get("workers", (0, 0, 0))
        cutters = _slots(w[0] + xw[0], vcut, 1.0) if fell_left else _slots(0)
        carriers = _slots(w[1] + xw[1], vcar, 1.0) if carry_left else _slots(0)
        sawyers = _slots(w[2] + xw[2] + vsawyer) if saw_left else _slots(0)
        saws = _slots(eq[0], vsaw, 1.0)
        if carry_left and eq[2] and (state.fodder3[seat] or state.fodder2[seat]):
            # LG-12.4 a wagon trip: one transport worker moves up to 3 (or 2) pieces
            extra = 1 if state.fodder2[seat] else 2
            carriers[0:0] = [0.0] * extra
        if over.get("food_token"):
            food += 1

    slots0 = (cutters, carriers, sawyers, saws)
    wpile0, sroom0, river0, area0 = wpile, sroom, river, area_wood
    heat0, food0, vfood0, budget0, cash0, first0 = heat_have, food, vfood, budget, cash, first_left

    def run(mill_job: int) -> float:
        wpile, sroom, river, area_wood = wpile0[:], sroom0[:], river0[:], area0[:]
        cutters = slots0[0][:]
        carriers = slots0[1][:]
        sawyers = slots0[2][:]
        saws = slots0[3][:]
        heat_have, food, vfood, budget, cash, first_left = heat0, food0, vfood0, budget0, cash0, first0
        sales_discs = [0, 0, 0]
        sales_sticks = 0.0
        spent = 0.0

        def pay(c):
            nonlocal spent, cash, budget, first_left
            if c <= 0:
                return 0.0
            extra = 0.0
            if cash >= c:
                cash -= c
            else:
                # LG-21.2/21.3: the first loan costs $3 for $4, the second $9 for $4
                short = c - cash
                first = min(short, first_left)
                first_left -= first
                extra = first * _LOAN_RATE + (short - first) * 2.25
                cash = 0
            budget -= c
            spent += c + extra
            return extra

        def eff(c):
            """Effective cost of a slot of nominal cost ``c`` now (loans included), None if unaffordable."""
            if c is None or c < 1:
                return c
            if budget < c:
                return None
            if cash >= c:
                return c
            short = c - cash
            first = min(short, first_left)
            return c + first * _LOAN_RATE + (short - first) * 2.25

        # the free mill worker does one job (LG-18.2)
        if mill_free and mill_job:
            if winter:
                if mill_job == 1 and fell_left:
                    wpile[0] += 2  # LG-20.4
                elif mill_job == 2 and carry_left:
                    carriers = _slots(2 + max(0, food - ctx.food_need))  # LG-20.5 sled
                    carriers = [0.0, 0.0] + [0.3] * (len(carriers) - 2)
                elif mill_job == 3 and saw_left:
                    sawyers = _slots(1)
                else:
                    return -1e9
            else:
                if mill_job == 1 and fell_left:
                    cutters.insert(0, _MILL_COST)
                elif mill_job == 2 and carry_left:
                    carriers.insert(0, _MILL_COST)
                elif mill_job == 3 and saw_left:
                    sawyers.insert(0, _MILL_COST)
                else:
                    return -1e9

        # a trip in progress: its pieces are free transport (to the river for a raft, LG-12.5)
        pend = over.get("pending", 0)
        if pend:
            if over.get("to_river"):
                for _ in range(pend):
                    best = max(
                        (p for p in range(3) if wpile[p]), key=lambda p: BASE_PRICE[p] if p != 2 else 4, default=None
                    )
                    if best is None:
                        break
                    wpile[best] -= 1
                    river[best] += 1
            else:
                carriers[0:0] = [0.0] * pend
        # sticks of a sawn disc still to be placed
        split = over.get("split")
        if split:
            p, k = split
            for _ in range(k):
                _sv, to_heat = _stick_value(ctx, p, heat_have)
                if to_heat:
                    heat_have += 1
                else:
                    sales_sticks += BASE_PRICE[p] + (0.3 if ctx.sell_after else 0.0)

        winter_saw_next = not winter and r in (2, 6)
        v = 0.0

        def saw_cost():
            """Cost of one sawing (worker + saw) or None if impossible now."""
            a_ = sawyers[0] if sawyers else None
            b_ = eff(saws[0] if saws else None)
            if a_ is None or b_ is None:
                return None
            return a_ + b_

        def do_saw(p):
            nonlocal heat_have, sales_sticks
            sawyers.pop(0)
            c = saws.pop(0)
            pay(c)
            val, k = _sawn_all(ctx, p, heat_have)
            hv = 0.0
            for i in range(k):
                hv += _heat_marginal(ctx, heat_have + i)
            heat_have += k
            return val - hv  # heating sticks count through the winter demand below

        # 1. discs already in the saw room: saw now if it pays (LG-13)
        for p in (2, 1, 0):
            while sroom[p]:
                c = saw_cost()
                if c is None:
                    break
                val, _k = _sawn_all(ctx, p, heat_have)
                keep = _sawroom_disc(ctx, p, heat_have, winter_saw_next)
                if val - c <= keep:
                    break
                sroom[p] -= 1
                v += do_saw(p)

        def place(p):
            """Best end position for a disc reaching the mill now (sales room, saw room or sawn)."""
            nonlocal v
            opts = []
            if p != 2:
                opts.append((ctx.sales[p], 0))
            opts.append((_sawroom_disc(ctx, p, heat_have, winter_saw_next), 1))
            c = saw_cost()
            if c is not None:
                val, _k = _sawn_all(ctx, p, heat_have)
                opts.append((val - c, 2))
            best = max(opts)
            if best[1] == 0:
                sales_discs[p] += 1
                v += 0.0
            elif best[1] == 1:
                sroom[p] += 1
            else:
                v += do_saw(p)
            return best[0]

        # 2. river wood arriving this round (LG-11) needs no worker
        if arrive_left:
            for p in (0, 1):
                while river[p]:
                    river[p] -= 1
                    place(p)

        def carry_gain(p, c, sc):
            """Gain of transporting a disc ``p`` to the mill: its best placement there minus the
            carrier's cost ``c`` (``sc``: the cost of sawing it now, None if no sawing is left)."""
            best = _sawroom_disc(ctx, p, heat_have, winter_saw_next)
            if p != 2:
                sv = ctx.sales[p]
                best = max(best, sv)
            if sc is not None:
                sv = _sawn_all(ctx, p, heat_have)[0] - sc
                best = max(best, sv)
            return best - c

        # 3. woodpile discs: transport (LG-12) then place
        def carry_pile():
            while True:
                if not (wpile[0] or wpile[1] or wpile[2]):
                    return  # nothing to carry (eff and saw_cost change nothing)
                c = eff(carriers[0] if carriers else None)
                if c is None:
                    return
                sc = saw_cost()
                best_g = None
                p = -1
                for q in (1, 2, 0):
                    if wpile[q]:
                        g = carry_gain(q, c, sc)
                        # the best gain (ties: the higher kind) above keeping it on the pile
                        if g > _woodpile_disc(ctx, q, heat_have) and (
                            best_g is None or g > best_g or (g == best_g and q > p)
                        ):
                            best_g, p = g, q
                if best_g is None:
                    return
                wpile[p] -= 1
                pay(carriers.pop(0))
                place(p)

        carry_pile()
        # 4. wood in the felling area: fell (LG-10) when the piece is worth its cutter
        if fell_left and not winter:
            while sum(area_wood):
                c = eff(cutters[0] if cutters else None)
                if c is None:
                    break
                best = None
                for p in (1, 2, 0):
                    if not area_wood[p]:
                        continue
                    c2 = eff(carriers[0] if carriers else None)
                    g = carry_gain(p, c2, saw_cost()) if c2 is not None else -1e9
                    val = max(g, _woodpile_disc(ctx, p, heat_have))
                    if best is None or val > best[0]:
                        best = (val, p)
                if best is None or best[0] <= c + 0.05:
                    break
                area_wood[best[1]] -= 1
                pay(cutters.pop(0))
                wpile[best[1]] += 1
                carry_pile()
        elif winter and carry_left:
            carry_pile()

        # food still to buy at the market this round (LG-8.3 space 19: $1 a cube)
        missing_food = max(0, ctx.food_need - food)
        while vfood and missing_food and budget >= 1:
            prem = 0.0 if cash >= 1 else (_LOAN_RATE if first_left else 2.25)
            if 1 + prem >= ctx.food_cost:
                break
            pay(1)
            food += 1
            missing_food -= 1
            vfood -= 1

        # ------------------------------------------------ end-of-round holdings
        v += money - spent - LOAN_REPAY[state.loans[seat]]
        v -= (budget < 0) * 8.0
        v += sales_sticks
        for p in (0, 1):
            v += sales_discs[p] * ctx.sales[p]
        # discs still to be worked: later sawing may cover the heating still missing (in turn)
        vh = heat_have
        for p in (0, 1, 2):
            for _ in range(sroom[p]):
                v += _sawroom_disc(ctx, p, vh, winter_saw_next)
                vh += _sawn_all(ctx, p, vh)[1]
        for p in (0, 1, 2):
            if ctx.fut:
                for _ in range(river[p]):
                    v += _river_disc(ctx, p, vh)
                    vh += _sawn_all(ctx, p, vh)[1]
            for _ in range(wpile[p]):
                v += _woodpile_disc(ctx, p, vh)
                vh += _sawn_all(ctx, p, vh)[1] if ctx.fut else 0
        if not ctx.fut:
            v += max(river[0] * BASE_PRICE[0], river[1] * BASE_PRICE[1])  # LG-22.1 one river kind
        # heating: sticks still missing for the coming winters
        have = heat_have
        for h, c in ctx.heat_needs:
            use = min(have, h)
            v -= (h - use) * c
            have -= use
        v += 0.05 * have
        # food for the next feeding (LG-20.8): surplus only helps a sled (LG-20.5)
        v -= missing_food * ctx.food_cost + ctx.food_later
        v += 0.1 * max(0, food - ctx.food_need)
        return v

    best = -1e18
    for mill_job in jobs:
        val = run(mill_job)
        best = max(best, val)
    return best


def _mill_value(state, seat: int, ctx: _Ctx) -> float:
    """Sellable wood in the sales room and dryers: base + bonus, and the drying still to come."""
    mill = state.mill[seat]
    v = 0.0
    d = ctx.d_left
    for loc in range(4):
        m = mill[loc]
        for p in range(6):
            c = m[p]
            if c and p != 2:
                pot = 0.0
                if loc in (1, 2) and d:
                    pot = 0.55 * min(d, 3 - loc)
                elif loc == 0 and ctx.money_low:
                    pot = -0.3
                v += c * (BASE_PRICE[p] + BONUS[loc] + pot)
    # LG-16: the best of the sales room can still enter an empty dryer 1
    if d and sum(mill[1]) == 0:
        sales = mill[0]
        disc = max((BASE_PRICE[p] for p in (0, 1) if sales[p]), default=0)
        sticks = min(2, sales[3] + sales[4] + sales[5])
        v += 0.45 * max(1 if disc else 0, sticks)
    return v


def _holdings_value(state, seat: int, ctx: _Ctx) -> float:
    """Equipment, fodder, product tokens, huts and tasks."""
    eq = state.equip[seat]
    v = 0.0
    if ctx.fut:
        v += 0.7 * min(eq[0], 3) + 0.4 * eq[1]
        fod = state.fodder3[seat] + state.fodder2[seat]
        v += (1.0 if fod else 0.4) * min(eq[2], 2)
        v += 1.0 * state.fodder3[seat] + 0.6 * state.fodder2[seat]
    if state.round < 7:
        v += 0.8 * min(eq[3], 1)
    pr = state.products[seat]
    v += 0.8 * (pr[0] + pr[1] + pr[2]) + 0.5 * pr[3] + 1.0 * pr[4]
    # a hut is worth its uses to come; after the last spring-fall round only this winter's
    # uses remain, which the mill, food and wood they make are valued by: an unused hut earns
    # nothing at the final sale (LG-22), so the bot uses a drying hut there when it pays
    hut = 1.2 if ctx.fut else 0.0
    v += hut * sum(state.huts[seat]) + (hut * state.hut_left if state.actor == seat else 0.0)
    v += _tasks_value(state, seat, state.tasks[seat])
    return v


def _task_timing(state, seat: int) -> tuple:
    """(task phase still ahead now, saw phase ahead now, transport ahead now, dry phases left)
    for the seat's tasks (LG-25.4: task phases after sawing, Y2 winter included; LG-16)."""
    r = state.round
    ph = state.phase
    fut = _future_rounds(r)
    if r in (3, 7):
        if r == 3 or ph not in ("w_bonus", "w_fell", "w_sled", "w_saw", "w_tasks"):
            return False, False, False, fut
        mine = state.pi <= state.clearing.index(seat) if ph == "w_tasks" else True
        return mine, ph in ("w_bonus", "w_fell", "w_sled", "w_saw"), False, fut
    i_cur = _POS.get(ph, 0)
    travel = i_cur <= 1
    mine = travel or (state.pi <= state.clearing.index(seat) if seat in state.clearing else True)

    def left(name):
        i = _POS[name]
        return i > i_cur or (i == i_cur and mine)

    return left("tasks"), left("saw"), left("transport"), fut + (1 if left("dry") else 0)


def _tasks_value(state, seat: int, tasks: list) -> float:
    """LG-25: expected rewards of the held tasks, minus the sale value of the wood they claim.

    Each open requirement (piece, level) claims the best-placed matching piece: one already at
    its dryer, one still drying towards it, a disc that can still be sawn / transported into
    the chain, or nothing (then only time helps). The chance that the task is completed is the
    product of the requirements' chances; a claimed piece counts only through the task, so
    filling a task never looks worse than keeping the piece (LG-25.5).
    """
    if not tasks:
        return 0.0
    r = state.round
    if r == 7 and state.phase not in ("w_bonus", "w_fell", "w_sled", "w_saw", "w_tasks"):
        return float(sum(TASK_CARDS[t[0]][2] for t in tasks if all(t[1:])))
    tp_now, saw_now, carry_now, dries = _task_timing(state, seat)
    later_tp = dries > 0 or (r < 7 and state.advanced)
    mill = [m[:] for m in state.mill[seat]]
    sroom = state.sawroom[seat][:]
    pile = [state.woodpile[seat][p] + state.river[seat][p] for p in range(3)]
    a = state.area[seat] or state.secret[seat]
    area = state.areas_wood[a - 1] if a else (0, 0, 0)
    v = 0.0
    for t in tasks:
        card = TASK_CARDS[t[0]]
        prob = 1.0
        claimed = 0.0
        for j, (p, lvl) in enumerate(card[1]):
            if t[1 + j]:
                continue
            tgt = lvl + 1
            best = 0.0
            src = None
            for loc in range(tgt, -1, -1):
                if mill[loc][p]:
                    steps = tgt - loc
                    if steps == 0:
                        q = 0.95 if tp_now else (0.8 if (later_tp and tgt < 3) else 0.0)
                    else:
                        q = 0.85 - 0.07 * steps if dries >= steps else 0.0
                    if q > best:
                        best, src = q, ("mill", loc)
                    break
            if best < 0.6:
                disc = p - 3 if p >= 3 else p
                if p >= 3 and sroom[disc] and dries >= tgt + (0 if saw_now else 1):
                    best, src = 0.6, ("saw", disc)
                elif pile[disc] and dries >= tgt + (0 if carry_now else 1) + (1 if p >= 3 and not saw_now else 0):
                    best, src = 0.5, ("pile", disc)
                elif area[disc] and dries >= tgt + 1:
                    best, src = 0.3, None
                elif dries >= tgt + 2:
                    best, src = (0.25 if p != 5 else 0.1), None
                elif best == 0.0:
                    best = 0.02
            prob *= best
            if src:
                kind, x = src
                if kind == "mill":
                    mill[x][p] -= 1
                    claimed += BASE_PRICE[p] + BONUS[x]
                elif kind == "saw":
                    sroom[x] -= 1
                else:
                    pile[x] -= 1
        v += card[2] * prob - claimed
    return v


def evaluate(state, seat: int, root: State | None = None) -> float:
    """Estimated final dollars of ``seat`` (comparable across seats); ``root`` (the state the
    bot decides from, :class:`meeple.core.parts.Evaluation`) is not used."""
    if state.phase == "over":
        return float(state.money[seat])
    r = state.round
    ph = state.phase
    winter = r in (3, 7)
    wp = _WPOS.get(ph, 0) if winter else -1
    ctx = _ctx_of(state, seat, r, winter, wp)
    over = {}
    alts = None
    if state.actor == seat:
        st = state.stage
        if st == "move":
            over["pending"] = state.pend[0]
            over["to_river"] = state.pend[1] == 2
        elif st == "split":
            over["split"] = (state.pend[0], state.pend[1])
        elif st == "space4":
            k = min(state.path_w[0], state.money[seat] + 4 * (2 - state.loans[seat]))
            alts = [{"workers": (0, i, 0), "money": -i} for i in range(1, k + 1)]
        elif st == "space10":
            a = state.area[seat]
            k = min(
                state.path_w[2],
                state.money[seat] + 4 * (2 - state.loans[seat]),
                sum(state.areas_wood[a - 1]) if a else 0,
            )
            alts = [{"workers": (i, 0, 0), "money": -i} for i in range(1, k + 1)]
        elif st == "space16":
            alts = [{}, {"workers": (0, 0, 1), "money": -1}]
        elif st == "space13":
            tv = _tasks_value(state, seat, state.tasks[seat])
            gain = max(
                (
                    _tasks_value(state, seat, state.tasks[seat] + [[t] + [0] * len(TASK_CARDS[t][1])]) - tv
                    for t in state.tdisplay
                ),
                default=0.0,
            )
            over["money"] = -1
            over["task_gain"] = gain
        elif st == "market":
            alts = [{}] if state.acted else None
    if alts is None:
        alts = [over]
        if ph == "choose" and state.actor == seat and state.secret[seat]:
            over["sharers"] = _predicted_sharers(state, seat, state.secret[seat])
    best = -1e18
    jobs = (0, 1, 2, 3) if state.mill_free[seat] else (0,)
    for o in alts:
        best = max(best, _project(state, seat, ctx, jobs, o))
    v = best + _mill_value(state, seat, ctx) + _holdings_value(state, seat, ctx) + over.get("task_gain", 0.0)
    if state.money[seat] < 0:
        v += 0.5 * state.money[seat]  # LG-21.6: negative cash blocks every purchase
    if state.actor == seat and ph == "travel":
        v -= 0.02 * state.pos[seat]  # options left on the path
    if ph == "tact" and state.area[seat]:
        v += _next_area_value(state, state.area[seat])
    if ph == "choose" and state.actor == seat and state.secret[seat]:
        a = state.secret[seat]
        food = state.areas_food[a - 1] // (over.get("sharers", 0) + 1)  # LG-7.3 shared food
        v += min(3, food) * 0.8 * (ctx.food_cost if ctx.food_need > state.food[seat] else 0.2)
    return v


def _next_area_value(state, a: int) -> float:
    """LG-24.3: worth of the felling area picked now for the next round, with the wood and
    food of the placement cards already shown for that round (LG-24.2, LG-6.2)."""
    w = state.areas_wood[a - 1][:]
    f = state.areas_food[a - 1]
    for c in state.prevealed:
        for area, item, count in PLACEMENT_CARDS[c][1]:
            if area == a:
                if item == 3:
                    f += count
                else:
                    w[item] += count
    if not sum(w):
        w[0] = 1
    return 0.9 * (min(4, sum(w)) + 0.5 * w[1] + 0.3 * w[2]) + 1.2 * min(f, 4)


def _area_score(state, a: int, k: int) -> float:
    """Rough worth of felling area ``a`` (1..6) to one of ``k + 1`` players sharing it."""
    w = state.areas_wood[a - 1]
    return (min(4, w[0] + w[1] + w[2]) + 0.5 * w[1] + 0.3 * w[2]) / (k + 1) + 1.5 * (state.areas_food[a - 1] // (k + 1))


def _predicted_sharers(state, seat: int, a: int) -> int:
    """How many of the seats choosing before ``seat`` (LG-7.1, player order) are predicted to
    pick area ``a``: each is assumed to take the area best for it given the earlier picks."""
    count = [0] * 7
    for o in state.order:
        if o == seat:
            break
        best = max(range(1, 7), key=lambda b: (_area_score(state, b, count[b]), -b))
        count[best] += 1
    return count[a]


def rollout_action(state, legal, rng):
    """A cheap playout policy, better than uniform: no voluntary loans, short path moves,
    new sticks into the heating store while the winters still need them, keep wood working.

    ``rng`` is the state's kind of Rng or a ``random.Random`` (only ``random()`` is used).
    """
    cands = [a for a in legal if a.kind != "loan"] or legal
    st = state.stage
    if st == "travel":
        gos = [a for a in cands if a.kind == "go" and a.args[0] != 21]
        if gos:
            return gos[int(rng.random() * min(3, len(gos)))]
    elif st == "split":
        seat = state.actor
        r = state.round
        year = 0 if r <= 3 else 1
        c, half = state.winter[year]
        need = WINTER_CARDS[c][1 + half][1] + (
            WINTER_CARDS[state.winter[1][0]][1 + state.winter[1][1]][1] if year == 0 else 0
        )
        want_heat = sum(state.heat[seat]) < need
        for a in cands:
            if a.kind == "stick" and a.args == ((0,) if want_heat else (1,)):
                return a
    elif st in ("fell", "transport", "saw", "w_fell", "w_saw", "w_sled", "move") and len(cands) > 1:
        work = [a for a in cands if a.kind != "done"]
        if work:
            return work[int(rng.random() * len(work))]
    return cands[int(rng.random() * len(cands))]


HEURISTICS = Heuristics(evaluate=evaluate, rollout_action=rollout_action, search=SEARCH)
"""Lignum's part for the bots (``LignumGame.load_heuristics``)."""
