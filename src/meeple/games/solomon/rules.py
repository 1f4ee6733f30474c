"""Legal actions and their effects for King Solomon's Treasury (RULES.md SO-4 .. SO-11).

The state (``state.py``) keeps, besides the stacks, the height of every space (``hgt``)
and five masks ``lv[k]`` = the cells of height exactly ``k`` (0..4); the rules work on
those masks so that listing moves and digs stays cheap.
"""

from __future__ import annotations

from meeple.core import TERMINAL

from . import scoring
from .actions import (
    BACK,
    BIT,
    CARD_SIZE,
    CELL_NAMES,
    DECLINE,
    DELTA,
    FULL,
    GIVE,
    MOVE_GATE,
    MOVE_TAB,
    PICK,
    PLACEMENTS,
    PLAY,
    USE,
    VALID_SRC,
    cells_of,
    dilate,
)
from .components import CURSE, ITEMS, TREASURE, load

_C = load()
MAX_STACK = _C.max_stack
if _C.width != 6 or _C.height != 6 or MAX_STACK != 4:  # add_moves unrolls 6 rows, 4 levels
    raise ValueError("components.json: the engine expects a 6 x 6 board of stacks of 4")

CHOOSE, TURN, GIVE_PHASE, OVER = "choose", "turn", "give", "over"


# ------------------------------------------------------------------ listing
def legal_actions(s) -> list:
    """The legal actions of ``s.current_player`` (see ``actions.py`` for the notation)."""
    phase = s.phase
    if phase == TURN:
        if s.moving:
            out = []
            add_moves(s, out)  # SO-6
            if s.backs < s.max_moves:
                out.append(BACK)  # nothing moved, nothing owed
            return out
        if s.picks:
            return seal_picks(s)
        out = []
        declared = s.declared
        if not declared and s.moves < s.max_moves and any_move(s):
            out.append(MOVE_GATE)  # SO-5 step 1, SO-15.1
        seat = s.order[s.tidx]
        if s.item_count[seat]:
            for k in ITEMS:  # SO-11.1, SO-11.4
                if k not in declared and (k in s.pub[seat] or k in s.sec[seat]):
                    out.append(USE[k])
        if "SE" in declared:
            out.extend(seal_picks(s))  # SO-11.7
        else:
            add_digs(s, out)  # SO-8.2
        out.append(DECLINE)  # SO-8.6
        return out
    if phase == CHOOSE:
        return [PLAY[c] for c in s.hands[s.chooser]]  # SO-4.2
    if phase == GIVE_PHASE:
        seat = s.order[s.tidx]
        return [GIVE[k] for k in sorted(set(s.pub[seat]) | set(s.sec[seat]))]  # SO-10.3
    return []


# per direction: 3 chunks of 12 cells (two rows) -> lazily built tuples of move actions
_CHUNKS = tuple(tuple([None] * 4096 for _ in range(3)) for _ in range(8))
_DIRDATA = tuple((DELTA[d], VALID_SRC[d], _CHUNKS[d], d) for d in range(8))


def _chunk(d: int, c: int, p: int) -> tuple:
    """Build (once) the move actions of chunk ``c`` (rows 2c, 2c+1) for source bits ``p``
    in direction ``d``."""
    tab = _CHUNKS[d]
    rows = MOVE_TAB[d]
    t = rows[2 * c][p & 63] + rows[2 * c + 1][p >> 6]
    tab[c][p] = t
    return t


def add_moves(s, out: list) -> None:
    """Append every legal move (SO-6.1, SO-6.2; SO-14.1 in the children's variant).

    Works on the height masks: for each of the 8 directions, the sources whose neighbour in
    that direction may receive their top tile, then a table turns each row of that mask
    into the move actions.
    """
    l0, l1, l2, l3, l4 = s.lv
    ext = out.extend
    upward = s.upward
    if upward:
        # SO-14.1: from any non-empty space to any neighbour holding at most 3 tiles
        src = FULL ^ l0
        tgt = FULL ^ l4
    else:
        # SO-6.2: a tile at level h may land only on a stack of height < h
        lo2 = l0 | l1
        lo3 = lo2 | l2
        lo4 = lo3 | l3
    for delta, valid, tab, d in _DIRDATA:
        if upward:
            if delta > 0:
                m = src & (tgt >> delta) & valid
            else:
                m = src & (tgt << -delta) & valid
        elif delta > 0:
            m = ((l1 & (l0 >> delta)) | (l2 & (lo2 >> delta)) | (l3 & (lo3 >> delta)) | (l4 & (lo4 >> delta))) & valid
        else:
            nd = -delta
            m = ((l1 & (l0 << nd)) | (l2 & (lo2 << nd)) | (l3 & (lo3 << nd)) | (l4 & (lo4 << nd))) & valid
        if m:
            p = m & 4095
            if p:
                t = tab[0][p]
                if t is None:
                    t = _chunk(d, 0, p)
                ext(t)
            p = (m >> 12) & 4095
            if p:
                t = tab[1][p]
                if t is None:
                    t = _chunk(d, 1, p)
                ext(t)
            p = m >> 24
            if p:
                t = tab[2][p]
                if t is None:
                    t = _chunk(d, 2, p)
                ext(t)


def any_move(s) -> bool:
    """True if at least one tile move is legal now (SO-6.2, SO-14.1)."""
    l0, l1, l2, l3, l4 = s.lv
    if s.upward:
        src = FULL ^ l0
        tgt = FULL ^ l4
        for delta, valid, _t, _d in _DIRDATA:
            if src & ((tgt >> delta) if delta > 0 else (tgt << -delta)) & valid:
                return True
        return False
    lo2 = l0 | l1
    lo3 = lo2 | l2
    lo4 = lo3 | l3
    for delta, valid, _t, _d in _DIRDATA:
        if delta > 0:
            m = (l1 & (l0 >> delta)) | (l2 & (lo2 >> delta)) | (l3 & (lo3 >> delta)) | (l4 & (lo4 >> delta))
        else:
            nd = -delta
            m = (l1 & (l0 << nd)) | (l2 & (lo2 << nd)) | (l3 & (lo3 << nd)) | (l4 & (lo4 << nd))
        if m & valid:
            return True
    return False


def add_digs(s, out: list) -> None:
    """Append every legal dig of the played card (SO-8.2, SO-8.7, SO-11.5, SO-11.6)."""
    card = s.choices[s.order[s.tidx]]
    declared = s.declared
    places = PLACEMENTS[card][1 if "MI" in declared else 0]
    lv = s.lv
    if "PX" in declared:
        empty = lv[0]
        for m, _a, act in places:
            if not m & empty:
                out.append(act)
    else:
        hgt = s.hgt
        for m, a, act in places:
            h = hgt[a]
            if h and m & lv[h] == m:
                out.append(act)


def component(start: int, eligible: int) -> int:
    """The 8-connected component (SO-2.7) of ``eligible`` cells containing mask ``start``."""
    comp = start
    while True:
        nxt = (comp | dilate(comp)) & eligible
        if nxt == comp:
            return comp
        comp = nxt


def seal_picks(s) -> list:
    """Cells that may be added to a Seal dig area (SO-11.7): the area stays connected, on one
    level (unless the Pickaxe is also used, SO-11.6), and can still grow to the card's size."""
    card = s.choices[s.order[s.tidx]]
    n = CARD_SIZE[card]
    lv = s.lv
    px = "PX" in s.declared
    picks = s.picks
    if picks:
        eligible = (FULL ^ lv[0]) if px else lv[s.hgt[picks[0]]]
        pm = 0
        for c in picks:
            pm |= BIT[c]
        cand = dilate(pm) & eligible & ~pm
        return [PICK[c] for c in cells_of(cand)]
    good = 0
    groups = [FULL ^ lv[0]] if px else [lv[k] for k in range(1, MAX_STACK + 1)]
    for eligible in groups:
        rest = eligible
        while rest:
            low = rest & -rest
            comp = component(low, eligible)
            rest &= ~comp
            if comp.bit_count() >= n:
                good |= comp
    return [PICK[c] for c in cells_of(good)]


# ----------------------------------------------------------------- applying
def apply(s, action) -> None:
    """Apply a legal action (already checked)."""
    kind = action.kind
    if kind == "move":
        do_move(s, action.args[0], action.args[1])
        s.moving = False
    elif kind == "gate":
        s.moving = True  # the next decision is a move
    elif kind == "back":
        s.moving = False  # no move made: costs nothing
        s.backs += 1  # bounded: turns stay finite
    elif kind == "dig":
        do_dig(s, action.args[0])
    elif kind == "play":
        do_play(s, action.args[0])
    elif kind == "use":
        k = action.args[0]
        seat = s.order[s.tidx]
        if k not in s.pub[seat]:  # SO-11.3: the table sees the item
            reveal_secret(s, seat, k)
            s.pub[seat].append(k)
        s.declared = s.declared + [k]
        s.log(f"{s._seat_name(s.order[s.tidx])} declares {_C.item_names.get(k, k)}")
    elif kind == "pick":
        c = action.args[0]
        s.picks = s.picks + [c]
        if len(s.picks) == CARD_SIZE[s.choices[s.order[s.tidx]]]:
            do_dig(s, tuple(sorted(s.picks)))
    elif kind == "decline":
        seat = s.order[s.tidx]
        s.log(f"{s._seat_name(seat)} declines to dig")
        s.declared = []  # SO-11.3: nothing spent
        s.picks = []
        settle(s, seat, [], False)
    elif kind == "give":
        do_give(s, action.args[0])
    else:  # pragma: no cover - only legal actions reach here
        raise ValueError(f"unknown action kind {kind!r}")


def do_play(s, card: int) -> None:
    """SO-4.2: seat ``s.chooser`` commits ``card`` face down; when all have chosen, reveal (SO-4.3)."""
    seat = s.chooser
    hand = s.hands[seat]
    s.hands[seat] = [c for c in hand if c != card]
    s.choices[seat] = card
    s.log(f"{s._seat_name(seat)} chooses a card")
    n = s.num_players
    if seat + 1 < n:
        s.chooser = seat + 1
        return
    s.chooser = -1
    s.order = sorted(range(n), key=lambda p: s.choices[p])  # SO-4.3
    s.tidx = 0
    s.phase = TURN
    s.log("cards revealed: " + ", ".join(f"{s._seat_name(p)} {s.choices[p]}" for p in s.order))


def do_move(s, a: int, b: int) -> None:
    """SO-6.1: move the top tile of ``a`` onto ``b`` (legality checked by the caller)."""
    stacks = s.stacks
    src = stacks[a]
    tile = src[-1]
    stacks[a] = src[:-1]  # rows are shared between clones: replaced, never changed in place
    stacks[b] = stacks[b] + [tile]
    hgt = s.hgt
    lv = s.lv
    ha = hgt[a]
    hb = hgt[b]
    ba = BIT[a]
    bb = BIT[b]
    lv[ha] ^= ba
    lv[ha - 1] |= ba
    lv[hb] ^= bb
    lv[hb + 1] |= bb
    hgt[a] = ha - 1
    hgt[b] = hb + 1
    if s.hid[a] >= ha - 1:  # SO-6.7 reveals the tile below
        s.hid[a] = ha - 2 if ha >= 2 else 0
    s.moves += 1
    s.log(f"{s._seat_name(s.order[s.tidx])} moves {tile} {CELL_NAMES[a]}-{CELL_NAMES[b]}")


def _take(s, seat: int, code: str) -> None:
    """Remove one tile ``code`` from ``seat``'s holdings (public part first); a tile from his
    unknown part is seen by all as it leaves (SO-7.7 payment), and so logged (SO-13)."""
    pub = s.pub[seat]
    if code in pub:
        pub.remove(code)
    else:
        reveal_secret(s, seat, code)
    if code in ITEMS:
        s.item_count[seat] -= 1


# ------------------------------------------- how the unknown tiles came about (SO-10.6, SO-13)
# ``hidden_log`` lists, in order, the events that made or moved unknown tiles, each a list:
#   ["deal", seat, received, removed]  SO-10.3: ``seat``'s dug tiles, shuffled face down:
#       ``received[p]`` the tiles seat p got, ``removed`` those removed unseen. The table saw
#       them all dug and knows how many each got; each recipient knows his own.
#   ["give", giver, recipient, known, tile]  SO-10.3/10.5: the giver's known tiles ``known``
#       became unknown, then he gave ``tile`` (giver and recipient know which).
#   ["take", seat, tile]  a tile the table saw leave ``seat``'s unknown tiles (paid, SO-7.7;
#       declared, SO-11.3).
# The log is copied on write (a new list on each event), so clones share it. A re-sample
# plays it again with fresh shuffles (state._resample).


def log_hidden(s, event: list) -> None:
    """Append ``event`` to ``s.hidden_log`` (copy on write: clones share the list)."""
    s.hidden_log = s.hidden_log + [event]


def reveal_secret(s, seat: int, code: str) -> None:
    """Tile ``code`` leaves ``seat``'s unknown tiles in the sight of the table (SO-13)."""
    s.sec[seat].remove(code)
    log_hidden(s, ["take", seat, code])


def do_dig(s, cells) -> None:
    """SO-8.3: take the top tile of every cell of the dig area, spend the declared items
    (SO-11.1), then settle (SO-7)."""
    seat = s.order[s.tidx]
    stacks = s.stacks
    hgt = s.hgt
    lv = s.lv
    hid = s.hid
    dug = []
    for c in cells:
        st = stacks[c]
        dug.append(st[-1])
        stacks[c] = st[:-1]  # rows are shared between clones: replaced, never changed in place
        h = hgt[c]
        bc = BIT[c]
        lv[h] ^= bc
        lv[h - 1] |= bc
        hgt[c] = h - 1
        if hid[c] >= h - 1:
            hid[c] = h - 2 if h >= 2 else 0
    declared = s.declared
    for k in declared:
        _take(s, seat, k)
        s.used.append(k)
    s.log(
        f"{s._seat_name(seat)} digs {','.join(CELL_NAMES[c] for c in cells)}: {' '.join(dug)}"
        + (f" using {' '.join(declared)}" if declared else "")
    )
    amulet = "AM" in declared
    s.declared = []
    s.picks = []
    settle(s, seat, dug, amulet)


def settle(s, seat: int, dug: list, amulet: bool) -> None:
    """SO-7: pay 1 per move plus the dug curses (unless the Amulet, SO-11.8), all at once at
    the end of the turn (SO-7.6); pay if able (SO-7.7), else SO-10."""
    due = s.moves
    if not amulet:
        for t in dug:
            due += CURSE[t]
    coins = s.coins[seat]
    pub = s.pub[seat]
    sec = s.sec[seat]
    wealth = coins
    for t in pub:
        wealth += TREASURE[t]
    for t in sec:
        wealth += TREASURE[t]
    for t in dug:
        wealth += TREASURE[t]
    name = s._seat_name(seat)
    if wealth >= due:
        pub.extend(dug)
        for t in dug:
            if t in ITEMS:
                s.item_count[seat] += 1
        if due:
            pay(s, seat, due)
        end_turn(s)
        return
    # SO-10: unable to pay; pays nothing, keeps coins and earlier holdings
    # the log is public: the wealth (secret tiles in it, SO-13.3) goes to the seat's own notes
    s.log(f"{name} cannot pay {due}")
    s.notes[seat].append(f"you could not pay {due}: your wealth was {wealth}")
    n = s.num_players
    opp = [(seat + i) % n for i in range(1, n)]  # clockwise from the left (SO-3.7)
    k = n - 1
    tiles = list(dug)
    s.rng.shuffle(tiles)  # SO-10.3 shuffled face down
    received = [[] for _ in range(n)]
    if len(tiles) >= k:
        q = len(tiles) // k
        for i in range(q * k):
            r = opp[i % k]
            s.sec[r].append(tiles[i])
            received[r].append(tiles[i])
            s.notes[r].append(f"you received {tiles[i]} of {name}'s dug tiles")
            if tiles[i] in ITEMS:
                s.item_count[r] += 1
        s.removed.extend(tiles[q * k :])
        if tiles:
            log_hidden(s, ["deal", seat, [sorted(x) for x in received], sorted(tiles[q * k :])])  # SO-10.6
        if tiles:
            s.log(
                f"{name}'s {len(tiles)} dug tiles are dealt: {q} to each opponent, {len(tiles) - q * k} removed unseen"
            )
        end_turn(s)
        return
    for i, t in enumerate(tiles):
        r = opp[i]
        s.sec[r].append(t)
        received[r].append(t)
        s.notes[r].append(f"you received {t} of {name}'s dug tiles")
        if t in ITEMS:
            s.item_count[r] += 1
    if tiles:
        s.log(f"{name}'s {len(tiles)} dug tiles are dealt one each from the left")
        log_hidden(s, ["deal", seat, [sorted(x) for x in received], []])  # SO-10.6
    s.gives = opp[len(tiles) :]  # SO-10.3 n < k, SO-10.5
    if s.gives and (pub or sec):
        s.phase = GIVE_PHASE
        return
    s.gives = []
    end_turn(s)


def pay(s, seat: int, due: int) -> None:
    """SO-7.7 DIGITAL default payment: coins first, then treasures from the lowest value
    up, change in coins from an unlimited bank (SO-7.4); paid treasures go to the bank."""
    coins = s.coins[seat]
    c = coins if coins < due else due
    rest = due - c
    coins -= c
    paid = []
    change = 0
    if rest:
        have = sorted((TREASURE[t], t) for t in s.pub[seat] + s.sec[seat] if TREASURE[t])
        got = 0
        for v, t in have:
            _take(s, seat, t)
            s.spent.append(t)
            paid.append(t)
            got += v
            if got >= rest:
                break
        change = got - rest
        coins += change
    s.coins[seat] = coins
    s.log(f"{s._seat_name(seat)} pays {due} ({payment_text(c, paid, change)})")


def _coins(k: int) -> str:
    return f"{k} coin" if k == 1 else f"{k} coins"


def payment_text(coins: int, paid: list, change: int) -> str:
    """How a payment was made, e.g. ``"2 coins + T3, 1 coin change"`` (SO-7.3, SO-7.4)."""
    parts = [_coins(coins)] if coins else []
    if paid:
        parts.append(" ".join(paid) + f" worth {sum(TREASURE[t] for t in paid)}")
    text = " + ".join(parts)
    if change:
        text += f", {_coins(change)} change"
    return text


def log_final_scores(s) -> None:
    """SO-12: one event per seat with the score breakdown, then the winner(s)."""
    rows = scoring.breakdown(s)
    for p, r in enumerate(rows):
        sets = r["scrolls"] // _C.per_scroll_set
        s.log(
            f"final {s._seat_name(p)}: {r['money']} coins+treasures"
            f" + {r['scrolls']} scrolls ({sets} set{'' if sets == 1 else 's'})"
            f" + {r['curse_bonus']} curse bonus ({r['curses']} in curses)"
            f" + {r['item_bonus']} item bonus ({r['items']} item{'' if r['items'] == 1 else 's'})"
            f" = {r['total']}"
        )
    best = max(r["total"] for r in rows)
    win = [s._seat_name(p) for p, r in enumerate(rows) if r["total"] == best]
    s.log(("winner: " if len(win) == 1 else "shared victory (SO-12.9): ") + ", ".join(win) + f" with {best}")


def do_give(s, code: str) -> None:
    """SO-10.3 / SO-10.5: the failing player gives a tile of his choice to the next opponent
    that received nothing. Only giver and recipient learn which tile it is (SO-10.6)."""
    seat = s.order[s.tidx]
    r = s.gives[0]
    sec = s.sec[seat]
    # SO-10.6: the table does not know which tile left, so none of his tiles is known for sure
    # any more: all become unknown, whichever he gave (keeping the known ones known when he gave
    # an unknown one would tell the table which kind of tile he gave)
    log_hidden(s, ["give", seat, r, sorted(s.pub[seat]), code])  # SO-10.6
    sec.extend(s.pub[seat])
    s.pub[seat] = []
    sec.remove(code)
    if code in ITEMS:
        s.item_count[seat] -= 1
        s.item_count[r] += 1
    s.sec[r].append(code)
    s.notes[seat].append(f"you gave {code} to {s._seat_name(r)}")
    s.notes[r].append(f"{s._seat_name(seat)} gave you {code}")
    s.gives = s.gives[1:]
    # SO-10.6: the table is not told which tile (the giver chose it, the recipient sees it)
    s.log(f"{s._seat_name(seat)} gives a tile of his choice to {s._seat_name(r)} (only the two of them know which)")
    if not s.gives or not (s.pub[seat] or sec):
        s.gives = []
        s.phase = TURN
        end_turn(s)


def end_turn(s) -> None:
    """SO-4.4: discard the played card; next player in card order, next round, or game end (SO-12.1)."""
    seat = s.order[s.tidx]
    s.discard.append(s.choices[seat])
    s.moves = 0
    s.backs = 0
    s.phase = TURN
    s.tidx += 1
    if s.tidx < s.num_players:
        return
    s.round += 1
    s.choices = [0] * s.num_players
    s.order = []
    s.tidx = 0
    if not s.hands[0]:
        s.phase = OVER  # SO-12.1
        s.log("the game ends")
        log_final_scores(s)
        return
    s.phase = CHOOSE
    s.chooser = 0


def current_player(s) -> int:
    """The seat to decide, or TERMINAL."""
    phase = s.phase
    if phase == TURN or phase == GIVE_PHASE:
        return s.order[s.tidx]
    if phase == CHOOSE:
        return s.chooser
    return TERMINAL
