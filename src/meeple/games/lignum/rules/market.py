"""Buying and selling in Lignum: the market at path space 19 (LG-8.4.1 saws and food, LG-8.5
product sets), the selling phase (LG-15) and the forced sales of a winter debt (LG-21.4)."""

from __future__ import annotations

from .. import actions as A
from ..components import BASE_PRICE, BONUS, HW, JOKER, MAX_SAWS, PIECE_NAMES, PRODUCT_NAMES, PRODUCT_SET_PRICE
from .common import SETTLE, avail, pay, seat_name


# ================================================ LG-8.4.1 / LG-8.5 the market (space 19)
def product_sales(s, seat: int) -> list:
    """LG-8.5: the product sets ``seat`` may sell (identical tokens, jokers stand in)."""
    pr = s.products[seat]
    j = pr[JOKER]
    out = []
    for t in range(4):
        c = pr[t]
        if not c:
            continue
        for size in (2, 3, 4):
            for jk in range(min(j, size - 1) + 1):
                r = size - jk
                if r <= c:
                    out.append(A.product_sale(t, r, jk))
    for size in range(2, min(4, j) + 1):
        out.append(A.product_sale(JOKER, size, 0))
    return out


def market_actions(s, seat: int) -> list:
    """Stage ``market``: buy a saw or a food cube ($1 each, LG-8.4.1), sell product sets (LG-8.5);
    ``done`` once something was bought or sold (LG-8.2.4)."""
    out = []
    if avail(s, seat) >= 1:
        # LG-8.4.1 at most 4 saws; LG-2.4/2.6 saws are limited: bought from the supply
        if s.equip[seat][0] < MAX_SAWS and s.supply["saw"] > 0:
            out.append(A.BUY_SAW)
        out.append(A.BUY_FOOD)
    out += product_sales(s, seat)
    if s.acted:
        out.append(A.DONE)
    return out


def apply_buy(s, seat: int, args: tuple):
    """``buy saw`` / ``buy food``: LG-8.4.1, $1 each."""
    pay(s, seat, 1)
    if args[0] == 0:
        s.supply["saw"] -= 1  # LG-2.4/LG-2.6 taken from the limited supply
        s.equip[seat][0] += 1
        s.log(f"{seat_name(seat)} buys a saw for $1")
    else:
        s.food[seat] += 1
        s.log(f"{seat_name(seat)} buys a food cube for $1")
    s.acted = True
    return SETTLE


def apply_product_sale(s, seat: int, args: tuple):
    """``sell N<product>[+Kj]``: LG-8.5, a set of identical product tokens (jokers stand in)."""
    t, r, jk = args
    s.products[seat][t] -= r
    s.products[seat][JOKER] -= jk
    price = PRODUCT_SET_PRICE[r + jk]
    s.money[seat] += price
    s.acted = True
    s.log(f"{seat_name(seat)} sells {r + jk} {PRODUCT_NAMES[t]} tokens for ${price}")
    return SETTLE


# ================================================ LG-15 selling
def sell_actions(s, seat: int) -> list:
    """Stage ``sell``: any piece in the sales room or a dryer but hardwood discs (LG-15.1, LG-15.2);
    ``done`` only once dryer 3 is empty (LG-15.3)."""
    out = []
    mill = s.mill[seat]
    for loc in range(4):
        m = mill[loc]
        for p in range(6):
            if m[p] and p != HW:
                out.append(A.SELL[p][loc])
    m3 = mill[3]
    if not (m3[0] or m3[1] or m3[3] or m3[4] or m3[5]):  # LG-15.3 dryer 3 must be emptied
        out.append(A.DONE)
    return out


# ================================================ LG-21.4 forced sales
def forced_sales(s, seat: int) -> list:
    """LG-21.4 step 3: the pieces ``seat`` may sell to pay a winter debt: sales room and dryers,
    saw room, heating store (a hardwood disc never)."""
    out = []
    mill = s.mill[seat]
    for loc in range(4):
        m = mill[loc]
        for p in range(6):
            if m[p] and p != HW:
                out.append(A.SELL[p][loc])
    sr = s.sawroom[seat]
    for p in (0, 1):
        if sr[p]:
            out.append(A.SELL[p][4])
    ht = s.heat[seat]
    for p in range(3):
        if ht[p]:
            out.append(A.SELL[p + 3][5])
    return out


def forced_actions(s, seat: int) -> list:
    """Stage ``forced``: a forced sale (LG-21.4); ``done`` once the debt is paid or nothing is
    left to sell (then LG-21.6)."""
    out = forced_sales(s, seat)
    if s.debt == 0 or not out:
        out.append(A.DONE)
    return out


def apply_sell(s, seat: int, args: tuple):
    """``sell PIECE FROM``: at base price plus the location's drying bonus (LG-15.2); in a forced
    sale (LG-21.4) the price pays the debt first."""
    p, loc = args
    if loc < 4:
        s.mill[seat][loc][p] -= 1
        price = BASE_PRICE[p] + BONUS[loc]
    elif loc == 4:
        s.sawroom[seat][p] -= 1
        price = BASE_PRICE[p]
    else:
        s.heat[seat][p - 3] -= 1
        price = BASE_PRICE[p]
    if s.stage == "forced":
        due = min(price, s.debt)
        s.debt -= due
        s.money[seat] += price - due
        s.log(f"{seat_name(seat)} must sell {PIECE_NAMES[p]} from {A.SELL_LOCS[loc]} for ${price}")
    else:
        s.money[seat] += price
        s.log(f"{seat_name(seat)} sells {PIECE_NAMES[p]} from {A.SELL_LOCS[loc]} for ${price}")
    return SETTLE
