"""End-of-game scoring of King Solomon's Treasury (RULES.md SO-12).

Points: coins + treasure values (SO-12.2) + 10 per complete scroll set (SO-12.2) + curse
majority 24/12 (SO-12.3) + magic-item majority 16/8 (SO-12.4), awarded by SO-12.5 with the
half threshold (SO-12.6), zero never scoring (SO-12.7) and split shares rounded down
(SO-12.8). The winner is the highest total; ties share the victory (SO-12.9).
"""

from __future__ import annotations

from .components import CURSE, ITEMS, SCROLLS, TREASURE, load

_C = load()


def majority_bonus(measures: list[int], first: int, second: int) -> list[int]:
    """SO-12.5 award procedure: bonus per player for one majority.

    Args:
        measures: per player, curse total or number of unused items.
        first, second: the bonuses (24/12 for curses, 16/8 for items).
    Returns:
        list of points per player.
    """
    n = len(measures)
    out = [0] * n
    pos = [m for m in measures if m > 0]  # SO-12.7
    if not pos:
        return out
    top = max(pos)
    firsts = [p for p in range(n) if measures[p] == top]
    if len(firsts) >= 2:
        share = (first + second) // len(firsts)  # SO-12.8
        for p in firsts:
            out[p] = share
        return out
    out[firsts[0]] = first
    rest = [measures[p] for p in range(n) if 0 < measures[p] < top]
    if not rest:
        return out
    sec = max(rest)
    if 2 * sec >= top:  # SO-12.6
        seconds = [p for p in range(n) if measures[p] == sec]
        share = second // len(seconds)
        for p in seconds:
            out[p] = share
    return out


def scroll_sets(tiles) -> int:
    """Number of complete sets of the four scroll symbols (SO-12.2)."""
    counts = {s: 0 for s in SCROLLS}
    for t in tiles:
        if t in counts:
            counts[t] += 1
    return min(counts.values())


def breakdown(state) -> list[dict]:
    """Per seat: ``money`` (coins + treasures), ``scrolls`` (10 x sets), ``curses`` (curse
    total), ``curse_bonus``, ``items`` (unused items), ``item_bonus`` and ``total``."""
    n = state.num_players
    rows = []
    for p in range(n):
        tiles = state.pub[p] + state.sec[p]
        money = state.coins[p] + sum(TREASURE[t] for t in tiles)
        rows.append(
            {
                "money": money,
                "scrolls": _C.per_scroll_set * scroll_sets(tiles),
                "curses": sum(CURSE[t] for t in tiles),
                "items": sum(1 for t in tiles if t in ITEMS),
            }
        )
    cb = majority_bonus([r["curses"] for r in rows], *_C.curse_bonus)
    ib = majority_bonus([r["items"] for r in rows], *_C.magic_bonus)
    for p, r in enumerate(rows):
        r["curse_bonus"] = cb[p]
        r["item_bonus"] = ib[p]
        r["total"] = r["money"] + r["scrolls"] + cb[p] + ib[p]
    return rows


def scores(state) -> list[int]:
    """Total points per seat (SO-12.2 .. SO-12.8), computed on the current holdings."""
    return [r["total"] for r in breakdown(state)]
