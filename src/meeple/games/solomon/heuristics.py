"""Heuristics for King Solomon's Treasury bots (greedy one-ply, MCTS depth cuts, playouts).

``evaluate(state, seat)`` estimates ``seat``'s final score in points: his current score
(SO-12) with partial credit for unfinished scroll sets and for unused items (none in the
last round, so that it agrees with the final scores), minus what he owes for this turn's
moves, plus what he can still dig with the card he has played (the best legal dig now,
SO-8) and an allowance per card still in hand, smaller for bigger cards (``hand_value``). For
the player on turn:

* a tile move is credited only with a dig it enables on tiles he knows (the tile a move
  uncovers is a guess in the re-sampled state a bot decides on, so it is not counted): a
  move is made only for a better dig than the best one available now, net of its cost;
* a declared item is worth only the better dig it enables (a small cost per item, and no
  credit for declining afterwards), so items are not declared and then left unused;
* a dig or decline he cannot pay for counts as losing the debt plus ``FAIL_COST``, never
  as a way out of paying for moves (SO-10).

With these, greedy turns that contain moves end in a dig (see tests/games/solomon/
test_games.py, test_greedy_moves_only_for_a_better_dig).

``rollout_action(state, legal, rng)``: a cheap playout policy: mostly the card with the best
dig on the board now (else a random card); in a turn the most valuable affordable dig
(once moves were made, any affordable dig rather than declining), else decline; a random
move only when a search already chose ``move``.
"""

from __future__ import annotations

from meeple.core import Heuristics, SearchDefaults, State

from . import rules
from .actions import BIT, CARD_SIZE, FULL, MOVE, PLACEMENTS, cells_of, dilate, mask_of
from .components import CURSE, ITEMS, SCROLLS, TREASURE, load
from .scoring import majority_bonus

_C = load()
MOVE_BY_TEXT = {a.text: a for row in MOVE for a in row if a is not None}
PER_CARD = 4.0  # points a future card is worth on average (rough, same for every seat)
PER_TILE = -1.0  # points per square of a card in hand above the mean card size (see below)
MEAN_SIZE = sum(CARD_SIZE.values()) / len(CARD_SIZE)  # 4.59 squares
ITEM_USE = 3.0  # value of an unused magic item beyond the majority
WAITING = 1.0  # share of the current best dig counted for a turn still to come this round
# (in full: at 0.6 the seat choosing its card second preferred low cards to go first, and lost
# 69 of 100 greedy-vs-greedy games; SO-3.6 gives no seat an edge)
SCROLL_STEP = _C.per_scroll_set / 4.0

# quick per-tile value for playouts: treasure value, curse paid minus a little majority
# credit, scroll a quarter set, item its use
QUICK = {c: float(TREASURE[c]) - 0.6 * CURSE[c] for c in TREASURE}
for _s in SCROLLS:
    QUICK[_s] = SCROLL_STEP
for _k in ITEMS:
    QUICK[_k] = 4.0


# tile kind: 0 treasure, 1 curse, 3 item, 4..7 scroll symbol 1..4
_KIND = {c: (3 if c in ITEMS else 0 if c[0] == "T" else 1 if c[0] == "C" else 3 + int(c[1])) for c in TREASURE}


SEARCH = SearchDefaults(value_scale=20, prior=0, depth=3, c=0.7, takebacks={"back": "move"})
"""The search bots' defaults (:class:`meeple.core.SearchDefaults`; each also an ``mcts`` option,
agents.search):

* ``value_scale`` 20: a typical final margin (points) between two greedy bots (mean of 12
  two-player games): search bots count a lead of this size as about an 88% chance to win
  (agents.base.value_scale).
* ``prior`` 0: visits before a node below the root gets the greedy view of its actions (fewer
  is stronger but slower; 0 = the root only). Here 0: on the 20 paired deals of seed 5, 70.0%
  of 40 games against greedy, 65.3% of 36 with 10 (docs/ladder/solomon.md), and faster.
* ``depth`` 3: actions of the playout policy (``rollout_action``) after a new leaf before the
  evaluation: most turns then end with a dig, whose tiles and curses are known, instead of a
  half-made turn. On the 20 paired deals of seed 5: 73.8% of 40 games against greedy with 3,
  70.0% with 0, and faster (21 s a game instead of 35; docs/ladder/solomon.md).
* ``c`` 0.7: UCT exploration constant on values in [0, 1] (lower searches the best lines
  deeper, higher spreads the visits); the value of the ladder in docs/ladder/solomon.md.
* ``takebacks``: ``back`` undoes ``move`` before a token has moved (SO-6.5: nothing changes
  but the count of backs). With ``takeback=root`` (the hint of ``meeple play`` uses it) a
  take-back is searched only as the first action of a line, and right after it the action it
  took back is not searched: ``move`` is then valued by the token moves it allows, and a
  person who follows the hint is not sent round ``move``, ``back``, ``move``."""


def scroll_value(counts: list[int]) -> float:
    """10 per full set plus a quarter set for each symbol already beyond the full sets."""
    m = min(counts)
    return _C.per_scroll_set * m + SCROLL_STEP * sum(1 for c in counts if c > m)


class _Seat:
    """A seat's holdings summary: coins, treasure value, curse total, scroll counts, items."""

    __slots__ = ("coins", "money", "curses", "scrolls", "items")

    def __init__(self, coins, tiles):
        self.coins = coins
        self.money = coins
        self.curses = 0
        self.scrolls = [0, 0, 0, 0]
        self.items = 0
        for t in tiles:
            self.add(t)

    def add(self, t):
        k = _KIND[t]
        if k == 0:
            self.money += TREASURE[t]
        elif k == 1:
            self.curses += CURSE[t]
        elif k == 3:
            self.items += 1
        else:
            self.scrolls[k - 4] += 1


def _static(seats: list, seat: int, final: bool = False) -> float:
    """``seat``'s score as SO-12 would count it now, plus (unless ``final``: no turn of his
    is left to use them) partial credit for unfinished scroll sets and unused items."""
    me = seats[seat]
    cb = majority_bonus([s.curses for s in seats], *_C.curse_bonus)[seat]
    ib = majority_bonus([s.items for s in seats], *_C.magic_bonus)[seat]
    if final:
        return me.money + _C.per_scroll_set * min(me.scrolls) + cb + ib
    return me.money + scroll_value(me.scrolls) + cb + ib + ITEM_USE * me.items


def _seal_areas(state, card: int, px: bool, picks) -> list:
    """Candidate Seal dig areas (SO-11.7): from each allowed start (or from the cells
    already picked), grow greedily by the adjacent eligible cell with the best top tile."""
    n = CARD_SIZE[card]
    lv = state.lv
    stacks = state.stacks
    if picks:
        starts = [list(picks)]
    else:
        starts = [[a.args[0]] for a in rules.seal_picks(state) if a.kind == "pick"]
    out = []
    for cells in starts:
        eligible = (FULL ^ lv[0]) if px else lv[state.hgt[cells[0]]]
        m = mask_of(cells)
        cells = list(cells)
        while len(cells) < n:
            cand = dilate(m) & eligible & ~m
            if not cand:
                break
            best_c = max(cells_of(cand), key=lambda c: QUICK[stacks[c][-1]])
            cells.append(best_c)
            m |= BIT[best_c]
        if len(cells) == n:
            out.append(cells)
    return out


FAIL_COST = 10.0  # extra loss counted for a turn its player cannot pay for (SO-10)
DECLARE_COST = 0.01  # a declared item must enable a strictly better dig (SO-11.3)


def _best_dig(
    state, seats, seat: int, card: int, declared, owed: int, picks=(), unknown: int = 0, final: bool = False
) -> float:
    """Best change of ``seat``'s static value over his options now: decline (pay ``owed``)
    or one legal dig with the declared items (tiles gained, curses and moves paid).

    A dig or decline he cannot pay for counts ``owed + FAIL_COST`` lost (SO-10: the tiles go
    to the opponents; never cheaper than paying). With items declared, declining is counted
    only when no dig is affordable (an item is declared for a better dig, SO-11.3), and each
    declared item costs ``DECLARE_COST``. Digs touching a cell of the mask ``unknown`` (a tile
    revealed by the move being weighed, unknown to the player) are not counted. Seal areas
    are estimated by greedy growth."""
    base = _static(seats, seat, final)
    me = seats[seat]
    wealth = me.money
    fail = -owed - FAIL_COST
    decline = -owed if wealth >= owed else fail
    best = float("-inf")
    mirror = 1 if "MI" in declared else 0
    amulet = "AM" in declared
    lv = state.lv
    hgt = state.hgt
    stacks = state.stacks
    px = "PX" in declared
    if "SE" in declared:
        areas = [c for c in _seal_areas(state, card, px, picks) if not mask_of(c) & unknown]
    else:
        areas = []
        for m, a, act in PLACEMENTS[card][mirror]:
            if m & unknown:
                continue
            if px:
                if m & lv[0]:
                    continue
            else:
                h = hgt[a]
                if not h or m & lv[h] != m:
                    continue
            areas.append(act.args[0])
    me.items -= len(declared)  # declared items are spent by any dig (SO-11.1)
    saved = (me.money, me.curses, me.scrolls[:], me.items)
    for cells in areas:
        due = owed
        for c in cells:
            t = stacks[c][-1]
            me.add(t)
            if not amulet:
                due += CURSE[t]
        if me.money >= due:
            v = _static(seats, seat, final) - base - due
        else:
            v = fail
        me.money, me.curses, me.items = saved[0], saved[1], saved[3]
        me.scrolls = saved[2][:]
        if v > best:
            best = v
    me.items += len(declared)
    if declared:
        if picks and best == float("-inf"):
            best = fail
        if best == float("-inf") or (best == fail and decline > fail and not picks):
            best = decline
        return best - DECLARE_COST * len(declared)
    return best if best > decline else decline


def hand_value(hand: list[int]) -> float:
    """Points the dig cards still in ``hand`` (card numbers) are expected to add by the end:
    ``PER_CARD`` each, ``PER_TILE`` per square of a card above ``MEAN_SIZE`` (SO-4.1: every
    card is played, one a round).

    Big cards are worth less in hand than in play (``PER_TILE`` < 0), likely because the board
    starts level (SO-3.2, SO-6.8), so a 6-square dig on one level (SO-8.2) is easy to find
    early and rarer as holes are dug. Measured on 150 greedy-vs-greedy games: the points a
    seat still gained after a round's start fell by 0.8 to 1.5 for each square its hand held
    above the mean, in every stage of the game; greedy valuing hands so beat the greedy with a
    flat ``PER_CARD`` (``PER_TILE`` 0) in 559.5 of 1,000 games (500 paired deals;
    docs/ladder/solomon.md)."""
    v = PER_CARD * len(hand)
    for c in hand:
        v += PER_TILE * (CARD_SIZE[c] - MEAN_SIZE)
    return v


def reversals(state) -> tuple[str, ...]:
    """Actions that would only undo the last step of the seat to move in its turn, which the
    search bots never try while another action is legal (agents.search, ``reversals_of``):

    * the tile the seat moved last this turn, moved straight back where it came from
      (``c4-d4`` right after ``d4-c4``, with only ``move``/``back`` between): legal (SO-6.6),
      but it pays a second coin (SO-6.5) to restore the position the first move left, less
      the tile it revealed (SO-6.7);
    * ``move`` right after ``back`` (``back`` undid a ``move``, SO-15.1: the position is the
      one where ``move`` was chosen, so choosing it again only goes round; ``back`` is capped
      at ``max_moves_per_turn`` a turn and an issue-45 ``hard`` turn went round 36 times).

    Returns notations (an empty tuple outside a turn's move phase); reads only public actions
    of the seat's own turn.
    """
    history = state._history
    if state.phase != rules.TURN or not history:
        return ()
    last = history[-1]
    if last == "back":
        return ("move",)
    if not state.moving or not state.moves:
        return ()
    i = len(history) - 1
    while i >= 0 and history[i] in ("move", "back"):
        i -= 1
    text = history[i] if i >= 0 else ""
    if text not in MOVE_BY_TEXT:
        return ()
    src, dst = text.split("-")
    return (dst + "-" + src,)


def _move_src(text: str) -> int:
    """Source cell of a move notation ``"d3-e3"`` (-1 if it is not a move)."""
    m = MOVE_BY_TEXT.get(text)
    return -1 if m is None else m.args[0]


def evaluate(state, seat: int, root: State | None = None) -> float:
    """Estimated final score of ``seat`` (points; comparable across seats); ``root`` (the state
    the bot decides from, :class:`meeple.core.parts.Evaluation`) is not used.

    For the player whose turn it is: his static value plus the best he can still do this
    turn (``_best_dig``). A tile move is credited only with the digs it enables on tiles he
    knows: a dig touching the space a move just uncovered is not counted (in the re-sampled
    state the bot decides on, that tile is a guess), so moving pays off only when the moved
    tile makes a better dig than the best one available without it, net of the move's cost.
    """
    n = state.num_players
    seats = [_Seat(state.coins[p], state.pub[p] + state.sec[p]) for p in range(n)]
    phase = state.phase
    # in the last round (no card left in hand) the turn is his last: count as SO-12 does,
    # the same as the final scores of the terminal state that follows the last turn
    final = phase == rules.TURN and not state.hands[seat]
    value = _static(seats, seat, final) + hand_value(state.hands[seat])
    if phase == rules.TURN:
        pos = state.order.index(seat)
        card = state.choices[seat]
        if pos == state.tidx:
            if state.picks:
                return value + _best_dig(
                    state, seats, seat, card, state.declared, state.moves, state.picks, final=final
                )
            if state.moving:
                # about to move a tile: the best move followed by the best dig it enables
                best = float("-inf")
                for a in state.legal_actions():
                    if a.kind != "move":
                        continue
                    c = state._copy()
                    rules.do_move(c, a.args[0], a.args[1])
                    v = _best_dig(c, seats, seat, card, (), c.moves, unknown=BIT[a.args[0]], final=final)
                    if v > best:
                        best = v
                if best == float("-inf"):  # no move listed (only 'back')
                    best = _best_dig(state, seats, seat, card, (), state.moves, final=final)
                return value + best
            unknown = 0
            if state.moves and not state.declared:
                src = _move_src(state._history[-1]) if state._history else -1
                if src >= 0:
                    unknown = BIT[src]
            return value + _best_dig(
                state, seats, seat, card, state.declared, state.moves, unknown=unknown, final=final
            )
        if pos > state.tidx:
            return value + WAITING * max(0.0, _best_dig(state, seats, seat, card, (), 0, final=final))
        return value
    if phase == rules.CHOOSE and state.choices[seat]:
        return value + WAITING * max(0.0, _best_dig(state, seats, seat, state.choices[seat], (), 0))
    return value


def rollout_action(state, legal, rng):
    """Playout policy: mostly the card with the best dig now (a random card one time in
    four); in a turn the best affordable dig (any affordable dig once moves were made, so a
    turn with moves ends in a dig), else decline; never 'move' on its own, a random move
    when a search chose 'move'; random gifts."""
    phase = state.phase
    if phase == rules.TURN:
        if state.moving:
            # a search chose 'move': a random tile move ('back', listed last, is never taken)
            k = len(legal) - 1 if legal[-1].kind == "back" and len(legal) > 1 else len(legal)
            return legal[int(rng.random() * k)]
        if state.picks:
            return legal[int(rng.random() * len(legal))]
        seat = state.order[state.tidx]
        stacks = state.stacks
        wealth = state.coins[seat]
        for t in state.pub[seat]:
            wealth += TREASURE[t]
        for t in state.sec[seat]:
            wealth += TREASURE[t]
        best = None
        owed = state.moves
        # after moves, the best affordable dig even at a loss: a turn with moves ends in a dig
        best_v = float("-inf") if owed else 0.0
        for a in legal:
            if a.kind != "dig":
                continue
            v = 0.0
            due = owed
            gain = 0
            for c in a.args[0]:
                t = stacks[c][-1]
                v += QUICK[t]
                due += CURSE[t]
                gain += TREASURE[t]
            if v > best_v and wealth + gain >= due:
                best, best_v = a, v
        if best is not None:
            return best
        return legal[-1]  # decline is always last in a turn's list
    if phase == rules.CHOOSE:
        return legal[_policy_card(state, [a.args[0] for a in legal], rng)]
    return legal[int(rng.random() * len(legal))]


def _policy_card(state, cards: list[int], rng) -> int:
    """The playout policy's card choice (SO-4.2), an index in ``cards``: 3 times in 4 the card
    whose best dig on the board now is worth most, else any."""
    if rng.random() < 0.75:
        return _best_card(state, cards)
    return int(rng.random() * len(cards))


def _best_card(state, cards: list[int]) -> int:
    """Index in ``cards`` of the card whose best dig on the board now is worth most (quick
    tile values; the first of equals)."""
    lv = state.lv
    hgt = state.hgt
    stacks = state.stacks
    best = 0
    best_v = -1e9
    for i, card in enumerate(cards):
        top = -1e8
        for m, c0, act in PLACEMENTS[card][0]:
            h = hgt[c0]
            if h and m & lv[h] == m:
                v = 0.0
                for c in act.args[0]:
                    v += QUICK[stacks[c][-1]]
                if v > top:
                    top = v
        if top > best_v:
            best, best_v = i, top
    return best


def redraw_secret_choices(state, seat: int, rng) -> None:
    """Opponent model for the determinizations of a search (agents.search): the cards other
    seats have already chosen this round (SO-4.2, face down) are re-drawn from their re-sampled
    hands as the playout policy chooses (``rollout_action``), not uniformly, so that a seat
    choosing after them expects the same kind of play as one choosing before them (whose
    opponents' choices the search draws with that policy). ``state`` is a determinization
    (``resample_hidden(seat, ...)``) and is changed in place; uses only what it holds."""
    if state.phase != rules.CHOOSE:
        return
    for p in range(state.num_players):
        card = state.choices[p]
        if p == seat or not card:
            continue
        hand = state.hands[p] + [card]
        hand.sort()
        pick = hand[_policy_card(state, hand, rng)]
        state.hands[p] = [c for c in hand if c != pick]
        state.choices[p] = pick


HEURISTICS = Heuristics(
    evaluate=evaluate,
    rollout_action=rollout_action,
    search=SEARCH,
    reversals=reversals,
    redraw_secret_choices=redraw_secret_choices,
)
"""Solomon's part for the bots (``SolomonGame.load_heuristics``)."""
