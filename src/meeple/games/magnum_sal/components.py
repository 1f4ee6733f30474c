"""Typed, cached loading of Magnum Sal's ``components.json`` (the package's copy).

Everything the rules need from the data file is exposed here as module-level constants
built once at import: mine geometry (MS-2), chamber tiles (MS-1.2), royal orders (MS-1.3),
tools (MS-1.4), market columns (MS-17.1), inn track (MS-14.1), per-player-count numbers
(MS-23) and the end-of-game tool values (MS-22.1). Money is in groše throughout.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

_DATA = json.loads(resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8"))

COLOURS = tuple(_DATA["salt_colours"]["values"])  # ("brown", "green", "white"), index 0..2
SALT_END_VALUE = int(_DATA["salt_colours"]["end_game_value_each"])  # MS-22.1: 3 groše a cube
PHASES = int(_DATA["phases"]["count"])
PHASE_NAMES = ("I", "II", "III")

# ---------------------------------------------------------------- players (MS-3, MS-23)
_P = _DATA["players"]
MAX_MINERS = int(_P["max_miners_per_player"])
STARTING_MINERS = {int(k): int(v) for k, v in _P["starting_miners"].items()}
STARTING_SALT = tuple(int(_P["starting_salt"][c]) for c in COLOURS)
STARTING_MONEY = tuple(int(x) for x in _P["starting_money_by_seat"])
SEAT_COLOURS = tuple(_P["colours_example"])  # cosmetic names of seats 0..3


# ---------------------------------------------------------------- mine geometry (MS-2)
@dataclass(frozen=True)
class Space:
    """One mine space. ``index`` is its position in :data:`SPACES` (parents come first)."""

    id: str
    index: int
    kind: str  # "shaft" or "chamber"
    parent: int  # index of the parent space, -1 for S1
    path: tuple[int, ...]  # path to the surface in travel order (MS-2.5)
    level: str | None
    side: str | None
    depth_index: int | None  # chamber index 1..4 within its corridor
    further: tuple[int, ...]  # further chambers of the corridor (MS-2.6)
    bucket_adjacent: tuple[int, ...]  # MS-2.7


_raw_spaces = _DATA["mine"]["spaces"]
_ids = [s["id"] for s in _raw_spaces]
_idx = {sid: i for i, sid in enumerate(_ids)}
SPACES: tuple[Space, ...] = tuple(
    Space(
        id=s["id"],
        index=i,
        kind=s["kind"],
        parent=_idx[s["parent"]] if s["parent"] else -1,
        path=tuple(_idx[p] for p in s["path_to_surface"]),
        level=s.get("level"),
        side=s.get("side"),
        depth_index=s.get("index"),
        further=tuple(_idx[p] for p in s.get("further_chambers_in_corridor", [])),
        bucket_adjacent=tuple(_idx[p] for p in s.get("bucket_adjacent_chambers", [])),
    )
    for i, s in enumerate(_raw_spaces)
)
NSPACES = len(SPACES)
SPACE_IDS = tuple(_ids)
SPACE_INDEX = dict(_idx)
for _s in SPACES:  # parents always precede children (connectivity is computed in one pass)
    assert _s.parent < _s.index
PARENT = tuple(s.parent for s in SPACES)
PATH = tuple(s.path for s in SPACES)
PATH_SETS = tuple(frozenset(s.path) for s in SPACES)
DESCENDANTS = tuple(tuple(d.index for d in SPACES if s.index in d.path) for s in SPACES)
FIRST_CHAMBER = min(i for i, s in enumerate(SPACES) if s.kind == "chamber")
CHAMBERS = tuple(i for i, s in enumerate(SPACES) if s.kind == "chamber")
assert CHAMBERS == tuple(range(FIRST_CHAMBER, NSPACES))
NCHAMBERS = len(CHAMBERS)
FURTHER = tuple(s.further for s in SPACES)
BUCKET_ADJ = tuple(s.bucket_adjacent for s in SPACES)
CHAMBER_LEVEL = tuple(SPACES[c].level for c in CHAMBERS)  # by chamber number 0..17
# adjacent space pairs on each path (MS-2.8), for the cart
CART_SEGMENTS = tuple(
    tuple((p,) for p in s.path) + tuple((s.path[k], s.path[k + 1]) for k in range(len(s.path) - 1)) for s in SPACES
)


# ---------------------------------------------------------------- tiles (MS-1.2)
@dataclass(frozen=True)
class Tile:
    """A mine chamber tile: printed salt ``(brown, green, white)`` and water cubes."""

    id: str
    level: str
    salt: tuple[int, int, int]
    water: int


TILES: dict[str, Tile] = {}
TILES_BY_LEVEL: dict[str, tuple[str, ...]] = {}
for _lvl, _tiles in _DATA["mine_chamber_tiles"]["per_level"].items():
    TILES_BY_LEVEL[_lvl] = tuple(t["id"] for t in _tiles)
    for t in _tiles:
        TILES[t["id"]] = Tile(t["id"], _lvl, tuple(int(t["salt"][c]) for c in COLOURS), int(t["water"]))
LEVEL_CHAMBERS = {lvl: tuple(c - FIRST_CHAMBER for c in CHAMBERS if SPACES[c].level == lvl) for lvl in TILES_BY_LEVEL}


# ---------------------------------------------------------------- royal orders (MS-1.3)
@dataclass(frozen=True)
class Order:
    """A royal order: demanded salt ``(brown, green, white)`` and the reward in groše."""

    id: str
    phase: int  # 0, 1, 2
    requires: tuple[int, int, int]
    reward: int


_RO = _DATA["royal_orders"]
ORDERS: dict[str, Order] = {}
ORDERS_BY_PHASE: list[tuple[str, ...]] = []
for _ph, _name in enumerate(PHASE_NAMES):
    ids = []
    for o in _RO["per_phase"][_name]:
        ORDERS[o["id"]] = Order(o["id"], _ph, tuple(int(o["requires"][c]) for c in COLOURS), int(o["reward"]))
        ids.append(o["id"])
    ORDERS_BY_PHASE.append(tuple(ids))
ORDERS_FACE_UP = {int(k): int(v) for k, v in _RO["face_up"].items()}
ORDERS_TO_END_PHASE = {int(k): int(v) for k, v in _RO["orders_to_end_phase"].items()}

# ---------------------------------------------------------------- tools (MS-1.4, MS-22.1)
_T = _DATA["tools"]
TOOL_KINDS = tuple(_T["kinds"])
TOOL_COPIES = int(_T["copies_per_kind"])
TOOLS_PER_PHASE = int(_T["dealt_per_phase"])
DISPLAY_PRICES = tuple(int(x) for x in _T["display_prices"])
TOOL_SHORT = {
    "rope": "rope",
    "pickaxe": "pickaxe",
    "bucket": "bucket",
    "cart": "cart",
    "food": "food",
    "commercial_privilege": "commercial",
    "royal_privilege": "royal",
}
_TV = _DATA["tool_end_values"]
_TOOL_TABLE = tuple((int(r["tools_min"]), r["tools_max"], int(r["grosze"])) for r in _TV["table"])


def tool_end_value(count: int) -> int:
    """End-of-game value in groše of owning ``count`` tools, used or not (MS-22.1)."""
    if count <= 0:
        return int(_TV["zero_tools"])
    for lo, hi, v in _TOOL_TABLE:
        if count >= lo and (hi is None or count <= int(hi)):
            return v
    return _TOOL_TABLE[-1][2]


# ---------------------------------------------------------------- market (MS-17)
_M = _DATA["market"]
MARKET_COLUMNS = tuple(tuple(int(x) for x in _M["columns"][c]["spaces_top_to_bottom"]) for c in COLOURS)
MARKET_INITIAL = tuple(int(_M["initial_cubes"][c]["count"]) for c in COLOURS)
MARKET_REFILL = tuple(_M["end_of_phase_refill"][c] for c in COLOURS)  # dict or None
MARKET_LOWEST = tuple(col[0] for col in MARKET_COLUMNS)
for _col, _ref in zip(MARKET_COLUMNS, MARKET_REFILL):  # MS-21.3(6): the refill cube goes on the
    assert _ref is None or (_ref["if_count_is"] == 0 and _ref["add_on_price"] == _col[-1])  # bottom space


def sell_price(colour: int, count: int) -> int | None:
    """Price received for selling into a column holding ``count`` cubes (MS-17.3); None if full."""
    col = MARKET_COLUMNS[colour]
    if count >= len(col):
        return None
    return col[len(col) - 1 - count]


def buy_price(colour: int, count: int) -> int | None:
    """Price of buying from a column holding ``count`` cubes (MS-17.4); None if empty."""
    col = MARKET_COLUMNS[colour]
    if count <= 0:
        return None
    return col[len(col) - count]


# ---------------------------------------------------------------- inn, pump, castle
INN_TRACK = tuple(int(x) for x in _DATA["inn"]["cost_track"])
INN_START = {int(k): int(v) for k, v in _DATA["inn"]["start_index"].items()}
CASTLE_PENALTY_MONEY = int(_DATA["castle"]["penalty_money"])
SQUARE_INCOME = int(_DATA["town_square"]["income"])
ASSISTANT_INCOME = int(_DATA["buildings_with_assistant_space"]["assistant_income"])
ASSIST_BUILDINGS = ("workshop", "pump", "market", "castle")  # MS-12.1 (pump = pump house)
ACTIONS_FIRST_ROUND = int(_DATA["actions_per_turn"]["first_round_of_phase"])
ACTIONS_LATER = int(_DATA["actions_per_turn"]["later_rounds"])


def pump_cost(m: int) -> int:
    """Total groše for removing ``m`` >= 1 water cubes in one pump visit (MS-16.1)."""
    return m * (m + 1) // 2 - 1
