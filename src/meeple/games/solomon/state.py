"""The state of King Solomon's Treasury.

Fields (all plain values; ``to_dict()["state"]`` holds them under the same names):

* ``stacks``: 36 lists of tile codes, bottom -> top, cell ``i = y*6+x`` (SO-2.1, SO-2.4); a
  cell's list is shared between clones: the rules replace it, never change it in place.
* ``hid``: per cell, how many bottom tiles nobody has ever seen (SO-13.2). A tile that has
  once been a top tile stays public knowledge even when covered again, so the unseen tiles
  are always the lowest ``hid[i]`` of the stack.
* ``coins``: coins per seat. Public knowledge: every payment and every change is made in
  the open (see ``_observation``).
* ``pub`` / ``sec``: per seat, the tiles behind his screen that the whole table knows
  (dug in the open) / that only he knows (received through SO-10, or left unknown to the
  others after he gave away a tile of his choice).
* ``item_count``: per seat, number of magic items held (derived, for speed).
* ``hands``: per seat, the dig-card numbers in hand, sorted (private, SO-13.3).
* ``box``: cards out of the game, unseen (SO-3.4).
* ``choices``: per seat, the card chosen this round (0 = none yet); hidden from others until
  all have chosen (``phase`` leaves ``"choose"``), SO-4.2.
* ``phase``: ``"choose"`` (secret card choice), ``"turn"`` (moves, items, dig/decline),
  ``"give"`` (SO-10 gifts of the failing player's choice) or ``"over"``.
* ``chooser``: seat committing next in the choose phase (seat order), else -1.
* ``order`` / ``tidx``: this round's turn order by card number (SO-4.3) and whose turn it is.
* ``round``: 1-based round number.
* ``moves``: moves made in the current turn (SO-6.5).
* ``moving``: the player chose ``move`` and now picks which tile move to make.
* ``backs``: times the player went ``back`` from choosing a move this turn (at most
  ``max_moves_per_turn``, so a turn stays finite).
* ``declared``: magic items declared for the current dig (SO-11.3), not yet spent.
* ``picks``: cells chosen so far for a Seal dig (SO-11.7).
* ``gives``: seats still to receive a tile of the failing player's choice (SO-10.3).
* ``discard``: played cards, face up, in play order (SO-4.4).
* ``spent``: treasures paid to the bank; ``used``: magic items spent (public).
* ``removed``: tiles removed from the game unseen (SO-10.3 remainder).
* ``hidden_log``: the events that made or moved unknown tiles (SO-10.3 deals, SO-10.5
  gifts, unknown tiles paid or declared), as ``rules`` documents; a re-sample plays them again
  with fresh shuffles, so it keeps what the table saw (SO-10.6). Shared between clones (the
  rules replace it, never change it in place).
* ``notes``: per seat, private lines only that seat sees (SO-10.6: which tile it gave or
  received after a failure to pay), e.g. ``"you gave S4 to P2"``.

Derived, rebuilt on load: ``hgt`` (height per cell) and ``lv`` (``lv[k]`` = mask of
the cells of height exactly ``k``).
"""

from __future__ import annotations

from meeple.core import IllegalActionError, State
from meeple.core.fields import OUTER, SEATS, SHARED, Field, Fields, last_seat
from meeple.core.state import saved_int

from . import rules, scoring
from .actions import CARD_NUMBERS, CELL_NAMES, NCELLS, normal_notation
from .components import ALL_CODES, ITEMS, TREASURE, load

_C = load()
RESAMPLE_TRIES = 50
"""Whole draws of the unknown tiles a re-sample tries first (``_resample_unknown``)."""
TOKEN_TRIES = 20
"""Then draws with tokens (``_replay_tokens``), before all unknown tiles are pooled."""
SEAT_NAMES = ("P1", "P2", "P3", "P4", "P5")
MAX_TREASURE_VALUE = sum(TREASURE[c] * k for c, k in _C.mix_total.items())
"""Printed value of all treasure tiles together (144): with the start coins, a bound on a
seat's coins, checked at load (SO-7.4: change never adds wealth)."""


def _saved_tiles(codes: list, where: str = "") -> list:
    """``codes`` if each is a tile code of the game, else ValueError (``where`` prefixes it)."""
    for t in codes:
        if t not in ALL_CODES:
            raise ValueError(f"{where}unknown tile code {t!r}")
    return codes


class SolomonState(State):
    """A position of King Solomon's Treasury (see the module docstring for the fields)."""

    FIELDS = Fields(
        # at most 4 tiles a cell (SO-1.1); a cell's row is shared by clones: the rules replace it,
        # never change it in place
        Field(
            "stacks",
            list[list[str]],
            (NCELLS, range(_C.max_stack + 1)),
            choices=ALL_CODES,
            noun="tile code",
            copy=OUTER,
        ),
        Field("hid", list[int], (NCELLS,), low=0),
        Field("hgt", list[int], saved=False),
        Field("lv", list[int], saved=False),
        Field(
            "coins",
            list[int],
            (SEATS,),
            low=0,
            high=lambda s: _C.start_coins[s.num_players] + MAX_TREASURE_VALUE,
            why="SO-7.4: change never adds wealth",
        ),
        Field("pub", list[list[str]], (SEATS,), choices=ALL_CODES, noun="tile code"),
        Field("sec", list[list[str]], (SEATS,), choices=ALL_CODES, noun="tile code"),
        Field("item_count", list[int], saved=False),
        Field("hands", list[list[int]], (SEATS,)),
        Field("box", list[int]),
        Field("choices", list[int], (SEATS,)),
        Field("phase", str, choices=(rules.CHOOSE, rules.TURN, rules.GIVE_PHASE, rules.OVER), noun="phase"),
        Field("chooser", int),
        Field("order", list[int]),
        Field("tidx", int),
        Field("round", int),
        Field("moves", int),
        Field("moving", bool),
        Field("backs", int, low=0, default=0),  # absent in saves made before 'back' existed
        Field("declared", list[str], choices=ITEMS, noun="magic item"),
        Field("picks", list[int], low=0, high=NCELLS - 1),
        Field("gives", list[int], low=0, high=last_seat),
        Field("discard", list[int]),
        Field("spent", list[str], choices=ALL_CODES, noun="tile code"),
        Field("used", list[str], choices=ALL_CODES, noun="tile code"),
        Field("removed", list[str], choices=ALL_CODES, noun="tile code"),
        # shared by clones (the rules replace it, never change it in place); checked by
        # _load_hidden_log, which makes it for saves made before it existed
        Field("hidden_log", list, copy=SHARED, default=None),
        Field("notes", list[list[str]], (SEATS,), default=lambda s: [[] for _ in range(s.num_players)]),
    )
    """The fields, in save order (their meaning: the module docstring); core copies, saves and
    type-checks them. ``hgt``, ``lv`` and ``item_count`` are derived: cloned, not saved."""

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """SO-3: stacks of 3 brown-backed + 1 gold-backed tile, coins, cards dealt."""
        n = self.num_players
        rng = self.rng
        brown = [c for c in ALL_CODES for _ in range(_C.mix_brown.get(c, 0))]
        gold = [c for c in ALL_CODES for _ in range(_C.mix_gold.get(c, 0))]
        if len(brown) != 3 * NCELLS or len(gold) != NCELLS:
            raise ValueError("components.json: tile mix must give 108 brown and 36 gold tiles")
        rng.shuffle(brown)  # SO-3.1
        rng.shuffle(gold)
        self.stacks = [brown[3 * i : 3 * i + 3] + [gold[i]] for i in range(NCELLS)]  # SO-3.2
        self.hid = [3] * NCELLS
        self.coins = [_C.start_coins[n]] * n  # SO-3.3
        cards = list(CARD_NUMBERS)
        rng.shuffle(cards)  # SO-3.4
        k = _C.hand_size[n]
        self.hands = [sorted(cards[i * k : (i + 1) * k]) for i in range(n)]
        self.box = sorted(cards[n * k :])
        self.pub = [[] for _ in range(n)]
        self.sec = [[] for _ in range(n)]
        self.item_count = [0] * n
        self.choices = [0] * n
        self.phase = rules.CHOOSE
        self.chooser = 0
        self.order = []
        self.tidx = 0
        self.round = 1
        self.moves = 0
        self.moving = False
        self.backs = 0
        self.declared = []
        self.picks = []
        self.gives = []
        self.discard = []
        self.spent = []
        self.used = []
        self.removed = []
        self.hidden_log = []
        self.notes = [[] for _ in range(n)]
        self._derive()
        self._set_options()

    def _set_options(self) -> None:
        self.max_moves = int(self.options.get("max_moves_per_turn", 36))
        # SO-14.1: the children's movement rule, as the 'children' variant or as an option
        self.upward = self.variant == "children" or bool(self.options.get("allow_upward_moves", False))

    def _derive(self) -> None:
        """Rebuild ``hgt`` and ``lv`` from ``stacks``."""
        self.hgt = [len(st) for st in self.stacks]
        lv = [0] * (_C.max_stack + 1)
        for i, h in enumerate(self.hgt):
            lv[h] |= 1 << i
        self.lv = lv

    def _seat_name(self, seat: int) -> str:
        """Display name of a seat, as the board and the log show it (``P1`` .. ``P5``)."""
        return SEAT_NAMES[seat]

    # --------------------------------------------------------------- contract
    def parse_action(self, text: str):
        """The legal action written ``text``; besides the core's forgiveness (spaces,
        capitals) it reads ``play 024`` as ``play 24`` and a dig's cells in any order and
        spacing (``dig b2, a1 a2,b1,c3``): see ``actions.normal_notation``.

        Raises:
            IllegalActionError: nothing legal reads so; the message names the rule.
        """
        try:
            return super().parse_action(text)
        except IllegalActionError:
            norm = normal_notation(text)
            if norm is not None:
                for a in self.legal_actions():
                    if a.text == norm:
                        return a
            raise

    @property
    def current_player(self) -> int:
        return rules.current_player(self)

    def conserved(self) -> dict[str, int]:
        """SO-1: every tile is somewhere once (stacks, holdings, spent, used, removed); 32 dig cards."""
        tiles = sum(len(st) for st in self.stacks)
        tiles += sum(len(self.pub[p]) + len(self.sec[p]) for p in range(self.num_players))
        tiles += len(self.spent) + len(self.used) + len(self.removed)
        cards = len(self.box) + len(self.discard) + sum(len(h) for h in self.hands)
        cards += sum(1 for c in self.choices if c and c not in self.discard)
        return {"tiles": tiles, "dig cards": cards}

    def is_secret_decision(self) -> bool:
        """SO-4: the card choice is a secret commitment until all have chosen; SO-10.6:
        the tile a failing player gives is seen only by him and its recipient."""
        return self.phase == "choose" or self.phase == "give"

    def _legal_actions(self):
        return rules.legal_actions(self)

    def _apply(self, action) -> None:
        rules.apply(self, action)

    def _after_load(self, d: dict) -> None:
        """The rule checks of a loaded state (its fields' types, sizes and bounds are checked
        by the declaration), and its derived fields rebuilt."""
        n = self.num_players
        if any(not 0 <= h <= max(len(st) - 1, 0) for h, st in zip(self.hid, self.stacks)):
            raise ValueError(
                "hid out of range: a cell's unseen tiles are its bottom ones, and its top tile is seen (SO-13.2)"
            )
        self.item_count = [sum(1 for t in p + q if t in ITEMS) for p, q in zip(self.pub, self.sec)]
        cards = sorted(
            self.box
            + self.discard
            + [c for h in self.hands for c in h]
            + [c for c in self.choices if c and c not in self.discard]
        )
        if cards != list(CARD_NUMBERS):
            raise ValueError("the dig cards do not add up to 1..32 exactly once")
        if self.phase == rules.CHOOSE and not 0 <= self.chooser < n:
            raise ValueError(f"chooser must be the seat to choose a card, 0..{n - 1}, not {self.chooser} (SO-4.2)")
        if self.phase in (rules.TURN, rules.GIVE_PHASE):
            if sorted(self.order) != list(range(n)) or not 0 <= self.tidx < n:
                raise ValueError(
                    f"order must hold each seat once and tidx a place in it, not {self.order} and {self.tidx} (SO-4.3)"
                )
        self._check_declared("hidden_log" not in d)
        self._load_hidden_log(d)
        self._check_round()
        self._derive()
        self._set_options()

    def _check_round(self) -> None:
        """The round's cards agree with each other (SO-4): who has chosen, the turn order by
        card number, the cards played so far, the hand sizes.

        Raises:
            ValueError: they do not (an edited save, e.g. choices or hands swapped).
        """
        n = self.num_players
        phase = self.phase
        if phase == rules.OVER:
            if any(self.hands) or any(self.choices) or self.gives:
                raise ValueError("a game that is over has no cards in hand, no choices, no gifts due")
            return
        if phase == rules.CHOOSE:
            chosen = [p < self.chooser for p in range(n)]
            if [c != 0 for c in self.choices] != chosen or self.order or self.tidx:
                raise ValueError(
                    "choose phase: the seats before the chooser have chosen a card, the "
                    "others not yet, and there is no turn order yet (SO-4.2)"
                )
            played = 0
        else:
            chosen = [True] * n
            if 0 in self.choices or self.order != sorted(range(n), key=lambda p: self.choices[p]):
                raise ValueError("the turn order must follow the card numbers chosen (SO-4.3)")
            played = self.tidx
            if any(self.choices[p] not in self.discard for p in self.order[: self.tidx]) or any(
                self.choices[p] in self.discard for p in self.order[self.tidx :]
            ):
                raise ValueError(
                    "the cards of the seats that took their turn are discarded, the others not yet (SO-4.4)"
                )
        if len(self.discard) != (self.round - 1) * n + played:
            raise ValueError(
                f"round {self.round}: {(self.round - 1) * n + played} cards played, not {len(self.discard)} (SO-4.4)"
            )
        k = _C.hand_size[n]
        for p in range(n):
            if len(self.hands[p]) != k - self.round + (0 if chosen[p] else 1):
                raise ValueError(
                    f"round {self.round}: seat {p} holds {len(self.hands[p])} cards, "
                    f"not {k - self.round + (0 if chosen[p] else 1)} (SO-3.4)"
                )
        if (phase == rules.GIVE_PHASE) != bool(self.gives):
            raise ValueError("gifts are due in the give phase and only then (SO-10.3)")

    def _check_declared(self, old_save: bool) -> None:
        """Declared items (SO-11.3) are known tiles of the seat to dig. A save made before that
        (``old_save``: no ``hidden_log``) may hold one among his unknown tiles: it is moved.

        Raises:
            ValueError: an item is declared outside a turn, or the seat to dig does not hold it.
        """
        if not self.declared:
            return
        if self.phase != rules.TURN:
            raise ValueError("items are declared only in a turn (SO-11.3)")
        seat = self.order[self.tidx]
        for k in self.declared:
            if k in self.pub[seat]:
                continue
            if old_save and k in self.sec[seat]:
                self.sec[seat].remove(k)
                self.pub[seat].append(k)
                continue
            raise ValueError(f"declared item {k} is not among the known tiles of the seat to dig (SO-11.3)")

    def _load_hidden_log(self, d: dict) -> None:
        """Read ``hidden_log`` and check that it leads to the unknown tiles held and removed.
        Saves made before it existed get one event that deals all unknown tiles as they lie
        (a re-sample then draws them from one pool, not from the stack bottoms)."""
        n = self.num_players
        if "hidden_log" not in d:
            if any(self.sec) or self.removed:
                self.hidden_log = [["deal", -1, [sorted(x) for x in self.sec], sorted(self.removed)]]
            else:
                self.hidden_log = []
            return
        log = d["hidden_log"]
        if not isinstance(log, list):
            raise TypeError("hidden_log must be a list of events")

        def seat(v, low=0):
            v = saved_int(v, "a seat in hidden_log")
            if not low <= v < n:
                raise ValueError(f"hidden_log: seat {v} is not a seat of this game")
            return v

        def tile(v):
            return _saved_tiles([v], "hidden_log: ")[0]

        def tiles(v):
            if not isinstance(v, list):
                raise TypeError("hidden_log: tiles must be a list")
            return _saved_tiles(v, "hidden_log: ")

        self.hidden_log = []
        for ev in log:
            kind = ev[0] if isinstance(ev, list) and ev else None
            if kind == "deal" and len(ev) == 4:
                rec = ev[2]
                if not isinstance(rec, list) or len(rec) != n:
                    raise ValueError("hidden_log: a deal lists the tiles each seat received")
                self.hidden_log.append(["deal", seat(ev[1], -1), [tiles(x) for x in rec], tiles(ev[3])])
            elif kind == "give" and len(ev) == 5:
                self.hidden_log.append(["give", seat(ev[1]), seat(ev[2]), tiles(ev[3]), tile(ev[4])])
            elif kind == "take" and len(ev) == 3:
                self.hidden_log.append(["take", seat(ev[1]), tile(ev[2])])
            else:
                raise ValueError(f"hidden_log: {ev!r} is not a deal, give or take event")
        held, removed = self._replay_hidden(None, None)
        if (
            held is None
            or any(sorted(a) != sorted(b) for a, b in zip(held, self.sec))
            or sorted(removed) != sorted(self.removed)
        ):
            raise ValueError("hidden_log does not lead to the unknown tiles held and removed (SO-10)")

    # ------------------------------------------------------------ information
    def _observation(self, seat) -> dict:
        """What ``seat`` sees (SO-13). Public: heights, every tile that has ever been on top
        of a stack, coins (every payment and change is made in the open), the tiles each
        player dug in the open (``known_tiles``), how many others each holds (``unknown_tiles``),
        hand sizes, played cards, revealed choices, spent and used tiles. Private: own hand,
        own unknown tiles, own unrevealed choice."""
        n = self.num_players
        revealed = self.phase != rules.CHOOSE
        board = []
        for i in range(NCELLS):
            st = self.stacks[i]
            h = self.hid[i]
            board.append({"cell": CELL_NAMES[i], "height": len(st), "unseen": h, "seen": st[h:]})
        players = []
        over = self.phase == rules.OVER  # SO-12.1: all revealed
        for p in range(n):
            mine = seat == p
            players.append(
                {
                    "coins": self.coins[p],
                    "known_tiles": sorted(self.pub[p]),
                    "unknown_tiles": len(self.sec[p]),
                    "secret_tiles": sorted(self.sec[p]) if mine or over else None,
                    "hand_size": len(self.hands[p]),
                    "hand": self.hands[p][:] if mine else None,
                    "committed": self.choices[p] != 0,
                    "choice": self.choices[p] if (revealed or mine) and self.choices[p] else None,
                }
            )
        return {
            "variant": self.variant,
            "round": self.round,
            "rounds": _C.hand_size[n],
            "phase": self.phase,
            "order": self.order[:],
            "turn_index": self.tidx,
            "moves": self.moves,
            "moving": self.moving,
            "backs": self.backs,
            "max_moves": self.max_moves,
            "declared": self.declared[:],
            "picks": [CELL_NAMES[c] for c in self.picks],
            "gives": self.gives[:],
            "board": board,
            "players": players,
            "discard": self.discard[:],
            "box_size": len(self.box),
            "spent": sorted(self.spent),
            "used": sorted(self.used),
            "removed_count": len(self.removed),
            "notes": self.notes[seat][:] if seat is not None else [],
        }

    def _resample(self, seat, rng) -> None:
        """Re-draw what ``seat`` cannot see: unseen stack bottoms (among themselves), the
        unknown tiles others hold or that were removed (by playing ``hidden_log`` again:
        each comes from the deal or the holdings it came from, SO-10.6), others' hands and
        unrevealed choices, the box. The unseen items are gathered in sorted order before
        shuffling, so the result depends only on what ``seat`` sees and ``rng``. Not kept:
        what the DIGITAL payment order (coins, then the lowest treasures first, SO-7.7) hints,
        and the wealth bound a failure to pay shows; a gift of choice is drawn uniformly."""
        n = self.num_players
        # tiles: nobody has seen the stack bottoms (SO-13.2)
        pool = []
        for i in range(NCELLS):
            pool.extend(self.stacks[i][: self.hid[i]])
        pool.sort()
        rng.shuffle(pool)
        pos = 0
        for i in range(NCELLS):
            h = self.hid[i]
            if h:
                self.stacks[i] = pool[pos : pos + h] + self.stacks[i][h:]  # a new row: rows are shared
                pos += h
        if self.phase != rules.OVER and self.hidden_log:  # SO-12.1: then all is revealed
            self._resample_unknown(seat, rng)
        for p in range(n):
            self.pub[p].sort()
            self.sec[p].sort()
        self.removed.sort()
        self.item_count = [sum(1 for t in a + b if t in ITEMS) for a, b in zip(self.pub, self.sec)]
        # cards
        hidden_choice = self.phase == rules.CHOOSE
        cards = list(self.box)
        for p in range(n):
            if p != seat:
                cards.extend(self.hands[p])
                if hidden_choice and self.choices[p]:
                    cards.append(self.choices[p])
        cards.sort()
        rng.shuffle(cards)
        pos = 0
        for p in range(n):
            if p != seat:
                k = len(self.hands[p])
                self.hands[p] = sorted(cards[pos : pos + k])
                pos += k
                if hidden_choice and self.choices[p]:
                    self.choices[p] = cards[pos]
                    pos += 1
        self.box = sorted(cards[pos:])
        self.spent.sort()
        self.used.sort()
        for p in range(n):
            if p != seat:
                self.notes[p] = []  # others' private notes are unknown to ``seat``

    def shuffle_hidden_orders(self, saved: dict, rng) -> str:
        """Shuffle the face-down bottom tiles of each stack in ``saved`` (``hid``, SO-13.2):
        the orders nobody sees (the hook of :meth:`meeple.core.state.State.shuffle_hidden_orders`)."""
        changed = False
        for i, h in enumerate(saved.get("hid", [])):
            stack = saved["stacks"][i]
            if h > 1:
                bottom = stack[:h]
                rng.shuffle(bottom)
                changed |= bottom != stack[:h]
                saved["stacks"][i] = bottom + stack[h:]
        return "stack bottoms" if changed else ""

    def _resample_unknown(self, seat, rng) -> None:
        """Deal the unknown tiles again by playing ``hidden_log`` with fresh shuffles and
        gifts (those ``seat`` took part in as they were); a draw that later events rule out (a
        tile paid or given that its holder would not have) is drawn again, up to
        ``RESAMPLE_TRIES`` times; then up to ``TOKEN_TRIES`` draws with tokens
        (:meth:`_replay_tokens`); then all unknown tiles are pooled as a last resort. The copy's
        ``hidden_log`` becomes the history drawn, so it holds nothing ``seat`` did not see."""
        held = None
        for replay in (self._replay_hidden,) * RESAMPLE_TRIES + (self._replay_tokens,) * TOKEN_TRIES:
            drawn = []
            held, removed = replay(seat, rng, drawn)
            if held is not None:
                break
        if held is None:
            held, removed = self._pooled_unknown(seat, rng)
            drawn = [["deal", -1, [sorted(h) for h in held], sorted(removed)]]
        for p in range(self.num_players):
            if p != seat:
                self.sec[p] = held[p]
        self.removed = removed
        self.hidden_log = drawn

    def _replay_hidden(self, seat, rng, drawn=None):
        """Play ``hidden_log``: ``(held, removed)``, the unknown tiles per seat and those
        removed unseen, or ``(None, None)`` when a draw is ruled out by a later event. With
        ``rng`` None the events are played as they were (the truth); else everything ``seat``
        did not see is drawn again: a deal's shuffle (the tiles ``seat`` got stay his), a
        gift's tile (unless ``seat`` gave or got it); the events as drawn are appended to
        ``drawn`` (a list) when given."""
        n = self.num_players
        held = [[] for _ in range(n)]
        removed = []
        for ev in self.hidden_log:
            kind = ev[0]
            if kind == "deal":
                rec, gone = ev[2], ev[3]
                if rng is None:
                    for p in range(n):
                        held[p].extend(rec[p])
                    removed.extend(gone)
                    continue
                pool = sorted([t for p in range(n) if p != seat for t in rec[p]] + gone)
                rng.shuffle(pool)
                pos = 0
                got = []
                for p in range(n):
                    k = len(rec[p])
                    if p == seat:
                        got.append(rec[p])
                    else:
                        got.append(sorted(pool[pos : pos + k]))
                        pos += k
                    held[p].extend(got[p])
                removed.extend(pool[pos:])
                if drawn is not None:
                    drawn.append(["deal", ev[1], got, sorted(pool[pos:])])
            elif kind == "give":
                giver, to, known, tile = ev[1], ev[2], ev[3], ev[4]
                hand = held[giver]
                hand.extend(known)
                if rng is not None and seat != giver and seat != to:
                    tile = hand[rng.randrange(len(hand))] if hand else None
                if tile not in hand:
                    return None, None
                hand.remove(tile)
                held[to].append(tile)
                if drawn is not None:
                    drawn.append(["give", giver, to, known, tile])
            else:
                hand = held[ev[1]]
                if ev[2] not in hand:
                    return None, None
                hand.remove(ev[2])
                if drawn is not None:
                    drawn.append(ev)
        return held, removed

    def _replay_tokens(self, seat, rng, drawn):
        """Like :meth:`_replay_hidden`, for logs where whole draws are seldom possible: a
        deal hands out tokens, and a tile paid or given by ``seat``'s own knowledge turns a
        token of the holder into that tile, chosen with the odds of what is left of its deal;
        the tokens nothing pinned are filled from their deals at the end. ``(None, None)``
        when a take or forced gift finds no tile or token that can be it."""
        n = self.num_players
        held = [[] for _ in range(n)]
        removed = []
        pools, deal_of, value, events = [], [], {}, []

        def token(d):
            deal_of.append(d)
            return ~(len(deal_of) - 1)  # tokens are negative ints

        def pin(hand, tile):
            weights = []
            for x in hand:
                if isinstance(x, str):
                    weights.append(1.0 if x == tile else 0.0)
                else:
                    pool = pools[deal_of[~x]]
                    weights.append(pool.count(tile) / len(pool) if pool else 0.0)
            total = sum(weights)
            if total <= 0:
                return None
            r = rng.random() * total
            i = 0
            for i, w in enumerate(weights):
                if w > 0:
                    r -= w
                    if r <= 0:
                        break
            x = hand.pop(i)
            if not isinstance(x, str):
                pools[deal_of[~x]].remove(tile)
                value[x] = tile
            return tile

        for ev in self.hidden_log:
            kind = ev[0]
            if kind == "deal":
                rec, gone = ev[2], ev[3]
                d = len(pools)
                pools.append(sorted([t for p in range(n) if p != seat for t in rec[p]] + gone))
                got = [list(rec[p]) if p == seat else [token(d) for _ in rec[p]] for p in range(n)]
                lost = [token(d) for _ in gone]
                for p in range(n):
                    held[p].extend(got[p])
                removed.extend(lost)
                events.append(["deal", ev[1], got, lost])
            elif kind == "give":
                giver, to, known, tile = ev[1], ev[2], ev[3], ev[4]
                hand = held[giver]
                hand.extend(known)
                if seat == giver or seat == to:
                    if pin(hand, tile) is None:
                        return None, None
                    x = tile
                else:
                    x = hand.pop(rng.randrange(len(hand))) if hand else None
                    if x is None:
                        return None, None
                held[to].append(x)
                events.append(["give", giver, to, known, x])
            else:
                if pin(held[ev[1]], ev[2]) is None:
                    return None, None
                events.append(ev)
        for pool in pools:
            rng.shuffle(pool)

        def fill(x):
            if isinstance(x, str):
                return x
            if x not in value:
                value[x] = pools[deal_of[~x]].pop()
            return value[x]

        held = [[fill(x) for x in h] for h in held]
        removed = [fill(x) for x in removed]
        for ev in events:
            if ev[0] == "deal":
                drawn.append(
                    ["deal", ev[1], [sorted(fill(x) for x in g) for g in ev[2]], sorted(fill(x) for x in ev[3])]
                )
            elif ev[0] == "give":
                drawn.append(["give", ev[1], ev[2], ev[3], fill(ev[4])])
            else:
                drawn.append(ev)
        return held, removed

    def _pooled_unknown(self, seat, rng):
        """Last resort of a re-sample: all unknown tiles ``seat`` does not hold, pooled and
        dealt again by count."""
        n = self.num_players
        pool = sorted([t for p in range(n) if p != seat for t in self.sec[p]] + self.removed)
        rng.shuffle(pool)
        held, pos = [], 0
        for p in range(n):
            if p == seat:
                held.append(self.sec[p][:])
            else:
                held.append(pool[pos : pos + len(self.sec[p])])
                pos += len(self.sec[p])
        return held, pool[pos:]

    # ---------------------------------------------------------------- results
    def scores(self) -> list[int]:
        """Points per seat as SO-12 counts them now (coins + treasures + scroll sets +
        curse and magic majorities)."""
        return scoring.scores(self)

    def _rank_key(self, seat: int) -> tuple:
        """SO-12.9: highest total wins; a tie is a shared victory (no tie-break)."""
        return (self.scores()[seat],)
