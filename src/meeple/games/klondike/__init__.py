"""Klondike 1896 (Vladimír Suchý, Stragoo Games 2011): game 1 (family auction game, with
its square-board variant) and game 2 (the race), per shared/games/klondike/RULES.md."""

import operator
import textwrap

from meeple.core import Game, InvalidConfigError, Option, register
from meeple.core.parts import Encoding, Explanation, GameStats, Heuristics

from .components import START_RUBIES
from .state import MAX_RUBY_SUPPLY, KlondikeState
from .view import KlondikeView

_HELP_RAW = """\
Klondike 1896 holds two games. Variants: 'family' (game 1; the spec's
'family'), 'square' (game 1 on a 2x2 square board, the spec's
'family-square', KL-21.3) and 'race' (game 2; the spec's 'expert').

BOARD AND CLAIMS. A board is made of 6x6 landscape tiles: '.' meadow, 1-3
gold, 'R' ruby. A cell is (row, col): row 0 on top, column 0 on the left; the board
shows the row numbers on the left and the column numbers on top. Claims are
named by shape and size: I3 straight three, V3 corner of three, I4 straight
four, O4 2x2 square, L4 L, T4 T, Z4 Z, X5 cross, P5 P, U5 U, D2 domino.
'place KIND K ROW COL' lays a claim in orientation K (K = number of clockwise
quarter turns from the printed shape; O4 and X5 have only 0, I3, I4, Z4 and D2
have 0-1, the others 0-3; claims are never flipped). ROW COL is the top-left
corner of the box around the turned shape. The screen draws the shapes you
may lay now in each orientation: '#' is a covered cell, the top-left of each
little box is the anchor. Legal placements are listed by row, then column.

GAME 1. Each player has a row of four tiles (columns 0-23). Each round:
(1) the front row of claims (one per player) is auctioned: in turn from the
start player each player sets his figure at a claim with 'bid SLOT N' (any
0..N rubies at a free claim; exactly one more than the holder at a held
claim). A displaced holder answers at once with another 'bid' (raise at the
same slot or move). (2) Everybody pays his bid and lays his claim. The first
claim covers (2,0) or (3,0); every later one touches the claim laid last (edge
or corner), inside the board, no overlap. 'discard' only when nothing fits.
(3) Gold covered = points, rubies covered = rubies usable from next round.
(4) A domino is auctioned: 'sbid N' (at least 4, above the highest) or 'pass'
(final); a player who cannot afford the lowest bid passes automatically (the
log says so; with secret_rubies=true he is offered a lone 'pass' instead, so the
table does not learn his rubies), and a player whose route is complete may not bid (KL-16.6). The goal cells (2,23)/(3,23) may be covered only after the route
touched the top and the bottom edge in tiles 2 and 3. The game ends after the
round in which someone reaches the goal; others lose 2 points per missing
column (2 if they reached column 23 elsewhere). Ties: more rubies.
Square variant: the first claim goes anywhere; cover a cell of each of the
five zones (N, S, W, E: middles of the sides; C: the centre; marked on the
board); the game ends after the round in which someone has all five; others
lose 2 points per cell of the shortest path that goes on from their last claim
through every zone still missing (KL-21.3). With option layout=choose each player first
lays his tiles: 'tile A0' (face A-D, rotation 0-3) four times; the faces are
drawn on the screen.

GAME 2 (race, tick mode). Each round a requirement card asks for exact gold
and rubies. Each player secretly lays 1-4 tiles ('tile A0' ..., then 'build'),
then in every tick commits one action: 'claim KIND' followed by
'place KIND K ROW COL' (each of his 11 claims once a round), 'undo' (take back
the last claim), 'relayout' (new tiles while no claim lies) or 'done'. After
'claim KIND' you may say 'back' once per tick to choose another move (taking a
claim in hand is not yet a move). Finishers pick favour cards ('pick RD7'; the
screen shows each card's colour and value) in finishing order (same tick: from
the round's priority seat). The last player stops, takes the remaining card
(two players: one of two) and names 'fate P3' (listed as 'fate 2': seats from 0). Exact solutions gain the
card's value on its celebrity track, wrong ones lose it (not below 0); the
last player shares his chosen player's result. Two players (KL-38):
three cards are displayed; in round 9 only the first finisher's favour counts,
the last player's card has no effect (KL-38.2). After 9 rounds each track ranks
8/6/4/2 points (ties take the lower place), and total favour 4/3/2/1. A tick
cap (option tick_cap, default 40) ends a race that nobody ends. Option
children (a list of seats, e.g. children=[P2]) makes those seats match only the larger number and
the deck white/grey only. Only tick mode exists (race_mode=ticks); the spec's
timed mode (KL-40.2) needs a host clock and is not implemented.

Options of one game are refused in the other: layout, secret_rubies,
ruby_supply_limit, edge_rule (game 1; edge_rule only in 'family') and
tick_cap, children (game 2).
"""

RULES_HELP = (
    "\n\n".join(
        textwrap.fill(" ".join(par.split()), 78, break_on_hyphens=False) for par in _HELP_RAW.strip().split("\n\n")
    )
    + "\n"
)
"""The rules help, hard-wrapped at 78 columns (paragraphs re-flowed)."""


def _seat_of(s, num_players: int) -> int:
    """A seat of the ``children`` option (KL-39): its number from 0 or its name ``P1``..
    (``P2`` is seat 1), as the boards name players. Raises InvalidConfigError for any other."""
    seat = s
    if isinstance(s, str) and s.strip()[:1] in ("p", "P") and s.strip()[1:].isascii() and s.strip()[1:].isdigit():
        seat = int(s.strip()[1:]) - 1
    if not isinstance(seat, (bool, int, str)) and hasattr(seat, "__index__"):
        seat = operator.index(seat)  # a numpy integer too
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players:
        raise InvalidConfigError(f"children must list seats 0..{num_players - 1} (or P1..P{num_players}), not {s!r}")
    return seat


@register
class KlondikeGame(Game):
    """Klondike 1896: variants family, square (game 1) and race (game 2)."""

    name = "klondike"
    title = "Klondike 1896"
    min_players = 2
    max_players = 4
    variants = ("family", "square", "race")
    variant_aliases = {"family-square": "square", "expert": "race"}  # the names of KL-50.4
    options = (
        Option(
            "layout",
            "random",
            "game 1 tile layout: random, choose or identical (KL-10.2)",
            choices=("random", "choose", "identical"),
        ),
        Option(
            "secret_rubies",
            False,
            "game 1: held rubies hidden from the others' boards (KL-21.2; "
            "a memory test: bids, payments and covered rubies are public, so the bots know them)",
        ),
        Option(
            "ruby_supply_limit",
            None,
            "game 1: limit the ruby supply, e.g. 32; at least 3 per player (KL-15.4)",
            kind=int,
        ),
        Option(
            "edge_rule",
            "both_edges",
            "family game only: edge rule in tiles 2 and 3 (KL-14.3)",
            choices=("both_edges", "one_edge_per_tile"),
        ),
        Option("race_mode", "ticks", "game 2 race mode (KL-40; only ticks is implemented)", choices=("ticks",)),
        Option("tick_cap", 40, "game 2: ticks before a race is ended, 1 or more (KL-40.1)"),
        Option("children", [], "game 2: seats of players under eight, from 0 or by name: [P2] (KL-39)", kind=list),
    )
    state_class = KlondikeState
    package = "meeple.games.klondike"
    view_class = KlondikeView
    rules_help = RULES_HELP
    rules_edition = 2
    rules_changes = {
        2: "since 2026-12-07 the square variant's penalty counts one path going on from the "
        "last claim laid through every zone still missing, in the best order (KL-21.3 "
        "revised RULING), not a separate distance to each zone"
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

    def check_options(self, num_players, variant, options):
        """Checks seats in ``children``, ``tick_cap`` >= 1 and a ``ruby_supply_limit`` that holds
        at least the players' starting rubies (3 each, KL-10.4) or is None (unlimited)."""
        ch = [_seat_of(s, num_players) for s in options.get("children") or []]
        if len(set(ch)) != len(ch):
            raise InvalidConfigError("children lists a seat twice")
        options["children"] = sorted(ch)
        # KL-50.4: an option of one game set to a non-default value in the other is an error
        if variant == "race":
            wrong = [
                k
                for k, d in (
                    ("layout", "random"),
                    ("secret_rubies", False),
                    ("ruby_supply_limit", None),
                    ("edge_rule", "both_edges"),
                )
                if options.get(k, d) != d
            ]
        else:
            wrong = [k for k, d in (("tick_cap", 40), ("children", [])) if options.get(k, d) != d]
            if variant == "square" and options.get("edge_rule", "both_edges") != "both_edges":
                wrong.append("edge_rule")  # KL-21.3: no edge rule on the square board
        if wrong:
            raise InvalidConfigError(f"option {', '.join(wrong)} does not apply to variant {variant!r}")
        if options["tick_cap"] < 1:
            raise InvalidConfigError(f"option tick_cap must be at least 1, not {options['tick_cap']}")
        lim = options.get("ruby_supply_limit")
        low = START_RUBIES * num_players  # KL-10.4: the rubies the players start with
        if lim is not None and not low <= lim <= MAX_RUBY_SUPPLY:
            raise InvalidConfigError(
                f"option ruby_supply_limit must be at least {low} with {num_players} players (each "
                f"starts with {START_RUBIES} rubies, KL-10.4; e.g. 32, KL-15.4), at most {MAX_RUBY_SUPPLY:,}, "
                f"or null (unlimited), not {lim}"
            )
