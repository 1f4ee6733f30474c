"""Klondike's rules: legal actions and applying them (``legal_actions(st)``, ``apply(st, action)``,
dispatched by phase: :data:`LEGAL`, :data:`APPLY`), and game 1, the family game (KL-10 .. KL-21).

Functions take the :class:`~meeple.games.klondike.state.KlondikeState` ``st`` and change it
in place. Phases of game 1: ``layout`` (option layout=choose), ``auction`` (KL-12), ``place``
(KL-14), ``sauction`` (KL-16), ``splace`` (KL-16.5), ``end``. The routes both games share
(KL-2) are in ``routes.py``; game 2, the race (KL-30 .. KL-40), is in ``race.py``.
"""

from __future__ import annotations

from meeple.core import TERMINAL

from . import race
from .actions import DISCARD, PASS, TILE_ACTIONS, bid_action, sbid_action
from .components import D2, FACE_NAMES, FAMILY_GOAL, KINDS, ROW_KINDS, ROWS_ON_DISPLAY, SUPP_MIN_BID, ZONE_MASKS
from .routes import edges_ok, explain_place, lay, placements, plural


# ----------------------------------------------------------------------------- KL-10.5 rows
def deal_rows(st) -> None:
    """KL-10.5 / KL-17.2: deal rows of n claims (no kind twice) until six rows or the pool
    cannot complete a row."""
    n = st.num_players
    pool = st.pool
    while len(st.rows) < ROWS_ON_DISPLAY:
        if len(set(pool)) < n:
            return
        row, aside = [], []
        while len(row) < n:
            k = pool.pop()
            (aside if k in row else row).append(k)
        if aside:
            pool.extend(aside)
            st.rng.shuffle(pool)
        st.rows.append(row)


# ----------------------------------------------------------------------------- rounds
def start_round(st) -> None:
    """KL-17.2 refill, KL-17.3 exhausted pool, KL-17.4 fresh rubies, then the auction."""
    n = st.num_players
    for s in range(n):  # KL-17.4 / KL-15.3
        st.rubies[s] += st.fresh[s]
        st.fresh[s] = 0
    if len(st.rows) <= 1:
        before = len(st.rows)
        deal_rows(st)
        if len(st.rows) > before and st.round > 1:
            st.log(f"{len(st.rows) - before} new rows are dealt")
    if not st.rows:  # KL-17.3
        st.log("no row can be dealt: the game ends")
        end_game(st)
        return
    st.phase = "auction"
    st.slot_holder = [-1] * n
    st.slot_bid = [0] * n
    st.fig = [-1] * n
    st.normal_done = 0
    st.displaced = -1
    st.cur = st.start
    st.log(f"round {st.round}: P{st.start + 1} starts; row " + " ".join(KINDS[k].id for k in st.rows[0]))


def auction_legal(st) -> list:
    """KL-12.3 bids of the acting seat: any 0..rubies at a free claim, exactly one more at a
    held one (if affordable)."""
    seat = st.cur
    have = st.rubies[seat]
    out = []
    holder, bids = st.slot_holder, st.slot_bid
    for s in range(st.num_players):
        h = holder[s]
        if h < 0:
            out.extend(bid_action(s, x) for x in range(have + 1))
        elif h != seat and bids[s] + 1 <= have:
            out.append(bid_action(s, bids[s] + 1))
    return out


def apply_bid(st, slot: int, amount: int) -> None:
    """KL-12.2-12.5: set the figure; a displaced holder must act next."""
    seat = st.cur
    n = st.num_players
    kinds = st.rows[0]
    h = st.slot_holder[slot]
    if st.displaced < 0:
        st.normal_done += 1
    st.displaced = -1
    if h >= 0:
        st.fig[h] = -1
        st.displaced = h
        st.log(f"P{seat + 1} bids {amount} on {KINDS[kinds[slot]].id}, displacing P{h + 1}")
    else:
        st.log(f"P{seat + 1} bids {amount} on {KINDS[kinds[slot]].id}")
    st.slot_holder[slot] = seat
    st.slot_bid[slot] = amount
    st.fig[seat] = slot
    if st.displaced >= 0:
        st.cur = st.displaced
    elif st.normal_done < n:
        st.cur = (st.start + st.normal_done) % n
    else:
        pay_auction(st)


def pay_auction(st) -> None:
    """KL-13: each pays his final bid and takes his claim; the row leaves the queue."""
    n = st.num_players
    row = st.rows.pop(0)
    for s in range(n):
        slot = st.fig[s]
        amount = st.slot_bid[slot]
        st.rubies[s] -= amount
        if st.supply >= 0:
            st.supply += amount
        st.won[s] = row[slot]
        if amount:
            st.log(f"P{s + 1} pays {plural(amount, 'ruby', 'rubies')} for {KINDS[row[slot]].id}")
        else:
            st.log(f"P{s + 1} takes {KINDS[row[slot]].id} for nothing")
    st.pq = [(st.start + i) % n for i in range(n)]
    st.phase = "place"
    st.cur = st.pq[0]


def place_legal(st) -> list:
    """KL-14.2: the placements of the won claim, or only ``discard`` if there is none."""
    seat = st.cur
    out = placements(st, seat, st.won[seat])
    return out or [DISCARD]


def gain_rubies(st, seat: int, r: int) -> None:
    """KL-15.1/15.3/15.4: covered rubies become fresh (limited by the supply if the option)."""
    if st.supply >= 0:
        r = min(r, st.supply)
        st.supply -= r
    st.fresh[seat] += r


def apply_place(st, pid: int | None) -> None:
    """Lay (or discard, pid None) the won claim of the acting seat and score it (KL-14, KL-15)."""
    seat = st.cur
    k = st.won[seat]
    if pid is None:
        st.removed.append(k)  # KL-14.2
        st.log(f"P{seat + 1} cannot lay the {KINDS[k].id}: it leaves the game")
    else:
        g, r = lay(st, seat, pid)
        st.score[seat] += g
        gain_rubies(st, seat, r)
        st.log(f"P{seat + 1} lays {KINDS[k].id} and covers {g} gold, {plural(r, 'ruby', 'rubies')}")
        if st.mode == "family":
            if st.cov[seat] & FAMILY_GOAL:  # KL-14.4
                st.finished[seat] = True
                st.log(f"P{seat + 1} reaches the goal")
        else:  # KL-21.3
            cov = st.cov[seat]
            if all(cov & z for z in ZONE_MASKS):
                st.finished[seat] = True
                st.log(f"P{seat + 1} has covered all five zones")
    st.won[seat] = -1
    st.pq.pop(0)
    if st.pq:
        st.cur = st.pq[0]
    elif st.phase == "place":
        start_supp(st)
    else:
        end_round(st)


def start_supp(st) -> None:
    """KL-16.1: auction a domino if any remain; finished players may not bid (KL-16.6)."""
    if st.dominoes <= 0 or all(st.finished):
        end_round(st)
        return
    st.phase = "sauction"
    st.s_high = -1
    st.s_bid = 0
    st.s_passed = st.finished[:]
    n = st.num_players
    _next_supp(st, (st.start - 1) % n)


def _next_supp(st, seat: int) -> bool:
    """Hand the domino auction to the next seat after ``seat`` who has not passed and is not
    the high bidder. A seat that cannot afford the lowest bid has only ``pass`` left: it
    passes automatically and the pass is logged (KL-16.2, KL-16.4). Returns False when the
    auction is over (everyone else has passed)."""
    n = st.num_players
    lo = max(SUPP_MIN_BID, st.s_bid + 1)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if st.s_passed[s] or s == st.s_high:
            continue
        if st.rubies[s] < lo and not st.options.get("secret_rubies"):  # KL-21.2 keeps it asked
            st.s_passed[s] = True
            st.log(f"P{s + 1} cannot bid {lo} (has {plural(st.rubies[s], 'ruby', 'rubies')}) and passes")
            continue
        st.cur = s
        return True
    if st.phase == "sauction":
        _close_supp(st)
    return False


def supp_legal(st) -> list:
    """KL-16.2: ``pass`` or a bid of at least 4 above the highest, up to available rubies."""
    have = st.rubies[st.cur]
    lo = max(SUPP_MIN_BID, st.s_bid + 1)
    out = [sbid_action(x) for x in range(lo, have + 1)]
    out.append(PASS)
    return out


def apply_supp(st, amount: int | None) -> None:
    """KL-16.2-16.5: a bid (amount) or a final pass (None); ends when all others passed."""
    seat = st.cur
    if amount is None:
        st.s_passed[seat] = True
        st.log(f"P{seat + 1} passes")
    else:
        st.s_high, st.s_bid = seat, amount
        st.log(f"P{seat + 1} bids {amount} for the domino")
    _next_supp(st, seat)


def _close_supp(st) -> None:
    """KL-16.5: the high bidder pays and lays the domino; nobody bid: the round ends."""
    w = st.s_high
    if w < 0:
        st.log("nobody bids for the domino")
        end_round(st)
        return
    st.rubies[w] -= st.s_bid  # KL-16.5
    if st.supply >= 0:
        st.supply += st.s_bid
    st.dominoes -= 1
    st.won[w] = D2
    st.log(f"P{w + 1} pays {st.s_bid} rubies for the domino")
    st.phase = "splace"
    st.pq = [w]
    st.cur = w


def end_round(st) -> None:
    """KL-17.1 / KL-18: the game ends after a round in which someone finished; else the start
    player passes clockwise and a new round begins."""
    if any(st.finished):
        end_game(st)
        return
    st.start = (st.start + 1) % st.num_players
    st.round += 1
    start_round(st)


def end_game(st) -> None:
    """KL-19 penalties (family) or KL-21.3 penalties (square); the game is over."""
    from .scoring import family_penalty, square_penalty

    n = st.num_players
    for s in range(n):
        if st.mode == "family":
            st.penalty[s] = family_penalty(st.cov[s], st.finished[s])
        else:
            claims = st.claims[s]  # KL-21.3: the path goes on from the last claim laid
            st.penalty[s] = square_penalty(st.cov[s], st.finished[s], st.shapes[s].mask[claims[-1]] if claims else 0)
        if st.penalty[s]:
            st.log(f"P{s + 1} loses {st.penalty[s]} points")
    st.phase = "end"
    st.cur = TERMINAL


# ----------------------------------------------------------------------------- layout=choose
def layout_legal(st) -> list:
    """KL-10.2 layout=choose: the next tile of the row, any unused face, any rotation."""
    used = {f for f, _ in st.layouts[st.cur]}
    return [TILE_ACTIONS[f][r] for f in range(len(FACE_NAMES)) if f not in used for r in range(4)]


def apply_layout_tile(st, f: int, r: int) -> None:
    """Add a tile to the acting seat's row; after four tiles the next seat lays his."""
    seat = st.cur
    st.layouts[seat].append([f, r])
    if len(st.layouts[seat]) == 4:
        st.set_board(seat)
        st.log(f"P{seat + 1} lays out his tiles")
        if seat + 1 < st.num_players:
            st.cur = seat + 1
        else:
            start_round(st)


# ----------------------------------------------------------------------------- dispatch
def _apply_bid(st, action) -> None:
    apply_bid(st, *action.args)


def _apply_place(st, action) -> None:
    apply_place(st, action.args[0] if action.kind == "place" else None)


def _apply_supp(st, action) -> None:
    apply_supp(st, action.args[0] if action.kind == "sbid" else None)


def _apply_tick(st, action) -> None:
    """KL-40.1: a tick action, or a step of the relayout it began (``tile``/``build``)."""
    if st.building[st.cur]:
        race.apply_building(st, action)
    else:
        race.apply_tick(st, action)


def _apply_pick(st, action) -> None:
    race.apply_pick(st, action.args[0])


def _apply_fate(st, action) -> None:
    race.join_fate(st, action.args[0])


def _apply_layout_tile(st, action) -> None:
    apply_layout_tile(st, *action.args)


LEGAL = {
    "auction": auction_legal,
    "place": place_legal,
    "splace": place_legal,
    "sauction": supp_legal,
    "tick": race.tick_legal,
    "build": race.build_legal,
    "pick": race.pick_legal,
    "lastpick": race.pick_legal,
    "fate": race.fate_legal,
    "layout": layout_legal,
}
"""Phase -> ``f(st) -> list`` of the acting seat's legal actions (none in a phase not listed: ``end``)."""

APPLY = {
    "auction": _apply_bid,
    "place": _apply_place,
    "splace": _apply_place,
    "sauction": _apply_supp,
    "tick": _apply_tick,
    "build": race.apply_building,
    "pick": _apply_pick,
    "lastpick": _apply_pick,
    "fate": _apply_fate,
    "layout": _apply_layout_tile,
}
"""Phase -> ``f(st, action)`` applying a legal action of the acting seat."""


def legal_actions(st) -> list:
    """The legal actions of ``st.cur`` in the current phase (:data:`LEGAL`)."""
    f = LEGAL.get(st.phase)
    return f(st) if f is not None else []


def apply(st, action) -> None:
    """Apply a legal ``action`` (checked by the caller) in the current phase (:data:`APPLY`)."""
    f = APPLY.get(st.phase)
    if f is not None:
        f(st, action)


__all__ = [
    "APPLY",
    "LEGAL",
    "ROW_KINDS",
    "apply",
    "deal_rows",
    "edges_ok",
    "explain_place",
    "lay",
    "legal_actions",
    "placements",
    "start_round",
]
