"""Game 2, the race for experienced prospectors (KL-30 .. KL-40), in tick mode (KL-40.1).

Phases: ``build`` (each seat secretly lays 1-4 tiles: ``tile X0`` ... ``build``), ``tick``
(each racing seat in priority order commits ``claim KIND`` + ``place ...``, ``undo``,
``relayout`` or ``done``; a ``relayout`` is followed by that seat's ``tile``/``build``
decisions, a ``claim`` by its ``place``, in the same tick),
``pick`` (the tick's finishers pick favour cards, KL-32), ``lastpick`` (two players only,
KL-38.1), ``fate`` (KL-33.2), ``end``.
"""

from __future__ import annotations

from meeple.core import TERMINAL

from .actions import (
    BACK,
    BUILD,
    CLAIM_ACTIONS,
    DONE,
    FATE_ACTIONS,
    PICK_ACTIONS,
    RELAYOUT,
    TILE_ACTIONS,
    UNDO,
)
from .components import (
    CHILDREN_DECK,
    DECK_PER_GAME,
    DISPLAY_SIZE,
    FACE_NAMES,
    FAVOUR_CARDS,
    GOLD_OF,
    RACE_ROUNDS,
    RACE_SET,
    REQ_CARDS,
    RUBY_OF,
    TRACKS,
)
from .routes import lay, plural


def card_text(card: int) -> str:
    """``GN1 (green 1)``: a favour card's id, colour (track) and value (KL-30.4)."""
    c = FAVOUR_CARDS[card]
    return f"{c.id} ({TRACKS[c.track]} {c.value})"


def build_req_deck(st) -> list:
    """KL-30.2 / KL-39.1: 3 random cards per colour (children: 5 white + 4 grey), shuffled."""
    mix = CHILDREN_DECK if st.options.get("children") else DECK_PER_GAME
    deck = []
    for colour in ("white", "grey", "black"):
        k = int(mix.get(colour, 0))
        cards = [c.index for c in REQ_CARDS if c.colour == colour]
        st.rng.shuffle(cards)
        deck.extend(cards[:k])
    st.rng.shuffle(deck)
    return deck


def draw_favour(st) -> int:
    """KL-35: draw a favour card; an empty deck is refilled from the shuffled discards."""
    if not st.fav_deck:
        st.fav_deck = sorted(st.fav_discard)
        st.fav_discard = []
        st.rng.shuffle(st.fav_deck)
    return st.fav_deck.pop()


def prio_order(st, seats=None) -> list:
    """Seats in order from the round's priority seat (KL-30.5), optionally a subset."""
    n = st.num_players
    order = [(st.prio + i) % n for i in range(n)]
    if seats is None:
        return order
    return [s for s in order if s in seats]


def start_round(st) -> None:
    """KL-31.1: reveal the requirement card and the favour display; everyone builds."""
    n = st.num_players
    st.prio = (st.s0 + st.rround - 1) % n  # KL-30.5
    st.req = st.req_deck.pop()
    st.req_seen.append(st.req)
    st.display = [draw_favour(st) for _ in range(DISPLAY_SIZE[n])]
    st.layouts = [[] for _ in range(n)]
    st.claims = [[] for _ in range(n)]
    st.cov = [0] * n
    st.used = [0] * n
    st.gold = [0] * n
    st.ruby = [0] * n
    st.status = [0] * n
    st.picks = [-1] * n
    st.finish_order = []
    st.lastp = -1
    st.fate = -1
    st.tick = 0
    st.tdone = []
    st.building = [True] * n
    st.pend = [-1] * n
    st.backs = [0] * n
    st.shapes = [None] * n
    st.boards = [()] * n
    c = REQ_CARDS[st.req]
    st.log(
        f"round {st.rround}: card {c.id} asks for {c.gold} gold and {plural(c.rubies, 'ruby', 'rubies')}; display "
        + ", ".join(card_text(x) for x in st.display)
    )
    st.phase = "build"
    st.tq = prio_order(st)
    st.tpos = 0
    st.cur = st.tq[0]


def build_legal(st) -> list:
    """KL-31.2: another tile (unused face, any rotation) while fewer than four; ``build``
    once at least one tile lies."""
    lay_ = st.layouts[st.cur]
    used = {f for f, _ in lay_}
    out = (
        [TILE_ACTIONS[f][r] for f in range(len(FACE_NAMES)) if f not in used for r in range(4)] if len(lay_) < 4 else []
    )
    if lay_:
        out.append(BUILD)
    return out


def apply_tile(st, f: int, r: int) -> None:
    """Add a tile to the acting seat's secret landscape (auto ``build`` at four tiles)."""
    st.layouts[st.cur].append([f, r])
    if len(st.layouts[st.cur]) == 4:
        apply_build(st)


def apply_build(st) -> None:
    """The landscape is committed; the build (or the relayout tick action) is over."""
    seat = st.cur
    st.building[seat] = False
    st.set_board(seat)
    advance(st)


def apply_building(st, action) -> None:
    """A step of laying out one's landscape (KL-31.2; a relayout, KL-40.1): ``tile F R`` or ``build``."""
    if action.kind == "tile":
        apply_tile(st, *action.args)
    else:
        apply_build(st)


def tick_legal(st) -> list:
    """KL-40.1 tick actions of the acting seat: ``claim KIND`` (one of his unused claims that
    has a legal placement, KL-31.3), then ``place ...`` of that claim (KL-2); ``undo`` (take
    back the last claim), ``relayout`` (no claims), ``done``."""
    seat = st.cur
    if st.building[seat]:
        return build_legal(st)
    cov = st.cov[seat]
    sh = st.shapes[seat]
    claims = st.claims[seat]
    k = st.pend[seat]
    if k >= 0:
        cands = sh.touching(claims[-1], k) if claims else sh.starting(k, st.start_mask(seat))
        act = sh.action
        out = [act[p] for m, p in cands if not m & cov]
        if not st.backs[seat]:  # changing one's mind once per tick (KL-40.1 RULING here)
            out.append(BACK)
        return out
    used = st.used[seat]
    out = []
    if claims:
        last = claims[-1]
        touching = sh.touching
        for k in RACE_SET:
            if not used >> k & 1:
                for m, _ in touching(last, k):
                    if not m & cov:
                        out.append(CLAIM_ACTIONS[k])
                        break
        out.append(UNDO)
    else:
        smask = st.start_mask(seat)
        for k in RACE_SET:
            if not used >> k & 1:
                for m, _ in sh.starting(k, smask):
                    if not m & cov:
                        out.append(CLAIM_ACTIONS[k])
                        break
        out.append(RELAYOUT)
    out.append(DONE)
    return out


def apply_tick(st, action) -> None:
    """Apply one tick commitment of the acting seat (its board is hidden, so it is applied at
    once; only ``done`` is held back until the tick is revealed)."""
    seat = st.cur
    kind = action.kind
    if kind == "claim":
        st.pend[seat] = action.args[0]
        return  # the same seat now lays it
    if kind == "back":  # the claim goes back to the set; the seat chooses its move again
        st.pend[seat] = -1
        st.backs[seat] = 1
        return
    st.backs[seat] = 0
    if kind == "place":
        st.pend[seat] = -1
        pid = action.args[0]
        g, r = lay(st, seat, pid)
        st.used[seat] |= 1 << st.shapes[seat].kind[pid]
        st.gold[seat] += g
        st.ruby[seat] += r
    elif kind == "undo":
        sh = st.shapes[seat]
        pid = st.claims[seat].pop()
        st.cov[seat] &= ~sh.mask[pid]
        st.used[seat] &= ~(1 << sh.kind[pid])
        b = st.boards[seat]
        for i in sh.cells[pid]:
            st.gold[seat] -= GOLD_OF[b[i]]
            st.ruby[seat] -= RUBY_OF[b[i]]
    elif kind == "relayout":
        st.layouts[seat] = []
        st.building[seat] = True
        return  # the same seat now lays tiles
    elif kind == "done":
        st.tdone.append(seat)
    advance(st)


def advance(st) -> None:
    """Next seat of the build or tick; at the end of a tick reveal who is done (KL-40.1)."""
    st.tpos += 1
    if st.tpos < len(st.tq):
        st.cur = st.tq[st.tpos]
        return
    if st.phase == "build":
        st.phase = "tick"
        st.tick = 1
        st.tq = prio_order(st)
        st.tpos = 0
        st.tdone = []
        st.cur = st.tq[0]
        return
    cap = int(st.options.get("tick_cap", 40))
    done = set(st.tdone)
    if st.tick >= cap:  # KL-40.1 cap
        done = set(st.tq)
    finishers = [s for s in st.tq if s in done]  # tq is in priority order
    remaining = [s for s in st.tq if s not in done]
    for s in finishers:
        st.status[s] = 1
        st.finish_order.append(s)
    if finishers:
        st.log(f"tick {st.tick}: " + ", ".join(f"P{s + 1}" for s in finishers) + " done")
    if len(remaining) == 1:  # KL-33.1
        st.lastp = remaining[0]
        st.status[st.lastp] = 2
    elif not remaining:
        st.lastp = st.finish_order.pop()
        st.status[st.lastp] = 2
        finishers = finishers[:-1]
    st.tdone = []
    st.pq = finishers
    if st.lastp >= 0:
        st.log(f"P{st.lastp + 1} is the last player and stops")
    next_after_picks(st)


def next_after_picks(st) -> None:
    """Hand the turn to the next picker, the last player, or the next tick."""
    if st.pq:
        st.phase = "pick"
        st.cur = st.pq[0]
        return
    if st.lastp >= 0:
        if st.picks[st.lastp] < 0:
            if len(st.display) == 1:  # KL-33.1 he takes the remaining card
                take(st, st.lastp, st.display[0])
            else:  # KL-38.1
                st.phase = "lastpick"
                st.cur = st.lastp
                return
        others = [s for s in range(st.num_players) if s != st.lastp]
        if len(others) == 1:  # KL-38.1 necessarily joins his opponent
            join_fate(st, others[0])
            return
        st.phase = "fate"
        st.cur = st.lastp
        return
    st.phase = "tick"
    st.tick += 1
    st.tq = prio_order(st, [s for s in range(st.num_players) if st.status[s] == 0])
    st.tpos = 0
    st.cur = st.tq[0]


def pick_legal(st) -> list:
    """KL-32: any card of the display."""
    return [PICK_ACTIONS[c] for c in st.display]


def take(st, seat: int, card: int) -> None:
    """``seat`` takes ``card`` from the display (KL-32, KL-33.1)."""
    st.display.remove(card)
    st.picks[seat] = card
    st.log(f"P{seat + 1} takes {card_text(card)}")


def apply_pick(st, card: int) -> None:
    """The acting seat picks ``card``; then the next picker, the last player or the next tick."""
    seat = st.cur
    take(st, seat, card)
    if st.phase == "pick":
        st.pq.pop(0)
    next_after_picks(st)


def fate_legal(st) -> list:
    """KL-33.2: any other player."""
    return [FATE_ACTIONS[s] for s in range(st.num_players) if s != st.lastp]


def join_fate(st, other: int) -> None:
    """KL-33.2: the last player joins fate with ``other``; the boards are then checked."""
    st.fate = other
    st.log(f"P{st.lastp + 1} joins fate with P{other + 1}")
    check(st)


def succeeded(st, seat: int) -> bool:
    """KL-34.2 / KL-39.2: exact gold and rubies (a child: the larger number, either if equal)."""
    c = REQ_CARDS[st.req]
    g, r = st.gold[seat], st.ruby[seat]
    if seat in (st.options.get("children") or ()):
        if c.gold > c.rubies:
            return g == c.gold
        if c.rubies > c.gold:
            return r == c.rubies
        return g == c.gold or r == c.rubies
    return g == c.gold and r == c.rubies


def _favour(st, seat: int, ok: bool) -> None:
    """KL-34.2/34.3: gain or lose the value of ``seat``'s card on its track (never below 0)."""
    card = FAVOUR_CARDS[st.picks[seat]]
    t = st.tracks[seat]
    before = t[card.track]
    t[card.track] = before + card.value if ok else max(0, before - card.value)  # KL-34.3
    st.log(f"P{seat + 1}: {TRACKS[card.track]} {before} -> {t[card.track]}")


def check(st) -> None:
    """KL-34: check finished boards in order; the last player shares his chosen fate;
    KL-38.2 in round 9 with two players only the first finisher counts. Then KL-35."""
    n = st.num_players
    results = [None] * n
    for s in st.finish_order:
        ok = succeeded(st, s)
        results[s] = [st.gold[s], st.ruby[s], ok]
        st.log(
            f"P{s + 1} covered {st.gold[s]} gold, {plural(st.ruby[s], 'ruby', 'rubies')}: "
            + ("correct" if ok else "wrong")
        )
        _favour(st, s, ok)
    lp = st.lastp
    if lp >= 0:
        results[lp] = [None, None, None]
        if not (n == 2 and st.rround == RACE_ROUNDS):
            _favour(st, lp, results[st.fate][2])
    st.results = results
    st.revealed = [
        [[list(t) for t in st.layouts[s]], [st.shapes[s].action[p].text for p in st.claims[s]]]
        if st.shapes[s] is not None
        else [[], []]
        for s in range(n)
    ]
    st.last_req = st.req
    # KL-35 clean-up
    for s in range(n):
        if st.picks[s] >= 0:
            st.fav_discard.append(st.picks[s])
    st.fav_discard.extend(st.display)
    st.display = []
    st.rround += 1
    if st.rround > RACE_ROUNDS or not st.req_deck:  # KL-36.1
        st.req = -1
        st.phase = "end"
        st.cur = TERMINAL
        st.log("the ninth round is over")
        log_final_scoring(st)
        return
    start_round(st)


def log_final_scoring(st) -> None:
    """KL-36: log each seat's points per track (8/6/4/2, ties take the lower place) and for
    total favour (4/3/2/1), and the sum."""
    from .components import PLACE_POINTS, TOTAL_POINTS
    from .scoring import tie_low_points

    n = st.num_players
    per = [tie_low_points([st.tracks[s][t] for s in range(n)], PLACE_POINTS) for t in range(4)]
    totals = [sum(t) for t in st.tracks]
    tot = tie_low_points(totals, TOTAL_POINTS)
    for s in range(n):
        parts = ", ".join(f"{TRACKS[t]} {st.tracks[s][t]} -> {per[t][s]}" for t in range(4))
        st.log(
            f"P{s + 1}: {parts}; total favour {totals[s]} -> {tot[s]}; "
            f"{sum(per[t][s] for t in range(4)) + tot[s]} points"
        )
