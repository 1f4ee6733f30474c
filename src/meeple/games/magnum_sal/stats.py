"""Per-game statistics of Magnum Sal for balance studies (``meeple report``), computed off
the hot path from a finished game's event log (``State.events``).

Keys of :func:`game_stats` (the ``STATS`` table says how ``meeple report`` shows each):

* ``orders_by_phase``: ``[I, II, III]`` royal orders completed in each phase (MS-19.4,
  all seats together; MS-21.1 ends a phase after the round of the 2-player 4th/.. order).
* ``orders_by_seat``: per seat, royal orders completed over the game.
* ``salt_by_level``: ``[I, II, III]`` salt cubes extracted from the chambers of each mine
  level (MS-10.1, every colour, all seats); cubes bought at the market are not counted.
* ``phases_capped``: phases ended by the ``max_rounds`` safety cap (not a rule) instead of by
  royal orders (0-3).
"""

from __future__ import annotations

import re

from . import components as C

STATS = {
    "orders_by_phase": {"by": list(C.PHASE_NAMES), "doc": "royal orders completed in each phase (MS-19.4)"},
    "orders_by_seat": {"by": "seat", "doc": "royal orders completed by each seat"},
    "salt_by_level": {
        "by": [f"level {x}" for x in C.TILES_BY_LEVEL],
        "doc": "salt cubes extracted from each mine level (MS-10.1)",
    },
    "phases_capped": {"by": None, "doc": "phases ended by the max_rounds safety cap, not by royal orders"},
}
"""How each key is shown: ``by`` "seat" (a list per seat), a list of labels (a list, one
value a label), or None (one number)."""

_PHASE = re.compile(r"^Phase (\w+) begins")
_EXTRACT = re.compile(r"^\S+ extracts (.+?) from (\S+?)(?: using .*)?; ")
_ORDER = re.compile(r"^(\S+) completes royal order ")
_CUBES = re.compile(r"(\d+) (brown|green|white)")


def game_stats(state) -> dict:
    """The statistics of a finished (or stopped) Magnum Sal game ``state`` (keys: module
    docstring). Reads ``state.events``; changes nothing."""
    levels = list(C.TILES_BY_LEVEL)
    seats = {state.seat_name(s): s for s in range(state.num_players)}
    orders = [0] * len(C.PHASE_NAMES)
    by_seat = [0] * state.num_players
    salt = [0] * len(levels)
    phase = 0
    capped = 0
    for line in state.events:
        m = _PHASE.match(line)
        if m:
            phase = C.PHASE_NAMES.index(m.group(1))
            continue
        m = _ORDER.match(line)
        if m:
            orders[phase] += 1
            by_seat[seats[m.group(1)]] += 1
            continue
        m = _EXTRACT.match(line)
        if m:
            level = C.SPACES[C.SPACE_INDEX[m.group(2)]].level
            salt[levels.index(level)] += sum(int(k) for k, _ in _CUBES.findall(m.group(1)))
            continue
        if line.startswith("Safety cap: phase ends"):
            capped += 1
    return {"orders_by_phase": orders, "orders_by_seat": by_seat, "salt_by_level": salt, "phases_capped": capped}
