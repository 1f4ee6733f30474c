"""Lignum (Alexander Huemer, Mücke Spiele 2015): run a sawmill through two years.

Variants: ``basic`` (LG-1.2), ``advanced`` (tasks, LG-25), ``basic-tactical`` and
``advanced-tactical`` (tactical felling-area choice, LG-24). The expert game (planned work,
LG-26) is not available: its rules are not public.
"""

from meeple.core import Game, Option, register
from meeple.core.parts import Encoding, Explanation, GameStats, Heuristics

from .state import LignumState
from .view import LignumView


@register
class LignumGame(Game):
    """The Lignum game (ids and rules: shared/games/lignum/RULES.md)."""

    name = "lignum"
    title = "Lignum"
    min_players = 2
    max_players = 4
    variants = ("basic", "advanced", "basic-tactical", "advanced-tactical")
    options = (
        Option("easy_winter", False, "show the easier half of both winter cards (LG-3.6 beginner option)"),
        Option(
            "hidden_products",
            False,
            "keep each player's product tokens face down: others see only how many (LG-8.4.4 optional "
            "mode; a memory test: every token was face up when taken, so the bots know them)",
        ),
    )
    state_class = LignumState
    package = "meeple.games.lignum"
    view_class = LignumView
    rules_edition = 3
    rules_changes = {
        2: "since 2026-12-03 a turn is no longer settled by an automatic 'done' when building "
        "or using a hut would open a decision: the seat gets its turn (LG-19.1, LG-19.3, "
        "publisher FAQ)",
        3: "since 2026-12-07 a seat that still has a usable hut (a drying hut to move a piece "
        "on, a food-store hut, or huts it could build and use) says 'done' itself after its "
        "last decision of a turn, in every phase (LG-19.3, LG-19.4, publisher FAQ)",
    }
    rules_help = """\
Lignum: 8 rounds (spring, summer, fall, winter; twice). Most dollars after the final sale wins.
Ties: the rules give no tie-break; tied players share the victory (or their place) (LG-22.4).
Money is in dollars. Variants: basic, advanced (tasks), basic-tactical, advanced-tactical.
The expert game (planned work) is NOT available: its rules are not public; path space 8 is
never usable.

Spring/summer/fall: the path is refilled; placement cards put wood and food into the six
felling areas; each player secretly picks a felling area ('area 3'; hidden until all chose;
tactical variant: picked openly at the end of the previous round in reverse order). The first
spring has neither (LG-4.3): at set-up one area a player gets 3 firewood, the others 2, and
the felling tokens are dealt onto the 3-firewood areas in player order (LG-3.7; 2 and 3
players LG-23.2; the areas are drawn at random, all alike; the log says which). Then the
players travel the supply path in turn, one move each ('go 7', 'go C' = clearing), doing the
space's action: carriers 'carriers 2', woodcutters 'cutters 3', tasks 'task T04', sawyers
(first free, 'extra' buys the price-1 sawyer), market 'buy saw', 'buy food', 'sell 2stake+1J'.
Clearing order is the order of the wood work: felling 'fell SW' ('relocate 4' for $1 in a
shared area), rafting arrival ('FW sales' / 'FW saw'), transport ('carry', 'wagon', 'raft 3',
then one decision per piece: 'FW saw', 'SW sales', 'HW saw', 'FW river'), sawing ('saw FW',
then 'heat' or 'sales' for each stick), tasks ('fill T01 2'), selling ('sell sFW sales',
'sell SW d3': the piece, then where it lies; dryer 3 must be emptied), drying ('dry sFW
sales': the piece and where it lies now, the sales room; it moves one place right, sales →
d1 → d2 → d3, so 'dry SW d1' takes a softwood disc from dryer 1 to dryer 2; any order; each
piece moves once; a dryer must end with one disc or up to two sticks). When hired workers
run out, the mill worker or a lodging hut may do a job: add ' mill' or ' lodge' (e.g.
'carry mill').

Winter: 'bonus HW', 'fell mill' / 'fell lodge', 'sled mill' then pieces and 'food' for one
more piece, sawing, (Y2 advanced: tasks), then feeding and heating ($3 per missing cube or
stick: cash, then forced loans, then forced sales 'sell FW saw'); 'burn sFW' picks heating
sticks. After the Y2 winter: final sale ('river FW' picks the river kind), loans repaid
($7/$16), completed tasks paid.

At any decision of your own turn (not the secret area choice): 'loan' (+$4, at most 2),
'build' (stake+board+shingle, jokers stand in) then 'hut 1'/'hut 2'/'hut 3' three times,
'dryhut sFW d2' (a drying hut moves it from d2 to d3), 'foodhut 3'.
'done' ends an optional step; when it is the only step left, it is taken for you, unless
you still have a hut to use (a drying hut with a piece to move on, a food-store hut with food
to take) or huts you could build and use (the FAQ: a hut may be built at any time in your own
turn and used at once, in winter too): then you say 'done' yourself. The game always ends
after 8 rounds.
Options: easy_winter (easier half of both winter cards), hidden_products (other players'
product tokens are shown only as a count)."""

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
        from .explain import explain

        return explain
