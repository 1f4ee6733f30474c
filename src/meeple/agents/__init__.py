"""Game-agnostic bots and the bot-spec language.

Specs (usable on the command line, no commas inside a spec)::

    random                      uniform over legal actions
    greedy                      one-ply lookahead on the game's heuristic evaluation
    greedy:turn=0.5             ... valuing actions until its share of a 0.5 s turn runs out
    flatmc:N                    flat Monte Carlo, N playouts per legal action
    mcts:N                      ISMCTS with N iterations a move
    mcts:N:time=1.5:depth=30:c=0.7:rollout=random:bias=2:widen=0.25:prior=10:guard=0.05:takeback=root
    mcts:2000:turn=3            ISMCTS, at most 2000 iterations a move and 3 s a turn
    easy | medium | hard        graded levels for people (see LEVELS)

``time=S`` caps each decision at S seconds. ``turn=S`` (greedy, flatmc, mcts) gives the bot S
seconds for a whole turn, the run of decisions of one seat before another seat acts: each
decision gets a share of what is left, the rest divided by the decisions the turn is
expected still to take (the bot's mean so far), at most half of it once a turn runs longer
(``Agent.decision_budget``); a decision with one legal action costs nothing. Both make the
choice depend on the machine's speed; a bot without them is deterministic for its seed.
"""

from __future__ import annotations

import math
from typing import TypedDict

from ..core import InvalidConfigError, State
from ..core.checks import whole_number
from .base import Agent
from .search import FlatMCAgent, MCTSAgent
from .simple import GreedyAgent, RandomAgent

LEVELS = {
    "easy": "greedy:turn=0.5",
    "medium": "mcts:300:turn=1.5",
    "hard": "mcts:2000:turn=3",
}
"""Named levels for people -> bot specs. Each thinks at most so many seconds a turn, however
many decisions the turn takes (``turn=S``): ``easy`` 0.5 s, ``medium`` 1.5 s, ``hard`` 3 s
(on this project's 2-core test machine; a slower machine searches fewer iterations)."""

MAX_BUDGET = 10_000_000
"""Largest budget a spec may ask for (iterations of ``mcts``, playouts per action of ``flatmc``)."""


class _PlayoutOptions(TypedDict, total=False):
    """Options of both searching bots (:class:`FlatMCAgent`, :class:`MCTSAgent`) as ``make``
    passes them on: their keyword arguments."""

    time_cap: float
    depth: int | None
    rollout: str


class _TreeOptions(TypedDict, total=False):
    """Options of the tree search alone (:class:`MCTSAgent`'s keyword arguments)."""

    c: float
    bias: float
    guard: float
    widen: float
    prior: int
    takeback: str


def _parse_options(parts: list[str], spec: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in parts:
        if "=" not in part:
            raise InvalidConfigError(f"bad bot option {part!r} in {spec!r}: expected key=value")
        k, v = part.split("=", 1)
        if k.strip() in out:
            raise InvalidConfigError(f"bot {spec!r} gives the option {k.strip()!r} twice")
        out[k.strip()] = v.strip()
    return out


def _turn_budget(v: str, spec: str) -> float:
    """The ``turn=S`` option's seconds (a finite number > 0).

    Raises:
        InvalidConfigError: not such a number.
    """
    try:
        s = float(v)
    except ValueError:
        raise InvalidConfigError(f"bot {spec!r}: turn is seconds a turn, a number > 0, e.g. turn=3") from None
    if not math.isfinite(s) or s <= 0:
        raise InvalidConfigError(f"bot {spec!r}: turn must be a finite number of seconds > 0, e.g. turn=3")
    return s


def make(spec: str, seed: int = 0) -> Agent:
    """A bot from its spec (see the module docstring), seeded.

    Raises:
        InvalidConfigError: unknown bot kind or malformed options, or a seed that is not
            an int (a bot's choices are reproducible from its seed).
    """
    seed = whole_number(seed, "a bot's seed")  # its choices are reproducible from it
    spec = str(spec).strip().lower()
    if "," in spec:
        raise InvalidConfigError(
            f"bad bot spec {spec!r}: a bot's options follow it after colons, e.g. mcts:200:c=0.3:time=1 "
            "(commas separate bots)"
        )
    if spec in LEVELS:
        agent = make(LEVELS[spec], seed)
        agent.spec = spec
        return agent
    name, *rest = spec.split(":")
    try:
        if name == "random" and not rest:
            return RandomAgent(seed)
        if name == "greedy" and not rest:
            return GreedyAgent(seed)
        if name == "greedy":
            opts = _parse_options(rest, spec)
            if set(opts) != {"turn"}:
                raise InvalidConfigError(f"bot {spec!r}: greedy takes only the option turn=S")
            agent = GreedyAgent(seed)
            agent.turn_budget = _turn_budget(opts["turn"], spec)
            agent.spec = spec
            return agent
        if name in ("flatmc", "mcts"):
            if rest and "=" not in rest[0] and not (rest[0].isascii() and rest[0].isdigit()):
                raise InvalidConfigError(
                    f"bot {spec!r}: the budget is a whole number written with digits 0-9, e.g. {name}:500"
                )
            n = int(rest[0]) if rest and "=" not in rest[0] else None
            opts = _parse_options(rest[1:] if n is not None else rest, spec)
            kw: _PlayoutOptions = {}
            tree: _TreeOptions = {}  # stays empty for flatmc (an option of these is unknown there)
            turn = None
            for k, v in opts.items():
                if k == "time":
                    kw["time_cap"] = float(v)
                elif k == "turn":
                    turn = _turn_budget(v, spec)
                elif k == "depth":
                    if v not in ("none", "end") and not (v.isascii() and v.isdigit()):
                        raise InvalidConfigError(
                            f"bot {spec!r}: depth is a whole number of actions >= 0 or 'end', e.g. depth=3"
                        )
                    kw["depth"] = None if v in ("none", "end") else int(v)
                elif k == "c" and name == "mcts":
                    tree["c"] = float(v)
                elif k == "bias" and name == "mcts":
                    tree["bias"] = float(v)
                elif k == "guard" and name == "mcts":
                    tree["guard"] = float(v)
                elif k == "widen" and name == "mcts":
                    tree["widen"] = float(v)
                elif k == "prior" and name == "mcts":
                    if not (v.isascii() and v.isdigit()):
                        raise InvalidConfigError(f"bot {spec!r}: prior is a whole number of visits >= 0, e.g. prior=10")
                    tree["prior"] = int(v)
                elif k == "takeback" and name == "mcts":
                    if v not in ("any", "root"):
                        raise InvalidConfigError(f"bot {spec!r}: takeback is any or root, not {v!r}")
                    tree["takeback"] = v
                elif k == "rollout":
                    if v not in ("random", "greedy"):
                        raise InvalidConfigError(f"bot {spec!r}: rollout is random or greedy, not {v!r}")
                    kw["rollout"] = v
                else:
                    raise InvalidConfigError(
                        f"unknown option {k}={v} in bot {spec!r} ({name} takes {OPTION_NAMES[name]})"
                    )
            time_cap, depth = kw.get("time_cap"), kw.get("depth")
            c, bias, widen, guard = (
                tree.get("c", 0.0),
                tree.get("bias", 0.0),
                tree.get("widen", 0.0),
                tree.get("guard", 0.0),
            )
            if not all(math.isfinite(x) for x in (time_cap or 0.0, c, bias, widen, guard)):
                raise InvalidConfigError(f"bot {spec!r}: options must be finite numbers")
            if time_cap is not None and time_cap <= 0:
                raise InvalidConfigError(f"bot {spec!r}: time must be > 0 seconds")
            if depth is not None and depth < 0:
                raise InvalidConfigError(f"bot {spec!r}: depth must be >= 0 (or 'end')")
            if c < 0 or bias < 0 or widen < 0 or guard < 0 or tree.get("prior", 0) < 0:
                raise InvalidConfigError(f"bot {spec!r}: c, bias, widen, guard and prior must be >= 0")
            if guard > 1:
                raise InvalidConfigError(f"bot {spec!r}: guard is a value difference in [0, 1]")
            if n is not None and n > MAX_BUDGET:
                raise InvalidConfigError(
                    f"bot {spec!r}: the budget is at most {MAX_BUDGET:,} (add :time=S to cap a long search by time)"
                )
            if name == "flatmc":
                agent = FlatMCAgent(seed, playouts=n or 20, **kw)
            else:
                agent = MCTSAgent(seed, iterations=n or 1000, **kw, **tree)
            if n is not None and n < 1:
                raise InvalidConfigError(f"bot {spec!r}: the budget must be at least 1")
            agent.turn_budget = turn
            # the budget as written without leading zeros: mcts:050 is named mcts:50 in files
            agent.spec = ":".join([name, str(n), *rest[1:]]) if n is not None else spec
            return agent
    except InvalidConfigError:
        raise
    except ValueError as e:
        raise InvalidConfigError(
            f"malformed bot spec {spec!r}: budgets and options are numbers, e.g. mcts:500:time=1.5"
        ) from e
    if "=" in name:  # "c=0.3" alone: an option cut off its bot (by a comma on the command line)
        raise InvalidConfigError(
            f"bad bot spec {spec!r}: a bot's options follow it after colons, e.g. mcts:200:c=0.3:time=1 "
            "(commas separate bots)"
        )
    raise InvalidConfigError(
        f"unknown bot {spec!r}; bots: random, greedy (option :turn=S), easy, medium, hard, flatmc:N (options "
        f"{OPTION_NAMES['flatmc']}), mcts:N (options {OPTION_NAMES['mcts']})"
    )


OPTION_NAMES = {
    "flatmc": ":time=S :turn=S :depth=D|end :rollout=random|greedy",
    "mcts": ":time=S :turn=S :depth=D|end :c=C :bias=B :widen=W :prior=T :guard=G :rollout=random|greedy "
    ":takeback=any|root",
}
"""The options each searching bot takes, as its error messages list them."""


def settings(agent: Agent, state: State) -> tuple[object, ...]:
    """What decides how ``agent`` plays ``state``'s game: its kind and its parameters, with the
    game's defaults filled in (``mcts`` and ``mcts:1000``, or ``mcts:50`` and ``mcts:50:c=0.7``
    where 0.7 is the game's search default ``c``, give equal tuples). Two bots with equal settings and
    seeds choose alike; the ladder refuses such a pair (a bot would play against itself)."""
    if isinstance(agent, MCTSAgent):
        return (
            "mcts",
            agent.iterations,
            agent.time_cap,
            agent.turn_budget,
            agent.playout_depth(state),
            agent.exploration(state),
            agent.rollout,
            agent.bias,
            agent.widen,
            agent.guard,
            agent.prior_visits(state),
            tuple(sorted(agent.takebacks(state).items())),
        )
    if isinstance(agent, FlatMCAgent):
        return ("flatmc", agent.playouts, agent.depth, agent.rollout, agent.time_cap, agent.turn_budget)
    # greedy:turn=S (easy) is greedy: a decision takes about a millisecond, its share never runs out
    return (type(agent).__name__,)


__all__ = ["Agent", "RandomAgent", "GreedyAgent", "FlatMCAgent", "MCTSAgent", "make", "settings", "LEVELS"]
