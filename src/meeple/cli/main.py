"""``meeple``: play, simulate, replay, benchmark and rank bots for the four games."""

from __future__ import annotations

import os
import signal
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.markup import escape
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..agents import make, settings
from ..core import InvalidConfigError, InvalidRecordError, game_names
from ..core import replay as core_replay
from .common import (
    Checkpoint,
    MeepleCommand,
    MeepleGroup,
    check_backup_path,
    check_output_path,
    check_results_path,
    console,
    earlier_results_note,
    err_console,
    fail,
    fit_table,
    get_game,
    parse_options,
    parse_seats,
    reflow,
    render,
)
from .replay import numbered_events, parse_seat, records_dir, save_record, shown_action, step_through

app = typer.Typer(
    cls=MeepleGroup,
    help="Play, simulate and study Magnum Sal, Lignum, King Solomon's Treasury and Klondike 1896.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

DOCS_URL = "https://github.com/meeple-games/meeple/blob/main/docs/"
"""Where the documentation is read, a page's name appended (an installed package carries no docs/)."""

GAME_HELP = "Game id: " + ", ".join(n for n in game_names() if n != "toy") + " (see 'meeple games')."
OPTION_HELP = "A game option NAME=VALUE (repeatable), e.g. --option cart_max_cubes=2."
BOTS_HELP = (
    "random, greedy, easy, medium, hard, flatmc:N, mcts:N (options after colons, such as "
    "mcts:200:c=0.3; the bots, their options and strength: " + DOCS_URL + "bots.md)"
)


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__

        console.print(f"meeple {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Print meeple's version and exit."
    ),
) -> None:
    """Play, simulate and study Magnum Sal, Lignum, King Solomon's Treasury and Klondike 1896."""


MAX_SIMULATED_GAMES = 1_000_000
"""Most games ``simulate -n`` takes."""

LADDER_BOTS = "random,greedy,flatmc:50,mcts:1000"
"""The bots of ``ladder`` by default (those the tables of docs/bots.md rank)."""

MAX_LADDER_GAMES = 100_000
"""Most games a pair ``ladder -n`` takes (a typo such as an extra zero fails at once instead of
filling the memory with jobs)."""


def _slow_bot(settings_: tuple) -> bool:
    """A bot whose games last seconds or more: mcts from 200 iterations, flatmc from 10 playouts."""
    kind = settings_[0]
    return (kind == "mcts" and settings_[1] >= 200) or (kind == "flatmc" and settings_[1] >= 10)


def _note_time_caps(specs: list[str]) -> None:
    """Say so when a bot's search stops at a time cap (``easy``, ``medium``, ``hard``,
    ``:time=S``, ``:turn=S``): its moves then depend on the machine's speed and load, so a rerun
    or ``--resume`` may differ."""
    capped = [
        s for s in dict.fromkeys(specs) if getattr(make(s, 0), "time_cap", None) or make(s, 0).turn_budget is not None
    ]
    if capped:
        console.print(
            f"[yellow]note:[/] {', '.join(capped)} stop{'s' if len(capped) == 1 else ''} searching at a "
            "time cap: the moves depend on this machine's speed and load, so a rerun or --resume may "
            "not give the same games (a budget alone, such as mcts:1000, is reproducible)",
            soft_wrap=True,
        )


def game_options(game, options: dict) -> dict:
    """``options`` without those given at the game's default value: ``-o NAME=DEFAULT`` is the
    same ladder as no ``-o`` (results files and ``--resume`` compare these)."""
    return game.non_default_options(options)


def _progress() -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    )


def _new_state(game, num_players: int, seed: int, variant: str | None, options: dict):
    try:
        return game.new_state(num_players, seed, variant, options)
    except InvalidConfigError as e:
        fail(str(e))


@app.command(cls=MeepleCommand)
def games():
    """List the games with their player counts, variants and options (with defaults)."""
    for name in game_names():
        g = get_game(name)
        console.print(
            f"[bold]{name}[/]  {g.title}, "
            + (f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}")
            + " players; "
            f"variants: {g.variants_text()} (default {g.variants[0]})"
        )
        if g.options:
            table = Table("option", "default", "meaning", box=None, padding=(0, 2), show_header=False)
            for o in g.options:
                choices = getattr(o, "choices", None)
                listed = choices and len(choices) > 1 and not all(c in o.help for c in choices)
                table.add_row(
                    f"  {o.name}", repr(o.default), o.help + (f"; one of: {', '.join(choices)}" if listed else "")
                )
            console.print(table)
    console.print("Give options as --option NAME=VALUE (values as JSON: 2, true, null, [0,1]).")


@app.command(cls=MeepleCommand)
def rules(game: str = typer.Argument(..., help=GAME_HELP)):
    """Show a game's rules summary and its action notation."""
    g = get_game(game)
    console.print(reflow(g.rules_help) if g.rules_help else "(no summary)")


@app.command(cls=MeepleCommand)
def play(
    game: str = typer.Argument(..., help=GAME_HELP),
    seats: str | None = typer.Option(
        None,
        help="Players per seat, comma-separated: human or a bot. Bots: "
        + BOTS_HELP
        + ". Default: human + greedy bots.",
    ),
    seed: int | None = typer.Option(None, help="Seed of the deal (default: random)."),
    variant: str | None = typer.Option(None, help="Game variant (see 'meeple games')."),
    option: list[str] | None = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP),
    load: Path | None = typer.Option(
        None,
        help="Resume a saved game (from 'save' or 'quit', or a file of "
        "'simulate --records'); with other --seats or --at it goes on in a new file.",
    ),
    at: int | None = typer.Option(
        None,
        "--at",
        metavar="N",
        help="With --load: start from the position after the first N actions of the loaded game (0 = its start).",
    ),
    save: Path | None = typer.Option(
        None,
        help="Where 'quit' saves (default: meeple-GAME-SEED.json; with --load the "
        "loaded file, or NAME-2.json beside it when --at or other --seats "
        "make it another game; -2, -3 ... where a name is taken).",
    ),
):
    """Play a game in the terminal against bots (or friends at the same keyboard)."""
    from .play import free_path, load_save, other_save, own_files, play_loop, replay_hint, show_result

    g = get_game(game)
    load = load.expanduser() if load is not None else None  # '~' as a shell would (--save=~/x.json)
    save = save.expanduser() if save is not None else None
    if at is not None and load is None:
        fail("--at takes a position of a loaded game: give --load FILE too")
    if load is not None:
        if variant is not None or option or seed is not None:
            fail("--variant, --option and --seed do not apply with --load: the saved game keeps its own")
        try:
            state, saved_seats = load_save(load)
        except InvalidRecordError as e:
            fail(str(e))
        if state.game is not g:
            fail(f"{load} is a saved game of {state.game.name}, not {g.name}")
        # a bare record names no players: a person and greedy bots, as for a new game
        default = saved_seats or ["human"] + ["greedy"] * (state.num_players - 1)
        if seats is None:
            for spec in default:
                if spec != "human":
                    try:
                        make(spec, 0)
                    except InvalidConfigError as e:
                        fail(f"{load}: its seats name a player this meeple does not know ({e}); give --seats")
        seat_list = parse_seats(seats if seats is not None else ",".join(default))
        if len(seat_list) != state.num_players:
            fail(f"the saved game has {state.num_players} seats, --seats names {len(seat_list)}")
        seed = state.seed
        if at is not None:
            total = state.move_number
            if not 0 <= at <= total:
                fail(f"--at must be 0 to {total}: the saved game has {total} actions")
            state = core_replay({**state.record(), "actions": state.history[:at]})
        if state.is_terminal():
            console.print(Panel(render(state, None), title=f"{state.game.title} - game over"))
            show_result(state, seat_list)
            console.print(
                f"This game is over (give --at N to play on from an earlier position; see it with: "
                f"{escape(replay_hint(load))}). The file is left as it is.",
                soft_wrap=True,
            )
            return
        if "human" in seat_list:
            kept_caps = [
                f"{o.name}={state.options.get(o.name)}"
                for o in g.options
                if o.human_default is not None and state.options.get(o.name) != o.human_default
            ]
            if kept_caps:
                console.print(
                    f"[yellow]note:[/] this game keeps its options, {', '.join(kept_caps)} among them "
                    "(a safety cap of bots' games, off in a new game with a person)",
                    soft_wrap=True,
                )
        # with another position or other players it is another game: the loaded file stays as it is
        goes_on_in_load = at is None and seat_list == saved_seats
        if save is None and not goes_on_in_load:
            save = free_path(load)
            console.print(
                f"This game goes on in [bold]{escape(str(save))}[/] ({escape(str(load))} is left as it is).",
                soft_wrap=True,
            )
    else:
        goes_on_in_load = False
        seat_list = parse_seats(seats) if seats is not None else ["human"] + ["greedy"] * (g.max_players - 1)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little")
        options = parse_options(option)
        if "human" in seat_list:
            # simulation safety caps are off when a person plays (Option.human_default)
            for o in g.options:
                if o.human_default is not None and o.name not in options:
                    options[o.name] = o.human_default
        state = _new_state(g, len(seat_list), seed, variant, options)
    if "human" not in seat_list:
        console.print("[dim]No human seat: watching the bots play.[/]")
        uncapped = [
            f"{o.name}={state.options.get(o.name)}"
            for o in g.options
            if o.human_default is not None and state.options.get(o.name) == o.human_default
        ]
        if uncapped:
            console.print(
                f"[yellow]note:[/] this game has its safety cap off ({', '.join(uncapped)}, as in a game "
                "with a person): bots alone may play for a very long time or never end it "
                "(Ctrl-C saves it)",
                soft_wrap=True,
            )
    if save is not None:
        check_output_path(save, "--save", "save file")
        problem = other_save(save, own_files(load if goes_on_in_load else None))
        if problem:
            fail(f"--save {save}: {problem}")
    save_path = save or load or free_path(Path(f"meeple-{g.name}-{seed}.json"))
    who = ", ".join(f"{state.seat_name(i)} {spec}" for i, spec in enumerate(seat_list))
    console.print(
        f"[bold]{g.title}[/]: {state.num_players} players ({who}), variant {state.variant}, seed {seed}."
        + (" Type 'help' for commands." if "human" in seat_list else "")
    )
    stopped_by = [0]
    with _terminate_as_interrupt(stopped_by, hangup=True):
        # Ctrl-C, a kill or a closed terminal saves the game first (play_loop), then exits
        # 128 + the signal's number, as a shell reports it
        play_loop(
            state,
            seat_list,
            save_path,
            seed,
            stopped_by=stopped_by,
            loaded=load if goes_on_in_load else None,
            floor=state.move_number if load is not None and not goes_on_in_load else 0,
        )
    if stopped_by[0]:
        raise typer.Exit(128 + stopped_by[0])


@app.command(cls=MeepleCommand)
def simulate(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    seats: str = typer.Option(
        "greedy,random",
        help="Bot specs per seat, comma-separated (as many as there are "
        "players); seats rotate game by game. Bots: " + BOTS_HELP + ".",
    ),
    n: int = typer.Option(100, "-n", "--games", min=1, max=MAX_SIMULATED_GAMES, help="Number of games."),
    players: int = typer.Option(
        0,
        min=0,
        help="Players per game: the --seats list is repeated to fill them "
        "(--seats greedy --players 4 is greedy,greedy,greedy,greedy); 0: one a --seats entry.",
    ),
    seed: int = typer.Option(0, help="Series seed; game i gets a seed derived from it."),
    variant: str | None = typer.Option(
        None, help="Game variant (see 'meeple games' for each game's variants; default: its first, e.g. standard)."
    ),
    option: list[str] | None = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP),
    workers: int = typer.Option(1, min=1, help="Worker processes (with --backend ray: Ray tasks at a time)."),
    backend: str = typer.Option(
        "local",
        help="Where the games run: local (worker processes on this machine) or "
        "ray (a private Ray on this machine, or the cluster at --address); the results "
        "are the same on both.",
    ),
    address: str | None = typer.Option(
        None,
        metavar="ADDRESS",
        help="With --backend ray: the Ray cluster to run "
        "on, ray://HOST:10001 (its client server) or HOST:6379 from a cluster node.",
    ),
    out: Path | None = typer.Option(
        None,
        help="Write one row per game and seat to FILE (.csv or .parquet), "
        "every 30 seconds while the games run; an earlier run's FILE is "
        "moved to NAME.prev.csv (or .parquet) beside it.",
    ),
    records: Path | None = typer.Option(
        None,
        "--records",
        metavar="DIR",
        help="Save every game in DIR as a meeple save file (GAME-00042.json, by game number): "
        "see it with 'meeple replay FILE [--at N]', or play on from any position with 'meeple play "
        "GAME --load FILE --at N --seats ...'. DIR is made if missing; only earlier saves of bots' "
        "games in it are replaced (a person's save stops the run).",
    ),
    resume: bool = typer.Option(
        False,
        metavar="",
        help="Keep the games already in --out and play only the missing ones "
        "(the file must hold this same simulation: game, --seats, --seed, --variant, "
        "--option; a larger -n adds games).",
    ),
    report: bool = typer.Option(
        False,
        metavar="",
        help="Play nothing: print the summary of the games --out holds "
        "(of a finished, stopped or running simulation); the bots are read from the file.",
    ),
):
    """Play many games between bots and summarise wins and scores: per bot, per seat and
    per place in the turn order (the start player's edge).

    Results are saved to --out every 30 seconds while the games run. After Ctrl-C or a kill (SIGTERM) the games finished so far are summarised and written to --out; the same command with --resume plays the rest.
    """
    from ..sim import WorkerDiedError, run_games
    from ..sim.runner import simulation_jobs
    from .play import replay_hint

    g = get_game(game)
    if report:
        if out is None:
            fail("--report summarises a results file: give it with --out")
        _note_unused(
            ctx,
            (
                ("--seats", "seats"),
                ("-n/--games", "n"),
                ("--players", "players"),
                ("--seed", "seed"),
                ("--option", "option"),
                ("--workers", "workers"),
                ("--resume/--no-resume", "resume"),
                ("--records", "records"),
                ("--backend", "backend"),
                ("--address", "address"),
            ),
        )
        _simulation_file_report(g, out, None if variant is None else g.canonical_variant(variant))
        return
    from ..sim.backends import check_backend

    try:
        backend, address = check_backend(backend, address)
        if backend == "ray":
            from ..sim.backends import import_ray

            import_ray()
    except InvalidConfigError as e:
        fail(str(e))
    bots = parse_seats(seats)
    if "human" in bots:
        fail("simulate takes bots only (no 'human' seat)")
    if players:
        if players < len(bots):
            fail(f"--players {players} is fewer than the {len(bots)} --seats given ({', '.join(bots)})")
        bots = [bots[i % len(bots)] for i in range(players)]
    elif len(bots) < g.min_players:
        fail(
            f"{g.title} takes {g.min_players} to {g.max_players} players, not {len(bots)}: name a bot for each "
            f"seat in --seats, or give --players N to repeat the --seats list (--seats {','.join(bots)} "
            f"--players {g.min_players})"
        )
    options = game_options(g, parse_options(option))
    # validated before starting; written as the state holds them ('children=[P2]' as [1])
    options = game_options(g, dict(_new_state(g, len(bots), seed, variant, options).options))
    _note_time_caps(bots)
    if resume and out is None:
        fail("--resume continues from the results file of a stopped run: give it with --out")
    variant_name = g.canonical_variant(variant)
    jobs = simulation_jobs(bots, n, seed)
    if out is not None:
        out = check_results_path(out)
    kept, todo = _resumed(out, g, variant_name, options, jobs, "simulation") if resume else ([], jobs)
    if kept:
        console.print(f"resuming: {len(kept)} of {n} games already in {out}")
    backup = None
    if not kept and out is not None and out.exists():
        backup = check_backup_path(out)
        console.print(earlier_results_note(out, backup, "simulation"))
    record_path = records_dir(g.name, records, n, [j[2] for j in todo]) if records is not None else None
    checkpoint = (
        Checkpoint(out, g.name, variant_name, kept, options=options, backup=backup) if out is not None else None
    )
    results: list = list(kept)
    stopped_by = [0]
    died = False  # a worker process was killed (WorkerDiedError)
    saving = [record_path is not None]  # until a save file cannot be written

    def done(r, progress, task):
        if saving[0]:  # the file first: a game counted after a Ctrl-C has its file
            saving[0] = save_record(g.name, r, variant, options, record_path(r.index))
        results.append(r)
        if checkpoint is not None:
            checkpoint.add(r)
        progress.advance(task)

    try:
        with _terminate_as_interrupt(stopped_by), _progress() as progress:
            task = progress.add_task(f"{g.name} {'/'.join(bots)}", total=n, completed=len(kept))
            run_games(
                g.name,
                todo,
                variant,
                options,
                workers,
                lambda r: done(r, progress, task),
                keep_actions=records is not None,
                backend=backend,
                address=address,
            )
    except KeyboardInterrupt:
        stopped_by[0] = stopped_by[0] or signal.SIGINT
        err_console.print(
            f"stopped: {len(results)} of {n} game{'s' if n != 1 else ''} finished"
            + (" (summarised below)" if results else "")
        )
        if not results:
            raise typer.Exit(128 + stopped_by[0]) from None
    except WorkerDiedError as e:
        died = True
        err_console.print(
            f"[bold red]stopped:[/] {e}; {len(results)} of {n} game{'s' if n != 1 else ''} "
            "finished" + (" (summarised below)" if results else "")
        )
        if not results:
            raise typer.Exit(1) from None
    except BaseException:
        if checkpoint is not None:
            try:
                checkpoint.save()  # a failed game or worker: keep the finished games, then report
            except Exception as save_error:  # never hide the first error behind this one
                err_console.print(f"the finished games could not be saved: {save_error}")
        raise
    results.sort(key=lambda r: r.index)
    # the file before the tables: a closed pipe (| head, a pager quit early) loses no result
    written = checkpoint.save() if checkpoint is not None else None
    _simulation_report(g, results)
    if checkpoint is not None:
        if written is not None:
            console.print(f"results written to [bold]{written}[/]")
            if (stopped_by[0] or died) and len(results) < n:
                err_console.print(
                    f"the same command with {_resume_flags(written, out)} plays the other {n - len(results)} games"
                )
    elif (stopped_by[0] or died) and len(results) < n:  # a stopped run whose games live only in this memory
        err_console.print(
            f"the {len(results)} finished game{'s are' if len(results) != 1 else ' is'} not kept "
            "(no --out): with --out FILE.parquet a stopped run keeps its games and the same "
            "command with --resume plays the rest"
        )
    if saving[0]:
        new = len(results) - len(kept)
        console.print(
            f"{new} game{'s' if new != 1 else ''} saved in [bold]{records}[/] (e.g. "
            f"{escape(replay_hint(record_path(results[-1].index)))})"
            if len(results) > len(kept)
            else "no game finished: nothing saved",
            soft_wrap=True,
        )
    if stopped_by[0]:
        raise typer.Exit(128 + stopped_by[0])
    if died:
        raise typer.Exit(1)


def _wins(w: float) -> str:
    """Wins as a table shows them: ``12``, or ``46.8`` when shared wins (ties) made fractions."""
    return f"{w:.0f}" if w == int(w) else f"{w:.1f}"


def _ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k, 'th') }"


def _simulation_report(g, results: list) -> None:
    """Print the tables of ``simulate``."""
    from ..sim import summarize

    n = len(results)
    summary = summarize(results)
    dup = [spec for spec in summary["bots"] if results and results[0].bots.count(spec) > 1]
    caption = (
        (
            f"{', '.join(dup)} sit{'s' if len(dup) == 1 else ''} in several seats of each game: games and wins "
            "count each seat (a win rate a seat; its interval takes the seats as independent)"
        )
        if dup
        else None
    )
    table = Table(
        "bot",
        "games",
        "wins",
        "win rate (95% CI)",
        "mean score",
        title=f"{g.title}: {n} game{'s' if n != 1 else ''}",
        caption=caption,
    )
    for spec, d in summary["bots"].items():
        table.add_row(
            spec,
            str(d["games"]),
            _wins(d["wins"]),
            f"{d['win_rate']:.1%} ({d['ci_low']:.1%}-{d['ci_high']:.1%})",
            f"{d['mean_score']:.1f}",
        )
    console.print(table)
    orders = summary["turn_order"]
    st = Table(
        "seat",
        "wins",
        "win rate (95% CI)",
        "mean score",
        title="by seat",
        caption="seat 0 is the first seat, not always the first to play"
        + (" (by turn order: below)" if orders else ""),
    )
    names = g.new_initial_state(num_players=len(results[0].bots), seed=0) if results else None
    for seat, d in summary["seats"].items():
        st.add_row(
            f"{seat} ({names.seat_name(seat)})",
            _wins(d["wins"]),
            f"{d['win_rate']:.1%} ({d['ci_low']:.1%}-{d['ci_high']:.1%})",
            f"{d['mean_score']:.1f}",
        )
    console.print(st)
    if orders:
        counted = sum(1 for r in results if r.start_player is not None)
        ot = Table(
            "turn order",
            "games",
            "wins",
            "win rate (95% CI)",
            "mean score",
            title="by turn order",
            caption="the seat drawn to start plays 1st, the next seat clockwise 2nd, ..."
            + (f" ({counted} of {n} games: the others do not say who started)" if counted < n else ""),
        )
        for k, d in orders.items():
            ot.add_row(
                _ordinal(k) + (" (start player)" if k == 1 else ""),
                str(d["games"]),
                _wins(d["wins"]),
                f"{d['win_rate']:.1%} ({d['ci_low']:.1%}-{d['ci_high']:.1%})",
                f"{d['mean_score']:.1f}",
            )
        console.print(ot)
    low, mid, high = summary["steps"] or (0, 0, 0)
    console.print(
        f"game length: {summary['mean_steps']:.1f} actions on average (median {mid:g}, {low}-{high}), "
        f"{summary['mean_seconds'] * 1000:.1f} ms a game"
    )
    mean, mid, high = summary["margin"] or (0, 0, 0)
    console.print(
        f"winning margin (the best score over the second best): {mean:.1f} on average (median {mid:g}, at most {high})"
    )
    uneven = (
        {
            spec: seats_
            for spec, seats_ in summary["seatings"].items()
            if len(set(seats_.values())) > 1 or len(seats_) < len(results[0].bots)
        }
        if results
        else {}
    )
    if uneven and len(summary["bots"]) > 1:
        spec, seats_ = next(iter(uneven.items()))
        where = ", ".join(f"seat {s} in {k}" for s, k in seats_.items())
        console.print(
            f"[yellow]note:[/] the bots did not sit in every seat equally often ({spec}: {where}), so "
            f"the by-seat table leans with the bots (a run stopped early, or a number of games "
            f"that is not a multiple of the {len(results[0].bots)} seats)"
        )
    _warn_truncated(results, g)
    cut = sum(1 for r in results if r.truncated)
    finished = [r for r in results if not r.truncated]
    if cut and finished:
        by_bot = summarize(finished)["bots"]
        console.print(
            f"the {len(finished)} games that ended by the rules: "
            + "; ".join(
                f"{spec} won {_wins(d['wins'])} of {d['games']} ({d['win_rate']:.1%}, {d['ci_low']:.1%}-{d['ci_high']:.1%})"
                for spec, d in by_bot.items()
            )
            + " (the truncated column of --out tells them apart)"
        )


@app.command(cls=MeepleCommand)
def replay(
    file: Path = typer.Argument(
        ...,
        help="A save file or a game record (JSON), or a results table of "
        "'simulate' or 'ladder' (.parquet, .csv) with --game.",
    ),
    game_index: int | None = typer.Option(
        None,
        "--game",
        metavar="N",
        help="With a results table: play its game N (the index column) again with the same bots and "
        "seed, and replay that (as long as the game took: search bots search again).",
    ),
    events: bool = typer.Option(
        True,
        metavar="",
        help="Print every action, numbered, with the events it "
        "caused (a secret choice is named only to its own --seat).",
    ),
    at: int | None = typer.Option(
        None,
        "--at",
        metavar="N",
        help="Stop after the first N actions (0 = the initial position) and show the board "
        "there, with the next action played.",
    ),
    seat: str | None = typer.Option(
        None,
        "--seat",
        metavar="SEAT",
        help="Show the board as this seat saw it (its number from 0, or its name as the "
        "game prints it, e.g. orange or P2); default: a spectator's view (nothing "
        "hidden shown).",
    ),
    board: bool = typer.Option(
        False, "--board", metavar="", help="Show the board at the end (implied by --at or --seat)."
    ),
    step: bool = typer.Option(
        False,
        "--step",
        metavar="",
        help="Step through the game: the board after each action "
        "(from --at N if given); Enter for the next action, a number to jump "
        "to the position after that many actions, q to stop.",
    ),
):
    """Replay a saved game or record: print its events, the board if asked, and the scores reached."""
    from .play import load_save, show_result

    if file.suffix.lower() in (".parquet", ".csv"):
        state, seats = _replayed_from_results(file, game_index)
    else:
        if game_index is not None:
            fail("--game picks a game of a results table (.parquet or .csv); a save file holds one game")
        try:
            state, seats = load_save(file)
        except InvalidRecordError as e:
            fail(str(e))
    total = state.move_number
    full = state.history
    if at is not None and not 0 <= at <= total:
        fail(f"--at must be 0 to {total}: the game has {total} actions")
    view = None
    if seat is not None:
        view = parse_seat(state, seat)
        if view is None:
            names = ", ".join(f"{i} = {state.seat_name(i)}" for i in range(state.num_players))
            fail(f"--seat {seat!r} is not a seat of this game ({names})")
    if step:
        if not step_through(state, view, at or 0, seats or ["-"] * state.num_players, events=events):
            console.print()
            raise typer.Exit(130)  # Ctrl-C, as a shell counts it
        return
    if at is not None and at < total:
        state = core_replay({**state.record(), "actions": state.history[:at]})
    if events:
        for line in numbered_events(state, view):
            console.print(line, highlight=False)
    seats = seats or ["-"] * state.num_players  # a bare record does not say who played
    if at is not None or seat is not None or board:
        who = state.seat_name(view) if view is not None else "a spectator"
        console.print(
            Panel(
                render(state, view),
                title=f"{state.game.title} - after {state.move_number} of {total} actions, as {who} sees it",
            )
        )
    if at is not None and at < total:
        mover = state.current_player
        nxt = full[at]
        shown = shown_action(state, nxt, view)
        console.print(
            f"After {at} of {total} actions; next: {at + 1}. {state.seat_name(mover)}: [bold]{shown}[/]",
            highlight=False,
        )
    else:
        console.print(
            f"{state.game.title}: {state.move_number} actions replayed; "
            f"{'game over' if state.is_terminal() else 'game in progress'}."
        )
    if state.is_terminal():
        show_result(state, seats)
    elif at is None and seat is None:  # the whole record: hidden holdings count
        now = ", ".join(f"{state.seat_name(i)} {x}" for i, x in enumerate(state.scores()))
        console.print(f"scores now, hidden holdings included: {now}")


def _replayed_from_results(file: Path, index: int | None):
    """``(state, seats)`` of game ``index`` of a results table, played again by its bots from
    its seed (the bots are deterministic for a seed), for ``replay FILE --game N``. Exits 2
    with a message when the file does not hold that game or this meeple plays it otherwise."""
    import json

    from ..core.state import RECORD_VERSION
    from ..sim.io import read_rows
    from ..sim.runner import GameNotEndingError, play_game

    if not file.is_file():
        fail(f"{file} does not exist" if not file.exists() else f"{file} is not a file")
    try:
        rows = read_rows(file)
    except OSError as e:
        fail(f"cannot read {file}: {e.strerror or e}")
    except ValueError as e:
        fail(f"cannot read {file}: {e}")
    indexes = sorted({int(r["index"]) for r in rows if "index" in r})
    if not indexes:
        fail(f"{file} holds no game")
    if index is None:
        fail(
            f"{file} is a results table of {len(indexes)} game{'s' if len(indexes) != 1 else ''}: pick one with --game N "
            f"(N from {indexes[0]} to {indexes[-1]}, its index column)"
        )
    seats = sorted((r for r in rows if int(r.get("index", -1)) == index), key=lambda r: int(r["seat"]))
    if not seats:
        fail(f"{file} holds no game {index} (its games: {indexes[0]} to {indexes[-1]})")
    row = seats[0]
    bots = [str(r["bot"]) for r in seats]
    try:
        g = get_game(str(row["game"]))
        other = {str(r.get("rules", 1)) for r in seats} - {str(g.rules_edition)}
        if other:
            fail(
                f"game {index} was played under rules edition {min(other)} of {g.name}; this meeple plays "
                f"edition {g.rules_edition}, so it cannot play that game again"
            )
        try:
            options = json.loads(row.get("options") or "{}")
        except ValueError as e:
            raise ValueError(f"its options column {row.get('options')!r} is not JSON ({e})") from None
        console.print(
            f"playing game {index} of {file} again: {' v '.join(bots)}, seed {row['seed']} "
            f"(its bots decided in {float(row['seconds']):.1f} s)",
            highlight=False,
        )
        result = play_game(g.name, bots, int(row["seed"]), str(row["variant"]), options, index, keep_actions=True)
    except (InvalidConfigError, GameNotEndingError, KeyError, ValueError) as e:
        fail(f"cannot play game {index} of {file} again: {e}")
    if list(result.scores) != [int(r["score"]) for r in seats]:
        fail(
            f"game {index} of {file} ended {[int(r['score']) for r in seats]}, but played again here it ends "
            f"{result.scores}: the file's seed, bots or options were changed, or the bots of this meeple play "
            "otherwise than those that wrote the file (or a time cap cut their search)"
        )
    record = {
        "game": g.name,
        "version": RECORD_VERSION,
        "rules": g.rules_edition,
        "num_players": len(bots),
        "variant": result.variant,
        "options": options,
        "seed": result.seed,
        "actions": result.actions,
    }
    return core_replay(record), bots


@app.command("report", cls=MeepleCommand)
def report_cmd(
    game: str = typer.Argument(..., help=GAME_HELP),
    results: Path = typer.Option(
        ..., "--in", metavar="FILE", help="A results file of 'meeple simulate --out' (.parquet or .csv)."
    ),
    out: Path = typer.Option(
        Path("report"),
        metavar="DIR",
        help="The folder to write the report to (made if "
        "missing): index.html, report.md, the figures (PNG) and data.json.",
    ),
    compare: Path | None = typer.Option(
        None,
        metavar="FILE",
        help="A second results file of the same games "
        "(same --seats, --seed, -n) with one --option changed: adds the "
        "paired-seed differences with their 95% intervals.",
    ),
):
    """Write a balance report of a simulation: first-player advantage, the bots' win rates,
    score spread, game length and the game's own statistics, with plots (HTML and Markdown)."""
    from ..sim.report import build_report

    g = get_game(game)
    try:
        page = build_report(g.name, results, out, compare)
    except FileNotFoundError as e:
        fail(f"report: {e}")
    except (ValueError, OSError) as e:
        fail(f"report: cannot build the report: {e}")
    console.print(
        f"report written to [bold]{escape(str(page))}[/] (and report.md, data.json and the figures beside it)"
    )


@app.command(cls=MeepleCommand)
def bench(
    game: str | None = typer.Argument(None, help=GAME_HELP + " Default: every game."),
    seconds: float = typer.Option(
        3.0,
        min=0.1,
        help="Time for each engine measure (not used with --search, "
        "which times one move on each of three fixed decisions).",
    ),
    players: int = typer.Option(0, show_default=False, help="Players (default: the game's maximum; 0 says the same)."),
    seed: int = typer.Option(0, help="First seed."),
    variant: str | None = typer.Option(
        None, help="Game variant (default: every variant of each game; see 'meeple games')."
    ),
    unchecked: bool = typer.Option(
        False,
        "--unchecked",
        metavar="",
        help="Apply with apply_unchecked (the bots' hot path) instead of the public apply_action, for comparison.",
    ),
    search: bool = typer.Option(
        False,
        "--search",
        metavar="",
        help="Measure the bots instead: ISMCTS "
        "iterations/s (mcts:500) and seconds a move of each level (2 players unless --players).",
    ),
):
    """Measure engine speed: steps/s (legal_actions + apply_action, the public API), random games/s
    and clones/s of a mid-game state, for each game and variant, on one core."""
    from ..sim.bench import bench_game, bench_search

    names = [get_game(game).name] if game else game_names()
    if variant is not None and not game:
        fail("--variant needs a GAME: each game has its own variants (see 'meeple games')")
    if search:
        table = Table(
            "game",
            "mcts:500 it/s",
            "mcts:500",
            "easy",
            "medium",
            "hard",
            title="one move from mid-game decisions, seconds (mean of 3)",
        )
        for name in names:
            g = get_game(name)
            n = players or max(2, g.min_players)
            if not g.min_players <= n <= g.max_players:
                fail(f"{g.title} takes {g.min_players} to {g.max_players} players, not {n}")
            r = bench_search(name, n, seed)
            table.add_row(
                name,
                f"{r['iterations_per_s']:,.0f}",
                f"{r['mcts_s']:.2f} s",
                *(f"{r[k + '_s']:.2f} s" for k in ("easy", "medium", "hard")),
            )
        console.print(fit_table(table))
        return
    step = "unchecked steps/s" if unchecked else "steps/s"
    table = Table(
        "game",
        "variant",
        "players",
        step,
        "random games/s",
        "clones/s",
        "mean length",
        title=f"random play, one core; a step is legal_actions() + "
        f"{'apply_unchecked' if unchecked else 'apply_action'}()",
    )
    for name in names:
        g = get_game(name)
        n = players or g.max_players
        if not g.min_players <= n <= g.max_players:
            fail(f"{g.title} takes {g.min_players} to {g.max_players} players, not {n}")
        if variant is None:
            variants = g.variants
        else:
            variants = (g.canonical_variant(variant),)
            if variants[0] not in g.variants:
                fail(f"{g.title} has no variant {variant!r} (variants: {g.variants_text()})")
        for v in variants:
            r = bench_game(name, n, seconds, seed, v, public=not unchecked)
            table.add_row(
                name,
                v,
                str(n),
                f"{r['steps_per_s']:,.0f}",
                f"{r['games_per_s']:,.1f}",
                f"{r['clones_per_s']:,.0f}",
                f"{r['mean_steps']:,.0f}",
            )
    console.print(fit_table(table))


MAX_FUZZ_STEPS = 10**9
"""Most steps ``fuzz --steps`` takes."""


@app.command(cls=MeepleCommand)
def fuzz(
    game: str = typer.Argument(..., help=GAME_HELP),
    steps: int = typer.Option(
        100_000,
        "--steps",
        "-n",
        min=0,
        max=MAX_FUZZ_STEPS,
        help="Inputs to throw: legal actions, illegal ones, wrong seats, mutated saves and records.",
    ),
    seed: int = typer.Option(0, help="Seed of the run (the same seed throws the same inputs)."),
    variant: str | None = typer.Option(None, help="Only this variant (default: each game draws one)."),
    players: int | None = typer.Option(None, help="Only this many players (default: each game draws a count)."),
    option: list[str] | None = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP),
    leaks: int = typer.Option(
        0,
        "--leaks",
        metavar="N",
        min=0,
        help="Then check N sampled states for leaks: re-samples and states with a hidden "
        "order shuffled must show each seat the same observation.",
    ),
    minutes: float | None = typer.Option(
        None, min=0.0, help="Stop after this many minutes (steps run: in the summary)."
    ),
    out: Path = typer.Option(
        Path("meeple-fuzz-failure.json"), help="Where the reproducer of the failures goes (written only on a failure)."
    ),
):
    """Fuzz a game: random legal play with illegal input, wrong seats and mutated saves and records
    thrown in; exit 1 on a broken promise, its reproducer written to --out."""
    import json

    from ..testing.fuzz import fuzz as run_fuzz
    from ..testing.fuzz import leak_check

    g = get_game(game)
    options = parse_options(option)
    if players is not None or variant is not None or options:
        _new_state(g, players or g.max_players, 0, variant, options)  # a bad configuration: exit 2 now
    check_output_path(out, "--out", "reproducer file")
    limit = None if minutes is None else minutes * 60
    with _progress() as progress:
        task = progress.add_task(f"fuzzing {g.name}", total=steps)
        report = run_fuzz(
            g,
            steps,
            seed,
            variant,
            players,
            options,
            time_limit=limit,
            progress=lambda done: progress.update(task, completed=done),
        )
        leak_report = None
        if leaks:
            task2 = progress.add_task(f"leak check {g.name}", total=leaks)
            leak_report = leak_check(
                g,
                leaks,
                seed,
                variant=variant,
                num_players=players,
                options=options,
                time_limit=limit,
                progress=lambda done: progress.update(task2, completed=done),
            )
    rate = report.steps / report.seconds if report.seconds else 0.0
    t = Table("measure", "value", title=f"{g.title}: fuzz, seed {seed}")
    t.add_row("steps", f"{report.steps:,} ({rate:,.0f}/s, {report.seconds:,.1f} s)")
    t.add_row("legal actions", f"{report.legal_steps:,}")
    t.add_row(
        "games finished",
        f"{report.games_finished:,} of {report.games_started:,} started (longest {report.max_game_length:,} actions)",
    )
    refused = sum(v for k, v in report.rejections.items() if k != "skipped_legal")
    t.add_row("inputs refused as they must be", f"{refused:,} ({report.full_checks:,} with to_dict() compared in full)")
    groups: dict[str, int] = {}
    for k, v in report.rejections.items():
        if k != "skipped_legal":
            groups[k.split(":")[0]] = groups.get(k.split(":")[0], 0) + v
    for k, v in sorted(groups.items()):
        t.add_row(f"  {k}", f"{v:,}")
    t.add_row("mutated saves/records that loaded", f"{sum(report.loads_accepted.values()):,} (each checked again)")
    t.add_row("notations read as a legal one", f"{report.accepted_variants:,}")
    if leak_report is not None:
        t.add_row(
            "leak check",
            f"{leak_report.states:,} states, {leak_report.resamples:,} re-samples, "
            f"{leak_report.independent:,} shuffled hidden orders: {leak_report.leaks_total} leaks",
        )
    t.add_row("failures", f"[{'red' if report.failures_total else 'green'}]{report.failures_total}[/]")
    console.print(t)
    leaked = leak_report is not None and leak_report.leaks_total
    if report.failures_total or leaked:
        data = {"fuzz": report.to_dict(), "leaks": leak_report.to_dict() if leak_report is not None else None}
        out.write_text(json.dumps(data, indent=1, ensure_ascii=True) + "\n", encoding="utf-8")
        for f in report.failures[:3]:
            err_console.print(
                f"[bold red]failure:[/] {escape(f.kind)}: {escape(f.problem.strip().splitlines()[-1])}",
                soft_wrap=True,
                highlight=False,
            )
        for text in leak_report.leaks[:3] if leaked else []:
            err_console.print(f"[bold red]leak:[/] {escape(text)}", soft_wrap=True, highlight=False)
        err_console.print(
            f"reproducer written to [bold]{escape(str(out))}[/] (game, seed, record so far, input)", soft_wrap=True
        )
        raise typer.Exit(1)


@app.command(cls=MeepleCommand)
def serve(
    host: str = typer.Option(
        "127.0.0.1", help="Address to listen on (0.0.0.0: every interface, for friends on your network)."
    ),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port."),
    db: str | None = typer.Option(
        None,
        "--db",
        metavar="URL",
        help="Database URL: default SQLite in the user's "
        "data folder; e.g. sqlite:///games.db or "
        "postgresql+psycopg://user:password@host/dbname (extra meeple[postgres]).",
    ),
    bot_delay: float = typer.Option(
        0.4,
        "--bot-delay",
        min=0.0,
        max=10.0,
        metavar="SECONDS",
        help="Least time before a bot's turn is shown (it thinks meanwhile), so people can follow the bots' moves.",
    ),
    bot_wait: float = typer.Option(
        3.5,
        "--bot-wait",
        min=0.0,
        max=600.0,
        metavar="SECONDS",
        help="Most a person waits for the bots of their table between two of their "
        "turns: the bots share it (0: each bot thinks its own per-turn budget).",
    ),
    grace: float = typer.Option(
        30.0,
        "--grace",
        min=0.0,
        metavar="SECONDS",
        help="How long a person's last connection may be closed before the stand-in bot plays for them.",
    ),
    allowed_host: list[str] | None = typer.Option(
        None,
        "--allowed-host",
        metavar="NAME",
        help="A host name people type to reach this server (repeatable), e.g. games.example.org behind "
        "a proxy; '*' accepts any. Default: the loopback names and --host.",
    ),
    allowed_origin: list[str] | None = typer.Option(
        None,
        "--allowed-origin",
        metavar="URL",
        help="Another site whose pages may post to this server (repeatable), e.g. https://games.example.org.",
    ),
    workers: int = typer.Option(
        1,
        "--workers",
        min=1,
        max=64,
        help="Server processes sharing the port; more than 1 needs a PostgreSQL --db "
        "(they tell each other of every move with LISTEN/NOTIFY).",
    ),
    bot_workers: int | None = typer.Option(
        None,
        "--bot-workers",
        min=1,
        max=256,
        metavar="N",
        help="Bot searches at once (worker processes; default: one per core).",
    ),
    create_limit: int = typer.Option(
        20,
        "--create-limit",
        min=0,
        max=100_000,
        metavar="N",
        help="Games one address may create a minute (0: no limit).",
    ),
    ray: str | None = typer.Option(
        None,
        "--ray",
        metavar="ADDRESS",
        help="Run the bots' searches as tasks on this Ray cluster (ray://HOST:10001, "
        "HOST:6379 or auto; extra meeple[ray]) instead of local processes.",
    ),
    proxy: list[str] | None = typer.Option(
        None,
        "--proxy",
        metavar="ADDR",
        help="The address of a TLS proxy in front of this server (repeatable; '*' any): the client address "
        "of its requests is read from its X-Forwarded-For header. Default: none, the header is ignored "
        "(per-address limits count the connection's own address).",
    ),
):
    """Play in the browser: the web server (lobby, game pages, websocket; docs/web.md)."""
    import errno
    import socket

    from sqlalchemy.exc import SQLAlchemyError

    from ..server.db import BadDatabaseURL, default_url, redact
    from ..server.guard import DEFAULT_HOSTS, origin_of

    url = db or default_url()
    hosts = list(DEFAULT_HOSTS) + list(allowed_host or [])
    if host in ("0.0.0.0", "::", ""):
        if not allowed_host:  # friends reach it by any of the machine's addresses
            hosts.append("*")
    else:
        hosts.append(f"[{host}]" if ":" in host else host)
    try:
        origins = [origin_of(o) for o in allowed_origin or []]
    except ValueError as e:
        fail(f"--allowed-origin: {e}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:  # a clear message before uvicorn starts
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            fail(f"port {port} on {host} is in use (another 'meeple serve'?); choose another with --port")
        fail(f"cannot listen on {host}:{port}: {e.strerror or e}")
    import uvicorn

    from ..server.app import create_app

    # uvicorn by default believes X-Forwarded-For from 127.0.0.1: anyone reaching a local server could then
    # pose as any address and lift the per-address limits. Only a named proxy is believed.
    forwarding: dict = {"proxy_headers": bool(proxy)}
    if proxy:
        forwarding["forwarded_allow_ips"] = ",".join(p.strip() for p in proxy)

    from sqlalchemy.engine import make_url

    try:
        backend = make_url(url).get_backend_name()
    except Exception:
        backend = ""
    if workers > 1 and backend != "postgresql":
        fail(
            f"--workers {workers} needs a PostgreSQL database (--db postgresql+psycopg://...): SQLite cannot "
            "tell the other processes of a move"
        )
    if ray is not None:
        from ..sim.backends import BackendError, check_backend, import_ray

        try:
            check_backend("ray", ray)
            import_ray()
        except (BackendError, InvalidConfigError) as e:
            fail(f"--ray: {e}")
    config = {
        "db_url": url,
        "grace": grace,
        "bot_delay": bot_delay,
        "bot_wait": bot_wait,
        "allowed_hosts": hosts,
        "allowed_origins": origins,
        "bots": "ray" if ray else "process",
        "bot_slots": bot_workers,
        "ray_address": ray,
        "create_rate": [create_limit or 10**9, 60.0],
    }
    try:
        web = create_app(**{**config, "allowed_hosts": tuple(hosts), "create_rate": tuple(config["create_rate"])})
    except BadDatabaseURL as e:
        fail(str(e))
    except SQLAlchemyError as e:
        fail(
            f"cannot open the database {redact(url)}: {e.__class__.__name__}: "
            f"{str(e).splitlines()[0].replace(url, redact(url))}"
        )
    shown = f"[{host}]" if ":" in host else host
    console.print(
        f"meeple is serving on [bold]http://{shown}:{port}/[/] (games in {escape(redact(url))}"
        + (f", {workers} processes" if workers > 1 else "")
        + "); Ctrl-C stops it"
    )
    if workers > 1:
        import json as _json

        from ..server.app import SERVE_ENV

        os.environ[SERVE_ENV] = _json.dumps(config)
        uvicorn.run(
            "meeple.server.app:app_from_env",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            log_level="warning",
            **forwarding,
        )
        return
    uvicorn.run(web, host=host, port=port, log_level="warning", **forwarding)


@app.command(cls=MeepleCommand)
def ladder(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    bots: str = typer.Option(
        LADDER_BOTS,
        show_default=False,
        help="Bot specs, comma-separated (default: random, greedy, flatmc:50 and mcts:1000). Bots: " + BOTS_HELP + ".",
    ),
    n: int = typer.Option(
        200,
        "-n",
        "--games",
        min=2,
        max=MAX_LADDER_GAMES,
        help="Games per pair, played in pairs on one deal with the seats swapped (an odd N is rounded up).",
    ),
    seed: int = typer.Option(0, help="Seed of the deals."),
    players: int = typer.Option(2, help="Players per game (0: the game's maximum)."),
    variant: str | None = typer.Option(
        None, help="Game variant (see 'meeple games' for each game's variants; default: its first, e.g. standard)."
    ),
    option: list[str] | None = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP),
    workers: int = typer.Option(1, min=1, help="Worker processes."),
    out: Path | None = typer.Option(None, help="Results file (.parquet or .csv); default ladder-GAME.parquet."),
    markdown: bool = typer.Option(
        False, metavar="", help="Also print the tables as Markdown (as docs/bots.md shows them)."
    ),
    resume: bool = typer.Option(
        False,
        metavar="",
        help="Keep the games already in --out and play only the missing "
        "ones. The file must hold this same ladder: the same game, --variant, "
        "--option, --players and --seed, the bots in the same order (a larger -n "
        "or bots added at the end only add games). Without --resume an earlier "
        "results file at --out is moved to NAME.prev.parquet (or .csv) beside it.",
    ),
    report: bool = typer.Option(
        False,
        metavar="",
        help="Play nothing: print the tables of the games --out holds so far "
        "(of a stopped or running ladder); the bots and players are read from the file.",
    ),
    records: Path | None = typer.Option(
        None,
        "--records",
        metavar="DIR",
        help="Save every game played in DIR as a meeple save file (GAME-00042.json, by game number), as "
        "simulate --records does.",
    ),
):
    """Round robin between bots on paired deals: win rates with 95% intervals and ratings.

    Results are saved to --out every 30 seconds while the games run. After Ctrl-C, a kill (SIGTERM) or a crash, the same command with --resume plays only the games still missing, with the same figures as an unbroken run (for bots without a time cap: medium, hard and :time=S depend on the machine's speed).

    The default bots take hours (mcts:1000 and flatmc:50 games last seconds to minutes each; the time left shown at first comes from the fast games of the first pairs).
    """
    from ..sim.ladder import ladder_jobs
    from ..sim.runner import WorkerDiedError, run_games

    g = get_game(game)
    if report:
        _note_unused(
            ctx,
            (
                ("--bots", "bots"),
                ("-n/--games", "n"),
                ("--seed", "seed"),
                ("--players", "players"),
                ("--option", "option"),
                ("--workers", "workers"),
                ("--resume/--no-resume", "resume"),
                ("--records", "records"),
            ),
        )
        _ladder_report(
            g,
            out or Path(f"ladder-{g.name}.parquet"),
            None if variant is None else g.canonical_variant(variant),
            markdown,
        )
        return
    players = players or g.max_players
    specs = parse_seats(bots, "--bots", example="random,greedy")
    if "human" in specs:
        fail("--bots: a ladder is played by bots only ('human' is a seat of 'meeple play')")
    options = game_options(g, parse_options(option))
    state = _new_state(g, players, seed, variant, options)
    options = game_options(g, dict(state.options))  # as the state holds them ('children=[P2]' as [1])
    # a bot does not play against itself: "easy" and "greedy", "mcts" and "mcts:1000" are one bot
    bot_settings = [settings(make(s, 0), state) for s in specs]
    same = [
        (a, b) for i, a in enumerate(specs) for j, b in enumerate(specs) if i < j and bot_settings[i] == bot_settings[j]
    ]
    if same:
        a, b = same[0]
        if a == b:  # one name after parse_seats dropped a budget's leading zeros: say what was typed
            typed = [t.strip().lower() for t in bots.split(",")]
            a, b = [t for t, s in zip(typed, specs) if s == a][:2]
        fail(f"--bots: {a} and {b} are the same bot; name each bot once")
    if len(specs) < 2:
        fail("--bots needs at least two different bots")
    out = check_results_path(out or Path(f"ladder-{g.name}.parquet"))
    if n % 2:
        console.print(f"[yellow]note:[/] games come in pairs on one deal: {n + 1} games a pair, not {n}")
    _note_time_caps(specs)
    jobs = ladder_jobs(specs, n, seed, players)
    variant_name = g.canonical_variant(variant)
    kept, todo = _resumed(out, g, variant_name, options, jobs) if resume else ([], jobs)
    heavy = [s for s, st in zip(specs, bot_settings) if _slow_bot(st)]
    if heavy and len(todo) > 50:
        console.print(
            f"[yellow]note:[/] {', '.join(heavy)} take seconds to minutes a game: {len(todo)} games may "
            "take hours (the time left shown first comes from the fast games of the first pairs)"
        )
    if kept:
        console.print(f"resuming: {len(kept)} of {len(jobs)} games already in {out}")
    backup = None
    if not kept and out.exists():
        backup = check_backup_path(out)
        console.print(earlier_results_note(out, backup, "ladder"))
    checkpoint = Checkpoint(out, g.name, variant_name, kept, options=options, backup=backup)
    stopped_by = [signal.SIGINT]  # the signal that stops the run (exit code 128 + its number)
    record_path = records_dir(g.name, records, len(jobs), [j[2] for j in todo]) if records is not None else None
    saving = [record_path is not None]  # until a save file cannot be written

    def done(r, progress, task):
        if saving[0]:  # the file first: a game counted after a Ctrl-C has its file
            saving[0] = save_record(g.name, r, variant, options, record_path(r.index))
        checkpoint.add(r)
        progress.advance(task)

    try:
        with _terminate_as_interrupt(stopped_by), _progress() as progress:
            task = progress.add_task(f"ladder {g.name}", total=len(jobs), completed=len(kept))
            run_games(
                g.name,
                todo,
                variant,
                options,
                workers,
                lambda r: done(r, progress, task),
                keep_actions=records is not None,
            )
    except KeyboardInterrupt:
        written = checkpoint.save()
        if written is None:
            err_console.print(
                "stopped before any game ended: nothing saved" + (f" ({out} is as it was)" if out.exists() else "")
            )
        else:
            err_console.print(
                f"stopped: {len(checkpoint.results)} of {len(jobs)} games kept in {written}; "
                f"the same command with {_resume_flags(written, out)} plays the rest "
                f"('meeple ladder {g.name} --out {written} --report' shows their tables)"
            )
        raise typer.Exit(128 + stopped_by[0]) from None
    except WorkerDiedError as e:
        written = checkpoint.save()
        kept_text = (
            f"{len(checkpoint.results)} of {len(jobs)} games kept in {written}; the same command "
            f"with {_resume_flags(written, out)} plays the rest"
            if written is not None
            else "no game had ended: nothing saved"
        )
        err_console.print(f"[bold red]stopped:[/] {e}; {kept_text}")
        raise typer.Exit(1) from None
    except BaseException:
        try:
            checkpoint.save()  # a failed game or worker: keep the finished games, then report
        except Exception as save_error:  # never hide the first error behind this one
            err_console.print(f"the finished games could not be saved: {save_error}")
        raise
    written = checkpoint.save()
    _ladder_tables(g, checkpoint.results, specs, players, markdown)
    _warn_truncated(checkpoint.results, g)
    console.print(f"results written to [bold]{written}[/]")
    if saving[0] and todo:
        console.print(f"the {len(todo)} games played are saved in [bold]{records}[/]")


def _read_report(g, out: Path, variant: str | None, run: str = "ladder") -> tuple[list, list, set]:
    """``(rows, results, variants)`` of the results file ``out`` for ``ladder --report`` or
    ``simulate --report`` (``run``). Exits 2 with a message when the file is not named .csv or
    .parquet, or is missing, unreadable, empty or of another game or variant."""
    from ..sim.io import RESULTS_SUFFIXES, read_rows
    from ..sim.runner import results_from_rows

    if out.is_dir():
        fail(f"--report: --out {out} is a directory; give the results file (.csv or .parquet) of a {run}")
    if out.suffix.lower() not in RESULTS_SUFFIXES:  # before "does not exist": the name is wrong anyway
        fail(f"--report: --out names a results file, ending in .csv or .parquet, not {out.name!r}")
    if not out.exists():
        fail(
            f"--report: {out} does not exist (yet: a {run} writes its --out once its first game has "
            "ended, then every 30 seconds)"
        )
    try:
        rows = read_rows(out)
        if not rows:
            raise ValueError("it holds no game")
        kinds = {(str(r.get("game") or ""), str(r.get("variant"))) for r in rows}
        games = {k[0] for k in kinds}
        if "" in games:
            raise ValueError("it is not a meeple results table (a row names no game)")
        if games != {g.name}:
            raise ValueError(f"it holds games of {', '.join(sorted(games))}, not {g.name}")
        variants = {k[1] for k in kinds}
        if variant is not None and variants != {variant}:
            raise ValueError(f"it holds games of the variant {', '.join(sorted(variants))}, not {variant}")
        results = results_from_rows(rows)
    except (OSError, ValueError) as e:
        fail(f"--report: cannot read {out}: {e}")
        raise  # not reached: fail exits
    if not results:
        fail(f"--report: {out} holds no game")
    return rows, results, variants


def _with_start_players(g, rows: list[dict], results: list) -> list:
    """``results`` read from ``rows``; when the file is from before the ``start_player``
    column, each game's start player is found again from its seed (the set-up's draw), if
    its games are of this meeple's rules edition (an older one may draw otherwise: Magnum
    Sal's first always started with seat 0); else left unknown (None).

    Raises:
        ValueError: a game's options do not parse or the game refuses them.
    """
    import json
    from dataclasses import replace

    if not rows or "start_player" in rows[0]:
        return results
    if any(str(r.get("rules", 1)) != str(g.rules_edition) for r in rows):
        return results
    setup = {}
    for r in rows:
        try:
            setup[int(r["index"])] = (str(r["variant"]), json.loads(r.get("options") or "{}"))
        except ValueError as e:
            raise ValueError(f"game {r['index']}: its options {r.get('options')!r} are not JSON ({e})") from None
    out = []
    for r in results:
        try:
            out.append(replace(r, start_player=g.new_state(len(r.bots), r.seed, *setup[r.index]).start_player))
        except InvalidConfigError as e:
            raise ValueError(f"game {r.index}: {e}") from None
    return out


def _note_unused(ctx: typer.Context, flags) -> None:
    """With ``--report``: name the options given on the command line (even at their default
    value) that a report does not use (click's ParameterSource, by name: typer ships its own
    copy of click)."""
    given = [
        flag
        for flag, param in flags
        if getattr(ctx.get_parameter_source(param), "name", "DEFAULT") not in ("DEFAULT", "DEFAULT_MAP")
    ]
    if given:
        console.print(
            f"[yellow]note:[/] --report plays nothing and reads the bots and games from the file: "
            f"{', '.join(given)} not used",
            soft_wrap=True,
        )


def _simulation_file_report(g, out: Path, variant: str | None) -> None:
    """``simulate --report``: the summary of the games ``out`` holds, playing nothing."""
    rows, results, variants = _read_report(g, out, variant, "simulation")
    counts = sorted({len(r.bots) for r in results})
    if len(counts) > 1:
        fail(
            f"--report: {out} mixes games of {' and '.join(map(str, counts))} players (a ladder's file with "
            "--players? see it with 'meeple ladder ... --report')"
        )
    try:
        results = _with_start_players(g, rows, results)
    except ValueError as e:
        fail(f"--report: cannot read {out}: {e}")
    games = f"{len(results)} game{'s' if len(results) != 1 else ''}"
    console.print(
        f"{games} in {out} ({', '.join(sorted(variants))}; seats of its first game "
        f"{', '.join(results[0].bots)}; options {rows[0].get('options') or '{}'})"
    )
    _simulation_report(g, results)
    editions = sorted({r.get("rules", 1) for r in rows} - {g.rules_edition}, key=str)
    if editions:
        console.print(
            f"[yellow]warning:[/] games of this file were played under rules edition "
            f"{', '.join(map(str, editions))} of {g.name}; this meeple plays edition {g.rules_edition}"
        )


def _file_options(g, num_players: int, variant: str, options: dict) -> dict:
    """A results file's options as this run's are compared: as a state holds them, without
    those at their default. Raises ValueError for options the game refuses."""
    try:
        return game_options(g, g.check_config(num_players, variant, options))
    except InvalidConfigError as e:
        raise ValueError(f"its games name options this meeple refuses ({e})") from None


def _ladder_report(g, out: Path, variant: str | None, markdown: bool) -> None:
    """``ladder --report``: the tables of the games ``out`` holds, playing nothing; the bots,
    the number of players and (unless given) the variant are read from the file. Exits 2
    with a message when the file is missing, unreadable or of another game or variant."""
    rows, results, variants = _read_report(g, out, variant)
    crowded = next((r for r in results if len(set(r.bots)) != 2), None)
    if crowded is not None:  # a ladder's game is one pair of bots; simulate's may seat more
        kinds = list(dict.fromkeys(crowded.bots))
        seated = (
            f"only {kinds[0]} in every seat" if len(kinds) == 1 else f"{len(kinds)} different bots ({', '.join(kinds)})"
        )
        fail(
            f"--report: {out} is not a ladder's file: its game {crowded.index} seats {seated}, a "
            "ladder's game one pair of different bots (see a simulation's file with 'meeple simulate "
            "GAME --report --out FILE')"
        )
    specs: list[str] = []
    for r in results:
        specs.extend(b for b in r.bots if b not in specs)
    games = f"{len(results)} game{'s' if len(results) != 1 else ''}"
    console.print(
        f"{games} in {out} ({', '.join(sorted(variants))}; bots {', '.join(specs)}): "
        "each row counts the games of its pair in the file"
    )
    _ladder_tables(g, results, specs, len(results[0].bots), markdown)
    _warn_truncated(results, g)
    editions = sorted({r.get("rules", 1) for r in rows} - {g.rules_edition}, key=str)
    if editions:  # shown, not refused: a report of an earlier run is history, not a game to go on
        console.print(
            f"[yellow]warning:[/] games of this file were played under rules edition "
            f"{', '.join(map(str, editions))} of {g.name}; this meeple plays edition {g.rules_edition} "
            f"({g.rules_changes.get(g.rules_edition, 'the rules changed')}): they are not games of "
            "today's rules, and --resume refuses the file"
        )


def _warn_truncated(results: list, g=None) -> None:
    """Say how many games a safety option (not a rule) cut short, if any, naming the game's
    safety options (``Game.safety_options``, e.g. Magnum Sal's ``max_rounds``)."""
    cut = sum(1 for r in results if r.truncated)
    if cut:
        caps = " / ".join(getattr(g, "safety_options", ())) if g is not None else ""
        console.print(
            f"[yellow]warning:[/] {cut} of {len(results)} games were cut short by a safety option "
            f"({caps + ', ' if caps else ''}{cut / len(results):.1%} of the games; not a rule of the game, "
            "see 'meeple games'): their scores are not those of finished games."
        )


def _ladder_tables(g, results: list, specs: list[str], players: int, markdown: bool) -> None:
    """Print a ladder's head-to-head table and OpenSkill ratings of ``results`` (and the same
    as Markdown with ``markdown``)."""
    from ..sim.ladder import pair_results, ratings

    pairs = [p.winner_first() for p in pair_results(results, specs)]
    rates = ratings(results, specs)
    if players == 2:
        caption = "A wins: 1 a game won, 0.5 a tie"
        won, rate = "A wins", "A win rate"
    else:
        caption = (
            f"A's share of each game ({players} players, the pair alternating in the seats): the mean "
            "over A's seats of the share of other seats each beats (ties half); its sum over the games, "
            "and its mean with a Wilson interval taken as if the shares were wins (approximate)"
        )
        won, rate = "A share sum", "A share"
    t = Table("bot A", "bot B", "games", won, rate, "95% CI", title=f"{g.title}: head to head", caption=caption)
    md = [f"| bot A | bot B | games | {rate} | 95% CI |", "|---|---|---|---|---|"]
    for p in pairs:
        lo, hi = p.interval
        t.add_row(p.a, p.b, str(p.games), f"{p.a_wins:g}", f"{p.rate:.1%}", f"{lo:.1%}-{hi:.1%}")
        md.append(f"| {p.a} | {p.b} | {p.games} | {p.rate:.1%} | {lo:.1%}-{hi:.1%} |")
    console.print(t)
    rt = Table("bot", "mu", "sigma", "ordinal", title="OpenSkill ratings (Plackett-Luce)")
    md += ["", "| bot | mu | sigma | ordinal |", "|---|---|---|---|"]
    for spec, (mu, sigma, ordinal) in sorted(rates.items(), key=lambda kv: -kv[1][2]):
        rt.add_row(spec, f"{mu:.1f}", f"{sigma:.2f}", f"{ordinal:.1f}")
        md.append(f"| {spec} | {mu:.1f} | {sigma:.2f} | {ordinal:.1f} |")
    console.print(rt)
    if markdown:
        print("\n".join(md))


@contextmanager
def _terminate_as_interrupt(stopped_by: list | None = None, hangup: bool = False):
    """While a long run lasts, SIGTERM (a batch system's time limit, ``kill``) stops it as
    Ctrl-C does, so that the finished games are saved; ``stopped_by[0]`` is then set to
    SIGTERM (the exit code is 128 + the signal's number, as a shell reports it). With
    ``hangup`` (a game in the terminal), SIGHUP too: the terminal window was closed."""

    signums = [signal.SIGTERM]
    if hangup and hasattr(signal, "SIGHUP"):
        signums.append(signal.SIGHUP)

    def interrupt(signum, frame):
        if stopped_by is not None:
            stopped_by[0] = signum
        # the first stop wins: a second signal (a closed terminal sends SIGHUP twice) must not
        # cut short the saving this one starts
        for s in signums + [signal.SIGINT]:
            signal.signal(s, signal.SIG_IGN)
        raise KeyboardInterrupt

    try:
        old = {s: signal.signal(s, interrupt) for s in signums}
        if signal.getsignal(signal.SIGINT) is not None:  # None: set outside Python, left alone
            old.setdefault(signal.SIGINT, signal.getsignal(signal.SIGINT))
    except ValueError:  # not the main thread (an embedding program): leave signals alone
        yield
        return
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _resume_flags(written: Path, out: Path) -> str:
    """What to add to the stopped command to go on: ``--resume``, with ``--out FILE`` when the
    games were kept in another file than ``out`` (it could not be written)."""
    return "--resume" if written == out else f"--out {written} --resume"


def _resumed(out: Path, g, variant: str, options: dict, jobs: list, run: str = "ladder") -> tuple[list, list]:
    """For ``ladder --resume`` and ``simulate --resume`` (``run``): the games of ``out`` that
    belong to this run and the jobs still to play (all of them if ``out`` does not exist yet).
    Exits 2, changing nothing, if ``out`` holds another run (or games with other game
    ``options``) or cannot be read."""
    from ..sim.io import read_rows
    from ..sim.ladder import resume_jobs
    from ..sim.runner import options_text, results_from_rows

    if not out.exists():
        console.print(f"[yellow]note:[/] {out} does not exist yet: nothing to resume, all games are played")
        return [], jobs
    import json

    game = g.name
    try:
        rows = read_rows(out)
        other = {(str(r.get("game")), str(r.get("variant"))) for r in rows} - {(game, variant)}
        if other:
            g2, v2 = min(other)
            raise ValueError(f"it holds games of {g2} ({v2}), not {game} ({variant})")
        wanted = options_text(options)
        other = {(int(r.get("num_players") or 0), str(r.get("options") or "{}")) for r in rows}
        other = {options_text(_file_options(g, k, variant, json.loads(x))) for k, x in other} - {wanted}
        if other:
            raise ValueError(f"its games were played with the options {min(other)}, not {wanted} (--option)")
        other = {r.get("rules", 1) for r in rows} - {g.rules_edition}  # a file without the column: 1
        if other:
            raise ValueError(
                f"its games were played under rules edition {min(other, key=str)}; this meeple "
                f"plays edition {g.rules_edition} of {game} "
                f"({g.rules_changes.get(g.rules_edition, 'the rules changed')})"
            )
        return resume_jobs(jobs, _with_start_players(g, rows, results_from_rows(rows)), run)
    except (OSError, ValueError) as e:
        fail(f"--resume: cannot continue from {out}: {e}")
        raise  # not reached: fail exits


def _stdout_is_devnull() -> bool:
    """True when file descriptor 1 is /dev/null (where a closed output is sent, see main)."""
    try:
        a, b = os.fstat(1), os.stat(os.devnull)
    except (OSError, ValueError):
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def main() -> None:
    """Entry point of the ``meeple`` command: clean messages and exit code 2 for bad input."""
    import sys

    from ..sim.runner import GameNotEndingError

    was_null = _stdout_is_devnull()
    try:
        app()
    except SystemExit:
        # (the help's own console, meeting a closed output, points stdout at /dev/null and exits 1)
        if console.broken or err_console.broken or (not was_null and _stdout_is_devnull()):
            # a closed output (``| head``): click exits 1 on it; say 128 + SIGPIPE as a shell does
            sys.exit(141)
        raise
    except (InvalidConfigError, InvalidRecordError, GameNotEndingError) as e:
        err_console.print(f"[bold red]error:[/] {escape(str(e))}")  # a message may hold [brackets]
        sys.exit(1 if isinstance(e, GameNotEndingError) else 2)  # 2: bad input, 1: failed run


if __name__ == "__main__":
    main()
