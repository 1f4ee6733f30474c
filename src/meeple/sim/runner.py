"""Running games between bots, one by one or in parallel worker processes."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field

from ..agents import Agent, make
from ..core import InvalidConfigError, MeepleError, derive_seed, load_game
from ..core.checks import check_seed
from .backends import WorkerDiedError, check_backend, run_on_ray
from .gamestats import game_stats, stats_from_text, stats_text


@dataclass
class GameResult:
    """The outcome of one game.

    Attributes:
        index: the game's number in its series.
        seed: the game's seed.
        bots: bot spec per seat (list[str]).
        scores: score per seat (the game's units: groše, dollars, points).
        ranking: seats best first.
        returns: per-seat reward in [0, 1] (1 = beat everyone; ties half).
        winners: seats sharing first place.
        steps: actions applied.
        seconds: wall time of the game.
        truncated: True when the game hit a safety limit instead of ending by the rules.
        actions: the notations of the game's actions when asked for (``play_game(...,
            keep_actions=True)``), so the game can be replayed (``meeple.replay``); else None.
        game, variant, options: what was played (the game's id, its variant's own name, all
            its options with defaults), set by :func:`play_game`; None in a result read back
            from a results table.
        start_player: the seat the set-up drew to start (``State.start_player``: seats play
            clockwise from it); None where the game has none (Solomon, SO-3.6; Klondike's race).
        stats: the game's own statistics (``meeple/games/<pkg>/stats.py``, ``game_stats``:
            e.g. Magnum Sal's royal orders per phase), computed once the game ended; None
            when not asked for or read back from a file written before the ``stats`` column.
    """

    index: int
    seed: int
    bots: list[str]
    scores: list[int]
    ranking: list[int]
    returns: list[float]
    winners: list[int]
    steps: int
    seconds: float
    truncated: bool = False
    extra: dict = field(default_factory=dict)
    actions: list[str] | None = None
    game: str | None = None
    variant: str | None = None
    options: dict | None = None
    start_player: int | None = None
    stats: dict | None = None

    def rows(
        self, game: str | None = None, variant: str | None = None, options: dict | None = None, rules: int | None = None
    ) -> list[dict]:
        """One flat row per seat, for CSV/Parquet; ``start_player`` and the seat's
        ``turn_order`` (1 for the start player, 2 for the seat after him, ...; both None where
        the game has no start player) stand beside ``seat``; ``options`` (the game options
        the games were played with, those at the game's default left out: ``{}`` for none)
        go in a column as sorted JSON, and ``rules`` (the game's rules
        edition, ``Game.rules_edition``; None: that of the game named ``game`` in this meeple,
        1 for a name it does not know) after them: ``--resume`` refuses games of another;
        last ``stats``, the game's own statistics (:attr:`stats`) as compact sorted JSON, the
        same on every seat's row of a game (None when the result has none).
        ``game``, ``variant`` and ``options`` default to the result's own (:func:`play_game`
        sets them).

        Raises:
            ValueError: ``game`` or ``variant`` is not the one the result was played in, or
                neither is known (a result read back from a table names none).
        """
        game = self._same("game", game, self.game)
        variant = self._same("variant", variant, self.variant)
        if options is None:
            options = self.options
        if rules is None:
            rules = _rules_edition(game)
        n = len(self.bots)
        opts = options_text(_non_default(game, options))
        stats = stats_text(self.stats)
        # seats tied after all tie-breaks share a place (equal returns, State.places)
        place = {s: 1 + sum(1 for r in self.returns if r > self.returns[s]) for s in range(n)}
        return [
            {
                "game": game,
                "variant": variant,
                "index": self.index,
                "seed": self.seed,
                "num_players": n,
                "seat": s,
                "bot": self.bots[s],
                "start_player": self.start_player,
                "turn_order": None if self.start_player is None else 1 + (s - self.start_player) % n,
                "score": self.scores[s],
                "place": place[s],
                "win": (1.0 / len(self.winners)) if s in self.winners else 0.0,
                "return": self.returns[s],
                "steps": self.steps,
                "seconds": self.seconds,
                "truncated": self.truncated,
                "options": opts,
                "rules": rules,
                "stats": stats,
            }
            for s in range(n)
        ]

    def _same(self, what: str, given, own):
        """``given`` (else ``own``); ValueError when both are known and differ, or neither is."""
        if given is None:
            if own is None:
                raise ValueError(f"rows() needs the {what}: this result does not know it (read back from a table)")
            return own
        if own is not None and given != own:
            raise ValueError(f"this result is of {what} {own!r}, not {given!r}")
        return given


def _non_default(game: str, options: dict | None) -> dict:
    """``options`` without those at the default of the game named ``game`` (all of them for a
    name this meeple does not know): what a results file's ``options`` column holds."""
    try:
        g = load_game(game)
    except InvalidConfigError:
        return dict(options or {})
    return g.non_default_options(options)


def _rules_edition(game: str) -> int:
    try:
        return load_game(game).rules_edition
    except InvalidConfigError:
        return 1


def options_text(options: dict | None) -> str:
    """Game options as they are written in results files: sorted JSON (``{}`` for none)."""
    import json

    return json.dumps(options or {}, sort_keys=True)


def results_from_rows(rows: list[dict]) -> list[GameResult]:
    """The games of a results table (:meth:`GameResult.rows`, one row per game and seat), by index.

    Raises:
        ValueError: a column is missing or a game's rows do not fit together.
    """
    games: dict[int, list[dict]] = {}
    try:
        for row in rows:
            games.setdefault(int(row["index"]), []).append(row)
        out = []
        for index, seats in sorted(games.items()):
            seats.sort(key=lambda r: int(r["seat"]))
            n = int(seats[0]["num_players"])
            if [int(r["seat"]) for r in seats] != list(range(n)) or len({r["seed"] for r in seats}) != 1:
                raise ValueError(f"game {index}: its rows are not one row for each of its {n} seats")
            starts = {_seat_or_none(r.get("start_player")) for r in seats}
            start = starts.pop()
            if starts or (start is not None and not 0 <= start < n):
                raise ValueError(f"game {index}: its start_player is not one seat 0..{n - 1} on all its rows")
            out.append(
                GameResult(
                    index=index,
                    seed=int(seats[0]["seed"]),
                    bots=[str(r["bot"]) for r in seats],
                    scores=[int(r["score"]) for r in seats],
                    ranking=sorted(range(n), key=lambda s: int(seats[s]["place"])),
                    returns=[float(r["return"]) for r in seats],
                    winners=[s for s in range(n) if float(seats[s]["win"]) > 0],
                    steps=int(seats[0]["steps"]),
                    seconds=float(seats[0]["seconds"]),
                    truncated=bool(seats[0]["truncated"]),
                    start_player=start,
                    stats=stats_from_text(seats[0].get("stats")),
                )
            )
    except KeyError as e:
        raise ValueError(f"not a meeple results table: no column {e}") from e
    except TypeError as e:
        raise ValueError(f"not a meeple results table: {e}") from e
    return out


def _seat_or_none(value) -> int | None:
    """A results table's ``start_player`` value: a seat, or None (no start player, or a table
    written before the column)."""
    if value is None or value == "" or (isinstance(value, float) and value != value):  # NaN: pandas' None
        return None
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"start_player {value!r} is not a seat")
    return int(value)


class GameNotEndingError(MeepleError, RuntimeError):
    """A game went on past its step limit (a safety option turned off, or bots that never end it).
    A :class:`meeple.MeepleError`; exported as ``meeple.sim.GameNotEndingError``."""


def play_game(
    game_name: str,
    bots: list,
    seed: int,
    variant: str | None = None,
    options: dict | None = None,
    index: int = 0,
    max_steps: int = 2_000_000,
    keep_actions: bool = False,
    stats: bool = True,
) -> GameResult:
    """Play one whole game between bots; each bot is seeded from ``seed`` and its seat.
    With ``keep_actions`` the result holds the game's action notations (``actions``); with
    ``stats`` (the default) its own statistics (``GameResult.stats``, the game's
    ``stats.py``), computed after the last action.

    ``bots``: per seat a bot spec (``"greedy"``, ``"mcts:1000"``) or an :class:`Agent` object
    of your own (``choose(state) -> Action``; it is ``reset`` with the seat's seed first and
    named in the result by its ``spec``, else its class name).

    Raises:
        InvalidConfigError: bad game, variant, option or bot spec.
        GameNotEndingError: the game did not end within ``max_steps`` actions.
    """
    game = load_game(game_name)
    if not bots:  # new_state reads 0 seats as the game's maximum
        raise InvalidConfigError(
            f"play_game needs a bot for each seat: {game.title} takes "
            f"{game.min_players} to {game.max_players} players, not 0"
        )
    seed = check_seed(seed)  # a numpy integer too; a plain int in the result
    state = game.new_state(len(bots), seed, variant, options)
    agents = []
    for s, spec in enumerate(bots):
        if isinstance(spec, Agent):
            spec.reset(derive_seed(seed, 1000 + s))
            agents.append(spec)
        else:
            agents.append(make(spec, derive_seed(seed, 1000 + s)))
    bots = [(b.spec or type(b).__name__) if isinstance(b, Agent) else b for b in bots]
    t0 = time.perf_counter()
    steps = 0
    while not state.is_terminal():
        agent = agents[state.current_player]
        state.apply_action(agent.choose(state))
        steps += 1
        if steps > max_steps:
            raise GameNotEndingError(
                f"{game_name} seed {seed}: no end after {max_steps:,} actions (are the game's safety "
                "options, such as max_rounds, turned off? see 'meeple games')"
            )
    seconds = time.perf_counter() - t0
    return GameResult(
        index=index,
        seed=seed,
        bots=list(bots),
        scores=list(state.scores()),
        ranking=state.ranking(),
        returns=state.returns(),
        winners=state.winners(),
        steps=steps,
        seconds=seconds,
        stats=game_stats(game.name, state) if stats else None,
        truncated=state.is_truncated(),
        actions=state.history if keep_actions else None,
        game=game.name,
        variant=state.variant,
        options=dict(state.options),
        start_player=state.start_player,
    )


def seat_rotation(bots: list[str], index: int) -> list[str]:
    """The seating of game ``index``: the bot list rotated by ``index`` places."""
    k = index % len(bots)
    return bots[k:] + bots[:k]


def _job(args):
    game_name, bots, seed, variant, options, index, keep_actions = args
    return asdict(play_game(game_name, bots, seed, variant, options, index, keep_actions=keep_actions))


def run_games(
    game_name: str,
    jobs: Iterable[tuple[list[str], int, int]],
    variant: str | None = None,
    options: dict | None = None,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
    keep_actions: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Play many games; ``jobs`` yields ``(bots, seed, index)``; results sorted by index.

    ``backend`` (:mod:`meeple.sim.backends`): ``"local"`` plays in this process
    (``workers=1``) or in ``workers`` processes; ``"ray"`` plays Ray tasks, ``workers`` at a
    time, on a private Ray on this machine or on the cluster at ``address``. The results are
    the same on both and for any ``workers`` (but each game's ``seconds``).
    ``progress`` is called after each game, in the order they end.
    With ``keep_actions`` each result holds its game's action notations (``actions``).

    Raises:
        WorkerDiedError: a worker process was killed (the other workers are stopped too).
        InvalidConfigError: an unknown backend, a bad address, Ray missing or unreachable;
            from :func:`play_game` too.
        GameNotEndingError: from :func:`play_game`.
    """
    backend, address = check_backend(backend, address)
    tasks = [(game_name, b, s, variant, options, i, keep_actions) for b, s, i in jobs]  # play_game copies b
    results: list[GameResult] = []
    if backend == "ray":

        def arrived(d: dict) -> None:
            r = GameResult(**d)
            results.append(r)
            if progress:
                progress(r)

        if tasks:
            run_on_ray(_job, tasks, workers, address, arrived)
    elif workers <= 1:
        for t in tasks:
            r = GameResult(**_job(t))
            results.append(r)
            if progress:
                progress(r)
    else:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupt)
        try:
            futures = [pool.submit(_job, t) for t in tasks]
            for f in as_completed(futures):
                r = GameResult(**f.result())
                results.append(r)
                if progress:
                    progress(r)
        except BaseException as error:
            # Ctrl-C (or a failed game): drop the games not started, stop the running ones;
            # a second Ctrl-C while this is done is ignored, so that nothing is left hanging
            import signal

            try:
                old = signal.signal(signal.SIGINT, signal.SIG_IGN)
            except ValueError:  # not the main thread
                old = None
            try:
                procs = list((getattr(pool, "_processes", None) or {}).values())
                for proc in procs:
                    proc.terminate()
                for proc in procs:
                    proc.join(5)
                pool.shutdown(wait=True, cancel_futures=True)
            finally:
                if old is not None:
                    signal.signal(signal.SIGINT, old)
            if isinstance(error, BrokenProcessPool):
                raise WorkerDiedError(
                    "a worker process ended abruptly (killed by a signal, or by "
                    "the system when memory ran short); the games it was "
                    "playing are lost"
                ) from None
            raise
        pool.shutdown()
    results.sort(key=lambda r: r.index)
    return results


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl-C to the main process, which stops them (run_games), and
    end quietly on SIGTERM (not with a handler the main process may have set)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def simulation_jobs(bots: list[str], n: int, seed: int) -> list[tuple[list[str], int, int]]:
    """``n`` games with per-game derived seeds and the seats rotated game by game (the games
    of one seating share its list: do not change it)."""
    seatings = [seat_rotation(bots, k) for k in range(len(bots))]
    return [(seatings[i % len(bots)], derive_seed(seed, i), i) for i in range(n)]
