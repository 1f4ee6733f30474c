"""Travelling along Lignum's supply path (LG-8): where a foreman may stop, the space actions
(carriers, fodder, woodcutters, tasks, sawyers; the market is in ``market.py``), the path
tokens and the clearing."""

from __future__ import annotations

from .. import actions as A
from ..components import CAPACITY, CLEARING, MAX_SAWS, PRODUCT_NAMES, SPACE_TYPE, TASK_CARDS
from .common import EQUIP_TOKENS, NEXT_TRAVELLER, WAIT, avail, pay, seat_name
from .market import product_sales

_HIRE = {"carriers": (0, 1, "carrier"), "cutters": (2, 0, "woodcutter")}
"""Hiring on the path: kind -> (path worker slot, seat worker index, word for the log)."""
_TOKEN_TEXT = {"dollar_token": "the dollar token (+$1)", "food_token": "the food token (+1 food)"}
_SPACE_STAGE = {"carriers": "space4", "woodcutters": "space10", "tasks": "space13", "market": "market"}
"""The decision a foreman faces on a space where he buys (LG-8.3): space type -> stage."""


def start_travel(s) -> None:
    """LG-8.1.1: the path turns start with slot 1 of the player order; the clearing is empty."""
    s.clearing = []
    s.ti = 0
    s.stage = "travel"
    s.actor = s.order[0]


# ================================================ LG-8.1 / LG-8.2 where to stop
def travel_actions(s, seat: int) -> list:
    """LG-8.1/LG-8.2: the path spaces ahead that ``seat`` may stop on, then the clearing
    (LG-8.2.5), with the seat's means worked out once."""
    pos = s.pos
    occ = [0] * 22
    for p in pos:
        occ[p] += 1
    money = avail(s, seat)
    path_tok = s.path_tok
    path_w = s.path_w
    market = None
    go = A.GO
    out = []
    for sp in range(pos[seat] + 1, 21):
        if occ[sp] >= CAPACITY[sp]:
            continue
        t = SPACE_TYPE[sp]
        if t == "token":
            tok = path_tok[sp]
            ok = tok and tok != "x_token" and (tok != "saw" or s.equip[seat][0] < MAX_SAWS)
        elif t == "carriers":
            ok = path_w[0] > 0 and money >= 1
        elif t == "fodder":
            ok = path_w[1] > 0 and not s.fodder3[seat] and money >= 1
        elif t == "woodcutters":
            a = s.area[seat]
            ok = path_w[2] > 0 and money >= 1 and a > 0 and sum(s.areas_wood[a - 1]) > 0
        elif t == "tasks":
            ok = s.advanced and s.tdisplay and money >= 1
        elif t == "sawyers":
            ok = path_w[3] > 0
        elif t == "market":
            if market is None:
                market = money >= 1 or bool(product_sales(s, seat))
            ok = market
        else:
            ok = False  # planned work (LG-26): not available
        if ok:
            out.append(go[sp])
    out.append(A.GO_CLEARING)
    return out


# ================================================ LG-8.3 / LG-8.4 / LG-8.6 moving
def apply_go(s, seat: int, args: tuple):
    """``go N`` / ``go C``: move the foreman (LG-8.1) and carry out the space's action: take its
    token (LG-8.4), buy fodder (LG-8.3, space 6), take the free sawyer (space 16), or face the
    buying decision of a space; the clearing takes the next slot (LG-8.6.1)."""
    sp = args[0]
    nm = seat_name(seat)
    s.pos[seat] = sp
    if sp == CLEARING:
        s.clearing.append(seat)
        s.log(f"{nm} enters the clearing ({'ABCD'[len(s.clearing) - 1]})")
        return NEXT_TRAVELLER
    t = SPACE_TYPE[sp]
    if t == "token":
        tok = s.path_tok[sp]
        s.path_tok[sp] = ""
        if tok[0] == "p":  # LG-8.4.4 product token
            s.products[seat][PRODUCT_NAMES.index(tok[1:])] += 1
        elif tok == "food_token":  # LG-8.4.2
            s.supply[tok] += 1
            s.food[seat] += 1
        elif tok == "dollar_token":  # LG-8.4.3
            s.supply[tok] += 1
            s.money[seat] += 1
        else:  # LG-8.4.1 equipment
            s.equip[seat][EQUIP_TOKENS.index(tok)] += 1
        s.log(f"{nm} moves to {sp} and takes {tok[1:] if tok[0] == 'p' else _TOKEN_TEXT.get(tok, tok)}")
        return NEXT_TRAVELLER
    s.log(f"{nm} moves to {sp}")
    if t == "fodder":
        pay(s, seat, 1)  # LG-8.3 space 6
        s.path_w[1] -= 1
        s.fodder3[seat] = 1
        s.log(f"{nm} buys a fodder for $1")
        return NEXT_TRAVELLER
    if t == "sawyers":
        s.path_w[3] -= 1  # LG-8.3 space 16: first sawyer free
        s.workers[seat][2] += 1
        s.log(f"{nm} takes a free sawyer")
        if s.path_w[4] and avail(s, seat) >= 1:
            s.stage = "space16"
            return WAIT
        return NEXT_TRAVELLER
    s.stage = _SPACE_STAGE[t]
    s.acted = False
    return WAIT


# ================================================ LG-8.3 buying on a space
def carriers_actions(s, seat: int) -> list:
    """Stage ``space4``: buy 1 .. n of the carriers there, $1 each (LG-8.3)."""
    k = min(s.path_w[0], avail(s, seat))
    return [A.carriers(i) for i in range(1, k + 1)]


def cutters_actions(s, seat: int) -> list:
    """Stage ``space10``: buy 1 .. n woodcutters, n at most the wood in one's felling area (LG-8.3)."""
    k = min(s.path_w[2], avail(s, seat), sum(s.areas_wood[s.area[seat] - 1]))
    return [A.cutters(i) for i in range(1, k + 1)]


def task_take_actions(s, seat: int) -> list:
    """Stage ``space13``: take one displayed task card (LG-25.3)."""
    return [A.TASK_TAKE[t] for t in sorted(s.tdisplay)]


def extra_sawyer_actions(s, seat: int) -> list:
    """Stage ``space16``: the extra sawyer for $1, or not (LG-8.3)."""
    return [A.EXTRA, A.DONE]


def _hire(s, seat: int, k: int, kind: str):
    """Buy ``k`` workers of ``kind`` (a key of ``_HIRE``) on the path: LG-8.3, $1 each, onto the
    worker field (LG-8.3.2)."""
    path_slot, worker, word = _HIRE[kind]
    pay(s, seat, k)
    s.path_w[path_slot] -= k
    s.workers[seat][worker] += k
    s.log(f"{seat_name(seat)} buys {k} {word}(s) for ${k}")
    return NEXT_TRAVELLER


def apply_carriers(s, seat: int, args: tuple):
    """``carriers N``: space 4 (LG-8.3)."""
    return _hire(s, seat, args[0], "carriers")


def apply_cutters(s, seat: int, args: tuple):
    """``cutters N``: space 10 (LG-8.3)."""
    return _hire(s, seat, args[0], "cutters")


def apply_task(s, seat: int, args: tuple):
    """``task Txx``: LG-25.3, a displayed task card for $1."""
    t = args[0]
    pay(s, seat, 1)
    display = s.tdisplay[:]
    display.remove(t)
    s.tdisplay = display
    s.tasks[seat] = s.tasks[seat] + [[t] + [0] * len(TASK_CARDS[t][1])]  # (new rows: a clone shares them)
    s.log(f"{seat_name(seat)} takes task {TASK_CARDS[t][0]} for $1")
    return NEXT_TRAVELLER


def apply_extra(s, seat: int, args: tuple):
    """``extra``: LG-8.3 space 16, the price-1 sawyer for $1."""
    pay(s, seat, 1)
    s.path_w[4] -= 1
    s.workers[seat][2] += 1
    s.log(f"{seat_name(seat)} buys the extra sawyer for $1")
    return NEXT_TRAVELLER
