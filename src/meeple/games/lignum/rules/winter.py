"""Winter in Lignum (LG-20): bonus wood, felling, sled transport (the trip itself is in
``transport.py``), feeding and heating with their debts (LG-21.4, LG-21.6), and the end of the
game: the river's final sale and the settlement (LG-22)."""

from __future__ import annotations

from .. import actions as A
from ..components import BASE_PRICE, FOOD_PENALTY, HEAT_PENALTY, MAX_LOANS, PIECE_NAMES, WINTER_CARDS
from ..scoring import final_settlement
from .common import PART_OVER, SETTLE, WAIT, seat_name, take_loan


def winter_demand(s) -> tuple:
    """``(food, heating)`` the current winter's card demands (LG-3.6, LG-20.8, LG-20.9)."""
    c, half = s.winter[0 if s.round == 3 else 1]
    return WINTER_CARDS[c][1 + half]


def winter_cleanup(s) -> None:
    """LG-20.10 after the Y1 winter: mill workers back, on to Y2 spring."""
    s.mill_free = [True] * s.num_players


# ---------------------------------------------------------------- LG-20.3 bonus
def bonus_actions(s, seat: int) -> list:
    """Stage ``w_bonus``: one disc of one's choice (LG-20.3)."""
    return A.BONUS


def apply_bonus(s, seat: int, args: tuple):
    """``bonus DISC``: LG-20.3, onto the woodpile; the seat's part of the phase is over."""
    p = args[0]  # LG-20.3
    s.woodpile[seat][p] += 1
    s.log(f"{seat_name(seat)} takes bonus {PIECE_NAMES[p]}")
    return PART_OVER


# ---------------------------------------------------------------- LG-20.4 felling
def wfell_actions(s, seat: int) -> list:
    """Stage ``w_fell``: the mill worker fells 2 FW, each lodging hut 1 FW (LG-20.4); ``done``."""
    out = []
    if s.mill_free[seat]:
        out.append(A.WFELL[1])
    if s.huts[seat][2]:
        out.append(A.WFELL[2])
    out.append(A.DONE)
    return out


def apply_wfell(s, seat: int, args: tuple):
    """``fell mill`` / ``fell lodge``: LG-20.4, firewood from the supply onto the woodpile."""
    w = args[0]  # LG-20.4
    nm = seat_name(seat)
    if w == 1:
        s.mill_free[seat] = False
        s.woodpile[seat][0] += 2
        s.log(f"{nm}'s mill worker fells 2 FW")
    else:
        s.huts[seat][2] -= 1
        s.woodpile[seat][0] += 1
        s.log(f"{nm} uses a lodging hut: +1 FW")
    return SETTLE


# ---------------------------------------------------------------- LG-20.5 sled
def sled_actions(s, seat: int) -> list:
    """Stage ``w_sled``: a sled trip with the mill worker or a lodging hut (LG-20.5); ``done``."""
    out = []
    if s.equip[seat][3] and sum(s.woodpile[seat]):
        if s.mill_free[seat]:
            out.append(A.SLED[1])
        if s.huts[seat][2]:
            out.append(A.SLED[2])
    out.append(A.DONE)
    return out


# ---------------------------------------------------------------- LG-21.4 debts
def charge(s, seat: int, debt: int) -> None:
    """LG-21.4: pay a winter debt: cash, then forced loans, then forced sales (stage ``forced``;
    the flow settles it like any decision)."""
    if debt <= 0:
        return
    m = s.money[seat]
    paid = min(max(m, 0), debt)
    s.money[seat] -= paid
    debt -= paid
    while debt and s.loans[seat] < MAX_LOANS:
        take_loan(s, seat, forced=True)
        paid = min(s.money[seat], debt)
        s.money[seat] -= paid
        debt -= paid
    if debt:
        s.debt = debt
        s.stage = "forced"


def write_off_debt(s, seat: int) -> None:
    """``done`` in a forced sale: LG-21.6, the debt left after selling is negative cash."""
    if s.debt:
        s.money[seat] -= s.debt  # LG-21.6 negative cash
        s.log(f"{seat_name(seat)} cannot pay ${s.debt}: cash ${s.money[seat]}")
        s.debt = 0


# ---------------------------------------------------------------- LG-20.8 / LG-20.9
def feed(s, seat: int) -> None:
    """LG-20.8 feeding: demand food, $3 per missing cube; leftovers returned."""
    f, _h = winter_demand(s)
    have = s.food[seat]
    missing = max(0, f - have)
    s.food[seat] = 0
    s.log(f"{seat_name(seat)} feeds {min(f, have)} food" + (f", {missing} missing" if missing else ""))
    charge(s, seat, missing * FOOD_PENALTY)


def heat(s, seat: int) -> None:
    """LG-20.9 heating from the heating store; $3 per missing stick. With sticks of several kinds
    and more than the demand, the seat chooses which to burn (stage ``burn``; ``pend`` = [sticks
    still to burn, debt after])."""
    _f, h = winter_demand(s)
    ht = s.heat[seat]
    total = ht[0] + ht[1] + ht[2]
    if total <= h or sum(1 for x in ht if x) == 1:
        use = min(total, h)
        for p in range(3):
            u = min(ht[p], use)
            ht[p] -= u
            use -= u
        missing = max(0, h - total)
        s.log(f"{seat_name(seat)} heats with {min(total, h)} sticks" + (f", {missing} missing" if missing else ""))
        charge(s, seat, missing * HEAT_PENALTY)
        return
    s.pend = [h, 0]
    s.stage = "burn"


def burn_actions(s, seat: int) -> list:
    """Stage ``burn``: one heating-store stick to burn (LG-20.9)."""
    return [A.BURN[p] for p in range(3) if s.heat[seat][p]]


def apply_burn(s, seat: int, args: tuple):
    """``burn STICK``: LG-20.9, one stick of the heating store burnt; after the last the debt, if
    any, is charged (LG-21.4)."""
    p = args[0]
    s.heat[seat][p] -= 1
    s.pend[0] -= 1
    if s.pend[0]:
        return WAIT
    s.log(f"{seat_name(seat)} heats with the chosen sticks")
    s.stage = ""
    charge(s, seat, s.pend[1])
    return SETTLE if s.stage else PART_OVER


# ---------------------------------------------------------------- LG-22 end of game
def enter_final(s, seat: int) -> None:
    """LG-22.1: the river's final sale; a choice only with both FW and SW on the river."""
    riv = s.river[seat]
    if riv[0] and riv[1]:
        s.stage = "river"
    else:
        final_river(s, seat, 0 if riv[0] else 1)


def river_actions(s, seat: int) -> list:
    """Stage ``river``: the river kind of the final sale (LG-22.1)."""
    return A.RIVER


def final_river(s, seat: int, kind: int) -> None:
    """LG-22.1 final sale of one river kind at base price (no bonus)."""
    riv = s.river[seat]
    c = riv[kind]
    if c:
        s.money[seat] += c * BASE_PRICE[kind]
        s.log(f"{seat_name(seat)} sells {c} {PIECE_NAMES[kind]} from the river for ${c * BASE_PRICE[kind]}")
    riv[kind] = 0


def apply_river(s, seat: int, args: tuple):
    """``river FW`` / ``river SW``: LG-22.1, the kind sold; the seat's part is over."""
    final_river(s, seat, args[0])
    return PART_OVER


def finish(s) -> None:
    """LG-22: final sale of sales room and dryers, loans repaid, task rewards."""
    final_settlement(s)
