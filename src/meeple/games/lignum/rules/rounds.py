"""Lignum's rounds: setup (LG-3), the start of a round (LG-4.2: refilling the path LG-5, placement
cards LG-6, the felling-area choice LG-7 or the tactical pick LG-24), and its end (LG-17).

These steps run by themselves (no decision); ``flow.py`` calls them between the phases.
"""

from __future__ import annotations

from ..components import (
    FODDER_TOTAL,
    PLACEMENT_CARDS,
    PRODUCT_COUNTS,
    PRODUCT_NAMES,
    SEASONS,
    SETUP,
    TASK_CARDS,
    TASKS_DISPLAYED,
    TOKEN_SPACES,
    WINTER_CARDS,
)
from .common import PART_OVER, seat_name
from .travel import start_travel
from .winter import winter_demand


# ================================================================ setup
def setup_game(s) -> None:
    """LG-3: setup of a new game (fields are created in the state's ``_setup``)."""
    n = s.num_players
    rng = s.rng
    # LG-3.8 random start player, clockwise order
    start = s.start_player = rng.randbelow(n)
    s.order = [(start + i) % n for i in range(n)]
    # LG-3.4 product stack
    stack = []
    for p, c in enumerate(PRODUCT_COUNTS):
        stack += [p] * c
    rng.shuffle(stack)
    s.pstack = stack
    # LG-3.5 decks
    deck = list(range(len(PLACEMENT_CARDS)))
    rng.shuffle(deck)
    s.pdeck = deck
    # LG-3.6 winter cards: two cards, a random half each (easier half with option easy_winter)
    wdeck = list(range(len(WINTER_CARDS)))
    rng.shuffle(wdeck)
    s.winter = []
    for _ in range(2):
        c = wdeck.pop()
        half = 1 if s.options.get("easy_winter") else rng.randbelow(2)
        s.winter.append([c, half])
    s.wrest = wdeck
    if s.advanced:
        tdeck = list(range(len(TASK_CARDS)))
        rng.shuffle(tdeck)
        s.tdeck = tdeck
    # LG-3.7 / LG-23.2 first-round areas
    areas = [1, 2, 3, 4, 5, 6]
    rng.shuffle(areas)
    k = SETUP[n].three_fw_areas
    for i, a in enumerate(areas):
        s.areas_wood[a - 1][0] = 3 if i < k else 2
    for slot, seat in enumerate(s.order):
        s.area[seat] = areas[slot]
    # LG-24.2 tactical: the cards for Y1 summer are revealed during setup
    if s.tactical:
        reveal_next(s, 0)
    s.round = 0
    start_nonwinter(s)


def log_first_round_areas(s) -> None:
    """Say in the log what the set-up decided for the first spring, which has no placement
    cards and no area choice (LG-4.3): the start player (drawn, LG-3.8), the areas holding
    3 firewood (one a player, the others 2) and whose felling token lies on which (LG-3.7,
    LG-23.2 for 2 and 3 players; RULING: dealt in player order, all such areas alike).
    Display only: the set-up itself is :func:`setup_game`'s."""
    rule = "LG-3.7" if s.num_players == 4 else "LG-23.2"
    three = [f"A{a + 1}" for a in range(6) if s.areas_wood[a][0] == 3]
    tokens = ", ".join(f"{seat_name(p)} A{s.area[p]}" for p in s.order)
    later = (
        "picks his area openly at the end of the round before, LG-24.3"
        if s.tactical
        else "chooses his area secretly, LG-7.1"
    )
    s.log(
        f"set-up: start player {seat_name(s.order[0])} (drawn at random, LG-3.8); player order "
        + ", ".join(seat_name(p) for p in s.order)
    )
    s.log(
        f"set-up of the first felling areas ({rule}; no area choice in Y1 spring, LG-4.3): 3 firewood in "
        f"{', '.join(three[:-1])} and {three[-1]}, 2 in the others; the felling tokens are dealt in player "
        f"order onto the 3-firewood areas: {tokens} (from summer on, each player {later})"
    )


# ======================================================== round starts
def next_nonwinter(r: int) -> int:
    """The next spring/summer/fall round after round ``r`` (or -1)."""
    r += 1
    if r in (3, 7):
        r += 1
    return r if r < 8 else -1


def reveal_next(s, r: int) -> None:
    """LG-24.2: reveal the placement cards of the round after ``r`` (tactical)."""
    nxt = next_nonwinter(r)
    s.prevealed = []
    if nxt < 0:
        return
    deck, revealed = s.pdeck[:], []  # (new lists: a clone shares the decks, LignumState._copy)
    for _ in range(SETUP[s.num_players].placement_cards):
        if deck:
            revealed.append(deck.pop())
    s.pdeck, s.prevealed = deck, revealed
    if s.prevealed:
        s.log("next round's placement cards: " + ", ".join(PLACEMENT_CARDS[c][0] for c in s.prevealed))


def start_nonwinter(s) -> None:
    """LG-4.2 steps 1–3: refill the path, mark wood and food, then area choice / travel."""
    n = s.num_players
    r = s.round
    s.log(f"--- {SEASONS[r]} ---")
    refill(s)
    if r > 0:
        # LG-6 placement cards
        if s.tactical:
            cards = s.prevealed
            reveal_next(s, r)
        else:
            cards, deck = [], s.pdeck[:]
            for _ in range(SETUP[n].placement_cards):
                if deck:
                    cards.append(deck.pop())
            s.pdeck = deck
        for c in cards:
            cid, items = PLACEMENT_CARDS[c]
            s.log(f"placement card {cid}")
            for area, item, count in items:
                if item == 3:
                    s.areas_food[area - 1] += count
                else:
                    s.areas_wood[area - 1][item] += count
        s.pused = s.pused + cards
        # LG-6.2 every area without wood gets 1 firewood (food does not count)
        for a in range(6):
            w = s.areas_wood[a]
            if w[0] + w[1] + w[2] == 0:
                w[0] = 1
        if s.tactical:
            # LG-24.5 each player takes all food in his (unshared) area
            for seat in s.order:
                a = s.area[seat]
                if a and s.areas_food[a - 1]:
                    f = s.areas_food[a - 1]
                    s.food[seat] += f
                    s.areas_food[a - 1] = 0
                    s.log(f"{seat_name(seat)} takes {f} food from area {a}")
            s.phase = "travel"
        else:
            s.phase = "choose"
    else:
        s.phase = "travel"
    s.pi = 0
    if s.phase == "travel":
        start_travel(s)


def refill(s) -> None:
    """LG-5 / LG-23.1 / LG-23.3: refill workers, fodder and the 13 path tokens."""
    n = s.num_players
    st = SETUP[n]
    held = sum(s.fodder3) + sum(s.fodder2)
    s.path_w = [st.carriers, min(st.fodder, FODDER_TOTAL - held), st.woodcutters, st.sawyers0, st.sawyers1]
    tokens = []
    for name in ("wagon", "raft", "saw", "sled", "dollar_token", "food_token", "x_token"):
        want = st.mix.get(name, 0)
        have = min(want, s.supply[name])  # LG-5.3 fewer tokens if the supply lacks some
        s.supply[name] -= have
        tokens += [name] * have
    stack = s.pstack[:]
    for _ in range(st.products):
        if stack:
            tokens.append("p" + PRODUCT_NAMES[stack.pop()])
    s.pstack = stack
    tokens += [""] * (len(TOKEN_SPACES) - len(tokens))
    s.rng.shuffle(tokens)
    s.path_tok = [""] * 21
    for sp, t in zip(TOKEN_SPACES, tokens):
        s.path_tok[sp] = t
    # LG-25.2 task display
    if s.advanced:
        display, deck = s.tdisplay[:], s.tdeck[:]
        while len(display) < TASKS_DISPLAYED[n] and deck:
            display.append(deck.pop())
        s.tdisplay, s.tdeck = display, deck
    s.pos = [0] * n


# ================================================ LG-7 secret choice
def reveal_choices(s) -> None:
    """LG-7.1 reveal all felling tokens; LG-7.3 food sharing."""
    n = s.num_players
    for p in range(n):
        s.area[p] = s.secret[p]
        s.secret[p] = 0
    s.log("felling areas: " + ", ".join(f"{seat_name(p)}→{s.area[p]}" for p in s.order))
    for a in range(1, 7):
        who = [p for p in s.order if s.area[p] == a]
        f = s.areas_food[a - 1]
        if who and f:
            each = f // len(who)
            if each:
                for p in who:
                    s.food[p] += each
                left = f - each * len(who)
                s.areas_food[a - 1] = left
                if len(who) == 1:
                    s.log(f"{seat_name(who[0])} takes {each} food from area {a}")
                else:
                    names = ", ".join(seat_name(p) for p in who[:-1]) + f" and {seat_name(who[-1])}"
                    s.log(f"{names} take {each} food each from area {a}" + (f" ({left} stays there)" if left else ""))


def apply_area(s, seat: int, args: tuple):
    """``area N``: the secret felling-area choice (LG-7.1) or, tactical, the open pick of the
    next round's area (LG-24.3/24.4); the seat's part of the phase is over."""
    a = args[0]
    if s.stage == "choose":
        s.secret[seat] = a  # LG-7.1 secret commitment
        s.log(f"{seat_name(seat)} chooses a felling area (secret)")
    else:
        s.area[seat] = a  # LG-24.3/24.4 tactical pick
        s.log(f"{seat_name(seat)} picks felling area {a} for the next round")
    return PART_OVER


# ================================================ LG-17 end of round
def end_round(s) -> None:
    """LG-17: new player order (reverse arrival) and clean-up; tactical pick follows."""
    n = s.num_players
    s.order = s.clearing[::-1]
    s.log("new player order: " + ", ".join(seat_name(p) for p in s.order))
    for sp in range(21):
        t = s.path_tok[sp]
        if t and t[0] != "p":
            s.supply[t] += 1  # equipment / X back to the supply
        s.path_tok[sp] = ""  # product tokens leave the game (LG-17.2)
    s.path_w = [0, 0, 0, 0, 0]
    s.workers = [[0, 0, 0] for _ in range(n)]
    s.mill_free = [True] * n
    s.pos = [0] * n
    s.area = [0] * n
    if s.tactical and next_nonwinter(s.round) >= 0:
        s.phase = "tact"
        s.pi = 0
        return
    next_round(s)


def next_round(s) -> None:
    """The next round: a winter (LG-20, its card's demand in the log) or a spring/summer/fall."""
    s.round += 1
    s.pi = 0
    if s.round in (3, 7):
        s.log(f"--- {SEASONS[s.round]} ---")
        f, h = winter_demand(s)
        s.log(f"winter card: {f} food, {h} heating")
        s.phase = "w_bonus"
        return
    start_nonwinter(s)
