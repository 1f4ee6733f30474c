"""Issue 45: a person waits at most ``bot_wait`` seconds for the bots of their table.

The bots of a table share one budget per run of bot decisions between two decisions of
people (:class:`meeple.server.bots.WaitBudget`); each decision is capped at its share
(``BotJob.cap`` -> ``Agent.decision_cap``). Time is faked here: no test is timed.
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from meeple.agents import make
from meeple.agents.base import Agent
from meeple.core import load_game
from meeple.server.bots import CAP_FLOOR, WAIT_BUDGET, ThreadBots, WaitBudget
from meeple.server.db import open_db
from meeple.server.service import Service, Stale


def test_a_run_shares_what_is_left_over_the_decisions_expected():
    wb = WaitBudget(seconds=4.0, first_guess=3)
    wb.begin(100.0)
    assert wb.cap(100.0) == pytest.approx(4.0 / 3)  # no run seen yet: one share a bot seat
    wb.made = 1
    assert wb.cap(101.0) == pytest.approx(3.0 / 2)
    wb.made = 3
    assert wb.cap(103.9) == pytest.approx(0.1)  # more than guessed: all that is left
    assert wb.cap(105.0) == CAP_FLOOR  # spent: the least a search can do
    wb.begin(110.0)  # a person decided: the run of three is learned
    assert wb.lengths == {3: 1} and wb.made == 0
    assert wb.cap(110.0) == pytest.approx(4.0 / 3)


def test_a_long_run_learned_gives_each_decision_less():
    wb = WaitBudget(seconds=4.0, lengths={10: 1, 2: 1})
    wb.begin(0.0)
    assert wb.expected_left() == pytest.approx(6.0)  # the mean of 10 and 2
    wb.made = 3  # only the run of ten came this far
    assert wb.expected_left() == pytest.approx(7.0)
    assert wb.cap(1.0) == pytest.approx(3.0 / 7)


class _Deadline(Agent):
    spec = "deadline"

    def decide(self, state, legal, deadline):
        self.seen = deadline
        return legal[0]


def test_the_cap_bounds_the_decision_whatever_the_turn_budget():
    state = load_game("solomon").new_initial_state(num_players=2, seed=3)
    bot = _Deadline()
    bot.clock = lambda: 50.0
    bot.decision_cap = 0.25
    bot.choose(state)
    assert bot.seen == 50.25
    bot.turn_budget = 3.0  # a share of 3 s, cut to the cap
    bot.choose(state)
    assert bot.seen == 50.25
    bot.decision_cap = None
    bot.choose(state)
    assert bot.seen > 50.25  # uncapped: its share of the turn budget


class _Recording(ThreadBots):
    """Plays a random legal action and, on a fake clock, spends the whole cap it was given."""

    def __init__(self, clock):
        super().__init__(1)
        self.clock = clock
        self.jobs = []

    async def _run(self, job):
        self.jobs.append(job)
        if job.cap is not None:
            self.clock.offset += job.cap
        state = load_game(job.game).state_from_dict(job.state)
        return random.Random(job.reset_seed).choice(state.legal_actions()).text, None


class _Clock:
    def __init__(self):
        self.offset = 0.0

    def __call__(self):
        return time.monotonic() + self.offset


@pytest.mark.parametrize("game", ["lignum", "magnum-sal", "klondike", "solomon"])
def test_every_run_of_bots_fits_in_the_persons_wait(tmp_path, game):
    clock = _Clock()
    runner = _Recording(clock)
    runs: list[list[float]] = []

    async def main():
        service = Service(open_db(f"sqlite:///{tmp_path / 'games.db'}"), bots=runner, tick=0.05)
        service.clock = clock
        await service.start()
        made = await service.create({"game": game, "seats": ["human", "random", "random", "random"], "seed": 5})
        gid, tok = made["id"], made["seats"][0]["token"]
        await service.connect(gid, tok, lambda payload: None)  # the person's page is open
        g = service.games[gid]
        rng = random.Random(1)
        for _ in range(60):
            end = time.monotonic() + 60
            while not g.state.is_terminal() and g.state.current_player != 0:
                assert time.monotonic() < end, "the bots stopped"
                await asyncio.sleep(0.01)
            if g.state.is_terminal():
                break
            action = rng.choice(g.state.legal_actions()).text
            jobs = [j.cap for j in runner.jobs]
            try:
                await service.move(gid, tok, action, g.version)
            except Stale:  # a forced step was taken for the person meanwhile (the bots' run goes on)
                await asyncio.sleep(0.01)
                continue
            if jobs:  # the person decided: the bots' run before it is over
                runs.append(jobs)
                del runner.jobs[: len(jobs)]
        await service.stop()

    asyncio.run(main())
    assert len(runs) > 10
    for caps in runs:
        assert None not in caps
        # the decisions, each spending its whole cap, fit in the wait (a floor a decision past it)
        assert sum(caps) <= WAIT_BUDGET + CAP_FLOOR * len(caps) + 1e-9, caps
    longest = max(len(caps) for caps in runs)
    assert longest > 3 or game in ("solomon", "klondike")
    # each person's decision starts a fresh run: its first decision gets a full share
    assert all(caps[0] >= WAIT_BUDGET / longest - 1e-9 for caps in runs), [
        c for c in runs if c[0] < WAIT_BUDGET / longest
    ]


def test_bots_alone_think_their_own_budget(tmp_path):
    runner = _Recording(_Clock())

    async def main():
        service = Service(open_db(f"sqlite:///{tmp_path / 'games.db'}"), bots=runner, tick=0.05)
        await service.start()
        made = await service.create({"game": "solomon", "seats": ["random", "random"], "seed": 2})
        await service.connect(made["id"], None, lambda payload: None)  # a spectator: they play
        g = service.games[made["id"]]
        end = time.monotonic() + 60
        while len(runner.jobs) < 5:
            assert time.monotonic() < end
            await asyncio.sleep(0.01)
        await service.stop()
        return g

    asyncio.run(main())
    assert all(j.cap is None for j in runner.jobs)


def test_a_real_bot_keeps_to_its_cap():
    """choose_action hands the cap to the bot (a huge search, cut to one iteration's worth)."""
    from meeple.server.bots import BotJob, choose_action

    state = load_game("solomon").new_initial_state(num_players=2, seed=4)
    bot = make("mcts:1000000", 0)
    job = BotJob("solomon", state.to_dict(), "mcts:1000000", 0, 0, None, 0.0)
    text, _ = choose_action(job)
    assert text in [a.text for a in state.legal_actions()]
    assert bot.decision_cap is None  # a fresh bot has no cap
