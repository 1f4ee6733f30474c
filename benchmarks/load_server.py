"""Load benchmark of the web server (a script, not a test): scripted websocket clients.

Starts ``meeple serve`` on a free 127.0.0.1 port with a temporary SQLite file, creates
``--games`` hot-seat games (both seats people), and runs one scripted client per game, all
at once: it holds a websocket per seat and plays ``--moves`` moves (the first legal action
of whoever is to play), after a think time (``--think``, 1 s on average: people do not answer at once; 0 hammers
the server), each time timing the round trip from sending ``{"type": "move"}``
to receiving the state with the new version. Prints p50/p95/p99 of the round trips.

    python3 -m uv run python benchmarks/load_server.py [--games 100] [--moves 20] [--game magnum-sal]
        [--bot-tables 16 --bot-level hard] [--db postgresql+psycopg://...] [--workers 2]

Every move is validated by the engine, committed to the database and broadcast (a payload
drawn for each seat), so the figure covers the whole path of a move. ``--bot-tables N``
also starts N tables of bots alone (four ``--bot-level`` seats, a spectator watching each,
so they play), which think in the server's bot worker processes meanwhile. ``--db`` runs
against another database (a PostgreSQL URL: make the database first), ``--workers`` with
several server processes.
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


async def client(
    base: str, ws_base: str, game: str, moves: int, times: list[float], seed: int, think: float = 0.0
) -> int:
    rng = random.Random(seed)
    async with httpx2.AsyncClient(base_url=base, timeout=60) as http:
        made = (await http.post("/api/games", json={"game": game, "seats": ["human", "human"], "seed": seed})).json()
    gid = made["id"]
    sockets = [
        await websockets.connect(
            f"{ws_base}/ws/games/{gid}?token={s['token']}", max_size=None, open_timeout=None, ping_timeout=None
        )
        for s in made["seats"]
    ]
    states = [json.loads(await ws.recv()) for ws in sockets]
    played = 0
    try:
        for _ in range(moves):
            current = states[0]["current_player"]
            if current < 0:
                break
            ws, state = sockets[current], states[current]
            if think:  # a person thinks before each move (0.5 to 1.5 times --think)
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            while not state["your_turn"]:  # the broadcast for this seat may still be on its way
                state = states[current] = json.loads(await ws.recv())
            t0 = time.perf_counter()
            await ws.send(
                json.dumps({"type": "move", "action": state["legal"][0]["action"], "version": state["version"]})
            )
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] == "error":
                    raise RuntimeError(msg["message"])
                if msg["version"] != state["version"]:
                    break
            times.append(time.perf_counter() - t0)
            states[current] = msg
            other = 1 - current
            while states[other]["version"] != msg["version"]:
                states[other] = json.loads(await sockets[other].recv())
            played += 1
    finally:
        for ws in sockets:
            await ws.close()
    return played


async def bot_table(base: str, ws_base: str, game: str, level: str, stop: asyncio.Event, counts: list[int]) -> None:
    """A table of bots alone with a spectator watching (so it plays); counts its moves."""
    async with httpx2.AsyncClient(base_url=base, timeout=60) as http:
        made = (await http.post("/api/games", json={"game": game, "seats": [level] * 4})).json()
    async with websockets.connect(
        f"{ws_base}/ws/games/{made['id']}", max_size=None, open_timeout=None, ping_timeout=None
    ) as ws:
        while not stop.is_set():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            if msg.get("type") == "state":
                counts[0] = max(counts[0], msg["version"])
                if msg.get("terminal"):
                    return


async def run(
    server: Server, games: int, moves: int, game: str, think: float, bot_tables: int = 0, bot_level: str = "hard"
) -> tuple[list[float], float, int, int]:
    times: list[float] = []
    ws_base = f"ws://127.0.0.1:{server.port}"
    stop = asyncio.Event()
    counts = [[0] for _ in range(bot_tables)]
    bots = [
        asyncio.create_task(bot_table(server.url, ws_base, game, bot_level, stop, counts[i])) for i in range(bot_tables)
    ]
    if bot_tables:
        await asyncio.sleep(2.0)  # the bot tables are thinking before the people start
    t0 = time.perf_counter()
    played = await asyncio.gather(*(client(server.url, ws_base, game, moves, times, i, think) for i in range(games)))
    wall = time.perf_counter() - t0
    stop.set()
    await asyncio.gather(*bots, return_exceptions=True)
    return times, wall, sum(played), sum(c[0] for c in counts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--moves", type=int, default=20, help="moves per game")
    ap.add_argument("--game", default="magnum-sal")
    ap.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="seconds a client waits before each move, on average (0: as fast as it can)",
    )
    ap.add_argument("--bot-tables", type=int, default=0, help="tables of four bots playing meanwhile")
    ap.add_argument("--bot-level", default="hard")
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        extra = ["--workers", str(args.workers)] if args.workers > 1 else []
        server = Server(url, extra_args=extra).start()
        try:
            times, wall, played, bot_moves = asyncio.run(
                run(server, args.games, args.moves, args.game, args.think, args.bot_tables, args.bot_level)
            )
        finally:
            server.kill()
    q = statistics.quantiles(times, n=100, method="inclusive")
    where = url.split(":")[0] + (f", {args.workers} processes" if args.workers > 1 else "")
    print(
        f"{args.games} concurrent {args.game} games (think {args.think} s, {where}), {played} moves in {wall:.1f} s "
        f"({played / wall:.0f} moves/s)"
        + (f"; {args.bot_tables} {args.bot_level} bot tables made {bot_moves} moves" if args.bot_tables else "")
    )
    print(
        f"move round trip: p50 {q[49] * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, "
        f"max {max(times) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
