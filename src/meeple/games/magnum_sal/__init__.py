"""Magnum Sal (Krupiński & Miłuński, Leonardo Games 2010): salt mining in Wieliczka.

Rules: shared/games/magnum_sal/RULES.md (MS-1..MS-27); data: components.json (copied here).
"""

from __future__ import annotations

from meeple.core import Game, InvalidConfigError, Option, register
from meeple.core.parts import Encoding, Explanation, GameStats, Heuristics

from .state import MagnumSalState
from .view import MagnumSalView

RULES_HELP = """\
Magnum Sal, 2-4 players, 3 phases. Money is counted in groše. The start player of phase I is
drawn at random (MS-3.3) and starts with 10 groše, the next players clockwise 12, 14, 16.
Each phase is a series of rounds;
in the first round of a phase every player has 1 action, later 2. At the start of your turn your
miners in the castle queue move one step; a miner reaching the castle completes a face-up royal
order if you hold its salt (compulsory; you choose which: 'deliver O1-3'), otherwise you pay a
penalty of 3 groše or 1 cube ('penalty money' / 'penalty brown'); with under 3 groše you must
give a cube, and with no salt either you give all your money.

Actions (main menu): 'pass' (pass every action of a turn and your tired miners stand up);
'place' then 'from supply|@market|I.R2' then 'to S3' (chain rule: every space on the way to the
surface must hold a miner; a rope then offers 'rope' to place or move one more miner, never one
already placed in this action, or 'done');
'extract I.R2' then 'take brown|green|white' per cube, optional 'pickaxe' and 'cart S5' /
'cart III.R1+S6', then 'done' (fees: 1 groš per cube for each space on the way up without your
miner; 'pay black' when several players share such a space); 'assist market' then 'from ...'
(assistant: +1 groš for each visit); 'inn' (hire a miner); 'workshop 3 rope' (buy the tool of
that price slot); 'pump II.L1' then 'pump more' or 'done' (1st cube free, the i-th costs i);
'market' then up to two of 'sell green' / 'buy brown' (optional 'commercial' first) and 'done';
'square' (+1 groš); 'castle' or 'castle royal' then 'from ...' (send a miner to the royal
orders). Outside actions, any time in your turn: 'bucket II.R1>II.R2', 'food I.R2'; 'done' ends
the turn when such a tool could still be used after your last action.

The phase ends after the round in which the 5th royal order (4th with 2 players) was completed.
After phase III: money + 3 per salt cube + tool value (1-2 tools 2, 3-4 6, 5-6 10, 7-8 14, 9+ 20).
Ties: more orders, then fewer miners, then fewer tools.

Variant 'mapped-mine': all chamber tiles are visible from the start (cubes are placed when first
entered). Option cart_max_cubes=2: a cart carries at most 2 cubes free (designers' advice).
Safety option max_rounds (default 30; 0 turns it off): a phase also ends after that many
rounds, so that self-play of bots that complete too few royal orders always ends (greedy
self-play: 2% of 2-player games reach it, 4-player games none). It is not a rule of the game
(MS-5.5: no turn limit).
`meeple play` switches it off when a person is at the table (give --option max_rounds=30 to
keep it); simulations report games it cut short ("truncated").
"""


@register
class MagnumSalGame(Game):
    """Magnum Sal. Variants: standard, mapped-mine (MS-24). Options: cart_max_cubes
    (None or a positive int, MS-20.5), max_rounds (default 30, 0 = off: safety cap on
    rounds per phase, not a rule)."""

    name = "magnum-sal"
    title = "Magnum Sal"
    min_players = 2
    max_players = 4
    variants = ("standard", "mapped-mine")
    option_hints = {
        "variant_mapped_mine": "MS-25's mapped mine is the variant mapped-mine: "
        "--variant mapped-mine, or variant='mapped-mine'"
    }
    options = (
        Option("cart_max_cubes", None, "cubes a cart carries free (None = unlimited, 2 = designers' cap)", kind=int),
        Option(
            "max_rounds",
            30,
            "safety cap: a phase ends after this many rounds (0 = off; "
            "not a rule, see 'meeple rules magnum-sal'; off when a person plays)",
            kind=int,
            human_default=0,
        ),
    )
    state_class = MagnumSalState
    package = "meeple.games.magnum_sal"
    view_class = MagnumSalView
    rules_help = RULES_HELP
    safety_options = ("max_rounds",)
    rules_edition = 2
    rules_changes = {
        2: "since 2026-12-01 the start player is drawn at random (MS-3.3) and a rope "
        "moves one more miner, never one already placed in this action (MS-20.2)"
    }

    # ------------------------------------------------ parts (meeple.core.parts), loaded on first use
    def load_heuristics(self) -> Heuristics:
        """The bots' evaluation, playout policy and search defaults (``heuristics.py``)."""
        from .heuristics import HEURISTICS

        return HEURISTICS

    def load_encoding(self) -> Encoding:
        """The RL action space and observation vector (``encoding.py``)."""
        from . import encoding

        return encoding

    def load_stats(self) -> GameStats:
        """The statistics of a finished game for simulation reports (``stats.py``)."""
        from . import stats

        return stats

    def load_explain(self) -> Explanation:
        """Why a typed action is refused (``explain.py``)."""
        from .explain import why_illegal

        return why_illegal

    def check_options(self, num_players: int, variant: str, options: dict) -> None:
        """Checks ``cart_max_cubes`` (None or >= 1 cubes a cart, MS-20.5) and ``max_rounds`` (>= 0;
        0: no cap; the safety cap of MS-5.5). Raises InvalidConfigError."""
        v = options.get("cart_max_cubes")
        if v is not None and v < 1:
            raise InvalidConfigError(f"option cart_max_cubes must be null (no limit) or 1 or more, not {v!r}")
        if options.get("max_rounds", 0) < 0:
            raise InvalidConfigError("option max_rounds must be >= 0 (0 = no cap)")
