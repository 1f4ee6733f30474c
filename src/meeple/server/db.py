"""Storage of web games: SQLAlchemy 2 models and the Alembic migrations run at start-up.

A game is stored as its record (game, player count, variant, options, seed, the list of
action notations) plus the table around it (seat tokens as sha256 hashes, bot levels, the
turn timer, server notes). It is committed after every move; :mod:`meeple.server.service`
rebuilds the live game by replaying the record (``meeple.replay``).

The schema is created and upgraded by the migrations in ``meeple/server/migrations``
(shipped in the package, run with ``alembic.command.upgrade`` by :func:`open_db`), on SQLite
(the default, a file in the user's data folder) or PostgreSQL
(``postgresql+psycopg://user:pass@host/db``, extra ``meeple[postgres]``).
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, create_engine, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker

NAME_MAX = 24
"""Longest seat name a person may type in the lobby (characters)."""
CHAT_MAX = 500
"""Longest chat message (characters)."""


class Base(DeclarativeBase):
    """The declarative base of meeple's tables."""


def _now() -> datetime:
    return datetime.now(UTC)


class GameRow(Base):
    """One web game: its record and its table settings.

    Columns: ``id`` (url-safe text), ``game`` (game id), ``rules`` (the game's rules edition
    when the game was created: a record of another edition is refused on replay), ``num_players``, ``variant``,
    ``options`` (JSON dict), ``seed`` (signed 64-bit), ``actions`` (JSON list of notations:
    the record's), ``undo_offset`` (added to the observed move count to make the public
    version; raised by each undo so the version never repeats), ``bot_level`` (the bot spec
    that plays a seat whose person timed out or left), ``timer_seconds`` (per decision, or
    None: no timer), ``notes`` (JSON list of ``[event_index, text]`` server notes: bots
    standing in, undos), ``finished`` (bool), ``created_at``, ``updated_at``.
    """

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules: Mapped[int] = mapped_column(Integer, default=1)
    num_players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    actions: Mapped[list] = mapped_column(JSON)
    undo_offset: Mapped[int] = mapped_column(Integer, default=0)
    bot_level: Mapped[str] = mapped_column(String(64))
    timer_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    notes: Mapped[list] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game_row", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """One seat of a web game: ``seat`` (0..n-1), ``bot`` (a bot spec, or None for a person),
    ``token_hash`` (sha256 hex of the seat's secret token; None for a bot seat), ``name``
    (the name a person typed for the seat in the lobby, at most :data:`NAME_MAX` characters,
    or None: the game's own seat name is used)."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    name: Mapped[str | None] = mapped_column(String(NAME_MAX), nullable=True)

    game_row: Mapped[GameRow] = relationship(back_populates="seats")


class ChatRow(Base):
    """One message of a game's table chat, stored with the game (migration 0002).

    Columns: ``id`` (autoincrement: the order of the chat), ``game_id``, ``seat`` (the
    writer's seat, or None for a spectator), ``name`` (the writer's name as shown then),
    ``text`` (as typed, at most :data:`CHAT_MAX` characters; escaped where shown, never
    here), ``created_at``.
    """

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX + 20))
    text: Mapped[str] = mapped_column(String(CHAT_MAX))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


def hash_token(token: str) -> str:
    """The sha256 hex digest of a seat token (what the database keeps; never the token)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_url() -> str:
    """``sqlite:///<user data folder>/meeple/games.db`` (the folder is created)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("meeple"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.db'}"


class BadDatabaseURL(ValueError):
    """A ``--db`` URL that SQLAlchemy cannot read or has no driver for, or whose SQLite
    folder cannot be made."""


def redact(url: str) -> str:
    """``url`` with its password replaced by ``***``, for banners, logs and messages
    (``postgresql+psycopg://me:***@host/db``); a URL that does not parse is shown without
    anything between ``//`` and ``@``."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return re.sub(r"//[^/@]*@", "//***@", str(url))


SQLITE_BUSY_SECONDS = 0.25
"""How long one SQLite statement waits for another connection's lock (sqlite3's ``timeout``,
the busy timeout) before it fails with "database is locked". Short, because a refused commit
is retried by the service (``Service.COMMIT_RETRIES``: 5 attempts, 3.7 s of pauses), so a
locked database answers a move in about 5 s, not 5 x Python's default of 5 s. The server's
own writes take milliseconds: a wait this long is another program holding the file."""


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (SQLite: WAL journal, usable from worker threads).

    Raises:
        BadDatabaseURL: the URL is malformed or names a database without an installed driver.
    """
    try:
        parsed = make_url(url)
    except ArgumentError as e:
        raise BadDatabaseURL(
            f"not a database URL: {redact(url)!r} (e.g. sqlite:///games.db or "
            "postgresql+psycopg://user:password@host/dbname)"
        ) from e
    try:
        if parsed.get_backend_name() == "sqlite":
            extra = {}
            if parsed.database and parsed.database != ":memory:":
                folder = Path(parsed.database).expanduser().parent
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as e:
                    raise BadDatabaseURL(
                        f"cannot make the folder {str(folder)!r} for the SQLite database: {e.strerror or e}"
                    ) from None
            else:  # one in-memory database shared by every thread (for tests and trials)
                from sqlalchemy.pool import StaticPool

                extra["poolclass"] = StaticPool
            engine = create_engine(
                parsed, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_SECONDS}, **extra
            )

            @event.listens_for(engine, "connect")
            def _sqlite_pragmas(conn, _record):  # pragma: no cover - exercised by every test
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        else:
            engine = create_engine(parsed, pool_pre_ping=True)
    except (NoSuchModuleError, ModuleNotFoundError, ImportError) as e:
        hint = " (install the extra: pip install 'meeple[postgres]')" if "postgres" in url else ""
        raise BadDatabaseURL(f"no driver for {parsed.drivername!r}: {e}{hint}") from e
    return engine


def upgrade(engine: Engine) -> None:
    """Run the packaged Alembic migrations up to ``head`` on ``engine``'s database."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("meeple.server").joinpath("migrations")))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def open_db(url: str | None = None) -> sessionmaker:
    """Connect to ``url`` (default :func:`default_url`), migrate it, return a session factory.

    Raises:
        BadDatabaseURL: see :func:`make_engine`.
        sqlalchemy.exc.OperationalError: the database cannot be reached or opened.
    """
    engine = make_engine(url or default_url())
    upgrade(engine)
    return sessionmaker(engine, expire_on_commit=False)
