"""Typed loading of King Solomon's Treasury's ``components.json`` (loaded once, cached).

Everything that describes the physical game (card shapes, tile mix, coins, hand sizes,
scoring bonuses) is read from the data file; card shapes and the tile mix are ASSUMED
there (RULES.md SO-1.2, SO-1.3) and may be replaced without touching the code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Card:
    """One dig card (SO-1.2).

    Attributes:
        number: 1..32, the turn-order priority (lower plays first, SO-4.3).
        cells: the card's squares as ``(dx, dy)`` offsets in the card frame (arrow to the
            cave entrance, SO-2.5), normalised so min dx = min dy = 0.
        name: a short description from the data file.
    """

    number: int
    cells: tuple[tuple[int, int], ...]
    name: str

    @property
    def size(self) -> int:
        """Number of squares (3..6) = tiles dug."""
        return len(self.cells)


@dataclass(frozen=True)
class Components:
    """All component data of the game.

    Attributes:
        width, height: board size in spaces (6 x 6, SO-1.1).
        max_stack: most tiles a space may hold (4, SO-6.3).
        cards: dict number -> :class:`Card`.
        mix_gold / mix_brown / mix_total: tile code -> count (SO-1.3, ASSUMED split).
        start_coins: players -> coins each (SO-3.3).
        hand_size: players -> cards each (SO-3.4).
        per_scroll_set: points per full scroll set (10, SO-12.2).
        curse_bonus / magic_bonus: (first, second) bonuses (SO-12.3, SO-12.4).
        item_names: item code -> full name.
    """

    width: int
    height: int
    max_stack: int
    cards: dict
    mix_gold: dict
    mix_brown: dict
    mix_total: dict
    start_coins: dict
    hand_size: dict
    per_scroll_set: int
    curse_bonus: tuple[int, int]
    magic_bonus: tuple[int, int]
    item_names: dict


def _raw() -> dict:
    text = resources.files("meeple.games.solomon").joinpath("components.json").read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def load() -> Components:
    """The parsed component data (cached; never mutate it)."""
    d = _raw()
    cards = {}
    for c in d["dig_cards"]["cards"]:
        cells = tuple((int(x), int(y)) for x, y in c["cells"])
        cards[int(c["number"])] = Card(int(c["number"]), cells, str(c.get("name", "")))
    mix = d["tiles"]["mix"]
    sc = d["scoring"]
    return Components(
        width=int(d["board"]["width"]),
        height=int(d["board"]["height"]),
        max_stack=int(d["board"]["max_stack_height"]),
        cards=cards,
        mix_gold={k: int(v) for k, v in mix["gold"].items()},
        mix_brown={k: int(v) for k, v in mix["dark_brown"].items()},
        mix_total={k: int(v) for k, v in mix["total"].items()},
        start_coins={int(k): int(v) for k, v in d["coins"]["start_per_player"].items()},
        hand_size={int(k): int(v) for k, v in d["hand_size_by_players"].items() if k.isdigit()},
        per_scroll_set=int(sc["per_full_scroll_set"]),
        curse_bonus=(int(sc["curse_majority"]["first"]), int(sc["curse_majority"]["second"])),
        magic_bonus=(int(sc["magic_majority"]["first"]), int(sc["magic_majority"]["second"])),
        item_names={k: v["name"] for k, v in d["magic_items"].items() if isinstance(v, dict)},
    )


# Tile codes (SO-1.3): T1..T5 treasure, C1..C3 curse, S1..S4 scroll, MI/PX/SE/AM items.
ITEMS = ("MI", "PX", "SE", "AM")
SCROLLS = ("S1", "S2", "S3", "S4")


def treasure_value(code: str) -> int:
    """Printed value of a treasure tile (0 for any other tile)."""
    return int(code[1]) if code[0] == "T" else 0


def curse_value(code: str) -> int:
    """Printed value of a curse tile (0 for any other tile)."""
    return int(code[1]) if code[0] == "C" else 0


ALL_CODES = ("T1", "T2", "T3", "T4", "T5", "C1", "C2", "C3", "S1", "S2", "S3", "S4", "MI", "PX", "SE", "AM")
TREASURE = {c: treasure_value(c) for c in ALL_CODES}
CURSE = {c: curse_value(c) for c in ALL_CODES}
