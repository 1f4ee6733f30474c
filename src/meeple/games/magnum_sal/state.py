"""The Magnum Sal state: its fields (declared in ``MagnumSalState.FIELDS``; the core copies, saves
and type-checks them), the rule checks of a loaded save, observation, resample.

Fields (all JSON-safe; ``to_dict()["state"]`` holds exactly these keys). ``n`` = seats,
money in groše; colours index 0 brown, 1 green, 2 white;
spaces indexed as ``components.SPACES`` (S1..S6, then the 18 chambers), chamber number
``c`` = space index - 6.

* ``money`` [n] int; ``salt`` [n][3]; ``tools`` [n] list of tool kinds owned;
  ``tools_used`` [n] list of bool parallel to ``tools`` (face down = used this phase).
* ``owned`` [n] miners owned; ``supply`` [n] miners in the personal supply.
* ``rested`` / ``tired``: flat [24*n] miner counts, index ``space*n + seat``; ``occ`` [24]
  total miners per space (derived, kept for speed).
* ``assist`` [4] seat or -1 for workshop, pump house, market, castle (MS-12.1).
* ``q_right`` / ``q_left`` [n]: miners in the castle queue spaces (MS-6.1).
* ``tile`` [18] tile id per chamber (hidden while face down, standard game);
  ``revealed`` [18] bool (cubes placed, MS-9/MS-24.2); ``flipped`` [18] bool (MS-24.3);
  ``csalt`` [18][3] (a chamber's row is shared between clones: replaced, never changed in
  place); ``water`` [18].
* ``orders_up`` face-up order ids (None = empty slot); ``order_stack`` (hidden, top last);
  ``order_counter``; ``orders_done`` [n] list of order ids.
* ``display`` [3] tool kind or None for the 3/4/5 slots; ``pile`` (this phase's face-down
  tools, hidden, top last); ``deck`` (hidden, top last); ``gone_hidden`` (face-down tools
  that left the game unseen); ``gone_seen`` (display tools that left the game).
* ``market`` [3] cube counts; ``inn`` marker index (== len(track): closed).
* ``phase`` 0..2; ``round`` 1.. in the phase; ``rounds_total``; ``capped`` phases ended by the
  safety cap ``max_rounds`` (not a rule); ``start`` start-player seat;
  ``turn`` seat whose turn it is; ``actions_left``; ``acted`` (a non-pass action this
  turn); ``visited`` buildings visited this turn; ``triggered`` (MS-21.1); ``over``.
* ``arrivals`` castle arrivals still to resolve this turn; ``stage`` (str) and ``ctx``
  (list) describe the pending sub-decision (see rules.py).
"""

from __future__ import annotations

from meeple.core import TERMINAL, State
from meeple.core.fields import OUTER, SEATS, SHARED, Field, Fields, last_seat
from meeple.core.state import saved_in_range, saved_int

from . import components as C
from . import mine as M
from . import rules, scoring

BUILDINGS = ("inn", "workshop", "pump", "market", "square", "castle")
"""The buildings a turn may visit once each (MS-13.2), as ``visited`` names them."""
_CUBES = 10**6
"""Most salt cubes one count may hold: far above the game's cubes, low enough for quick searches."""


class MagnumSalState(State):
    """A Magnum Sal position (fields documented in the module docstring)."""

    FIELDS = Fields(
        Field("money", list[int], (SEATS,), low=0),
        Field("owned", list[int], (SEATS,), low=0, high=C.MAX_MINERS, why="MS-1.7: at most 10 miners a colour"),
        Field("supply", list[int], (SEATS,), low=0, high=C.MAX_MINERS, why="MS-1.7: at most 10 miners a colour"),
        Field("rested", list[int], (lambda s: C.NSPACES * s.num_players,), low=0),
        Field("tired", list[int], (lambda s: C.NSPACES * s.num_players,), low=0),
        Field("occ", list[int], (C.NSPACES,), low=0),
        Field("assist", list[int], (4,), low=-1, high=last_seat, why="a seat, or -1 for none, MS-12.1"),
        Field("q_right", list[int], (SEATS,), low=0, high=C.MAX_MINERS, why="MS-1.7: at most 10 miners a colour"),
        Field("q_left", list[int], (SEATS,), low=0, high=C.MAX_MINERS, why="MS-1.7: at most 10 miners a colour"),
        # shared by clones: only a re-sample changes it, on a copy
        Field("tile", list[str], (C.NCHAMBERS,), choices=C.TILES, noun="tile", copy=SHARED),
        Field("revealed", list[bool], (C.NCHAMBERS,)),
        Field("flipped", list[bool], (C.NCHAMBERS,)),
        Field("water", list[int], (C.NCHAMBERS,), low=0),
        Field("orders_up", list[str | None], choices=C.ORDERS, noun="order"),
        Field("order_stack", list[str], choices=C.ORDERS, noun="order"),
        Field("display", list[str | None], (3,), choices=C.TOOL_KINDS, noun="tool"),
        Field("pile", list[str], choices=C.TOOL_KINDS, noun="tool"),
        Field("deck", list[str], choices=C.TOOL_KINDS, noun="tool"),
        Field("gone_hidden", list[str], choices=C.TOOL_KINDS, noun="tool"),
        Field("gone_seen", list[str], choices=C.TOOL_KINDS, noun="tool"),
        Field("market", list[int], (3,), low=0),
        Field("visited", list[str], choices=BUILDINGS, noun="building"),
        Field("salt", list[list[int]], (SEATS, 3), low=0, high=_CUBES),
        Field("tools", list[list[str]], (SEATS,), choices=C.TOOL_KINDS, noun="tool"),
        Field("tools_used", list[list[bool]], (SEATS,)),
        # a chamber's row is shared by clones: the rules replace it, never change it in place
        Field("csalt", list[list[int]], (C.NCHAMBERS, 3), low=0, high=_CUBES, copy=OUTER),
        Field("orders_done", list[list[str]], (SEATS,), choices=C.ORDERS, noun="order"),
        Field("order_counter", int, low=0, high=8),
        Field("inn", int, low=0, high=len(C.INN_TRACK)),
        Field("phase", int, low=0, high=C.PHASES - 1),
        Field("round", int, low=1, high=10**6),
        Field("rounds_total", int, low=0, high=10**6),
        Field("capped", int, low=0, high=C.PHASES),
        Field("start", int, low=0, high=last_seat),
        Field("turn", int, low=0, high=last_seat),
        Field("actions_left", int, low=0, high=2),
        Field("acted", bool),
        Field("triggered", bool),
        Field("over", bool),
        Field("arrivals", int, low=0, high=100),
        Field("stage", str, choices=rules.STAGES, noun="stage"),
        Field("ctx", list[int | list]),  # shapes by stage: _check_ctx
    )
    """The fields, in save order (their meaning: the module docstring); core copies, saves and
    type-checks them."""

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        rules.setup(self)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.turn

    def _legal_actions(self):
        return rules.legal_actions(self)

    def _apply(self, action) -> None:
        rules.apply(self, action)

    # ------------------------------------------------------------ persistence
    def _after_load(self, d: dict) -> None:
        """The rule checks of a loaded state (its fields' types, sizes and bounds are checked
        by the declaration)."""
        n = self.num_players
        for seat, (kinds, used) in enumerate(zip(self.tools, self.tools_used)):
            if len(kinds) != len(used):
                raise ValueError(
                    f"tools_used: seat {seat} has {len(kinds)} tools but {len(used)} used flags "
                    "(one a tool, face down = used)"
                )
        for colour, (count, column) in enumerate(zip(self.market, C.MARKET_COLUMNS)):
            if count > len(column):
                raise ValueError(
                    f"market holds {count} cubes of {C.COLOURS[colour]}: its column has {len(column)} spaces"
                )
        if self.occ != [
            sum(self.rested[s * n : (s + 1) * n]) + sum(self.tired[s * n : (s + 1) * n]) for s in range(C.NSPACES)
        ]:
            raise ValueError("occ does not match the miners in the mine")
        for lvl, chambers in C.LEVEL_CHAMBERS.items():
            if sorted(self.tile[c] for c in chambers) != sorted(C.TILES_BY_LEVEL[lvl]):
                raise ValueError(f"the level {lvl} chambers must hold that level's tiles")
        _check_ctx(self.stage, self.ctx, n)
        if self.stage == "castle_from" and self.ctx[0] and not rules.unused(self, self.turn, "royal_privilege"):
            raise ValueError(
                "ctx: a castle visit with the royal privilege, but the seat has no unused royal privilege (MS-20.8)"
            )
        self._check_placed_miners()

    def _check_placed_miners(self) -> None:
        """A placement in progress (MS-8, MS-20.2) must fit the board: the miners this action
        placed are rested miners of the seat on their spaces, the miner on its way is another
        one, and a rope step has an unused rope and a miner left to place."""
        st, ctx, seat, n = self.stage, self.ctx, self.turn, self.num_players
        if st not in ("place_from", "place_to", "rope"):
            return
        placed = rules.placed_so_far(self)
        for s in set(placed):
            if placed.count(s) > self.rested[s * n + seat]:
                raise ValueError(
                    f"ctx: {placed.count(s)} miners placed on {C.SPACE_IDS[s]} this action, "
                    f"but the seat has {self.rested[s * n + seat]} rested miners there"
                )
        if st == "place_to":
            src = ctx[0]
            if src >= 0 and self.rested[src * n + seat] <= placed.count(src):
                raise ValueError(f"ctx: no miner of the seat in {C.SPACE_IDS[src]} may move again (MS-20.2)")
            return
        if st == "rope" and not rules.unused(self, seat, "rope"):
            raise ValueError("stage rope without an unused rope (MS-20.2)")
        if not rules.sources(self, seat, M.connectivity(self.occ), True, placed):
            raise ValueError(f"stage {st}: the seat has no miner left to place (MS-8.1, MS-20.2)")

    # ------------------------------------------------------------ information
    def _observation(self, seat) -> dict:
        """Everything public (MS-26.1); hidden parts (MS-26.2) only as counts."""
        d = self._state_dict()
        mapped = self.variant == "mapped-mine"
        d["tile"] = [t if (mapped or self.revealed[i]) else None for i, t in enumerate(self.tile)]
        d["order_stack"] = len(self.order_stack)
        d["pile"] = len(self.pile)
        d["deck"] = len(self.deck)
        d["gone_hidden"] = len(self.gone_hidden)
        d["scores"] = self.scores()
        d["variant"] = self.variant
        d["options"] = dict(self.options)
        return d

    def _resample(self, seat, rng) -> None:
        """Re-draw face-down tiles, the order stack and all unseen tools (MS-26.2)."""
        if self.variant != "mapped-mine":
            tile = self.tile[:]
            for lvl, chambers in sorted(C.LEVEL_CHAMBERS.items()):
                hidden = [c for c in chambers if not self.revealed[c]]
                pool = sorted(tile[c] for c in hidden)
                rng.shuffle(pool)
                for c, t in zip(hidden, pool):
                    tile[c] = t
            self.tile = tile
        stack = sorted(self.order_stack)
        rng.shuffle(stack)
        self.order_stack = stack
        pool = sorted(self.pile + self.deck + self.gone_hidden)
        rng.shuffle(pool)
        a, b = len(self.pile), len(self.deck)
        self.pile = pool[:a]
        self.deck = pool[a : a + b]
        self.gone_hidden = pool[a + b :]

    hidden_orders = ("order_stack", "pile", "deck", "gone_hidden")
    """The saved lists whose order nobody sees (face-down stacks; tools removed unseen)."""

    # ------------------------------------------------------------ results
    def _seat_name(self, seat: int) -> str:
        """The seat's colour as the board shows it (orange, black, purple, white)."""
        return rules.seat_name(seat)

    def conserved(self) -> dict[str, int]:
        """MS-1.4 21 tool cards, MS-1.3 24 royal orders (face up, in the stacks, done, or gone)."""
        tools = (
            sum(len(t) for t in self.tools)
            + len(self.deck)
            + len(self.pile)
            + len(self.gone_hidden)
            + len(self.gone_seen)
            + sum(1 for d in self.display if d)
        )
        return {"tool cards": tools, "chamber tiles": len(self.tile)}

    def is_truncated(self) -> bool:
        """True when a phase ended by the safety cap ``max_rounds`` rather than by MS-21.1."""
        return self.capped > 0

    def scores(self) -> list[int]:
        """Money + 3 per salt cube + tool value, per seat, in groše (MS-22.1)."""
        return scoring.scores(self)

    def _rank_key(self, seat: int) -> tuple:
        return scoring.rank_key(self, seat)


def _int(x, lo, hi):
    saved_in_range("ctx", [saved_int(x, "a ctx value")], lo, hi - 1)


def _check_placed(rest: list, ns: int) -> None:
    """``rest`` is [] or [placed]: the spaces this action has put miners on (MS-20.2)."""
    for placed in rest:
        if not isinstance(placed, list):
            raise ValueError("placed must be a list of spaces")
        for x in placed:
            _int(x, 0, ns)


def _check_ctx(stage: str, ctx: list, n: int) -> None:
    """Shape checks of the pending-decision context (see rules.py)."""
    ns = C.NSPACES
    if stage == "extract":
        if len(ctx) != 4 or len(ctx[1]) != 3 or not isinstance(ctx[3], list):
            raise ValueError("extract ctx is [space, [b, g, w], picks, carts]")
        _int(ctx[0], C.FIRST_CHAMBER, ns)
        for x in ctx[1]:
            _int(x, 0, 100)
        _int(ctx[2], 0, 100)
        for seg in ctx[3]:
            if tuple(seg) not in rules.CART:
                raise ValueError("bad cart segment")
    elif stage == "pay":
        if not ctx:
            raise ValueError("pay ctx is empty")
        for e in ctx:
            if len(e) != 2:
                raise ValueError("pay ctx entries are [space, amount]")
            _int(e[0], 0, ns)
            _int(e[1], 1, 1000)
    elif stage == "place_to":
        if len(ctx) not in (1, 2):
            raise ValueError("place_to ctx is [source] or [source, placed]")
        if isinstance(ctx[0], bool) or ctx[0] not in rules.FROM:
            raise ValueError("bad miner source")
        _check_placed(ctx[1:], ns)
    elif stage in ("place_from", "rope"):
        if len(ctx) > 1:
            raise ValueError(f"{stage} ctx is [] or [placed]")
        _check_placed(ctx, ns)
    elif stage in ("assist_from", "castle_from"):
        if len(ctx) != 1:
            raise ValueError(f"{stage} ctx has one value")
        _int(ctx[0], 0, 4 if stage == "assist_from" else 2)
    elif stage == "market":
        if len(ctx) != 4:
            raise ValueError("market ctx is [privilege, transactions, sold, bought]")
        _int(ctx[0], 0, 2)
        _int(ctx[1], 0, 2)
        _int(ctx[2], 0, 8)
        _int(ctx[3], 0, 8)
    elif stage == "pump":
        if len(ctx) != 2:
            raise ValueError("pump ctx is [space, removed]")
        _int(ctx[0], C.FIRST_CHAMBER, ns)
        _int(ctx[1], 1, 1000)
    elif ctx:
        raise ValueError(f"stage {stage} has no context")
