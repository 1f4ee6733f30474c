"""End of game: penalties (KL-19, KL-21.3), game 2 scoring (KL-36), rank keys (KL-20, KL-37)."""

from __future__ import annotations

from .components import (
    PENALTY_EDGE,
    PENALTY_PER_COLUMN,
    PLACE_POINTS,
    SQ_PENALTY,
    TOTAL_POINTS,
    ZONE_DIST,
    ZONE_MASKS,
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


def zone_distances(cov: int) -> list[int]:
    """KL-21.3 RULING: per zone, 0 if covered, else the smallest Chebyshev distance from a
    covered cell to the zone (12 if nothing is covered)."""
    out = []
    for z, zm in enumerate(ZONE_MASKS):
        if cov & zm:
            out.append(0)
            continue
        if not cov:
            out.append(12)
            continue
        dist = ZONE_DIST[z]
        best = 99
        m = cov
        while m:
            low = m & -m
            d = dist[low.bit_length() - 1]
            best = min(best, d)
            m ^= low
        out.append(best)
    return out


def square_penalty(cov: int, finished: bool) -> int:
    """KL-21.3: 2 points per missing cell over the uncovered zones (0 for a finisher)."""
    if finished:
        return 0
    return SQ_PENALTY * sum(zone_distances(cov))


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
