"""How long a person waits for the bots (a script, not a test): issue 45's table of a person
and three bots (``easy``, ``medium``, ``hard``) in every game.

Starts ``meeple serve`` on a free 127.0.0.1 port with a temporary SQLite file and its default
bot pause (``--bot-delay``, 0.4 s) and bot worker processes, then, one game at a time, seats a
scripted person at a table ``[person, easy, medium, hard]`` and plays a random legal action
as soon as it is the person's turn. A *wait* is the time from the server's answer to the
person's last decision of a turn to the first state that gives them the turn back: the whole
run of the three bots' turns, pauses, worker round trips and database commits included, as a
person in the browser sees it. Prints the median, 90th percentile and maximum per game.

    python3 -m uv run python benchmarks/bot_waits.py [--turns 30] [--games magnum-sal,lignum] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx2
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.support import Server  # noqa: E402

GAMES = ("magnum-sal", "lignum", "solomon", "klondike")
TABLE = ["human", "easy", "medium", "hard"]


async def _next_state(ws) -> dict:
    """The next state message on the person's socket (chat, notes and errors skipped, errors raised)."""
    while True:
        msg = json.loads(await ws.recv())
        if msg.get("type") == "error":
            raise RuntimeError(msg["message"])
        if msg.get("type") == "state":
            return msg


async def person(base: str, game: str, turns: int, seed: int) -> list[float]:
    """Play one table as the person of seat 0; return the waits between the person's turns (s)."""
    rng = random.Random(seed)
    async with httpx2.AsyncClient(base_url=base, timeout=60) as http:
        made = (await http.post("/api/games", json={"game": game, "seats": TABLE, "seed": seed})).json()
    ws_url = base.replace("http", "ws") + f"/ws/games/{made['id']}?token={made['seats'][0]['token']}"
    waits: list[float] = []
    async with websockets.connect(ws_url, max_size=None, open_timeout=None, ping_timeout=None) as ws:
        state = await _next_state(ws)
        since = time.perf_counter()
        while len(waits) < turns and not state["terminal"]:
            if not state["your_turn"]:
                state = await _next_state(ws)
                continue
            if since is not None:
                waits.append(time.perf_counter() - since)
                since = None
            entry = rng.choice(state["legal"])
            await ws.send(json.dumps({"type": "move", "action": entry["action"], "version": state["version"]}))
            version = state["version"]
            while state["version"] == version:
                state = await _next_state(ws)
            if not state["your_turn"]:
                since = time.perf_counter()  # the bots play now: the wait starts
    return waits[1:]  # the first "wait" is the opening, before the person's first turn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=30, help="waits measured per game")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot-delay", type=float, default=0.4, help="the server's bot pause (its default)")
    args = ap.parse_args()
    print(f"a person at a table of {', '.join(TABLE[1:])} bots; seconds between the person's turns")
    print(f"{'game':<12} {'waits':>5} {'median':>7} {'p90':>6} {'max':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{Path(tmp) / 'waits.db'}", bot_delay=args.bot_delay).start()
        try:
            for game in args.games.split(","):
                waits = asyncio.run(person(server.url, game, args.turns, args.seed))
                if not waits:
                    print(f"{game:<12} no waits (the game ended)")
                    continue
                p90 = statistics.quantiles(waits, n=10, method="inclusive")[-1] if len(waits) > 1 else waits[0]
                print(
                    f"{game:<12} {len(waits):>5} {statistics.median(waits):>7.2f} {p90:>6.2f} {max(waits):>6.2f}",
                    flush=True,
                )
        finally:
            server.kill()


if __name__ == "__main__":
    main()
