"""Magnum Sal's fixed action space and observation vector, for the research bindings
(:mod:`meeple.interop`: PettingZoo and OpenSpiel).

The action space is every notation the rules can ever offer (MS-7 to MS-20), taken from the
prebuilt action tables of :mod:`.actions` and :mod:`.rules` (which derive them from the mine
geometry, tools, orders and colours of ``components.json``): the same list for every player
count and variant. The observation vector is built only from ``state.observation(seat)``.
"""

from __future__ import annotations

from meeple.interop.spaces import Writer, collect_actions, vocabulary

from . import actions as A
from . import components as C
from . import rules as R

_SINGLE = (
    A.PASS,
    A.DONE,
    A.PLACE,
    A.INN,
    A.MARKET,
    A.SQUARE,
    A.CASTLE,
    A.CASTLE_ROYAL,
    A.ROPE,
    A.PICKAXE,
    A.COMMERCIAL,
    A.PUMP_MORE,
    A.PENALTY_MONEY,
)
_NOTATIONS = tuple(
    collect_actions(
        _SINGLE,
        R.ASSIST,
        R.WORKSHOP,
        R.EXTRACT,
        R.PUMP,
        R.BUCKET,
        R.FOOD,
        R.FROM,
        R.TO,
        R.TAKE,
        R.CART,
        R.PAY,
        R.SELL,
        R.BUY,
        R.DELIVER,
        R.PENALTY_SALT,
    )
)


def action_notations(num_players: int, variant: str) -> list[str]:
    """The fixed action space: index ``i`` is notation ``[i]`` (the same list for every player
    count and variant; ``pay`` names all four seat colours)."""
    return list(_NOTATIONS)


_TILES = vocabulary(sorted(C.TILES))
_ORDERS = vocabulary(sorted(C.ORDERS))
_KINDS = {k: i for i, k in enumerate(C.TOOL_KINDS)}
_KINDS.update({C.TOOL_SHORT[k]: i for i, k in enumerate(C.TOOL_KINDS)})
_BUILDINGS = vocabulary(C.ASSIST_BUILDINGS)
STAGES = (
    "main",
    "place_from",
    "place_to",
    "rope",
    "extract",
    "pay",
    "assist_from",
    "castle_from",
    "market",
    "pump",
    "food",
    "deliver",
    "penalty",
)
_STAGES = vocabulary(STAGES)
CTX_SLOTS = 16

OBSERVATION_LAYOUT = {
    "seat": "one-hot of the observing seat (n)",
    "current_player": "one-hot of the seat to act (n; all zero when the game is over)",
    "money": "groše per seat (n)",
    "owned": "miners owned per seat (n)",
    "supply": "miners in each seat's supply (n)",
    "rested": "rested miners per space and seat (24 spaces x 4)",
    "tired": "tired miners per space and seat (24 x 4)",
    "occ": "miners per mine space (24)",
    "assist": "assistant per building (4: workshop, pump, market, castle)",
    "q_right": "castle queue, right (4)",
    "q_left": "castle queue, left (4)",
    "tile": "per chamber, one-hot of its tile when seen (18 x tiles; zero = not seen)",
    "revealed": "chamber revealed (18)",
    "flipped": "chamber flipped (18)",
    "water": "water cubes per chamber (18)",
    "orders_up": "face-up royal orders (counts per order id)",
    "order_stack": "orders left in the stack",
    "display": "workshop display, one-hot tool kind per 3/4/5 slot (3 x 7)",
    "pile": "face-down tools of this phase",
    "deck": "tools in the deck",
    "gone_hidden": "tools gone unseen",
    "gone_seen": "tools gone from the display (counts per kind, 7)",
    "market": "market cubes per colour (3)",
    "visited": "buildings visited this turn (4)",
    "salt": "salt cubes per seat and colour (n x 3)",
    "tools": "tools per seat and kind (n x 7)",
    "tools_used": "used tools per seat and kind (n x 7)",
    "csalt": "salt cubes per chamber and colour (18 x 3)",
    "orders_done": "royal orders delivered per seat (n)",
    "counters": "order_counter, inn, phase, round, rounds_total, capped, start, turn, actions_left, "
    "acted, triggered, over, arrivals (13)",
    "stage": "one-hot of the pending sub-decision (STAGES)",
    "ctx": f"the sub-decision's context numbers, flattened ({CTX_SLOTS}, zero padded)",
    "scores": "groše each seat would score now (n)",
}


def observation_vector(obs: dict, num_players: int, variant: str, writer: Writer | None = None) -> list[float]:
    """The fixed-length vector of ``obs`` (``state.observation(seat)``), see
    :data:`OBSERVATION_LAYOUT`; its length depends on ``num_players`` only.

    Raises:
        ValueError: a field holds more values than its slots (never for a real observation).
    """
    n = num_players
    w = writer or Writer()
    seats = range(n)
    w.onehot("seat", obs["seat"], {s: s for s in seats})
    w.onehot("current_player", obs["current_player"], {s: s for s in seats})
    w.numbers("money", obs["money"], n)
    w.numbers("owned", obs["owned"], n)
    w.numbers("supply", obs["supply"], n)
    w.numbers("rested", obs["rested"], C.NSPACES * 4)
    w.numbers("tired", obs["tired"], C.NSPACES * 4)
    w.numbers("occ", obs["occ"], C.NSPACES)
    w.numbers("assist", obs["assist"], 4)
    w.numbers("q_right", obs["q_right"], 4)
    w.numbers("q_left", obs["q_left"], 4)
    w.onehots("tile", obs["tile"], _TILES)
    w.numbers("revealed", obs["revealed"], C.NCHAMBERS)
    w.numbers("flipped", obs["flipped"], C.NCHAMBERS)
    w.numbers("water", obs["water"], C.NCHAMBERS)
    w.counts("orders_up", obs["orders_up"], _ORDERS)
    w.scalar("order_stack", obs["order_stack"])
    w.onehots("display", obs["display"], _KINDS)
    w.scalar("pile", obs["pile"])
    w.scalar("deck", obs["deck"])
    w.scalar("gone_hidden", obs["gone_hidden"])
    w.counts("gone_seen", obs["gone_seen"], _KINDS)
    w.numbers("market", obs["market"], 3)
    w.counts("visited", obs["visited"], _BUILDINGS)
    w.nested("salt", obs["salt"], n * 3, depth=2)
    nk = len(C.TOOL_KINDS)
    for s in seats:
        w.counts(f"tools[{s}]", obs["tools"][s], _KINDS)
    for s in seats:
        w.counts(f"tools_used[{s}]", [k for k, u in zip(obs["tools"][s], obs["tools_used"][s]) if u], _KINDS)
    assert nk == 7
    w.nested("csalt", obs["csalt"], C.NCHAMBERS * 3, depth=2)
    w.numbers("orders_done", [len(x) for x in obs["orders_done"]], n)
    w.numbers(
        "counters",
        [
            obs[k]
            for k in (
                "order_counter",
                "inn",
                "phase",
                "round",
                "rounds_total",
                "capped",
                "start",
                "turn",
                "actions_left",
                "acted",
                "triggered",
                "over",
                "arrivals",
            )
        ],
        13,
    )
    w.onehot("stage", obs["stage"], _STAGES)
    w.nested("ctx", obs["ctx"], CTX_SLOTS)
    w.numbers("scores", obs["scores"], n)
    return w.values
