"""Heuristics for King Solomon's Treasury bots (greedy one-ply, MCTS depth cuts, playouts).

``evaluate(state, seat)`` estimates ``seat``'s final score in points: his current score
(SO-12) with partial credit for unfinished scroll sets and for unused items, minus what he
owes for this turn's moves, plus what he can still dig with the card he has played (the
best legal dig now, SO-8) and a flat allowance per card still in hand.

``rollout_action(state, legal, rng)``: a cheap playout policy: mostly the card with the best
dig on the board now (else a random card); in a turn the
most valuable affordable dig without moving anything, else decline (a random move only
when a search already chose ``move``).
"""

from __future__ import annotations

from . import rules
from .actions import BIT, CARD_SIZE, FULL, PLACEMENTS, cells_of, dilate, mask_of
from .components import CURSE, ITEMS, SCROLLS, TREASURE, load
from .scoring import majority_bonus

_C = load()
PER_CARD = 4.0        # points a future card is worth on average (rough, same for every seat)
ITEM_USE = 3.0        # value of an unused magic item beyond the majority
WAITING = 0.6         # share of the current best dig counted for a turn still to come
SCROLL_STEP = _C.per_scroll_set / 4.0

# quick per-tile value for playouts: treasure value, curse paid minus a little majority
# credit, scroll a quarter set, item its use
QUICK = {c: float(TREASURE[c]) - 0.6 * CURSE[c] for c in TREASURE}
for _s in SCROLLS:
    QUICK[_s] = SCROLL_STEP
for _k in ITEMS:
    QUICK[_k] = 4.0


# tile kind: 0 treasure, 1 curse, 3 item, 4..7 scroll symbol 1..4
_KIND = {c: (3 if c in ITEMS else 0 if c[0] == "T" else 1 if c[0] == "C" else 3 + int(c[1]))
         for c in TREASURE}


def scroll_value(counts: list[int]) -> float:
    """10 per full set plus a quarter set for each symbol already beyond the full sets."""
    m = min(counts)
    return _C.per_scroll_set * m + SCROLL_STEP * sum(1 for c in counts if c > m)


class _Seat:
    """A seat's holdings summary: coins, treasure value, curse total, scroll counts, items."""

    __slots__ = ("coins", "money", "curses", "scrolls", "items")

    def __init__(self, coins, tiles):
        self.coins = coins
        self.money = coins
        self.curses = 0
        self.scrolls = [0, 0, 0, 0]
        self.items = 0
        for t in tiles:
            self.add(t)

    def add(self, t):
        k = _KIND[t]
        if k == 0:
            self.money += TREASURE[t]
        elif k == 1:
            self.curses += CURSE[t]
        elif k == 3:
            self.items += 1
        else:
            self.scrolls[k - 4] += 1


def _static(seats: list, seat: int) -> float:
    me = seats[seat]
    cb = majority_bonus([s.curses for s in seats], *_C.curse_bonus)[seat]
    ib = majority_bonus([s.items for s in seats], *_C.magic_bonus)[seat]
    return me.money + scroll_value(me.scrolls) + cb + ib + ITEM_USE * me.items


def _seal_areas(state, card: int, px: bool, picks) -> list:
    """Candidate Seal dig areas (SO-11.7): from each allowed start (or from the cells
    already picked), grow greedily by the adjacent eligible cell with the best top tile."""
    n = CARD_SIZE[card]
    lv = state.lv
    stacks = state.stacks
    if picks:
        starts = [list(picks)]
    else:
        starts = [[a.args[0]] for a in rules.seal_picks(state) if a.kind == "pick"]
    out = []
    for cells in starts:
        eligible = (FULL ^ lv[0]) if px else lv[state.hgt[cells[0]]]
        m = mask_of(cells)
        cells = list(cells)
        while len(cells) < n:
            cand = dilate(m) & eligible & ~m
            if not cand:
                break
            best_c = max(cells_of(cand), key=lambda c: QUICK[stacks[c][-1]])
            cells.append(best_c)
            m |= BIT[best_c]
        if len(cells) == n:
            out.append(cells)
    return out


def _best_dig(state, seats, seat: int, card: int, declared, owed: int, picks=()) -> float:
    """Best change of ``seat``'s static value over his options now: decline (pay ``owed``)
    or one legal dig with the declared items (tiles gained, curses and moves paid; a dig he
    cannot pay for gives the tiles away). Seal areas are estimated by greedy growth."""
    base = _static(seats, seat)
    me = seats[seat]
    wealth = me.money
    best = -owed if wealth >= owed else -2.0
    if picks:
        best = float("-inf")  # the Seal dig completes for sure
    mirror = 1 if "MI" in declared else 0
    amulet = "AM" in declared
    lv = state.lv
    hgt = state.hgt
    stacks = state.stacks
    px = "PX" in declared
    if "SE" in declared:
        areas = _seal_areas(state, card, px, picks)
    else:
        areas = []
        for m, a, act in PLACEMENTS[card][mirror]:
            if px:
                if m & lv[0]:
                    continue
            else:
                h = hgt[a]
                if not h or m & lv[h] != m:
                    continue
            areas.append(act.args[0])
    me.items -= len(declared)  # declared items are spent by any dig (SO-11.1)
    saved = (me.money, me.curses, me.scrolls[:], me.items)
    for cells in areas:
        due = owed
        for c in cells:
            t = stacks[c][-1]
            me.add(t)
            if not amulet:
                due += CURSE[t]
        if me.money >= due:
            v = _static(seats, seat) - base - due
        else:
            v = -3.0
        me.money, me.curses, me.items = saved[0], saved[1], saved[3]
        me.scrolls = saved[2][:]
        if v > best:
            best = v
    me.items += len(declared)
    if best == float("-inf"):
        best = -owed
    return best


def evaluate(state, seat: int) -> float:
    """Estimated final score of ``seat`` (points; comparable across seats)."""
    n = state.num_players
    seats = [_Seat(state.coins[p], state.pub[p] + state.sec[p]) for p in range(n)]
    value = _static(seats, seat) + PER_CARD * len(state.hands[seat])
    phase = state.phase
    if phase == rules.TURN:
        pos = state.order.index(seat)
        card = state.choices[seat]
        if pos == state.tidx:
            if state.picks:
                return value + _best_dig(state, seats, seat, card, state.declared, state.moves,
                                         state.picks)
            if state.moving:
                # about to move a tile: the best move followed by the best dig
                best = float("-inf")
                for a in state.legal_actions():
                    c = state._copy()
                    rules.do_move(c, a.args[0], a.args[1])
                    v = _best_dig(c, seats, seat, card, (), c.moves)
                    if v > best:
                        best = v
                return value + best
            return value + _best_dig(state, seats, seat, card, state.declared, state.moves)
        if pos > state.tidx:
            return value + WAITING * max(0.0, _best_dig(state, seats, seat, card, (), 0))
        return value
    if phase == rules.CHOOSE and state.choices[seat]:
        return value + WAITING * max(0.0, _best_dig(state, seats, seat, state.choices[seat], (), 0))
    if phase == rules.GIVE_PHASE:
        return value
    return value


def rollout_action(state, legal, rng):
    """Playout policy: mostly the card with the best dig now (a random card one time in
    four); in a turn the best affordable dig without moves, else decline; random gifts."""
    phase = state.phase
    if phase == rules.TURN:
        if state.picks or state.moving:
            return legal[int(rng.random() * len(legal))]
        seat = state.order[state.tidx]
        stacks = state.stacks
        wealth = state.coins[seat]
        for t in state.pub[seat]:
            wealth += TREASURE[t]
        for t in state.sec[seat]:
            wealth += TREASURE[t]
        best = None
        best_v = 0.0
        owed = state.moves
        for a in legal:
            if a.kind != "dig":
                continue
            v = 0.0
            due = owed
            gain = 0
            for c in a.args[0]:
                t = stacks[c][-1]
                v += QUICK[t]
                due += CURSE[t]
                gain += TREASURE[t]
            if v > best_v and wealth + gain >= due:
                best, best_v = a, v
        if best is not None:
            return best
        return legal[-1]  # decline is always last in a turn's list
    if phase == rules.CHOOSE and rng.random() < 0.75:
        # the card whose best dig on the board now is worth most
        lv = state.lv
        hgt = state.hgt
        stacks = state.stacks
        best = legal[0]
        best_v = -1e9
        for a in legal:
            top = -1e8
            for m, c0, act in PLACEMENTS[a.args[0]][0]:
                h = hgt[c0]
                if h and m & lv[h] == m:
                    v = 0.0
                    for c in act.args[0]:
                        v += QUICK[stacks[c][-1]]
                    if v > top:
                        top = v
            if top > best_v:
                best, best_v = a, top
        return best
    return legal[int(rng.random() * len(legal))]
