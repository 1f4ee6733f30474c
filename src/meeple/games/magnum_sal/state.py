"""The Magnum Sal state: plain-value fields, copy, (de)serialisation, observation, resample.

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
from meeple.core.state import saved_in_range, saved_int

from . import components as C
from . import mine as M
from . import rules, scoring

_LIST_FIELDS = ("money", "owned", "supply", "rested", "tired", "occ", "assist", "q_right", "q_left",
                "tile", "revealed", "flipped", "water", "orders_up", "order_stack", "display",
                "pile", "deck", "gone_hidden", "gone_seen", "market", "visited")
_COPIED_LISTS = tuple(k for k in _LIST_FIELDS if k != "tile")
"""List fields a clone copies (``tile`` is shared: changed only by ``_resample``, which copies it first)."""
_NESTED_FIELDS = ("salt", "tools", "tools_used", "csalt", "orders_done")
_SCALAR_FIELDS = ("order_counter", "inn", "phase", "round", "rounds_total", "capped", "start", "turn",
                  "actions_left", "acted", "triggered", "over", "arrivals", "stage")


class MagnumSalState(State):
    """A Magnum Sal position (fields documented in the module docstring)."""

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

    # ------------------------------------------------------------------ copy
    def _copy(self) -> "MagnumSalState":
        new = MagnumSalState.__new__(MagnumSalState)
        d = new.__dict__ = self.__dict__.copy()  # scalars and read-only lists by reference
        self._copy_base(new)
        for k in _COPIED_LISTS:
            d[k] = d[k][:]
        d["salt"] = [s[:] for s in self.salt]
        d["tools"] = [t[:] for t in self.tools]
        d["tools_used"] = [t[:] for t in self.tools_used]
        d["csalt"] = self.csalt[:]  # rows shared: rules replace a chamber's row, never change it
        d["orders_done"] = [o[:] for o in self.orders_done]
        d["ctx"] = [x[:] if isinstance(x, list) else x for x in self.ctx]
        return new

    # ------------------------------------------------------------ persistence
    def _state_dict(self) -> dict:
        d = {}
        for k in _LIST_FIELDS:
            d[k] = list(getattr(self, k))
        for k in _NESTED_FIELDS:
            d[k] = [list(x) for x in getattr(self, k)]
        for k in _SCALAR_FIELDS:
            d[k] = getattr(self, k)
        d["ctx"] = [list(x) if isinstance(x, list) else x for x in self.ctx]
        return d

    def _load_state_dict(self, d: dict) -> None:
        n = self.num_players
        for k in _LIST_FIELDS:
            v = d[k]
            if not isinstance(v, list):
                raise TypeError(f"{k} must be a list")
            setattr(self, k, list(v))
        for k in _NESTED_FIELDS:
            v = d[k]
            if not isinstance(v, list) or not all(isinstance(x, list) for x in v):
                raise TypeError(f"{k} must be a list of lists")
            setattr(self, k, [list(x) for x in v])
        for k in _SCALAR_FIELDS:
            setattr(self, k, d[k])
        ctx = d["ctx"]
        if not isinstance(ctx, list):
            raise TypeError("ctx must be a list")
        self.ctx = [list(x) if isinstance(x, list) else x for x in ctx]
        # shape and type checks
        for k, size in (("money", n), ("owned", n), ("supply", n), ("q_right", n), ("q_left", n),
                        ("rested", C.NSPACES * n), ("tired", C.NSPACES * n), ("occ", C.NSPACES),
                        ("assist", 4), ("tile", C.NCHAMBERS), ("revealed", C.NCHAMBERS),
                        ("flipped", C.NCHAMBERS), ("water", C.NCHAMBERS), ("market", 3),
                        ("display", 3), ("salt", n), ("tools", n), ("tools_used", n),
                        ("csalt", C.NCHAMBERS), ("orders_done", n)):
            if len(getattr(self, k)) != size:
                raise ValueError(f"{k} must have {size} entries")
        for k in ("money", "owned", "supply", "q_right", "q_left", "rested", "tired", "occ",
                  "assist", "water", "market"):
            values = [saved_int(x, k) for x in getattr(self, k)]
            if k == "assist":
                saved_in_range("assist (a seat or -1)", values, -1, n - 1)
            elif any(x < 0 for x in values):
                raise ValueError(f"{k} holds counts: 0 or more, not {min(values)}")
        # MS-1.7: at most 10 miners a colour (a hand-edited huge queue made every turn endless)
        saved_in_range("owned, supply, q_right, q_left (miners, MS-1.7)",
                       self.owned + self.supply + self.q_right + self.q_left, 0, C.MAX_MINERS)
        for row in self.salt + self.csalt:
            if len(row) != 3:
                raise ValueError("salt rows are 3 non-negative ints")
            saved_in_range("salt rows", [saved_int(x, "salt") for x in row], 0, 10 ** 6)
        for t in self.tile:
            if t not in C.TILES:
                raise ValueError(f"unknown tile {t!r}")
        for kinds, used in zip(self.tools, self.tools_used):
            if len(kinds) != len(used) or any(k not in C.TOOL_KINDS for k in kinds):
                raise ValueError("tools/tools_used mismatch")
        for k in ("pile", "deck", "gone_hidden", "gone_seen"):
            if any(x not in C.TOOL_KINDS for x in getattr(self, k)):
                raise ValueError(f"{k}: unknown tool")
        if any(x is not None and x not in C.TOOL_KINDS for x in self.display):
            raise ValueError("display: unknown tool")
        for o in self.orders_up:
            if o is not None and o not in C.ORDERS:
                raise ValueError(f"unknown order {o!r}")
        for o in self.order_stack + [x for od in self.orders_done for x in od]:
            if o not in C.ORDERS:  # an empty slot (None) is only face up
                raise ValueError(f"unknown order {o!r} in order_stack or orders_done")
        for colour, (count, column) in enumerate(zip(self.market, C.MARKET_COLUMNS)):
            if count > len(column):
                raise ValueError(f"market holds {count} cubes of {C.COLOURS[colour]}: its column has "
                                 f"{len(column)} spaces")
        if not 0 <= self.inn <= len(C.INN_TRACK):
            raise ValueError(f"inn must be 0..{len(C.INN_TRACK)}, not {self.inn}")
        for k in ("order_counter", "inn", "phase", "round", "rounds_total", "capped", "start", "turn",
                  "actions_left", "arrivals"):
            saved_int(getattr(self, k), k)
        for k, low, high in (("order_counter", 0, 8), ("round", 1, 10 ** 6), ("rounds_total", 0, 10 ** 6),
                             ("capped", 0, C.PHASES), ("actions_left", 0, 2), ("arrivals", 0, 100)):
            saved_in_range(k, [getattr(self, k)], low, high)
        if not (0 <= self.turn < n and 0 <= self.start < n and 0 <= self.phase < C.PHASES):
            raise ValueError("turn/start/phase out of range")
        if self.occ != [sum(self.rested[s * n:(s + 1) * n]) + sum(self.tired[s * n:(s + 1) * n])
                        for s in range(C.NSPACES)]:
            raise ValueError("occ does not match the miners in the mine")
        if not isinstance(self.stage, str) or self.stage not in rules.STAGES:
            raise ValueError(f"unknown stage {self.stage!r}")
        for k in ("acted", "triggered", "over"):
            if not isinstance(getattr(self, k), bool):
                raise TypeError(f"{k} must be a bool")
        for lvl, chambers in C.LEVEL_CHAMBERS.items():
            if sorted(self.tile[c] for c in chambers) != sorted(C.TILES_BY_LEVEL[lvl]):
                raise ValueError(f"the level {lvl} chambers must hold that level's tiles")
        _check_ctx(self.stage, self.ctx, n)
        if self.stage == "castle_from" and self.ctx[0] and not rules.unused(self, self.turn, "royal_privilege"):
            raise ValueError("ctx: a castle visit with the royal privilege, but the seat has no unused "
                             "royal privilege (MS-20.8)")
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
                raise ValueError(f"ctx: {placed.count(s)} miners placed on {C.SPACE_IDS[s]} this action, "
                                 f"but the seat has {self.rested[s * n + seat]} rested miners there")
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
        self.deck = pool[a:a + b]
        self.gone_hidden = pool[a + b:]

    hidden_orders = ("order_stack", "pile", "deck", "gone_hidden")
    """The saved lists whose order nobody sees (face-down stacks; tools removed unseen)."""

    # ------------------------------------------------------------ results
    def _seat_name(self, seat: int) -> str:
        """The seat's colour as the board shows it (orange, black, purple, white)."""
        return rules.seat_name(seat)

    def conserved(self) -> dict[str, int]:
        """MS-1.4 21 tool cards, MS-1.3 24 royal orders (face up, in the stacks, done, or gone)."""
        tools = (sum(len(t) for t in self.tools) + len(self.deck) + len(self.pile)
                 + len(self.gone_hidden) + len(self.gone_seen) + sum(1 for d in self.display if d))
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
