"""Moving wood to the mill in Lignum: the rafting arrival (LG-11, phase 2), transport (LG-12,
phase 3: carrying, wagons, rafts) and the winter sled (LG-20.5). A trip is one decision, each
piece it moves one more (stage ``move``; ``pend`` = [pieces left, 0 mill / 2 river, optional,
stage to return to])."""

from __future__ import annotations

from .. import actions as A
from ..components import FODDER_CAP, HW, PIECE_NAMES
from .common import SETTLE, WAIT, seat_name, use_worker, worker


# ---------------------------------------------------------------- LG-11
def enter_arrive(s, seat: int) -> None:
    """Phase 2 begins for ``seat``: hardwood in the river goes to the saw room (LG-11.1); the
    other river pieces are placed one by one."""
    # LG-11.1 hardwood must go to the saw room
    riv = s.river[seat]
    if riv[HW]:
        s.sawroom[seat][HW] += riv[HW]
        riv[HW] = 0
    if riv[0] or riv[1]:
        s.stage = "arrive"


def arrive_actions(s, seat: int) -> list:
    """Stage ``arrive``: each FW/SW river piece to the saw room or the sales room (LG-11.1)."""
    riv = s.river[seat]
    return [A.PUT[p][d] for p in (0, 1) if riv[p] for d in (0, 1)]


# ---------------------------------------------------------------- LG-12
def transport_actions(s, seat: int) -> list:
    """Stage ``transport``: a trip with a worker: carry (LG-12.3), a wagon with fodder (LG-12.4), a
    raft of N pieces (LG-12.5); ``done``."""
    out = []
    wp = s.woodpile[seat]
    total = wp[0] + wp[1] + wp[2]
    if total:
        ws = worker(s, seat, s.workers[seat][1])
        eq = s.equip[seat]
        fodder = s.fodder3[seat] or s.fodder2[seat]
        for w in ws:
            out.append(A.CARRY[w])
            if eq[2] and fodder:
                out.append(A.WAGON[w])
            for k in range(1, min(eq[1], total) + 1):
                out.append(A.raft(k, w))
    out.append(A.DONE)
    return out


def move_actions(s, seat: int) -> list:
    """Stage ``move``: where the trip's next woodpile piece goes (saw room or sales room, the
    river for a raft); a sled takes a food cube for one more piece (LG-20.5)."""
    rem, dest, optional = s.pend[0], s.pend[1], s.pend[2]
    wp = s.woodpile[seat]
    out = []
    if rem > 0:
        if dest == 2:
            out = [A.PUT[p][2] for p in range(3) if wp[p]]
        else:
            for p in range(3):
                if wp[p]:
                    out.append(A.PUT[p][0])
                    if p != HW:  # LG-12.2 hardwood must go to the saw room
                        out.append(A.PUT[p][1])
    if s.phase == "w_sled" and s.food[s.actor] and wp[0] + wp[1] + wp[2] > rem:
        out.append(A.SLED_FOOD)  # LG-20.5 +1 piece per food cube
    if optional or not out:
        out.append(A.DONE)
    return out


def apply_put(s, seat: int, args: tuple):
    """``PIECE saw|sales|river``: place one river piece (LG-11.1) or one piece of a trip (LG-12.2)."""
    p, d = args
    st = s.stage
    if st == "arrive":
        s.river[seat][p] -= 1
    else:
        s.woodpile[seat][p] -= 1
        s.pend[0] -= 1
    if d == 0:
        s.sawroom[seat][p] += 1
    elif d == 1:
        s.mill[seat][0][p] += 1
    else:
        s.river[seat][p] += 1
    s.log(f"{seat_name(seat)}: {PIECE_NAMES[p]} → {A.DEST_NAMES[d]}")
    if st == "move" and s.pend[0] == 0 and not (s.phase == "w_sled" and s.food[seat] and sum(s.woodpile[seat])):
        s.stage = s.pend[3]
    return SETTLE


def apply_trip(s, seat: int, args: tuple, kind: str):
    """LG-12.3–12.5, LG-20.5: start a transport trip of ``kind`` (carry, wagon, raft, sled);
    pieces follow one decision each."""
    nm = seat_name(seat)
    top = s.stage
    w = args[-1]
    if kind == "carry":
        use_worker(s, seat, w, 1)
        s.pend = [1, 0, 0, top]
        s.log(f"{nm} carries 1 piece")
    elif kind == "wagon":
        use_worker(s, seat, w, 1)
        s.equip[seat][2] -= 1
        s.supply["wagon"] += 1
        if s.fodder2[seat]:  # LG-12.4 value-2 fodder first
            s.fodder2[seat] = 0
            cap = FODDER_CAP[2]
        else:
            s.fodder3[seat] = 0
            s.fodder2[seat] = 1
            cap = FODDER_CAP[3]
        s.pend = [cap, 0, 1, top]
        s.log(f"{nm} sends a wagon (up to {cap} pieces)")
    elif kind == "raft":
        k = args[0]
        use_worker(s, seat, w, 1)
        s.equip[seat][1] -= k
        s.supply["raft"] += k
        s.pend = [k, 2, 0, top]
        s.log(f"{nm} rafts {k} piece(s)")
    else:  # sled
        if w == 1:
            s.mill_free[seat] = False
        else:
            s.huts[seat][2] -= 1
        s.equip[seat][3] -= 1
        s.supply["sled"] += 1
        s.pend = [2, 0, 1, top]
        s.log(f"{nm} uses a sled (2 pieces + 1 per food cube)")
    s.stage = "move"
    return SETTLE


def apply_carry(s, seat: int, args: tuple):
    """``carry[ worker]``: LG-12.3, one piece."""
    return apply_trip(s, seat, args, "carry")


def apply_wagon(s, seat: int, args: tuple):
    """``wagon[ worker]``: LG-12.4, up to the fodder's value in pieces."""
    return apply_trip(s, seat, args, "wagon")


def apply_raft(s, seat: int, args: tuple):
    """``raft N[ worker]``: LG-12.5, N pieces into one's river, one raft token each."""
    return apply_trip(s, seat, args, "raft")


def apply_sled(s, seat: int, args: tuple):
    """``sled mill|lodge``: LG-20.5, 2 pieces (+1 a food cube) with the mill worker or a lodging hut."""
    return apply_trip(s, seat, args, "sled")


def apply_sled_food(s, seat: int, args: tuple):
    """``food``: LG-20.5, a food cube returned: the sled carries one more piece."""
    s.food[seat] -= 1
    s.pend[0] += 1
    s.log(f"{seat_name(seat)} returns a food cube: the sled carries one more piece")
    return WAIT
