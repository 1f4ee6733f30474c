"""How Magnum Sal is shown to people: labels, status, board and rules (:class:`meeple.core.View`).

The terminal (``meeple play``) and the web server both draw the game through this view.
Words follow the rulebook's nouns: miner, chamber, shaft, salt cube, water, royal order,
groš / groše, inn, workshop, pump house, market, town square, castle, assistant, and the
tools (rope, pickaxe, bucket, cart, food, commercial and royal privilege).

Nothing here reveals hidden information (MS-26.2): labels and help read the acting seat's
own legal actions and public fields; :meth:`MagnumSalView.place_keys` reads an observation.
"""

from __future__ import annotations

from meeple.core import View

from . import components as C
from . import mine as M
from . import svg, text

SID = C.SPACE_IDS
FIRST = C.FIRST_CHAMBER
BUILDING_WORDS = {"workshop": "workshop", "pump": "pump house", "market": "market", "castle": "castle"}
"""Assistant buildings by their notation name (MS-12.1) in words."""
TOOL_WORDS = {
    "rope": "rope",
    "pickaxe": "pickaxe",
    "bucket": "bucket",
    "cart": "cart",
    "food": "food",
    "commercial_privilege": "commercial privilege",
    "royal_privilege": "royal privilege",
}
"""Tool kinds (MS-1.4) in words."""
ORDINAL = ("first", "second", "third", "fourth")
TOOL_USED = {
    "rope": "rope",
    "pickaxe": "pickaxe",
    "cart": "cart",
    "bucket": "bucket",
    "food": "food",
    "commercial": "commercial_privilege",
}
"""Action kinds that turn a tool face down (MS-20.1); ``castle royal`` too (MS-20.8)."""


def grosze(k: int) -> str:
    """An amount of money in words: ``1 groš``, ``2 groše``, ``0 groše``."""
    return f"{k} groš" if k == 1 else f"{k} groše"


def plural(k: int, one: str, many: str) -> str:
    """``1 miner`` / ``3 miners``."""
    return f"{k} {one if k == 1 else many}"


def salt_words(counts, none: str = "no salt") -> str:
    """``[2, 1, 0]`` -> ``"2 brown, 1 green"`` (salt cubes by colour, MS-1.6)."""
    parts = [f"{k} {C.COLOURS[i]}" for i, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else none


def where(s: int) -> str:
    """A mine space in words: ``"shaft section S3"``, ``"chamber I.R2"`` (MS-2)."""
    return ("chamber " if s >= FIRST else "shaft section ") + SID[s]


def _source_words(state, src: int) -> str:
    """Where an available miner (MS-7.3) comes from, in words."""
    if src == -1:
        return f"a miner from your supply ({state.supply[state.turn]} there)"
    if src <= -10:
        return f"your assistant from the {BUILDING_WORDS[C.ASSIST_BUILDINGS[-10 - src]]}"
    return f"a rested miner from {where(src)}"


def _extract_fee(state, ncubes: int, carts=None) -> int:
    """Transport fee of the extraction in progress for ``ncubes`` cubes (MS-10.3, MS-20.5)."""
    s, _taken, _picks, done = state.ctx
    paying = M.paying_spaces(state, state.turn, s)
    segs = [tuple(x) for x in done] + (list(carts) if carts else [])
    return M.transport_cost(paying, ncubes, segs, state.options.get("cart_max_cubes"))


def _market_price(state, kind: str, col: int) -> int:
    """What a market transaction pays or costs now (MS-17.3, MS-17.4, MS-20.7)."""
    priv = state.stage == "market" and bool(state.ctx[0])
    cnt = state.market[col]
    if kind == "buy":
        return C.buy_price(col, cnt) - (1 if priv else 0)
    if cnt >= len(C.MARKET_COLUMNS[col]):
        return C.MARKET_LOWEST[col]  # MS-20.7: a full column, privileged sale, no +1
    return C.sell_price(col, cnt) + (1 if priv else 0)


def label(state, action) -> str:
    """The action in plain words with its cost or effect, for the seat to act (no notation,
    no rule ids). ``state`` is the state the action is legal in; raises KeyError or
    IndexError for an action of another game."""
    kind, st, seat = action.kind, state.stage, state.turn
    args = action.args
    if kind == "pass":
        tired = sum(state.tired[s * state.num_players + seat] for s in range(C.NSPACES))
        if not state.acted and tired:
            return (
                f"Pass: if you pass the whole turn, your {plural(tired, 'tired miner stands', 'tired miners stand')} up"
            )
        return "Pass this action"
    if kind == "done":
        if st == "extract":
            fee = _extract_fee(state, sum(state.ctx[1]))
            return (
                f"Finish extracting {salt_words(state.ctx[1])}: pay {grosze(fee)} transport"
                if fee
                else f"Finish extracting {salt_words(state.ctx[1])}: no transport fee"
            )
        if st == "market":
            return "Leave the market"
        if st == "pump":
            removed = state.ctx[1]
            cost = C.pump_cost(removed)  # MS-16.1: the first cube is free
            return f"Stop pumping: {plural(removed, 'water cube', 'water cubes')} removed " + (
                f"for {grosze(cost)}" if cost else "for free"
            )
        if st == "rope":
            return "Place no more miners"
        if st == "food":
            return "Stand up no more miners"
        return "End your turn"
    if kind == "place":
        return "Place or move a miner in the mine"
    if kind == "extract":
        s = args[0]
        return f"Extract salt in {where(s)}: {salt_words(state.csalt[s - FIRST])} there"
    if kind == "assist":
        b = C.ASSIST_BUILDINGS[args[0]]
        gain = "each royal order completed" if b == "castle" else "each visit"
        return f"Put a miner as assistant at the {BUILDING_WORDS[b]}: 1 groš for {gain}"
    if kind == "inn":
        return f"Hire a miner at the inn: {grosze(C.INN_TRACK[state.inn])}"
    if kind == "workshop":
        slot = args[0]
        return f"Buy the {TOOL_WORDS[state.display[slot]]} at the workshop: {grosze(C.DISPLAY_PRICES[slot])}"
    if kind == "pump":
        s = args[0]
        return (
            f"Pump water out of {where(s)} at the pump house: the first cube is free ({state.water[s - FIRST]} there)"
        )
    if kind == "market":
        return "Visit the market: buy or sell 1 or 2 salt cubes"
    if kind == "square":
        return f"Take {grosze(C.SQUARE_INCOME)} at the town square"
    if kind == "castle":
        if args[0]:
            return "Send a miner to the castle with the royal privilege: it delivers at your next turn"
        return "Send a miner to the castle: it delivers a royal order at your turn after next"
    if kind == "bucket":
        s, t = args
        return f"Use a bucket: move 1 water cube from {where(s)} to {where(t)}"
    if kind == "food":
        if st == "food":
            return f"Stand up another tired miner in {where(args[0])}"
        return f"Use food: stand up a tired miner in {where(args[0])}"
    if kind == "from":
        what = _source_words(state, args[0])
        if st == "assist_from":
            b = BUILDING_WORDS[C.ASSIST_BUILDINGS[state.ctx[0]]]
            return f"Put {what} at the {b} as assistant"
        if st == "castle_from":
            return f"Send {what} to the castle"
        return f"Take {what} into the mine" if args[0] < 0 else f"Move {what}"
    if kind == "to":
        s = args[0]
        if s >= FIRST and not state.revealed[s - FIRST]:  # MS-9.1, MS-24.2
            then = " and put its cubes on it" if state.variant == "mapped-mine" else " and reveal it"
            return f"Put the miner in {where(s)}{then}"
        return f"Put the miner in {where(s)}"
    if kind == "rope":
        return "Use a rope: place or move one more miner"
    if kind == "take":
        col = args[0]
        nt = sum(state.ctx[1])
        extra = _extract_fee(state, nt + 1) - _extract_fee(state, nt)
        return f"Take a {C.COLOURS[col]} salt cube: " + (
            f"{grosze(extra)} more transport" if extra else "no transport fee"
        )
    if kind == "pickaxe":
        return "Use a pickaxe: 1 more strength for this extraction"
    if kind == "cart":
        seg = args[0]
        cap = state.options.get("cart_max_cubes")
        through = " and ".join(SID[p] for p in seg)
        return f"Use a cart: no transport fee through {through}" + (f" for up to {cap} cubes" if cap else "")
    if kind == "pay":
        p, amount = state.ctx[0]
        return f"Give 1 groš of the {where(p)} fee to {state.seat_name(args[0])} ({grosze(amount)} of it left to give)"
    if kind == "commercial":
        return "Use the commercial privilege: buy for 1 groš less, sell for 1 groš more"
    if kind in ("sell", "buy"):
        col = args[0]
        price = _market_price(state, kind, col)
        return (
            f"Sell a {C.COLOURS[col]} salt cube: you get {grosze(price)}"
            if kind == "sell"
            else f"Buy a {C.COLOURS[col]} salt cube: {grosze(price)}"
        )
    if kind == "pump_more":
        return f"Pump one more water cube: {grosze(state.ctx[1] + 1)}"
    if kind == "deliver":
        oid = args[0]
        o = C.ORDERS[oid]
        slot = state.orders_up.index(oid)
        return f"Complete the {ORDINAL[slot]} royal order: {salt_words(o.requires)} for {grosze(o.reward)}"
    if kind == "penalty":
        if args[0] < 0:
            return f"Pay the penalty: {grosze(C.CASTLE_PENALTY_MONEY)}"
        return f"Give a {C.COLOURS[args[0]]} salt cube as the penalty"
    raise KeyError(f"no words for the Magnum Sal action {action.text!r}")


HELP = {
    "pass": "Do nothing with this action. If every action of your turn is a pass, all your tired "
    "miners stand up at the end of the turn [MS-11.3].",
    "place": "Put a miner from your supply or an assistant space into the mine, or move one of your "
    "rested miners there. Every space on its way up to the surface must hold a miner, and no "
    "miner may be cut off [MS-8.3].",
    "extract": "Take salt cubes out of this chamber: as many as your rested miners there, minus the "
    "water, plus pickaxes. Each cube pays 1 groš for each space on its way up without a "
    "miner of yours; the miners that worked lie down tired [MS-10].",
    "assist": "Put one of your available miners on the building's assistant space: you get 1 groš "
    "whenever any player visits the building (the castle: completes a royal order) [MS-12].",
    "inn": "Pay the price on the inn's track and take one more miner of your colour into your "
    "supply; the price rises with each hire [MS-14].",
    "workshop": "Buy this tool; the dearer tools slide down and a new one fills the 5-groše slot. "
    "Each tool works once a phase [MS-15, MS-20].",
    "pump": "Remove water from a chamber where you have a miner: the first cube is free, the second "
    "costs 2 groše, the third 3 and so on [MS-16].",
    "market": "Make 1 or 2 sales or purchases of salt cubes at the prices of the market's columns [MS-17].",
    "square": "Take 1 groš from the bank [MS-18].",
    "castle": "Send an available miner to the castle queue. When it arrives you must complete a "
    "royal order you can pay in salt, or pay a penalty of 3 groše or 1 salt cube [MS-19].",
    "bucket": "Move one water cube from a chamber where you have a miner to the next chamber of "
    "the same corridor; not an action [MS-20.4].",
    "food": "Stand up 1 or 2 of your tired miners; not an action [MS-20.6].",
    "from": "The miner that does it: one from your supply, an assistant, or a rested miner in the "
    "mine that no other miner's way up depends on [MS-7.3, MS-8.3].",
    "to": "Where the miner goes: a space whose whole way up to the surface holds miners. Entering "
    "a face-down chamber turns its tile and puts its cubes on it [MS-8.3, MS-9].",
    "rope": "Turn a rope face down to place or move one more miner in this same action [MS-20.2].",
    "take": "Take one more cube of this colour; the fee is 1 groš a cube for each space on the way up "
    "without your miner [MS-10.1, MS-10.3].",
    "pickaxe": "Turn a pickaxe face down: +1 strength, and one fewer miner gets tired [MS-20.3, MS-10.2].",
    "cart": "Turn a cart face down: no transport fee through these one or two spaces [MS-20.5].",
    "pay": "Several players have miners in this space: you choose who gets each groš of its fee [MS-10.3].",
    "commercial": "Turn the commercial privilege face down for this visit: buy 1 groš cheaper, sell "
    "1 groš dearer, and sell even into a full column [MS-20.7].",
    "sell": "Put the cube on the dearest empty space of its column and take that price [MS-17.3].",
    "buy": "Take the cube on the cheapest full space of its column and pay that price [MS-17.4].",
    "pump_more": "Remove one more water cube from the same chamber: the i-th cube costs i groše [MS-16.1].",
    "deliver": "Give the salt this royal order demands and take its reward; completing an order you "
    "can meet is compulsory [MS-19.4].",
    "penalty": "You cannot meet any royal order: give 3 groše or 1 salt cube [MS-19.6].",
}
"""What each action kind does, with its rule ids (``action_help``)."""
DONE_HELP = {
    "main": "End your turn; your bucket or food stays unused [MS-5.4].",
    "extract": "Take the chosen cubes and pay the transport fees; the miners that worked lie down "
    "tired [MS-10.2, MS-10.3].",
    "market": "End the market visit after one transaction [MS-17.2].",
    "pump": "End the pump house visit and pay for the cubes removed [MS-16.1].",
    "rope": "End the placement action without using a rope [MS-20.2].",
    "food": "Keep the other tired miners lying down [MS-20.6].",
}

STAGE_DOING = {
    "main": "choosing an action",
    "deliver": "choosing the royal order a miner completes at the castle",
    "penalty": "choosing a castle penalty",
    "place_from": "choosing a miner to place in the mine",
    "place_to": "choosing where a miner goes in the mine",
    "rope": "deciding whether to use a rope",
    "assist_from": "choosing a miner to become an assistant",
    "castle_from": "choosing a miner to send to the castle",
    "extract": "extracting salt",
    "pay": "sharing out a transport fee",
    "market": "at the market",
    "pump": "pumping water at the pump house",
    "food": "standing up tired miners with food",
}
"""What the seat to act is doing, by pending decision (``state.stage``), for other seats."""


def status(state, seat) -> str:
    """The status sentence for ``seat`` (None: a spectator); public facts only (MS-26)."""
    if state.is_terminal():
        scores = state.scores()
        best = state.winners()
        names = " and ".join(state.seat_name(s) for s in best)
        verb = "share the victory" if len(best) > 1 else "wins"
        return f"The game is over: {names} {verb} with {grosze(scores[best[0]])}."
    cur = state.turn
    st = state.stage
    phase = f"Phase {C.PHASE_NAMES[state.phase]}, round {state.round}"
    if seat != cur:
        doing = STAGE_DOING[st]
        if st == "extract":
            doing = f"extracting salt in {where(state.ctx[0])}"
        name = state.seat_name(cur)
        if seat is None:
            return f"{phase}: {name} is {doing}."
        return f"{phase}: waiting for {name}, who is {doing}."
    if st == "main":
        k = state.actions_left
        if k <= 0:
            return f"{phase}: you have no action left; use a bucket or food, or end your turn [MS-5.4]."
        return f"{phase}: your turn, choose an action ({plural(k, 'action', 'actions')} left) [MS-5.2]."
    if st == "extract":
        s, taken, picks, carts = state.ctx
        fee = _extract_fee(state, sum(taken))
        return (
            f"Extracting salt in {where(s)}: taking {salt_words(taken, 'nothing yet')}, "
            f"transport {grosze(fee)} so far; take cubes, add tools, then finish [MS-10]."
        )
    if st == "pay":
        p, amount = state.ctx[0]
        return f"Choose who gets each groš of the {where(p)} fee: {grosze(amount)} left [MS-10.3]."
    if st == "market":
        done = state.ctx[1]
        return (
            f"At the market: {plural(done, 'transaction', 'transactions')} of 2 made"
            + (", with the commercial privilege" if state.ctx[0] else "")
            + " [MS-17]."
        )
    if st == "pump":
        s, removed = state.ctx
        return (
            f"At the pump house: {plural(removed, 'water cube', 'water cubes')} removed from {where(s)} "
            f"for {grosze(C.pump_cost(removed))}; pump more or stop [MS-16]."
        )
    if st == "deliver":
        return "Your miner reached the castle: choose the royal order it completes [MS-19.4]."
    if st == "penalty":
        return "Your miner reached the castle and you cannot meet any royal order: choose the penalty [MS-19.6]."
    if st == "place_from":
        return "Choose the miner to place or move in the mine [MS-8.1]."
    if st == "place_to":
        return "Choose where the miner goes: every space on its way up must hold a miner [MS-8.3]."
    if st == "rope":
        return "Use a rope to place or move one more miner, or stop [MS-20.2]."
    if st == "assist_from":
        b = BUILDING_WORDS[C.ASSIST_BUILDINGS[state.ctx[0]]]
        return f"Choose the miner that becomes the {b} assistant [MS-12.2]."
    if st == "castle_from":
        return "Choose the miner you send to the castle [MS-19.2]."
    if st == "food":
        return "Stand up another tired miner with the same food, or stop [MS-20.6]."
    return f"{phase}: your turn."


def place_keys(obs: dict) -> dict[str, str]:
    """``{place key: content}`` of a Magnum Sal observation; the keys are the board's
    ``data-place`` values (:mod:`.svg`):

    * ``space:S3``, ``space:I.R2`` -- miners per seat (rested/tired), salt, water, tile state;
    * ``inn`` -- the marker; ``workshop:0..2`` -- the display slots; ``market:brown|green|white``;
    * ``order:0..3`` -- the castle's face-up order slots; ``queue`` -- the castle queue;
    * ``assist:workshop|pump|market|castle`` -- the assistant spaces;
    * ``seat:i:money``, ``seat:i:salt``, ``seat:i:miners``, ``seat:i:tools``, ``seat:i:orders``.
    """
    n = len(obs["money"])
    out: dict[str, str] = {}
    for s in range(C.NSPACES):
        miners = ",".join(f"{obs['rested'][s * n + q]}/{obs['tired'][s * n + q]}" for q in range(n))
        body = f"m{miners}"
        if s >= FIRST:
            c = s - FIRST
            body += (
                f";s{obs['csalt'][c]};w{obs['water'][c]};r{int(bool(obs['revealed'][c]))}"
                f";f{int(bool(obs['flipped'][c]))}"
            )
        out[f"space:{SID[s]}"] = body
    out["inn"] = str(obs["inn"])
    for slot in range(3):
        out[f"workshop:{slot}"] = str(obs["display"][slot])
    for col in range(3):
        out[f"market:{C.COLOURS[col]}"] = str(obs["market"][col])
    for i, o in enumerate(obs["orders_up"]):
        out[f"order:{i}"] = str(o)
    out["queue"] = f"{obs['q_right']}|{obs['q_left']}"
    for b, name in enumerate(C.ASSIST_BUILDINGS):
        out[f"assist:{name}"] = str(obs["assist"][b])
    for q in range(n):
        out[f"seat:{q}:money"] = str(obs["money"][q])
        out[f"seat:{q}:salt"] = str(obs["salt"][q])
        out[f"seat:{q}:miners"] = f"{obs['owned'][q]}/{obs['supply'][q]}"
        out[f"seat:{q}:tools"] = str(list(zip(obs["tools"][q], obs["tools_used"][q])))
        out[f"seat:{q}:orders"] = str(len(obs["orders_done"][q]))
    return out


HOW_TO_PLAY = """\
You lead a team of miners in the salt mine of Wieliczka. Over three phases you dig salt, \
sell it and deliver it to the king. Whoever ends with the most groše wins; \
each salt cube you still hold is worth 3 groše and tools add a little.

In a turn you take two actions (one in the first round of each phase). An action is one \
of: place or move a miner in the mine, extract salt from a chamber, put a miner as an \
assistant in a building, visit a building, or pass.

The mine hangs on a chain of miners: a miner may only stand where every space on the way \
up to the surface already holds a miner, of any player. The first miner to enter a chamber \
turns its tile and puts its salt and water on it.

To extract, you need rested miners in the chamber: each one digs one cube, each water \
cube there costs one miner. The salt must travel up: for every space on its way without \
one of your miners you pay 1 groš a cube to the players who stand there. Miners that \
worked lie down tired; pass a whole turn and they stand up.

The buildings: the inn hires miners, the workshop sells tools, the pump house removes water, the market buys and sells \
salt, the town square gives 1 groš, and the castle takes a miner who, two turns later, \
completes a royal order for a good reward. An assistant in a building earns 1 groš each \
time someone uses it.

A phase ends after the round in which the fifth royal order (fourth with two players) was \
completed. To act, tap a place on the board: a building, a chamber, a shaft section, a miner.
"""


class MagnumSalView(View):
    """Magnum Sal's view: words for every action (:func:`label`), the status sentence, the
    board of :mod:`.svg` and the terminal view of :mod:`.text`."""

    description = (
        "Magnum Sal (Krupiński and Miłuński, 2010): 2-4 players run teams of miners in the royal "
        "salt mine of Wieliczka in 1368. Lower your miners down the shaft, open chambers of brown, "
        "green and white salt, pump out the water, pay your rivals for carrying salt through their "
        "part of the mine, and sell it at the market or deliver it to the castle for the king's "
        "royal orders. Hire miners at the inn and buy tools at the workshop; after three phases "
        "the richest player wins."
    )
    length = "60-120 minutes"
    how_to_play = HOW_TO_PLAY

    def variant_text(self, variant: str) -> str:
        """One sentence on ``standard`` or ``mapped-mine`` (MS-24); raises KeyError otherwise."""
        return {
            "standard": "The standard game: the chamber tiles lie face down until the first miner enters a chamber.",
            "mapped-mine": "Mapped mine: every chamber tile lies face up from the start, so you know "
            "where the salt is; its cubes are placed when the first miner enters (MS-24).",
        }[variant]

    def option_text(self, name: str) -> tuple[str, str]:
        """``(label, help)`` of ``cart_max_cubes`` or ``max_rounds`` in words; KeyError otherwise."""
        return {
            "cart_max_cubes": (
                "Cubes a cart carries free",
                "Empty: a cart waives the transport fee for any number of cubes (the "
                "rulebook). 2: at most 2 cubes ride free, the designers' advice (MS-20.5).",
            ),
            "max_rounds": (
                "Round limit per phase (bots only)",
                "Not a rule of the game: ends a phase after this many rounds so that games "
                "of bots always finish; 0 turns it off, as it is when people play (MS-5.5).",
            ),
        }[name]

    def option_applies(self, name: str, variant: str) -> bool:
        """Both options change both variants (MS-20.5, MS-5.5)."""
        return name in ("cart_max_cubes", "max_rounds")

    def action_label(self, state, action) -> str:
        """The action in plain words with its cost or effect (:func:`label`), e.g. ``"Hire a
        miner at the inn: 5 groše"``."""
        return label(state, action)

    def action_help(self, state, action) -> str:
        """What the action does, with its rule ids in brackets (``"... [MS-14]"``)."""
        if action.kind == "done":
            return DONE_HELP.get(state.stage, DONE_HELP["main"])
        return HELP.get(action.kind, "")

    def action_notes(self, state, actions):
        """``(notes, "")``: "uses your rope (once a phase)" and the like for each listed action
        that turns one of the seat's tools face down for the rest of the phase (MS-20.1, MS-20.8);
        ``""`` for the others."""
        notes = []
        for a in actions:
            tool = TOOL_USED.get(a.kind)
            if a.kind == "castle":
                tool = "royal_privilege" if a.args[0] else None
            elif a.kind == "food" and state.stage == "food":
                tool = None  # the second miner of one food card (MS-20.6)
            notes.append(f"uses your {TOOL_WORDS[tool]} (once a phase)" if tool else "")
        return notes, ""

    def status(self, state, seat) -> str:
        """The status sentence (:func:`status`): what ``seat`` must do now, or whom it waits
        for and what that seat is doing; everything in it is public (MS-1.8, MS-26.1)."""
        return status(state, seat)

    def forced(self, state):
        """The single legal action, when there is exactly one (e.g. the only available miner is
        in the supply): the rules leave no choice and Magnum Sal has no secret decisions
        (MS-26.1). None otherwise and at the end."""
        if state.is_terminal():
            return None
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def place_keys(self, obs):
        """What each place of the board shows (:func:`place_keys`)."""
        return place_keys(obs)

    def board_svg(self, obs, legal, names, seat=None, highlights=None):
        """The board as SVG (:func:`.svg.render_svg`), see :meth:`View.board_svg`."""
        return svg.render_svg(obs, legal, names, highlights=highlights)

    def render_text(self, state, seat):
        """The terminal view (:func:`.text.render`)."""
        return text.render(state, seat)
