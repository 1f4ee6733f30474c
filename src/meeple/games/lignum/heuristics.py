"""Greedy-bot evaluation for Lignum: an estimate, in dollars, of what a seat will finish with.

``evaluate(state, seat)`` = cash − loan repayment still owed − the $3 per food cube / heating
stick still missing for the coming winters (and the extra cost of the loans that shortfall will
force) + the estimated worth of every holding. Each step of the wood chain is worth a little
more than the one before it (hired woodcutter → woodpile → carrier trip → mill → saw → sticks →
dried → sold), and hired workers keep their worth until their phase has passed, so a one-ply
greedy bot hires workers, fells, transports, saws for heating, dries and sells. A decision that
is only half made (a trip or a sawn disc whose pieces still have to be placed, a purchase space
just entered) carries the value of finishing it, so the bot is not blind one step ahead.
"""

from __future__ import annotations

from .components import BASE_PRICE, BONUS, LOAN_REPAY, TASK_CARDS, WINTER_CARDS

_SAW_ROOM = (2.9, 4.1, 3.4)
_WOODPILE = (1.5, 2.2, 1.8)
_RIVER = (2.9, 3.9, 3.0)
_CUTTER, _CARRIER, _SAWYER, _MILL = 1.3, 1.3, 1.2, 1.3
_SAW_TOKEN = 0.6
_ORDER = ("choose", "travel", "fell", "arrive", "transport", "saw", "tasks", "sell", "dry", "tact")
_WORDER = ("w_bonus", "w_fell", "w_sled", "w_saw", "w_tasks", "feed", "heat", "final", "over")
_POS = {p: i for i, p in enumerate(_ORDER)}
_WPOS = {p: i for i, p in enumerate(_WORDER)}


def _demands(state, seat) -> tuple:
    """(food for the next feeding, food of the feeding after it, heating sticks still needed)."""
    r = state.round
    ph = state.phase
    wp = _WPOS.get(ph, -1)
    done_here = ph in ("feed", "heat") and state.clearing.index(seat) < state.pi
    out = []
    for year, wr in ((0, 3), (1, 7)):
        c, half = state.winter[year]
        f, h = WINTER_CARDS[c][1 + half]
        fed = r > wr or (r == wr and (wp > 5 or (wp == 5 and done_here)))
        heated = r > wr or (r == wr and (wp > 6 or (wp == 6 and done_here)))
        out.append((0 if fed else f, 0 if heated else h, fed))
    heat = out[0][1] + out[1][1]
    if not out[0][2]:
        return out[0][0], out[1][0], heat
    return out[1][0], 0, heat


def evaluate(state, seat: int) -> float:
    """Estimated final dollars of ``seat`` (comparable across seats)."""
    if state.phase == "over":
        return float(state.money[seat])
    r = state.round
    ph = state.phase
    winter = r in (3, 7)
    pos = _WPOS.get(ph, 0) if winter else _POS.get(ph, 0)
    money = state.money[seat]
    loans = state.loans[seat]
    v = float(money) - LOAN_REPAY[loans] - 0.5 * loans
    # LG-20.8/20.9: every missing food cube or heating stick costs $3
    food_need, food_later, heat_need = _demands(state, seat)
    f = state.food[seat]
    h = sum(state.heat[seat])
    owed = 3 * (max(0, food_need - f) + food_later + max(0, heat_need - h))
    v -= owed
    v += 0.3 * max(0, f - food_need) + 0.1 * max(0, h - heat_need)
    if money < 0:
        v += 0.5 * money          # LG-21.6: negative cash blocks every purchase
    # sales room and dryers
    mill = state.mill[seat]
    selling_left = not (r == 7 or (r == 6 and pos >= 8))
    d1_free = sum(mill[1]) == 0
    for loc in range(4):
        m = mill[loc]
        pot = 0.0
        if selling_left:
            if loc == 0:
                pot = 0.0 if money >= 4 else -0.2      # cash is scarce early
            else:
                pot = 0.45 if loc in (1, 2) else 0.0
        for p in range(6):
            c = m[p]
            if c and p != 2:
                v += c * (BASE_PRICE[p] + BONUS[loc] + pot)
    if selling_left and d1_free:
        # LG-16: keep the best disc or two sticks of the sales room to fill dryer 1
        sales = mill[0]
        disc = max((BASE_PRICE[p] for p in (0, 1) if sales[p]), default=0)
        sticks = sorted((BASE_PRICE[p] for p in (3, 4, 5) for _ in range(sales[p])), reverse=True)[:2]
        keep = 1 if disc else 0
        keep_sticks = len(sticks)
        if disc >= sum(sticks):
            v += 0.6 * keep
        else:
            v += 0.6 * keep_sticks
    # saw room, woodpile, river
    sr = state.sawroom[seat]
    wp = state.woodpile[seat]
    riv = state.river[seat]
    saw_left = not (r == 7 and pos > 3)
    transport_left = not (r == 7 and pos > 2)
    for p in range(3):
        if saw_left:
            v += sr[p] * _SAW_ROOM[p]
        if transport_left:
            v += wp[p] * _WOODPILE[p]
    if r < 6 or (r == 6 and pos < 3):
        v += riv[0] * _RIVER[0] + riv[1] * _RIVER[1] + riv[2] * _RIVER[2]
    else:
        v += max(riv[0] * 3, riv[1] * 4)
    # wood that can still become heating sticks is worth part of the $3 it will save
    deficit = max(0, heat_need - h)
    heat_deficit = deficit
    if winter:
        can_saw = pos <= 3 and (state.mill_free[seat] or state.huts[seat][2])
        pile_factor = 0.2
    else:
        can_saw = saw_left
        pile_factor = 1.0
    if deficit and can_saw:
        for p, k, wt in ((0, 4, 1.3), (1, 3, 1.0)):
            c = min(deficit, k * sr[p])
            v += wt * c
            deficit -= c
        if transport_left:
            c = min(deficit, 4 * wp[0])
            v += 0.9 * pile_factor * c
            deficit -= c
    # workers keep their worth until their phase has passed (LG-18.1)
    w = state.workers[seat]
    eq = state.equip[seat]
    a = state.area[seat] or state.secret[seat]
    wood = sum(state.areas_wood[a - 1]) if a else 0
    fell_left = not winter and pos <= 2
    cut = min(w[0], wood) if fell_left else 0
    v += _CUTTER * cut
    if not winter and pos <= 4:
        v += _CARRIER * min(w[1], sum(wp) + cut)
    saw_phase_left = not winter and pos <= 5
    if saw_phase_left:
        saws = eq[0] + (1 if ph in ("choose", "travel") else 0)
        v += _SAWYER * min(w[2], saws, sum(sr) + sum(wp) + cut)
    if state.mill_free[seat] and ((not winter and pos <= 5) or (winter and pos <= 3)):
        v += _MILL if (sum(wp) + sum(sr) + wood) else 0.3
    if heat_deficit and not winter:
        # until their phase has passed, the tools of the heating chain are worth more
        v += 0.5 * min(deficit, 4 * cut)
        if pos <= 4:
            v += 0.8 * min(w[1], sum(wp) + cut)
        if pos <= 5:
            v += 1.0 * min(w[2], sum(sr) + sum(wp) + cut)
            v += 0.8 * min(eq[0], sum(sr) + sum(wp) + cut)
    # equipment, fodder, products, huts
    last_year_late = r == 7 or (r == 6 and pos >= 5)
    if not last_year_late:
        v += _SAW_TOKEN * eq[0] + 0.6 * eq[1] + (1.0 if (state.fodder3[seat] or state.fodder2[seat]) else 0.3) * eq[2]
        v += 1.2 * state.fodder3[seat] + 0.8 * state.fodder2[seat]
    else:
        v += _SAW_TOKEN * min(eq[0], sum(sr))
    if not (r == 7 and pos > 2):
        v += 1.5 * min(eq[3], 2)
    v += 0.8 * sum(state.products[seat][:3]) + 0.5 * state.products[seat][3] + 1.0 * state.products[seat][4]
    v += 1.2 * (sum(state.huts[seat]) + (state.hut_left if state.actor == seat else 0))
    # half-made decisions of the acting seat
    if state.actor == seat:
        st = state.stage
        if st == "move":
            gain = 2.5 if (heat_deficit and can_saw) else 1.4
            v += gain * min(state.pend[0], sum(wp))
        elif st == "split":
            k = state.pend[1]
            c = min(k, max(0, heat_need - h))
            v += 3.0 * c + 1.0 * (k - c)
        elif ph == "travel":
            v -= 0.05 * state.pos[seat]          # options left on the path
            if st == "space10":
                v += 0.9 * min(state.path_w[2], wood, max(0, money))
            elif st == "space4":
                v += 0.9 * min(state.path_w[0], sum(wp) + min(w[0], wood) + 1, max(0, money))
            elif st == "space13":
                v += 2.0
            elif st == "market":
                v += 0.3
        if ph == "choose" and state.secret[seat]:
            v += 0.4 * wood + 1.5 * state.areas_food[a - 1]
    # tasks
    for t in state.tasks[seat]:
        card = TASK_CARDS[t[0]]
        filled = sum(t[1:])
        k = len(card[1])
        if filled == k:
            v += card[2]
        elif not winter or r == 3:
            v += card[2] * (0.15 + 0.6 * filled / k)
    return v


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
        _f, _l, heat_need = _demands(state, seat)
        want_heat = sum(state.heat[seat]) < heat_need
        for a in cands:
            if a.args == ((0,) if want_heat else (1,)):
                return a
    elif st in ("fell", "transport", "saw", "w_fell", "w_saw", "w_sled", "move") and len(cands) > 1:
        work = [a for a in cands if a.kind != "done"]
        if work:
            return work[int(rng.random() * len(work))]
    return cands[int(rng.random() * len(cands))]
