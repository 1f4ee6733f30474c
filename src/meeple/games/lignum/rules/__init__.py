"""Lignum rules: legal actions and applying them (LG-3 … LG-25), as module functions of the state
(``setup(state)``, ``legal_actions(state)``, ``apply(state, action)``), like every game's rules.

The engine is a small automaton. ``phase`` names the part of the round (``NONWINTER_PHASES``,
``WINTER_PHASES``; the table ``flow.PHASES``); per-player phases run through a seat order (``pi``
indexes it); ``stage`` names the decision the acting seat (``actor``) faces now; ``pend`` holds
the few ints a multi-step decision needs. Automatic steps (refill, placement, reveals, feeding,
final sale) run inside ``flow.run``.

By topic, each module citing the rules it implements (RULES.md), lowest layer first:

* ``common``: seat names, money and loans (LG-21.1/21.2), workers (LG-18);
* ``market``: the market (LG-8.4.1, LG-8.5), selling (LG-15), forced sales (LG-21.4);
* ``travel``: the supply path (LG-8);
* ``felling`` (LG-10), ``transport`` (LG-11, LG-12, the sled of LG-20.5), ``mill`` (sawing LG-13,
  tasks LG-14/LG-25.4), ``drying`` (LG-16), ``huts`` (LG-19 and the free actions, LG-21.1);
* ``winter``: winter (LG-20), debts (LG-21.4/21.6), the end of the game (LG-22);
* ``rounds``: setup (LG-3), round starts (LG-4 to LG-7, LG-24), the end of a round (LG-17);
* ``flow``: the phase table, the driver, and the mappings stage -> actions and kind -> apply.

Money is in dollars. Rule ids are cited at the code that implements them.
"""

from __future__ import annotations

from .common import EQUIP_TOKENS, HUT_NAMES, avail, seat_name, worker
from .drying import DRY_PEND, DRY_PEND_HUTS, dryer_ok
from .flow import (
    APPLY,
    FREE_STAGES,
    NONWINTER_PHASES,
    PHASES,
    STAGE_ACTIONS,
    WINTER_PHASES,
    apply,
    legal_actions,
    run,
    setup,
    stage_actions,
)
from .market import product_sales

__all__ = [
    "APPLY",
    "DRY_PEND",
    "DRY_PEND_HUTS",
    "EQUIP_TOKENS",
    "FREE_STAGES",
    "HUT_NAMES",
    "NONWINTER_PHASES",
    "PHASES",
    "STAGE_ACTIONS",
    "WINTER_PHASES",
    "apply",
    "avail",
    "dryer_ok",
    "legal_actions",
    "product_sales",
    "run",
    "seat_name",
    "setup",
    "stage_actions",
    "worker",
]
