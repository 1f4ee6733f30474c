"""Routes (KL-2), shared by both games: where a claim may be laid on a board, laying it, and why
a placement is refused.

Functions take the :class:`~meeple.games.klondike.state.KlondikeState` ``st``; ``lay`` changes it
in place.
"""

from __future__ import annotations

from .components import EDGE_MASKS, FAMILY_GOAL, GOLD_OF, KINDS, RUBY_OF

E0, E1, E2, E3 = EDGE_MASKS  # tile 2 top, tile 2 bottom, tile 3 top, tile 3 bottom


def plural(n: int, one: str, many: str) -> str:
    """``1 ruby`` / ``2 rubies``."""
    return f"{n} {one if n == 1 else many}"


# ----------------------------------------------------------------------------- KL-2 routes
def edges_ok(cov: int, loose: bool) -> bool:
    """KL-14.3: the route ``cov`` meets the edge conditions (both edges in tiles 2 and 3;
    ``loose``: option edge_rule=one_edge_per_tile)."""
    if loose:
        return bool((cov & E0 and cov & E3) or (cov & E1 and cov & E2))
    return bool(cov & E0 and cov & E1 and cov & E2 and cov & E3)


def placements(st, seat: int, k: int) -> list:
    """Legal placement actions of claim kind ``k`` for ``seat`` (KL-2.1-2.3, KL-14.3).

    Returns a list of :class:`Action` (``place ...``), possibly empty.
    """
    sh = st.shapes[seat]
    cov = st.cov[seat]
    claims = st.claims[seat]
    if claims:
        cands = sh.touching(claims[-1], k)  # KL-2.2
    else:
        cands = sh.starting(k, st.start_mask(seat))  # KL-2.1 (KL-21.3: anywhere)
    act = sh.action
    if st.mode == "family":
        out = []
        loose = st.loose_edges
        for m, p in cands:
            if not m & cov:  # KL-2.3
                if m & FAMILY_GOAL and not edges_ok(cov | m, loose):  # KL-14.3
                    continue
                out.append(act[p])
        return out
    return [act[p] for m, p in cands if not m & cov]


def lay(st, seat: int, pid: int) -> tuple[int, int]:
    """Lay placement ``pid`` on ``seat``'s board; returns its yield (gold, rubies) (KL-1.8)."""
    sh = st.shapes[seat]
    st.cov[seat] |= sh.mask[pid]
    st.claims[seat].append(pid)
    b = st.boards[seat]
    g = r = 0
    for i in sh.cells[pid]:
        v = b[i]
        g += GOLD_OF[v]
        r += RUBY_OF[v]
    return g, r


def explain_place(st, seat: int, text: str, kind: int | None) -> tuple[str, str]:
    """(rule id, message) for a rejected ``place`` notation of ``seat``."""
    parts = text.split()
    if len(parts) != 5:
        return "KL-50.3", "write a placement as 'place KIND K ROW COL', e.g. 'place O4 0 2 0'"
    _, kid, k, r, c = parts
    kinds = {x.id: x for x in KINDS}
    if kid not in kinds:
        return "KL-1.4", f"there is no claim kind {kid!r} (kinds: {', '.join(kinds)})"
    kd = kinds[kid]
    if kind is not None and kd.index != kind:
        rule = "KL-40.1" if st.phase == "tick" else "KL-14.1"  # the race's claim in hand, or the auction's
        return rule, f"you have a {KINDS[kind].id} to lay, not a {kid}"
    try:
        k, r, c = int(k), int(r), int(c)
    except ValueError:
        return "KL-50.3", "orientation, row and column must be numbers"
    if not 0 <= k < len(kd.orientations):
        return "KL-1.5", f"{kid} has orientations 0..{len(kd.orientations) - 1} (claims are never flipped)"
    sh = st.shapes[seat]
    pid = sh.by_text.get(f"place {kid} {k} {r} {c}")
    if pid is None:
        return "KL-2.3", "the claim would not lie wholly on your board"
    m = sh.mask[pid]
    if m & st.cov[seat]:
        return "KL-2.3", "the claim would overlap one of your claims"
    claims = st.claims[seat]
    if not claims:
        if not m & st.start_mask(seat):
            return "KL-2.1", "your first claim must cover a start cell, (2,0) or (3,0)"
    elif not m & sh.halo[claims[-1]]:
        return "KL-2.2", "the claim must touch (edge or corner) the claim you laid last"
    if st.mode == "family" and m & FAMILY_GOAL and not edges_ok(st.cov[seat] | m, st.loose_edges):
        return "KL-14.3", ("the goal is closed until the route has touched the top and bottom edges in tiles 2 and 3")
    return "KL-14", "that claim cannot be laid now"
