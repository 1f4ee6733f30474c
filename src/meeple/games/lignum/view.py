"""How Lignum is shown to people: labels, status, board and rules (:class:`meeple.core.View`).

The terminal (``meeple play``) and the web server both draw the game through this view. The
words follow the rulebook's nouns (RULES.md LG-0): foreman, supply path, felling area,
woodcutter, carrier, sawyer, mill worker, woodpile card, river, saw room, sales room, dryer,
heating store, hut, task, winter, market; money is in dollars (``$``).

Every label is said for the seat to act (its own legal actions), from the state it may see.
"""

from __future__ import annotations

from meeple.core import View

from . import svg, text
from .components import (
    BASE_PRICE,
    BONUS,
    FODDER_CAP,
    LOAN_AMOUNT,
    LOAN_REPAY,
    PIECE_NAMES,
    PLACEMENT_CARDS,
    PRODUCT_NAMES,
    PRODUCT_SET_PRICE,
    SAW_YIELD,
    SEASONS,
    SPACE_TYPE,
    TASK_CARDS,
    WINTER_CARDS,
)

# ------------------------------------------------------------------ nouns
PIECE_ONE = (
    "a firewood disc",
    "a softwood disc",
    "a hardwood disc",
    "a sawn firewood stick",
    "a sawn softwood stick",
    "a sawn hardwood stick",
)
"""One piece of each kind (0..5 = FW SW HW sFW sSW sHW; LG-0: discs uncut, sticks sawn)."""
PIECE_WORD = (
    "firewood disc",
    "softwood disc",
    "hardwood disc",
    "sawn firewood stick",
    "sawn softwood stick",
    "sawn hardwood stick",
)
WOOD_WORD = ("firewood", "softwood", "hardwood", "sawn firewood", "sawn softwood", "sawn hardwood")
LOC_WORD = ("the sales room", "dryer 1", "dryer 2", "dryer 3", "the saw room", "the heating store")
"""Where a piece lies, by the sell/dry location index (0..3 mill locations, 4 saw room, 5 heating)."""
PRODUCT_WORD = ("stake", "board", "shingle", "reed bundle", "joker")
HUT_FIELD = ("drying hut", "food-store hut", "workers' lodging")
_TOKEN_WORD = {
    "saw": "take the saw",
    "raft": "take the raft",
    "wagon": "take the wagon",
    "sled": "take the sled",
    "food_token": "take the food token (+1 food)",
    "dollar_token": "take the dollar token (+$1)",
}


def _n(k: int, word: str, plural: str | None = None) -> str:
    """``"1 carrier"``, ``"3 carriers"``."""
    return f"{k} {word if k == 1 else (plural or word + 's')}"


def _pieces(k: int, p: int) -> str:
    return f"{k} {PIECE_WORD[p]}{'' if k == 1 else 's'}"


def _dollars(x: int) -> str:
    return f"-${-x}" if x < 0 else f"${x}"


def _worker(w: int, job: str) -> str:
    """Who does a job: a hired worker (``job``: woodcutter, carrier, sawyer), the mill worker
    (LG-18.2) or a lodging hut (LG-19.6)."""
    return (f"a {job}", "your mill worker", "a lodging hut")[w]


def _space_what(state, sp: int) -> str:
    """What a foreman does on path space ``sp`` (LG-8.3), in words."""
    t = SPACE_TYPE[sp]
    if t == "token":
        tok = state.path_tok[sp]
        if tok.startswith("p"):
            return f"take the {PRODUCT_WORD[PRODUCT_NAMES.index(tok[1:])]} token"
        return _TOKEN_WORD.get(tok, f"take the {tok}")
    if t == "carriers":
        return "buy carriers, $1 each"
    if t == "fodder":
        return "buy a fodder for $1"
    if t == "woodcutters":
        return "buy woodcutters, $1 each"
    if t == "tasks":
        return "take a task card for $1"
    if t == "sawyers":
        return "take a free sawyer"
    if t == "market":
        return "the market"
    return "planned work"


def task_words(t: int) -> str:
    """A task card in words: ``"T01: sawn hardwood stick in dryer 2, sawn firewood stick in
    dryer 2; pays $17"`` (LG-25.4: the level is the dryer the piece must lie in)."""
    cid, reqs, reward = TASK_CARDS[t]
    need = ", ".join(f"{PIECE_WORD[p]} in dryer {lv + 1}" for p, lv in reqs)
    return f"{cid}: {need}; pays ${reward}"


def _product_set(ptype: int, real: int, jokers: int) -> str:
    word = PRODUCT_WORD[ptype]
    parts = [(("an " if word[0] in "aeiou" else "a ") + word) if real == 1 else _n(real, word)]
    if jokers:
        parts.append("a joker" if jokers == 1 else _n(jokers, "joker"))
    return " and ".join(parts)


# ------------------------------------------------------------------ the labels
_DONE = {
    "space16": "Take no extra sawyer",
    "market": "Leave the market",
    "fell": "End felling",
    "transport": "End transport",
    "saw": "End sawing",
    "w_saw": "End winter sawing",
    "tasks": "Put no more pieces on tasks",
    "w_tasks": "Put no more pieces on tasks",
    "sell": "End selling",
    "dry": "End drying",
    "w_fell": "End winter felling",
    "w_sled": "End sled transport",
}


def _done_label(state) -> str:
    st = state.stage
    if st == "move":
        return "Stop this trip here" if state.pend[0] > 0 else "End this trip"
    if st == "forced":
        if state.debt:
            return f"Sell nothing more: the ${state.debt} still owed becomes negative cash"
        return "End the forced sales"
    return _DONE.get(st, "End this step")


def label(state, action) -> str:
    """The action in plain words for the seat to act, with its cost or effect.

    Args:
        state: a Lignum state (the seat to act sees all it reads).
        action: one of ``state``'s legal actions.
    Returns: a sentence fragment starting with a capital letter, no notation, no rule ids.
    """
    kind, args = action.kind, action.args
    seat = state.actor
    if kind == "done":
        return _done_label(state)
    if kind == "loan":
        if state.loans[seat]:
            return f"Take a second loan: +${LOAN_AMOUNT} now, ${LOAN_REPAY[2]} for both at the end"
        return f"Take a loan: +${LOAN_AMOUNT} now, ${LOAN_REPAY[1]} at the end"
    if kind == "build":
        return "Build 3 huts from a stake, a board and a shingle"
    if kind == "hut":
        return f"Put a new hut on field {args[0]}: {HUT_FIELD[args[0] - 1]}"
    if kind == "dryhut":
        p, loc = args
        return f"Use a drying hut: {PIECE_ONE[p]} from {LOC_WORD[loc]} to dryer {loc + 1}"
    if kind == "foodhut":
        a = args[0]
        return f"Use a food-store hut: take {_n(state.areas_food[a - 1], 'food cube')} from felling area {a}"
    if kind == "go":
        sp = args[0]
        if sp == 21:
            slot = "ABCD"[len(state.clearing)] if len(state.clearing) < 4 else ""
            return (
                f"Move your foreman into the clearing (slot {slot})" if slot else "Move your foreman into the clearing"
            )
        return f"Move your foreman to space {sp}: {_space_what(state, sp)}"
    if kind == "carriers":
        k = args[0]
        return f"Buy {_n(k, 'carrier')}: ${k}"
    if kind == "cutters":
        k = args[0]
        return f"Buy {_n(k, 'woodcutter')}: ${k}"
    if kind == "task":
        cid, rest = task_words(args[0]).split(": ", 1)
        return f"Take task {cid} for $1: {rest}"
    if kind == "extra":
        return "Buy the extra sawyer: $1"
    if kind == "buy":
        return "Buy a saw: $1" if args[0] == 0 else "Buy a food cube: $1"
    if kind == "psell":
        ptype, real, jokers = args
        return f"Sell {_product_set(ptype, real, jokers)}: +${PRODUCT_SET_PRICE[real + jokers]}"
    if kind == "area":
        a = args[0]
        if state.stage == "tact":
            return f"Pick felling area {a} for the next round"
        return f"Choose felling area {a} (secret until all have chosen)"
    if kind == "relocate":
        return f"Pay $1: move your felling token to area {args[0]} and fell there"
    if kind == "fell":
        p, w = args
        return f"Fell {PIECE_ONE[p]} with {_worker(w, 'woodcutter')}"
    if kind == "put":
        p, d = args
        src = "river" if state.stage == "arrive" else "woodpile"
        dest = ("the saw room", "the sales room", "your river")[d]
        return f"Move {PIECE_ONE[p]} from your {src} to {dest}"
    if kind == "carry":
        return f"Carry 1 piece to the mill with {_worker(args[0], 'carrier')}"
    if kind == "wagon":
        cap = FODDER_CAP[2] if state.fodder2[seat] else FODDER_CAP[3]
        return f"Send a wagon with {_worker(args[0], 'carrier')}: up to {cap} pieces (uses fodder)"
    if kind == "raft":
        k, w = args
        return f"Raft {_n(k, 'piece')} to your river with {_n(k, 'raft')} and {_worker(w, 'carrier')}"
    if kind == "saw":
        p, w = args
        return f"Saw {PIECE_ONE[p]} into {_n(SAW_YIELD[p], 'stick')} with {_worker(w, 'sawyer')} and a saw"
    if kind == "stick":
        p = state.pend[0] if state.pend and isinstance(state.pend[0], int) and 3 <= state.pend[0] < 6 else 3
        where = "the heating store" if args[0] == 0 else "the sales room"
        return f"Put {PIECE_ONE[p]} into {where}"
    if kind == "fill":
        t, j = args
        cid, reqs, _ = TASK_CARDS[t]
        p, lv = reqs[j]
        return f"Put {PIECE_ONE[p]} from dryer {lv + 1} on task {cid}"
    if kind == "sell":
        p, loc = args
        price = BASE_PRICE[p] + (BONUS[loc] if loc < 4 else 0)
        tail = " toward your winter debt" if state.stage == "forced" else ""
        return f"Sell {PIECE_ONE[p]} from {LOC_WORD[loc]}: +${price}{tail}"
    if kind == "dry":
        p, loc = args
        return f"Dry {PIECE_ONE[p]}: from {LOC_WORD[loc]} to dryer {loc + 1}"
    if kind == "bonus":
        return f"Take {PIECE_ONE[args[0]]} as your winter bonus"
    if kind == "wfell":
        if args[0] == 1:
            return "Fell 2 firewood discs with your mill worker"
        return "Use a lodging hut: fell 1 more firewood disc"
    if kind == "sled":
        return f"Load a sled with {_worker(args[0], '')}: 2 pieces"
    if kind == "sledfood":
        return "Give the sled a food cube: 1 more piece"
    if kind == "burn":
        return f"Burn {PIECE_ONE[args[0] + 3]} from the heating store"
    if kind == "river":
        p = args[0]
        k = state.river[seat][p]
        return f"Sell the {WOOD_WORD[p]} on your river: {_n(k, 'disc')} × ${BASE_PRICE[p]} = ${k * BASE_PRICE[p]}"
    return action.text.capitalize()  # pragma: no cover - every kind is named above


_HELP = {
    "loan": "Take $4 now; a loan card stays beside your mill and is repaid at the end: $7 for one, "
    "$16 for two. At most two loans [LG-21]",
    "build": "Turn a stake, a board and a shingle (jokers stand in) into 3 huts, then put each on a "
    "hut field [LG-19.1]",
    "hut": "Place a new hut: a drying hut moves a piece one place right, a food-store hut takes the food "
    "of a free felling area, a workers' lodging works as one extra worker [LG-19.2]",
    "dryhut": "Discard a drying hut to move this piece one place to the right, even into a full dryer [LG-19.4]",
    "foodhut": "Discard a food-store hut to take all food cubes from a felling area with no felling token [LG-19.5]",
    "go": "Move your foreman forward to this space and do its action at once; a foreman never moves back [LG-8.1]",
    "carriers": "Carriers move wood from your woodpile card to the mill this round [LG-8.3, LG-12.3]",
    "cutters": "Each woodcutter fells one piece in your felling area this round; at most as many as "
    "pieces lie there [LG-8.3, LG-10.1]",
    "task": "Take a task card: fill it with dried wood from your dryers to earn its reward at the end [LG-25.3]",
    "extra": "Take the single price-1 sawyer beside your free one [LG-8.3]",
    "buy": "Buy at the market: saws (at most 4 held) or food cubes for the winter, $1 each [LG-8.3]",
    "psell": "Sell a set of identical product tokens (a joker stands for any): 2 for $2, 3 for $4, 4 for $6 [LG-8.5]",
    "area": "Your felling token goes to this area: you fell here and take its food if you are alone [LG-7.1, LG-24.3]",
    "relocate": "You share the area with a player before you: pay $1 and fell in a free area instead; "
    "you take no food there [LG-10.2]",
    "fell": "A worker in your felling area fells one piece onto your woodpile card [LG-10.1]",
    "put": "Where this piece goes: the saw room (to be sawn) or the sales room (to sell or dry); "
    "hardwood must go to the saw room [LG-11.1, LG-12.2]",
    "carry": "A carrier (or the mill worker, or a lodging hut) moves one piece to the mill [LG-12.3]",
    "wagon": "A carrier, a wagon token and a fodder move up to 3 pieces (fodder at 3) or 2 (fodder at 2) [LG-12.4]",
    "raft": "A carrier and rafts move one piece per raft to your river; it arrives next round [LG-12.5, LG-11]",
    "saw": "A sawyer and a saw cut one disc: firewood gives 4 sticks, softwood 3, hardwood 1 [LG-13]",
    "stick": "Each new stick goes to the heating store (for winter) or the sales room (to sell or dry) [LG-13.3]",
    "fill": "Put this piece on your task; it stays there. A task pays only when complete [LG-25.4]",
    "sell": "Sell at base price plus the dryer bonus (+$1 in dryer 2, +$2 in dryer 3); dryer 3 must be emptied [LG-15]",
    "dry": "Move this piece one place right; a dryer ends with one disc or up to two sticks [LG-16]",
    "bonus": "Each player takes one wood disc of his choice onto the woodpile in winter [LG-20.3]",
    "wfell": "Winter felling: the mill worker brings 2 firewood, each lodging hut 1 more [LG-20.4]",
    "sled": "Sled transport: a sled and a worker move 2 pieces, 1 more per food cube given [LG-20.5]",
    "sledfood": "Return a food cube: the sled moves one more piece [LG-20.5]",
    "burn": "Choose which heating sticks to return for the winter's heating [LG-20.9]",
    "river": "At the final sale you sell one kind of your river's discs at base price [LG-22.1]",
}


class LignumView(View):
    """Lignum's view: words for every action, the status sentence, the board of :mod:`.svg`
    and the terminal view of :mod:`.text`."""

    description = (
        "Run a sawmill in the Alps through two years. Each season your foreman walks the supply "
        "path to hire woodcutters, carriers and sawyers and to pick up saws, rafts and wagons; then "
        "you fell wood in the forest, bring it to your mill, saw it, dry it and sell it. Dried wood "
        "sells for more, but winter wants food and firewood. The player with the most money after "
        "the final sale wins."
    )
    length = "90-150 minutes"
    how_to_play = (
        "You run a sawmill for two years: spring, summer, fall and winter, twice. The player with "
        "the most dollars after the final sale wins.\n\n"
        "Each spring, summer and fall you secretly choose a felling area, the forest you will cut "
        "this season. Then the foremen walk the supply path in turns: on your turn move yours forward "
        "to any free space and use it. Spaces sell carriers, woodcutters, sawyers and fodder, hold a "
        "saw, raft, wagon, sled or product token, or are the market. Whatever you skip is lost for the "
        "round. The first foreman into the clearing works first.\n\n"
        "Then the wood work: your woodcutters fell wood onto your woodpile card; carriers, wagons and "
        "rafts bring it to your saw room or sales room; sawyers with a saw cut discs into sticks; you "
        "sell from the sales room and the three dryers, and dry unsold wood one place right. Each "
        "dryer holds one disc or two sticks, and wood in dryer 2 or 3 sells for $1 or $2 more. "
        "Wood in dryer 3 must be sold.\n\n"
        "In winter only your mill worker works. You must pay food and heating sticks, or $3 for each "
        "missing one. Loans give $4 now and cost $7 at the end. Stakes, boards and shingles build "
        "huts that help later.\n\n"
        "Tap a place on the board to act; actions without a place are in the list beside it."
    )

    # ---------------------------------------------------------------- lobby
    def variant_text(self, variant: str) -> str:
        """One sentence on each Lignum variant (LG-1.2, LG-24, LG-25)."""
        base = {
            "basic": "The basic game: fell, transport, saw, dry and sell wood for two years.",
            "advanced": "The basic game with task cards: fill orders with dried wood for a reward "
            "at the end; you start with $5.",
        }
        kind = variant.split("-")[0]
        out = base.get(kind, variant)
        if variant.endswith("tactical"):
            out += (
                " Tactical: felling areas are picked openly one round ahead, in reverse player order, "
                "and no two players share an area."
            )
        return out

    def option_text(self, name: str) -> tuple[str, str]:
        """Lignum's options in words (LG-3.6, LG-8.4.4)."""
        texts = {
            "easy_winter": (
                "Easier winters",
                "Show the easier half of both winter cards: less food and fewer heating sticks "
                "are asked (the publisher's advice for a first game) [LG-3.6]",
            ),
            "hidden_products": (
                "Hidden product tokens",
                "Keep each player's product tokens face down: the others see only how many [LG-8.4.4]",
            ),
        }
        if name in texts:
            return texts[name]
        return super().option_text(name)

    # ----------------------------------------------------------------- play
    def action_label(self, state, action) -> str:
        """The action in plain words with its cost or effect (:func:`label`)."""
        return label(state, action)

    def action_help(self, state, action) -> str:
        """What the action does and its rule id in brackets; ``done`` says which step it ends."""
        if action.kind == "done":
            return f"{_done_label(state)}: nothing else is done in this step [LG-9.1]"
        return _HELP.get(action.kind, "")

    def action_notes(self, state, actions):
        """Warnings per listed action (the terminal's notes), see :meth:`View.action_notes`."""
        notes, footnote = text.action_notes(state, actions)
        return list(notes), footnote or ""

    def status(self, state, seat) -> str:
        """The status sentence for ``seat`` (None: a spectator): what this seat must do now, or
        whom it waits for and what that seat is doing. The secret area choice names no area but
        the viewer's own (LG-7.1, LG-27.2)."""
        if state.is_terminal():
            money = state.scores()
            best = max(money)
            won = [state.seat_name(s) for s in range(state.num_players) if money[s] == best]
            return (
                f"The game is over: {' and '.join(won)} {'wins' if len(won) == 1 else 'share the win'} "
                f"with {_dollars(best)}."
            )
        cur = state.current_player
        season = SEASONS[state.round] if state.round < len(SEASONS) else ""
        when = f" ({season})" if season else ""
        if seat is not None and seat == cur:
            return f"Your turn: {_doing(state, you=True)}{when}."
        name = state.seat_name(cur)
        if seat is not None and state.stage == "choose" and state.secret[seat]:
            return f"You chose felling area {state.secret[seat]}. Waiting for {name}: {_doing(state, False)}{when}."
        return f"Waiting for {name}: {_doing(state, False)}{when}."

    def forced(self, state):
        """The one action the rules leave, taken with a notice; None for the secret felling-area
        choice (LG-7.1, the person commits himself) and whenever there is a choice.

        A ``loan`` beside it is no choice: every payment takes the loans it needs by itself
        (LG-8.3.1, LG-21.4) and a loan taken early only costs $7 at the end (LG-21.3), so a foreman
        left with the clearing alone (``go C``) is moved there."""
        if state.is_terminal() or state.is_secret_decision():
            return None
        left = [a for a in state.legal_actions() if a.kind != "loan"]
        return left[0] if len(left) == 1 else None

    def board_svg(self, obs, legal, names, seat=None, highlights=None):
        """The board as SVG (:func:`.svg.render_svg`), see :meth:`View.board_svg`."""
        return svg.render_svg(obs, legal, names)

    def place_keys(self, obs: dict) -> dict[str, str]:
        """The board's places and what they show (:func:`.svg.place_keys`)."""
        return svg.place_keys(obs)

    def render_text(self, state, seat):
        """The terminal view (:func:`.text.render`)."""
        return text.render(state, seat)


_DOING = {
    "choose": ("choose your felling area in secret", "choosing a felling area in secret"),
    "tact": ("pick your felling area for the next round", "picking a felling area for the next round"),
    "travel": ("move your foreman along the supply path", "moving the foreman along the supply path"),
    "space4": ("buy carriers at space 4", "buying carriers at space 4"),
    "space10": ("buy woodcutters at space 10", "buying woodcutters at space 10"),
    "space13": ("take a task card at space 13", "taking a task card at space 13"),
    "space16": ("take the extra sawyer for $1 or not", "deciding on the extra sawyer"),
    "market": ("buy or sell at the market", "at the market"),
    "fell": ("fell wood in your felling area", "felling wood"),
    "arrive": (
        "send each piece from your river to the saw room or the sales room",
        "unloading the rafted wood from the river",
    ),
    "transport": ("choose how to bring wood from your woodpile to the mill", "transporting wood"),
    "move": ("choose where each transported piece goes", "transporting wood"),
    "saw": ("saw discs in your saw room", "sawing"),
    "split": ("put each new stick into the heating store or the sales room", "placing new sticks"),
    "tasks": ("put dried wood on your tasks", "filling tasks"),
    "sell": ("sell wood from the sales room and the dryers", "selling wood"),
    "dry": ("dry your wood: move pieces one place right", "drying wood"),
    "w_bonus": ("take a wood disc as your winter bonus", "taking the winter bonus"),
    "w_fell": ("fell firewood with your mill worker", "felling in winter"),
    "w_sled": ("bring wood to the mill by sled", "using a sled"),
    "w_saw": ("saw with your mill worker", "sawing in winter"),
    "w_tasks": ("put dried wood on your tasks", "filling tasks"),
    "burn": ("choose the heating sticks to burn", "choosing heating sticks to burn"),
    "forced": ("sell wood to pay your winter debt", "selling wood to pay a winter debt"),
    "river": ("choose the river wood to sell in the final sale", "choosing the river wood for the final sale"),
}


def _doing(state, you: bool) -> str:
    """What the seat to act is doing (``you``: said to it, imperative)."""
    if state.hut_left:
        return f"put your {_n(state.hut_left, 'new hut')} on the hut fields" if you else "placing new huts"
    st = state.stage
    if you and st == "split":
        p = state.pend[0]
        return f"put each of {_n(state.pend[1], WOOD_WORD[p] + ' stick')} into the heating store or the sales room"
    if you and st == "move" and state.pend[0] > 0:
        dest = "to your river" if state.pend[1] == 2 else "to the saw room or the sales room"
        return f"move {_n(state.pend[0], 'more piece')} from your woodpile {dest}"
    if you and st == "forced":
        return f"sell wood to pay the ${state.debt} you still owe for the winter"
    if you and st == "burn":
        return f"choose {_n(state.pend[0], 'heating stick')} to burn"
    pair = _DOING.get(st)
    if pair is None:
        return "deciding" if not you else "choose an action"
    return pair[0] if you else pair[1]


def placement_words(c: int) -> str:
    """A placement card in words: ``"PC01: 1 softwood to area 1, 2 firewood to area 2"``."""
    cid, items = PLACEMENT_CARDS[c]
    what = ("firewood", "softwood", "hardwood", "food")
    return f"{cid}: " + ", ".join(f"{k} {what[i]} to area {a}" for a, i, k in items)


def winter_words(c: int, half: int) -> str:
    """A winter card's shown half: ``"5 food, 3 heating sticks"`` (LG-20.8, LG-20.9)."""
    food, heat = WINTER_CARDS[c][1 + half]
    return f"{_n(food, 'food cube')}, {_n(heat, 'heating stick')}"


__all__ = ["LignumView", "label", "task_words", "placement_words", "winter_words", "PIECE_NAMES"]
