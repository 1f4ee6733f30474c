"""How King Solomon's Treasury is shown to people: labels, status, board and rules (:class:`meeple.core.View`).

The terminal (``meeple play``) and the web server both draw the game through this view.
Every word here uses the rulebook's nouns (dig card, treasure, curse, scroll, magic item:
Mirror, Pickaxe, Seal, Amulet; treasury, cave entrance, coins). Labels are plain words
without rule ids; the help texts name the rule in brackets (``[SO-6.1]``).

Nothing here reveals hidden information: labels and help are asked only for the acting
seat's own legal actions and read only what that seat sees (the top tiles are public,
SO-13.1; its own card and tiles are its own); :meth:`SolomonView.status` reads the
observation of the seat it speaks to.
"""

from __future__ import annotations

from meeple.core import View

from . import svg, text
from .actions import CARD_SIZE, CELL_NAMES
from .components import CURSE, ITEMS, load

_C = load()

ITEM_WORD = {"MI": "Mirror", "PX": "Pickaxe", "SE": "Seal", "AM": "Amulet"}
"""The short rulebook name of each magic item (SO-1.3)."""
ITEM_EFFECT = {
    "MI": "turn the dig card any way",
    "PX": "dig on different levels",
    "SE": "dig any connected area of the card's size",
    "AM": "curses dug this turn cost nothing",
}
"""What each magic item does, in a few words (SO-11.5 .. SO-11.8)."""
ITEM_RULE = {"MI": "SO-11.5", "PX": "SO-11.6", "SE": "SO-11.7", "AM": "SO-11.8"}


def tile_word(code: str) -> str:
    """A tile in words: ``T3`` -> ``treasure 3``, ``C2`` -> ``curse 2``, ``S1`` -> ``scroll 1``,
    ``MI`` -> ``Mirror`` (SO-1.3).

    Raises:
        KeyError: not a tile code.
    """
    if code in ITEMS:
        return ITEM_WORD[code]
    return {"T": "treasure", "C": "curse", "S": "scroll"}[code[0]] + " " + code[1]


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _cells_text(cells) -> str:
    return ", ".join(cells)


def _squares(n: int) -> str:
    return f"{n} square" if n == 1 else f"{n} squares"


class SolomonView(View):
    """King Solomon's Treasury's view: labels and status in words, the board of :mod:`.svg`,
    the terminal view of :mod:`.text`."""

    description = (
        "An archaeologist's dig in King Solomon's treasury: a 6 x 6 cave of stacked tiles, "
        "four deep. Each round every player secretly picks a dig card; the lowest number digs "
        "first. On your turn you may shift tiles between neighbouring stacks (a coin a move, "
        "never upward) to line up the tiles you want on one level, then dig them out in the "
        "exact shape of your card. Treasures are money and points, scroll sets score 10, "
        "curses must be paid for but the most cursed player earns a big bonus, and magic items "
        "bend the rules once: the Mirror turns your card, the Pickaxe digs on different "
        "levels, the Seal digs any connected area and the Amulet makes curses free."
    )
    length = "45-60 minutes"
    how_to_play = (
        "The treasury is a cave of 6 x 6 spaces, each a stack of up to four tiles; only the top "
        "tile of each stack can be seen. Row 1 lies at the cave entrance.\n\n"
        "Each round, every player secretly chooses one dig card from their hand. When all have "
        "chosen, the cards are shown and players take turns from the lowest card number up.\n\n"
        "On your turn you may first move tiles: put the top tile of a stack on a neighbouring "
        "stack (diagonals count). A tile may only stay on its level or go deeper: "
        "the target stack must be lower than the one it leaves. Each move costs 1 coin, paid at "
        "the end of your turn.\n\n"
        "Then dig: tap a space of the cave and your card's shape appears there, its arrow "
        "pointing at the cave entrance; tap again to dig it. All the tiles you dig must lie on "
        "the same level. You take the top tile of each space. Or dig nothing and end your "
        "turn.\n\n"
        "At the end of the turn you pay 1 per move plus the value of every curse you dug, in "
        "coins or treasures. If you cannot pay, you pay nothing, but your dug tiles are handed "
        "out to the other players instead.\n\n"
        "A magic item dug in an earlier turn works once, with a dig: the Mirror turns the card, the Pickaxe digs on different levels, the Seal digs any "
        "connected area of the card's size and the Amulet makes dug curses free.\n\n"
        "When all cards are played, you score coins and treasures, 10 for each set of the "
        "four different scrolls, 24 and 12 for the most and second-most curses, and 16 and 8 "
        "for the most and second-most unused magic items. The highest total wins."
    )

    # ---------------------------------------------------------------- lobby
    def variant_text(self, variant: str) -> str:
        """One sentence on ``variant`` (``standard`` or ``children``) in plain words.

        Raises:
            KeyError: not a variant of this game.
        """
        return {
            "standard": "The rulebook's game: a tile may only move onto a stack lower than the one it leaves.",
            "children": "The rulebook's game for beginners and young children: tiles may also move up, "
            "onto any stack of at most three tiles.",
        }[variant]

    def option_text(self, name: str) -> tuple[str, str]:
        """``(label, help)`` of an option in plain words; the label has no rule id.

        Raises:
            KeyError: not an option of this game.
        """
        return {
            "max_moves_per_turn": (
                "Most tile moves in one turn",
                "A safeguard of the digital game that keeps every turn finite; 36 is far more than "
                "any sensible turn [SO-15.1].",
            ),
            "allow_upward_moves": (
                "Tiles may also move up",
                "The children's movement rule in the standard game: a tile may go onto any "
                "neighbouring stack of at most three tiles [SO-14.1].",
            ),
        }[name]

    def option_applies(self, name: str, variant: str) -> bool:
        """``allow_upward_moves`` changes nothing in the children's variant, which always lets
        tiles move up (SO-14.1); every other option applies to both variants."""
        return not (name == "allow_upward_moves" and variant == "children")

    # ----------------------------------------------------------------- play
    def listed_actions(self, state):
        """The legal actions in reading order (tile moves by cell), see :meth:`View.listed_actions`."""
        legal = state.legal_actions()
        listed = list(text.display_order(state, legal))
        return listed if sorted(a.text for a in listed) == sorted(a.text for a in legal) else legal

    def _due(self, state, dug=(), amulet=False) -> int:
        """What the turn owes if it ended now after digging ``dug`` (SO-7.2)."""
        return state.moves + (0 if amulet else sum(CURSE[t] for t in dug))

    def _dig_text(self, state, cells) -> str:
        """``"a1, b1, c1 with card 1: treasure 3, curse 2, scroll 1; pay 2"``."""
        seat = state.order[state.tidx]
        card = state.choices[seat]
        tops = [state.stacks[c][-1] for c in cells]
        amulet = "AM" in state.declared
        due = self._due(state, tops, amulet)
        what = ", ".join(tile_word(t) for t in tops)
        pay = f"pay {due}" if due else "nothing to pay"
        return f"{_cells_text(CELL_NAMES[c] for c in cells)} with card {card}: {what}; {pay}"

    def action_label(self, state, action) -> str:
        """The action in plain words with its cost, for the seat to act: ``"Choose dig card 17
        (5 squares)"``, ``"Move a tile: 1 coin"``, ``"Move scroll 3 from d3 to e3: 1 coin"``,
        ``"Dig c2, d2, c3, d3, c4 with card 15: scroll 1, scroll 2, treasure 2, treasure 5,
        curse 2; pay 5"``, ``"Use the Mirror: turn the dig card any way"``, ``"Add c3 to the
        Seal's dig area: treasure 4"``, ``"Dig nothing and end the turn; pay 2"``, ``"Give
        curse 1 to P2"``. No rule ids, never the notation alone.

        Raises:
            ValueError: an action kind this game does not have.
        """
        kind = action.kind
        if kind == "play":
            n = action.args[0]
            return f"Choose dig card {n} ({_squares(CARD_SIZE[n])})"
        if kind == "gate":
            return "Move a tile: 1 coin"
        if kind == "back":
            return "Back: move no tile"
        if kind == "move":
            a, b = action.args
            tile = state.stacks[a][-1]
            return f"Move {tile_word(tile)} from {CELL_NAMES[a]} to {CELL_NAMES[b]}: 1 coin"
        if kind == "use":
            k = action.args[0]
            return f"Use the {ITEM_WORD[k]}: {ITEM_EFFECT[k]}"
        if kind == "dig":
            return "Dig " + self._dig_text(state, action.args[0])
        if kind == "pick":
            c = action.args[0]
            picks = list(state.picks) + [c]
            card = state.choices[state.order[state.tidx]]
            if len(picks) == CARD_SIZE[card]:
                return "Add " + CELL_NAMES[c] + " and dig " + self._dig_text(state, sorted(picks))
            return f"Add {CELL_NAMES[c]} to the Seal's dig area: {tile_word(state.stacks[c][-1])}"
        if kind == "decline":
            due = state.moves
            return "Dig nothing and end the turn" + (f"; pay {due}" if due else "")
        if kind == "give":
            return f"Give {tile_word(action.args[0])} to {state.seat_name(state.gives[0])}"
        raise ValueError(f"not an action of King Solomon's Treasury: {action.text!r}")

    def action_help(self, state, action) -> str:
        """What the action does, with the rule in brackets (``[SO-6.1]``).

        Raises:
            ValueError: an action kind this game does not have.
        """
        kind = action.kind
        if kind == "play":
            return (
                "Lay this dig card face down for this round. When everyone has chosen, the cards "
                "are shown and players dig from the lowest number up; the card's shape is the "
                "shape you dig [SO-4.2, SO-4.3]."
            )
        if kind == "gate":
            return (
                "Choose a tile to move onto a neighbouring stack that is lower than its own "
                "(the same level or deeper). Each move costs 1, paid at the end of the turn, and "
                "is final [SO-6.1, SO-6.2, SO-6.5]."
            )
        if kind == "back":
            return "Make no move after all: nothing is paid, and you choose again [SO-6.5]."
        if kind == "move":
            a, b = action.args
            h, g = len(state.stacks[a]), len(state.stacks[b])
            return (
                f"The top tile of {CELL_NAMES[a]} (level {h}) goes onto {CELL_NAMES[b]} at level {g + 1}; "
                f"the tile under it is revealed. Costs 1 at the end of the turn "
                f"[SO-6.1, SO-6.5, SO-6.7]."
            )
        if kind == "use":
            k = action.args[0]
            return (
                f"Declare {_C.item_names[k]} for this turn's dig: {ITEM_EFFECT[k]}. It is spent "
                f"when you dig and no tile may be moved after it [{ITEM_RULE[k]}, SO-11.3]."
            )
        if kind == "dig":
            return (
                "Take the top tile of each of these spaces. You pay 1 per move made and the value "
                "of every curse dug, in coins or treasures; if you cannot, your dug tiles go to "
                "the other players [SO-8.3, SO-7.2, SO-10]."
            )
        if kind == "pick":
            return (
                "The Seal lets you dig any connected area with as many spaces as your card has "
                "squares, all on one level; the dig happens when the area is complete [SO-11.7]."
            )
        if kind == "decline":
            return (
                "End your turn without digging. Your tile moves are still paid; if you cannot pay "
                "them, each other player gets a tile of your choice [SO-8.6, SO-10.5]."
            )
        if kind == "give":
            return (
                "You could not pay: hand this tile to the next player who received nothing. "
                "Only the two of you see which tile it is [SO-10.3, SO-10.6]."
            )
        raise ValueError(f"not an action of King Solomon's Treasury: {action.text!r}")

    def action_notes(self, state, actions):
        """Warnings per listed action (the terminal's notes), see :meth:`View.action_notes`."""
        notes, footnote = text.action_notes(state, actions)
        return list(notes), footnote or ""

    def status(self, state, seat) -> str:
        """The status bar's sentence for ``seat`` (None: a spectator), read from that seat's
        observation only (a secret card choice stays secret, SO-4.2, SO-13)."""
        obs = state.observation(seat)
        phase = obs["phase"]
        name = state.seat_name
        rnd = min(obs["round"], obs["rounds"])
        if phase == "over":
            scores = state.scores()
            best = max(scores)
            win = [name(p) for p, v in enumerate(scores) if v == best]
            if len(win) == 1:
                return f"The game is over: {win[0]} wins with {best} points."
            return f"The game is over: {', '.join(win[:-1])} and {win[-1]} share the victory with {best} points."
        cur = state.current_player
        if phase == "choose":
            if seat == cur:
                return f"Choose a dig card for round {rnd} of {obs['rounds']} (secret until all have chosen)."
            mine = obs["players"][seat]["choice"] if seat is not None else None
            if mine:
                return f"You chose card {mine}. Waiting for {name(cur)} to choose a dig card (secret until all have chosen)."
            return f"Waiting for {name(cur)} to choose a dig card for round {rnd} (secret until all have chosen)."
        card = obs["players"][cur]["choice"]
        if phase == "give":
            to = name(obs["gives"][0]) if obs["gives"] else "the next player"
            if seat == cur:
                return f"You could not pay: give a tile of your choice to {to}."
            return f"Waiting for {name(cur)}, who could not pay, to give a tile to {to}."
        moves = obs["moves"]
        so_far = f" ({moves} moved so far, {_coins(moves)} to pay)" if moves else ""
        if seat == cur:
            if obs["moving"]:
                return f"Your turn with card {card}: tap a tile, then the space to move it to (1 coin){so_far}."
            if obs["picks"]:
                left = CARD_SIZE[card] - len(obs["picks"])
                return f"Your turn with card {card}: add {left} more space{'s' if left != 1 else ''} to the Seal's dig area."
            if obs["declared"]:
                used = " and ".join(ITEM_WORD[k] for k in obs["declared"])
                return f"Your turn with card {card}: dig with the {used}, or dig nothing{so_far}."
            return f"Your turn with card {card}: move tiles (1 coin each) or dig the card's shape{so_far}."
        if obs["picks"] or obs["declared"]:
            doing = "digging"
        elif moves or obs["moving"]:
            doing = f"moving tiles ({moves} so far)" if moves else "moving tiles"
        else:
            doing = "moving tiles or digging"
        return f"Waiting for {name(cur)}, who plays card {card}: {doing}."

    def forced(self, state):
        """The single legal action, taken for the person with a notice; None for the secret
        card choice (the person lays the card themselves, SO-4.2) and whenever there is a
        choice."""
        if state.phase == "choose":
            return None
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    # ---------------------------------------------------------------- board
    def board_svg(self, obs, legal, names, seat=None, highlights=None):
        """The board as SVG (:func:`.svg.render_svg`), see :meth:`View.board_svg`."""
        return svg.render_svg(obs, legal, names, highlights=highlights)

    def place_keys(self, obs) -> dict[str, str]:
        """What each place shows, read from ``obs``: each space of the treasury by its name
        (``"d3"`` -> its height, tiles seen and tiles never seen, SO-2.4, SO-13.1) and each
        seat's panel (``"seat-0"`` -> coins, tiles, hand size, chosen card), the keys of the
        board's ``data-place`` attributes."""
        out = {}
        for c in obs["board"]:
            out[c["cell"]] = f"{c['height']}|{c['unseen']}|{' '.join(c['seen'])}"
        for p, info in enumerate(obs["players"]):
            out[svg.seat_key(p)] = (
                f"{info['coins']}|{' '.join(info['known_tiles'])}|{info['unknown_tiles']}|"
                f"{info['hand_size']}|{int(info['committed'])}|{info['choice'] or ''}"
            )
        return out

    def render_text(self, state, seat):
        """The terminal view (:func:`.text.render`)."""
        return text.render(state, seat)
