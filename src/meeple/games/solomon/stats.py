"""Per-game statistics of King Solomon's Treasury for balance studies (``meeple report``),
computed off the hot path from a finished game's holdings (scoring.breakdown, SO-12).

Keys of :func:`game_stats` (the ``STATS`` table says how ``meeple report`` shows each); all
are per seat, read at the end (a stopped game: as things stand):

* ``curses``: the total printed value of the curses the seat dug (SO-12.3's measure).
* ``curse_bonus``: points the curse majority gave (24 first / 12 second, SO-12.3, SO-12.5 ..
  SO-12.8).
* ``items``: unused magic items held (SO-12.4's measure).
* ``item_bonus``: points the magic-item majority gave (16 / 8, SO-12.4 .. SO-12.8).
* ``scroll_points``: 10 a complete set of the four scroll symbols (SO-12.2).
* ``money``: coins plus treasure values (SO-12.2).
"""

from __future__ import annotations

from .scoring import breakdown

STATS = {
    "curses": {"by": "seat", "doc": "curse values dug (SO-12.3)"},
    "curse_bonus": {"by": "seat", "doc": "curse majority points (SO-12.3)"},
    "items": {"by": "seat", "doc": "unused magic items (SO-12.4)"},
    "item_bonus": {"by": "seat", "doc": "magic-item majority points (SO-12.4)"},
    "scroll_points": {"by": "seat", "doc": "scroll set points (SO-12.2)"},
    "money": {"by": "seat", "doc": "coins and treasure values (SO-12.2)"},
}
"""How each key is shown: ``by`` "seat": a list per seat."""


def game_stats(state) -> dict:
    """The statistics of a finished (or stopped) Solomon game ``state`` (keys: module
    docstring); changes nothing."""
    rows = breakdown(state)
    return {
        "curses": [r["curses"] for r in rows],
        "curse_bonus": [r["curse_bonus"] for r in rows],
        "items": [r["items"] for r in rows],
        "item_bonus": [r["item_bonus"] for r in rows],
        "scroll_points": [r["scrolls"] for r in rows],
        "money": [r["money"] for r in rows],
    }
