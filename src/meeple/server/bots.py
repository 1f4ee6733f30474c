"""Where the web server's bots think: never on the server's own interpreter.

A bot decision is a pure function of the game, the bot's spec and seeds
(:func:`choose_action`), so it can run anywhere: :class:`ProcessBots` (the default) runs it in
a pool of worker processes on this machine, :class:`RayBots` as Ray tasks on a cluster
(``meeple serve --ray ADDRESS``), :class:`ThreadBots` in a thread of the server's process
(tests, and a machine without ``fork``). The server never holds the GIL for a search, so a
person's move is answered while 16 bot tables think.

Fairness: every runner lets at most ``slots`` searches run at once; the others wait in
arrival order (an :class:`asyncio.Semaphore` wakes its waiters first come, first served), and
a table's driver asks for one decision at a time. Tables of bots alone (someone watching)
hold at most ``slots - 1`` slots, so tables of four ``hard`` bots cannot starve a table where
a person waits (:meth:`BotRunner.choose`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
from dataclasses import dataclass, field
from typing import Any

from ..agents import make
from ..core import load_game


@dataclass(frozen=True)
class BotJob:
    """One bot decision to make, as plain values (picklable, JSON-safe but ``state``).

    Attributes:
        game: the game id.
        state: ``state.to_dict()`` of the position (the save format: hidden parts included;
            the bot decides on its seat's information set, :mod:`meeple.agents`).
        spec: the bot spec (``"hard"``, ``"mcts:500"`` ...).
        seed: the bot's seed (seat-derived, as ``meeple play`` seeds it).
        reset_seed: the seed it is reset with before choosing (move-derived), so a restarted
            game goes on as the unbroken one would.
        turn_clock: where the bot stands in its turn (:class:`meeple.agents.base.TurnClock`,
            plain values) as the previous decision of this seat left it, or None: its
            per-turn budget (``turn=S``) is shared over the decisions of a turn although each
            decision is made by a fresh bot, maybe in another process.
        cap: seconds this decision may take at most (:meth:`WaitBudget.cap`, a person is
            waiting), or None.
        person: whether a person sits at the table (their bots go before the bots of tables
            of bots alone, :class:`BotRunner`).
    """

    game: str
    state: dict
    spec: str
    seed: int
    reset_seed: int
    turn_clock: Any = None
    cap: float | None = None
    person: bool = False


def choose_action(job: BotJob) -> tuple[str, Any]:
    """``(notation, turn_clock)``: the action the bot of ``job`` chooses and its turn clock
    after it (runs in a worker; hand the clock to the seat's next job).

    Raises:
        meeple.InvalidRecordError: the state does not load; InvalidConfigError: a bad spec.
    """
    state = load_game(job.game).state_from_dict(job.state)
    bot = make(job.spec, job.seed)
    bot.reset(job.reset_seed)
    if job.turn_clock is not None:
        bot.turn_clock = job.turn_clock
    bot.decision_cap = job.cap
    action = bot.choose(state)
    return action.text, bot.turn_clock


WAIT_BUDGET = 3.5
"""Seconds a person waits at most for the bots of their table, from their decision to their
next one (issue 45: at most 5 s at a table of ``easy``, ``medium`` and ``hard`` bots; the rest
is the page's catching up (at most 0.3 s once the person's turn is in) and the round trips).
``meeple serve --bot-wait``'s default."""

CAP_FLOOR = 0.02
"""The least a capped decision gets (a search then runs an iteration or so)."""


@dataclass
class WaitBudget:
    """The bots' share of a person's wait at one table: the run of bot decisions (each
    bot's turns, pauses and round trips) between two decisions of people gets ``seconds`` of
    wall time in all, whatever each bot's own per-turn budget (``turn=S``) would allow.

    Each decision of a run is capped at what is left of it divided by the decisions the run
    is expected still to take: the mean over this table's earlier runs that came this far
    (as :class:`meeple.agents.base.TurnClock` learns a turn's length), else the number of
    bot seats. So a bot that plays alone for a while (a person passed) thinks less per
    decision, and the person gets the turn back in time.

    Attributes:
        seconds: the run's budget (s).
        started: when the run began (``time.monotonic()``), or None between runs.
        made: decisions made in the run so far.
        lengths: the table's finished runs by their number of decisions (length -> runs).
        first_guess: decisions expected in a run before any run finished (the bot seats).
    """

    seconds: float = WAIT_BUDGET
    started: float | None = None
    made: int = 0
    lengths: dict = field(default_factory=dict)
    first_guess: int = 3

    def begin(self, now: float) -> None:
        """A person decided: end the last run (learn its length); the next starts at ``now``."""
        if self.started is not None and self.made:
            self.lengths[self.made] = self.lengths.get(self.made, 0) + 1
        self.started, self.made = now, 0

    def left(self, now: float) -> float:
        """Seconds of the run's budget left at ``now`` (0.0 when spent)."""
        started = now if self.started is None else self.started
        return max(0.0, self.seconds - (now - started))

    def expected_left(self) -> float:
        """Decisions the run is expected still to take, this one included."""
        runs = total = 0
        for length, count in self.lengths.items():
            if length > self.made:
                runs += count
                total += (length - self.made) * count
        return total / runs if runs else max(1, self.first_guess - self.made)

    def cap(self, now: float) -> float:
        """Seconds the next decision may take (at least :data:`CAP_FLOOR`)."""
        return max(CAP_FLOOR, self.left(now) / max(1.0, self.expected_left()))


def _warm() -> int:
    """Import the games in a fresh worker (the first decision is not slowed by imports)."""
    from ..core import game_names

    for name in game_names():
        load_game(name)
    return os.getpid()


class BotRunner:
    """Runs bot decisions off the event loop, at most ``slots`` at a time, first come first
    served. Subclasses implement :meth:`_run`."""

    kind = "thread"

    def __init__(self, slots: int = 2):
        if slots < 1:
            raise ValueError(f"slots must be at least 1, not {slots}")
        self.slots = slots
        self._gate: asyncio.Semaphore | None = None
        self._alone: asyncio.Semaphore | None = None

    async def choose(self, job: BotJob) -> tuple[str, Any]:
        """The chosen action's notation and the bot's turn clock (:func:`choose_action`);
        waits for a free slot first (first come, first served). The bots of tables with no
        person (``job.person`` False) hold at most ``slots - 1`` slots, and wait for them
        before they queue for a slot: so a slot is always free for a table where a person
        waits, which queues behind at most ``slots - 1`` searches of bots alone."""
        if self._gate is None:
            self._gate = asyncio.Semaphore(self.slots)
            self._alone = asyncio.Semaphore(max(1, self.slots - 1))
        if job.person:
            async with self._gate:
                return await self._run(job)
        assert self._alone is not None
        async with self._alone, self._gate:
            return await self._run(job)

    async def _run(self, job: BotJob) -> tuple[str, Any]:
        return await asyncio.to_thread(choose_action, job)

    def start(self) -> None:
        """Make the workers (called once the event loop runs)."""

    def stop(self) -> None:
        """End the workers (a search running is abandoned)."""


class ThreadBots(BotRunner):
    """In a thread of this process: for tests and small machines (holds the GIL while it
    searches)."""


class ProcessBots(BotRunner):
    """A pool of ``slots`` worker processes on this machine (``forkserver`` where the
    platform has it, so no server state or socket is inherited)."""

    kind = "process"

    def __init__(self, slots: int = 2):
        super().__init__(slots)
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None

    def start(self) -> None:
        if self.pool is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            self.pool = concurrent.futures.ProcessPoolExecutor(self.slots, mp_context=ctx)
            for _ in range(self.slots):
                self.pool.submit(_warm)

    async def _run(self, job: BotJob) -> tuple[str, Any]:
        if self.pool is None:
            self.start()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, choose_action, job)
        except concurrent.futures.process.BrokenProcessPool:
            self.pool = None  # a worker died (killed, out of memory): a new pool for the next
            raise

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None


class RayBots(BotRunner):
    """Ray tasks on the cluster at ``address`` (``ray://HOST:10001``, ``HOST:6379`` or
    ``auto``), at most ``slots`` at a time."""

    kind = "ray"

    def __init__(self, address: str, slots: int = 8):
        super().__init__(slots)
        self.address = address
        self._remote: Any = None

    def start(self) -> None:
        if self._remote is None:
            from ..sim.backends import import_ray

            ray = import_ray()
            if not ray.is_initialized():
                ray.init(address=self.address, ignore_reinit_error=True, log_to_driver=False)
            self._remote = ray.remote(choose_action)

    async def _run(self, job: BotJob) -> tuple[str, Any]:
        if self._remote is None:
            self.start()
        return await self._remote.remote(job)


def make_runner(kind: str = "process", slots: int | None = None, address: str | None = None) -> BotRunner:
    """A bot runner: ``process`` (default), ``thread`` or ``ray`` (needs ``address``).
    ``slots`` defaults to the machine's cores (at least 1) for processes, 8 for Ray.

    Raises:
        ValueError: an unknown kind, or ``ray`` without an address.
    """
    if kind == "thread":
        return ThreadBots(slots or 1)
    if kind == "process":
        return ProcessBots(slots or max(1, os.cpu_count() or 1))
    if kind == "ray":
        if not address:
            raise ValueError("the ray bot runner needs a cluster address (--ray ADDRESS)")
        return RayBots(address, slots or 8)
    raise ValueError(f"unknown bot runner {kind!r}: process, thread or ray")
