"""Actions of Klondike 1896 and their notation (KL-50.3), built once and shared.

Notation:
  ``tile A0``        lay the next tile of one's row: face A..D, rotation 0..3 (KL-10.2
                     layout=choose, KL-31.2 game 2 landscape)
  ``build``          game 2: the landscape is complete (1-4 tiles laid)
  ``bid SLOT N``     main auction: figure at SLOT (0-based) of the front row with N rubies (KL-12)
  ``place KIND K ROW COL``  lay a claim: kind, orientation index, anchor (KL-1.6)
  ``discard``        the won claim has no legal placement and leaves the game (KL-14.2)
  ``sbid N`` / ``pass``   supplementary domino auction (KL-16)
  ``claim KIND``     game 2: take one of one's claims to lay this tick (then ``place``)
  ``undo`` / ``relayout`` / ``done``   game 2 tick actions (KL-40.1)
  ``back``           game 2: put the claim just taken back (once per tick; the tick's move is
                     still to be chosen)
  ``pick CARD``      take a favour card from the display (KL-32)
  ``fate SEAT``      the last player joins fate with SEAT (KL-33.2)
"""

from __future__ import annotations

from meeple.core import Action

from .components import FACE_NAMES, FAVOUR_CARDS, KINDS

DISCARD = Action("discard", "discard")
PASS = Action("pass", "pass")
BUILD = Action("build", "build")
UNDO = Action("undo", "undo")
RELAYOUT = Action("relayout", "relayout")
DONE = Action("done", "done")
BACK = Action("back", "back")

TILE_ACTIONS = tuple(
    tuple(Action(f"tile {FACE_NAMES[f]}{r}", "tile", (f, r)) for r in range(4)) for f in range(len(FACE_NAMES))
)
"""TILE_ACTIONS[face][rotation]."""

CLAIM_ACTIONS = tuple(Action(f"claim {k.id}", "claim", (k.index,)) for k in KINDS)
"""CLAIM_ACTIONS[kind]: game 2, take that claim of one's set to lay it this tick (KL-40.1)."""
PICK_ACTIONS = tuple(Action(f"pick {c.id}", "pick", (c.index,)) for c in FAVOUR_CARDS)
FATE_ACTIONS = tuple(Action(f"fate {s}", "fate", (s,)) for s in range(4))

_BID: dict[tuple, Action] = {}
_SBID: dict[int, Action] = {}


def bid_action(slot: int, n: int) -> Action:
    """The cached ``bid SLOT N`` action (KL-12.3)."""
    a = _BID.get((slot, n))
    if a is None:
        a = _BID[(slot, n)] = Action(f"bid {slot} {n}", "bid", (slot, n))
    return a


def sbid_action(n: int) -> Action:
    """The cached ``sbid N`` action (KL-16.2)."""
    a = _SBID.get(n)
    if a is None:
        a = _SBID[n] = Action(f"sbid {n}", "sbid", (n,))
    return a


def layout_text(layout) -> str:
    """``A0 B3`` style text of a layout ((face, rotation), ...)."""
    return " ".join(f"{FACE_NAMES[f]}{r}" for f, r in layout)
