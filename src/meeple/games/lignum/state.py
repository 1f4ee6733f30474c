"""The Lignum state: its fields (declared in ``LignumState.FIELDS``; the core copies, saves and
type-checks them), the rule checks of a loaded save, observation and re-sampling.

Fields (all plain values; ``to_dict()["state"]`` holds exactly these keys):

Per seat (lists indexed by seat):
  ``money`` dollars (negative only by LG-21.6), ``loans`` 0..2, ``food`` cubes,
  ``fodder3`` / ``fodder2`` 0/1 (stable, LG-12.4), ``equip`` [saw, raft, wagon, sled],
  ``products`` [stake, board, shingle, reed, joker], ``huts`` [drying, food-store, lodging],
  ``workers`` hired and unused [woodcutters, carriers, sawyers], ``mill_free`` (mill worker
  unused this round), ``area`` felling-token area 1..6 (0 none), ``secret`` committed but
  unrevealed area choice (0 none; hidden from other seats), ``pos`` path space (0..20, 21 =
  clearing), ``woodpile`` / ``river`` / ``sawroom`` disc counts [FW, SW, HW], ``heat``
  stick counts [sFW, sSW, sHW], ``mill`` [sales, d1, d2, d3] each 6 piece counts
  (FW, SW, HW, sFW, sSW, sHW), ``tasks`` list of ``[task index, filled flag per requirement]``.

Global:
  ``round`` 0..7 (Y1 spring … Y2 winter), ``areas_wood`` 6 × [FW, SW, HW], ``areas_food`` 6,
  ``path_tok`` 21 strings (index = space; ``""`` none, equipment name, ``x_token`` or
  ``p<product>``), ``path_w`` [carriers, fodder, woodcutters, sawyers price 0, sawyer price 1],
  ``order`` player-order track (seats, slot 1 first), ``clearing`` seats in arrival order,
  ``supply`` equipment-token supply by name, ``pstack`` product stack (hidden order, top =
  last), ``pdeck`` placement deck (hidden), ``pused`` placement cards used, ``prevealed``
  (tactical) next round's placement cards, ``tdeck`` task deck (hidden), ``tdisplay`` task
  display, ``winter`` [[card index, half 0 harder / 1 easier]] for year 1 and 2, ``wrest``
  unused winter cards (hidden), and the automaton: ``phase``, ``pi``, ``ti``, ``stage``,
  ``actor``, ``pend``, ``hut_left``, ``debt``, ``acted``, ``felled`` (``pend`` in the
  drying phase: the drying bookkeeping of rules.DRY_PEND).
"""

from __future__ import annotations

from meeple.core import TERMINAL, InvalidRecordError, State
from meeple.core.fields import OUTER, SEATS, SHARED, Field, Fields, last_seat
from meeple.core.state import saved_in_range

from . import rules, scoring
from .components import (
    EQUIP_COUNTS,
    PLACEMENT_CARDS,
    PRODUCT_COUNTS,
    PRODUCT_NAMES,
    START_MONEY,
    TASK_CARDS,
    WINTER_CARDS,
)
from .rules import NONWINTER_PHASES, WINTER_PHASES

MAX_PIECES = 1000
"""Most pieces (discs, sticks, food cubes, tokens, workers) one count of a saved state may
hold: far above what a game reaches (some dozens), low enough that no search over them is long."""
MAX_DRYER = 2 + sum(PRODUCT_COUNTS)
"""Most pieces one dryer can hold: two sticks (LG-16.2), plus one a drying-hut use (LG-19.4) and
each hut is one product token (LG-19.1)."""
_PHASES = frozenset(NONWINTER_PHASES + WINTER_PHASES + ("over",))
_STAGES = frozenset(
    (
        "",
        "choose",
        "tact",
        "travel",
        "space4",
        "space10",
        "space13",
        "space16",
        "market",
        "fell",
        "arrive",
        "transport",
        "move",
        "saw",
        "split",
        "tasks",
        "sell",
        "dry",
        "w_bonus",
        "w_fell",
        "w_sled",
        "w_saw",
        "w_tasks",
        "burn",
        "forced",
        "river",
    )
)
_PATH_TOKENS = ("",) + tuple(EQUIP_COUNTS) + tuple("p" + name for name in PRODUCT_NAMES)
"""What a path space may hold (LG-5.3): nothing, an equipment token or a product token."""
_WHY_PIECES = "LG-2.6: some dozens in a game"


class LignumState(State):
    """A Lignum position (see module docstring for the fields)."""

    FIELDS = Fields(
        # money: negative only by a debt left after selling everything (LG-21.6); the bank never
        # runs out (LG-2.6) but a game sees some dozens of dollars
        Field("money", list[int], (SEATS,), low=-MAX_PIECES, high=MAX_PIECES, why="LG-21.6, LG-2.6"),
        Field("loans", list[int], (SEATS,), low=0, high=2, why="LG-21.2: at most 2 loans"),
        Field("food", list[int], (SEATS,), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("fodder3", list[int], (SEATS,), low=0, high=1, why="LG-12.4"),
        Field("fodder2", list[int], (SEATS,), low=0, high=1, why="LG-12.4"),
        Field("area", list[int], (SEATS,), low=0, high=6),
        Field("secret", list[int], (SEATS,), low=0, high=6),
        Field("pos", list[int], (SEATS,), low=0, high=21),
        Field("mill_free", list[bool], (SEATS,)),
        # piece counts: an unlimited supply (LG-2.6), but a hand-edited huge count would make the
        # search of legal drying moves endless
        Field("equip", list[list[int]], (SEATS, 4), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("products", list[list[int]], (SEATS, 5), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("huts", list[list[int]], (SEATS, 3), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("workers", list[list[int]], (SEATS, 3), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("woodpile", list[list[int]], (SEATS, 3), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("river", list[list[int]], (SEATS, 3), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("sawroom", list[list[int]], (SEATS, 3), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("heat", list[list[int]], (SEATS, 3), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("mill", list[list[list[int]]], (SEATS, 4, 6), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        # a seat's row of tasks is replaced, never changed in place: clones share the rows
        Field("tasks", list[list[list[int]]], (SEATS,), copy=OUTER),
        Field("areas_wood", list[list[int]], (6, 3), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("path_tok", list[str], (21,), choices=_PATH_TOKENS, noun="path token", why="LG-5.3"),
        Field("areas_food", list[int], (6,), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("path_w", list[int], (5,), low=0, high=MAX_PIECES, why=_WHY_PIECES),
        Field("order", list[int]),
        Field("clearing", list[int], low=0, high=last_seat),
        # the decks and the product stack: clones share them, so the rules never change one in
        # place; they give the state a new list (a few times a round, while a clone is made
        # thousands of times a move by the bots)
        Field("pstack", list[int], low=0, high=len(PRODUCT_NAMES) - 1, copy=SHARED),
        Field("pdeck", list[int], low=0, high=len(PLACEMENT_CARDS) - 1, copy=SHARED),
        Field("pused", list[int], low=0, high=len(PLACEMENT_CARDS) - 1, copy=SHARED),
        Field("prevealed", list[int], low=0, high=len(PLACEMENT_CARDS) - 1, copy=SHARED),
        Field("tdeck", list[int], low=0, high=len(TASK_CARDS) - 1, copy=SHARED),
        Field("tdisplay", list[int], low=0, high=len(TASK_CARDS) - 1, copy=SHARED),
        Field("wrest", list[int], low=0, high=len(WINTER_CARDS) - 1, copy=SHARED),
        Field("round", int, low=0, high=8),
        Field("pi", int),
        Field("ti", int, low=0, high=last_seat),
        Field("actor", int),
        Field("hut_left", int),
        Field("debt", int),
        Field("felled", int),
        Field("supply", dict[str, int], keys=EQUIP_COUNTS),
        Field("winter", list[tuple[int, int]], (2,), copy=SHARED),
        Field("phase", str, choices=_PHASES, noun="phase"),
        Field("stage", str, choices=_STAGES, noun="stage"),
        Field("pend", list[int | str], low=0, high=MAX_PIECES),
        Field("acted", bool),
    )
    """The fields, in save order (their meaning: the module docstring); core copies, saves and
    type-checks them."""

    # ------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.num_players
        self.advanced = self.variant.startswith("advanced")
        self.tactical = self.variant.endswith("tactical")
        self.money = [START_MONEY["advanced" if self.advanced else "basic"]] * n  # LG-3.1
        self.loans = [0] * n
        self.food = [0] * n
        self.fodder3 = [0] * n
        self.fodder2 = [0] * n
        self.mill_free = [True] * n
        self.area = [0] * n
        self.secret = [0] * n
        self.pos = [0] * n
        self.equip = [[0, 0, 0, 0] for _ in range(n)]
        self.products = [[0] * 5 for _ in range(n)]
        self.huts = [[0, 0, 0] for _ in range(n)]
        self.workers = [[0, 0, 0] for _ in range(n)]
        self.woodpile = [[0, 0, 0] for _ in range(n)]
        self.river = [[0, 0, 0] for _ in range(n)]
        self.sawroom = [[0, 0, 0] for _ in range(n)]
        self.heat = [[0, 0, 0] for _ in range(n)]
        self.mill = [[[0] * 6 for _ in range(4)] for _ in range(n)]
        self.tasks = [[] for _ in range(n)]
        self.round = 0
        self.areas_wood = [[0, 0, 0] for _ in range(6)]
        self.areas_food = [0] * 6
        self.path_tok = [""] * 21
        self.path_w = [0] * 5
        self.order = list(range(n))
        self.clearing = []
        self.supply = dict(sorted(EQUIP_COUNTS.items()))
        self.pstack = []
        self.pdeck = []
        self.pused = []
        self.prevealed = []
        self.tdeck = []
        self.tdisplay = []
        self.winter = []
        self.wrest = []
        self.phase = ""
        self.pi = 0
        self.ti = 0
        self.stage = ""
        self.actor = 0
        self.pend = []
        self.hut_left = 0
        self.debt = 0
        self.acted = False
        self.felled = 0
        rules.setup(self)

    # ------------------------------------------------------------ contract hooks
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else self.actor

    def conserved(self) -> dict[str, int]:
        """LG-2.4/LG-2.6: equipment and path tokens (supply + path + held) never change in number."""
        equip = ("saw", "raft", "wagon", "sled")
        out = {}
        for name in sorted(self.supply):
            held = sum(e[equip.index(name)] for e in self.equip) if name in equip else 0
            out[f"{name} tokens"] = self.supply[name] + held + self.path_tok.count(name)
        return out

    def _seat_name(self, seat: int) -> str:
        """``"P1"`` .. ``"P4"`` (seat 0 is P1), as the board shows the mills."""
        return f"P{seat + 1}"

    def is_secret_decision(self) -> bool:
        """True exactly when the current decision is the secret felling-area commitment
        (LG-7.1, LG-27.2): the ``area N`` choice of the ``choose`` phase, hidden from the other
        seats until all have chosen. The tactical pick (LG-24.3) is open, hence False."""
        return self.phase == "choose" and self.stage == "choose" and not self.hut_left

    def _legal_actions(self):
        return rules.legal_actions(self)

    def _apply(self, action) -> None:
        rules.apply(self, action)

    def scores(self) -> list:
        return scoring.scores(self)

    def _rank_key(self, seat: int) -> tuple:
        return scoring.rank_key(self, seat)

    # ------------------------------------------------------------ persistence
    def _after_load(self, d: dict) -> None:
        """The rule checks of a loaded state (its fields' types, sizes and bounds are checked
        by the declaration)."""
        n = self.num_players
        self.advanced = self.variant.startswith("advanced")
        self.tactical = self.variant.endswith("tactical")
        for seat, m in enumerate(self.mill):
            for k in (1, 2, 3):
                if sum(m[k]) > MAX_DRYER:
                    raise InvalidRecordError(
                        f"malformed saved lignum state: dryer {k} of seat {seat} holds {sum(m[k])} pieces; a dryer "
                        f"holds one disc or two sticks (LG-16.2), more only by drying-hut moves (LG-19.4, one piece "
                        f"a hut token): at most {MAX_DRYER}",
                        f"state.mill[{seat}][{k}]",
                    )
        if self.actor != TERMINAL:
            saved_in_range("actor", [self.actor], -1, n - 1)
        if sorted(self.order) != list(range(n)):
            raise ValueError(f"order must hold each seat once, not {self.order}")
        if len(set(self.clearing)) != len(self.clearing):
            raise ValueError("clearing holds a seat twice")
        if self.phase not in ("travel", "over") and sorted(self.clearing) != list(range(n)):
            # LG-8.6.2: after the path every foreman is in the clearing; its order is the order
            # of the wood work (LG-9.2) and, reversed, the next round's player order
            raise InvalidRecordError(
                f"malformed saved lignum state: after the path the clearing must hold every seat once, not "
                f"{self.clearing} (LG-8.6.2)",
                "state.clearing",
            )
        if self.phase == "travel" and set(self.clearing) != {s for s in range(n) if self.pos[s] == 21}:
            # LG-8.6.1: on the path, the clearing's slots A.. hold exactly the foremen at space 21
            raise InvalidRecordError(
                f"malformed saved lignum state: pos puts the foremen {[s for s in range(n) if self.pos[s] == 21]} "
                f"in the clearing (space 21) but clearing lists {self.clearing} (LG-8.6.1)",
                "state.pos",
            )
        if (
            self.phase == "travel"
            and self.stage == "market"
            and not self.acted
            and rules.avail(self, self.actor) < 1
            and not rules.product_sales(self, self.actor)
        ):
            # LG-8.4.1/LG-8.5: a foreman stops at the market only with a dollar to spend (cash and
            # open loans) or a product set to sell; else the visit could never end
            raise InvalidRecordError(
                f"malformed saved lignum state: P{self.actor + 1} is at the market with ${self.money[self.actor]} "
                f"and {self.loans[self.actor]} loans, nothing to buy with and nothing to sell (LG-8.4.1, LG-8.5)",
                f"state.money[{self.actor}]",
            )
        if self.phase == "travel" and (self.actor != self.order[self.ti] or self.pos[self.actor] == 21):
            # LG-8.6: the foreman who moves is the next in player order not yet in the clearing
            raise InvalidRecordError(
                f"malformed saved lignum state: actor {self.actor} is not the foreman to move on the path "
                f"(player order {self.order}, turn {self.ti}: seat {self.order[self.ti]}; a foreman in the "
                f"clearing, space 21, moves no more; LG-8.6)",
                "state.actor",
            )
        for k, v in self.supply.items():  # LG-2.4: the supply holds the game's own tokens
            if not 0 <= v <= EQUIP_COUNTS[k]:
                raise InvalidRecordError(
                    f"malformed saved lignum state: the supply holds {v!r} {k} tokens; the game "
                    f"has {EQUIP_COUNTS[k]}, an integer from 0 to {EQUIP_COUNTS[k]} (LG-2.4)",
                    f"state.supply.{k}",
                )
        # card indexes into the component data (a bad one failed only when the card was used)
        saved_in_range("winter cards", [c for c, _ in self.winter], 0, len(WINTER_CARDS) - 1)
        saved_in_range("winter halves", [h for _, h in self.winter], 0, 1)
        for ts in self.tasks:  # [task, one filled flag a requirement]
            for t in ts:
                if not t:
                    raise ValueError("tasks: a task is [task card, one filled flag a requirement], not []")
                saved_in_range("tasks", t[:1], 0, len(TASK_CARDS) - 1)
                if len(t) != 1 + len(TASK_CARDS[t[0]][1]):
                    raise ValueError(
                        f"tasks: task {t[0]} has {len(TASK_CARDS[t[0]][1])} requirements, not {len(t) - 1}"
                    )
        # LG-4.1: rounds 0-2 and 4-6 are spring, summer, fall; 3 and 7 the winters
        if (self.phase in NONWINTER_PHASES and self.round not in (0, 1, 2, 4, 5, 6)) or (
            self.phase in WINTER_PHASES and self.round not in (3, 7)
        ):
            raise InvalidRecordError(
                f"malformed saved lignum state: phase {self.phase!r} in round {self.round} "
                f"({'a winter' if self.round in (3, 7) else 'not a winter'}; LG-4.1)",
                "state.round",
            )
        if (
            self.phase == "travel"
            and self.stage in ("space4", "space10", "space13", "market")
            and not rules.stage_actions(self)
        ):
            # LG-8.4: a foreman stops on a space only when he can use it (buy or sell); the
            # visit then ends by its own action
            raise InvalidRecordError(
                f"malformed saved lignum state: P{self.actor + 1} is on a path space ({self.stage}) with nothing "
                f"to do there: ${self.money[self.actor]}, {self.loans[self.actor]} loans, path supply "
                f"{self.path_w} (LG-8.4)",
                "state.stage",
            )

    # ------------------------------------------------------------ information
    def _observation(self, seat) -> dict:
        """Everything public (LG-27.1); hidden (LG-27.2): deck orders, product stack order,
        other seats' unrevealed felling choices. Sets of the unseen cards/tokens are shown in
        sorted order (they are public knowledge: every used card or token was seen)."""
        d = self._state_dict()
        d["secret"] = [self.secret[s] if s == seat else 0 for s in range(self.num_players)]
        d["committed"] = [bool(x) for x in self.secret]
        d["pstack"] = sorted(self.pstack)
        if self.options.get("hidden_products"):
            # LG-8.4.4 optional mode: others' product tokens are face down (count only); the
            # unseen tokens (stack and others' stores) are shown as one sorted pool
            pool = list(self.pstack)
            for s in range(self.num_players):
                if s != seat:
                    for p, c in enumerate(self.products[s]):
                        pool += [p] * c
                    d["products"][s] = None
            d["pstack"] = len(self.pstack)
            d["unseen_products"] = sorted(pool)
            d["product_counts"] = [sum(p) for p in self.products]
        d["pdeck"] = sorted(self.pdeck)
        d["tdeck"] = sorted(self.tdeck)
        d["wrest"] = sorted(self.wrest)
        d["variant"] = self.variant
        return d

    hidden_orders = ("pstack", "pdeck", "tdeck", "wrest")
    """The saved lists whose order nobody sees (the product stack, the face-down decks)."""

    def _resample(self, seat, rng) -> None:
        """Re-draw deck orders, the product stack order and others' unrevealed choices.

        Others' product tokens are kept, also with ``hidden_products``: each was face up on
        the path when taken and every sale is public (the log names them, RULING LG-8.4.4), so
        a seat that remembers the game knows them; the option hides them from the board (a
        memory test for people)."""
        for k in ("pstack", "pdeck", "tdeck", "wrest"):
            v = sorted(getattr(self, k))
            rng.shuffle(v)
            setattr(self, k, v)
        for s in range(self.num_players):
            if s != seat and self.secret[s]:
                self.secret[s] = rng.randint(1, 6)
