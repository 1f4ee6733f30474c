"""Lignum rules: legal actions and applying them (LG-3 … LG-25).

The engine is a small automaton. ``phase`` names the part of the round (``NONWINTER_PHASES``, ``WINTER_PHASES``);
per-player phases run through a seat order (``pi`` indexes it); ``stage`` names the decision
the acting seat (``actor``) faces now; ``pend`` holds the few ints a multi-step decision needs.
Automatic steps (refill, placement, reveals, feeding, final sale) run inside ``_run``.

Money is in dollars. Rule ids are cited at the code that implements them.
"""

from __future__ import annotations

from meeple.core import TERMINAL

from . import actions as A
from .components import (
    BASE_PRICE,
    BONUS,
    CAPACITY,
    CLEARING,
    DRYER_DISC_MAX,
    DRYER_STICK_MAX,
    FODDER_CAP,
    FODDER_TOTAL,
    FOOD_PENALTY,
    HEAT_PENALTY,
    HW,
    JOKER,
    LOAN_AMOUNT,
    MAX_LOANS,
    MAX_SAWS,
    PIECE_NAMES,
    PLACEMENT_CARDS,
    PRODUCT_NAMES,
    PRODUCT_SET_PRICE,
    SAW_YIELD,
    SEASONS,
    SETUP,
    SPACE_TYPE,
    TASK_CARDS,
    TASKS_DISPLAYED,
    TOKEN_SPACES,
    WINTER_CARDS,
)
from .explain import explain

_HIRE = {"carriers": (0, 1, "carrier"), "cutters": (2, 0, "woodcutter")}
"""Hiring on the path: kind -> (path worker slot, seat worker index, word for the log)."""

NONWINTER_PHASES = ("choose", "travel", "fell", "arrive", "transport", "saw", "tasks", "sell", "dry", "tact")
WINTER_PHASES = ("w_bonus", "w_fell", "w_sled", "w_saw", "w_tasks", "feed", "heat", "final")
#: stages where the free actions of one's own turn (loan, build, huts) are offered: "at any time
#: during his own turn" (LG-19.1, LG-19.3, LG-21.1), so at every decision of one's own turn, the
#: sub-decisions included. Not offered: the secret felling-area choice (``choose``, a simultaneous
#: commitment, LG-7.1) and the river kind of the final sale (``river``, after the last turn, LG-22.1).
FREE_STAGES = frozenset(("travel", "space4", "space10", "space13", "space16", "market", "fell", "arrive",
                         "transport", "move", "saw", "split", "tasks", "sell", "dry", "tact",
                         "w_bonus", "w_fell", "w_sled", "w_saw", "w_tasks", "burn", "forced"))
EQUIP_TOKENS = ("saw", "raft", "wagon", "sled")
HUT_NAMES = ("drying", "food", "lodging")
"""A seat's 3 hut fields by index (``huts[seat][i]``, LG-19.4-19.6), as the log and the board name them."""
_TOKEN_TEXT = {"dollar_token": "the dollar token (+$1)", "food_token": "the food token (+1 food)"}


def _fits(discs: int, sticks: int) -> bool:
    """LG-16.2: a dryer holds either one disc or up to two sticks (of any kinds), never both."""
    if discs:
        return discs <= DRYER_DISC_MAX and sticks == 0
    return sticks <= DRYER_STICK_MAX


# Drying bookkeeping (``pend`` during the ``dry`` stage, LG-16.1/16.3/16.4/19.4), 27 ints, 63 once a
# drying hut moved a piece in this phase (so saves of a phase without one are as they were):
#   [6*(k-1) + p]       pieces of kind p lying in dryer k (1..3) that already made their drying move;
#   [18 + k - 1]        pieces that entered dryer k by normal drying this phase;
#   [21 + k - 1]        discs and [24 + k - 1] sticks that a drying hut put into dryer k this phase
#                       and that still lie there (they ignore capacity, LG-19.4);
#   [HUT + 6*(k-1) + p] those hut pieces by kind, [HUT_UNDRIED + 6*(k-1) + p] the ones among them
#                       that may still dry normally (_dry_hut_move).
# Pieces of a kind are alike: a piece leaving a dryer is one the hut did not put there when such a
# piece could make that move (the player's best choice, it keeps the hut pieces' exemption).
DRY_PEND = 27
HUT = 27
HUT_UNDRIED = 45
DRY_PEND_HUTS = 63


def _dryer_ok(c: list, inflow: int, hd: int, hs: int) -> bool:
    """LG-16.3/16.4: the final content ``c`` (6 counts) of a dryer is acceptable. A dryer no piece
    entered by normal drying keeps whatever it holds (LG-16.4); otherwise its content, apart
    from pieces a drying hut put there this phase, must satisfy LG-16.2."""
    if not inflow:
        return True
    d = c[0] + c[1] + c[2]
    s = c[3] + c[4] + c[5]
    return _fits(d - min(hd, d), s - min(hs, s))


def _dry_state_ok(mill: list, pend: list) -> bool:
    """Every dryer acceptable as the drying moves stand now (``done`` is legal, LG-16.3)."""
    for k in (1, 2, 3):
        if not _dryer_ok(mill[k], pend[17 + k], pend[20 + k], pend[23 + k]):
            return False
    return True


def _submultisets(counts: list):
    """Every sub-multiset of ``counts`` (6 ints) as a list of 6 ints, the empty one first."""
    out = [[0] * 6]
    for p in range(6):
        c = counts[p]
        if c:
            nxt = []
            for base in out:
                for k in range(c + 1):
                    b = base[:]
                    b[p] = k
                    nxt.append(b)
            out = nxt
    return out


def _hut_pieces_leaving(mill: list, pend: list, k: int, x: list) -> tuple:
    """``(discs, sticks)`` of the hut pieces (LG-19.4) among ``x`` (6 counts) undried pieces
    leaving dryer ``k`` by normal drying: as few as the pieces alike allow (see DRY_PEND)."""
    d = s = 0
    if len(pend) < DRY_PEND_HUTS:
        return d, s
    base = 6 * (k - 1)
    for p in range(6):
        if x[p]:
            plain = mill[k][p] - pend[base + p] - pend[HUT_UNDRIED + base + p]  # undried, not hut pieces
            if x[p] > plain:
                if p < 3:
                    d += x[p] - plain
                else:
                    s += x[p] - plain
    return d, s


def _dry_completable(mill: list, pend: list) -> bool:
    """LG-16.3: can the drying moves made so far still be completed to final positions that
    respect the dryer capacities? Only further moves d2→d3 and d1→d2 of pieces that have not
    moved yet can help (a move into dryer 1 never does), so both are searched exhaustively
    (dryers hold a handful of pieces). A hut piece that dries on takes its exemption (LG-16.4)
    with it out of the dryer."""
    if _dry_state_ok(mill, pend):
        return True
    un1 = [mill[1][p] - pend[p] for p in range(6)]
    un2 = [mill[2][p] - pend[6 + p] for p in range(6)]
    for x2 in _submultisets(un2):
        n2 = sum(x2)
        d3 = [mill[3][p] + x2[p] for p in range(6)]
        if not _dryer_ok(d3, pend[20] + n2, pend[23], pend[26]):
            continue
        hd2, hs2 = _hut_pieces_leaving(mill, pend, 2, x2)
        for x1 in _submultisets(un1):
            n1 = sum(x1)
            d2 = [mill[2][p] - x2[p] + x1[p] for p in range(6)]
            d1 = [mill[1][p] - x1[p] for p in range(6)]
            hd1, hs1 = _hut_pieces_leaving(mill, pend, 1, x1)
            if _dryer_ok(d2, pend[19] + n1, pend[22] - hd2, pend[25] - hs2) \
                    and _dryer_ok(d1, pend[18], pend[21] - hd1, pend[24] - hs1):
                return True
    return False


def _dry_leave(mill: list, pend: list, k: int, p: int, dried: bool) -> None:
    """Bookkeeping before a piece of kind ``p`` leaves dryer ``k`` (1..3): an undried one
    (``dried`` False: a normal drying move, or a hut move of an undried piece) or one that
    already dried (a hut move). A hut piece leaves only when no other piece could (DRY_PEND);
    then its exemption leaves with it (LG-16.4)."""
    if len(pend) < DRY_PEND_HUTS:      # no hut piece in any dryer
        return
    base = 6 * (k - 1) + p
    hut, undried_hut = pend[HUT + base], pend[HUT_UNDRIED + base]
    if dried:
        if pend[base] - (hut - undried_hut) > 0:    # a dried piece the hut did not put there
            return
    elif mill[k][p] - pend[base] - undried_hut > 0:  # an undried piece the hut did not put there
        return
    else:
        pend[HUT_UNDRIED + base] -= 1
    pend[HUT + base] -= 1
    pend[(20 if p < 3 else 23) + k] -= 1


class Rules:
    """Mixin with the rules of Lignum; the fields live in :class:`LignumState`."""

    # ================================================================ helpers
    def _avail(self, seat: int) -> int:
        """Dollars ``seat`` can raise now: cash plus the loans still open (LG-21.1/21.2)."""
        return self.money[seat] + LOAN_AMOUNT * (MAX_LOANS - self.loans[seat])

    def _take_loan(self, seat: int, forced: bool = False) -> None:
        """LG-21.1/21.2: +$4, at most 2 loans per player."""
        self.loans[seat] += 1
        self.money[seat] += LOAN_AMOUNT
        self.log(f"{self._name(seat)} takes {'a forced ' if forced else ''}loan {self.loans[seat]} (+${LOAN_AMOUNT})")

    def _pay(self, seat: int, amount: int) -> None:
        """Pay ``amount`` dollars, taking loans first when cash is short (LG-8.3.1)."""
        while self.money[seat] < amount and self.loans[seat] < MAX_LOANS:
            self._take_loan(seat)
        self.money[seat] -= amount

    def _name(self, seat: int) -> str:
        return f"P{seat + 1}"

    def _phase_order(self) -> list:
        ph = self.phase
        if ph in ("choose", "travel"):
            return self.order
        if ph == "tact":
            return self.order[::-1]     # LG-24.3 reverse player order
        return self.clearing           # LG-9.2 / LG-20.2 clearing order

    # ================================================================ setup
    def _setup_game(self) -> None:
        """LG-3: setup of a new game (fields are created in the state's ``_setup``)."""
        n = self.num_players
        rng = self.rng
        # LG-3.8 random start player, clockwise order
        start = self.start_player = rng.randbelow(n)
        self.order = [(start + i) % n for i in range(n)]
        # LG-3.4 product stack
        stack = []
        from .components import PRODUCT_COUNTS
        for p, c in enumerate(PRODUCT_COUNTS):
            stack += [p] * c
        rng.shuffle(stack)
        self.pstack = stack
        # LG-3.5 decks
        deck = list(range(len(PLACEMENT_CARDS)))
        rng.shuffle(deck)
        self.pdeck = deck
        # LG-3.6 winter cards: two cards, a random half each (easier half with option easy_winter)
        wdeck = list(range(len(WINTER_CARDS)))
        rng.shuffle(wdeck)
        self.winter = []
        for _ in range(2):
            c = wdeck.pop()
            half = 1 if self.options.get("easy_winter") else rng.randbelow(2)
            self.winter.append([c, half])
        self.wrest = wdeck
        if self.advanced:
            tdeck = list(range(len(TASK_CARDS)))
            rng.shuffle(tdeck)
            self.tdeck = tdeck
        # LG-3.7 / LG-23.2 first-round areas
        areas = [1, 2, 3, 4, 5, 6]
        rng.shuffle(areas)
        k = SETUP[n].three_fw_areas
        for i, a in enumerate(areas):
            self.areas_wood[a - 1][0] = 3 if i < k else 2
        for slot, seat in enumerate(self.order):
            self.area[seat] = areas[slot]
        # LG-24.2 tactical: the cards for Y1 summer are revealed during setup
        if self.tactical:
            self._reveal_next(0)
        self.round = 0
        self._start_nonwinter()

    # ======================================================== round starts
    def _next_nonwinter(self, r: int) -> int:
        """The next spring/summer/fall round after round ``r`` (or -1)."""
        r += 1
        if r in (3, 7):
            r += 1
        return r if r < 8 else -1

    def _reveal_next(self, r: int) -> None:
        """LG-24.2: reveal the placement cards of the round after ``r`` (tactical)."""
        nxt = self._next_nonwinter(r)
        self.prevealed = []
        if nxt < 0:
            return
        deck, revealed = self.pdeck[:], []   # (new lists: a clone shares the decks, LignumState._copy)
        for _ in range(SETUP[self.num_players].placement_cards):
            if deck:
                revealed.append(deck.pop())
        self.pdeck, self.prevealed = deck, revealed
        if self.prevealed:
            self.log("next round's placement cards: " + ", ".join(PLACEMENT_CARDS[c][0] for c in self.prevealed))

    def _start_nonwinter(self) -> None:
        """LG-4.2 steps 1–3: refill the path, mark wood and food, then area choice / travel."""
        n = self.num_players
        r = self.round
        self.log(f"--- {SEASONS[r]} ---")
        self._refill()
        if r > 0:
            # LG-6 placement cards
            if self.tactical:
                cards = self.prevealed
                self._reveal_next(r)
            else:
                cards, deck = [], self.pdeck[:]
                for _ in range(SETUP[n].placement_cards):
                    if deck:
                        cards.append(deck.pop())
                self.pdeck = deck
            for c in cards:
                cid, items = PLACEMENT_CARDS[c]
                self.log(f"placement card {cid}")
                for area, item, count in items:
                    if item == 3:
                        self.areas_food[area - 1] += count
                    else:
                        self.areas_wood[area - 1][item] += count
            self.pused = self.pused + cards
            # LG-6.2 every area without wood gets 1 firewood (food does not count)
            for a in range(6):
                w = self.areas_wood[a]
                if w[0] + w[1] + w[2] == 0:
                    w[0] = 1
            if self.tactical:
                # LG-24.5 each player takes all food in his (unshared) area
                for seat in self.order:
                    a = self.area[seat]
                    if a and self.areas_food[a - 1]:
                        f = self.areas_food[a - 1]
                        self.food[seat] += f
                        self.areas_food[a - 1] = 0
                        self.log(f"{self._name(seat)} takes {f} food from area {a}")
                self.phase = "travel"
            else:
                self.phase = "choose"
        else:
            self.phase = "travel"
        self.pi = 0
        if self.phase == "travel":
            self._start_travel()

    def _refill(self) -> None:
        """LG-5 / LG-23.1 / LG-23.3: refill workers, fodder and the 13 path tokens."""
        n = self.num_players
        st = SETUP[n]
        held = sum(self.fodder3) + sum(self.fodder2)
        self.path_w = [st.carriers, min(st.fodder, FODDER_TOTAL - held), st.woodcutters, st.sawyers0, st.sawyers1]
        tokens = []
        for name in ("wagon", "raft", "saw", "sled", "dollar_token", "food_token", "x_token"):
            want = st.mix.get(name, 0)
            have = min(want, self.supply[name])      # LG-5.3 fewer tokens if the supply lacks some
            self.supply[name] -= have
            tokens += [name] * have
        stack = self.pstack[:]
        for _ in range(st.products):
            if stack:
                tokens.append("p" + PRODUCT_NAMES[stack.pop()])
        self.pstack = stack
        tokens += [""] * (len(TOKEN_SPACES) - len(tokens))
        self.rng.shuffle(tokens)
        self.path_tok = [""] * 21
        for sp, t in zip(TOKEN_SPACES, tokens):
            self.path_tok[sp] = t
        # LG-25.2 task display
        if self.advanced:
            display, deck = self.tdisplay[:], self.tdeck[:]
            while len(display) < TASKS_DISPLAYED[n] and deck:
                display.append(deck.pop())
            self.tdisplay, self.tdeck = display, deck
        self.pos = [0] * n

    def _start_travel(self) -> None:
        self.clearing = []
        self.ti = 0
        self.stage = "travel"
        self.actor = self.order[0]

    # ============================================================ the driver
    def _run(self) -> None:
        """Advance through automatic steps until a seat must decide (or the game ends)."""
        while True:
            ph = self.phase
            if ph == "over":
                self.stage = ""
                self.actor = TERMINAL
                return
            if ph == "travel":
                return
            order = self._phase_order()
            while self.pi < len(order):
                seat = order[self.pi]
                self.actor = seat
                self.stage = ""
                self._enter(ph, seat)
                if self.stage and self._settle():
                    return
                self.pi += 1
            self._end_phase(ph)

    def _settle(self) -> bool:
        """Auto-apply ``done`` while it is the only legal action; False if the seat's part ended.

        When a decision is due, the legal actions it listed become the state's cached ones
        (``State._legal_cache``, cleared before each action is applied): a True return ends
        the action being applied, so they are those of the position the seat then faces."""
        while self.stage:
            if self.hut_left:
                return True
            legal = self._stage_actions()
            if len(legal) == 1 and legal[0] is A.DONE:
                if not (self.stage in FREE_STAGES and self._free_action_opens(self.actor)):
                    self._done()
                    continue
            if not legal:   # defensive: nothing to do
                self.stage = ""
                break
            if self.stage in FREE_STAGES:
                legal = legal + self._free_actions(self.actor)
            self._legal_cache = legal
            return True
        return False

    def _free_action_opens(self, seat: int, depth: int = 3) -> bool:
        """True when ``seat`` still has a usable free action of its own turn other than a loan:
        the seat then gets its turn (an explicit ``done``) instead of an automatic ``done``
        (LG-19.3, LG-19.4 RULING; publisher FAQ, "Mohu stavět chaty i v zimě?": a hut may be
        built at any time in one's own turn and used at once, in winter too). Usable means:
        a hut use (a drying hut moving a piece on, LG-19.4, or a food-store hut taking food,
        LG-19.5) is offered now, or building huts (LG-19.1) would open a stage action besides
        ``done`` or such a hut use within ``depth`` free actions (tried on copies: the 3 huts
        on one field, each field in turn). A loan alone never keeps the turn: the stages
        count the loans still open as money (LG-21.1), so it opens nothing."""
        for a in self._free_actions(seat):
            kind = a.kind
            if kind == "loan":
                continue
            if kind != "build":
                return True         # LG-19.3: a hut use is a decision of its own
            for field in range(3):
                sim = self._copy()
                sim._build(seat)
                sim.hut_left = 0
                sim.huts[seat][field] += 3
                done = A.DONE
                if any(x is not done for x in sim._stage_actions()):
                    return True
                if depth > 1 and sim._free_action_opens(seat, depth - 1):
                    return True
        return False

    def _part_over(self) -> None:
        """The acting seat's part of a per-player phase is over: continue with the next."""
        self.stage = ""
        if self.phase == "travel":
            self._next_traveller()
            return
        self.pi += 1
        self._run()

    def _after(self) -> None:
        """After an action in a stage: auto-done if nothing but done remains, else wait."""
        if self.phase == "travel" and self.stage in ("travel", ""):
            return
        if not self._settle():
            self._part_over_nosettle()

    def _part_over_nosettle(self) -> None:
        if self.phase == "travel":
            self._next_traveller()
            return
        self.pi += 1
        self._run()

    def _enter(self, ph: str, seat: int) -> None:
        """Begin ``seat``'s part of phase ``ph``: automatic work, then set ``stage`` if a decision is due."""
        if ph == "choose":
            self.stage = "choose"
        elif ph == "fell":
            self.felled = 0
            self.stage = "fell"
        elif ph == "arrive":
            # LG-11.1 hardwood must go to the saw room
            riv = self.river[seat]
            if riv[HW]:
                self.sawroom[seat][HW] += riv[HW]
                riv[HW] = 0
            if riv[0] or riv[1]:
                self.stage = "arrive"
        elif ph == "transport":
            self.stage = "transport"
        elif ph == "saw":
            self.stage = "saw"
        elif ph == "tasks":
            if self.tasks[seat]:
                self.stage = "tasks"
        elif ph == "sell":
            self.stage = "sell"
        elif ph == "dry":
            self.pend = [0] * DRY_PEND          # LG-16.3 drying bookkeeping (see DRY_PEND)
            self.stage = "dry"
        elif ph == "tact":
            self.stage = "tact"
        elif ph == "w_bonus":
            self.stage = "w_bonus"
        elif ph == "w_fell":
            self.stage = "w_fell"
        elif ph == "w_sled":
            self.stage = "w_sled"
        elif ph == "w_saw":
            self.stage = "w_saw"
        elif ph == "w_tasks":
            if self.tasks[seat]:
                self.stage = "w_tasks"
        elif ph == "feed":
            self._feed(seat)
        elif ph == "heat":
            self._heat(seat)
        elif ph == "final":
            riv = self.river[seat]
            if riv[0] and riv[1]:
                self.stage = "river"
            else:
                self._final_river(seat, 0 if riv[0] else 1)

    def _end_phase(self, ph: str) -> None:
        """Move from phase ``ph`` to the next one, doing the automatic steps in between."""
        self.pi = 0
        if ph == "choose":
            self._reveal_choices()
            self.phase = "travel"
            self._start_travel()
            return
        if ph in ("fell", "arrive", "transport", "saw", "tasks", "sell"):
            nxt = {"fell": "arrive", "arrive": "transport", "transport": "saw", "saw": "tasks",
                   "tasks": "sell", "sell": "dry"}[ph]
            if nxt == "arrive" and self.round == 0:
                nxt = "transport"      # LG-11.2 nothing arrives in Y1 spring
            if nxt == "tasks" and not self.advanced:
                nxt = "sell"           # LG-1.3 phase 5 skipped without tasks
            self.phase = nxt
            return
        if ph == "dry":
            self._end_round()
            return
        if ph == "tact":
            self._next_round()
            return
        if ph in WINTER_PHASES:
            i = WINTER_PHASES.index(ph)
            nxt = WINTER_PHASES[i + 1] if i + 1 < len(WINTER_PHASES) else "over"
            if nxt == "w_tasks" and not (self.advanced and self.round == 7):
                nxt = "feed"           # LG-20.7 tasks only in the Y2 winter
            if nxt == "final":
                if self.round == 3:
                    self._winter_cleanup()
                    self._next_round()
                    return
            if nxt == "over":
                self._finish()
            self.phase = nxt
            return
        raise AssertionError(f"unknown phase {ph}")

    def _end_round(self) -> None:
        """LG-17: new player order (reverse arrival) and clean-up; tactical pick follows."""
        n = self.num_players
        self.order = self.clearing[::-1]
        self.log("new player order: " + ", ".join(self._name(s) for s in self.order))
        for sp in range(21):
            t = self.path_tok[sp]
            if t and t[0] != "p":
                self.supply[t] += 1        # equipment / X back to the supply
            self.path_tok[sp] = ""         # product tokens leave the game (LG-17.2)
        self.path_w = [0, 0, 0, 0, 0]
        self.workers = [[0, 0, 0] for _ in range(n)]
        self.mill_free = [True] * n
        self.pos = [0] * n
        self.area = [0] * n
        if self.tactical and self._next_nonwinter(self.round) >= 0:
            self.phase = "tact"
            self.pi = 0
            return
        self._next_round()

    def _winter_cleanup(self) -> None:
        """LG-20.10 after the Y1 winter: mill workers back, on to Y2 spring."""
        self.mill_free = [True] * self.num_players

    def _next_round(self) -> None:
        self.round += 1
        self.pi = 0
        if self.round in (3, 7):
            self.log(f"--- {SEASONS[self.round]} ---")
            f, h = self._winter_demand()
            self.log(f"winter card: {f} food, {h} heating")
            self.phase = "w_bonus"
            return
        self._start_nonwinter()

    def _winter_demand(self) -> tuple:
        c, half = self.winter[0 if self.round == 3 else 1]
        return WINTER_CARDS[c][1 + half]

    # ================================================ LG-7 secret choice
    def _reveal_choices(self) -> None:
        """LG-7.1 reveal all felling tokens; LG-7.3 food sharing."""
        n = self.num_players
        for s in range(n):
            self.area[s] = self.secret[s]
            self.secret[s] = 0
        self.log("felling areas: " + ", ".join(f"{self._name(s)}→{self.area[s]}" for s in self.order))
        for a in range(1, 7):
            who = [s for s in self.order if self.area[s] == a]
            f = self.areas_food[a - 1]
            if who and f:
                each = f // len(who)
                if each:
                    for s in who:
                        self.food[s] += each
                    left = f - each * len(who)
                    self.areas_food[a - 1] = left
                    if len(who) == 1:
                        self.log(f"{self._name(who[0])} takes {each} food from area {a}")
                    else:
                        names = ", ".join(self._name(s) for s in who[:-1]) + f" and {self._name(who[-1])}"
                        self.log(f"{names} take {each} food each from area {a}"
                                 + (f" ({left} stays there)" if left else ""))

    # ================================================ LG-8 travel
    def _can_enter(self, seat: int, sp: int, occ: list) -> bool:
        """LG-8.2: may ``seat`` stop on path space ``sp`` now?"""
        if occ[sp] >= CAPACITY[sp]:
            return False
        t = SPACE_TYPE[sp]
        if t == "token":
            tok = self.path_tok[sp]
            if not tok or tok == "x_token":
                return False
            if tok == "saw" and self.equip[seat][0] >= MAX_SAWS:
                return False
            return True
        avail = self._avail(seat)
        if t == "carriers":
            return self.path_w[0] > 0 and avail >= 1
        if t == "fodder":
            return self.path_w[1] > 0 and not self.fodder3[seat] and avail >= 1
        if t == "woodcutters":
            a = self.area[seat]
            return self.path_w[2] > 0 and avail >= 1 and a > 0 and sum(self.areas_wood[a - 1]) > 0
        if t == "tasks":
            return self.advanced and bool(self.tdisplay) and avail >= 1
        if t == "sawyers":
            return self.path_w[3] > 0
        if t == "market":
            return avail >= 1 or bool(self._product_sales(seat))
        return False    # planned work (LG-26): not available

    def _travel_actions(self, seat: int) -> list:
        """LG-8.1/LG-8.2: the path spaces ahead that ``seat`` may stop on, then the clearing
        (the checks of :meth:`_can_enter`, with the seat's means worked out once)."""
        pos = self.pos
        occ = [0] * 22
        for p in pos:
            occ[p] += 1
        avail = self._avail(seat)
        path_tok = self.path_tok
        path_w = self.path_w
        market = None
        go = A.GO
        out = []
        for sp in range(pos[seat] + 1, 21):
            if occ[sp] >= CAPACITY[sp]:
                continue
            t = SPACE_TYPE[sp]
            if t == "token":
                tok = path_tok[sp]
                ok = tok and tok != "x_token" and (tok != "saw" or self.equip[seat][0] < MAX_SAWS)
            elif t == "carriers":
                ok = path_w[0] > 0 and avail >= 1
            elif t == "fodder":
                ok = path_w[1] > 0 and not self.fodder3[seat] and avail >= 1
            elif t == "woodcutters":
                a = self.area[seat]
                ok = path_w[2] > 0 and avail >= 1 and a > 0 and sum(self.areas_wood[a - 1]) > 0
            elif t == "tasks":
                ok = self.advanced and self.tdisplay and avail >= 1
            elif t == "sawyers":
                ok = path_w[3] > 0
            elif t == "market":
                if market is None:
                    market = avail >= 1 or bool(self._product_sales(seat))
                ok = market
            else:
                ok = False      # planned work (LG-26): not available
            if ok:
                out.append(go[sp])
        out.append(A.GO_CLEARING)
        return out

    def _next_traveller(self) -> None:
        n = self.num_players
        self.stage = "travel"
        for k in range(1, n + 1):
            i = (self.ti + k) % n
            s = self.order[i]
            if self.pos[s] != CLEARING:
                self.ti = i
                self.actor = s
                return
        # LG-8.6.2 everyone in the clearing: wood work starts
        self.log("clearing order: " + ", ".join(self._name(s) for s in self.clearing))
        self.phase = "fell"
        self.pi = 0
        self.stage = ""
        self._run()

    def _go(self, seat: int, sp: int) -> None:
        self.pos[seat] = sp
        if sp == CLEARING:
            self.clearing.append(seat)
            self.log(f"{self._name(seat)} enters the clearing ({'ABCD'[len(self.clearing) - 1]})")
            self._next_traveller()
            return
        t = SPACE_TYPE[sp]
        if t == "token":
            tok = self.path_tok[sp]
            self.path_tok[sp] = ""
            if tok[0] == "p":                             # LG-8.4.4 product token
                self.products[seat][PRODUCT_NAMES.index(tok[1:])] += 1
            elif tok == "food_token":                     # LG-8.4.2
                self.supply[tok] += 1
                self.food[seat] += 1
            elif tok == "dollar_token":                   # LG-8.4.3
                self.supply[tok] += 1
                self.money[seat] += 1
            else:                                         # LG-8.4.1 equipment
                self.equip[seat][EQUIP_TOKENS.index(tok)] += 1
            self.log(f"{self._name(seat)} moves to {sp} and takes {tok[1:] if tok[0] == 'p' else _TOKEN_TEXT.get(tok, tok)}")
            self._next_traveller()
            return
        self.log(f"{self._name(seat)} moves to {sp}")
        if t == "fodder":
            self._pay(seat, 1)                            # LG-8.3 space 6
            self.path_w[1] -= 1
            self.fodder3[seat] = 1
            self.log(f"{self._name(seat)} buys a fodder for $1")
            self._next_traveller()
            return
        if t == "sawyers":
            self.path_w[3] -= 1                           # LG-8.3 space 16: first sawyer free
            self.workers[seat][2] += 1
            self.log(f"{self._name(seat)} takes a free sawyer")
            if self.path_w[4] and self._avail(seat) >= 1:
                self.stage = "space16"
                return
            self._next_traveller()
            return
        self.stage = {"carriers": "space4", "woodcutters": "space10", "tasks": "space13", "market": "market"}[t]
        self.acted = False

    def _product_sales(self, seat: int) -> list:
        """LG-8.5: the product sets ``seat`` may sell (identical tokens, jokers stand in)."""
        pr = self.products[seat]
        j = pr[JOKER]
        out = []
        for t in range(4):
            c = pr[t]
            if not c:
                continue
            for size in (2, 3, 4):
                for jk in range(min(j, size - 1) + 1):
                    r = size - jk
                    if r <= c:
                        out.append(A.product_sale(t, r, jk))
        for size in range(2, min(4, j) + 1):
            out.append(A.product_sale(JOKER, size, 0))
        return out

    # ================================================ legal actions
    def _actions_now(self) -> list:
        """The legal actions of the acting seat, computed afresh (``State._legal`` caches them
        until the next action: the name must not be ``_legal``, which would shadow that cache,
        as Rules comes first in ``LignumState``'s bases)."""
        if self.hut_left:
            return [A.HUT[1], A.HUT[2], A.HUT[3]]
        out = self._stage_actions()
        if self.stage in FREE_STAGES:
            out = out + self._free_actions(self.actor)
        return out

    def _free_actions(self, seat: int) -> list:
        """LG-19.1, LG-19.3–19.5, LG-21.1: actions possible at any time during one's own turn."""
        out = []
        if self.loans[seat] < MAX_LOANS:
            out.append(A.LOAN)
        pr = self.products[seat]
        if (pr[0] == 0) + (pr[1] == 0) + (pr[2] == 0) <= pr[JOKER]:
            out.append(A.BUILD)
        h = self.huts[seat]
        if h[0]:
            mill = self.mill[seat]
            for loc in range(3):
                m = mill[loc]
                for p in range(6):
                    if m[p]:
                        out.append(A.DRYHUT[p][loc])
        if h[1] and self.phase not in ("feed", "heat"):
            # LG-20.8: after feeding all food goes back to the supply, so a food-store hut is
            # not offered once the seat has fed (its food would be carried into the next year)
            taken = self.area
            for a in range(1, 7):
                if self.areas_food[a - 1] and a not in taken:
                    out.append(A.FOODHUT[a])
        return out

    def _stage_actions(self) -> list:
        st = self.stage
        seat = self.actor
        if st == "travel":
            return self._travel_actions(seat)
        if st == "choose":
            return A.AREA[1:]
        if st == "tact":
            return [A.AREA[a] for a in range(1, 7) if a not in self.area]
        if st == "space4":
            k = min(self.path_w[0], self._avail(seat))
            return [A.carriers(i) for i in range(1, k + 1)]
        if st == "space10":
            k = min(self.path_w[2], self._avail(seat), sum(self.areas_wood[self.area[seat] - 1]))
            return [A.cutters(i) for i in range(1, k + 1)]
        if st == "space13":
            return [A.TASK_TAKE[t] for t in sorted(self.tdisplay)]
        if st == "space16":
            return [A.EXTRA, A.DONE]
        if st == "market":
            out = []
            avail = self._avail(seat)
            if avail >= 1:
                # LG-8.4.1 at most 4 saws; LG-2.4/2.6 saws are limited: bought from the supply
                if self.equip[seat][0] < MAX_SAWS and self.supply["saw"] > 0:
                    out.append(A.BUY_SAW)
                out.append(A.BUY_FOOD)
            out += self._product_sales(seat)
            if self.acted:
                out.append(A.DONE)
            return out
        if st == "fell":
            return self._fell_actions(seat)
        if st == "arrive":
            riv = self.river[seat]
            return [A.PUT[p][d] for p in (0, 1) if riv[p] for d in (0, 1)]
        if st == "transport":
            return self._transport_actions(seat)
        if st == "move":
            return self._move_actions(seat)
        if st in ("saw", "w_saw"):
            return self._saw_actions(seat)
        if st == "split":
            return [A.TO_HEAT, A.TO_SALES]
        if st in ("tasks", "w_tasks"):
            return self._task_actions(seat) + [A.DONE]
        if st == "sell":
            out = []
            mill = self.mill[seat]
            for loc in range(4):
                m = mill[loc]
                for p in range(6):
                    if m[p] and p != HW:
                        out.append(A.SELL[p][loc])
            m3 = mill[3]
            if not (m3[0] or m3[1] or m3[3] or m3[4] or m3[5]):   # LG-15.3 dryer 3 must be emptied
                out.append(A.DONE)
            return out
        if st == "dry":
            out = self._dry_actions(seat)
            if _dry_state_ok(self.mill[seat], self.pend):   # LG-16.3 capacity of the final positions
                out.append(A.DONE)
            return out
        if st == "w_bonus":
            return A.BONUS
        if st == "w_fell":
            out = []
            if self.mill_free[seat]:
                out.append(A.WFELL[1])
            if self.huts[seat][2]:
                out.append(A.WFELL[2])
            out.append(A.DONE)
            return out
        if st == "w_sled":
            out = []
            if self.equip[seat][3] and sum(self.woodpile[seat]):
                if self.mill_free[seat]:
                    out.append(A.SLED[1])
                if self.huts[seat][2]:
                    out.append(A.SLED[2])
            out.append(A.DONE)
            return out
        if st == "burn":
            return [A.BURN[p] for p in range(3) if self.heat[seat][p]]
        if st == "forced":
            out = self._forced_sales(seat)
            if self.debt == 0 or not out:
                out.append(A.DONE)
            return out
        if st == "river":
            return A.RIVER
        return []

    def _worker(self, seat: int, hired: int) -> tuple:
        """Worker options for a job: hired first (dominant), else mill worker / lodging hut (LG-18.2, LG-19.6)."""
        if hired:
            return (0,)
        out = ()
        if self.mill_free[seat]:
            out += (1,)
        if self.huts[seat][2]:
            out += (2,)
        return out

    def _use_worker(self, seat: int, w: int, kind: int) -> None:
        if w == 0:
            self.workers[seat][kind] -= 1
        elif w == 1:
            self.mill_free[seat] = False
        else:
            self.huts[seat][2] -= 1
            self.log(f"{self._name(seat)} uses a lodging hut")

    # ---------------------------------------------------------------- LG-10
    def _fell_actions(self, seat: int) -> list:
        out = []
        a = self.area[seat]
        if a:
            wood = self.areas_wood[a - 1]
            ws = self._worker(seat, self.workers[seat][0])
            for p in range(3):
                if wood[p]:
                    for w in ws:
                        out.append(A.FELL[p][w])
            # LG-10.2 relocation for a later player in a shared area, before felling
            if self.felled == 0 and not self.tactical and self._avail(seat) >= 1:
                me = self.clearing.index(seat)
                if any(self.area[o] == a for o in self.clearing[:me]):
                    taken = self.area
                    for b in range(1, 7):
                        if b not in taken:
                            out.append(A.RELOCATE[b])
        out.append(A.DONE)
        return out

    # ---------------------------------------------------------------- LG-12
    def _transport_actions(self, seat: int) -> list:
        out = []
        wp = self.woodpile[seat]
        total = wp[0] + wp[1] + wp[2]
        if total:
            ws = self._worker(seat, self.workers[seat][1])
            eq = self.equip[seat]
            fodder = self.fodder3[seat] or self.fodder2[seat]
            for w in ws:
                out.append(A.CARRY[w])
                if eq[2] and fodder:
                    out.append(A.WAGON[w])
                for k in range(1, min(eq[1], total) + 1):
                    out.append(A.raft(k, w))
        out.append(A.DONE)
        return out

    def _move_actions(self, seat: int) -> list:
        rem, dest, optional = self.pend[0], self.pend[1], self.pend[2]
        wp = self.woodpile[seat]
        out = []
        if rem > 0:
            if dest == 2:
                out = [A.PUT[p][2] for p in range(3) if wp[p]]
            else:
                for p in range(3):
                    if wp[p]:
                        out.append(A.PUT[p][0])
                        if p != HW:                 # LG-12.2 hardwood must go to the saw room
                            out.append(A.PUT[p][1])
        if self.phase == "w_sled" and self.food[self.actor] and wp[0] + wp[1] + wp[2] > rem:
            out.append(A.SLED_FOOD)                 # LG-20.5 +1 piece per food cube
        if optional or not out:
            out.append(A.DONE)
        return out

    # ---------------------------------------------------------------- LG-13
    def _saw_actions(self, seat: int) -> list:
        out = []
        if self.equip[seat][0]:
            sr = self.sawroom[seat]
            hired = self.workers[seat][2] if self.stage == "saw" else 0
            ws = self._worker(seat, hired)
            for p in range(3):
                if sr[p]:
                    for w in ws:
                        out.append(A.SAW[p][w])
        out.append(A.DONE)
        return out

    # ---------------------------------------------------------------- LG-25.4
    def _task_actions(self, seat: int) -> list:
        out = []
        mill = self.mill[seat]
        for t in self.tasks[seat]:
            tid = t[0]
            reqs = TASK_CARDS[tid][1]
            for j, (piece, level) in enumerate(reqs):
                if not t[1 + j] and mill[level + 1][piece]:
                    out.append(A.FILL[tid][j])
        return out

    # ---------------------------------------------------------------- LG-16
    def _dry_actions(self, seat: int) -> list:
        """LG-16.1–16.4: every drying move still open. A piece in the sales room, dryer 1 or
        dryer 2 that has not moved this phase may move one location right, in any order, as
        long as the moves made so far can still end in final positions within the dryer
        capacities (LG-16.3: capacity is checked on the resulting positions, so a piece may
        enter a dryer that another piece will leave in the same phase)."""
        mill = self.mill[seat]
        pend = self.pend
        out = []
        for k in range(3):
            src = mill[k]
            dst = mill[k + 1]
            for p in range(6):
                if src[p] - (pend[6 * (k - 1) + p] if k else 0) <= 0:
                    continue                    # LG-16.1 each piece moves at most once
                saved = pend[:] if k and len(pend) == DRY_PEND_HUTS else None  # hut pieces to track
                if saved is not None:
                    _dry_leave(mill, pend, k, p, False)
                src[p] -= 1
                dst[p] += 1
                pend[6 * k + p] += 1
                pend[18 + k] += 1
                ok = _dry_completable(mill, pend)
                src[p] += 1
                dst[p] -= 1
                if saved is not None:
                    pend[:] = saved
                else:
                    pend[6 * k + p] -= 1
                    pend[18 + k] -= 1
                if ok:
                    out.append(A.DRY[p][k])
        return out

    # ---------------------------------------------------------------- LG-21.4
    def _forced_sales(self, seat: int) -> list:
        out = []
        mill = self.mill[seat]
        for loc in range(4):
            m = mill[loc]
            for p in range(6):
                if m[p] and p != HW:
                    out.append(A.SELL[p][loc])
        sr = self.sawroom[seat]
        for p in (0, 1):
            if sr[p]:
                out.append(A.SELL[p][4])
        ht = self.heat[seat]
        for p in range(3):
            if ht[p]:
                out.append(A.SELL[p + 3][5])
        return out

    # ================================================ apply
    def _do(self, action) -> None:
        seat = self.actor
        kind = action.kind
        args = action.args
        nm = self._name(seat)
        # ------------------------------------------- free actions (own turn)
        if kind == "loan":
            self._take_loan(seat)
            return
        if kind == "build":
            self._build(seat)
            return
        if kind == "hut":
            self.huts[seat][args[0] - 1] += 1
            self.hut_left -= 1
            if not self.hut_left:
                held = ", ".join(f"{name} {k}" for name, k in zip(HUT_NAMES, self.huts[seat]) if k)
                self.log(f"{nm} places huts: {held or 'none'}")
                self._after()
            return
        st = self.stage
        if kind == "dryhut":
            p, loc = args                              # LG-19.4 ignore dryer capacity
            self.huts[seat][0] -= 1
            m = self.mill[seat]
            if st == "dry":
                self._dry_hut_move(m, p, loc)
            m[loc][p] -= 1
            m[loc + 1][p] += 1
            self.log(f"{nm} uses a drying hut: {PIECE_NAMES[p]} {A.LOC_NAMES[loc]}→{A.LOC_NAMES[loc + 1]}")
            return
        if kind == "foodhut":
            a = args[0]                                # LG-19.5
            self.huts[seat][1] -= 1
            f = self.areas_food[a - 1]
            self.food[seat] += f
            self.areas_food[a - 1] = 0
            self.log(f"{nm} uses a food-store hut: {f} food from area {a}")
            return
        if kind == "done":
            st = self.stage
            self._done()
            if st in ("market", "space16"):
                return
            if self.stage:
                self._after()
            else:
                self._part_over()
            return
        st = self.stage
        # ------------------------------------------- stage actions
        if kind == "area":
            a = args[0]
            if st == "choose":
                self.secret[seat] = a                  # LG-7.1 secret commitment
                self.log(f"{nm} chooses a felling area (secret)")
            else:
                self.area[seat] = a                    # LG-24.3/24.4 tactical pick
                self.log(f"{nm} picks felling area {a} for the next round")
            self._part_over()
            return
        if kind == "go":
            self._go(seat, args[0])
            return
        if kind in _HIRE:                              # carriers (space 4), woodcutters (space 10)
            k = args[0]
            path_slot, worker, word = _HIRE[kind]
            self._pay(seat, k)
            self.path_w[path_slot] -= k
            self.workers[seat][worker] += k
            self.log(f"{nm} buys {k} {word}(s) for ${k}")
            self._next_traveller()
            return
        if kind == "task":
            t = args[0]                                # LG-25.3
            self._pay(seat, 1)
            display = self.tdisplay[:]
            display.remove(t)
            self.tdisplay = display
            self.tasks[seat] = self.tasks[seat] + [[t] + [0] * len(TASK_CARDS[t][1])]  # (new rows: a clone shares them)
            self.log(f"{nm} takes task {TASK_CARDS[t][0]} for $1")
            self._next_traveller()
            return
        if kind == "extra":
            self._pay(seat, 1)
            self.path_w[4] -= 1
            self.workers[seat][2] += 1
            self.log(f"{nm} buys the extra sawyer for $1")
            self._next_traveller()
            return
        if kind == "buy":
            self._pay(seat, 1)
            if args[0] == 0:
                self.supply["saw"] -= 1                # LG-2.4/LG-2.6 taken from the limited supply
                self.equip[seat][0] += 1
                self.log(f"{nm} buys a saw for $1")
            else:
                self.food[seat] += 1
                self.log(f"{nm} buys a food cube for $1")
            self.acted = True
            self._after()
            return
        if kind == "psell":
            t, r, jk = args
            self.products[seat][t] -= r
            self.products[seat][JOKER] -= jk
            price = PRODUCT_SET_PRICE[r + jk]
            self.money[seat] += price
            self.acted = True
            self.log(f"{nm} sells {r + jk} {PRODUCT_NAMES[t]} tokens for ${price}")
            self._after()
            return
        if kind == "relocate":
            b = args[0]
            self._pay(seat, 1)                         # LG-10.2 pay $1, no food
            self.log(f"{nm} pays $1 and moves the felling token from area {self.area[seat]} to {b}")
            self.area[seat] = b
            return
        if kind == "fell":
            p, w = args
            self._use_worker(seat, w, 0)
            a = self.area[seat]
            self.areas_wood[a - 1][p] -= 1
            self.woodpile[seat][p] += 1
            self.felled += 1
            self.log(f"{nm} fells {PIECE_NAMES[p]} in area {a}")
            self._after()
            return
        if kind == "put":
            p, d = args
            if st == "arrive":
                self.river[seat][p] -= 1
            else:
                self.woodpile[seat][p] -= 1
                self.pend[0] -= 1
            if d == 0:
                self.sawroom[seat][p] += 1
            elif d == 1:
                self.mill[seat][0][p] += 1
            else:
                self.river[seat][p] += 1
            self.log(f"{nm}: {PIECE_NAMES[p]} → {A.DEST_NAMES[d]}")
            if st == "move" and self.pend[0] == 0 and not (self.phase == "w_sled" and self.food[seat]
                                                            and sum(self.woodpile[seat])):
                self.stage = self.pend[3]
            self._after()
            return
        if kind in ("carry", "wagon", "raft", "sled"):
            self._start_trip(seat, kind, args)
            self._after()
            return
        if kind == "sledfood":
            self.food[seat] -= 1
            self.pend[0] += 1
            self.log(f"{nm} returns a food cube: the sled carries one more piece")
            return
        if kind == "saw":
            p, w = args
            self._use_worker(seat, w, 2)
            self.equip[seat][0] -= 1                  # LG-13.1 saw token returned
            self.supply["saw"] += 1
            self.sawroom[seat][p] -= 1
            self.pend = [p + 3, SAW_YIELD[p], st]
            self.stage = "split"
            self.log(f"{nm} saws {PIECE_NAMES[p]} into {SAW_YIELD[p]} {PIECE_NAMES[p + 3]}")
            return
        if kind == "stick":
            p = self.pend[0]                           # LG-13.3 heat or sales, final
            if args[0] == 0:
                self.heat[seat][p - 3] += 1
            else:
                self.mill[seat][0][p] += 1
            self.pend[1] -= 1
            if self.pend[1] == 0:
                # the log says where the sticks went (one line for the whole saw): the choices
                # before this one are in the history since the 'saw' (a loan may come between)
                k = SAW_YIELD[p - 3]
                heat = int(args[0] == 0)
                for text in reversed(self._history):
                    if text.startswith("saw "):
                        break
                    heat += text == "heat"
                where = [f"{heat} in the heating store"] if heat else []
                where += [f"{k - heat} in the sales room"] if k - heat else []
                self.log(f"{nm} puts {PIECE_NAMES[p]}: {', '.join(where)}")
                self.stage = self.pend[2]
                self._after()
            return
        if kind == "fill":
            tid, j = args
            piece, level = TASK_CARDS[tid][1][j]
            self.mill[seat][level + 1][piece] -= 1
            self.tasks[seat] = [t[:1 + j] + [1] + t[2 + j:] if t[0] == tid else t  # (new rows, as above)
                                for t in self.tasks[seat]]
            self.log(f"{nm} puts {PIECE_NAMES[piece]} on task {TASK_CARDS[tid][0]}")
            self._after()
            return
        if kind == "sell":
            p, loc = args
            if loc < 4:
                self.mill[seat][loc][p] -= 1
                price = BASE_PRICE[p] + BONUS[loc]
            elif loc == 4:
                self.sawroom[seat][p] -= 1
                price = BASE_PRICE[p]
            else:
                self.heat[seat][p - 3] -= 1
                price = BASE_PRICE[p]
            if st == "forced":
                pay = min(price, self.debt)
                self.debt -= pay
                self.money[seat] += price - pay
                self.log(f"{nm} must sell {PIECE_NAMES[p]} from {A.SELL_LOCS[loc]} for ${price}")
            else:
                self.money[seat] += price
                self.log(f"{nm} sells {PIECE_NAMES[p]} from {A.SELL_LOCS[loc]} for ${price}")
            self._after()
            return
        if kind == "dry":
            p, loc = args                              # LG-16.1 one location right
            if loc:
                _dry_leave(self.mill[seat], self.pend, loc, p, False)
            self.mill[seat][loc][p] -= 1
            self.mill[seat][loc + 1][p] += 1
            self.pend[6 * loc + p] += 1                # it has made its drying move
            self.pend[18 + loc] += 1
            self.log(f"{nm} dries {PIECE_NAMES[p]} {A.LOC_NAMES[loc]}→{A.LOC_NAMES[loc + 1]}")
            self._after()
            return
        if kind == "bonus":
            p = args[0]                                # LG-20.3
            self.woodpile[seat][p] += 1
            self.log(f"{nm} takes bonus {PIECE_NAMES[p]}")
            self._part_over()
            return
        if kind == "wfell":
            w = args[0]                                # LG-20.4
            if w == 1:
                self.mill_free[seat] = False
                self.woodpile[seat][0] += 2
                self.log(f"{nm}'s mill worker fells 2 FW")
            else:
                self.huts[seat][2] -= 1
                self.woodpile[seat][0] += 1
                self.log(f"{nm} uses a lodging hut: +1 FW")
            self._after()
            return
        if kind == "burn":
            p = args[0]
            self.heat[seat][p] -= 1
            self.pend[0] -= 1
            if self.pend[0] == 0:
                self.log(f"{nm} heats with the chosen sticks")
                self.stage = ""
                self._charge(seat, self.pend[1])
                if not self.stage:
                    self._part_over()
            return
        if kind == "river":
            self._final_river(seat, args[0])
            self._part_over()
            return
        raise AssertionError(f"unhandled action {action.text}")

    def _start_trip(self, seat: int, kind: str, args: tuple) -> None:
        """LG-12.3–12.5, LG-20.5: start a transport trip; pieces follow one decision each."""
        nm = self._name(seat)
        top = self.stage
        w = args[-1]
        if kind == "carry":
            self._use_worker(seat, w, 1)
            self.pend = [1, 0, 0, top]
            self.log(f"{nm} carries 1 piece")
        elif kind == "wagon":
            self._use_worker(seat, w, 1)
            self.equip[seat][2] -= 1
            self.supply["wagon"] += 1
            if self.fodder2[seat]:                   # LG-12.4 value-2 fodder first
                self.fodder2[seat] = 0
                cap = FODDER_CAP[2]
            else:
                self.fodder3[seat] = 0
                self.fodder2[seat] = 1
                cap = FODDER_CAP[3]
            self.pend = [cap, 0, 1, top]
            self.log(f"{nm} sends a wagon (up to {cap} pieces)")
        elif kind == "raft":
            k = args[0]
            self._use_worker(seat, w, 1)
            self.equip[seat][1] -= k
            self.supply["raft"] += k
            self.pend = [k, 2, 0, top]
            self.log(f"{nm} rafts {k} piece(s)")
        else:  # sled
            if w == 1:
                self.mill_free[seat] = False
            else:
                self.huts[seat][2] -= 1
            self.equip[seat][3] -= 1
            self.supply["sled"] += 1
            self.pend = [2, 0, 1, top]
            self.log(f"{nm} uses a sled (2 pieces + 1 per food cube)")
        self.stage = "move"

    def _done(self) -> None:
        """The meaning of ``done`` in the current stage."""
        st = self.stage
        if st == "market" or st == "space16":
            self.stage = ""
            self._next_traveller()
            return
        if st == "move":
            self.stage = self.pend[3]
            return
        if st == "forced":
            if self.debt:
                self.money[self.actor] -= self.debt    # LG-21.6 negative cash
                self.log(f"{self._name(self.actor)} cannot pay ${self.debt}: cash ${self.money[self.actor]}")
                self.debt = 0
        self.stage = ""

    def _dry_hut_move(self, m: list, p: int, loc: int) -> None:
        """Drying bookkeeping when a drying hut moves piece ``p`` out of ``loc`` during the drying
        phase (LG-19.4 with LG-16.3). RULING: the hut moves a piece that has not made its drying
        move when there is one (it may still dry normally afterwards); the piece ignores the
        capacity of the dryer it enters."""
        pend = self.pend
        if len(pend) < DRY_PEND_HUTS:
            pend.extend([0] * (DRY_PEND_HUTS - len(pend)))
        dried = bool(loc) and m[loc][p] - pend[6 * (loc - 1) + p] <= 0  # only already-dried pieces there
        if loc:
            _dry_leave(m, pend, loc, p, dried)
        if dried:
            pend[6 * (loc - 1) + p] -= 1
            pend[6 * loc + p] += 1
        pend[(20 if p < 3 else 23) + loc + 1] += 1     # LG-16.4: it ignores capacity while it lies there
        pend[HUT + 6 * loc + p] += 1
        if not dried:
            pend[HUT_UNDRIED + 6 * loc + p] += 1

    def _build(self, seat: int) -> None:
        """LG-19.1: stake + board + shingle (jokers stand in) become 3 huts; placement follows."""
        pr = self.products[seat]
        for t in range(3):
            if pr[t]:
                pr[t] -= 1
            else:
                pr[JOKER] -= 1
        self.hut_left = 3
        self.log(f"{self._name(seat)} builds 3 huts")

    # ================================================ winter
    def _charge(self, seat: int, debt: int) -> None:
        """LG-21.4: pay a winter debt: cash, then forced loans, then forced sales (stage)."""
        if debt <= 0:
            return
        m = self.money[seat]
        pay = min(max(m, 0), debt)
        self.money[seat] -= pay
        debt -= pay
        while debt and self.loans[seat] < MAX_LOANS:
            self._take_loan(seat, forced=True)
            pay = min(self.money[seat], debt)
            self.money[seat] -= pay
            debt -= pay
        if debt:
            self.debt = debt
            self.stage = "forced"
            if not self._settle():
                self.stage = ""

    def _feed(self, seat: int) -> None:
        """LG-20.8 feeding: demand food, $3 per missing cube; leftovers returned."""
        f, _h = self._winter_demand()
        have = self.food[seat]
        missing = max(0, f - have)
        self.food[seat] = 0
        self.log(f"{self._name(seat)} feeds {min(f, have)} food" + (f", {missing} missing" if missing else ""))
        self._charge(seat, missing * FOOD_PENALTY)

    def _heat(self, seat: int) -> None:
        """LG-20.9 heating from the heating store; $3 per missing stick."""
        _f, h = self._winter_demand()
        ht = self.heat[seat]
        total = ht[0] + ht[1] + ht[2]
        if total <= h or sum(1 for x in ht if x) == 1:
            use = min(total, h)
            for p in range(3):
                u = min(ht[p], use)
                ht[p] -= u
                use -= u
            missing = max(0, h - total)
            self.log(f"{self._name(seat)} heats with {min(total, h)} sticks" + (f", {missing} missing" if missing else ""))
            self._charge(seat, missing * HEAT_PENALTY)
            return
        self.pend = [h, 0]
        self.stage = "burn"

    def _final_river(self, seat: int, kind: int) -> None:
        """LG-22.1 final sale of one river kind at base price (no bonus)."""
        riv = self.river[seat]
        c = riv[kind]
        if c:
            self.money[seat] += c * BASE_PRICE[kind]
            self.log(f"{self._name(seat)} sells {c} {PIECE_NAMES[kind]} from the river for ${c * BASE_PRICE[kind]}")
        riv[kind] = 0

    def _finish(self) -> None:
        """LG-22: final sale of sales room and dryers, loans repaid, task rewards."""
        from .scoring import final_settlement
        final_settlement(self)

    # ================================================ explanations
    def _explain(self, text: str) -> tuple:
        """``(rule_id, message)`` for a rejected notation (see ``State._why_illegal`` and explain.py)."""
        return explain(self, text)
