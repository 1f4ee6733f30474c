"""Klondike 1896 (Vladimír Suchý, Stragoo Games 2011): game 1 (family auction game, with
its square-board variant) and game 2 (the race), per shared/games/klondike/RULES.md."""

from meeple.core import Game, InvalidConfigError, Option, register

from .state import KlondikeState

RULES_HELP = """\
Klondike 1896 holds two games. Variants: 'family' (game 1; the spec's 'family'), 'square'
(game 1 on a 2x2 square board, the spec's 'family-square', KL-21.3) and 'race' (game 2; the
spec's 'expert').

GAME 1. Each player has a row of four 6x6 landscape tiles (cells (row, col), row 0 on top,
columns 0-23). Each round: (1) the front row of claims (one per player) is auctioned: in turn
from the start player each player sets his figure at a claim with 'bid SLOT N' (any 0..N
rubies at a free claim; exactly one more than the holder at a held claim). A displaced holder
answers at once with another 'bid' (raise at the same slot or move). (2) Everybody pays his
bid and lays his claim: 'place KIND K ROW COL' (orientation K, anchor = top-left of the shape).
The first claim covers (2,0) or (3,0); every later one touches the claim laid last (edge or
corner), inside the board, no overlap, no flipping. 'discard' only when nothing fits. (3) Gold
covered = points, rubies covered = rubies usable from next round. (4) A domino is auctioned:
'sbid N' (at least 4, above the highest) or 'pass' (final). The goal cells (2,23)/(3,23) may be
covered only after the route touched the top and the bottom edge in tiles 2 and 3. The game
ends after the round in which someone reaches the goal; others lose 2 points per missing
column (2 if they reached column 23 elsewhere). Ties: more rubies. Square variant: first claim
anywhere, cover the five zones (middles of the sides and the centre); penalty 2 per missing cell.
With option layout=choose each player first lays his tiles: 'tile A0' (face, rotation) x4.

GAME 2 (race, tick mode). Each round a requirement card asks for exact gold and rubies. Each
player secretly lays 1-4 tiles ('tile A0' ..., then 'build'), then in every tick commits one
action: 'claim KIND' followed by 'place KIND K ROW COL' (each of his 11 claims once), 'undo'
(take back the last claim), 'relayout' (new tiles while no claim lies) or 'done'. Finishers pick favour cards
('pick RD7') in finishing order (same tick: from the round's priority seat). The last player
stops, takes the remaining card (two players: one of two) and names 'fate SEAT'. Exact
solutions gain the card's value on its celebrity track, wrong ones lose it (not below 0); the
last player shares his chosen player's result. After 9 rounds each track ranks 8/6/4/2 points
(ties take the lower place), and total favour 4/3/2/1. A tick cap (option tick_cap, default
40) ends a race that nobody ends. Option children (a list of seats) makes those seats match only the
larger number and the deck white/grey only. Only tick mode exists (race_mode=ticks); the
spec's timed mode (KL-40.2) needs a host clock and is not implemented.
"""


@register
class KlondikeGame(Game):
    """Klondike 1896: variants family, square (game 1) and race (game 2)."""

    name = "klondike"
    title = "Klondike 1896"
    min_players = 2
    max_players = 4
    variants = ("family", "square", "race")
    options = (
        Option("layout", "random", "game 1 tile layout: random, choose or identical (KL-10.2)",
               choices=("random", "choose", "identical")),
        Option("secret_rubies", False, "game 1: held rubies hidden from the others (KL-21.2)"),
        Option("ruby_supply_limit", None, "game 1: limit the ruby supply, e.g. 32 (KL-15.4)", kind=int),
        Option("edge_rule", "both_edges", "game 1 edge rule in tiles 2 and 3 (KL-14.3)",
               choices=("both_edges", "one_edge_per_tile")),
        Option("race_mode", "ticks", "game 2 race mode (KL-40; only ticks is implemented)",
               choices=("ticks",)),
        Option("tick_cap", 40, "game 2: ticks before a race is ended (KL-40.1)"),
        Option("children", [], "game 2: seats of players under eight (KL-39)", kind=list),
    )
    state_class = KlondikeState
    package = "meeple.games.klondike"
    rules_help = RULES_HELP

    def check_options(self, num_players, variant, options):
        """Checks seats in ``children`` and a positive ``tick_cap`` / supply limit."""
        ch = options.get("children") or []
        for s in ch:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < num_players:
                raise InvalidConfigError(f"children must list seats 0..{num_players - 1}, not {s!r}")
        if len(set(ch)) != len(ch):
            raise InvalidConfigError("children lists a seat twice")
        options["children"] = sorted(ch)
        if options["tick_cap"] < 1:
            raise InvalidConfigError("tick_cap must be at least 1")
        lim = options.get("ruby_supply_limit")
        if lim is not None and lim < 0:
            raise InvalidConfigError("ruby_supply_limit must not be negative")
