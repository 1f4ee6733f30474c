"""Lignum's fixed action space and observation vector, for the research bindings
(:mod:`meeple.interop`: PettingZoo and OpenSpiel).

The action space is every notation the rules can ever offer (LG-7 to LG-25): the prebuilt
tables of :mod:`.actions`, plus the counted actions up to the bounds of ``components.json``
(``carriers K`` up to the carriers of space 4 for this player count, ``cutters K`` up to its
woodcutters, ``raft K`` up to the raft tokens, ``sell`` product sets of 2-4 tokens with
jokers, LG-8.5). The observation vector is built only from ``state.observation(seat)``; the
hidden decks (placement, task, winter, product stack) appear as counts of the cards they
may hold, never in their order.
"""

from __future__ import annotations

from meeple.interop.spaces import Writer, collect_actions, unique, vocabulary

from . import actions as A
from . import components as C
from .rules import DRY_PEND_HUTS, NONWINTER_PHASES, WINTER_PHASES

_TABLES = (
    A.DONE,
    A.LOAN,
    A.BUILD,
    A.EXTRA,
    A.BUY_SAW,
    A.BUY_FOOD,
    A.SLED_FOOD,
    A.TO_HEAT,
    A.TO_SALES,
    A.AREA,
    A.GO,
    A.HUT,
    A.FOODHUT,
    A.RELOCATE,
    A.BONUS,
    A.RIVER,
    A.BURN,
    A.FELL,
    A.WFELL,
    A.SLED,
    A.CARRY,
    A.WAGON,
    A.SAW,
    A.PUT,
    A.SELL,
    A.DRY,
    A.DRYHUT,
    A.TASK_TAKE,
    A.FILL,
)


def action_notations(num_players: int, variant: str) -> list[str]:
    """The fixed action space of a ``num_players`` game: index ``i`` is notation ``[i]``
    (the same for every variant; the counted actions depend on the player count, LG-5.1)."""
    setup = C.SETUP[num_players]
    out = collect_actions(*_TABLES)
    out += [A.carriers(k).text for k in range(1, setup.carriers + 1)]
    out += [A.cutters(k).text for k in range(1, setup.woodcutters + 1)]
    out += [A.raft(k, w).text for w in range(3) for k in range(1, C.EQUIP_COUNTS["raft"] + 1)]
    for t in range(4):
        for size in (2, 3, 4):
            for jk in range(size):
                out.append(A.product_sale(t, size - jk, jk).text)
    out += [A.product_sale(C.JOKER, size, 0).text for size in (2, 3, 4)]
    return unique(out)


_TOKENS = vocabulary([""] + list(C.EQUIP_COUNTS) + ["p" + p for p in C.PRODUCT_NAMES])
PHASES = tuple(NONWINTER_PHASES + WINTER_PHASES + ("over",))
_PHASES = vocabulary(PHASES)
STAGES = (
    "",
    "choose",
    "tact",
    "travel",
    "space4",
    "space10",
    "space13",
    "space16",
    "market",
    "fell",
    "arrive",
    "transport",
    "move",
    "saw",
    "split",
    "tasks",
    "sell",
    "dry",
    "w_bonus",
    "w_fell",
    "w_sled",
    "w_saw",
    "w_tasks",
    "burn",
    "forced",
    "river",
)
_STAGES = vocabulary(STAGES)
_PLACEMENT = vocabulary(range(len(C.PLACEMENT_CARDS)))
_TASKS = vocabulary(range(len(C.TASK_CARDS)))
_WINTER = vocabulary(range(len(C.WINTER_CARDS)))
_PRODUCTS = vocabulary(range(len(C.PRODUCT_NAMES)))
PEND_SLOTS = DRY_PEND_HUTS
_SUPPLY = tuple(C.EQUIP_COUNTS)

HIDDEN_PRODUCTS = [-1, -1, -1, -1, -1]
"""A rival's product tokens under the option ``hidden_products`` (face down, LG-8.4.4): -1 in each slot."""

OBSERVATION_LAYOUT = {
    "seat": "one-hot of the observing seat (n)",
    "current_player": "one-hot of the seat to act (n; all zero when the game is over)",
    "money, loans, food, fodder3, fodder2, area, secret, pos, mill_free": "per seat, one block of n each (secret: the seat's own committed area, 0 for others)",
    "equip": "per seat [saw, raft, wagon, sled] (n x 4)",
    "products": "per seat [stake, board, shingle, reed, joker] (n x 5); with the option hidden_products a rival's face-down tokens read -1 each",
    "huts, workers, woodpile, river, sawroom, heat": "per seat 3 counts each (n x 3)",
    "mill": "per seat, location [sales, d1, d2, d3] and piece [FW SW HW sFW sSW sHW] (n x 4 x 6)",
    "tasks": "per seat and task card: held, requirements filled (n x 10 x 2)",
    "areas_wood": "wood per felling area [FW SW HW] (6 x 3)",
    "areas_food": "food per area (6)",
    "path_tok": "per path space 0..20, one-hot of its token (21 x tokens)",
    "path_w": "workers on the path [carriers, fodder, woodcutters, sawyers 0, sawyers 1] (5)",
    "order": "player-order track, seats from slot 1 (n)",
    "clearing": "seats in the clearing, -1 padded (n)",
    "pstack": "product stack, counts per product (5); with hidden_products the unseen tokens (stack and rivals' stores)",
    "pdeck": "placement deck, counts per card (15)",
    "pused": "placement cards used (15)",
    "prevealed": "next round's placement cards (15)",
    "tdeck": "task deck (10)",
    "tdisplay": "task display (10)",
    "wrest": "unused winter cards (8)",
    "winter": "[card, half] for years 1 and 2 (4)",
    "counters": "round, pi, ti, actor, hut_left, debt, felled, acted (8)",
    "supply": "equipment-token supply by name (7)",
    "phase": "one-hot (PHASES)",
    "stage": "one-hot (STAGES)",
    "pend": f"pending bookkeeping numbers ({PEND_SLOTS}, zero padded; a stage name as its STAGES index)",
    "committed": "seats that committed their secret area (n)",
}


def observation_vector(obs: dict, num_players: int, variant: str, writer: Writer | None = None) -> list[float]:
    """The fixed-length vector of ``obs`` (``state.observation(seat)``), see
    :data:`OBSERVATION_LAYOUT`; its length depends on ``num_players`` only.

    Raises:
        ValueError: a field holds more values than its slots (never for a real observation).
    """
    n = num_players
    w = writer or Writer()
    seats = {s: s for s in range(n)}
    w.onehot("seat", obs["seat"], seats)
    w.onehot("current_player", obs["current_player"], seats)
    for k in ("money", "loans", "food", "fodder3", "fodder2", "area", "secret", "pos", "mill_free"):
        w.numbers(k, obs[k], n)
    for k, size in (
        ("equip", 4),
        ("products", 5),
        ("huts", 3),
        ("workers", 3),
        ("woodpile", 3),
        ("river", 3),
        ("sawroom", 3),
        ("heat", 3),
    ):
        value = obs[k]
        if k == "products":  # option hidden_products: a rival's tokens are face down (None): -1s
            value = [HIDDEN_PRODUCTS if v is None else v for v in value]
        w.nested(k, value, n * size, depth=2)
    w.nested("mill", obs["mill"], n * 24, depth=3)
    ntask = len(C.TASK_CARDS)
    for s in range(n):
        block = [0.0] * (2 * ntask)
        for t in obs["tasks"][s]:
            block[2 * t[0]] = 1.0
            block[2 * t[0] + 1] = float(sum(1 for f in t[1:] if f))
        w.numbers(f"tasks[{s}]", block, 2 * ntask)
    w.nested("areas_wood", obs["areas_wood"], 18, depth=2)
    w.numbers("areas_food", obs["areas_food"], 6)
    w.onehots("path_tok", obs["path_tok"], _TOKENS)
    w.numbers("path_w", obs["path_w"], 5)
    w.numbers("order", obs["order"], n, pad=-1.0)
    w.numbers("clearing", obs["clearing"], n, pad=-1.0)
    # option hidden_products: the stack is a count, and the seat knows only the unseen pool
    # (the stack and the rivals' face-down tokens, LG-8.4.4): its counts stand in the stack's slots
    w.counts("pstack", obs["unseen_products"] if "unseen_products" in obs else obs["pstack"], _PRODUCTS)
    w.counts("pdeck", obs["pdeck"], _PLACEMENT)
    w.counts("pused", obs["pused"], _PLACEMENT)
    w.counts("prevealed", obs["prevealed"], _PLACEMENT)
    w.counts("tdeck", obs["tdeck"], _TASKS)
    w.counts("tdisplay", obs["tdisplay"], _TASKS)
    w.counts("wrest", obs["wrest"], _WINTER)
    w.nested("winter", obs["winter"], 4, depth=2)
    w.numbers("counters", [obs[k] for k in ("round", "pi", "ti", "actor", "hut_left", "debt", "felled", "acted")], 8)
    sup = obs["supply"]
    w.numbers("supply", [sup.get(k, 0) for k in _SUPPLY], len(_SUPPLY))
    w.onehot("phase", obs["phase"], _PHASES)
    w.onehot("stage", obs["stage"], _STAGES)
    w.nested("pend", obs["pend"], PEND_SLOTS, words=_STAGES)
    w.numbers("committed", obs["committed"], n)
    return w.values
