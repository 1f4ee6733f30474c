"""King Solomon's Treasury's fixed action space and observation vector, for the research
bindings (:mod:`meeple.interop`: PettingZoo and OpenSpiel).

The action space is every notation the rules can ever offer (SO-4 to SO-11), from the
prebuilt tables of :mod:`.actions`: ``play N`` per dig card, ``move``/``back``, every tile
move between adjacent cells, ``use`` per magic item, every on-board placement of every
card with and without the Mirror (``dig ...``), ``pick`` per cell, ``decline`` and ``give``
per tile kind. The same list for every player count and variant. The observation vector is
built only from ``state.observation(seat)``.
"""

from __future__ import annotations

from meeple.interop.spaces import Writer, collect_actions, pack, vocabulary

from . import actions as A
from .components import ALL_CODES, ITEMS
from .rules import CHOOSE, GIVE_PHASE, OVER, TURN

_DIGS = [p[2] for card in A.CARD_NUMBERS for mirror in (0, 1) for p in A.PLACEMENTS[card][mirror]]
_NOTATIONS = tuple(collect_actions(A.PLAY, A.MOVE_GATE, A.BACK, A.MOVE, A.USE, _DIGS, A.PICK, A.DECLINE, A.GIVE))


def action_notations(num_players: int, variant: str) -> list[str]:
    """The fixed action space: index ``i`` is notation ``[i]`` (the same list for every
    player count and variant)."""
    return list(_NOTATIONS)


_CODES = vocabulary(ALL_CODES)
_ITEMS = vocabulary(ITEMS)
_CARDS = vocabulary(A.CARD_NUMBERS)
_CELLS = vocabulary(A.CELL_NAMES)
PHASES = (CHOOSE, TURN, GIVE_PHASE, OVER)
_PHASES = vocabulary(PHASES)
GIVES_SLOTS = 8

OBSERVATION_LAYOUT = {
    "seat": "one-hot of the observing seat (n)",
    "current_player": "one-hot of the seat to act (n; all zero when the game is over)",
    "phase": "one-hot (choose, turn, give, over)",
    "counters": "round, rounds, turn_index, moves, moving, backs, max_moves, box_size, removed_count (9)",
    "order": "turn order of this round, seats, -1 padded (n)",
    "declared": "magic items declared this turn (counts per item, 4)",
    "picks": "cells picked with Solomon's Seal (36)",
    "gives": f"seats still to receive a tile (SO-10.3), -1 padded ({GIVES_SLOTS})",
    "board[c]": "per cell a1..f6: height, unseen tiles, one-hot of the top tile (when seen), "
    "counts of the seen tiles (36 x (2 + 16 + 16))",
    "players[p]": "per seat: coins, unknown_tiles, hand_size, committed, choice (-1 unknown), "
    "known_tiles counts (16), secret_tiles counts (16; own or at the end), "
    "hand (32 cards, own only) (n x 69)",
    "discard": "dig cards discarded (32)",
    "spent": "tiles spent (counts, 16)",
    "used": "items used (counts, 16)",
}


_CELL_CACHE: dict = {}


def _recording(w: Writer) -> bool:
    return w._record


def _cell(c: dict, w: Writer) -> None:
    seen = c["seen"]
    name = c["cell"]
    w.numbers(f"board[{name}]", (c["height"], c["unseen"]), 2)
    w.onehot(f"board[{name}].top", seen[-1] if seen else None, _CODES)
    w.counts(f"board[{name}].seen", seen, _CODES)


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
    w.onehot("phase", obs["phase"], _PHASES)
    w.numbers(
        "counters",
        [
            obs[k]
            for k in (
                "round",
                "rounds",
                "turn_index",
                "moves",
                "moving",
                "backs",
                "max_moves",
                "box_size",
                "removed_count",
            )
        ],
        9,
    )
    w.numbers("order", obs["order"], n, pad=-1.0)
    w.counts("declared", obs["declared"], _ITEMS)
    w.counts("picks", obs["picks"], _CELLS)
    w.numbers("gives", obs["gives"], GIVES_SLOTS, pad=-1.0)
    if _recording(w):  # the layout names every cell
        for c in obs["board"]:
            _cell(c, w)
    else:  # a cell's 34 numbers depend on its height, unseen count and seen tiles only: cached
        cache = _CELL_CACHE
        if len(cache) > 200_000:
            cache.clear()
        for c in obs["board"]:
            key = (c["height"], c["unseen"], tuple(c["seen"]))
            block = cache.get(key)
            if block is None:
                one = Writer()
                _cell(c, one)
                block = cache[key] = (tuple(one.values), pack(one.values))
            w.block(*block)
    for p, pl in enumerate(obs["players"]):
        w.numbers(
            f"players[{p}]",
            (pl["coins"], pl["unknown_tiles"], pl["hand_size"], pl["committed"], pl["choice"]),
            5,
            nullable=True,
        )
        w.counts(f"players[{p}].known_tiles", pl["known_tiles"], _CODES)
        w.counts(f"players[{p}].secret_tiles", pl["secret_tiles"] or (), _CODES)
        w.counts(f"players[{p}].hand", pl["hand"] or (), _CARDS)
    w.counts("discard", obs["discard"], _CARDS)
    w.counts("spent", obs["spent"], _CODES)
    w.counts("used", obs["used"], _CODES)
    return w.values
