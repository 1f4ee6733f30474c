"""A tiny hidden-information game used to test the core, the bots and the CLI.

"Fifteen": a shuffled deck of cards 1..9 (order hidden). In turn, each seat still in the
race either draws the top card into its hidden hand or stops. A hand over 15 busts (the
seat is out with 0 points). When every seat has stopped or bust, the best total <= 15
wins; ties are broken by fewer cards. It is the reference for how a game implements the
State hooks: plain-value fields declared once in ``FIELDS`` (the core makes the clone, the save
and the checks of loading from it), ``_resample`` from the observation only.
"""

from __future__ import annotations

from meeple.core import TERMINAL, Action, Game, Option, State, register
from meeple.core.fields import SEATS, Field, Fields

DRAW = Action("draw", "draw")
STOP = Action("stop", "stop")


class ToyState(State):
    FIELDS = Fields(
        Field("deck", list[int], low=1, high=9),  # the undrawn cards, top last (hidden)
        Field("hands", list[list[int]], (SEATS,), low=1, high=9),  # each seat's cards (hidden)
        Field("stopped", list[bool], (SEATS,)),  # per seat: stopped or bust
        Field("turn", int),  # the seat to play, or TERMINAL
    )

    def _setup(self) -> None:
        self.deck = list(range(1, 10))
        self.rng.shuffle(self.deck)
        self.hands = [[] for _ in range(self.num_players)]
        self.stopped = [False] * self.num_players
        self.turn = 0

    @property
    def current_player(self) -> int:
        return self.turn

    def _legal_actions(self):
        if self.deck and sum(self.hands[self.turn]) < self.options["limit"]:
            return [DRAW, STOP]
        return [STOP]

    def _why_illegal(self, text):
        if text == "draw":
            return "TOY-2", "you cannot draw: the deck is empty or your hand is full"
        return "TOY-1", f"'{text}' is not an action of this game (draw, stop)"

    def _apply(self, action: Action) -> None:
        seat = self.turn
        if action.kind == "draw":
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.log(f"seat {seat} draws a card")
            if sum(self.hands[seat]) > self.options["limit"]:
                self.stopped[seat] = True
                self.log(f"seat {seat} busts")
        else:
            self.stopped[seat] = True
            self.log(f"seat {seat} stops")
        self._advance()

    def _advance(self) -> None:
        n = self.num_players
        for k in range(1, n + 1):
            s = (self.turn + k) % n
            if not self.stopped[s]:
                self.turn = s
                return
        self.turn = TERMINAL

    def _observation(self, seat):
        return {
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "my_hand": sorted(self.hands[seat]) if seat is not None else None,
            "stopped": self.stopped[:],
        }

    hidden_orders = ("deck",)  # the saved lists whose order nobody sees (the leak check shuffles them)

    def _resample(self, seat, rng) -> None:
        # unseen cards, in a canonical order, are dealt anew: depends only on what seat sees
        seen = set(self.hands[seat])
        unseen = [c for c in range(1, 10) if c not in seen]
        rng.shuffle(unseen)
        for s in range(self.num_players):
            if s != seat:
                k = len(self.hands[s])
                self.hands[s], unseen = unseen[:k], unseen[k:]
        self.deck = unseen
        self.hands[seat] = sorted(self.hands[seat])

    def _total(self, seat: int) -> int:
        t = sum(self.hands[seat])
        return t if t <= self.options["limit"] else 0

    def scores(self):
        return [self._total(s) for s in range(self.num_players)]

    def _rank_key(self, seat):
        return (self._total(seat), -len(self.hands[seat]))


@register
class ToyGame(Game):
    name = "toy"
    title = "Fifteen (test game)"
    min_players = 2
    max_players = 3
    variants = ("standard",)
    options = (Option("limit", 15, "bust above this total"),)
    state_class = ToyState
    package = "tests.support"
    rules_help = "Draw cards or stop; the best total not above 15 wins."
