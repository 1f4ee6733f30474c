"""A strength ladder: round robin between bots with paired seeds, win rates, ratings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations

from ..core import derive_seed
from .runner import GameResult, run_games
from .stats import wilson_interval


@dataclass
class PairResult:
    """Head-to-head of bot ``a`` against bot ``b`` (2-player games, or a's seat share)."""

    a: str
    b: str
    games: int
    a_wins: float  # ties count half
    b_wins: float | None = None
    """b's tally, told the same way; None: ``games - a_wins`` (2-player games). With 3 or more
    seats the two do not add up to ``games``: copies of one bot also beat each other."""

    @property
    def rate(self) -> float:
        """a's win rate against b."""
        return self.a_wins / self.games if self.games else 0.0

    def winner_first(self) -> PairResult:
        """The same head-to-head told from the side of the bot that won more."""
        b_wins = self.games - self.a_wins if self.b_wins is None else self.b_wins
        if self.a_wins >= b_wins:
            return self
        return PairResult(self.b, self.a, self.games, b_wins, self.a_wins)

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of a's win rate."""
        return wilson_interval(self.a_wins, self.games)


def ladder_jobs(bots: list[str], n: int, seed: int, num_players: int = 2):
    """Jobs for a round robin: for each pair, ``n`` games in pairs on the same deal.

    Each deal (seed) is played twice, with the seats swapped, so that neither bot gains from
    the seat or the deal. For more than 2 players the pair fills the seats alternately and
    the seatings are rotated over the deal.
    """
    jobs = []
    index = 0
    for i, j in combinations(range(len(bots)), 2):
        a, b = bots[i], bots[j]
        for k in range((n + 1) // 2):
            deal = _deal(seed, i, j, k)
            base = [a if s % 2 == 0 else b for s in range(num_players)]
            swapped = [b if x == a else a for x in base]
            for seating in (base, swapped):
                jobs.append((seating, deal, index))
                index += 1
    return jobs


def resume_jobs(jobs: list, done: list[GameResult], run: str = "ladder") -> tuple[list[GameResult], list]:
    """Split the ``jobs`` of a ladder (:func:`ladder_jobs`) or simulation (``run``:
    ``"ladder"`` or ``"simulation"``; ``simulation_jobs``) into the games ``done`` already
    holds (a stopped or smaller run of the same series) and the jobs still to play.

    A game is matched to its job by what it is (the seating and the deal's seed), not by its
    number, and takes that job's number: a deal's seed depends only on the pair's places in
    the bot list and the deal's number, so a ladder grown by a larger ``-n`` or by bots added
    at the end keeps every game already played, whatever moves the numbering.

    Raises:
        ValueError: a game of ``done`` is no job of this series (other bots or bot order,
            seed, players, or a larger number of games than this run's).
    """
    by_key = {(tuple(seating), deal): index for seating, deal, index in jobs}
    kept = []
    for r in done:
        index = by_key.get((tuple(r.bots), r.seed))
        if index is None:
            raise ValueError(
                f"game {r.index} in the file ({' v '.join(r.bots)}, seed {r.seed}) is no game "
                f"of this {run}: {_why_not_a_job(r, jobs, run)}"
            )
        kept.append(r if r.index == index else replace(r, index=index))
    have = {r.index for r in kept}
    return kept, [j for j in jobs if j[2] not in have]


def _why_not_a_job(r: GameResult, jobs: list, run: str) -> str:
    """Why the game ``r`` of a results file matches none of ``jobs`` (for :func:`resume_jobs`):
    the player count, a bot or the seating when they differ, else the seed or the number of
    games."""
    seatings = {tuple(seating) for seating, _, _ in jobs}
    players = {len(seating) for seating in seatings}
    bots = {b for seating in seatings for b in seating}
    other = f"the file holds another {run}"
    if len(r.bots) not in players:
        option = "--players" if run == "ladder" else "--seats and --players"
        return (
            f"{other}: its games have {len(r.bots)} players, this {run}'s {min(players)} "
            f"(give the {option} of the run that made it)"
        )
    missing = sorted(set(r.bots) - bots)
    if missing:
        option = "--bots" if run == "ladder" else "--seats"
        return f"{other}: it has {', '.join(missing)}, not in this {run}'s {option}"
    if tuple(r.bots) not in seatings:
        return f"{other}: " + ("another bot order (--bots)" if run == "ladder" else "its bots sit otherwise (--seats)")
    more = "more games a pair" if run == "ladder" else "more games"
    return f"{other} or {more}: another --seed, or a larger -n (give the -n of the run that made it, or a larger one)"


def _deal(seed: int, i: int, j: int, k: int) -> int:
    """Seed of deal ``k`` of the pair of bots ``i < j``: one stream per pair. The first 100
    deals keep the numbering of the first ladders (``10_000 i + 100 j + k``); later ones are
    drawn from the pair's own sub-stream, so that no two pairs share a deal with any ``-n``."""
    if k < 100:
        return derive_seed(seed, 10_000 * i + 100 * j + k)
    return derive_seed(derive_seed(seed, 10_000 * i + 100 * j + 99), k)


def pair_results(results: list[GameResult], bots: list[str]) -> list[PairResult]:
    """Head-to-head tallies from ladder games (each game between exactly two bot specs)."""
    table: dict[tuple[str, str], list[float]] = {}
    for r in results:
        specs = sorted(set(r.bots), key=bots.index)
        if len(specs) != 2:
            continue
        a, b = specs
        # each bot's share: the mean of its seats' returns (1 win, 0.5 tie, 0 loss in 2-player
        # games; with more seats the share of the other seats each of its seats beats)
        a_ret = [r.returns[s] for s, x in enumerate(r.bots) if x == a]
        b_ret = [r.returns[s] for s, x in enumerate(r.bots) if x == b]
        t = table.setdefault((a, b), [0, 0.0, 0.0])
        t[0] += 1
        t[1] += sum(a_ret) / len(a_ret)
        t[2] += sum(b_ret) / len(b_ret)
    return [PairResult(a, b, int(g), w, v) for (a, b), (g, w, v) in table.items()]


def ratings(results: list[GameResult], bots: list[str]) -> dict[str, tuple[float, float, float]]:
    """OpenSkill (Plackett-Luce) ratings from the games in order: spec -> (mu, sigma, ordinal)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {b: model.rating(name=b) for b in bots}
    for r in results:
        if len(set(r.bots)) < 2:
            continue
        teams = [[rating[spec]] for spec in r.bots]
        # rank by the seat's return: equal returns share a rank
        order = sorted(set(r.returns), reverse=True)
        ranks = [order.index(x) for x in r.returns]
        new = model.rate(teams, ranks=ranks)
        # a bot that holds several seats gets the update of its first seat
        done = set()
        for s, spec in enumerate(r.bots):
            if spec not in done:
                rating[spec] = new[s][0]
                done.add(spec)
    return {b: (x.mu, x.sigma, x.ordinal()) for b, x in rating.items()}


def run_ladder(
    game: str,
    bots: list[str],
    n: int,
    seed: int,
    num_players: int = 2,
    variant: str | None = None,
    options: dict | None = None,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
):
    """Play the round robin; returns ``(results, pair_results, ratings)``."""
    jobs = ladder_jobs(bots, n, seed, num_players)
    results = run_games(game, jobs, variant, options, workers, progress)
    return results, pair_results(results, bots), ratings(results, bots)
