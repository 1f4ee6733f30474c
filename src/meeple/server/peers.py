"""Several server processes on one PostgreSQL: who changed a game, who drives its bots.

With SQLite a server is alone (:class:`Alone`). On PostgreSQL every server process
(``meeple serve --workers N``, or N servers on one ``--db``) keeps one extra connection
(:class:`PostgresPeers`):

* **Changes.** A process that stores a move sends ``NOTIFY meeple_games, '<game id>'`` in
  the same transaction (PostgreSQL delivers it at commit, only if the commit succeeds).
  Every process ``LISTEN``\\ s and, for a game it holds in memory, reads the stored record
  again and pushes the new payloads to its own websockets. No new component: no Redis, no
  broker.
* **Bots.** Exactly one process drives a game's bots: the one holding the session-level
  advisory lock ``pg_try_advisory_lock(key(game id))``. It is released when that process's
  driver stops (a person's turn) and, by PostgreSQL itself, when the process dies (its
  connection closes): another process takes it on its next tick.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable

log = logging.getLogger("meeple.server")

CHANNEL = "meeple_games"
"""The NOTIFY channel of game changes; the payload is the game's id."""


def lock_key(game_id: str) -> int:
    """The advisory lock key of a game: a signed 64-bit integer from its id's sha256."""
    return int.from_bytes(hashlib.sha256(game_id.encode("utf-8")).digest()[:8], "big", signed=True)


class Alone:
    """A server with no peers (SQLite): every change is its own, it drives every bot."""

    shared = False

    async def start(self, on_change: Callable[[str], None]) -> None:
        """Nothing to listen to."""

    async def stop(self) -> None:
        """Nothing to close."""

    async def try_lead(self, game_id: str) -> bool:
        """Always True: nobody else could drive the game."""
        return True

    async def release(self, game_id: str) -> None:
        """Nothing held."""


class PostgresPeers(Alone):
    """The peers of a server on the PostgreSQL database at ``url`` (a SQLAlchemy URL,
    ``postgresql+psycopg://...``)."""

    shared = True

    def __init__(self, url: str):
        from sqlalchemy.engine import make_url

        self.conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.conn = None
        self.task: asyncio.Task | None = None
        self.held: set[str] = set()
        self._lock = asyncio.Lock()

    async def start(self, on_change: Callable[[str], None]) -> None:
        """Open the connection, ``LISTEN``, and call ``on_change(game_id)`` for each change
        any process commits (its own included)."""
        import psycopg

        self.conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)  # for the locks
        listen = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        await listen.execute(f"LISTEN {CHANNEL}")
        self._listen = listen

        async def loop():
            try:
                async for note in listen.notifies():
                    try:
                        on_change(note.payload)
                    except Exception:  # pragma: no cover - one bad handler must not end the loop
                        log.exception("handling the change of game %s failed", note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:  # pragma: no cover - the database went away: changes are read at the next request
                log.exception("the change notifications stopped")

        self.task = asyncio.create_task(loop())

    async def stop(self) -> None:
        """Stop listening and close (this releases every advisory lock held)."""
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass
        for c in (getattr(self, "_listen", None), self.conn):
            if c is not None:
                try:
                    await c.close()
                except Exception:  # pragma: no cover
                    pass
        self.conn = None

    async def try_lead(self, game_id: str) -> bool:
        """Whether this process may drive the game's bots now (it holds, or just took, the
        game's advisory lock)."""
        if game_id in self.held:
            return True
        if self.conn is None:
            return False
        async with self._lock:
            try:
                cur = await self.conn.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(game_id),))
                ok = bool((await cur.fetchone())[0])
            except Exception:  # the database is away: nobody drives until it is back
                log.exception("advisory lock for game %s", game_id)
                return False
        if ok:
            self.held.add(game_id)
        return ok

    async def release(self, game_id: str) -> None:
        """Let another process drive the game's bots."""
        if game_id not in self.held or self.conn is None:
            return
        self.held.discard(game_id)
        async with self._lock:
            try:
                await self.conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key(game_id),))
            except Exception:  # pragma: no cover - the lock ends with the connection anyway
                log.exception("advisory unlock for game %s", game_id)


def peers_for(url: str):
    """:class:`PostgresPeers` for a PostgreSQL URL, else :class:`Alone`."""
    from sqlalchemy.engine import make_url

    return PostgresPeers(url) if make_url(url).get_backend_name() == "postgresql" else Alone()
