"""A balance report from a simulation's results file (``meeple report``): for a designer,
the questions people ask of a game, each answered in one sentence from the data, then a plot
and a table.

:func:`build_report` reads a results file of ``meeple simulate --out`` (one row per game
and seat, the game's own statistics in the ``stats`` column) and writes to a folder:

* ``index.html``: the report (headings that ask, a sentence that answers, the figure, the
  table);
* ``report.md``: the same in Markdown, the figures linked;
* one PNG per figure (matplotlib, the ``report`` extra);
* ``data.json``: the numbers behind every table and figure (``{"tables": {...}, "figures":
  {"NAME.png": {...}}}``), so that they can be checked or plotted again.

Games cut short by a safety option (``Game.safety_options``, e.g. Magnum Sal's ``max_rounds``:
no rule of the game) count as played, and are named everywhere: the top says how many and
which share (or that none was cut short), every table gets a ``cut short`` column and every
figure a title line (and red marks in the score and length figures); ``data.json`` keeps
``cut_short`` (``{"games", "share", "cap"}``) and the per-figure counts.

With ``compare`` (a second results file of the same games, seeds and bots, played with one
rule option changed) it adds a paired-seed comparison: per seat and per bot the mean
difference (second file minus first) of score and win, and of game length, with 95%
intervals from the paired differences (normal approximation: mean +- 1.96 standard errors).
"""

from __future__ import annotations

import html
import json
import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .stats import wilson_interval

Z95 = 1.96
"""The normal quantile of the 95% intervals."""


@dataclass
class Game:
    """One game of a results file (its seat rows put together).

    Attributes: ``index``, ``seed``, ``bots`` (spec per seat), ``scores`` (per seat, the
    game's units), ``wins`` (per seat: 1, a shared win's share, or 0), ``turn_order`` (per
    seat: 1 for the start player; None where the game has none), ``steps`` (actions),
    ``truncated``, ``options`` (JSON text of the non-default options), ``stats`` (the game's
    own statistics; None in a file written before the column).
    """

    index: int
    seed: int
    bots: list
    scores: list
    wins: list
    turn_order: list
    steps: int
    truncated: bool
    options: str
    variant: str
    stats: dict | None = None


def read_games(path: str | Path, game: str | None = None) -> list[Game]:
    """The games of the results file ``path`` (``.parquet`` or ``.csv`` of ``meeple
    simulate --out`` or ``meeple ladder``), by index; one row per game: the per-game view of
    the per-seat file.

    Raises:
        FileNotFoundError: no such file.
        ValueError: not a results file, no game in it, games of another game than ``game``,
            or rows that do not make whole games.
    """
    from .gamestats import stats_from_text
    from .io import read_rows

    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no results file {path}")
    if path.is_dir():
        raise ValueError(f"{path} is a folder: give the results file (.parquet or .csv) of 'meeple simulate --out'")
    rows = read_rows(path)
    if not rows:
        raise ValueError(f"{path} holds no game")
    by_game: dict[int, list[dict]] = defaultdict(list)
    try:
        for row in rows:
            if game is not None and row["game"] != game:
                raise ValueError(f"{path.name} holds games of {row['game']}, not {game}")
            by_game[int(row["index"])].append(row)
        out = []
        for index, seats in sorted(by_game.items()):
            seats.sort(key=lambda r: int(r["seat"]))
            n = int(seats[0]["num_players"])
            if [int(r["seat"]) for r in seats] != list(range(n)):
                raise ValueError(f"game {index}: its rows are not one row for each of its {n} seats")
            out.append(
                Game(
                    index=index,
                    seed=int(seats[0]["seed"]),
                    bots=[str(r["bot"]) for r in seats],
                    scores=[float(r["score"]) for r in seats],
                    wins=[float(r["win"]) for r in seats],
                    turn_order=[
                        None
                        if r.get("turn_order") in (None, "") or r.get("turn_order") != r.get("turn_order")
                        else int(r["turn_order"])
                        for r in seats
                    ],
                    steps=int(seats[0]["steps"]),
                    truncated=bool(seats[0]["truncated"]),
                    options=str(seats[0].get("options") or "{}"),
                    variant=str(seats[0].get("variant")),
                    stats=stats_from_text(seats[0].get("stats")),
                )
            )
    except KeyError as e:
        raise ValueError(f"{path.name} is not a meeple results table: no column {e}") from e
    return out


# ------------------------------------------------------------------ numbers
def rate_row(games: int, wins: float, scores: list) -> dict:
    """``{"games", "wins", "win_rate", "ci_low", "ci_high", "mean_score"}``: a win rate with
    its 95% Wilson interval (shared wins count their share) and the mean score."""
    low, high = wilson_interval(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "ci_low": low,
        "ci_high": high,
        "mean_score": statistics.fmean(scores) if scores else 0.0,
    }


def spread(values: list) -> dict:
    """``{"n", "mean", "sd", "min", "q1", "median", "q3", "max"}`` of a list of numbers
    (quartiles by the inclusive method; sd 0 for fewer than 2 values)."""
    v = sorted(float(x) for x in values)
    if not v:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "min": 0.0, "q1": 0.0, "median": 0.0, "q3": 0.0, "max": 0.0}
    q = statistics.quantiles(v, n=4, method="inclusive") if len(v) > 1 else [v[0]] * 3
    return {
        "n": len(v),
        "mean": statistics.fmean(v),
        "sd": statistics.stdev(v) if len(v) > 1 else 0.0,
        "min": v[0],
        "q1": q[0],
        "median": q[1],
        "q3": q[2],
        "max": v[-1],
    }


def paired(diffs: list) -> dict:
    """``{"n", "mean", "ci_low", "ci_high"}``: the mean of paired differences and its 95%
    interval (mean +- 1.96 standard errors; the mean alone for fewer than 2 pairs)."""
    n = len(diffs)
    if not n:
        return {"n": 0, "mean": 0.0, "ci_low": 0.0, "ci_high": 0.0}
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    return {"n": n, "mean": mean, "ci_low": mean - half, "ci_high": mean + half}


def by_seat(games: list[Game]) -> dict:
    """Per seat (from 0): :func:`rate_row`."""
    out = {}
    for s in range(max(len(g.bots) for g in games)):
        mine = [g for g in games if s < len(g.bots)]
        out[s] = rate_row(len(mine), sum(g.wins[s] for g in mine), [g.scores[s] for g in mine])
    return out


def by_turn_order(games: list[Game]) -> dict:
    """Per place in the turn order (1: the start player), over the games that have one:
    :func:`rate_row`; ``{}`` when none has (Solomon, Klondike's race)."""
    acc = defaultdict(lambda: [0, 0.0, []])
    for g in games:
        for s, k in enumerate(g.turn_order):
            if k is not None:
                a = acc[k]
                a[0] += 1
                a[1] += g.wins[s]
                a[2].append(g.scores[s])
    return {k: rate_row(*acc[k]) for k in sorted(acc)}


def by_bot(games: list[Game]) -> dict:
    """Per bot spec (in the order first seen): :func:`rate_row` over its seats."""
    acc: dict[str, list] = {}
    for g in games:
        for s, b in enumerate(g.bots):
            a = acc.setdefault(b, [0, 0.0, []])
            a[0] += 1
            a[1] += g.wins[s]
            a[2].append(g.scores[s])
    return {b: rate_row(*a) for b, a in acc.items()}


def stat_summary(games: list[Game], key: str, spec: dict) -> dict:
    """The means of one per-game statistic (a key of the game's ``STATS``) over the games
    that have it: ``{"labels": [...], "mean": [...], "games": [...]}`` with, for per-seat
    values, ``"by_seat": {seat: [...]}`` too (a list a label). ``by`` "seat": the labels are
    the seats, and ``"by_bot"``/``"bot_games"`` give the mean (and count) per bot over the
    seats it sat in; a list of labels: one mean a label (a per-seat list a label is averaged over the
    seats for ``mean``); None: one value, with its :func:`spread` as ``"spread"``."""
    values = [g.stats[key] for g in games if g.stats and key in g.stats]
    by = spec.get("by")
    if by is None:
        return {
            "labels": [key],
            "mean": [statistics.fmean(values)] if values else [0.0],
            "games": [len(values)],
            "spread": spread(values),
            "values": values,
        }
    if by == "seat":
        n = max((len(v) for v in values), default=0)
        labels = [f"seat {s}" for s in range(n)]
        cols = [[v[s] for v in values if s < len(v)] for s in range(n)]
        bots: dict[str, list] = {}
        for g in games:
            if g.stats and key in g.stats:
                for s, b in enumerate(g.bots):
                    if s < len(g.stats[key]):
                        bots.setdefault(b, []).append(g.stats[key][s])
        return {
            "labels": labels,
            "mean": [statistics.fmean(c) if c else 0.0 for c in cols],
            "games": [len(c) for c in cols],
            "by_bot": {b: statistics.fmean(v) for b, v in bots.items()},
            "bot_games": {b: len(v) for b, v in bots.items()},
        }
    labels = list(by)
    cols = [[v[i] for v in values if i < len(v)] for i in range(len(labels))]
    if spec.get("per_seat"):
        n = max((len(x) for c in cols for x in c), default=0)
        seats = {s: [statistics.fmean([x[s] for x in c]) if c else 0.0 for c in cols] for s in range(n)}
        return {
            "labels": labels,
            "mean": [statistics.fmean([sum(x) / len(x) for x in c]) if c else 0.0 for c in cols],
            "games": [len(c) for c in cols],
            "by_seat": seats,
        }
    return {
        "labels": labels,
        "mean": [statistics.fmean(c) if c else 0.0 for c in cols],
        "games": [len(c) for c in cols],
    }


def compare(a: list[Game], b: list[Game]) -> dict:
    """The paired-seed comparison of two runs: the games of ``b`` matched to those of ``a``
    by seed and seating (same bots in the same seats). Returns ``{"pairs": n, "seat": {s:
    {"score": paired, "win": paired}}, "bot": {spec: {...}}, "steps": paired, "options":
    [a's, b's]}`` (differences are b minus a, :func:`paired`).

    Raises:
        ValueError: no game of ``b`` has the seed and seating of a game of ``a``.
    """
    index = {(g.seed, tuple(g.bots)): g for g in a}
    pairs = [(index[(g.seed, tuple(g.bots))], g) for g in b if (g.seed, tuple(g.bots)) in index]
    if not pairs:
        raise ValueError(
            "the two results files share no game (same seed and seating): run both with the "
            "same --seats, --seed and -n, changing only an --option"
        )
    seat_d = defaultdict(lambda: ([], []))
    bot_d = defaultdict(lambda: ([], []))
    for x, y in pairs:
        for s, spec in enumerate(x.bots):
            for d in (seat_d[s], bot_d[spec]):
                d[0].append(y.scores[s] - x.scores[s])
                d[1].append(y.wins[s] - x.wins[s])
    return {
        "pairs": len(pairs),
        "seat": {s: {"score": paired(d[0]), "win": paired(d[1])} for s, d in sorted(seat_d.items())},
        "bot": {spec: {"score": paired(d[0]), "win": paired(d[1])} for spec, d in bot_d.items()},
        "steps": paired([y.steps - x.steps for x, y in pairs]),
        "options": [pairs[0][0].options, pairs[0][1].options],
    }


# ------------------------------------------------------------------ the report
@dataclass
class _Doc:
    """The report as it is built: HTML and Markdown side by side, and the data."""

    title: str
    html: list = field(default_factory=list)
    md: list = field(default_factory=list)
    data: dict = field(default_factory=lambda: {"tables": {}, "figures": {}})

    def heading(self, text: str, level: int = 2) -> None:
        self.html.append(f"<h{level}>{html.escape(text)}</h{level}>")
        self.md.append(f"\n{'#' * level} {text}\n")

    def para(self, text: str) -> None:
        self.html.append(f"<p>{html.escape(text)}</p>")
        self.md.append(f"{text}\n")

    def figure(self, name: str, alt: str) -> None:
        self.html.append(f'<img src="{html.escape(name)}" alt="{html.escape(alt)}">')
        self.md.append(f"![{alt}]({name})\n")

    def table(self, key: str, header: list, rows: list) -> None:
        """A table shown in both forms; its text cells kept in ``data["tables"][key]``."""
        self.data["tables"][key] = {"header": header, "rows": rows}
        h = "".join(f"<th>{html.escape(str(c))}</th>" for c in header)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
        self.html.append(f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>")
        self.md.append(
            "| "
            + " | ".join(map(str, header))
            + " |\n|"
            + "---|" * len(header)
            + "\n"
            + "".join("| " + " | ".join(map(str, r)) + " |\n" for r in rows)
        )


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.2f}"


def _ci(d: dict) -> str:
    return f"{_pct(d['win_rate'])} ({_pct(d['ci_low'])}-{_pct(d['ci_high'])})"


def _signed(d: dict, pct: bool = False) -> str:
    f = (lambda x: f"{100 * x:+.1f} pts") if pct else (lambda x: f"{x:+.2f}")
    return f"{f(d['mean'])} ({f(d['ci_low'])} to {f(d['ci_high'])})"


CSS = (
    "body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}"
    "h1{border-bottom:2px solid #444}h2{margin-top:2em;color:#234}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.25em .6em;text-align:right}"
    "th{background:#eef}td:first-child,th:first-child{text-align:left}img{max-width:100%;display:block}"
    "p.note{color:#666;font-size:.9em}"
)


def build_report(game: str, results: str | Path, out: str | Path, compare_with: str | Path | None = None) -> Path:
    """Write the balance report of the results file ``results`` (games of ``game``) to the
    folder ``out`` (made if missing; its files of the same names replaced): ``index.html``,
    ``report.md``, the PNGs and ``data.json`` (module docstring). ``compare_with``: a second
    results file for the paired-seed comparison. Returns the path of ``index.html``.

    Raises:
        meeple.InvalidConfigError: unknown game; matplotlib missing (the ``report`` extra).
        FileNotFoundError, ValueError: from :func:`read_games` and :func:`compare`; ``out``
            is a file.
    """
    from ..core import InvalidConfigError, load_game
    from .gamestats import stats_spec

    g = load_game(game)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise InvalidConfigError(
            "meeple report needs matplotlib, in meeple's report extra: "
            "pip install 'meeple[report]' (in a clone: uv sync --extra report)"
        ) from e
    games = read_games(results, g.name)
    other = read_games(compare_with, g.name) if compare_with is not None else None
    comparison = compare(games, other) if other is not None else None
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out} is a file: give a folder for the report")
    out.mkdir(parents=True, exist_ok=True)
    n = len(games)
    players = sorted({len(x.bots) for x in games})
    fair = 1 / players[0]
    names = g.new_initial_state(num_players=players[0], seed=0)
    seat_label = [f"{s} ({names.seat_name(s)})" for s in range(players[0])]
    doc = _Doc(f"{g.title}: balance report")
    variants = sorted({x.variant for x in games})
    bots = list(by_bot(games))
    doc.html.append(f"<h1>{html.escape(doc.title)}</h1>")
    doc.md.append(f"# {doc.title}\n")
    doc.para(
        f"{n} games of {', '.join(variants)} with {' or '.join(map(str, players))} players; bots "
        f"{', '.join(bots)} (seats rotate game by game); options {', '.join(sorted({x.options for x in games}))}; "
        f"from {Path(results).name}."
    )
    cut_games = [x for x in games if x.truncated]
    cut = len(cut_games)
    caps = list(getattr(g, "safety_options", ()))
    cap = (f"the safety cap {' / '.join(caps)}" if caps else "a safety cap") + " (an option, not a rule of the game)"
    cap_short = " / ".join(caps) or "a safety cap"
    if cut:
        note = (
            f"{cut} of {n} games ({_pct(cut / n)}) were cut short by {cap}: they count as played, and "
            "every figure and table below marks them (cut short)."
        )
    elif caps:
        note = f"None of the {n} games was cut short by {cap}: every game ended by the rules."
    else:
        note = ""
    if note:
        doc.html.append(f'<p class="note"><strong>{html.escape(note)}</strong></p>')
        doc.md.append(f"**{note}**\n")
    doc.data["games"] = n
    doc.data["cut_short"] = {"games": cut, "share": cut / n, "cap": caps}

    def cut_title(title: str, k: int | None = None) -> str:
        """A figure's title, with the games cut short when there are any."""
        k = cut if k is None else k
        return f"{title}\n({k} of {n} games cut short by {cap_short})" if k else title

    def cut_cols(header: list, rows: list, counts: list) -> tuple[list, list]:
        """A table with a last column of the games cut short in each row, when there are any."""
        if not cut:
            return header, rows
        return header + ["cut short"], [r + [k] for r, k in zip(rows, counts)]

    def save(fig, name: str, data: dict) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=100)
        plt.close(fig)
        doc.data["figures"][name] = data

    def rate_figure(name: str, title: str, labels: list, rows: list, show_fair: bool = True) -> None:
        fig, ax = plt.subplots(figsize=(7, 3.2))
        rates = [r["win_rate"] for r in rows]
        # (rounding may put a bound a hair on the wrong side of a rate of 0 or 1)
        err = [
            [max(0.0, r["win_rate"] - r["ci_low"]) for r in rows],
            [max(0.0, r["ci_high"] - r["win_rate"]) for r in rows],
        ]
        ax.bar(range(len(rows)), rates, yerr=err, capsize=5, color="#5b8bd0")
        if show_fair:
            ax.axhline(fair, color="#c33", linestyle="--", label=f"fair share 1/{players[0]}")
            ax.legend(loc="upper right")
        ax.set_xticks(range(len(rows)), labels)
        ax.set_ylabel("win rate (95% CI)")
        ax.set_ylim(0, 1)
        ax.set_title(cut_title(title))
        save(
            fig,
            name,
            {
                "labels": labels,
                "win_rate": rates,
                "ci_low": [r["ci_low"] for r in rows],
                "ci_high": [r["ci_high"] for r in rows],
                "cut_short": cut,
            },
        )

    # --- first player
    orders = by_turn_order(games)
    seats = by_seat(games)
    doc.heading("Is there a first-player advantage?")
    if orders:
        first = orders[1]
        who = "the start player"
    else:
        first = seats[0]
        who = "seat 0 (this game has no start player: seats play at once or in a drawn order)"
    if first["ci_low"] > fair:
        verdict = f"Yes: {who} wins {_ci(first)}, more than the fair share {_pct(fair)}."
    elif first["ci_high"] < fair:
        verdict = f"No, rather the opposite: {who} wins {_ci(first)}, less than the fair share {_pct(fair)}."
    else:
        verdict = f"No clear advantage: {who} wins {_ci(first)}; the interval holds the fair share {_pct(fair)}."
    doc.para(verdict)
    if orders:
        labels = [("1st (start)" if k == 1 else f"{k}th" if k > 3 else ["", "1st", "2nd", "3rd"][k]) for k in orders]
        rate_figure("win_rate_by_turn_order.png", "win rate by place in the turn order", labels, list(orders.values()))
        doc.figure("win_rate_by_turn_order.png", "win rate by turn order")
        doc.table(
            "turn_order",
            *cut_cols(
                ["turn order", "games", "wins", "win rate (95% CI)", "mean score"],
                [
                    [lab, d["games"], _num(d["wins"]), _ci(d), f"{d['mean_score']:.2f}"]
                    for lab, d in zip(labels, orders.values())
                ],
                [sum(k in x.turn_order for x in cut_games) for k in orders],
            ),
        )
    rate_figure("win_rate_by_seat.png", "win rate by seat", seat_label[: len(seats)], list(seats.values()))
    doc.figure("win_rate_by_seat.png", "win rate by seat")
    doc.table(
        "seat",
        *cut_cols(
            ["seat", "games", "wins", "win rate (95% CI)", "mean score"],
            [[seat_label[s], d["games"], _num(d["wins"]), _ci(d), f"{d['mean_score']:.2f}"] for s, d in seats.items()],
            [sum(s < len(x.bots) for x in cut_games) for s in seats],
        ),
    )

    # --- bots
    bot_rows = by_bot(games)
    doc.heading("Which strategies win?")
    best = max(bot_rows, key=lambda b: bot_rows[b]["win_rate"])
    if len(bot_rows) == 1:
        doc.para(f"Only {best} plays here: its seats share the wins (see the seats above).")
    else:
        d = bot_rows[best]
        rest = [b for b in bot_rows if b != best]
        clear = all(d["ci_low"] > bot_rows[b]["ci_high"] for b in rest)
        doc.para(
            f"{best} wins most often, {_ci(d)}"
            + (
                " - clearly ahead: its interval lies above the others'."
                if clear
                else " - but the intervals overlap: more games would tell them apart better."
            )
        )
    rate_figure("win_rate_by_bot.png", "win rate by bot", list(bot_rows), list(bot_rows.values()), show_fair=False)
    doc.figure("win_rate_by_bot.png", "win rate by bot")
    doc.table(
        "bot",
        *cut_cols(
            ["bot", "seats played", "wins", "win rate (95% CI)", "mean score"],
            [[b, d["games"], _num(d["wins"]), _ci(d), f"{d['mean_score']:.2f}"] for b, d in bot_rows.items()],
            [sum(x.bots.count(b) for x in cut_games) for b in bot_rows],
        ),
    )

    # --- scores
    doc.heading("How are the scores spread?")
    groups = {
        f"{b} / seat {s}": [x.scores[s] for x in games if s < len(x.bots) and x.bots[s] == b]
        for b in bot_rows
        for s in range(players[-1])
    }
    groups = {k: v for k, v in groups.items() if v}
    cut_scores = {
        f"{b} / seat {s}": [x.scores[s] for x in cut_games if s < len(x.bots) and x.bots[s] == b]
        for b in bot_rows
        for s in range(players[-1])
    }
    sp = {k: spread(v) for k, v in groups.items()}
    widest = max(sp, key=lambda k: sp[k]["sd"])
    doc.para(
        f"Scores run from {_num(min(s['min'] for s in sp.values()))} to {_num(max(s['max'] for s in sp.values()))}; "
        f"the widest spread is {widest}'s (standard deviation {sp[widest]['sd']:.1f})."
    )
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(groups) + 1))
    ax.boxplot(list(groups.values()), orientation="horizontal", tick_labels=list(groups))
    if cut:  # the games cut short, drawn over the boxes
        xs = [v for k in groups for v in cut_scores[k]]
        ys = [i + 1 for i, k in enumerate(groups) for _ in cut_scores[k]]
        ax.scatter(xs, ys, marker="x", color="#c33", zorder=3, label=f"cut short by {cap_short}")
        ax.legend(loc="best", fontsize="small")
    ax.set_xlabel("score")
    ax.set_title(cut_title("score distribution per bot and seat"))
    save(
        fig,
        "scores.png",
        {
            "labels": list(groups),
            **{k: [s[k] for s in sp.values()] for k in ("min", "q1", "median", "q3", "max")},
            "cut_short_scores": [cut_scores[k] for k in groups],
        },
    )
    doc.figure("scores.png", "score distribution per bot and seat")
    doc.table(
        "scores",
        *cut_cols(
            ["bot / seat", "games", "mean", "sd", "min", "median", "max"],
            [
                [k, s["n"], f"{s['mean']:.2f}", f"{s['sd']:.2f}", _num(s["min"]), _num(s["median"]), _num(s["max"])]
                for k, s in sp.items()
            ],
            [len(cut_scores[k]) for k in sp],
        ),
    )

    # --- length
    doc.heading("How long are games?")
    steps = [x.steps for x in games]
    ls = spread(steps)
    doc.para(
        f"A game takes {ls['mean']:.1f} actions on average (median {_num(ls['median'])}, "
        f"{_num(ls['min'])} to {_num(ls['max'])})"
        + (
            f"; {cut} games ({_pct(cut / n)}) were cut short by {cap}, so their lengths are the cap's, "
            "not the game's (red in the figure)."
            if cut
            else "."
        )
    )
    fig, ax = plt.subplots(figsize=(7, 3))
    bins = min(20, max(1, len(set(steps))))
    if cut:  # stacked: the games that ended by the rules, and those cut short on top in red
        ended = [x.steps for x in games if not x.truncated]
        parts, edges, _ = ax.hist(
            [ended, [x.steps for x in cut_games]],
            bins=bins,
            stacked=True,
            color=["#6a6", "#c33"],
            label=["ended by the rules", f"cut short by {cap_short}"],
        )
        counts, cut_counts = parts[-1], parts[-1] - parts[0]
        ax.legend(loc="best", fontsize="small")
    else:
        counts, edges, _ = ax.hist(steps, bins=bins, color="#6a6")
        cut_counts = [0] * len(counts)
    ax.set_xlabel("actions in the game")
    ax.set_ylabel("games")
    ax.set_title(cut_title("game length"))
    save(
        fig,
        "length.png",
        {
            "counts": [int(c) for c in counts],
            "edges": [float(e) for e in edges],
            "mean": ls["mean"],
            "median": ls["median"],
            "cut_short_counts": [int(c) for c in cut_counts],
        },
    )
    doc.figure("length.png", "game length")
    doc.table(
        "length",
        ["games", "mean", "median", "min", "max", "cut short"],
        [[n, f"{ls['mean']:.1f}", _num(ls["median"]), _num(ls["min"]), _num(ls["max"]), cut]],
    )

    # --- the game's own statistics
    spec = stats_spec(g.name)
    have = [x for x in games if x.stats]
    if spec:
        doc.heading(f"What happens in a game of {g.title}?")
        if not have:
            doc.para(
                "The file holds no per-game statistics (written before the stats column): simulate again to see them."
            )
        have_cut = [x for x in have if x.truncated]
        for key, sspec in spec.items():
            if not any(key in x.stats for x in have):
                continue
            summ = stat_summary(have, key, sspec)
            summ_cut = stat_summary(have_cut, key, sspec) if have_cut else None
            doc.data.setdefault("stats", {})[key] = summ
            doc.heading(sspec["doc"][0].upper() + sspec["doc"][1:], 3)
            labels, means = summ["labels"], summ["mean"]
            if sspec.get("by") is None:
                s = summ["spread"]
                doc.para(
                    f"{s['mean']:.2f} a game on average (median {_num(s['median'])}, {_num(s['min'])} to "
                    f"{_num(s['max'])}) over {s['n']} games."
                )
                doc.table(
                    f"stats.{key}",
                    *cut_cols(
                        ["games", "mean", "median", "min", "max"],
                        [[s["n"], f"{s['mean']:.2f}", _num(s["median"]), _num(s["min"]), _num(s["max"])]],
                        [summ_cut["games"][0] if summ_cut else 0],
                    ),
                )
                continue
            top = max(range(len(means)), key=lambda i: means[i])
            doc.para(
                f"Mean per game: highest at {labels[top]} ({means[top]:.2f}); "
                + ", ".join(f"{lab} {m:.2f}" for lab, m in zip(labels, means))
                + "."
            )
            fig, ax = plt.subplots(figsize=(7, 3))
            name = f"stats_{key}.png"
            if "by_seat" in summ:
                for s, vals in summ["by_seat"].items():
                    ax.plot(labels, vals, marker="o", label=f"seat {s}")
                ax.legend()
                data = {"labels": labels, "by_seat": summ["by_seat"]}
            else:
                ax.bar(labels, means, color="#c93")
                data = {"labels": labels, "mean": means}
            ax.set_ylabel("mean per game")
            ax.set_title(cut_title(sspec["doc"], len(have_cut)))
            ax.tick_params(axis="x", labelrotation=20 if len(labels) > 4 else 0)
            save(fig, name, data)
            doc.figure(name, sspec["doc"])
            rows = [[lab, summ["games"][i], f"{means[i]:.2f}"] for i, lab in enumerate(labels)]
            if "by_bot" in summ and len(summ["by_bot"]) > 1:  # seats rotate: per bot says who does what
                rows += [[f"bot {b}", summ["bot_games"][b], f"{m:.2f}"] for b, m in summ["by_bot"].items()]
            header = ["", "games", "mean (a seat)" if "by_seat" in summ else "mean"]
            if "by_seat" in summ:
                header += [f"seat {s}" for s in summ["by_seat"]]
                for i, r in enumerate(rows):
                    r += [f"{v[i]:.2f}" for v in summ["by_seat"].values()]
            counts = [
                summ_cut["games"][i] if summ_cut and i < len(summ_cut["games"]) else 0 for i in range(len(labels))
            ]
            if "by_bot" in summ and len(summ["by_bot"]) > 1:
                counts += [summ_cut["bot_games"].get(b, 0) if summ_cut else 0 for b in summ["by_bot"]]
            if cut:
                header = header + ["cut short"]
                rows = [r + [k] for r, k in zip(rows, counts)]
            doc.table(f"stats.{key}", header, rows)

    # --- paired comparison
    if comparison is not None:
        a_opt, b_opt = comparison["options"]
        doc.heading(f"Does the rule option matter? {a_opt} against {b_opt}")
        c = comparison
        moved = [s for s, d in c["seat"].items() if d["score"]["ci_low"] > 0 or d["score"]["ci_high"] < 0]
        cut_b = sum(x.truncated for x in other)
        if cut or cut_b:
            doc.para(
                f"Games cut short by {cap}: {cut} of {n} in {Path(results).name}, {cut_b} of {len(other)} "
                f"in {Path(compare_with).name}; the pairs below include them."
            )
        doc.para(
            f"Over {c['pairs']} paired games (same seed and seating, {Path(compare_with).name} minus "
            f"{Path(results).name}): game length moves {_signed(c['steps'])} actions; "
            + (
                f"the scores of seat {', '.join(map(str, moved))} move clearly (intervals off zero)."
                if moved
                else "no seat's score moves clearly (every interval holds zero)."
            )
        )
        labels = [seat_label[s] if s < len(seat_label) else str(s) for s in c["seat"]]
        fig, ax = plt.subplots(figsize=(7, 3))
        diffs = [d["score"] for d in c["seat"].values()]
        ax.errorbar(
            range(len(diffs)),
            [d["mean"] for d in diffs],
            yerr=[
                [max(0.0, d["mean"] - d["ci_low"]) for d in diffs],
                [max(0.0, d["ci_high"] - d["mean"]) for d in diffs],
            ],
            fmt="o",
            capsize=6,
        )
        ax.axhline(0, color="#888")
        ax.set_xticks(range(len(diffs)), labels)
        ax.set_ylabel("score difference (95% CI)")
        ax.set_title(
            f"paired score difference per seat\n({cut} and {cut_b} games cut short by {cap_short})"
            if cut or cut_b
            else "paired score difference per seat"
        )
        save(
            fig,
            "compare_scores.png",
            {
                "labels": labels,
                "mean": [d["mean"] for d in diffs],
                "ci_low": [d["ci_low"] for d in diffs],
                "ci_high": [d["ci_high"] for d in diffs],
            },
        )
        doc.figure("compare_scores.png", "paired score difference per seat")
        doc.table(
            "compare",
            ["", "pairs", "score difference (95% CI)", "win-rate difference (95% CI)"],
            [
                [f"seat {lab}", d["score"]["n"], _signed(d["score"]), _signed(d["win"], pct=True)]
                for lab, d in zip(labels, c["seat"].values())
            ]
            + [
                [f"bot {b}", d["score"]["n"], _signed(d["score"]), _signed(d["win"], pct=True)]
                for b, d in c["bot"].items()
            ]
            + [["game length (actions)", c["steps"]["n"], _signed(c["steps"]), ""]]
            + ([["games cut short (first file, second)", f"{cut}, {cut_b}", "", ""]] if cut or cut_b else []),
        )
        doc.data["compare"] = {k: v for k, v in c.items()}

    page = (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(doc.title)}</title>'
        f"<style>{CSS}</style></head><body>" + "\n".join(doc.html) + "</body></html>\n"
    )
    (out / "index.html").write_text(page, encoding="utf-8")
    (out / "report.md").write_text("\n".join(doc.md), encoding="utf-8")
    (out / "data.json").write_text(json.dumps(doc.data, indent=1, sort_keys=True, default=str), encoding="utf-8")
    return out / "index.html"
