"""Lignum actions and their notation (text <-> args).

Every action is built through :func:`act`, which caches one :class:`Action` per notation, so
the rules never allocate the same action twice. Notation summary (see also ``rules_help``):

* ``area 3`` — choose felling area 3 (secret choice LG-7.1, tactical pick LG-24.3).
* ``go 7`` / ``go C`` — move the foreman to path space 7 / into the clearing (LG-8).
* ``carriers 2``, ``cutters 3``, ``task T04``, ``extra`` (price-1 sawyer), ``buy saw``,
  ``buy food``, ``sell 2stake+1J`` (product set) — space actions (LG-8.3, LG-8.5).
* ``fell SW`` (``fell SW mill`` / ``fell SW lodge`` when no hired woodcutter is left),
  ``relocate 4`` (LG-10); winter ``fell mill`` / ``fell lodge`` (LG-20.4).
* ``carry`` / ``wagon`` / ``raft 3`` (+ `` mill`` / `` lodge``): transport methods (LG-12);
  then one decision per piece: ``FW saw``, ``SW sales``, ``HW saw``, ``FW river``.
* ``saw FW`` (+ worker), then one decision per stick: ``heat`` / ``sales`` (LG-13).
* ``fill T01 2`` — put the piece for requirement 2 of task T01 onto it (LG-25.4).
* ``sell sFW d3`` — sell one piece from a location (LG-15, forced sales LG-21.4 also from
  ``saw`` room and ``heat`` store).
* ``dry sFW sales`` — drying move of one piece from the location named one location right,
  here from the sales room to dryer 1 (``dry SW d1``: dryer 1 to dryer 2; LG-16).
* ``bonus HW``, ``sled mill``, ``food`` (sled +1 piece), ``burn sFW`` (winter, LG-20).
* ``river FW`` — final sale river kind (LG-22.1).
* Free actions during one's own turn: ``loan`` (LG-21), ``build`` then ``hut 1``/``hut 2``/
  ``hut 3`` three times (LG-19.1–19.2), ``dryhut sFW d2`` (LG-19.4), ``foodhut 3`` (LG-19.5).
* ``done`` — end an optional step.
"""

from __future__ import annotations

from meeple.core import Action, action_table

from .components import LOC_NAMES, PIECE_NAMES, PRODUCT_NAMES, TASK_CARDS

act = action_table()
"""``act(text, kind, args) -> Action``: each Lignum action is built once and reused."""


DONE = act("done", "done")
LOAN = act("loan", "loan")
BUILD = act("build", "build")
GO_CLEARING = act("go C", "go", (21,))
EXTRA = act("extra", "extra")
BUY_SAW = act("buy saw", "buy", (0,))
BUY_FOOD = act("buy food", "buy", (1,))
SLED_FOOD = act("food", "sledfood")
TO_HEAT = act("heat", "stick", (0,))
TO_SALES = act("sales", "stick", (1,))

AREA = [None] + [act(f"area {k}", "area", (k,)) for k in range(1, 7)]
GO = [None] + [act(f"go {k}", "go", (k,)) for k in range(1, 21)] + [GO_CLEARING]
HUT = [None] + [act(f"hut {k}", "hut", (k,)) for k in range(1, 4)]
FOODHUT = [None] + [act(f"foodhut {k}", "foodhut", (k,)) for k in range(1, 7)]
RELOCATE = [None] + [act(f"relocate {k}", "relocate", (k,)) for k in range(1, 7)]
BONUS = [act(f"bonus {PIECE_NAMES[p]}", "bonus", (p,)) for p in range(3)]
RIVER = [act(f"river {PIECE_NAMES[p]}", "river", (p,)) for p in range(2)]
BURN = [act(f"burn {PIECE_NAMES[p + 3]}", "burn", (p,)) for p in range(3)]

WORKER_SUFFIX = ("", " mill", " lodge")  # 0 hired worker, 1 mill worker, 2 lodging hut
#: FELL[piece][worker]
FELL = [[act(f"fell {PIECE_NAMES[p]}{WORKER_SUFFIX[w]}", "fell", (p, w)) for w in range(3)] for p in range(3)]
WFELL = [None, act("fell mill", "wfell", (1,)), act("fell lodge", "wfell", (2,))]
SLED = [None, act("sled mill", "sled", (1,)), act("sled lodge", "sled", (2,))]
CARRY = [act(f"carry{WORKER_SUFFIX[w]}", "carry", (w,)) for w in range(3)]
WAGON = [act(f"wagon{WORKER_SUFFIX[w]}", "wagon", (w,)) for w in range(3)]
SAW = [[act(f"saw {PIECE_NAMES[p]}{WORKER_SUFFIX[w]}", "saw", (p, w)) for w in range(3)] for p in range(3)]
DEST_NAMES = ("saw", "sales", "river")
#: PUT[piece][dest] with dest 0 saw room, 1 sales room, 2 river
PUT = [[act(f"{PIECE_NAMES[p]} {DEST_NAMES[d]}", "put", (p, d)) for d in range(3)] for p in range(3)]
SELL_LOCS = LOC_NAMES + ("saw", "heat")  # 0..3 mill locations, 4 saw room, 5 heating store
#: SELL[piece][loc]
SELL = [[act(f"sell {PIECE_NAMES[p]} {SELL_LOCS[l]}", "sell", (p, l)) for l in range(6)] for p in range(6)]
#: DRY[piece][from_loc] and DRYHUT[piece][from_loc] (from_loc 0..2)
DRY = [[act(f"dry {PIECE_NAMES[p]} {LOC_NAMES[l]}", "dry", (p, l)) for l in range(3)] for p in range(6)]
DRYHUT = [[act(f"dryhut {PIECE_NAMES[p]} {LOC_NAMES[l]}", "dryhut", (p, l)) for l in range(3)] for p in range(6)]
TASK_TAKE = [act(f"task {c[0]}", "task", (i,)) for i, c in enumerate(TASK_CARDS)]
FILL = [[act(f"fill {c[0]} {j + 1}", "fill", (i, j)) for j in range(len(c[1]))] for i, c in enumerate(TASK_CARDS)]


def raft(n: int, worker: int) -> Action:
    """Raft transport of ``n`` pieces with worker ``worker`` (0 hired, 1 mill, 2 lodge)."""
    return act(f"raft {n}{WORKER_SUFFIX[worker]}", "raft", (n, worker))


def carriers(k: int) -> Action:
    """Buy ``k`` carriers at space 4 ($1 each)."""
    return act(f"carriers {k}", "carriers", (k,))


def cutters(k: int) -> Action:
    """Buy ``k`` woodcutters at space 10 ($1 each)."""
    return act(f"cutters {k}", "cutters", (k,))


def product_sale(ptype: int, real: int, jokers: int) -> Action:
    """Sell a set of ``real`` tokens of ``ptype`` plus ``jokers`` jokers (LG-8.5)."""
    text = f"sell {real}{PRODUCT_NAMES[ptype]}" + (f"+{jokers}J" if jokers else "")
    return act(text, "psell", (ptype, real, jokers))
