"""Leak test: whole games of every game and variant through the service; every payload sent
to a seat or a spectator is a function of what that seat may see, and shows none of the
hidden values its observation lacks."""

from __future__ import annotations

import asyncio
import json
import random
import re

import pytest

import meeple
from meeple.server import payload as payload_module
from meeple.server.db import open_db
from meeple.server.payload import build_payload
from meeple.server.service import Service

CASES = [(g, v) for g in ("magnum-sal", "lignum", "solomon", "klondike") for v in meeple.load_game(g).variants]


def _strings(value, out: set) -> set:
    """The string values (not the keys) inside ``value``."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    return out


def hidden_values(state, seat) -> set[str]:
    """String values of the full state (``to_dict()``) that ``seat`` is not shown: absent from
    its observation, the events and the legal actions (card and tile ids, hands ...)."""
    shown = _strings(state.observation(seat), set())
    shown |= _strings(list(state.events), set())
    shown |= {a.text for a in state.legal_actions()} if seat == state.current_player else set()
    text = " ".join(shown)
    return {
        s
        for s in _strings(state.to_dict()["state"], set())
        if len(s) >= 2 and s not in shown and not re.search(rf"(?<![\w]){re.escape(s)}(?![\w])", text)
    }


BOARD = {"full": True}
"""Whether payloads carry the real board now (the terminal view is slow to draw: it is drawn,
and so checked, on a dozen versions of each game and at the end; the rest of every payload
is checked at every version)."""


@pytest.fixture
def sampled_board(monkeypatch):
    real = payload_module.board_html

    def board_html(state, obs, seat, legal, names):
        return real(state, obs, seat, legal, names) if BOARD["full"] else ("text", "(board not drawn)")

    monkeypatch.setattr(payload_module, "board_html", board_html)
    yield
    BOARD["full"] = True


class Checker:
    """A subscriber that checks each payload it is pushed against the live state: the same
    payload is built from a re-sample of what its seat cannot see, and no hidden value of
    the state appears in it."""

    def __init__(self, game, seat, rng):
        self.game, self.seat, self.rng = game, seat, rng
        self.checked = 0
        self.boards = 0

    def push(self, payload: dict) -> None:
        g = self.game()
        state = g.state
        as_seat = self.seat if self.seat is not None else self.checked % state.num_players
        again = build_payload(state.resample_hidden(as_seat, self.rng), self.seat, g.info())
        g._name_players(again)  # the names people typed in the lobby: the table's, nothing hidden
        if again["can_undo"] and not payload["can_undo"]:
            # the live table refines the offer with the take-back checks (on re-samples of what
            # the seat saw: LiveGame.undo_possible); a re-sample's history reads "?", so only
            # the first, generic part of the check can be built again here
            again["can_undo"] = False
        assert payload == again, f"seat {self.seat}: payload differs on a re-sample at version {g.version}"
        if BOARD["full"] or self.checked % 3 == 0:
            blob = json.dumps(payload)
            for value in hidden_values(state, self.seat):
                assert not re.search(rf"(?<![\w]){re.escape(value)}(?![\w])", blob), (
                    f"seat {self.seat} was sent the hidden value {value!r}"
                )
        self.checked += 1
        self.boards += BOARD["full"]


LENGTH = {"magnum-sal": 470, "lignum": 280, "solomon": 120, "klondike": 60}
"""About how many actions a random 2-player game takes (to spread the drawn boards)."""


@pytest.mark.parametrize("game, variant", CASES)
def test_no_payload_holds_hidden_information(tmp_path, sampled_board, game, variant):
    g = meeple.load_game(game)
    n = max(2, g.min_players)
    every = max(1, LENGTH[game] // 12)
    pick = random.Random(7)

    async def main():
        service = Service(open_db(f"sqlite:///{tmp_path / 'leak.db'}"))
        await service.start()
        caps = {o.name: o.default for o in g.options if o.human_default is not None}  # random play needs the
        # simulation's safety caps (a table with people gets them off, Option.human_default)
        made = await service.create(
            {"game": game, "variant": variant, "seats": ["human"] * n, "seed": 3, "options": caps}
        )
        tokens = [s["token"] for s in made["seats"]]
        live = service.games[made["id"]]
        checkers = [Checker(lambda: live, s, random.Random(s)) for s in [*range(n), None]]
        for c in checkers:
            BOARD["full"] = True
            await service.connect(made["id"], None if c.seat is None else tokens[c.seat], c.push)
        next_board = every  # forced steps taken for a person may move the history on by more than one
        while not live.state.is_terminal():
            state = live.state
            action = pick.choice(state.legal_actions()).text
            BOARD["full"] = len(state.history) + 1 >= next_board or _ends_with(state, action)
            await service.move(made["id"], tokens[state.current_player], action, live.version)
            while next_board <= len(live.state.history):
                next_board += every
        await service.stop()
        return live, checkers

    live, checkers = asyncio.run(main())
    assert live.state.is_terminal() and live.state.history
    for c in checkers:  # every public move changes every seat's payload (its version at least)
        assert c.checked >= live.version and c.boards >= 3


def _ends_with(state, action) -> bool:
    after = state.clone()
    after.apply_action(action)
    return after.is_terminal()


def test_a_rivals_secret_steps_send_nothing_and_keep_the_clock(tmp_path):
    """Klondike's race: the steps of one seat's secret commitment reach no other socket and do
    not restart the visible timer (docs/web.md: "not even as a count"; issue 45, finding 5)."""

    async def main():
        service = Service(open_db(f"sqlite:///{tmp_path / 'race.db'}"))
        await service.start()
        made = await service.create(
            {"game": "klondike", "variant": "race", "seats": ["human", "human"], "timer_seconds": 600}
        )
        tokens = [s["token"] for s in made["seats"]]
        live = service.games[made["id"]]
        got = {0: [], 1: []}
        for seat in (0, 1):
            await service.connect(made["id"], tokens[seat], got[seat].append)
        hidden_steps = 0
        pick = random.Random(1)
        for _ in range(400):
            state = live.state
            if state.is_terminal():
                break
            p = state.current_player
            before_version, before_deadline = live.version, live.deadline
            before = {s: len(got[s]) for s in (0, 1)}
            await service.move(made["id"], tokens[p], pick.choice(state.legal_actions()).text, live.version)
            if live.version == before_version and live.state.current_player == p:
                hidden_steps += 1
                assert len(got[1 - p]) == before[1 - p], "a rival was told of a secret step"
                assert live.deadline == before_deadline, "the clock restarted on a secret step"
        await service.stop()
        return hidden_steps

    assert asyncio.run(main()) > 10
