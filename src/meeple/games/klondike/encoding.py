"""Klondike 1896's fixed action space and observation vector, for the research bindings
(:mod:`meeple.interop`: PettingZoo and OpenSpiel).

The action space of a (player count, variant) is every notation the rules can offer there
(KL-50.3), from the prebuilt tables of :mod:`.actions` and the claim placements of
:mod:`.components`: ``tile F R`` per face and rotation; in game 1 (``family``, ``square``)
``bid SLOT N`` per front-row slot and every ruby amount up to :data:`RUBY_CAP`, ``sbid N``
from the lowest supplementary bid (KL-16.2), ``pass``, ``discard``; every ``place`` of every
claim kind on the variant's board (6x24 row, 12x12 square; game 2's rows of 1-4 tiles are
the first columns of the 6x24 row and use its notations); in game 2 (``race``) ``build``,
``claim``, ``undo``, ``relayout``, ``done``, ``back``, ``pick`` per favour card and ``fate``
per seat. The observation vector is built only from ``state.observation(seat)``.
"""

from __future__ import annotations

from meeple.interop.spaces import Writer, collect_actions, pack, unique, vocabulary

from . import actions as A
from . import components as C

RUBY_CAP = C.START_RUBIES + 4 * max(
    sum(row.count("R") for row in face["rows"]) for face in C.DATA["landscape_tiles"]["faces"].values()
)
"""The most rubies a seat can ever hold in game 1: the 3 it starts with (KL-10.4) and every
ruby cell of its four tiles (a claim covers each cell once; no other source of rubies), so the
bids ``bid SLOT N`` and ``sbid N`` the space holds go up to it."""


def _shape_for(variant: str):
    return C.SQUARE_SHAPE if variant == "square" else C.FAMILY_SHAPE


def action_notations(num_players: int, variant: str) -> list[str]:
    """The fixed action space of ``num_players`` and ``variant`` (``family``, ``square`` or
    ``race``): index ``i`` is notation ``[i]``."""
    out = collect_actions(A.TILE_ACTIONS)
    if variant == "race":
        out += collect_actions(
            A.BUILD, A.CLAIM_ACTIONS, A.UNDO, A.RELAYOUT, A.DONE, A.BACK, A.PICK_ACTIONS, A.FATE_ACTIONS[:num_players]
        )
    else:
        out += [A.bid_action(s, x).text for s in range(num_players) for x in range(RUBY_CAP + 1)]
        out += [A.sbid_action(x).text for x in range(C.SUPP_MIN_BID, RUBY_CAP + 1)]
        out += [A.PASS.text, A.DISCARD.text]
    out += [a.text for a in _shape_for(variant).action]
    return unique(out)


_KINDS = vocabulary(k.id for k in C.KINDS)
_FACES = vocabulary(C.FACE_NAMES)
_REQ = vocabulary(c.id for c in C.REQ_CARDS)
_FAV = vocabulary(c.id for c in C.FAVOUR_CARDS)
PHASES = ("layout", "auction", "place", "sauction", "splace", "end", "build", "tick", "pick", "lastpick", "fate")
_PHASES = vocabulary(PHASES)
_STATUS = vocabulary(("racing", "finished", "last"))
BOARD_CELLS = 144
"""Cells of a board in the vector: 6 x 24 (game 1 row, game 2's row on its first columns) or
12 x 12 (square)."""


_COVER: dict = {}
"""(square, tiles in the row, claim notation) -> the vector's cell indices it covers."""


def _cover(square: bool, ntiles: int, text: str) -> tuple:
    key = (square, ntiles, text)
    cells = _COVER.get(key)
    if cells is None:
        if square:
            sh, cols = C.SQUARE_SHAPE, C.SQ_SIZE
        else:
            sh, cols = C.shape(C.TILE, C.TILE * max(1, ntiles)), C.TILE * 4
        cells = _COVER[key] = tuple(r * cols + c for r, c in (divmod(i, sh.cols) for i in sh.cells[sh.by_text[text]]))
    return cells


_BOARD_CACHE: dict = {}


def _board(layout: str | list, claims, variant: str, w: Writer, name: str) -> None:
    """The tiles (face one-hot and rotation, 4 slots) and covered cells (144) of a board
    (cached by its layout and claims when no layout is being recorded)."""
    if w._record:
        _board_fields(layout, claims, variant, w, name)
        return
    key = (variant == "square", layout if isinstance(layout, str) else tuple(map(tuple, layout)), tuple(claims))
    block = _BOARD_CACHE.get(key)
    if block is None:
        if len(_BOARD_CACHE) > 100_000:
            _BOARD_CACHE.clear()
        one = Writer()
        _board_fields(layout, claims, variant, one, name)
        block = _BOARD_CACHE[key] = (tuple(one.values), pack(one.values))
    w.block(*block)


def _board_fields(layout: str | list, claims, variant: str, w: Writer, name: str) -> None:
    tiles = layout.split() if isinstance(layout, str) else [f"{C.FACE_NAMES[f]}{r}" for f, r in layout]
    for i in range(4):
        t = tiles[i] if i < len(tiles) else None
        w.onehot(f"{name}.tile[{i}]", t[0] if t else None, _FACES)
        w.scalar(f"{name}.rotation[{i}]", int(t[1:]) if t else None)
    cover = [0] * BOARD_CELLS
    if claims:
        square, ntiles = variant == "square", len(tiles)
        for text in claims:
            for i in _cover(square, ntiles, text):
                cover[i] = 1
    w.numbers(f"{name}.covered", cover, BOARD_CELLS)


OBSERVATION_LAYOUT = {
    "seat": "one-hot of the observing seat (n)",
    "current_player": "one-hot of the seat to act (n; all zero when the game is over)",
    "phase": "one-hot (PHASES)",
    "game 1 (family, square)": "",
    "counters": "round, start_player, pool_size, dominoes, supply (-1 unlimited) (5)",
    "players[p]": "per seat: 4 tiles (face one-hot 4 + rotation), covered cells (144), score, rubies "
    "(-1 hidden), fresh, finished, penalty, claims laid, won claim kind one-hot (11)",
    "rows": "claim display: 6 rows x n slots, one-hot kind (11)",
    "removed": "claims out of the game, counts per kind (11)",
    "auction": "in the auction: 1, holders (n), bids (n), normal_turns_taken, displaced; else zeros",
    "supplementary": "in the domino auction: 1, high_bidder, high_bid, passed (n); else zeros",
    "game 2 (race)": "",
    "race_counters": "round, req_deck_size, fav_deck_size, priority_seat, tick, turn_pos, last_player, fate (8)",
    "card / last_card": "one-hot requirement card (32 each)",
    "cards_seen": "requirement cards seen (32)",
    "fav_discard / display": "favour cards discarded / on display (32 each)",
    "turn_order / finish_order": "seats, -1 padded (n each)",
    "race_players[p]": "per seat: tracks (4), status one-hot (3), pick one-hot (32)",
    "me": "own board (tiles, covered cells), gold, rubies, building, said_done, went_back, claim in hand (11)",
    "results[p]": "per seat the round's result triple, -1 before (n x 3)",
    "revealed[p]": "per seat its revealed board: tiles and covered cells (n x 164)",
}


def observation_vector(obs: dict, num_players: int, variant: str, writer: Writer | None = None) -> list[float]:
    """The fixed-length vector of ``obs`` (``state.observation(seat)``), see
    :data:`OBSERVATION_LAYOUT`; its length depends on ``num_players`` and the game (game 1
    variants ``family``/``square`` share a layout, game 2 ``race`` has its own).

    Raises:
        ValueError: a field holds more values than its slots (never for a real observation).
    """
    n = num_players
    w = writer or Writer()
    seats = {s: s for s in range(n)}
    w.onehot("seat", obs["seat"], seats)
    w.onehot("current_player", obs["current_player"], seats)
    w.onehot("phase", obs["phase"], _PHASES)
    if variant == "race":
        _race(obs, n, w, seats)
        return w.values
    w.numbers(
        "counters", [obs[k] for k in ("round", "start_player", "pool_size", "dominoes", "supply")], 5, nullable=True
    )
    for p, pl in enumerate(obs["players"]):
        _board(pl["layout"], pl["claims"], variant, w, f"players[{p}]")
        w.numbers(
            f"players[{p}].numbers",
            (pl["score"], pl["rubies"], pl["fresh"], pl["finished"], pl["penalty"], len(pl["claims"])),
            6,
            nullable=True,
        )
        w.onehot(f"players[{p}].won", pl["won"], _KINDS)
    rows = obs["rows"]
    slots = []
    for r in range(C.ROWS_ON_DISPLAY):
        row = rows[r] if r < len(rows) else ()
        slots.extend(row[s] if s < len(row) else None for s in range(n))
    w.onehots("rows", slots, _KINDS)  # row by row, n slots a row
    w.counts("removed", obs["removed"], _KINDS)
    a = obs.get("auction")
    if a is None:
        w.numbers("auction", (), 3 + 2 * n)
    else:
        w.numbers("auction", [1, *a["holders"], *a["bids"], a["normal_turns_taken"], a["displaced"]], 3 + 2 * n)
    sp = obs.get("supplementary")
    if sp is None:
        w.numbers("supplementary", (), 3 + n)
    else:
        w.numbers("supplementary", [1, sp["high_bidder"], sp["high_bid"], *sp["passed"]], 3 + n)
    return w.values


_RACE_PLAYERS: dict = {}
"""(tracks, status, pick of every seat) -> their block of the race vector."""


def _race_players(players: list, w: Writer) -> None:
    for p, pl in enumerate(players):
        w.numbers(f"race_players[{p}].tracks", pl["tracks"], 4)
        w.onehot(f"race_players[{p}].status", pl["status"], _STATUS)
        w.onehot(f"race_players[{p}].pick", pl["pick"], _FAV)


def _race(obs: dict, n: int, w: Writer, seats: dict) -> None:
    w.numbers(
        "race_counters",
        [
            obs[k]
            for k in (
                "round",
                "req_deck_size",
                "fav_deck_size",
                "priority_seat",
                "tick",
                "turn_pos",
                "last_player",
                "fate",
            )
        ],
        8,
        nullable=True,
    )
    w.onehot("card", obs["card"], _REQ)
    w.onehot("last_card", obs["last_card"], _REQ)
    w.counts("cards_seen", obs["cards_seen"], _REQ)
    w.counts("fav_discard", obs["fav_discard"], _FAV)
    w.counts("display", obs["display"], _FAV)
    w.numbers("turn_order", obs["turn_order"], n, pad=-1.0)
    w.numbers("finish_order", obs["finish_order"], n, pad=-1.0)
    players = obs["players"]
    me = next((pl for pl in players if "layout" in pl), None)
    if w._record:
        _race_players(players, w)
    else:  # the seats' public race fields, cached as one block
        key = tuple((*pl["tracks"], pl["status"], pl["pick"]) for pl in players)
        block = _RACE_PLAYERS.get(key)
        if block is None:
            if len(_RACE_PLAYERS) > 100_000:
                _RACE_PLAYERS.clear()
            one = Writer()
            _race_players(players, one)
            block = _RACE_PLAYERS[key] = (tuple(one.values), pack(one.values))
        w.block(*block)
    if me is None:  # a spectator
        _board("", (), "race", w, "me")
        w.numbers("me.numbers", (), 5)
        w.onehot("me.claim_in_hand", None, _KINDS)
    else:
        _board(me["layout"], me["claims"], "race", w, "me")
        w.numbers(
            "me.numbers", (me["gold"], me["rubies"], me["building"], me["said_done"], me["went_back"]), 5, nullable=True
        )
        w.onehot("me.claim_in_hand", me["claim_in_hand"], _KINDS)
    results, revealed = obs["results"], obs["revealed"]
    for p in range(n):
        r = results[p] if p < len(results) else None
        w.numbers(f"results[{p}]", r if r is not None else (-1, -1, -1), 3, nullable=True)
    for p in range(n):
        rv = revealed[p] if p < len(revealed) else ("", ())
        _board(rv[0], rv[1], "race", w, f"revealed[{p}]")
