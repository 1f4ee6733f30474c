"""Why a typed Lignum notation is not legal now: ``explain(state, text) -> (rule_id, message)``.

The game's explanation part (``LignumGame.load_explain``; the core turns it into an
IllegalActionError). The answer looks at the current decision (``state.stage``) and the player's holdings, so that it names
the rule that actually forbids the action (e.g. a full path space, an X token, a dryer that
would end over capacity) rather than a generic rule of the action's kind.
"""

from __future__ import annotations

import re

from .actions import WORKER_SUFFIX
from .components import (
    CAPACITY,
    HW,
    JOKER,
    LOAN_AMOUNT,
    LOC_NAMES,
    MAX_LOANS,
    MAX_SAWS,
    PIECE_NAMES,
    PRODUCT_NAMES,
    SPACE_TYPE,
    WINTER_ROUNDS,
)
from .rules.common import avail, worker
from .rules.drying import dryer_ok
from .rules.market import product_sales

#: What the acting seat is deciding in each stage (also shown by text.py).
STAGE_WHAT = {
    "travel": "your travel turn: move your foreman ('go N' or 'go C')",
    "choose": "the secret felling-area choice ('area N')",
    "tact": "the felling-area pick for the next round ('area N')",
    "space4": "buying carriers at space 4 ('carriers N')",
    "space10": "buying woodcutters at space 10 ('cutters N')",
    "space13": "taking a task card at space 13 ('task Txx')",
    "space16": "the extra sawyer at space 16 ('extra' or 'done')",
    "market": "the market at space 19: buy saws or food ($1 each), sell product sets; 'done' after one",
    "fell": "felling, phase 1 ('fell SW', 'done')",
    "arrive": "rafting arrival, phase 2: where each river piece goes ('FW saw' / 'FW sales')",
    "transport": "transport, phase 3: a method ('carry', 'wagon', 'raft N') or 'done'",
    "move": "where each transported piece goes ('FW saw', 'SW sales', 'FW river')",
    "saw": "sawing, phase 4 ('saw FW', 'done')",
    "split": "placing new sticks: 'heat' or 'sales' for each",
    "tasks": "tasks, phase 5 ('fill T01 2', 'done')",
    "sell": "selling, phase 6: 'sell PIECE FROM', the piece and where it lies ('sell sFW sales', 'sell SW d3'), 'done'",
    "dry": (
        "drying, phase 7: 'dry PIECE FROM', the piece and where it lies now; it moves one place right, "
        "sales → d1 → d2 → d3 ('dry sFW sales' to d1, 'dry SW d1' to d2), 'done'"
    ),
    "w_bonus": "the winter bonus wood ('bonus HW')",
    "w_fell": "winter felling ('fell mill', 'fell lodge', 'done')",
    "w_sled": "winter sled transport ('sled mill', 'sled lodge', 'done')",
    "w_saw": "winter sawing ('saw FW mill', 'done')",
    "w_tasks": "winter tasks ('fill T01 2', 'done')",
    "burn": "which heating sticks to burn ('burn sFW')",
    "forced": "a forced sale to pay a winter debt ('sell FW saw', 'done')",
    "river": "the river kind of the final sale ('river FW' / 'river SW')",
}

_PIECE = {n.lower(): i for i, n in enumerate(PIECE_NAMES)}
_LOC = {n: i for i, n in enumerate(LOC_NAMES + ("saw", "heat"))}
_PSET = re.compile(r"^sell (\d+)(stake|board|shingle|reed|joker)(?:\+(\d+)j)?$")


def _now(state) -> str:
    return "now: " + STAGE_WHAT.get(state.stage, state.stage or "no decision")


def _pay_reason(state, seat: int, cost: int = 1) -> tuple:
    m = state.money[seat]
    extra = " (negative cash blocks every purchase, LG-21.6)" if m < 0 else ""
    return "LG-8.3.1", (
        f"you cannot pay ${cost}: cash ${m} and {state.loans[seat]} of {MAX_LOANS} loans already taken{extra}"
    )


def _content(c: list) -> str:
    parts = [f"{c[p]} {PIECE_NAMES[p]}" for p in range(6) if c[p]]
    return ", ".join(parts) or "nothing"


def explain(state, text: str) -> tuple:
    """``(rule_id, message)`` explaining why ``text`` is not a legal action of ``state`` now."""
    t = " ".join(text.split())
    low = t.lower()
    words = low.split()
    head = words[0] if words else ""
    if state.hut_left:
        return "LG-19.2", f"'{t}': first place the {state.hut_left} new hut(s): hut 1, hut 2 or hut 3"
    if head == "foodhut" and state.phase in ("feed", "heat") and state.huts[state.actor][1]:
        return "LG-20.8", (
            f"'{t}': the food left after feeding goes back to the supply, so a food-store "
            "hut is not used once you have fed (use it before the feeding)"
        )
    fn = _HANDLERS.get(head)
    if fn is None and len(words) == 2 and head in _PIECE:
        fn = _put
    if fn is not None:
        r = fn(state, t, words)
        if r:
            return r
    for prefix, rule, msg in _FALLBACK:
        if head == prefix:
            return rule, f"'{t}' is not legal now: {msg}; {_now(state)}"
    legal = state.legal_actions()
    more = f" ... {len(legal)} in all" if len(legal) > 10 else ""
    return "", f"'{t}' is not an action of Lignum now ({_now(state)}; legal: " + ", ".join(
        a.text for a in legal[:10]
    ) + more + ")"


# ------------------------------------------------------------------ handlers
def _done(state, t, words):
    st = state.stage
    seat = state.actor
    if st == "sell":
        return "LG-15.3", "every piece in dryer 3 must be sold in the selling phase"
    if st == "market":
        return "LG-8.2.4", "you must buy or sell at least one thing at the market before 'done'"
    if st == "dry":
        pend = state.pend
        for k in (1, 2, 3):
            c = state.mill[seat][k]
            if not dryer_ok(c, pend[17 + k], pend[20 + k], pend[23 + k]):
                return "LG-16.3", (
                    f"dryer d{k} would end the drying phase holding {_content(c)}: a dryer "
                    "holds one disc or up to two sticks, never both (LG-16.2); move a piece "
                    f"on out of d{k} first"
                )
    if st == "forced":
        return "LG-21.4", f"${state.debt} of the winter debt is still unpaid: sell more wood"
    if st == "split":
        return "LG-13.3", (
            f"place the {state.pend[1]} remaining new {PIECE_NAMES[state.pend[0]]} "
            "stick(s) first: 'heat' or 'sales' for each"
        )
    if st == "move":
        return "LG-12.3", f"this trip must still move {state.pend[0]} piece(s) from your woodpile"
    if st == "arrive":
        return "LG-11.1", "all wood on your river arrives now: place each piece ('FW saw' / 'FW sales')"
    if st == "travel":
        return "LG-8.1.2", "you must move your foreman; the clearing ('go C') is always possible"
    if st in ("space4", "space10", "space13"):
        return "LG-8.2.4", "you entered this space, so you must take at least one thing here"
    if st == "choose":
        return "LG-7.1", "choose a felling area ('area N')"
    if st == "tact":
        return "LG-24.3", "pick a free felling area for the next round ('area N')"
    if st == "w_bonus":
        return "LG-20.3", "take your bonus wood ('bonus FW', 'bonus SW' or 'bonus HW')"
    if st == "burn":
        return "LG-20.9", f"choose {state.pend[0]} more heating stick(s) to burn"
    if st == "river":
        return "LG-22.1", "choose the river kind you sell ('river FW' or 'river SW')"
    return "LG-8.1.2", f"'done' is not possible now: a decision is required ({_now(state)})"


def _loan(state, t, words):
    seat = state.actor
    if len(words) > 1 and any(a.text == "loan" for a in state.legal_actions()):
        return "LG-21.1", (
            f"write just 'loan': a loan is always ${LOAN_AMOUNT} (a second one another ${LOAN_AMOUNT}, LG-21.2)"
        )
    if state.loans[seat] >= MAX_LOANS:
        return "LG-21.2", f"you already hold {MAX_LOANS} loans: no player may hold more than {MAX_LOANS}"
    if state.stage == "choose":
        return "LG-21.1", (
            "a loan is taken during your own turn; the secret felling-area choice is a "
            "simultaneous commitment, not a turn (LG-7.1): choose an area, then take the "
            "loan on your travel turn"
        )
    if state.stage == "river":
        return "LG-22.1", "the game is over: no loan can be taken during the final sale"
    return "LG-21.1", f"a loan can be taken at any decision of your own turn ({_now(state)})"


def _go(state, t, words):
    seat = state.actor
    if state.stage != "travel":
        if state.phase == "travel":
            return "LG-8.1.1", f"first carry out the action of the space you entered; {_now(state)}"
        return "LG-8.1.1", f"foremen move only on a travel turn of the supply path; {_now(state)}"
    if len(words) != 2:
        return "LG-8.1.1", "write 'go N' (N = 1..20) or 'go C' for the clearing"
    arg = words[1]
    if arg == "c":
        return None
    try:
        sp = int(arg)
    except ValueError:
        return "LG-8.1.1", "write 'go N' (N = 1..20) or 'go C' for the clearing"
    if not 1 <= sp <= 20:
        return "LG-8.1.1", "the supply path has spaces 1..20, then the clearing ('go C')"
    cur = state.pos[seat]
    if sp <= cur:
        return "LG-8.1.3", f"a foreman never moves backwards or stays: you stand on space {cur}"
    typ = SPACE_TYPE[sp]
    if typ == "planned_work" or sp == 8:
        return "LG-1.3", "space 8 (planned work) belongs to the expert game, which is not available"
    if typ == "tasks" and not state.advanced:
        return "LG-1.3", "space 13 (tasks) is used only in the advanced game"
    here = [s for s in range(state.num_players) if state.pos[s] == sp]
    if len(here) >= CAPACITY[sp]:
        who = ", ".join(f"P{s + 1}" for s in here)
        return "LG-8.2.2", f"space {sp} is full: it holds {CAPACITY[sp]} foreman/foremen ({who} there)"
    money = avail(state, seat)
    if typ == "token":
        tok = state.path_tok[sp]
        if tok == "x_token":
            return "LG-23.3", f"space {sp} carries an X token: it cannot be used this round"
        if not tok:
            return "LG-8.2.4", (
                f"space {sp} holds no token any more (or none was laid out, LG-5.3); "
                "a token space may only be entered to take its token"
            )
        if tok == "saw" and state.equip[seat][0] >= MAX_SAWS:
            return "LG-8.4.1", f"space {sp} holds a saw and you already hold {MAX_SAWS} saws, the most allowed"
        return None
    if typ == "carriers":
        if not state.path_w[0]:
            return "LG-8.2.4", "no carriers are left at space 4"
        return _pay_reason(state, seat) if money < 1 else None
    if typ == "fodder":
        if not state.path_w[1]:
            return "LG-8.2.4", "no fodder is left at space 6"
        if state.fodder3[seat]:
            return "LG-12.4", "you already hold a value-3 fodder: you cannot buy another"
        return _pay_reason(state, seat) if money < 1 else None
    if typ == "woodcutters":
        a = state.area[seat]
        if not a or not sum(state.areas_wood[a - 1]):
            return "LG-8.3", (
                f"your felling area {a or '-'} holds no wood: at space 10 you may buy only "
                "as many woodcutters as there are pieces there"
            )
        if not state.path_w[2]:
            return "LG-8.2.4", "no woodcutters are left at space 10"
        return _pay_reason(state, seat) if money < 1 else None
    if typ == "tasks":
        if not state.tdisplay:
            return "LG-25.2", "no task card is on display"
        return _pay_reason(state, seat) if money < 1 else None
    if typ == "sawyers":
        if not state.path_w[3]:
            return "LG-8.2.4", "the free (price-0) sawyers at space 16 are all taken"
        return None
    if typ == "market":
        if money < 1 and not product_sales(state, seat):
            return "LG-8.2.4", (
                "at the market you must buy or sell something: you cannot pay $1 "
                "and hold no set of 2+ identical product tokens to sell"
            )
        return None
    return None


def _area(state, t, words):
    """``area N`` outside the choice that allows it. Basic choice: secretly, once a round, before
    travel (LG-4.2 step 3, LG-7.1); tactical variant: openly at the end of the previous round
    (LG-24.3), never onto another player's token (LG-24.4)."""
    st = state.stage
    arg = words[1] if len(words) == 2 else ""
    a = int(arg) if arg.isdigit() else 0
    if st in ("choose", "tact") and not 1 <= a <= 6:
        return ("LG-24.3" if st == "tact" else "LG-7.1"), "write 'area N' with N = 1..6 (the six felling areas)"
    if st == "tact":
        who = [s for s in range(state.num_players) if state.area[s] == a]
        if who:
            return "LG-24.4", (
                f"area {a} already holds P{who[0] + 1}'s felling token: two players never "
                "share an area in the tactical variant"
            )
        return None
    if st == "choose":
        return None
    if state.tactical:
        return "LG-24.3", (
            "tactical variant: the felling area for the next round is picked at the end of "
            f"a round, after the new player order is set; {_now(state)}"
        )
    if state.round in WINTER_ROUNDS:
        return "LG-4.4", f"winter has no felling-area choice; {_now(state)}"
    if state.round == 0:
        return "LG-4.3", f"in the first spring the felling tokens were placed at setup (LG-3.7); {_now(state)}"
    return "LG-7.1", (
        "the felling area is chosen secretly once a round, before the travel along the supply "
        "path (LG-4.2 step 3), and this round's choice is made (only 'relocate N' in felling "
        f"moves it, LG-10.2); {_now(state)}"
    )


def _sell(state, t, words):
    seat = state.actor
    st = state.stage
    m = _PSET.match(" ".join(words))
    if m:
        if st != "market":
            return "LG-8.5", f"product tokens are sold only at the market (space 19), during your visit; {_now(state)}"
        r, name, jk = int(m.group(1)), m.group(2), int(m.group(3) or 0)
        ptype = PRODUCT_NAMES.index(name)
        size = r + jk
        if not 2 <= size <= 4:
            return "LG-8.5.1", "a set is 2, 3 or 4 identical product tokens (a single token cannot be sold)"
        pr = state.products[seat]
        if r > pr[ptype] or jk > pr[JOKER] or (ptype == JOKER and r + jk > pr[JOKER]):
            held = (
                ", ".join(f"{c} {PRODUCT_NAMES[i]}{'s' if c > 1 else ''}" for i, c in enumerate(pr) if c)
                or "no product tokens"
            )
            return "LG-8.5.1", f"you hold {held}: not enough for that set (jokers stand in, LG-8.5.2)"
        return "LG-8.5.2", "write the set as e.g. 'sell 2stake', 'sell 2stake+1J' or 'sell 2joker'"
    if len(words) != 3 or words[1] not in _PIECE or words[2] not in _LOC:
        if words[1:2] and words[1][:1].isdigit():
            return "LG-8.5", "write a product set as e.g. 'sell 2stake' or 'sell 2stake+1J'"
        return "LG-15.1", "write 'sell PIECE LOCATION', e.g. 'sell sFW d3' (pieces FW SW sFW sSW sHW; sales d1 d2 d3)"
    p = _PIECE[words[1]]
    loc = _LOC[words[2]]
    pname = PIECE_NAMES[p]
    if st == "forced":
        if p == HW:
            return "LG-15.2", "a hardwood disc can never be sold"
        if loc == 4 and p >= 3 or loc == 5 and p < 3:
            return "LG-21.4", "the saw room holds discs and the heating store sticks"
        have = state.mill[seat][loc][p] if loc < 4 else state.sawroom[seat][p] if loc == 4 else state.heat[seat][p - 3]
        if not have:
            return "LG-21.4", f"you have no {pname} in {words[2]}"
        return None
    if st != "sell":
        if state.round in WINTER_ROUNDS:
            return "LG-20.11", "no selling in winter (only forced sales to pay a winter debt, LG-21.4)"
        return "LG-9.1", (f"not the selling phase: wood is sold only in phase 6, selling (LG-15.1); {_now(state)}")
    if p == HW:
        return "LG-15.2", "a hardwood disc can never be sold"
    if loc >= 4:
        return "LG-15.1", (
            "only pieces in the sales room and the dryers can be sold (the saw room and the "
            "heating store only in a forced winter sale, LG-21.4)"
        )
    if not state.mill[seat][loc][p]:
        return "LG-15.1", f"you have no {pname} in {words[2]}"
    return None


def _dry(state, t, words):
    seat = state.actor
    st = state.stage
    if st != "dry":
        if state.round in WINTER_ROUNDS:
            return "LG-16.5", "no drying in winter"
        return "LG-9.1", f"not the drying phase: drying moves happen in phase 7 (LG-16.1); {_now(state)}"
    if len(words) != 3 or words[1] not in _PIECE or words[2] not in _LOC or _LOC[words[2]] > 3:
        return "LG-16.1", (
            "write 'dry PIECE LOCATION' with the location the piece lies in now (it moves one "
            "place right), e.g. 'dry sFW sales' (to d1) or 'dry SW d1' (to d2)"
        )
    p = _PIECE[words[1]]
    loc = _LOC[words[2]]
    pname = PIECE_NAMES[p]
    mill = state.mill[seat]
    if loc == 3:
        return "LG-16.1", "dryer 3 is the last location: pieces there are sold, they dry no further"
    if not mill[loc][p]:
        return "LG-16.1", f"you have no {pname} in {words[2]}"
    if loc and mill[loc][p] - state.pend[6 * (loc - 1) + p] <= 0:
        return (
            "LG-16.1",
            f"each piece moves at most one location per drying phase: your {pname} in {words[2]} already moved",
        )
    dst = mill[loc + 1][:]
    dst[p] += 1
    return "LG-16.2", (
        f"d{loc + 1} would end the drying phase holding {_content(dst)} even after the moves "
        "still possible (LG-16.3: capacity is checked on the final positions): a dryer holds "
        "one disc or up to two sticks, never both"
    )


def _buy(state, t, words):
    seat = state.actor
    if state.stage != "market":
        return "LG-8.3", f"purchases happen at the market (space 19), during your visit; {_now(state)}"
    if words[1:] not in (["saw"], ["food"]):
        return "LG-8.3", "at the market: 'buy saw' or 'buy food' ($1 each)"
    if avail(state, seat) < 1:
        return _pay_reason(state, seat)
    if words[1] == "saw":
        if state.equip[seat][0] >= MAX_SAWS:
            return "LG-8.4.1", f"you already hold {MAX_SAWS} saws, the most allowed"
        if state.supply["saw"] <= 0:
            return "LG-2.4", "no saw token is left in the supply (18 in the game, LG-2.6: tokens are limited)"
    return None


def _workers(state, t, words):
    seat = state.actor
    kind = words[0]
    space, idx = (4, 0) if kind == "carriers" else (10, 2)
    stage = "space4" if kind == "carriers" else "space10"
    if state.stage != stage:
        return "LG-8.3", f"{kind} are bought on entering space {space} ('go {space}'); {_now(state)}"
    try:
        k = int(words[1])
    except (IndexError, ValueError):
        return "LG-8.3", f"write '{kind} N' with N at least 1"
    if k < 1:
        return "LG-8.3", f"you must buy at least one at space {space} (LG-8.2.4)"
    left = state.path_w[idx]
    if k > left:
        return "LG-8.3", f"only {left} {kind} are left at space {space}"
    if kind == "cutters":
        a = state.area[seat]
        w = sum(state.areas_wood[a - 1]) if a else 0
        if k > w:
            return "LG-8.3", f"at most as many woodcutters as wood pieces in your felling area {a}: {w}"
    if k > avail(state, seat):
        return _pay_reason(state, seat, k)
    return None


def _extra(state, t, words):
    seat = state.actor
    if state.stage != "space16":
        return "LG-8.3", f"the price-1 sawyer is hired at space 16, right after the free one; {_now(state)}"
    if not state.path_w[4]:
        return "LG-8.3", "the price-1 sawyer is already taken this round (only one player gets it)"
    if avail(state, seat) < 1:
        return _pay_reason(state, seat)
    return None


def _stick(state, t, words):
    if state.stage != "split":
        return "LG-13.3", f"'heat' / 'sales' place a newly sawn stick, and none is waiting; {_now(state)}"
    return None


def _put(state, t, words):
    seat = state.actor
    st = state.stage
    p = _PIECE[words[0]]
    dest = words[1]
    pname = PIECE_NAMES[p]
    if dest not in ("saw", "sales", "river"):
        return "LG-12.2", "a piece goes to the 'saw' room, the 'sales' room or (raft) the 'river'"
    if st not in ("arrive", "move"):
        return "LG-12.2", f"no piece is being transported or arriving now; {_now(state)}"
    if p >= 3:
        return "LG-12.2", "only discs are transported (sticks come from sawing)"
    if st == "arrive":
        if dest == "river":
            return "LG-11.1", "arriving river wood goes to the saw room or the sales room"
        if not state.river[seat][p]:
            return "LG-11.1", f"no {pname} is on your river"
        if p == HW and dest == "sales":
            return "LG-11.1", "hardwood must go to the saw room"
        return None
    rem, to = state.pend[0], state.pend[1]
    if not state.woodpile[seat][p]:
        return "LG-12.1", f"no {pname} is on your woodpile"
    if rem <= 0:
        return "LG-12.4", "this trip carries no more pieces: 'done'"
    if to == 2 and dest != "river":
        return "LG-12.5", "a raft trip puts its pieces onto your river"
    if to != 2 and dest == "river":
        return "LG-12.5", "only a raft trip goes to the river"
    if p == HW and dest == "sales":
        return "LG-12.2", "hardwood must go to the saw room"
    return None


def _fell(state, t, words):
    """``fell PIECE [mill|lodge]`` in the felling phase (LG-10.1, LG-18.2, LG-19.6)."""
    if state.stage != "fell" or len(words) not in (2, 3):
        return None
    seat = state.actor
    p = _PIECE.get(words[1])
    if p is None or p > 2:
        return "LG-10.1", "fell a disc of wood lying in your felling area: 'fell FW', 'fell SW' or 'fell HW'"
    a = state.area[seat]
    if not a or not state.areas_wood[a - 1][p]:
        return "LG-10.1", f"your felling area {a or '-'} holds no {PIECE_NAMES[p]}"
    hired = state.workers[seat][0]
    ways = worker(state, seat, hired)
    how = words[2] if len(words) == 3 else ""
    if how not in ("", "mill", "lodge"):
        return "LG-10.1", f"fell with a hired woodcutter ('fell {PIECE_NAMES[p]}'), 'mill' or 'lodge'"
    if how and hired:
        return "LG-18.2", (f"you still have {hired} hired woodcutter(s): they fell first ('fell {PIECE_NAMES[p]}')")
    if not how and not hired:
        if not ways:
            return "LG-10.1", "no woodcutter is left (hired, mill worker or lodging hut): 'done'"
        alt = " or ".join(f"'fell {PIECE_NAMES[p]}{WORKER_SUFFIX[w]}'" for w in ways)
        return "LG-10.1", f"no hired woodcutter is left: fell with {alt}"
    if how == "mill" and 1 not in ways:
        return "LG-18.2", "your mill worker has done his one job this round"
    if how == "lodge" and 2 not in ways:
        return "LG-19.6", "no unused lodging hut of yours is left"
    return None


def _relocate(state, t, words):
    """``relocate N`` (LG-10.2): a later player in a shared area, before felling, for $1."""
    if state.stage != "fell":
        return None
    seat = state.actor
    b = int(words[1]) if len(words) == 2 and words[1].isdigit() else 0
    if not 1 <= b <= 6:
        return "LG-10.2", "write 'relocate N' with N = 1..6 (the six felling areas)"
    a = state.area[seat]
    if b == a:
        return "LG-10.2", f"your felling token is in area {a} already"
    if state.tactical:
        return "LG-24.4", "the tactical variant has no relocation: two players never share an area"
    if state.felled:
        return "LG-10.2", "relocation comes before felling, and you have felled"
    me = state.clearing.index(seat)
    if not any(state.area[o] == a for o in state.clearing[:me]):
        return "LG-10.2", (
            f"only a later player in a shared area may relocate, and no player before you fells in area {a}"
        )
    if b in state.area:
        return "LG-10.2", f"area {b} holds a felling token: relocate to an area with none"
    if avail(state, seat) < 1:
        return _pay_reason(state, seat)
    return None


def _tasks(state, t, words):
    """Task cards (LG-25) exist only in the advanced game (LG-1.3)."""
    if not state.advanced:
        return "LG-1.3", "task cards are used only in the advanced game (this is the basic game)"
    return None


_HANDLERS = {
    "done": _done,
    "fell": _fell,
    "relocate": _relocate,
    "task": _tasks,
    "fill": _tasks,
    "loan": _loan,
    "go": _go,
    "sell": _sell,
    "dry": _dry,
    "buy": _buy,
    "carriers": _workers,
    "cutters": _workers,
    "extra": _extra,
    "heat": _stick,
    "sales": _stick,
    "area": _area,
}

_FALLBACK = (
    ("task", "LG-25.3", "take one displayed task card at space 13"),
    (
        "relocate",
        "LG-10.2",
        ("only a later player in a shared area may relocate, to an area with no felling token, before felling, for $1"),
    ),
    ("fell", "LG-10.1", "fell with a worker, only wood lying in your felling area"),
    ("carry", "LG-12.3", "transport needs a worker and wood on the woodpile"),
    ("wagon", "LG-12.4", "a wagon needs a worker, a wagon token and fodder"),
    ("raft", "LG-12.5", "a raft trip needs a worker and one raft token per piece"),
    ("sled", "LG-20.5", "a sled needs the mill worker or a lodging hut, a sled token and wood"),
    ("saw", "LG-13.1", "sawing needs a worker, a disc in the saw room and a saw token"),
    ("fill", "LG-25.4", "a task piece must be of the right kind at exactly the right dryer"),
    ("dryhut", "LG-19.4", "you need a drying hut and the piece in the sales room, d1 or d2"),
    ("foodhut", "LG-19.5", "a food-store hut takes food from an area without a felling token"),
    ("hut", "LG-19.2", "hut placement only right after building"),
    ("build", "LG-19.1", "building needs a stake, a board and a shingle (jokers stand in)"),
    ("bonus", "LG-20.3", "winter bonus wood is taken at the start of winter"),
    ("burn", "LG-20.9", "heating uses sticks from the heating store"),
    ("river", "LG-22.1", "the river kind is chosen at the final sale"),
    ("food", "LG-20.5", "food extends a sled trip only"),
)

__all__ = ["STAGE_WHAT", "explain"]
