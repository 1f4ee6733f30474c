"""Typed, cached access to Lignum's ``components.json`` (the package's copy of the spec data).

Everything the rules need (prices, yields, drying bonuses, path layout, per-player-count
setup, token counts, placement / winter / task cards) is read from that file once, at import.
ASSUMED data (winter, placement and most task cards) lives only in the JSON file.

Piece encoding used throughout the engine (ints ``0..5``):
``0 FW`` firewood disc, ``1 SW`` softwood disc, ``2 HW`` hardwood disc,
``3 sFW`` sawn firewood, ``4 sSW`` sawn softwood, ``5 sHW`` sawn hardwood.
Mill locations for sellable wood (ints ``0..3``): ``0 sales`` room, ``1 d1``, ``2 d2``, ``3 d3``.
"""

from __future__ import annotations

import json
from importlib import resources

_DATA = json.loads(resources.files("meeple.games.lignum").joinpath("components.json").read_text(encoding="utf-8"))

FW, SW, HW, SFW, SSW, SHW = range(6)
PIECE_NAMES = ("FW", "SW", "HW", "sFW", "sSW", "sHW")
PIECE_INDEX = {n: i for i, n in enumerate(PIECE_NAMES)}
_JSON_PIECE = {
    "firewood": FW,
    "softwood": SW,
    "hardwood": HW,
    "sawn_firewood": SFW,
    "sawn_softwood": SSW,
    "sawn_hardwood": SHW,
}

_w = _DATA["wood"]
#: LG-15.2 base sale price in dollars per piece; ``None`` = never sellable (hardwood disc).
BASE_PRICE = (
    _w["uncut"]["firewood"]["base_price"],
    _w["uncut"]["softwood"]["base_price"],
    _w["uncut"]["hardwood"]["base_price"],
    _w["sawn"]["sawn_firewood"]["base_price"],
    _w["sawn"]["sawn_softwood"]["base_price"],
    _w["sawn"]["sawn_hardwood"]["base_price"],
)
#: LG-13.2 sawing yield: disc kind -> number of sticks of kind ``disc + 3``.
SAW_YIELD = (_w["sawing_yield"]["firewood"], _w["sawing_yield"]["softwood"], _w["sawing_yield"]["hardwood"])

LOC_NAMES = ("sales", "d1", "d2", "d3")
#: LG-15.2 drying bonus per location (sales, d1, d2, d3), dollars per piece.
BONUS = tuple(loc["bonus"] for loc in _DATA["drying"]["locations"])
_cap = _DATA["drying"]["locations"][1]["capacity"]
#: LG-16.2 dryer capacity: one disc or up to two sticks, never mixed.
DRYER_DISC_MAX = _cap["uncut_max"]
DRYER_STICK_MAX = _cap["sawn_max"]

START_MONEY = {"basic": _DATA["starting_money"]["basic"], "advanced": _DATA["starting_money"]["advanced_tasks"]}

# ------------------------------------------------------------------ tokens
EQUIP_NAMES = ("saw", "raft", "wagon", "sled")  # a player's equipment store order
PRODUCT_NAMES = ("stake", "board", "shingle", "reed", "joker")
JOKER = PRODUCT_NAMES.index("joker")  # a seat's products are counted in this order
_cc = _DATA["component_counts"]
#: LG-2.4 equipment-token supply at setup, by token name.
EQUIP_COUNTS = dict(_cc["equipment_tokens"])
PRODUCT_COUNTS = tuple(_cc["product_tokens"][_n if _n != "reed" else "reed_bundle"] for _n in PRODUCT_NAMES)
FODDER_TOTAL = _cc["fodder_sheaves"]["count"]
MAX_SAWS = _DATA["supply_path"]["spaces"][18]["saw_cap"]
PRODUCT_SET_PRICE = {int(k): v for k, v in _DATA["market_product_sales"]["identical_tokens_to_dollars"].items()}

# ------------------------------------------------------------------- path
SPACES = {sp["id"]: sp for sp in _DATA["supply_path"]["spaces"]}
TOKEN_SPACES = tuple(_DATA["supply_path"]["token_space_ids"])
CAPACITY = tuple([0] + [SPACES[i]["capacity"] for i in range(1, 21)])
SPACE_TYPE = tuple([""] + [SPACES[i]["type"] for i in range(1, 21)])
CLEARING = 21  # foreman position meaning "in the clearing"


class CountSetup:
    """Per-player-count setup (LG-5.1, LG-5.2, LG-23): workers, fodder, token mix, cards."""

    def __init__(self, d: dict):
        self.carriers = d["carriers_space_4"]
        self.fodder = d["fodder_space_6"]
        self.woodcutters = d["woodcutters_space_10"]
        self.sawyers0 = d["sawyers_space_16"]["price_0"]
        self.sawyers1 = d["sawyers_space_16"]["price_1"]
        self.placement_cards = d["placement_cards_per_round"]
        self.three_fw_areas = d["first_round_areas"]["areas_with_3_firewood_and_a_player_token"]
        mix = d["path_token_mix"]
        self.mix = {k: v for k, v in mix.items() if k != "product_random"}
        self.products = mix["product_random"]


SETUP = {n: CountSetup(_DATA["player_count_setup"][str(n)]) for n in (2, 3, 4)}
TASKS_DISPLAYED = {int(k): v for k, v in _DATA["player_count_setup"]["tasks_displayed_per_round"].items()}

# ------------------------------------------------------------------ cards
#: Placement cards (LG-6): list of (id, ((area 1..6, item, count), ...)); item 0..2 wood kind, 3 food.
PLACEMENT_CARDS = tuple(
    (
        c["id"],
        tuple(
            (it["area"], {"firewood": 0, "softwood": 1, "hardwood": 2, "food": 3}[it["item"]], it["count"])
            for it in c["items"]
        ),
    )
    for c in _DATA["placement_cards"]["cards"]
)
#: Winter cards (LG-3.6): list of (id, (food, heating) harder, (food, heating) easier).
WINTER_CARDS = tuple(
    (c["id"], (c["harder"]["food"], c["harder"]["heating"]), (c["easier"]["food"], c["easier"]["heating"]))
    for c in _DATA["winter_cards"]["cards"]
)
#: Task cards (LG-25): list of (id, ((piece 0..5, level 0..2), ...), reward dollars).
TASK_CARDS = tuple(
    (c["id"], tuple((_JSON_PIECE[r["piece"]], r["level"]) for r in c["requires"]), c["reward"])
    for c in _DATA["task_cards"]["cards"]
)
TASK_INDEX = {c[0]: i for i, c in enumerate(TASK_CARDS)}

_loans = _DATA["loans"]
LOAN_AMOUNT = _loans["first_loan"]["receive"]
LOAN_REPAY = (0, _loans["first_loan"]["repay"], _loans["second_loan"]["repay_total_for_both"])
MAX_LOANS = _loans["max_loans"]
_win = _DATA["winter_rules"]
FOOD_PENALTY = _win["penalty_per_missing_food"]
HEAT_PENALTY = _win["penalty_per_missing_heating"]
FODDER_CAP = {int(k): v for k, v in _DATA["fodder"]["wagon_trip_capacity_by_value"].items()}

SEASONS = tuple(_DATA["rounds"]["sequence"])  # 8 rounds; index 3 and 7 are winters
WINTER_ROUNDS = (3, 7)
