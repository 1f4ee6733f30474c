"""Greedy-bot evaluation for Klondike 1896: ``evaluate(state, seat)`` in final-score units.

Game 1 (points): score + rubies x RUBY_VALUE - route cost, where the route cost estimates the
penalty still threatening the route. The way ahead is measured through the *open space*: free
cells lying in a free 2 x 2 block (most claim shapes need that much room), reached by edge
steps from the last claim (KL-2.2). The cost is the length of the shortest tour from the
route's head through the edge conditions still unmet (KL-14.3) to the goal (KL-14.4), or
through the zones still uncovered (KL-21.3), each leg measured through the free cells (the
player's own claims block it, so turning back into one's own claims is seen as dear), plus
a risk for few claim kinds fitting next and for a small open area ahead. A route that is
walled off from what it still needs, or boxed in, pays the full KL-19 / KL-21.3 penalty and
more. A claim held in the auction or waiting to be laid adds the value of its best placement
(negative when every placement harms the route: laying is mandatory, KL-14.2; zero when it
cannot be laid) minus RUBY_VALUE per ruby bid.
Game 2 (points): the KL-36 points the (projected) tracks give plus half the total favour,
with this round's prospects: a finished player is valued by the card he holds and whether his
cover is exact; a racing player by the card he could still get, less a delay cost and the
distance of his cover from the card, so that an exact cover is always closed with ``done``.

Measured (2 players, 40 seeds, greedy vs greedy, game 1): 0.07 discarded claims a game (was
9.2), every game reached the goal (was 88%; 12.5% ended by an exhausted claim pool).
"""

from __future__ import annotations

from itertools import permutations

from meeple.core import Heuristics, SearchDefaults, State

from .components import (
    EDGE_MASKS,
    FACE_GRIDS,
    FAMILY_GOAL,
    FAVOUR_CARDS,
    GOLD_OF,
    REQ_CARDS,
    ROW_KINDS,
    RUBY_OF,
    ZONE_MASKS,
    ZONES,
)
from .rules import placements
from .scoring import family_penalty, race_points, square_penalty

RUBY_VALUE = 0.6
CELL_COST = 2.0
BOX_RISK = 1.5
DEAD_COST = 40.0
SPACE_NEED = 24
SPACE_RISK = 0.5
NARROW_COST = 6
WALLED_COST = 40.0
RACE_DELAY = 0.3
RACE_TICK = 0.25
GOAL_W = 0.5
EDGE_RECTS = ((0, 0, 6, 11), (5, 5, 6, 11), (0, 0, 12, 17), (5, 5, 12, 17))  # r0, r1, c0, c1
GOAL_RECT = (2, 3, 23, 23)
ZONE_RECTS = tuple(
    (min(r for r, _ in z), max(r for r, _ in z), min(c for _, c in z), max(c for _, c in z)) for z in ZONES
)


SEARCH = SearchDefaults(value_scale=9, prior=10, c=0.7)
"""The search bots' defaults (:class:`meeple.core.SearchDefaults`; each also an ``mcts`` option,
agents.search):

* ``value_scale`` 9: a typical final margin (points) between two greedy bots (mean of 12
  two-player games): search bots count a lead of this size as about an 88% chance to win
  (agents.base.value_scale).
* ``prior`` 10: visits before a node below the root gets the greedy view of its actions (fewer
  is stronger but slower; 0 = the root only).
* ``c`` 0.7: UCT exploration constant on values in [0, 1] (lower searches the best lines
  deeper, higher spreads the visits); the value of every ladder in docs/ladder/klondike.md."""


_DILATE: dict = {}


def _dilator(sh):
    """(not-first-column mask, not-last-column mask, cols, full) of a board shape."""
    d = _DILATE.get(id(sh))
    if d is None:
        cols = sh.cols
        first = sh.cell_mask([(r, 0) for r in range(sh.rows)])
        last = sh.cell_mask([(r, cols - 1) for r in range(sh.rows)])
        d = _DILATE[id(sh)] = (sh.full & ~first, sh.full & ~last, cols, sh.full)
    return d


def reach_distances(sh, cov: int, last: int, regions) -> tuple[list[int], int]:
    """Breadth-first search over free cells (corner-and-edge steps) from the claim ``last``:
    per region mask the number of cells a route needs to reach it (99 if walled off), and the
    number of free cells reachable."""
    nf, nl, cols, full = _dilator(sh)
    free = full & ~cov
    reach = sh.halo[last] & free
    seen = reach
    dist = [99] * len(regions)
    d = 1
    left = len(regions)
    while reach and left:
        for i, rm in enumerate(regions):
            if dist[i] == 99 and reach & rm:
                dist[i] = d
                left -= 1
        h = seen | ((seen << 1) & nf) | ((seen >> 1) & nl)
        grow = (h | (h << cols) | (h >> cols)) & free & ~seen
        seen |= grow
        reach = grow
        d += 1
    return dist, bin(seen).count("1")


def thick_cells(sh, cov: int) -> int:
    """Free cells that lie in a free 2 x 2 block: the room most claim shapes need (only I3,
    I4 and the domino fit through a corridor one cell wide)."""
    _, nl, cols, full = _dilator(sh)
    free = full & ~cov
    a = free & (free >> 1) & nl
    b = a & (a >> cols)
    return (b | (b << 1) | (b << cols) | (b << (cols + 1))) & full


def thick_reach(sh, cov: int, last: int, regions) -> tuple[list[int], int]:
    """Like :func:`reach_distances` but over :func:`thick_cells` with edge steps only (a
    claim body is edge-connected; the hop from the last claim may be diagonal): per region
    the distance in cells (99 if no thick way leads there) and the size of the whole thick
    area reachable (the open space ahead of the route)."""
    thick = thick_cells(sh, cov)
    dist, seen = _edge_bfs(sh, thick, sh.halo[last], regions, 1, whole=True)
    return dist, bin(seen).count("1")


def _edge_bfs(sh, space: int, src: int, regions, d: int, whole: bool) -> tuple[list[int], int]:
    """Edge-step BFS inside ``space`` from the cells ``src`` (at distance ``d``): distance to
    each region mask (99 if unreachable) and the cells seen; ``whole``: search the whole
    reachable area, else stop once every region is found."""
    nf, nl, cols, _ = _dilator(sh)
    seen = reach = src & space
    dist = [99] * len(regions)
    left = len(regions)
    while reach and (left or whole):
        for i, rm in enumerate(regions):
            if dist[i] == 99 and reach & rm:
                dist[i] = d
                left -= 1
        grow = (((seen << 1) & nf) | ((seen >> 1) & nl) | (seen << cols) | (seen >> cols)) & space & ~seen
        seen |= grow
        reach = grow
        d += 1
    return dist, seen


def _region_dists(sh, space: int, src: int, regions) -> list[int]:
    """Edge-step BFS inside ``space`` from the cells ``src``: distance to each region mask
    (99 if unreachable)."""
    return _edge_bfs(sh, space, src, regions, 0, whole=False)[0]


def route_cost(st, seat: int, cov: int | None = None, last: int | None = None) -> float:
    """Estimated points the route of ``seat`` still stands to lose (game 1)."""
    if st.finished[seat]:
        return 0.0
    sh = st.shapes[seat]
    if cov is None:
        cov = st.cov[seat]
    claims = st.claims[seat]
    if last is None:
        last = claims[-1] if claims else -1
    square = st.mode == "square"
    if last < 0:
        if square:
            return CELL_COST * 14
        return CELL_COST * 30
    fit = 0  # row kinds that could still be laid after the last claim
    for k in ROW_KINDS:
        for m, _ in sh.touching(last, k):
            if not m & cov:
                fit += 1
                break
    if not fit:  # boxed in: the penalty will be paid in full and no more gold comes
        return float(square_penalty(cov, False, sh.mask[last]) if square else family_penalty(cov, False)) + DEAD_COST
    risk = BOX_RISK * (len(ROW_KINDS) - fit)
    if square:
        idx = [z for z in range(5) if not cov & ZONE_MASKS[z]]
        todo = [ZONE_RECTS[z] for z in idx]
        masks = [ZONE_MASKS[z] for z in idx]
        goal = None
    else:
        idx = [i for i in range(4) if not cov & EDGE_MASKS[i]]
        todo = [EDGE_RECTS[i] for i in idx]
        masks = [EDGE_MASKS[i] for i in idx] + [FAMILY_GOAL]
        goal = GOAL_RECT
    first, area = thick_reach(sh, cov, last, masks)
    if any(d == 99 for d in first):  # only a narrow way (or none): use the free cells, dearer
        loose, _ = reach_distances(sh, cov, last, masks)
        first = [d if d < 99 else (loose[i] + NARROW_COST if loose[i] < 99 else 99) for i, d in enumerate(first)]
    if area < SPACE_NEED:
        risk += SPACE_RISK * (SPACE_NEED - area)
    # leg lengths between the targets, measured through the free space (own claims block)
    space = sh.full & ~cov
    leg = [_region_dists(sh, space, masks[i], masks) for i in range(len(todo))]
    best = 999
    for perm in permutations(range(len(todo))):
        if perm:
            d = first[perm[0]]
            for a, b in zip(perm, perm[1:]):
                d += min(99, leg[a][b])
            if goal is not None:
                d += leg[perm[-1]][-1]
        else:
            d = first[-1] if goal is not None else 0
        best = min(best, d)
    if best >= 99:  # walled off from what is still needed: the penalty comes in full
        return float(square_penalty(cov, False, sh.mask[last]) if square else family_penalty(cov, False)) + WALLED_COST
    if goal is not None:  # prefer routes whose free way to the goal is short
        risk += GOAL_W * min(first[-1], 40)
    return CELL_COST * best + risk


_VALUE_CACHE: dict = {}


def claim_value(st, seat: int, kind: int) -> float:
    """Value (points) of laying a claim of ``kind`` now at its best placement (0 if none)."""
    key = (
        st.variant,
        st.loose_edges,
        tuple(map(tuple, st.layouts[seat])),
        st.cov[seat],
        st.claims[seat][-1] if st.claims[seat] else -1,
        kind,
    )
    v = _VALUE_CACHE.get(key)
    if v is not None:
        return v
    if len(_VALUE_CACHE) > 200_000:
        _VALUE_CACHE.clear()
    sh = st.shapes[seat]
    b = st.boards[seat]
    base = route_cost(st, seat)
    best = None  # KL-14.2: laying is mandatory when possible, so a harmful claim counts
    for a in placements(st, seat, kind):
        pid = a.args[0]
        g = r = 0
        for i in sh.cells[pid]:
            g += GOLD_OF[b[i]]
            r += RUBY_OF[b[i]]
        m = sh.mask[pid]
        done = (st.mode == "family" and m & FAMILY_GOAL) or (
            st.mode == "square" and all((st.cov[seat] | m) & z for z in ZONE_MASKS)
        )
        cost = 0.0 if done else route_cost(st, seat, st.cov[seat] | m, pid)
        val = g + RUBY_VALUE * r + base - cost
        if best is None or val > best:
            best = val
    if best is None:
        best = 0.0  # no placement: the claim is discarded (its bid is lost)
    _VALUE_CACHE[key] = best
    return best


def _family(st, seat: int) -> float:
    if st.phase == "end":
        return float(st.score[seat] - st.penalty[seat])
    v = st.score[seat] + RUBY_VALUE * (st.rubies[seat] + st.fresh[seat]) - route_cost(st, seat)
    if st.phase == "auction":
        slot = st.fig[seat]
        if slot >= 0:
            v += claim_value(st, seat, st.rows[0][slot]) - RUBY_VALUE * st.slot_bid[slot]
    elif st.phase in ("place", "splace") and st.won[seat] >= 0:
        v += claim_value(st, seat, st.won[seat])
    elif st.phase == "sauction" and st.s_high == seat:
        from .components import D2

        v += claim_value(st, seat, D2) - RUBY_VALUE * st.s_bid
    return v


# ----------------------------------------------------------------------------- game 2
def _best_pending(st, seat: int, card) -> tuple[int, int]:
    """(gold, rubies) covered after laying the claim in hand where it brings the cover
    closest to ``card``."""
    g0, r0 = st.gold[seat], st.ruby[seat]
    sh = st.shapes[seat]
    b = st.boards[seat]
    cov = st.cov[seat]
    claims = st.claims[seat]
    k = st.pend[seat]
    cands = sh.touching(claims[-1], k) if claims else sh.starting(k, st.start_mask(seat))
    best, bd = (g0, r0), 10**9
    for m, p in cands:
        if m & cov:
            continue
        g, r = g0, r0
        for i in sh.cells[p]:
            g += GOLD_OF[b[i]]
            r += RUBY_OF[b[i]]
        d = abs(card.gold - g) + 2 * abs(card.rubies - r) + 3 * ((g > card.gold) + (r > card.rubies))
        if d < bd:
            best, bd = (g, r), d
    return best


def _race(st, seat: int) -> float:
    n = st.num_players
    tracks = [t[:] for t in st.tracks]
    extra = [0.0] * n
    if st.req >= 0 and st.phase != "end":
        card = REQ_CARDS[st.req]
        for s in range(n):
            g, r = st.gold[s], st.ruby[s]
            exact = g == card.gold and r == card.rubies
            pick = st.picks[s]
            if st.status[s] == 2:
                continue
            if st.status[s] == 1 or s in st.tdone:
                if pick >= 0:
                    fc = FAVOUR_CARDS[pick]
                    t = tracks[s]
                    t[fc.track] = t[fc.track] + fc.value if exact else max(0, t[fc.track] - fc.value)
                else:
                    best = max((FAVOUR_CARDS[c].value for c in st.display), default=2)
                    extra[s] += 0.9 * best if exact else -best - 2
                continue
            need = 1 if card.gold <= 16 else 2
            k = len(st.layouts[s])
            nclaims = len(st.claims[s])
            if st.pend[s] >= 0:  # the claim in hand will be laid at its best place
                g, r = _best_pending(st, s, card)
                nclaims += 1
            dist = abs(card.gold - g) + 2 * abs(card.rubies - r)
            over = (g > card.gold) + (r > card.rubies)
            # still racing is worth at most what saying done with this cover would bring,
            # less the delay (KL-40.1: later finishers choose from fewer cards): an exact
            # cover is then always closed with 'done' and never taken apart again
            best = max((FAVOUR_CARDS[c].value for c in st.display), default=2)
            extra[s] += (
                0.9 * best
                - RACE_DELAY
                - RACE_TICK * st.tick
                - 0.12 * min(dist, 15)
                - 0.04 * max(0, dist - 15)
                - 0.5 * over
                - 0.03 * nclaims
                - abs(need - k)
            )
            if st.building[s]:
                extra[s] -= 0.2 - 0.002 * sum(
                    GOLD_OF[v] for f, rot in st.layouts[s] for row in FACE_GRIDS[f][rot] for v in row
                )
    celeb, tot, totals = race_points(tracks)
    return celeb[seat] + tot[seat] + 0.5 * totals[seat] + extra[seat]


def evaluate(state, seat: int, root: State | None = None) -> float:
    """Estimated final points of ``seat`` (game 1: gold points; game 2: KL-36 points); ``root``
    (the state the bot decides from, :class:`meeple.core.parts.Evaluation`) is not used."""
    if state.mode == "race":
        return _race(state, seat)
    return _family(state, seat)


def rollout_action(state, legal, rng):
    """A cheap playout policy better than random (rng: Rng or random.Random).

    Game 1: bid nothing at a free claim most of the time, lay claims for gold and progress to
    the right, seldom bid for the domino. Game 2: say ``done`` when the cover is exact, take
    back an overshooting claim, otherwise lay the claim that brings the cover closest.
    """
    st = state
    p = st.phase
    if len(legal) == 1:
        return legal[0]
    if p == "auction":
        free = [a for a in legal if a.args[1] == 0 and st.slot_holder[a.args[0]] < 0]
        if free and rng.random() < 0.8:
            return rng.choice(free)
        return rng.choice(legal)
    if p in ("place", "splace"):
        seat = st.cur
        sh = st.shapes[seat]
        b = st.boards[seat]
        cols = sh.cols
        best, bv = legal[0], -1e9
        for a in legal:
            if a.kind != "place":
                continue
            cells = sh.cells[a.args[0]]
            v = sum(GOLD_OF[b[i]] + 0.6 * RUBY_OF[b[i]] for i in cells)
            if st.mode == "family":
                v += 0.8 * max(i % cols for i in cells)
            v += rng.random()
            if v > bv:
                best, bv = a, v
        return best
    if p == "sauction":
        return legal[-1] if rng.random() < 0.8 else rng.choice(legal)
    if p in ("build", "tick") and st.building[st.cur]:
        need = 1 if REQ_CARDS[st.req].gold <= 16 else 2
        if len(st.layouts[st.cur]) >= need:
            return legal[-1]  # build
        return rng.choice(legal[:-1] if legal[-1].kind == "build" else legal)
    if p == "tick":
        seat = st.cur
        card = REQ_CARDS[st.req]
        g, r = st.gold[seat], st.ruby[seat]
        if st.pend[seat] < 0:
            if (g == card.gold and r == card.rubies) or rng.random() < 0.02 * st.tick:
                return legal[-1]  # done (exact, or the race drags on)
            if (g > card.gold or r > card.rubies) and legal[-2].text == "undo":
                return legal[-2]
            claims = [a for a in legal if a.kind == "claim"]
            if claims and rng.random() < 0.9:
                return rng.choice(claims)
            return legal[-1]
        sh = st.shapes[seat]
        b = st.boards[seat]
        best, bv = legal[0], 1e9
        legal = [a for a in legal if a.kind == "place"]  # never 'back' in a playout
        sample = legal if len(legal) <= 40 else [rng.choice(legal) for _ in range(40)]
        for a in sample:
            cells = sh.cells[a.args[0]]
            gg = g + sum(GOLD_OF[b[i]] for i in cells)
            rr = r + sum(RUBY_OF[b[i]] for i in cells)
            d = abs(card.gold - gg) + 2 * abs(card.rubies - rr) + 3 * ((gg > card.gold) + (rr > card.rubies))
            d += rng.random() * 0.5
            if d < bv:
                best, bv = a, d
        return best
    return rng.choice(legal)


HEURISTICS = Heuristics(evaluate=evaluate, rollout_action=rollout_action, search=SEARCH)
"""Klondike's part for the bots (``KlondikeGame.load_heuristics``)."""
