"""King Solomon's Treasury (König Salomons Schatzkammer, Clementoni 2005), 2-5 players.

Rules: ``shared/games/solomon/RULES.md`` (rule ids SO-0 .. SO-17).
"""

from __future__ import annotations

from meeple.core import Game, InvalidConfigError, Option, register
from meeple.core.parts import Encoding, Explanation, GameStats, Heuristics

from .state import SolomonState
from .view import SolomonView

RULES_HELP = """\
King Solomon's Treasury. The 6x6 treasury holds stacks of up to 4 tiles
(treasures T1-T5, curses C1-C3, scrolls S1-S4, magic items MI/PX/SE/AM).
Row 1 touches the cave entrance.

Each round every player secretly chooses a dig card ('play 17'); when all
have chosen, the cards are revealed and players take turns from the lowest
card number up. Your hand shows each card's shape: '#' a square, 'v' the
arrow, which points to the cave entrance (only the Mirror turns the card).

On your turn, first move tiles if you like: 'move', then the move itself
('d3-e3': the top tile of d3 to the adjacent space e3, diagonals included);
'back' if you change your mind (a move costs only once made). Repeat for
more moves. A tile may land only at the same or a deeper level (the target
holds fewer tiles than the source). Each move costs 1 and is final. At most
max_moves_per_turn moves (default 36) keep every turn finite.

Then optionally declare magic items you held before this turn: 'use MI'
Mirror (turn the card), 'use PX' Pickaxe (dig on different levels), 'use SE'
Seal (any connected area of the card's size, chosen cell by cell with
'pick c3'), 'use AM' Amulet (dug curses are free). Declaring ends the move
phase. Then dig ('dig a1,b1,c1': the card's shape, arrow toward the
entrance, all cells at one level; cells in any order) or 'decline'.

At the end of the turn you pay 1 per move plus the values of the curses dug,
in coins or treasures (change in coins). If you cannot pay, you pay nothing
but the dug tiles are shuffled and dealt to the opponents clockwise
(remainder removed); if there are fewer tiles than opponents, you 'give T1'
(a tile of your choice) to each one left empty.

Game end after the last card: coins + treasures, 10 per full scroll set,
curse majority 24/12 and magic-item majority 16/8 (second only with at
least half the first's measure). The log shows each player's breakdown.
Highest total wins; the rulebook gives no tie-break: a tie for the highest
total is a shared victory, and tied players share their place (SO-12.9).

Children's rule (SO-14): tiles may also move up (stacks still at most 4).
Play it as the 'children' variant or, the same thing, with the option
allow_upward_moves=true in the standard variant.
"""


@register
class SolomonGame(Game):
    """King Solomon's Treasury: variants ``standard`` and ``children`` (SO-14, tiles may
    move up); options ``max_moves_per_turn`` (SO-15.1, default 36) and
    ``allow_upward_moves`` (SO-14.1, default False; True gives the children's movement rule
    in any variant, so ``children`` = ``standard`` with ``allow_upward_moves=True``)."""

    name = "solomon"
    title = "King Solomon's Treasury"
    min_players = 2
    max_players = 5
    variants = ("standard", "children")
    options = (
        Option("max_moves_per_turn", 36, "most tile moves in one turn, 1 or more (SO-15.1, digital safeguard)"),
        Option(
            "allow_upward_moves",
            False,
            "tiles may also move up (SO-14.1; the same as the 'children' variant, which "
            "always allows it: false there changes nothing)",
            kind=bool,
        ),
    )
    state_class = SolomonState
    package = "meeple.games.solomon"
    view_class = SolomonView
    rules_help = RULES_HELP

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
        """``max_moves_per_turn`` must be 1 or more: 0 would forbid every tile move (SO-6
        allows any number; the cap only keeps a turn finite, SO-15.1).

        Raises:
            InvalidConfigError: a cap below 1.
        """
        cap = options["max_moves_per_turn"]
        if cap < 1:
            raise InvalidConfigError(
                f"option max_moves_per_turn must be at least 1 (a safeguard that keeps a turn finite, "
                f"SO-15.1; 0 would forbid the tile moves of SO-6), not {cap}"
            )
