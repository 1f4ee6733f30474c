"""Simulation throughput: games per second with 1 and 2 workers, for each game and both
backends (``local`` processes, ``ray`` tasks on a private Ray on this machine), greedy
against greedy, and the scaling ratio (2 workers over 1).

    uv run python benchmarks/sim_scaling.py                  # every game, n=8 a run
    uv run python benchmarks/sim_scaling.py -n 20 --games solomon --backends local

Prints a Markdown table. The Ray start-up (once, outside the timings) is printed apart; the
load average before and after is printed too, since a shared machine's load moves the
numbers. Each game and backend is warmed up first (two games, not timed), and each timing is
the best of ``--repeat`` runs (1 worker, 2 workers, again). Every run plays the same games (the run seed), which the script checks: the
backends and worker counts give the same results.
"""

from __future__ import annotations

import argparse
import os
import time

from meeple.sim.backends import start_ray, stop_ray
from meeple.sim.runner import run_games, simulation_jobs

GAMES = ("klondike", "solomon", "lignum", "magnum-sal")


def main() -> None:
    """Run the benchmark and print its table (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=8, help="games a run (default 8)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--backends", default="local,ray")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--repeat",
        type=int,
        default=2,
        help="timings of each (1 worker, then 2), the best kept (default 2: the first "
        "run of a process still fills the game's caches, which forked workers inherit)",
    )
    args = ap.parse_args()
    backends = args.backends.split(",")
    print(f"load average before: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")
    started = False
    if "ray" in backends:
        t = time.perf_counter()
        started = start_ray(2)
        print(f"Ray start-up: {time.perf_counter() - t:.1f} s (not in the timings)")
    rows = []
    try:
        for game in args.games.split(","):
            jobs = simulation_jobs(["greedy", "greedy"], args.n, args.seed)
            first = None
            for backend in backends:
                # warm-up, not timed: imports and the game's lazily built tables, in this
                # process (1 worker plays here; forked workers inherit them) and in Ray's workers
                run_games(game, jobs[:1], workers=1)
                run_games(game, jobs[:2], workers=2, backend=backend)
                rates = [0.0, 0.0]
                for _ in range(args.repeat):  # 1 then 2 workers, the best of the repeats
                    for i, workers in enumerate((1, 2)):
                        t = time.perf_counter()
                        res = run_games(game, jobs, workers=workers, backend=backend)
                        rates[i] = max(rates[i], args.n / (time.perf_counter() - t))
                        plain = [(r.seed, r.scores, r.steps) for r in res]
                        assert first is None or plain == first, f"{game} {backend} {workers}: other results"
                        first = plain
                rows.append((game, backend, rates[0], rates[1], rates[1] / rates[0]))
                print(f"  {game} {backend}: {rates[0]:.2f} / {rates[1]:.2f} games/s", flush=True)
    finally:
        stop_ray(started)
    print(f"load average after: {os.getloadavg()[0]:.1f}\n")
    print("| game | backend | games/s, 1 worker | games/s, 2 workers | scaling (2 / 1) |\n|---|---|---|---|---|")
    for game, backend, one, two, ratio in rows:
        print(f"| {game} | {backend} | {one:.2f} | {two:.2f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
