"""Huts in Lignum (LG-19) and the other free actions of one's own turn: building (LG-19.1), placing
(LG-19.2) and using huts (LG-19.3-19.6), and loans (LG-21.1)."""

from __future__ import annotations

from .. import actions as A
from ..components import JOKER, MAX_LOANS, PIECE_NAMES
from .common import HUT_NAMES, SETTLE, WAIT, seat_name
from .drying import dry_hut_move

HUT_PLACES = [A.HUT[1], A.HUT[2], A.HUT[3]]
"""The actions while built huts wait to be placed (``hut_left``, LG-19.2): one hut onto field 1..3."""


def free_actions(s, seat: int) -> list:
    """LG-19.1, LG-19.3–19.5, LG-21.1: actions possible at any time during one's own turn."""
    out = []
    if s.loans[seat] < MAX_LOANS:
        out.append(A.LOAN)
    pr = s.products[seat]
    if (pr[0] == 0) + (pr[1] == 0) + (pr[2] == 0) <= pr[JOKER]:
        out.append(A.BUILD)
    h = s.huts[seat]
    if h[0]:
        mill = s.mill[seat]
        for loc in range(3):
            m = mill[loc]
            for p in range(6):
                if m[p]:
                    out.append(A.DRYHUT[p][loc])
    if h[1] and s.phase not in ("feed", "heat"):
        # LG-20.8: after feeding all food goes back to the supply, so a food-store hut is
        # not offered once the seat has fed (its food would be carried into the next year)
        taken = s.area
        for a in range(1, 7):
            if s.areas_food[a - 1] and a not in taken:
                out.append(A.FOODHUT[a])
    return out


def build(s, seat: int) -> None:
    """LG-19.1: stake + board + shingle (jokers stand in) become 3 huts; placement follows."""
    pr = s.products[seat]
    for t in range(3):
        if pr[t]:
            pr[t] -= 1
        else:
            pr[JOKER] -= 1
    s.hut_left = 3
    s.log(f"{seat_name(seat)} builds 3 huts")


def apply_build(s, seat: int, args: tuple):
    """``build``: LG-19.1; the 3 huts are placed next (``hut N`` three times, LG-19.2)."""
    build(s, seat)
    return WAIT


def apply_hut(s, seat: int, args: tuple):
    """``hut N``: LG-19.2, one built hut onto field N (final); after the third the turn goes on."""
    s.huts[seat][args[0] - 1] += 1
    s.hut_left -= 1
    if s.hut_left:
        return WAIT
    held = ", ".join(f"{name} {k}" for name, k in zip(HUT_NAMES, s.huts[seat]) if k)
    s.log(f"{seat_name(seat)} places huts: {held or 'none'}")
    return SETTLE


def apply_dryhut(s, seat: int, args: tuple):
    """``dryhut PIECE FROM``: LG-19.4, one piece one location right, ignoring dryer capacity."""
    p, loc = args  # LG-19.4 ignore dryer capacity
    s.huts[seat][0] -= 1
    m = s.mill[seat]
    if s.stage == "dry":
        dry_hut_move(s, m, p, loc)
    m[loc][p] -= 1
    m[loc + 1][p] += 1
    s.log(f"{seat_name(seat)} uses a drying hut: {PIECE_NAMES[p]} {A.LOC_NAMES[loc]}→{A.LOC_NAMES[loc + 1]}")
    return WAIT


def apply_foodhut(s, seat: int, args: tuple):
    """``foodhut N``: LG-19.5, all food from area N (no felling token there)."""
    a = args[0]  # LG-19.5
    s.huts[seat][1] -= 1
    f = s.areas_food[a - 1]
    s.food[seat] += f
    s.areas_food[a - 1] = 0
    s.log(f"{seat_name(seat)} uses a food-store hut: {f} food from area {a}")
    return WAIT
