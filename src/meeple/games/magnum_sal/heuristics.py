"""Evaluation for the greedy bot and MCTS depth cuts: an estimate, in groše, of how well a
seat will finish (comparable across seats, same units as ``scores()``).

value = money
      + salt between its 3-groše end value (MS-22.1) and its market sell price
      + a share of the reward of face-up royal orders the seat's salt already meets
        (larger when a miner of the seat is on its way in the castle queue)
      - the expected penalty of queued miners that meet no order (MS-19.6)
      + tools: end value by count (MS-22.1) + a little for each unused tool
      + miners: future earning power, falling phase by phase
      + mine position: cubes the seat's rested miners could extract now, net of fees
      + assistants (income) - tired miners (need rest)
      + the way to the nearest face-up order: so many groše for each action it is nearer,
        counted only once a phase has lasted a few rounds, and more the longer it lasts
        (``_reach``: only royal orders end a phase, MS-21.1)

A compound decision in progress (extraction, placement, market ...) of the seat to move is
first completed greedily, so one-ply lookahead sees the value of a whole action.

Resting (MS-11.3): after a first ``pass`` of a turn without any other action, the seat's tired
miners are counted as rested (they stand up if the turn stays a pass), so resting beats +1 groš
at the town square when tired miners matter; without this the greedy bot never rested and
phases stalled until the safety cap.

Last round of the game (phase III after the MS-21.1 trigger, or its capped last round): the
value is the final score as it stands (MS-22.1: tools only by the end-of-game table, money
spent is lost) plus an order a queued miner still delivers.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import or_

from meeple.core import Heuristics, SearchDefaults

from . import components as C
from . import mine as M
from . import rules, scoring

_SUB = frozenset(
    (
        "extract",
        "place_from",
        "place_to",
        "rope",
        "assist_from",
        "castle_from",
        "market",
        "pump",
        "food",
        "pay",
        "deliver",
        "penalty",
    )
)
MINER_VALUE = (7.0, 4.5, 1.5)  # per owned miner, by phase
UNUSED_TOOL = (1.5, 1.0, 0.5)
SHAFT_PRESENCE = 1.5  # first own miner on a connected space (keeps paths open, earns fees)
# (tuned on greedy self-play: orders completed and phases ended by orders)
ASSISTANT = (1.5, 1.5, 0.8)
TIRED = 0.4
QUEUE_PENALTY = 2.5
DEPTH_BONUS = 0.05  # deeper miners open the way to richer levels
ORDER_TRIP = 2.0  # a queued miner that meets an order (progress towards the phase end)
PARTIAL = 0.3  # share of an order's gain for the part of its salt already held
HOLD_SHARE = 0.6  # share of (sell price - 3) a held cube is worth
POTENTIAL = 0.4  # share of the net value of cubes rested miners could extract now
REACH = 4.0  # groše for each action nearer to a face-up order's salt (_reach), times the urgency
REACH_STEPS = 16  # actions to an order at which that value is 0
UNSEEN = 1  # an action more for salt only guessed in an unrevealed chamber
URGENCY_FROM = 5  # rounds of a phase after which the urgency grows from 0 ...
URGENCY_RAMP = 5  # ... by 1 every this many rounds ...
URGENCY_MAX = 2.0  # ... up to this
# (tuned on greedy self-play, 2 players, series seeds 97-99: phases ended by orders)


SEARCH = SearchDefaults(value_scale=27, prior=2, c=0.7)
"""The search bots' defaults (:class:`meeple.core.SearchDefaults`; each also an ``mcts`` option,
agents.search):

* ``value_scale`` 27: a typical final margin (groše) between two greedy bots (mean of 12
  two-player games): search bots count a lead of this size as about an 88% chance to win
  (agents.base.value_scale).
* ``prior`` 2: visits before a node below the root gets the greedy view of its actions (fewer
  is stronger but slower; 0 = the root only). Here 2: 3 wins of 3 against greedy, by 34-46
  groše, in a first check.
* ``c`` 0.7: UCT exploration constant on values in [0, 1] (lower searches the best lines
  deeper, higher spreads the visits); the value of the ladder in docs/ladder/magnum-sal.md."""


_CUBE_VALUES: dict = {}


def cube_values(state) -> list:
    """Value of holding one cube of each colour: between the 3-groše end value and the
    market sell price now (lowest price if the column is full); selling or delivering
    turns it into more. A list of 3 floats (groše), cached by the market (read it, never
    change it)."""
    key = tuple(state.market)
    out = _CUBE_VALUES.get(key)
    if out is None:
        out = []
        for col in range(3):
            p = C.sell_price(col, state.market[col])
            if p is None:
                p = C.MARKET_LOWEST[col]
            out.append(C.SALT_END_VALUE + HOLD_SHARE * max(0, p - C.SALT_END_VALUE))
        _CUBE_VALUES[key] = out
    return out


_ORDER_PLANS: dict = {}
_ORDER_PLANS_MAX = 50_000


def _order_plan(orders_up: list, vals: list) -> list:
    """The face-up royal orders as ``(requires, reward, base)`` best gain first, ``base`` =
    their salt at ``vals`` (cached by the orders and the cube values: read, never change)."""
    key = (tuple(orders_up), tuple(vals))
    plan = _ORDER_PLANS.get(key)
    if plan is None:
        orders = [C.ORDERS[o] for o in orders_up if o is not None]
        plan = [(o.requires, o.reward, sum(r * v for r, v in zip(o.requires, vals))) for o in orders]
        plan.sort(key=lambda x: x[2] - x[1])  # best gain (reward - base) first; stable on ties
        if len(_ORDER_PLANS) >= _ORDER_PLANS_MAX:
            _ORDER_PLANS.clear()
        _ORDER_PLANS[key] = plan
    return plan


def _urgency(state, seat: int) -> float:
    """How much the way to the face-up orders' salt counts for ``seat`` (:func:`_reach`): 0 up
    to round ``URGENCY_FROM`` of the phase, then growing by 1 every ``URGENCY_RAMP`` rounds up
    to ``URGENCY_MAX``. Only royal orders end a phase (MS-21.1), so the longer a phase drags on,
    the more the long way to their salt is worth against idling (as a person at the table
    knows); early in a phase the evaluation is as before. 0 once the phase's end is triggered
    (no order started then is completed in time).

    The round counted is that of the seat's last turn: while its next turn is still to come
    in this round (MS-5.1: a turn for each player a round), the round before. So one urgency
    values a seat's turn from its first action to its last, whether that last action ends the
    round or not. Counted by the round number, an action that ended the round looked better
    by the step of the urgency alone, and greedy moved a miner out and back in one turn for it."""
    if state.triggered:
        return 0.0
    rnd = state.round - 1 if _still_to_play(state, seat) else state.round
    u = (rnd - URGENCY_FROM) / URGENCY_RAMP
    return (u if u < URGENCY_MAX else URGENCY_MAX) if u > 0.0 else 0.0


@lru_cache(maxsize=8192)
def _gaps(occ: tuple) -> tuple:
    """Per space: the empty spaces on its path to the surface (placements that connect it,
    MS-8.2), for one board ``occ``."""
    gaps = [0] * C.NSPACES
    for s in range(1, C.NSPACES):
        p = C.PARENT[s]
        gaps[s] = gaps[p] + (0 if occ[p] else 1)
    return tuple(gaps)


_GUESSES: dict = {}


def _guess(tiles: tuple) -> tuple:
    """What an unrevealed chamber holds when ``tiles`` are the face-down tiles of its level
    (public as a set: the level's tiles less those revealed, MS-1.2, MS-26): per colour the
    mean count over them, rounded up from a half, where more than half of them hold that
    colour (else 0); and whether more than half of them hold water."""
    out = _GUESSES.get(tiles)
    if out is None:
        ts = [C.TILES[t] for t in tiles]
        n = len(ts)
        has = tuple(
            max(1, int(sum(t.salt[k] for t in ts) / n + 0.5)) if 2 * sum(1 for t in ts if t.salt[k]) > n else 0
            for k in range(3)
        )
        out = _GUESSES[tiles] = (has, 2 * sum(1 for t in ts if t.water) > n)
    return out


def _ways(state, seat: int) -> list:
    """Per colour: the sources of its cubes for ``seat``, nearest first, as ``(actions, y,
    cubes, more)``: ``actions`` to its first ``y`` cubes, then ``more`` actions a further
    cube, of ``cubes`` in all. Sources: the market (1 visit, up to 2 cubes, MS-17.2/MS-17.4)
    and each chamber holding that colour (an unrevealed one by the face-down tiles of its
    level, :func:`_guess`, an action more as it may hold none). A chamber's actions: a
    placement for each empty space on its path (MS-8.2) and for the seat's own miner there, a
    hire at the inn (MS-14) for each placement beyond the seat's free miners (supply,
    assistants, and rested miners sharing a space), a pump visit when its water would stop
    the extraction (MS-10.1, MS-16), and the extraction; ``y`` = the strength R - W now."""
    n = state.num_players
    gaps = _gaps(tuple(state.occ))
    rested = state.rested
    mapped = state.variant == "mapped-mine"
    ways = ([], [], [])
    guess = {}
    occ = state.occ
    free = state.supply[seat] + state.assist.count(seat)
    for x in range(C.NSPACES):
        if occ[x] > 1:
            free += rested[x * n + seat]
    for c in range(C.NCHAMBERS):
        s = c + _FIRST_CHAMBER
        unseen = 0
        if state.revealed[c]:
            has = state.csalt[c]
            if not (has[0] or has[1] or has[2]):
                continue
            w = state.water[c]
        elif mapped:  # MS-24.1: the tile is face up
            tile = C.TILES[state.tile[c]]
            has, w = tile.salt, tile.water + state.water[c]
        else:
            lvl = C.CHAMBER_LEVEL[c]
            g = guess.get(lvl)
            if g is None:
                g = guess[lvl] = _guess(
                    tuple(sorted(state.tile[x] for x in C.LEVEL_CHAMBERS[lvl] if not state.revealed[x]))
                )
            has, wet = g
            w = 1 if wet else state.water[c]
            if not has[0] and not has[1] and not has[2]:
                continue
            unseen = UNSEEN
        r = rested[s * n + seat]
        d = gaps[s] + (0 if r else 1)  # placements
        more = 1  # a further cube: one more miner placed there
        # the seat's miners already there are its strength there, not miners to send there
        f = free - r if occ[s] > 1 else free
        if d >= f:  # a hire at the inn for each miner missing (MS-14)
            d += d - f
            more = 2
        if r > w:
            y = r - w  # cubes one extraction takes now (strength R - W, MS-10.1)
        elif w:
            d += 1  # pump first (MS-16)
            y = r if r else 1
        else:
            y = 1  # the miner to place there, in a dry chamber
        d += 1 + unseen  # the extraction
        for k in range(3):
            if has[k]:
                ways[k].append((d, y, has[k], more))
    market = state.market
    for k in range(3):
        if market[k]:
            ways[k].append((1, 2, market[k], 1))  # a visit buys up to 2 (MS-17.2)
        ways[k].sort()
    return ways


def _actions_for(way: list, m: int) -> int:
    """Actions to gather ``m`` cubes from the sources ``way`` (:func:`_ways`), nearest first:
    a source's first ``y`` cubes in its first actions, each further one ``more`` actions
    (one more miner there, MS-10.1, hired first if the seat has none free); sources counted
    apart (an upper bound when they share a path); ``_BIG`` if they hold too few."""
    d = 0
    for a, y, q, more in way:
        d += a
        if y > q:
            y = q
        m -= y
        if m <= 0:
            return d
        q -= y
        if q >= m:
            return d + m * more
        d += q * more
        m -= q
    return _BIG


_BIG = 99


def _reach(state, seat: int, salt: list, plan: list, met: int, queued: int) -> float:
    """Value of the way to the nearest face-up order: ``REACH`` groše for each action it is
    nearer than ``REACH_STEPS`` actions, scaled by :func:`_urgency`. An order is as many
    actions away as the castle visit (MS-19.2; none when the seat's salt meets an order and
    its miner is queued) plus, per colour its salt still lacks (after the orders met by the
    seat's salt), the actions to those cubes (:func:`_ways`, :func:`_actions_for`). Every step on the way (a shaft section filled, a
    chamber reached or pumped, the salt extracted, the miner sent) is then worth something,
    though it earns nothing yet: without it both bots idle at the town square (MS-18) for
    the rest of a phase whose orders need salt from deep in the mine."""
    u = _urgency(state, seat)
    if u <= 0.0:
        return 0.0
    if met:
        steps = 0 if queued else 1
    else:
        ways = None
        steps = REACH_STEPS
        for req, reward, base in plan:
            if reward <= base:
                continue
            d = 1  # the castle visit (a queued miner would arrive before the salt)
            for k in range(3):
                if req[k] > salt[k]:
                    if ways is None:
                        ways = _ways(state, seat)
                    d += _actions_for(ways[k], req[k] - salt[k])
            if d < steps:
                steps = d
    if steps >= REACH_STEPS:
        return 0.0
    return u * REACH * (REACH_STEPS - steps)


def _salt_and_orders(state, seat: int, salt: list, vals: list) -> float:
    """Salt value plus the share of order rewards already in reach."""
    queued = state.q_left[seat] + state.q_right[seat]
    disc = 1.0 if queued else 0.5
    if state.phase == C.PHASES - 1 and state.triggered:
        disc = 1.0 if queued else 0.1
    salt = salt[:]
    value = 0.0
    met = 0
    plan = _order_plan(state.orders_up, vals)
    for req, reward, base in plan:
        if salt[0] >= req[0] and salt[1] >= req[1] and salt[2] >= req[2]:
            gain = reward - base
            if gain <= 0:
                continue
            value += base + disc * gain
            if met < queued:
                value += ORDER_TRIP
            met += 1
            for k in range(3):
                salt[k] -= req[k]
    s0, s1, s2 = salt
    for req, reward, base in plan:  # partial progress towards the remaining orders
        r0, r1, r2 = req
        need = r0 + r1 + r2
        have = (s0 if s0 < r0 else r0) + (s1 if s1 < r1 else r1) + (s2 if s2 < r2 else r2)
        if 0 < have < need:
            gain = reward - base
            if gain > 0:
                value += PARTIAL * gain * have / need
    value += salt[0] * vals[0] + salt[1] * vals[1] + salt[2] * vals[2]
    value += _reach(state, seat, salt, plan, met, queued)
    if queued > met:
        value -= QUEUE_PENALTY * (queued - met)
    return value


_PRESENCE = [SHAFT_PRESENCE + DEPTH_BONUS * len(C.PATH[s]) for s in range(C.NSPACES)]
"""Per space: the value of a seat's first miner there on a connected path (deeper is better)."""


def _mine_value(state, seat: int, vals: list, conn: list, rested: list, tired: list, pending=None) -> float:
    n = state.num_players
    value = 0.0
    rs, ts = rested[seat::n], tired[seat::n]
    own = None  # the seat's (rested, tired) miners by space, for the fees (MS-10.3), when first needed
    for s in compress(_SPACES, map(or_, rs, ts)):  # only the spaces with the seat's miners
        r = rs[s]
        t = ts[s]
        value -= TIRED * t
        presence = (_PRESENCE[s] + 0.2 * (r + t - 1)) if conn[s] else 0.2
        if s < _FIRST_CHAMBER:
            value += presence
            continue
        c = s - _FIRST_CHAMBER
        if not state.revealed[c]:
            continue
        cs = state.csalt[c]
        if pending is not None and pending[0] == s:
            cs = [a - b for a, b in zip(cs, pending[1])]
        c0, c1, c2 = cs
        total = c0 + c1 + c2
        if not total:
            value += 0.1 * (r + t)
            continue
        value += presence  # a miner in a chamber with salt (its extraction potential comes on top)
        if r and conn[s]:
            w = state.water[c]
            if own is None:
                own = (state.rested[seat::n], state.tired[seat::n])
            own_r, own_t = own
            fees = 0
            for p in _PATH[s]:
                if not (own_r[p] or own_t[p]):
                    fees += 1
            net = (c0 * vals[0] + c1 * vals[1] + c2 * vals[2]) / total - fees
            if net < 0.5:
                net = 0.5
            dry = r - w
            now = (dry if dry < total else total) * net if dry > 0 else 0.0
            # or after pumping the water away (another action, MS-16)
            pumped = (r if r < total else total) * net - (w * (w + 1) // 2 - 1) - 1.0 if w else 0.0
            best = now if now > pumped else pumped
            if best > 0.0:
                value += POTENTIAL * best
    return value


_SPACES = tuple(range(C.NSPACES))
_FIRST_CHAMBER = C.FIRST_CHAMBER
_PATH = C.PATH


def _actions_of_round(state) -> int:
    return C.ACTIONS_FIRST_ROUND if state.round == 1 else C.ACTIONS_LATER


def _rest(state, seat: int, rested: list, tired: list):
    """Copies of ``rested``/``tired`` with every tired miner of ``seat`` stood up (MS-11.3)."""
    n = state.num_players
    rested, tired = rested[:], tired[:]
    for s in range(C.NSPACES):
        i = s * n + seat
        if tired[i]:
            rested[i] += tired[i]
            tired[i] = 0
    return rested, tired


def last_round(state) -> bool:
    """True in the last round of the game: phase III after the phase-end trigger (MS-21.1), or
    its last round under the safety option ``max_rounds``."""
    if state.phase != C.PHASES - 1:
        return False
    cap = state.options.get("max_rounds")
    return state.triggered or bool(cap and state.round >= cap)


def _still_to_play(state, seat: int) -> bool:
    """``seat`` has a turn later in the current round (its castle queue then moves, MS-6.2)."""
    n = state.num_players
    return (seat - state.start) % n > (state.turn - state.start) % n


def end_value(state, seat: int) -> float:
    """Value in the last round of the game: the final score as it stands (MS-22.1: money,
    3 a cube, tools only by the end-of-game table, so a tool bought now that does not move
    the table is money lost), plus an order a queued miner will still deliver."""
    score = float(scoring.score(state, seat))
    if state.q_left[seat] and _still_to_play(state, seat):
        salt = state.salt[seat]
        best = 0.0
        for o in state.orders_up:
            if o is not None:
                od = C.ORDERS[o]
                req = od.requires
                if salt[0] >= req[0] and salt[1] >= req[1] and salt[2] >= req[2]:
                    best = max(best, od.reward - C.SALT_END_VALUE * sum(req))
        score += best
    return score


def static_value(state, seat: int) -> float:
    """The evaluation without completing pending decisions (see module docstring)."""
    if state.over:
        return float(state.scores()[seat])
    if last_round(state) and state.stage == "main":
        return end_value(state, seat)
    n = state.num_players
    phase = state.phase
    money = float(state.money[seat])
    salt = state.salt[seat][:]
    rested, tired = state.rested, state.tired
    pending = None
    if state.stage == "extract" and state.turn == seat:  # count a pending extraction as done
        s, taken, picks, carts = state.ctx
        nt = taken[0] + taken[1] + taken[2]
        if nt:
            paying = M.paying_spaces(state, seat, s)
            money -= M.transport_cost(paying, nt, [tuple(x) for x in carts], state.options.get("cart_max_cubes"))
            salt = [a + b for a, b in zip(salt, taken)]
            k = max(1, nt + state.water[s - C.FIRST_CHAMBER] - picks)
            rested, tired = rested[:], tired[:]
            rested[s * n + seat] -= k
            tired[s * n + seat] += k
            pending = (s, taken)
        money -= 0.8 * picks + 0.8 * len(carts)  # tools spent
    if (
        state.turn == seat
        and state.stage == "main"
        and not state.acted
        and state.actions_left < _actions_of_round(state)
    ):
        # the seat has passed this turn without acting: passing to the end of the turn stands
        # its tired miners up (MS-11.3); count that rest, so that resting beats idling
        rested, tired = _rest(state, seat, rested, tired)
    vals = cube_values(state)
    value = money + _salt_and_orders(state, seat, salt, vals)
    tools = state.tools[seat]
    value += C.tool_end_value(len(tools))
    value += UNUSED_TOOL[phase] * state.tools_used[seat].count(False)
    value += MINER_VALUE[phase] * state.owned[seat]
    conn = M.connectivity(state.occ)
    value += _mine_value(state, seat, vals, conn, rested, tired, pending)
    value += ASSISTANT[phase] * state.assist.count(seat)
    return value


def evaluate(state, seat: int, root=None) -> float:
    """Estimated final total of ``seat`` in groše (see the module docstring); with ``root``,
    the state a bot decides from, plus :func:`banked` (the way to an order kept when the
    order is completed). The final score when the game is over."""
    if state.over:
        return float(state.scores()[seat])
    if state.turn == seat and state.stage in _SUB:
        state = _complete(state, seat)
    value = static_value(state, seat)
    if root is not None:
        value += banked(state, seat, root)
    return value


def banked(state, seat: int, root) -> float:
    """The value of the way to an order (:func:`_reach`) kept for each royal order ``seat``
    has completed since ``root`` (MS-19.4), in groše: ``REACH_STEPS * REACH`` times the
    larger urgency of ``root`` and ``state``, an order.

    An order met with a miner in the castle queue is the end of the way, worth the most
    (``_reach``: no action left); the completion takes the salt and the order away, and the
    next order is far, maybe in the next phase (urgency 0). Without this a search saw the
    delivery lose that value, sold the order's salt to keep the order a few actions away and
    paid the MS-19.6 penalty instead, and the seat near the phase's last order avoided it
    (MS-21.1). Counted from the search's root, not from the start of the phase: orders
    completed before it change no decision and would only inflate the lead seen."""
    done = len(state.orders_done[seat]) - len(root.orders_done[seat])
    if done <= 0:
        return 0.0
    u = _urgency(root, seat)
    if state.phase == root.phase:
        v = _urgency(state, seat)
        if v > u:
            u = v
    return done * u * REACH * REACH_STEPS


def _complete(state, seat: int, limit: int = 10):
    """Finish the seat's pending compound decision greedily on the static value (``state`` is
    not changed: only clones of it are played on)."""
    cur = state
    owned = False  # cur is a clone of our own (after the first step), free to be played on
    for _ in range(limit):
        if cur.over or cur.turn != seat or cur.stage not in _SUB:
            break
        legal = cur.legal_actions()
        if cur.stage == "place_from" and len(legal) > 1:
            cur = _best_placement(cur, seat, legal)
            owned = True
            continue
        if cur.stage == "pump" and len(legal) > 1:
            cur = _best_pumping(cur, seat)
            owned = True
            continue
        if len(legal) == 1:
            # nothing to choose
            if not owned:
                cur = cur.clone()
                owned = True
            cur.apply_unchecked(legal[0])
            continue
        best, best_v = None, float("-inf")
        last = len(legal) - 1
        for i, a in enumerate(legal):
            # the last action is played on cur itself when cur is ours (it is not needed after)
            child = cur if owned and i == last else cur.clone()
            child.apply_unchecked(a)
            v = static_value(child, seat)
            if v > best_v:
                best, best_v = child, v
        cur = best
        owned = True
    return cur


def _best_placement(state, seat: int, sources: list):
    """The best whole placement (MS-8.1): each miner ``sources`` can send (``place_from``)
    with each space it may go to (``place_to``), valued on the static value after both; the
    clone after the best pair (the first on ties). ``place_from`` only names the miner, so the
    miner is valued by where it can go and by the space it leaves (a miner taken from a shaft
    space may cut a path, MS-8.3); ``state`` is not changed."""
    best, best_v = None, float("-inf")
    for a in sources:
        mid = state.clone()
        mid.apply_unchecked(a)
        dests = mid.legal_actions()
        last = len(dests) - 1
        for i, b in enumerate(dests):
            child = mid if i == last else mid.clone()
            child.apply_unchecked(b)
            v = static_value(child, seat)
            if v > best_v:
                best, best_v = child, v
    return best


def _best_pumping(state, seat: int):
    """The best number of further water cubes to remove in a pump visit (MS-16.1): each
    stopping point (``done`` now, after one ``pump more``, after two ...) valued on the static
    value; the clone after the best (the fewest cubes on ties). Valued cube by cube, a cube
    that leaves water in the chamber opens nothing and costs groše, so the visit stopped
    after its free first cube although pumping the rest would let the miners extract (MS-10.1:
    the water must go first); ``state`` is not changed."""
    best, best_v = None, float("-inf")
    cur = state
    while cur.stage == "pump":
        done = more = None
        for a in cur.legal_actions():
            if a.kind == "pump_more":
                more = a
            else:
                done = a
        stop = cur.clone()
        stop.apply_unchecked(done)
        v = static_value(stop, seat)
        if v > best_v:
            best, best_v = stop, v
        if more is None:
            break
        cur = cur.clone()
        cur.apply_unchecked(more)
        if cur.stage != "pump":  # that cube ended the visit (no water or no money left)
            v = static_value(cur, seat)
            if v > best_v:
                best, best_v = cur, v
    return best


def rollout_action(state, legal, rng):
    """A cheap playout policy, better than uniform: extract when possible, take cubes,
    send miners to the castle only with salt for an order, otherwise mostly productive moves."""
    seat = state.current_player
    st = state.stage
    if len(legal) == 1:
        return legal[0]
    if st == "extract":
        for a in legal:
            if a.kind == "take":
                return a
        for a in legal:
            if a.kind == "done":
                return a
        return legal[rng.randrange(len(legal))] if hasattr(rng, "randrange") else legal[rng.randbelow(len(legal))]
    if st == "main":
        has_order = bool(rules.satisfiable_orders(state, seat))
        queued = state.q_left[seat] + state.q_right[seat]
        good = []
        for a in legal:
            k = a.kind
            if k == "extract":
                return a
            if k == "castle":
                if has_order and not queued:
                    return a
                continue
            if k in ("assist", "bucket", "food", "done"):
                continue
            good.append(a)
        if good:
            legal = good
    n = len(legal)
    i = rng.randrange(n) if hasattr(rng, "randrange") else rng.randbelow(n)
    return legal[i]


HEURISTICS = Heuristics(evaluate=evaluate, rollout_action=rollout_action, search=SEARCH)
"""Magnum Sal's part for the bots (``MagnumSalGame.load_heuristics``)."""
