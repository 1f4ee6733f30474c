"""The Klondike 1896 state: its fields (declared in ``FAMILY_FIELDS`` and ``RACE_FIELDS``; the core
copies, saves and type-checks them), the rule checks of a loaded save, observation, resample.

Fields (``to_dict()["state"]``), game 1 (variants ``family`` and ``square``):
  phase ("layout" | "auction" | "place" | "sauction" | "splace" | "end"), cur (seat to act),
  round, start (start player), layouts [[face, rot] x4] per seat (face 0..3 = A..D),
  claims (per seat, "place ..." notations in laying order), score, rubies (available),
  fresh (gained this round, KL-15.3), penalty (KL-19/KL-21.3, set at the end), finished
  (goal reached / task complete), pool (undealt row-kind claims, kind ids, order hidden),
  rows (queue of rows of kind ids, front row first), dominoes (D2 left), removed (kind ids of
  discarded claims, KL-14.2), supply (-1 = unlimited, KL-15.4), auction: slot_holder,
  slot_bid, fig (slot per seat, -1 none), normal_done, displaced; won (kind id to lay per
  seat, -1 none), pq (seats still to lay, in order); supplementary auction: s_high, s_bid,
  s_passed.
Game 2 (variant ``race``):
  phase ("build" | "tick" | "pick" | "lastpick" | "fate" | "end"), cur, rround (1..9),
  req (card index of this round, -1 at the end), req_deck (hidden order), req_seen (cards
  revealed so far), fav_deck (hidden order), fav_discard, display, tracks (per seat
  [red, black, blue, green]), s0, prio (priority seat), tick, tq (seats of this tick/build
  in order), tpos, tdone (seats that said done this tick, hidden until revealed), building,
  pend (kind id of the claim a seat took this tick and must now place, -1 none), backs
  (1 if a seat put a taken claim back this tick: once per tick),
  layouts, claims, status (0 racing, 1 finished, 2 last player), picks, finish_order, pq,
  lastp, fate, results ([gold, rubies, ok] per seat of the last checked round), revealed
  (boards of the last checked round), last_req.
Derived, not saved: boards (cell codes), shapes, cov (covered bitmask), used, gold, ruby.
"""

from __future__ import annotations

from itertools import islice

from meeple.core import TERMINAL, State
from meeple.core.errors import InvalidRecordError
from meeple.core.fields import OUTER, ROWS, SEATS, Field, Fields, last_seat

from . import race, rules
from .components import (
    CHILDREN_DECK,
    D2,
    DECK_PER_GAME,
    DISPLAY_SIZE,
    FACE_NAMES,
    FAMILY_SHAPE,
    FAVOUR_CARDS,
    KINDS,
    NUM_KINDS,
    REQ_CARDS,
    REQ_INDEX,
    ROW_KINDS,
    SQUARE_SHAPE,
    START_CELLS,
    START_RUBIES,
    TRACK_START,
    board_cells,
    shape,
)

_START_MASKS: dict = {}


MAX_RUBIES = 1000
"""Most rubies a saved state's seat may hold (or bid): far above what a game hands out (3 at
the start, KL-10.4, and a few a round), low enough that listing the bids stays quick."""


def _start_mask(sh) -> int:
    m = _START_MASKS.get(id(sh))
    if m is None:
        m = _START_MASKS[id(sh)] = sh.cell_mask(START_CELLS)
    return m


MAX_RUBY_SUPPLY = 10**6
"""Most rubies a limited supply may hold (option ``ruby_supply_limit``, a saved ``supply``):
KL-15.4's supply is unlimited, a game hands out some dozens; a bound keeps a hand-edited
number from making bids and saves endless."""
_NK = len(KINDS)
_NREQ = len(REQ_CARDS)
_NFAV = len(FAVOUR_CARDS)


def _claim_lists(state) -> list[list[str]]:
    """``claims`` as saved: per seat the notations of its placements, in laying order."""
    return [state._claim_texts(s) for s in range(state.num_players)]


_COMMON = (
    # a tile [face, rotation] is replaced, never changed in place: clones share the tiles
    Field("layouts", list[list[tuple[int, int]]], (SEATS, range(5)), low=0, high=3, noun="tile", copy=ROWS),
    # held as placement ids, saved as notations (_after_load lays them again)
    Field("claims", list[list[str]], (SEATS,), save=_claim_lists),
)
_DERIVED = (
    Field("cov", list[int], saved=False),
    Field("boards", list, saved=False),
    Field("shapes", list, saved=False),
)
FAMILY_FIELDS = Fields(
    *_COMMON,
    Field("phase", str, choices=("layout", "auction", "place", "sauction", "splace", "end"), noun="phase"),
    Field("cur", int),
    Field("supply", int, low=-1, high=MAX_RUBY_SUPPLY, why="KL-15.4; -1: unlimited"),
    Field("dominoes", int, low=0, high=10**6),
    Field("start", int, low=0, high=last_seat),
    Field("round", int, low=0, high=10**6),
    Field("normal_done", int, low=0, high=lambda s: s.num_players),
    Field("displaced", int, low=-1, high=last_seat),
    Field("s_high", int, low=-1, high=last_seat),
    Field("s_bid", int, low=0, high=MAX_RUBIES, why="KL-15.4"),
    Field("score", list[int], (SEATS,), low=0, high=10**6),
    # KL-15.4: the ruby supply is unlimited, but a game hands out some dozens; a bid may be any
    # count up to the bidder's rubies (KL-12), so a huge count made every bid endless
    Field("rubies", list[int], (SEATS,), low=0, high=MAX_RUBIES, why="KL-15.4"),
    Field("fresh", list[int], (SEATS,), low=0, high=MAX_RUBIES, why="KL-15.4"),
    Field("pool", list[int], low=0, high=_NK - 1),
    Field("removed", list[int], low=0, high=_NK - 1),
    Field("finished", list[bool], (SEATS,)),
    Field("slot_holder", list[int], (SEATS,), low=-1, high=last_seat),
    Field("slot_bid", list[int], (SEATS,), low=0, high=MAX_RUBIES, why="KL-15.4"),
    Field("fig", list[int], (SEATS,), low=-1, high=last_seat),
    Field("won", list[int], (SEATS,), low=-1, high=_NK - 1),
    Field("pq", list[int], low=0, high=last_seat),
    Field("s_passed", list[bool], (SEATS,)),
    Field("penalty", list[int], (SEATS,)),
    # a row is replaced, never changed in place: clones share the rows
    Field("rows", list[list[int]], (None, SEATS), low=0, high=_NK - 1, copy=OUTER),
    *_DERIVED,
)
"""Game 1's fields (``family`` and ``square``), in save order (module docstring): core copies,
saves and type-checks them. ``cov``, ``boards`` and ``shapes`` are derived: cloned, not saved."""
RACE_FIELDS = Fields(
    *_COMMON,
    Field("phase", str, choices=("build", "tick", "pick", "lastpick", "fate", "end"), noun="phase"),
    Field("cur", int),
    Field("rround", int, low=0, high=10**6),
    Field("req", int, low=-1, high=_NREQ - 1),
    Field("s0", int, low=0, high=last_seat),
    Field("prio", int, low=0, high=last_seat),
    Field("lastp", int, low=-1, high=last_seat),
    Field("fate", int, low=-1, high=last_seat),
    Field("tick", int, low=0, high=10**6),
    Field("tpos", int, low=0, high=10**6),
    Field("last_req", int, low=-1, high=_NREQ - 1),
    Field("req_deck", list[int], low=0, high=_NREQ - 1),
    Field("req_seen", list[int], low=0, high=_NREQ - 1),
    Field("fav_deck", list[int], low=0, high=_NFAV - 1),
    Field("fav_discard", list[int], low=0, high=_NFAV - 1),
    Field("display", list[int], low=0, high=_NFAV - 1),
    Field("status", list[int], (SEATS,), low=0, high=2),
    Field("picks", list[int], (SEATS,), low=-1, high=_NFAV - 1),
    Field("finish_order", list[int], low=0, high=last_seat),
    Field("tdone", list[int], low=0, high=last_seat),
    Field("building", list[bool], (SEATS,)),
    Field("pend", list[int], (SEATS,), low=-1, high=_NK - 1),
    Field("backs", list[int], (SEATS,), default=lambda s: [0] * s.num_players),  # saves before 'back' lack it
    Field("tq", list[int], low=0, high=last_seat),
    Field("pq", list[int], low=0, high=last_seat),
    Field("tracks", list[list[int]], (SEATS, 4)),
    # replaced each round, never changed in place: clones share the entries
    Field("results", list[list[int | bool | None] | None], (SEATS, 3), copy=OUTER),
    Field("revealed", list[tuple[list[tuple[int, int]], list[str]]], (SEATS,), copy=OUTER),
    *_DERIVED,
    Field("used", list[int], saved=False),
    Field("gold", list[int], saved=False),
    Field("ruby", list[int], saved=False),
)
"""Game 2's fields (``race``), in save order (module docstring): core copies, saves and
type-checks them. ``cov``, ``boards``, ``shapes``, ``used``, ``gold`` and ``ruby`` are derived."""


_FIRST_STEPS = ("claim", "back", "relayout")
"""Race actions after which the same seat's secret commitment goes on (KL-40.1)."""


class KlondikeState(State):
    """A position of Klondike 1896 (game 1 ``family``/``square`` or game 2 ``race``)."""

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        self.mode = "race" if self.variant == "race" else self.variant
        self.loose_edges = self.options.get("edge_rule") == "one_edge_per_tile"
        if self.mode == "race":
            self._setup_race()
        else:
            self._setup_family()

    def _setup_family(self) -> None:
        """KL-10: boards, rubies, claim rows, start player."""
        n = self.num_players
        rng = self.rng
        self.layouts = [[] for _ in range(n)]
        self.claims = [[] for _ in range(n)]
        self.cov = [0] * n
        self.boards = [()] * n
        self.shapes = [None] * n
        mode = self.options.get("layout", "random")
        if mode == "identical":  # KL-21.1
            order = list(range(4))
            rng.shuffle(order)
            lay = [[f, rng.randbelow(4)] for f in order]
            for s in range(n):
                self.layouts[s] = [t[:] for t in lay]
        elif mode == "random":  # KL-10.2
            for s in range(n):
                order = list(range(4))
                rng.shuffle(order)
                self.layouts[s] = [[f, rng.randbelow(4)] for f in order]
        if mode != "choose":
            for s in range(n):
                self.set_board(s)
        self.score = [0] * n
        self.rubies = [START_RUBIES] * n  # KL-10.4
        self.fresh = [0] * n
        self.penalty = [0] * n
        self.finished = [False] * n
        limit = self.options.get("ruby_supply_limit")
        self.supply = -1 if limit is None else max(0, limit - START_RUBIES * n)
        self.pool = [k for k in ROW_KINDS for _ in range(KINDS[k].count)]  # KL-10.5
        rng.shuffle(self.pool)
        self.rows = []
        rules.deal_rows(self)
        self.dominoes = KINDS[D2].count
        self.removed = []
        self.start = self.start_player = rng.randbelow(n)  # KL-10.6
        self.round = 1
        self.slot_holder = [-1] * n
        self.slot_bid = [0] * n
        self.fig = [-1] * n
        self.normal_done = 0
        self.displaced = -1
        self.won = [-1] * n
        self.pq = []
        self.s_high = -1
        self.s_bid = 0
        self.s_passed = [False] * n
        if mode == "choose":
            self.phase = "layout"
            self.cur = 0
        else:
            rules.start_round(self)

    def _setup_race(self) -> None:
        """KL-30: requirement deck, tracks at 4, favour deck, priority seat."""
        n = self.num_players
        self.req_deck = race.build_req_deck(self)
        self.req_seen = []
        self.fav_deck = [c.index for c in FAVOUR_CARDS]
        self.rng.shuffle(self.fav_deck)
        self.fav_discard = []
        self.tracks = [[TRACK_START] * 4 for _ in range(n)]
        self.s0 = self.rng.randbelow(n)
        self.rround = 1
        self.results = [None] * n
        self.revealed = [[[], []] for _ in range(n)]
        self.last_req = -1
        self.pq = []
        race.start_round(self)

    def set_board(self, seat: int) -> None:
        """Derive the cell codes and the placement geometry of ``seat``'s layout."""
        lay = self.layouts[seat]
        if self.mode == "square":
            self.boards[seat] = board_cells(lay, True)
            self.shapes[seat] = SQUARE_SHAPE
        elif self.mode == "family":
            self.boards[seat] = board_cells(lay)
            self.shapes[seat] = FAMILY_SHAPE
        else:
            self.boards[seat] = board_cells(lay)
            self.shapes[seat] = shape(6, 6 * len(lay))

    def start_mask(self, seat: int) -> int:
        """KL-2.1 start cells (KL-21.3: the whole square board)."""
        sh = self.shapes[seat]
        if self.mode == "square":
            return sh.full
        return _start_mask(sh)

    # ------------------------------------------------------------------ contract
    @property
    def current_player(self) -> int:
        return self.cur

    def conserved(self) -> dict[str, int]:
        """KL-1: game 1's claims are somewhere once (pool, rows, won, laid, removed, dominoes)."""
        if self.mode == "race":
            return {}
        claims = (
            len(self.pool)
            + sum(len(r) for r in self.rows)
            + sum(len(c) for c in self.claims)
            + len(self.removed)
            + sum(1 for w in self.won if w >= 0)
            + self.dominoes
        )
        return {"claims": claims}

    def is_secret_decision(self) -> bool:
        """KL-40.1: in the race, layouts and tick moves stay secret until the check."""
        return self.phase in ("build", "tick")

    def _legal_actions(self):
        return rules.legal_actions(self)

    def _apply(self, action) -> None:
        rules.apply(self, action)

    # ------------------------------------------------------------------ copy / save
    def _fields(self) -> Fields:
        """Game 1 and game 2 keep different fields: :data:`FAMILY_FIELDS` or :data:`RACE_FIELDS`."""
        return RACE_FIELDS if self.variant == "race" else FAMILY_FIELDS

    def _claim_texts(self, seat: int) -> list[str]:
        """The notations of ``seat``'s placements, in laying order."""
        sh = self.shapes[seat]
        return [sh.action[p].text for p in self.claims[seat]]

    def _check_auction(self) -> None:
        """The main auction's counters agree (KL-12.2-12.5): the seats that had their turn, from
        the start player on, each hold a figure, but for one displaced seat that bids again now;
        figures and slots point at each other; the seat to act follows from them.

        Raises:
            ValueError: they do not (an edited save, e.g. ``normal_done`` reset).
        """
        n = self.num_players
        if any(self.slot_holder[f] != s for s, f in enumerate(self.fig) if f >= 0) or any(
            self.fig[h] != slot for slot, h in enumerate(self.slot_holder) if h >= 0
        ):
            raise ValueError("fig and slot_holder must point at each other (KL-12.2)")
        had_turn = {(self.start + i) % n for i in range(self.normal_done)}
        holders = {s for s in range(n) if self.fig[s] >= 0}
        displaced = {self.displaced} if self.displaced >= 0 else set()
        if holders | displaced != had_turn or holders & displaced or (self.normal_done == n and not displaced):
            raise ValueError(
                f"normal_done {self.normal_done}: the seats from the start player on that "
                "had their turn hold a figure, but for one displaced seat (KL-12.2-12.5)"
            )
        due = self.displaced if displaced else (self.start + self.normal_done) % n
        if self.cur != due:
            raise ValueError(f"cur must be P{due + 1}, the seat to bid now (KL-12.2, KL-12.5)")

    def _check_race_round(self) -> None:
        """The race round's records agree (KL-32, KL-33, KL-40.1): the finished seats are those
        of ``finish_order``, one seat at most is the last player (``lastp``), a seat still racing
        has picked no card, and the display holds its cards less those picked.

        Raises:
            ValueError: they do not (an edited save, e.g. the display emptied or a status changed).
        """
        n = self.num_players
        st = self.status
        racing = {s for s in range(n) if st[s] == 0}
        if len(set(self.tq)) != len(self.tq):
            raise ValueError(f"tq: the seats of this tick in order, each once, not {self.tq} (KL-40.1)")
        if self.phase in ("build", "tick") and set(self.tq) != racing:
            raise ValueError(f"tq: this tick's seats are those still racing {sorted(racing)}, not {self.tq} (KL-40.1)")
        if not 0 <= self.tpos <= len(self.tq):
            raise ValueError(f"tpos must be 0..{len(self.tq)} (a place in tq), not {self.tpos}")
        if self.phase in ("lastpick", "fate") and any(st[s] != 1 for s in range(n) if s != self.lastp):
            raise ValueError(
                "status: when the last player picks or joins fate, every other seat has finished (KL-33.1)"
            )
        if len(set(self.finish_order)) != len(self.finish_order) or set(self.finish_order) != {
            s for s in range(n) if st[s] == 1
        }:
            raise ValueError("status: the finished seats (1) are those of finish_order (KL-40.1)")
        last = [s for s in range(n) if st[s] == 2]
        if last != ([self.lastp] if self.lastp >= 0 else []):
            raise ValueError("status: the last player (2) is lastp, and only he (KL-33.1)")
        if any(self.picks[s] >= 0 for s in range(n) if st[s] == 0):
            raise ValueError("picks: a seat still racing has taken no favour card yet (KL-32)")
        picked = sum(1 for c in self.picks if c >= 0)
        if len(self.display) + picked != DISPLAY_SIZE[n]:
            raise ValueError(
                f"display: {DISPLAY_SIZE[n]} favour cards a round, less the {picked} "
                f"taken, not {len(self.display)} (KL-31.1, KL-32)"
            )

    def _after_load(self, d: dict) -> None:
        """The rule checks of a loaded state (its fields' types, sizes and bounds are checked by
        the declaration); the boards are derived again and the claims laid again from their
        notations."""
        n = self.num_players
        self.mode = "race" if self.variant == "race" else self.variant
        self.loose_edges = self.options.get("edge_rule") == "one_edge_per_tile"
        if self.mode != "race" and self.phase != "layout" and any(len(lay) != 4 for lay in self.layouts):
            # KL-10.2: each board is a row of four tiles, laid before the first auction
            seat = next(s for s in range(n) if len(self.layouts[s]) != 4)
            raise InvalidRecordError(
                f"malformed saved klondike state: the board of P{seat + 1} has "
                f"{len(self.layouts[seat])} tiles, not 4 (KL-10.2)",
                f"state.layouts[{seat}]",
            )
        self.boards = [()] * n
        self.shapes = [None] * n
        for s in range(n):
            if (self.mode != "race" and len(self.layouts[s]) == 4) or (self.mode == "race" and self.layouts[s]):
                self.set_board(s)
        if self.mode == "race":
            for s in range(n):
                if not self.building[s] and not self.layouts[s]:
                    # KL-31.2: a seat builds (ends its building) once at least one tile lies
                    raise InvalidRecordError(
                        f"malformed saved klondike state: P{s + 1} has built a landscape (building "
                        f"false) of no tile; a landscape has 1 to 4 tiles (KL-31.2)",
                        f"state.layouts[{s}]",
                    )
            if self.phase != "end":
                self._check_race_round()
        elif self.phase == "auction":
            self._check_auction()
            for slot, (h, bid) in enumerate(zip(self.slot_holder, self.slot_bid)):
                # KL-12.3: a bid is paid later, so its holder has the rubies
                if (h < 0 and bid) or (h >= 0 and bid > self.rubies[h]):
                    raise ValueError(
                        f"slot_bid: a bid of {bid} on claim {slot}, "
                        + (
                            "which nobody holds"
                            if h < 0
                            else f"more than its holder P{h + 1}'s {self.rubies[h]} rubies"
                        )
                    )
        claims = self.claims  # the notations, laid again
        self.claims = [[] for _ in range(n)]
        self.cov = [0] * n
        if self.mode == "race":
            self.used = [0] * n
            self.gold = [0] * n
            self.ruby = [0] * n
        for s in range(n):
            for text in claims[s]:
                sh = self.shapes[s]
                if sh is None:
                    raise ValueError("claims on a board without tiles")
                pid = sh.by_text[text]
                if sh.mask[pid] & self.cov[s]:
                    raise ValueError("overlapping claims")
                g, r = rules.lay(self, s, pid)
                if self.mode == "race":
                    self.used[s] |= 1 << sh.kind[pid]
                    self.gold[s] += g
                    self.ruby[s] += r
        if self.cur != TERMINAL and not (0 <= self.cur < n):
            raise ValueError(f"cur must be a seat 0..{n - 1}, or {TERMINAL} at the end, not {self.cur}")

    # ------------------------------------------------------------------ information
    def _observation(self, seat):
        if self.mode == "race":
            return self._observation_race(seat)
        return self._observation_family(seat)

    def _observed_move_number(self) -> int:
        """KL-40.1, KL-50.2: in the race a secret commitment counts as one move however many
        actions it took (``claim`` then ``place``, a ``back`` between, ``relayout`` then its
        tiles, 1-4 tiles then ``build``), so the count does not tell a rival's choice. Counted
        from the notations: a ``claim``, ``back`` or ``relayout`` is always followed by more of
        the same commitment, and so is a tile that is not the 4th of a layout (the 4th lays it)."""
        history = self._history
        if self.mode != "race":
            return len(history)
        # counted on from where the last count stopped (clones share it: histories only grow)
        done, steps, tiles = self.__dict__.get("_move_count") or (0, 0, 0)
        if done > len(history):  # pragma: no cover - a history never shrinks
            done, steps, tiles = 0, 0, 0
        for text in islice(history, done, None):
            word = text.split(" ", 1)[0]
            if word == "tile":  # tiles in a row: every 4th ends a layout, a 'build' or any other action a run
                tiles += 1
                if tiles % 4:
                    steps += 1
                continue
            tiles = 0
            if word in _FIRST_STEPS:
                steps += 1
        self._move_count = (len(history), steps, tiles)
        return len(history) - steps

    def _observation_family(self, seat):
        n = self.num_players
        secret = bool(self.options.get("secret_rubies"))
        players = []
        for s in range(n):
            hide = secret and seat != s
            players.append(
                {
                    "layout": " ".join(f"{FACE_NAMES[f]}{r}" for f, r in self.layouts[s]),
                    "claims": self._claim_texts(s),
                    "score": self.score[s],
                    "rubies": None if hide else self.rubies[s],
                    "fresh": None if hide else self.fresh[s],
                    "finished": self.finished[s],
                    "penalty": self.penalty[s],
                    "won": None if self.won[s] < 0 else KINDS[self.won[s]].id,
                }
            )
        obs = {
            "variant": self.variant,
            "phase": self.phase,
            "round": self.round,
            "start_player": self.start,
            "players": players,
            "rows": [[KINDS[k].id for k in row] for row in self.rows],
            "pool_size": len(self.pool),
            "dominoes": self.dominoes,
            "removed": sorted(KINDS[k].id for k in self.removed),
            "supply": None if self.supply < 0 else self.supply,
        }
        if self.phase == "auction":
            obs["auction"] = {
                "holders": self.slot_holder[:],
                "bids": self.slot_bid[:],
                "normal_turns_taken": self.normal_done,
                "displaced": self.displaced,
            }
        if self.phase == "sauction":
            obs["supplementary"] = {"high_bidder": self.s_high, "high_bid": self.s_bid, "passed": self.s_passed[:]}
        return obs

    def _observation_race(self, seat):
        n = self.num_players
        players = []
        for s in range(n):
            p = {
                "tracks": self.tracks[s][:],
                "status": ("racing", "finished", "last")[self.status[s]] if self.phase != "end" else "-",
                "pick": None if self.picks[s] < 0 else FAVOUR_CARDS[self.picks[s]].id,
            }
            if seat == s:
                p["layout"] = " ".join(f"{FACE_NAMES[f]}{r}" for f, r in self.layouts[s])
                p["claims"] = self._claim_texts(s) if self.shapes[s] is not None else []
                p["gold"] = self.gold[s]
                p["rubies"] = self.ruby[s]
                p["building"] = self.building[s]
                p["said_done"] = s in self.tdone
                p["claim_in_hand"] = None if self.pend[s] < 0 else KINDS[self.pend[s]].id
                p["went_back"] = bool(self.backs[s])
            players.append(p)
        return {
            "variant": self.variant,
            "phase": self.phase,
            "round": self.rround,
            "card": None if self.req < 0 else REQ_CARDS[self.req].id,
            "cards_seen": [REQ_CARDS[c].id for c in self.req_seen],
            "req_deck_size": len(self.req_deck),
            "fav_deck_size": len(self.fav_deck),
            "fav_discard": sorted(FAVOUR_CARDS[c].id for c in self.fav_discard),
            "display": [FAVOUR_CARDS[c].id for c in self.display],
            "priority_seat": self.prio,
            "tick": self.tick,
            "turn_order": self.tq[:],
            "turn_pos": self.tpos,
            "finish_order": self.finish_order[:],
            "last_player": self.lastp,
            "fate": self.fate,
            "players": players,
            "results": [None if r is None else list(r) for r in self.results],
            "revealed": [[[list(t) for t in r[0]], list(r[1])] for r in self.revealed],
            "last_card": None if self.last_req < 0 else REQ_CARDS[self.last_req].id,
        }

    hidden_orders = ("pool", "fav_deck", "req_deck")
    """The saved lists whose order nobody sees (the undealt pool, the face-down decks)."""

    def _resample(self, seat, rng) -> None:
        if self.mode == "race":
            self._resample_race(seat, rng)
            return
        # KL-50.2: the undealt pool order (its composition is public)
        self.pool = sorted(self.pool)
        rng.shuffle(self.pool)
        # KL-21.2 secret rubies are not re-drawn: the 3 each player starts with (KL-10.4), the
        # rubies every claim covers, every bid and every payment are public (the log names them),
        # so a seat that remembers the game knows each count; the option hides them from the
        # board (a memory test for people), and a re-sample keeps them

    def _resample_race(self, seat, rng) -> None:
        """Re-draw the requirement deck (unseen cards of the right colours), the favour deck
        order, and every other seat's landscape, claims and unrevealed ``done``."""
        mix = CHILDREN_DECK if self.options.get("children") else DECK_PER_GAME
        deck = []
        for colour in ("white", "grey", "black"):
            seen = sum(1 for c in self.req_seen if REQ_CARDS[c].colour == colour)
            left = int(mix.get(colour, 0)) - seen
            cands = [c.index for c in REQ_CARDS if c.colour == colour and c.index not in self.req_seen]
            rng.shuffle(cands)
            deck.extend(cands[: max(0, left)])
        rng.shuffle(deck)
        self.req_deck = deck[: len(self.req_deck)]
        self.fav_deck = sorted(self.fav_deck)
        rng.shuffle(self.fav_deck)
        if self.phase == "end" or self.req < 0:
            return
        card = REQ_CARDS[self.req]
        committed = self.tq[: self.tpos]
        mine = seat in self.tdone
        tdone = [seat] if mine else []
        for s in range(self.num_players):
            if s == seat:
                continue
            self.claims[s] = []
            self.pend[s] = -1
            self.backs[s] = 0
            self.cov[s] = 0
            self.used[s] = 0
            self.gold[s] = 0
            self.ruby[s] = 0
            built = s in committed if self.phase == "build" else True
            self.building[s] = not built
            if not built:
                self.layouts[s] = []
                self.boards[s] = ()
                self.shapes[s] = None
                continue
            self.layouts[s] = [list(t) for t in card.witness_layout]
            self.set_board(s)
            solve = self.status[s] == 1 or (self.phase == "tick" and s in committed and rng.random() < 0.25)
            if self.phase == "tick" and s in committed and self.status[s] == 0 and solve:
                tdone.append(s)
            if solve and rng.random() < 0.6:
                sh = self.shapes[s]
                for k, o, r, c in card.witness_claims:
                    pid = sh.by_text[f"place {KINDS[k].id} {o} {r} {c}"]
                    g, rr = rules.lay(self, s, pid)
                    self.used[s] |= 1 << k
                    self.gold[s] += g
                    self.ruby[s] += rr
        self.tdone = [s for s in self.tq if s in tdone]

    def _seat_name(self, seat: int) -> str:
        """``"P1"`` .. ``"P4"`` (seat 0 is P1), as the boards and the log name the players."""
        return f"P{seat + 1}"

    def parse_action(self, text: str):
        """The legal action written ``text``; besides the core's forgiveness it reads the last
        player's ``fate P3`` (KL-33.2) as the notation ``fate 2`` (seats from 0, as saved games
        write it).

        Raises:
            IllegalActionError: nothing legal reads so; the message names the rule.
            TypeError: ``text`` is not a str.
        """
        if isinstance(text, str):
            words = text.split()
            if (
                len(words) == 2
                and words[0].lower() == "fate"
                and len(words[1]) == 2
                and words[1][0] in "pP"
                and words[1][1] in "1234"
            ):
                text = f"fate {int(words[1][1]) - 1}"
        return super().parse_action(text)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        from .scoring import scores

        return scores(self)

    def _rank_key(self, seat: int) -> tuple:
        from .scoring import rank_key

        return rank_key(self, seat)


__all__ = ["NUM_KINDS", "REQ_INDEX", "KlondikeState"]
