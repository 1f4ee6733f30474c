"""Work in the mill in Lignum: sawing (LG-13, phase 4; LG-20.6 in winter) and tasks (LG-14 /
LG-25.4, phase 5; LG-20.7 in winter)."""

from __future__ import annotations

from .. import actions as A
from ..components import PIECE_NAMES, SAW_YIELD, TASK_CARDS
from .common import SETTLE, WAIT, seat_name, use_worker, worker


# ---------------------------------------------------------------- LG-13
def saw_actions(s, seat: int) -> list:
    """Stages ``saw`` / ``w_saw``: saw a saw-room disc with a worker and a saw token (LG-13.1; in
    winter the mill worker or a lodging hut only, LG-20.1, LG-20.6); ``done``."""
    out = []
    if s.equip[seat][0]:
        sr = s.sawroom[seat]
        hired = s.workers[seat][2] if s.stage == "saw" else 0
        ws = worker(s, seat, hired)
        for p in range(3):
            if sr[p]:
                for w in ws:
                    out.append(A.SAW[p][w])
    out.append(A.DONE)
    return out


def split_actions(s, seat: int) -> list:
    """Stage ``split``: each new stick to the heating store or the sales room (LG-13.3)."""
    return [A.TO_HEAT, A.TO_SALES]


def apply_saw(s, seat: int, args: tuple):
    """``saw DISC[ worker]``: LG-13.1/13.2, the disc becomes sticks, placed one decision each
    (stage ``split``; ``pend`` = [stick kind, sticks left, stage to return to])."""
    p, w = args
    use_worker(s, seat, w, 2)
    s.equip[seat][0] -= 1  # LG-13.1 saw token returned
    s.supply["saw"] += 1
    s.sawroom[seat][p] -= 1
    s.pend = [p + 3, SAW_YIELD[p], s.stage]
    s.stage = "split"
    s.log(f"{seat_name(seat)} saws {PIECE_NAMES[p]} into {SAW_YIELD[p]} {PIECE_NAMES[p + 3]}")
    return WAIT


def apply_stick(s, seat: int, args: tuple):
    """``heat`` / ``sales``: LG-13.3, one new stick to the heating store or the sales room, final."""
    p = s.pend[0]  # LG-13.3 heat or sales, final
    if args[0] == 0:
        s.heat[seat][p - 3] += 1
    else:
        s.mill[seat][0][p] += 1
    s.pend[1] -= 1
    if s.pend[1]:
        return WAIT
    # the log says where the sticks went (one line for the whole saw): the choices
    # before this one are in the history since the 'saw' (a loan may come between)
    k = SAW_YIELD[p - 3]
    heat = int(args[0] == 0)
    for text in reversed(s._history):
        if text.startswith("saw "):
            break
        heat += text == "heat"
    where = [f"{heat} in the heating store"] if heat else []
    where += [f"{k - heat} in the sales room"] if k - heat else []
    s.log(f"{seat_name(seat)} puts {PIECE_NAMES[p]}: {', '.join(where)}")
    s.stage = s.pend[2]
    return SETTLE


# ---------------------------------------------------------------- LG-25.4
def enter_tasks(s, seat: int) -> None:
    """Phase 5 (LG-14) or the Y2 winter's tasks (LG-20.7) begin for ``seat``: a decision only
    with task cards."""
    if s.tasks[seat]:
        s.stage = s.phase  # "tasks" or "w_tasks"


def task_actions(s, seat: int) -> list:
    """LG-25.4: put a piece of the required kind from exactly the required dryer on a task."""
    out = []
    mill = s.mill[seat]
    for t in s.tasks[seat]:
        tid = t[0]
        reqs = TASK_CARDS[tid][1]
        for j, (piece, level) in enumerate(reqs):
            if not t[1 + j] and mill[level + 1][piece]:
                out.append(A.FILL[tid][j])
    return out


def tasks_actions(s, seat: int) -> list:
    """Stages ``tasks`` / ``w_tasks``: the task moves (LG-25.4) and ``done``."""
    return task_actions(s, seat) + [A.DONE]


def apply_fill(s, seat: int, args: tuple):
    """``fill Txx N``: LG-25.4, the piece leaves its dryer for requirement N of the task."""
    tid, j = args
    piece, level = TASK_CARDS[tid][1][j]
    s.mill[seat][level + 1][piece] -= 1
    s.tasks[seat] = [
        t[: 1 + j] + [1] + t[2 + j :] if t[0] == tid else t  # (new rows: a clone shares them)
        for t in s.tasks[seat]
    ]
    s.log(f"{seat_name(seat)} puts {PIECE_NAMES[piece]} on task {TASK_CARDS[tid][0]}")
    return SETTLE
