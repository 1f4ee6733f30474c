"""End of game: penalties (KL-19, KL-21.3), game 2 scoring (KL-36), rank keys (KL-20, KL-37)."""

from __future__ import annotations

from itertools import permutations

from .components import (
    PENALTY_EDGE,
    PENALTY_PER_COLUMN,
    PLACE_POINTS,
    SQ_PENALTY,
    SQ_SIZE,
    TOTAL_POINTS,
    ZONE_MASKS,
    ZONES,
    max_col,
)


def family_penalty(cov: int, finished: bool) -> int:
    """KL-19: points lost by a player (positive number): 0 if he reached the goal; else
    2 per column short of column 23 (rightmost column ever covered), or 2 if he reached
    column 23 outside the goal cells."""
    if finished:
        return 0
    missing = 23 - max_col(cov, 24)
    return PENALTY_PER_COLUMN * missing if missing >= 1 else PENALTY_EDGE


def _cheb(a: int, b: int) -> int:
    """Chebyshev distance in cells between cells ``a`` and ``b`` (indices row * 12 + col)."""
    return max(abs(a // SQ_SIZE - b // SQ_SIZE), abs(a % SQ_SIZE - b % SQ_SIZE))


_ZONE_CELLS = tuple(tuple(r * SQ_SIZE + c for r, c in z) for z in ZONES)


def missing_zones(cov: int) -> list[int]:
    """KL-21.3: indices (0 north, 1 south, 2 west, 3 east, 4 centre) of the zones ``cov``
    (a cell bitmask of the square board) does not touch yet."""
    return [z for z, zm in enumerate(ZONE_MASKS) if not cov & zm]


def zone_path(cov: int, last: int) -> int:
    """KL-21.3 RULING (revised): the cells ``d`` still missing, counted along the shortest path.

    ``cov`` is the bitmask of every cell the player's claims cover, ``last`` the bitmask of the
    cells of his last claim laid (0 when he has laid none). The path is the route's own
    continuation (KL-2.2): it starts next to a cell of the last claim and passes through at
    least one cell of every zone ``cov`` misses, in the best order; each step is one cell
    (Chebyshev steps between the cells it visits, zone cells included; covered cells are not
    obstacles). With no claim laid it starts on any cell of the board, which counts 1.
    Returns 0 when every zone is covered. E.g. a straight 12-cell line on row 5 whose last
    claim ends at (5, 11): 5 cells to north (0, 6), 11 on to south (11, 6), ``d`` = 16.
    """
    todo = missing_zones(cov)
    if not todo:
        return 0
    cells = []
    m = last
    while m:
        low = m & -m
        cells.append(low.bit_length() - 1)
        m ^= low
    best = 10**6
    for perm in permutations(todo):
        # shortest path ending at each cell of the current zone
        zc = _ZONE_CELLS[perm[0]]
        if cells:
            cost = [min(_cheb(a, b) for a in cells) for b in zc]
        else:
            cost = [1] * len(zc)  # starts on the zone cell itself: that cell counts
        for z in perm[1:]:
            nxt = _ZONE_CELLS[z]
            cost = [min(c + _cheb(a, b) for a, c in zip(zc, cost)) for b in nxt]
            zc = nxt
        best = min(best, min(cost))
    return best


def square_penalty(cov: int, finished: bool, last: int) -> int:
    """KL-21.3: 2 points per cell still missing, ``2 * zone_path(cov, last)`` (0 for a
    finisher). ``last``: bitmask of the last claim laid (0: none laid)."""
    if finished:
        return 0
    return SQ_PENALTY * zone_path(cov, last)


def tie_low_points(values: list[int], table) -> list[int]:
    """KL-36.4: points by rank (bigger value better); tied players all get the points of the
    lowest place their group covers. ``table`` = points for 1st, 2nd, ..."""
    out = []
    for v in values:
        better = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append(table[better + tied - 1])
    return out


def race_points(tracks: list[list[int]]) -> tuple[list[int], list[int], list[int]]:
    """KL-36.2/36.3: (celebrity points, total-favour points, totals) per seat."""
    n = len(tracks)
    celeb = [0] * n
    for t in range(4):
        pts = tie_low_points([tracks[s][t] for s in range(n)], PLACE_POINTS)
        for s in range(n):
            celeb[s] += pts[s]
    totals = [sum(tr) for tr in tracks]
    tot_pts = tie_low_points(totals, TOTAL_POINTS)
    return celeb, tot_pts, totals


def race_scores(tracks: list[list[int]]) -> list[int]:
    """KL-36: final points per seat."""
    celeb, tot, _ = race_points(tracks)
    return [c + t for c, t in zip(celeb, tot)]


def scores(st) -> list[int]:
    """Points per seat now: game 1 gold score minus penalties (applied at the end); game 2
    the KL-36 points the tracks would give now."""
    if st.mode == "race":
        return race_scores(st.tracks)
    return [st.score[s] - st.penalty[s] for s in range(st.num_players)]


def rank_key(st, seat: int) -> tuple:
    """KL-20: score, then rubies held (available + fresh); KL-37.1: points, then total favour."""
    if st.mode == "race":
        return (scores(st)[seat], sum(st.tracks[seat]))
    return (st.score[seat] - st.penalty[seat], st.rubies[seat] + st.fresh[seat])
