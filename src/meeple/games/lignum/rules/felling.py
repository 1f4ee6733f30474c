"""Felling in Lignum (LG-10, wood-work phase 1): a worker fells one piece of the wood lying in
one's felling area onto one's woodpile; a later player in a shared area may first relocate."""

from __future__ import annotations

from .. import actions as A
from ..components import PIECE_NAMES
from .common import SETTLE, WAIT, avail, pay, seat_name, use_worker, worker


def enter_fell(s, seat: int) -> None:
    """Phase 1 begins for ``seat`` (in clearing order, LG-9.2): nothing felled yet."""
    s.felled = 0
    s.stage = "fell"


def fell_actions(s, seat: int) -> list:
    """Stage ``fell``: fell a piece lying in one's area with a worker (LG-10.1); relocate first
    (LG-10.2); ``done``."""
    out = []
    a = s.area[seat]
    if a:
        wood = s.areas_wood[a - 1]
        ws = worker(s, seat, s.workers[seat][0])
        for p in range(3):
            if wood[p]:
                for w in ws:
                    out.append(A.FELL[p][w])
        # LG-10.2 relocation for a later player in a shared area, before felling
        if s.felled == 0 and not s.tactical and avail(s, seat) >= 1:
            me = s.clearing.index(seat)
            if any(s.area[o] == a for o in s.clearing[:me]):
                taken = s.area
                for b in range(1, 7):
                    if b not in taken:
                        out.append(A.RELOCATE[b])
    out.append(A.DONE)
    return out


def apply_fell(s, seat: int, args: tuple):
    """``fell PIECE[ worker]``: LG-10.1, one piece from the felling area onto the woodpile."""
    p, w = args
    use_worker(s, seat, w, 0)
    a = s.area[seat]
    s.areas_wood[a - 1][p] -= 1
    s.woodpile[seat][p] += 1
    s.felled += 1
    s.log(f"{seat_name(seat)} fells {PIECE_NAMES[p]} in area {a}")
    return SETTLE


def apply_relocate(s, seat: int, args: tuple):
    """``relocate N``: LG-10.2, the felling token to an area without one."""
    b = args[0]
    pay(s, seat, 1)  # LG-10.2 pay $1, no food
    s.log(f"{seat_name(seat)} pays $1 and moves the felling token from area {s.area[seat]} to {b}")
    s.area[seat] = b
    return WAIT
