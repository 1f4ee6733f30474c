"""Mine rules: connectivity and the chain rule (MS-8), revealing (MS-9), extraction costs
(MS-10, MS-20.5). Functions take the state and plain ints (space indexes, seats)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from . import components as C

PARENT = C.PARENT
PATH = C.PATH
PATH_SETS = C.PATH_SETS
DESC = C.DESCENDANTS
FIRST = C.FIRST_CHAMBER
NS = C.NSPACES


_CONN_CACHE_MAX = 8192
"""Boards the connectivity cache keeps (least recently used dropped first: a worker's memory
stays flat, some 5 MB, however long it searches)."""


@lru_cache(maxsize=_CONN_CACHE_MAX)
def _connectivity(key: tuple) -> list:
    conn = [True] * NS
    for s in range(1, NS):
        p = PARENT[s]
        conn[s] = conn[p] and key[p] > 0
    return conn


def connectivity(occ: list) -> list:
    """``conn[s]``: every space on ``s``'s path holds a miner (MS-8.2; S1 always connected).

    The result (a list of 24 bools, shared between calls: read it, never change it) is cached
    by ``occ`` in an LRU cache of :data:`_CONN_CACHE_MAX` boards, as searches ask for the
    same few boards again and again."""
    return _connectivity(tuple(occ))


def exhausted_corridor(state, s: int) -> bool:
    """MS-8.4: ``s`` is a chamber and it and all further chambers are revealed and saltless."""
    if s < FIRST:
        return False
    for x in (s,) + C.FURTHER[s]:
        c = x - FIRST
        if not state.revealed[c] or sum(state.csalt[c]):
            return False
    return True


def source_ok(state, s: int, conn: list) -> bool:
    """MS-8.3(2)/MS-8.4/MS-8.5: removing one miner from space ``s`` disconnects no miner
    that was connected before, unless the exhausted-corridor exception applies."""
    occ = state.occ
    if occ[s] > 1:
        return True
    for d in DESC[s]:
        if occ[d] and conn[d]:
            return exhausted_corridor(state, s)
    return True


def destinations(state, src: int, conn: list) -> list:
    """Legal destination spaces of a miner coming from ``src`` (a space, or -1 when it comes
    from the supply or a building), by MS-8.3(1) on the board after removal."""
    if src < 0:
        return [s for s in range(NS) if conn[s]]
    if state.occ[src] > 1:
        return [s for s in range(NS) if conn[s] and s != src]
    return [s for s in range(NS) if conn[s] and s != src and src not in PATH_SETS[s]]


def has_destination(state, src: int, conn: list) -> bool:
    """True when :func:`destinations` is not empty (S1 is always connected, so only a lone
    miner in S1 has none)."""
    if src < 0:
        return True
    if state.occ[src] > 1:
        return True
    for s in range(NS):
        if conn[s] and s != src and src not in PATH_SETS[s]:
            return True
    return False


def reveal(state, s: int) -> None:
    """MS-9.1 / MS-9.2 / MS-24.2: place the tile's cubes on a chamber entered the first time
    (water already there from a bucket stays)."""
    c = s - FIRST
    if c < 0 or state.revealed[c]:
        return
    tile = C.TILES[state.tile[c]]
    state.revealed[c] = True
    state.csalt[c] = list(tile.salt)
    state.water[c] += tile.water
    state.log(f"{C.SPACE_IDS[s]} is revealed: tile {tile.id}, salt {_salt_text(tile.salt)}, water {tile.water}")


def _salt_text(salt) -> str:
    parts = [f"{n} {col}" for n, col in zip(salt, C.COLOURS) if n]
    return ", ".join(parts) if parts else "none"


# ------------------------------------------------------------------ transport (MS-10.3, MS-20.5)
def paying_spaces(state, seat: int, s: int) -> list:
    """Spaces on ``s``'s path where ``seat`` has no miner (MS-10.3), in travel order."""
    n = state.num_players
    r, t = state.rested, state.tired
    return [p for p in PATH[s] if not (r[p * n + seat] or t[p * n + seat])]


def transport_cost(paying: list, ncubes: int, carts: list, cap) -> int:
    """Total fee in groše for ``ncubes`` cubes through ``paying`` spaces with the cart
    segments ``carts`` (each a tuple of 1-2 space indexes) waiving fees (MS-20.5).

    ``cap`` None: a cart carries any number of cubes; otherwise at most ``cap`` cubes free
    through each of its spaces."""
    total = 0
    for p in paying:
        cov = 0
        for seg in carts:
            if p in seg:
                cov += 1
        if cov == 0:
            total += ncubes
        elif cap is not None:
            total += max(0, ncubes - cap * cov)
    return total


def useful_segments(state, s: int, paying: list) -> list:
    """Cart segments of ``s``'s path (MS-2.8) that touch at least one paying space."""
    ps = set(paying)
    return [seg for seg in C.CART_SEGMENTS[s] if ps.intersection(seg)]


def min_cost(paying: list, ncubes: int, carts: list, extra: int, segments: list, cap) -> int:
    """Lowest transport cost for ``ncubes`` using ``carts`` plus up to ``extra`` more carts
    placed on the best ``segments``."""
    best = transport_cost(paying, ncubes, carts, cap)
    if extra <= 0 or not segments or best == 0:
        return best
    for k in range(1, extra + 1):
        for combo in combinations_with_replacement(segments, k):
            c = transport_cost(paying, ncubes, carts + list(combo), cap)
            if c < best:
                best = c
                if best == 0:
                    return 0
    return best
