"""Drying in Lignum (LG-16, phase 7): each piece in the sales room or dryers 1-2 may move one
place right, all of a player's moves checked together against the dryer capacities (LG-16.2,
LG-16.3); pieces a drying hut moved (LG-19.4) ignore capacity while they lie there (LG-16.4).
"""

from __future__ import annotations

from .. import actions as A
from ..components import DRYER_DISC_MAX, DRYER_STICK_MAX, PIECE_NAMES
from .common import SETTLE, seat_name


def _fits(discs: int, sticks: int) -> bool:
    """LG-16.2: a dryer holds either one disc or up to two sticks (of any kinds), never both."""
    if discs:
        return discs <= DRYER_DISC_MAX and sticks == 0
    return sticks <= DRYER_STICK_MAX


# Drying bookkeeping (``pend`` during the ``dry`` stage, LG-16.1/16.3/16.4/19.4), 27 ints, 63 once a
# drying hut moved a piece in this phase (so saves of a phase without one are as they were):
#   [6*(k-1) + p]       pieces of kind p lying in dryer k (1..3) that already made their drying move;
#   [18 + k - 1]        pieces that entered dryer k by normal drying this phase;
#   [21 + k - 1]        discs and [24 + k - 1] sticks that a drying hut put into dryer k this phase
#                       and that still lie there (they ignore capacity, LG-19.4);
#   [HUT + 6*(k-1) + p] those hut pieces by kind, [HUT_UNDRIED + 6*(k-1) + p] the ones among them
#                       that may still dry normally (dry_hut_move).
# Pieces of a kind are alike: a piece leaving a dryer is one the hut did not put there when such a
# piece could make that move (the player's best choice, it keeps the hut pieces' exemption).
DRY_PEND = 27
HUT = 27
HUT_UNDRIED = 45
DRY_PEND_HUTS = 63


def dryer_ok(c: list, inflow: int, hd: int, hs: int) -> bool:
    """LG-16.3/16.4: the final content ``c`` (6 counts) of a dryer is acceptable. A dryer no piece
    entered by normal drying keeps whatever it holds (LG-16.4); otherwise its content, apart
    from pieces a drying hut put there this phase, must satisfy LG-16.2."""
    if not inflow:
        return True
    d = c[0] + c[1] + c[2]
    s = c[3] + c[4] + c[5]
    return _fits(d - min(hd, d), s - min(hs, s))


def _dry_state_ok(mill: list, pend: list) -> bool:
    """Every dryer acceptable as the drying moves stand now (``done`` is legal, LG-16.3)."""
    for k in (1, 2, 3):
        if not dryer_ok(mill[k], pend[17 + k], pend[20 + k], pend[23 + k]):
            return False
    return True


def _submultisets(counts: list):
    """Every sub-multiset of ``counts`` (6 ints) as a list of 6 ints, the empty one first."""
    out = [[0] * 6]
    for p in range(6):
        c = counts[p]
        if c:
            nxt = []
            for base in out:
                for k in range(c + 1):
                    b = base[:]
                    b[p] = k
                    nxt.append(b)
            out = nxt
    return out


def _hut_pieces_leaving(mill: list, pend: list, k: int, x: list) -> tuple:
    """``(discs, sticks)`` of the hut pieces (LG-19.4) among ``x`` (6 counts) undried pieces
    leaving dryer ``k`` by normal drying: as few as the pieces alike allow (see DRY_PEND)."""
    d = s = 0
    if len(pend) < DRY_PEND_HUTS:
        return d, s
    base = 6 * (k - 1)
    for p in range(6):
        if x[p]:
            plain = mill[k][p] - pend[base + p] - pend[HUT_UNDRIED + base + p]  # undried, not hut pieces
            if x[p] > plain:
                if p < 3:
                    d += x[p] - plain
                else:
                    s += x[p] - plain
    return d, s


def _dry_completable(mill: list, pend: list) -> bool:
    """LG-16.3: can the drying moves made so far still be completed to final positions that
    respect the dryer capacities? Only further moves d2→d3 and d1→d2 of pieces that have not
    moved yet can help (a move into dryer 1 never does), so both are searched exhaustively
    (dryers hold a handful of pieces). A hut piece that dries on takes its exemption (LG-16.4)
    with it out of the dryer."""
    if _dry_state_ok(mill, pend):
        return True
    un1 = [mill[1][p] - pend[p] for p in range(6)]
    un2 = [mill[2][p] - pend[6 + p] for p in range(6)]
    for x2 in _submultisets(un2):
        n2 = sum(x2)
        d3 = [mill[3][p] + x2[p] for p in range(6)]
        if not dryer_ok(d3, pend[20] + n2, pend[23], pend[26]):
            continue
        hd2, hs2 = _hut_pieces_leaving(mill, pend, 2, x2)
        for x1 in _submultisets(un1):
            n1 = sum(x1)
            d2 = [mill[2][p] - x2[p] + x1[p] for p in range(6)]
            d1 = [mill[1][p] - x1[p] for p in range(6)]
            hd1, hs1 = _hut_pieces_leaving(mill, pend, 1, x1)
            if dryer_ok(d2, pend[19] + n1, pend[22] - hd2, pend[25] - hs2) and dryer_ok(
                d1, pend[18], pend[21] - hd1, pend[24] - hs1
            ):
                return True
    return False


def _dry_leave(mill: list, pend: list, k: int, p: int, dried: bool) -> None:
    """Bookkeeping before a piece of kind ``p`` leaves dryer ``k`` (1..3): an undried one
    (``dried`` False: a normal drying move, or a hut move of an undried piece) or one that
    already dried (a hut move). A hut piece leaves only when no other piece could (DRY_PEND);
    then its exemption leaves with it (LG-16.4)."""
    if len(pend) < DRY_PEND_HUTS:  # no hut piece in any dryer
        return
    base = 6 * (k - 1) + p
    hut, undried_hut = pend[HUT + base], pend[HUT_UNDRIED + base]
    if dried:
        if pend[base] - (hut - undried_hut) > 0:  # a dried piece the hut did not put there
            return
    elif mill[k][p] - pend[base] - undried_hut > 0:  # an undried piece the hut did not put there
        return
    else:
        pend[HUT_UNDRIED + base] -= 1
    pend[HUT + base] -= 1
    pend[(20 if p < 3 else 23) + k] -= 1


class Rules:
    """Mixin with the rules of Lignum; the fields live in :class:`LignumState`."""


def enter_dry(s, seat: int) -> None:
    """Phase 7 begins for ``seat``: no piece has made its drying move yet."""
    s.pend = [0] * DRY_PEND  # LG-16.3 drying bookkeeping (see DRY_PEND)
    s.stage = "dry"


def dry_actions(s, seat: int) -> list:
    """LG-16.1–16.4: every drying move still open. A piece in the sales room, dryer 1 or
    dryer 2 that has not moved this phase may move one location right, in any order, as
    long as the moves made so far can still end in final positions within the dryer
    capacities (LG-16.3: capacity is checked on the resulting positions, so a piece may
    enter a dryer that another piece will leave in the same phase)."""
    mill = s.mill[seat]
    pend = s.pend
    out = []
    for k in range(3):
        src = mill[k]
        dst = mill[k + 1]
        for p in range(6):
            if src[p] - (pend[6 * (k - 1) + p] if k else 0) <= 0:
                continue  # LG-16.1 each piece moves at most once
            saved = pend[:] if k and len(pend) == DRY_PEND_HUTS else None  # hut pieces to track
            if saved is not None:
                _dry_leave(mill, pend, k, p, False)
            src[p] -= 1
            dst[p] += 1
            pend[6 * k + p] += 1
            pend[18 + k] += 1
            ok = _dry_completable(mill, pend)
            src[p] += 1
            dst[p] -= 1
            if saved is not None:
                pend[:] = saved
            else:
                pend[6 * k + p] -= 1
                pend[18 + k] -= 1
            if ok:
                out.append(A.DRY[p][k])
    return out


def drying_actions(s, seat: int) -> list:
    """Stage ``dry``: the drying moves open (:func:`dry_actions`); ``done`` when the positions
    reached respect the capacities (LG-16.3)."""
    out = dry_actions(s, seat)
    if _dry_state_ok(s.mill[seat], s.pend):  # LG-16.3 capacity of the final positions
        out.append(A.DONE)
    return out


def apply_dry(s, seat: int, args: tuple):
    """``dry PIECE FROM``: LG-16.1, the piece moves one location right."""
    p, loc = args  # LG-16.1 one location right
    if loc:
        _dry_leave(s.mill[seat], s.pend, loc, p, False)
    s.mill[seat][loc][p] -= 1
    s.mill[seat][loc + 1][p] += 1
    s.pend[6 * loc + p] += 1  # it has made its drying move
    s.pend[18 + loc] += 1
    s.log(f"{seat_name(seat)} dries {PIECE_NAMES[p]} {A.LOC_NAMES[loc]}→{A.LOC_NAMES[loc + 1]}")
    return SETTLE


def dry_hut_move(s, m: list, p: int, loc: int) -> None:
    """Drying bookkeeping when a drying hut moves piece ``p`` out of ``loc`` during the drying
    phase (LG-19.4 with LG-16.3). RULING: the hut moves a piece that has not made its drying
    move when there is one (it may still dry normally afterwards); the piece ignores the
    capacity of the dryer it enters."""
    pend = s.pend
    if len(pend) < DRY_PEND_HUTS:
        pend.extend([0] * (DRY_PEND_HUTS - len(pend)))
    dried = bool(loc) and m[loc][p] - pend[6 * (loc - 1) + p] <= 0  # only already-dried pieces there
    if loc:
        _dry_leave(m, pend, loc, p, dried)
    if dried:
        pend[6 * (loc - 1) + p] -= 1
        pend[6 * loc + p] += 1
    pend[(20 if p < 3 else 23) + loc + 1] += 1  # LG-16.4: it ignores capacity while it lies there
    pend[HUT + 6 * loc + p] += 1
    if not dried:
        pend[HUT_UNDRIED + 6 * loc + p] += 1
