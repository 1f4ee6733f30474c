"""How Klondike 1896 is shown to people: labels, status, board and rules (:class:`meeple.core.View`).

The terminal (``meeple play``) and the web server both draw the game through this view. The
words follow the rulebook's nouns: *claim* (a cardboard polyomino), *landscape* (the row of
tiles a player lays claims on), *gold*, *ruby*, *auction*, *domino* (the supplementary claim),
*requirement card*, *favour card*, *celebrity* (the madam, the sheriff, the mayor, the horse
trader) and *joining fate*.

Nothing here reveals hidden information: labels and help are asked only for the acting seat's
own legal actions (its own landscape and rubies); :meth:`KlondikeView.status` says of another
seat only what the table sees (KL-21.2 secret rubies, KL-40.1 secret race moves, KL-50.2).
"""

from __future__ import annotations

from meeple.core import View

from . import svg, text
from .components import (
    FACE_NAMES,
    FAVOUR_CARDS,
    FAVOUR_INDEX,
    GOLD_OF,
    KIND_INDEX,
    KINDS,
    RACE_ROUNDS,
    REQ_CARDS,
    RUBY_OF,
    SUPP_MIN_BID,
    TRACKS,
)

CELEBRITY = {"red": "the madam", "black": "the sheriff", "blue": "the mayor", "green": "the horse trader"}
"""The celebrity of each favour track (KL-30.3), as the rulebook names them."""
SYMBOL = {
    "red": ("garter", "garters"),
    "black": ("sheriff star", "sheriff stars"),
    "blue": ("pocket watch", "pocket watches"),
    "green": ("horseshoe", "horseshoes"),
}
"""The symbol a favour card of each colour shows, once per point of value (KL-30.4)."""
ORDINAL = ("first", "second", "third", "fourth")


def plural(n: int, one: str, many: str) -> str:
    """``"1 ruby"`` / ``"2 rubies"``."""
    return f"{n} {one if n == 1 else many}"


def rubies(n: int) -> str:
    """``"no rubies"``, ``"1 ruby"``, ``"3 rubies"``."""
    return "no rubies" if n == 0 else plural(n, "ruby", "rubies")


def claim_name(kind_id: str) -> str:
    """A claim kind in words (KL-1.4): ``"X5"`` -> ``"the cross claim"``, ``"D2"`` -> ``"the
    domino"``. Raises KeyError for an unknown kind id."""
    k = KINDS[KIND_INDEX[kind_id]]
    if k.id == "D2":
        return "the domino"
    return f"the {k.name} claim"


def turn_words(kind_id: str, o: int) -> str:
    """How a claim of ``kind_id`` in orientation ``o`` (KL-1.5: ``o`` clockwise quarter turns
    from the printed shape) lies, in words: ``"as printed"``, ``"turned a quarter right"``,
    ``"upside down"``, ``"turned a quarter left"``; the straight claims and the domino
    ``"lying across"`` / ``"standing upright"``; ``""`` for the square and the cross (one
    orientation). Raises KeyError / IndexError for an unknown kind or orientation."""
    k = KINDS[KIND_INDEX[kind_id]]
    offs = k.orientations[o]
    if len(k.orientations) == 1:
        return ""
    if k.id in ("I3", "I4", "D2"):
        return "lying across" if max(r for r, _ in offs) == 0 else "standing upright"
    return ("as printed", "turned a quarter right", "upside down", "turned a quarter left")[o]


def span(lo: int, hi: int, one: str, many: str) -> str:
    """``"row 3"`` or ``"rows 3-4"``."""
    return f"{one} {lo}" if lo == hi else f"{many} {lo}-{hi}"


def favour_words(card_id: str) -> str:
    """A favour card in words (KL-30.4): ``"BL3"`` -> ``"the mayor's favour card worth 2"``.
    Raises KeyError for an unknown card id."""
    c = FAVOUR_CARDS[FAVOUR_INDEX[card_id]]
    return f"{CELEBRITY[TRACKS[c.track]]}'s favour card worth {c.value}"


def requirement_words(card_index: int) -> str:
    """A requirement card's demand (KL-31.4): ``"10 gold and 1 ruby"``."""
    rc = REQ_CARDS[card_index]
    return f"{rc.gold} gold and {rubies(rc.rubies)}"


def _seat_kind(st, seat: int) -> int:
    """The kind of claim ``seat`` lays now: the won one (game 1) or the one in hand (race)."""
    return st.pend[seat] if st.mode == "race" else st.won[seat]


def _cells_yield(st, seat: int, pid: int) -> tuple[int, int]:
    board = st.boards[seat]
    cells = st.shapes[seat].cells[pid]
    return sum(GOLD_OF[board[i]] for i in cells), sum(RUBY_OF[board[i]] for i in cells)


def _covers(g: int, r: int) -> str:
    if not g and not r:
        return "covers nothing"
    bits = ([f"{g} gold"] if g else []) + ([rubies(r)] if r else [])
    return " and ".join(bits)


class KlondikeView(View):
    """Klondike 1896's view: words for every action, the board of :mod:`.svg`, the terminal
    view of :mod:`.text`."""

    description = (
        "Klondike 1896 (Vladimír Suchý, Stragoo Games 2011) holds two games for 2-4 prospectors "
        "on the same landscape tiles of meadow, gold and rubies. In the family game you bid rubies "
        "for claims, lay them as one unbroken route from the left edge of your landscape to the "
        "goal on the right, and score a point for every gold you cover; rubies you cover pay for "
        "later auctions. In the game for experienced prospectors each round a requirement card "
        "asks for an exact amount of gold and rubies: lay out your tiles and claims to cover "
        "exactly that, faster than the others, to win the favour of the town's celebrities."
    )
    length = "about 30-60 minutes"
    """An estimate: the rulebook leaves the playing time blank."""
    how_to_play = (
        "Your landscape is a row of tiles of 6 by 6 cells: green meadow is worth nothing, brown "
        "cells show 1 to 3 gold, grey cells a ruby. Claims are the shapes you lay on it, turned "
        "as you like but never flipped. They form one route: the first claim covers one of the two middle cells of the left edge, and every later claim touches "
        "the claim you laid just before it, at a side or a corner, without overlap.\n\n"
        "Family game. Each round one row of claims, one per player, is auctioned. In turn each "
        "player sets his figure at a claim with any number of his rubies if it is free, or with "
        "exactly one ruby more than the player already there, who must then raise by one or move "
        "to another claim. Everybody pays and lays the claim won: a point per gold covered, and "
        "each ruby covered is yours from the next round. Then a domino may be auctioned. Your "
        "route must touch the top and the bottom edge in the second and in the third tile. The round in which someone reaches the two goal "
        "cells on the right is the last; the others lose 2 points for every column they are short. "
        "Most points wins; a tie goes to more rubies.\n\n"
        "Race. A requirement card asks for exact gold and rubies. Lay out 1 to 4 tiles in secret, "
        "then lay your own claims one a turn until you cover exactly that, and say done. The first "
        "to finish takes the best favour card; the last player stops and joins the fate of another. "
        "An exact board gains the card's favour with its celebrity, a wrong one loses it. After "
        "nine rounds the celebrities' rankings give the points."
    )

    # ---------------------------------------------------------------- lobby
    def variant_text(self, variant: str) -> str:
        """One sentence per variant (KL-50.4): family (game 1), square (game 1 on a square
        landscape, KL-21.3), race (game 2, KL-30..KL-40). Raises KeyError for another name."""
        return {
            "family": "Game 1, the family game: an auction for claims and a route of claims across "
            "your four tiles from the start on the left to the goal on the right; a point "
            "for every gold covered.",
            "square": "Game 1 on a square landscape of four tiles (the rulebook's third tip): start "
            "anywhere and reach the middle of each side and the centre.",
            "race": "Game 2, for experienced prospectors: a race over nine requirement cards, each "
            "asking for an exact amount of gold and rubies, for the favour of the town's "
            "four celebrities.",
        }[variant]

    _OPTIONS = {
        "layout": (
            "How the tiles are laid out",
            "Random (each landscape drawn at random), choose (each player lays his own four "
            "tiles before the first auction) or identical (everybody gets the same random "
            "landscape, the rulebook's tip for experienced players).",
        ),
        "secret_rubies": (
            "Keep rubies secret",
            "Nobody sees how many rubies the others hold (the rulebook's tip for "
            "bluffing); bids and payments stay visible.",
        ),
        "ruby_supply_limit": (
            "Limit the ruby supply",
            "A number of rubies in the common supply, e.g. 32 as in the box (at "
            "least 3 per player); empty means unlimited.",
        ),
        "edge_rule": (
            "Edge rule in tiles 2 and 3",
            "Both edges: the route touches the top and the bottom edge in the second and "
            "in the third tile (the rulebook read literally); one edge per tile: one of "
            "the two tiles reaches the top, the other the bottom.",
        ),
        "race_mode": (
            "Race mode",
            "Ticks: every racing player commits one move a turn, revealed together; the only mode there is.",
        ),
        "tick_cap": (
            "Turns before a race is stopped",
            "After this many turns of a race everybody still racing is stopped (default 40).",
        ),
        "children": (
            "Players under eight",
            "The seats of young children: their requirement cards come from the white and "
            "grey ones only, and they need to match only the larger of the two numbers.",
        ),
    }

    def option_text(self, name: str) -> tuple[str, str]:
        """``(label, help)`` of a Klondike option in plain words (KL-10.2, KL-15.4, KL-21.2,
        KL-14.3, KL-40.1, KL-39). Raises KeyError for an unknown option."""
        return self._OPTIONS[name]

    def option_applies(self, name: str, variant: str) -> bool:
        """KL-50.4: ``layout``, ``secret_rubies``, ``ruby_supply_limit`` belong to game 1
        (``family``, ``square``), ``edge_rule`` to ``family`` only (the square landscape has no
        edge rule, KL-21.3), ``tick_cap`` and ``children`` to the race. ``race_mode`` has one
        choice and so changes nothing. Raises KeyError for an unknown option."""
        if name in ("layout", "secret_rubies", "ruby_supply_limit"):
            return variant in ("family", "square")
        if name == "edge_rule":
            return variant == "family"
        if name in ("tick_cap", "children"):
            return variant == "race"
        if name == "race_mode":
            return False
        raise KeyError(name)

    # ----------------------------------------------------------------- play
    def action_label(self, state, action) -> str:
        """The action in words for the acting seat, with its cost or effect: ``"Bid 2 rubies on
        the cross claim"``, ``"Lay the L claim, upside down, on rows 2-3, columns 4-6: 5 gold and
        1 ruby"``, ``"Take the mayor's favour card worth 2"``. Labels of one state's legal
        actions are distinct. Raises ValueError for an action kind Klondike does not have."""
        st, seat, kind = state, state.current_player, action.kind
        if kind == "tile":
            f, r = action.args
            n = len(st.layouts[seat]) + 1
            turned = ("as printed", "turned a quarter right", "upside down", "turned a quarter left")[r]
            return f"Lay landscape tile {FACE_NAMES[f]}, {turned}, as your {ORDINAL[n - 1]} tile"
        if kind == "build":
            return f"Start with this landscape of {plural(len(st.layouts[seat]), 'tile', 'tiles')}"
        if kind == "bid":
            slot, n = action.args
            what = claim_name(_front_kind(st, slot))
            holder = st.slot_holder[slot]
            if holder == seat:  # cannot happen: one's own claim is never bid on again
                return f"Stay at {what} with {rubies(n)}"
            if holder >= 0:
                return f"Outbid {st.seat_name(holder)}: {rubies(n)} on {what}"
            return f"Bid {rubies(n)} on {what}" if n else f"Set your figure at {what} for no rubies"
        if kind == "place":
            pid = action.args[0]
            sh = st.shapes[seat]
            k = KINDS[sh.kind[pid]]
            cells = sh.cells[pid]
            rows = [i // sh.cols for i in cells]
            cols = [i % sh.cols for i in cells]
            where = f"{span(min(rows), max(rows), 'row', 'rows')}, {span(min(cols), max(cols), 'column', 'columns')}"
            turn = turn_words(k.id, sh.orient[pid])
            g, r = _cells_yield(st, seat, pid)
            what = claim_name(k.id)
            head = f"Lay {what}" + (f", {turn}," if turn else "") + f" on {where}"
            if st.mode == "race":
                return f"{head}: {_covers(g, r)} (then {st.gold[seat] + g} gold, {rubies(st.ruby[seat] + r)})"
            return f"{head}: {_covers(g, r)}"
        if kind == "discard":
            return f"Give up {claim_name(KINDS[st.won[seat]].id)}: it fits nowhere"
        if kind == "sbid":
            return f"Bid {rubies(action.args[0])} for the domino"
        if kind == "pass":
            return "Pass on the domino"
        if kind == "claim":
            kid = KINDS[action.args[0]].id
            return f"Take {claim_name(kid)} to lay it"
        if kind == "back":
            return f"Put {claim_name(KINDS[st.pend[seat]].id)} back and choose another move"
        if kind == "undo":
            last = KINDS[st.shapes[seat].kind[st.claims[seat][-1]]].id
            return f"Take back {claim_name(last)} you laid last"
        if kind == "relayout":
            return "Lay out your landscape anew"
        if kind == "done":
            return (
                f"Say done: you cover {st.gold[seat]} gold and {rubies(st.ruby[seat])}, "
                f"the card asks {requirement_words(st.req)}"
            )
        if kind == "pick":
            cid = FAVOUR_CARDS[action.args[0]].id
            label = f"Take {favour_words(cid)}"
            same = [c for c in st.display if _same_card(c, action.args[0])]
            if len(same) > 1:  # two cards alike: say which one (the display's order)
                label += f" ({ORDINAL[st.display.index(action.args[0])]} in the display)"
            return label
        if kind == "fate":
            other = action.args[0]
            return f"Join {st.seat_name(other)}'s fate: that check decides your card"
        raise ValueError(f"Klondike has no action kind {kind!r} ({action.text!r})")

    def action_help(self, state, action) -> str:
        """What the action does, with the rule id in brackets (``"... [KL-12.3]"``)."""
        kind = action.kind
        st = state
        if kind == "tile":
            rid = "KL-10.2" if st.phase == "layout" else "KL-31.2"
            return f"Lays the next tile of your landscape, to the right of the ones laid. [{rid}]"
        if kind == "build":
            return "Your landscape is complete; the race begins with your claims. [KL-31.2, KL-40.1]"
        if kind == "bid":
            return (
                "Sets your figure at this claim of the front row with that many of your rubies: any "
                "number at a free claim, exactly one more than the holder at a held one, who must "
                "then raise or move. You pay when the auction ends. [KL-12.3, KL-12.4]"
            )
        if kind == "place":
            if st.mode == "race":
                return (
                    "Lays the claim on your landscape, touching your last claim (the first covers a "
                    "start cell); what it covers adds to your count. [KL-2, KL-31.3]"
                )
            return (
                "Lays the claim on your landscape, touching your last claim (the first covers a start "
                "cell); each gold covered is a point, each ruby comes to you next round. [KL-2, KL-15]"
            )
        if kind == "discard":
            return "The claim fits nowhere on your landscape: it leaves the game and the rubies stay paid. [KL-14.2]"
        if kind == "sbid":
            return (
                f"Bids for this round's domino: at least {SUPP_MIN_BID} rubies and more than the highest "
                "bid; rubies covered this round do not count. [KL-16.2]"
            )
        if kind == "pass":
            return "You give up the domino for this round; a pass is final. [KL-16.4]"
        if kind == "claim":
            return (
                "Takes one of your own claims in hand; then choose where to lay it. Each claim once a "
                "round. [KL-31.3, KL-40.1]"
            )
        if kind == "back":
            return "Puts the claim back (once a turn) so you can choose another move. [KL-40.1]"
        if kind == "undo":
            return "Your move this turn: take your last claim back off the landscape. [KL-40.1]"
        if kind == "relayout":
            return "Your move this turn: lay out your tiles anew (only while no claim lies). [KL-40.1]"
        if kind == "done":
            return (
                "You stop and take a favour card; your board is checked after the last player "
                "joins a fate: exact gold and rubies gain the card's favour, anything else loses "
                "it. [KL-32.1, KL-34.2]"
            )
        if kind == "pick":
            return (
                "Takes this favour card; its value goes up or down its celebrity's track at the check. [KL-32, KL-34.2]"
            )
        if kind == "fate":
            return "You gain your card's favour if this player's board is exact and lose it if not. [KL-33.2, KL-34.4]"
        return ""

    def action_notes(self, state, actions):
        """Warnings per listed action (the terminal's notes), see :meth:`View.action_notes`."""
        notes, footnote = text.action_notes(state, actions)
        return list(notes), footnote or ""

    def status(self, state, seat) -> str:
        """The status bar's sentence for ``seat`` (None: a spectator): what this person does now
        or whom the table waits for and what that seat is doing; never a hidden amount (secret
        rubies, KL-21.2) or a secret race move (KL-40.1)."""
        st = state
        if st.is_terminal():
            win = st.winners()
            names = " and ".join(st.seat_name(s) for s in win)
            return f"The game is over: {names} {'win' if len(win) > 1 else 'wins'}."
        cur = st.current_player
        me = seat == cur
        who = st.seat_name(cur)
        p = st.phase
        if p == "layout":
            n = len(st.layouts[cur]) + 1
            if me:
                return f"Lay out your landscape: choose your {ORDINAL[n - 1]} tile and how it is turned."
            doing = "laying out a landscape"
        elif p == "auction":
            if st.displaced == cur:
                if me:
                    return "You were outbid: raise by one ruby at the same claim or move your figure to another claim."
                doing = "outbid and must raise or move"
            else:
                if me:
                    avail = "" if st.rubies[cur] is None else f" ({rubies(st.rubies[cur])} to bid with)"
                    return f"Your turn in the auction: set your figure at a claim of the front row{avail}."
                doing = "bidding in the auction"
        elif p in ("place", "splace"):
            what = claim_name(KINDS[st.won[cur]].id)
            if me:
                if st.claims[cur]:
                    return f"Lay {what} on your landscape, touching the claim you laid last."
                if st.variant == "square":
                    return f"Lay {what} anywhere on your landscape: your route starts there."
                return f"Lay {what} on your landscape, covering one of the two start cells on the left."
            doing = f"laying {what}"
        elif p == "sauction":
            if me:
                if st.s_high >= 0:
                    return f"Bid more than {rubies(st.s_bid)} for the domino, or pass."
                return f"Bid at least {SUPP_MIN_BID} rubies for the domino, or pass."
            doing = "deciding on the domino"
        elif p == "build" or (p == "tick" and st.building[cur] and me):
            # in a race turn, that a seat lays out again is its secret move: others are told
            # only that it is choosing a move (KL-40.1)
            if me:
                return f"Lay out your landscape for {requirement_words(st.req)}: 1 to 4 tiles (secret until the check)."
            doing = "laying out a landscape in secret"
        elif p == "tick":
            if me:
                if st.pend[cur] >= 0:
                    return f"Lay {claim_name(KINDS[st.pend[cur]].id)} on your landscape (your move this turn)."
                return (
                    f"Round {st.rround} of {RACE_ROUNDS}, turn {st.tick}: cover {requirement_words(st.req)}; "
                    "take a claim to lay, or choose another move (secret until all have moved)."
                )
            doing = f"choosing a secret move for turn {st.tick}"
        elif p == "pick":
            if me:
                place = ORDINAL[st.finish_order.index(cur)] if cur in st.finish_order else "early"
                return f"You finished {place}: take a favour card."
            doing = "taking a favour card"
        elif p == "lastpick":
            if me:
                return "You are the last player: take a remaining favour card."
            doing = "taking a remaining favour card as the last player"
        elif p == "fate":
            if me:
                return "Choose whose fate you join: that player's check decides your favour card."
            doing = "choosing whose fate to join"
        else:
            doing = "playing"
        if seat is None:
            return f"{who} is {doing}."
        return f"Waiting for {who}, who is {doing}."

    def forced(self, state):
        """The single legal action, taken for the person with a notice (a claim that fits
        nowhere, KL-14.2; the only pass or the remaining card, KL-33.1; the only fate with two
        players, KL-38.1); None for the race's secret moves (KL-40.1) and for the lone ``pass``
        that secret rubies offer (KL-21.2: taking it at once would tell the table)."""
        if state.is_terminal() or state.is_secret_decision():
            return None
        legal = state.legal_actions()
        if len(legal) != 1:
            return None
        if legal[0].kind == "pass" and state.options.get("secret_rubies"):
            return None
        return legal[0]

    def board_svg(self, obs, legal, names, seat=None, highlights=None):
        """The board as SVG (:func:`.svg.render_svg`), see :meth:`View.board_svg`."""
        return svg.render_svg(obs, legal, names, highlights=highlights)

    def place_keys(self, obs: dict) -> dict[str, str]:
        """``{place key: content}`` read from ``obs`` (the keys are the board's ``data-place``
        values, :func:`.svg.place_keys`)."""
        return svg.place_keys(obs)

    def render_text(self, state, seat):
        """The terminal view (:func:`.text.render`)."""
        return text.render(state, seat)


def _front_kind(st, slot: int) -> str:
    """The kind id of the front row's claim at ``slot`` (KL-12.1)."""
    return KINDS[st.rows[0][slot]].id


def _same_card(a: int, b: int) -> bool:
    ca, cb = FAVOUR_CARDS[a], FAVOUR_CARDS[b]
    return ca.track == cb.track and ca.value == cb.value
