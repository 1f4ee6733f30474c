"""Live web games: created, loaded from the database, played, undone, driven by bots.

The :class:`Service` keeps every game in play in memory as a :class:`LiveGame` (its state
and table), rebuilt from its stored record with ``meeple.replay`` when the server starts (or
when a game is first asked for). A move is validated by the engine on a clone of the state,
committed to the database, and only then made the live state and broadcast: a move that
fails anywhere changes nothing. Each connection (a websocket, or a test's collector) is
given only :func:`meeple.server.payload.build_payload` for its seat.

Bots play server-side: their ``choose`` runs in a worker thread (``asyncio.to_thread``) on a
clone, so neither the event loop nor other games wait for them. A bot is seeded by the
move number, as ``meeple play`` seeds it, so a restarted game goes on as the unbroken one
would. A person whose turn timer runs out, or whose last connection has been closed for
``grace`` seconds, is played by the game's stand-in bot (``bot_level``) until they return.

Versions: the public ``version`` of a game is its observed move count (``move_number`` of
the observations: the number of actions, except that a secret commitment of several actions
counts once, so the version tells no one what a rival chose) plus ``undo_offset``, raised by
each undo so that a version never comes back. A move or an undo that names another version
than the current one is refused as stale (:class:`Stale`), with a full resync.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError

from ..agents import LEVELS, make
from ..core import IllegalActionError, InvalidConfigError, InvalidRecordError, State, derive_seed, load_game, replay
from ..core.checks import check_seed
from ..front import takeback
from .bots import WAIT_BUDGET, BotJob, BotRunner, ThreadBots, WaitBudget
from .db import CHAT_MAX, NAME_MAX, ChatRow, GameRow, SeatRow, hash_token
from .payload import TableInfo, build_payload
from .peers import CHANNEL, Alone

log = logging.getLogger("meeple.server")

HUMAN = "human"
MAX_TIMER = 24 * 3600
BOT_PAUSE = 0.4
"""Seconds a bot waits before the first decision of its turn (``meeple serve --bot-delay``'s
default), so people see whose turn it is; its further decisions of the same turn follow
without a pause and the page shows each in turn (issue 45 keeps this one constant)."""
SEEDED_NOTE = (
    "seeded by the creator: whoever chose this game's seed can work out every hidden card "
    "(tables of people are dealt at random unless their creator chooses a seed)"
)
"""The server note every seat sees in a game of several people whose seed its creator chose."""
PUBLIC_BOTS = ("easy", "medium", "hard", "random", "greedy")
"""Bot levels the lobby offers (any spec ``meeple.agents.make`` reads is accepted)."""


class GameError(Exception):
    """A refused request: ``status`` (HTTP code), ``message``, ``rule`` (rule id or "")."""

    status = 400

    def __init__(self, message: str, rule: str = "", **extra):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.extra = extra


class BadConfig(GameError):
    """400: a game configuration the engine refuses (InvalidConfigError's message)."""

    status = 400


class Forbidden(GameError):
    """403: a missing or wrong seat token for a move or an undo, or a wrong token to look."""

    status = 403


class NotFound(GameError):
    """404: no game with that id."""

    status = 404


class Stale(GameError):
    """409: the client's version is not the game's (``extra["version"]`` is the current one)."""

    status = 409


class Unavailable(GameError):
    """503: the database refused a commit after retries; nothing changed."""

    status = 503


class Illegal(GameError):
    """422: a move the engine refuses (its message and rule id), or an undo the policy refuses."""

    status = 422


class TooMany(GameError):
    """429: too many requests from one address (game creation, chat messages faster than
    :data:`CHAT_RATE` allows, too many sockets)."""

    status = 429


@dataclass
class Connection:
    """A subscriber to a game: ``seat`` (None: spectator) and ``push(payload)``, called with
    every new payload for that seat (must not block: a websocket queues it). A websocket
    gives ``push_text(text, version)`` too: it is then called instead, with the payload
    already encoded as JSON (encoded once a broadcast and seat, shared by every socket of
    that seat) and its version. A payload
    equal to the last one pushed is not pushed again (nothing about a rival's secret steps
    can be read from a message's arrival)."""

    seat: int | None
    push: Callable[[dict], Any]
    push_text: Callable[[str, int], Any] | None = None
    client: str = ""
    chat: bool = False  # the chat panel's socket of a page (``?only=chat``)
    last: str | None = None
    presence: list | None = None  # who was connected when this subscriber was last told


@dataclass
class LiveGame:
    """A game in memory: its state, its table, its subscribers.

    ``seats[s]`` is ``"human"`` or a bot spec; ``token_hashes[s]`` the sha256 of a person's
    token (None for a bot seat); ``actors[i]`` the seat that took action i.
    """

    id: str
    state: State
    seats: list[str]
    token_hashes: list[str | None]
    bot_level: str
    timer_seconds: int | None
    undo_offset: int
    notes: list
    actors: list[int]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    away: list[bool] = field(default_factory=list)
    left_at: list[float | None] = field(default_factory=list)
    deadline: float | None = None
    timed_out: tuple | None = None
    driver: asyncio.Task | None = None
    joined: list[bool] = field(default_factory=list)
    seen_at: float = field(default_factory=time.monotonic)
    turn_key: tuple | None = None
    retry_at: float | None = None
    lead_try: float = 0.0
    clocks: dict = field(default_factory=dict)  # (seat, bot spec) -> its TurnClock (per-turn budgets)
    wait: WaitBudget = field(default_factory=WaitBudget)  # the bots' share of a person's wait
    run_mark: int = -1  # len(history) after the bots' last decision (their run goes on while it holds;
    # not the version, which a secret step leaves as it was)
    turn_started: float = 0.0
    _cache: dict = field(default_factory=dict)
    highlights: dict = field(default_factory=dict)  # seat -> place keys its last turn changed
    turn_start: dict = field(default_factory=dict)  # seat -> place_keys when its turn began
    forced: tuple | None = None  # (seat, version, notice) of the last forced step
    _texts: dict = field(default_factory=dict)
    _undo_check: tuple | None = None  # (version, whether the seat to act may undo)
    people: list = field(default_factory=list)  # per seat the name a person typed, or None

    def __post_init__(self):
        n = self.state.num_players
        self.away = self.away or [False] * n
        self.left_at = self.left_at or [None] * n
        self.joined = self.joined or [False] * n
        self.people = self.people or [None] * n

    def display_name(self, seat: int) -> str:
        """How people see ``seat``: ``"Anna (P1)"`` when a person named it in the lobby, else
        the game's seat name (``"P1"``, a colour)."""
        own = self.state.seat_name(seat)
        person = self.people[seat] if seat < len(self.people) else None
        return f"{person} ({own})" if person else own

    @property
    def version(self) -> int:
        """The public version (see the module docstring)."""
        return self.state.observed_move_number() + self.undo_offset

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token``; None for no token (a spectator).

        Raises:
            Forbidden: a token that is no seat's of this game.
        """
        if token is None or token == "":
            return None
        digest = hash_token(str(token))
        for s, h in enumerate(self.token_hashes):
            if h is not None and secrets.compare_digest(h, digest):
                return s
        raise Forbidden("this link's token is not a seat of this game")

    def connected(self) -> list[bool]:
        """Per seat, whether one of its connections is open."""
        seen = [False] * self.state.num_players
        for c in self.connections:
            if c.seat is not None:
                seen[c.seat] = True
        return seen

    def info(self) -> TableInfo:
        """The table as :func:`build_payload` reads it."""
        left = None if self.deadline is None else self.deadline - time.monotonic()
        return TableInfo(
            self.id,
            list(self.seats),
            self.connected(),
            list(self.away),
            self.version,
            list(self.actors),
            [list(n) for n in self.notes],
            self.timer_seconds,
            left,
            self.bot_level,
            dict(self.highlights),
            self.forced,
        )

    def payload(self, seat: int | None) -> dict:
        """The payload for ``seat`` now (cached until the next commit or change of the table; the
        board is drawn once a commit and seat)."""
        info = self.info()
        key = (
            seat,
            info.version,
            tuple(info.away),
            len(info.notes),
            None if info.deadline_in is None else self.deadline,
        )
        hit = self._cache.get(seat)
        if hit is not None and hit[0] == key:  # presence alone changed nothing drawn: no rebuild
            return self._fresh(hit[1], info)
        # the cache is emptied by every commit: a hit is this very state, its board drawn already
        board = (hit[1]["board_kind"], hit[1]["board"]) if hit is not None else None
        p = build_payload(self.state, seat, info, board)
        if p["can_undo"] and not self.undo_possible():
            p["can_undo"] = False
        self._name_players(p)
        self._cache[seat] = (key, p)
        return p

    def payload_text(self, seat: int | None) -> str:
        """:meth:`payload` encoded as JSON: encoded once a version, table change and seat (the
        turn timer's seconds left and who is connected are spliced in fresh)."""
        p = self.payload(seat)
        base = self.payload_base(seat)
        return (
            base[:-1]
            + ',"timer":'
            + json.dumps(p["timer"], separators=(",", ":"))
            + ',"connected":'
            + json.dumps(p["connected"])
            + "}"
        )

    FRESH_KEYS = ("timer", "connected")
    """Payload keys spliced in at each send, outside :meth:`payload_base`: the seconds left
    change with the clock alone, and presence is told by a small ``presence`` message."""

    def payload_base(self, seat: int | None) -> str:
        """The JSON of :meth:`payload` without :attr:`FRESH_KEYS`: what tells two payloads
        apart."""
        self.payload(seat)
        cached = self._cache[seat][1]
        hit = self._texts.get(seat)
        if hit is not None and hit[0] is cached:
            return hit[1]
        text = json.dumps({k: v for k, v in cached.items() if k not in self.FRESH_KEYS}, separators=(",", ":"))
        self._texts[seat] = (cached, text)
        return text

    def _name_players(self, p: dict) -> None:
        """Put the names people typed into a payload: ``players[s].name`` becomes
        :meth:`display_name` and ``players[s].person`` the typed name (None without one);
        ``seat_names`` stay the game's own (the log and the board use them)."""
        for s, player in enumerate(p["players"]):
            player["person"] = self.people[s]
            player["name"] = self.display_name(s)

    @staticmethod
    def _fresh(p: dict, info: TableInfo) -> dict:
        """A cached payload with the turn timer's seconds left counted now and who is
        connected now (the rest is the same state's)."""
        p = {**p, "connected": list(info.connected)}
        if p.get("timer") is not None and info.deadline_in is not None:
            p["timer"] = {**p["timer"], "left": round(max(0.0, info.deadline_in), 1)}
        return p

    def undo_possible(self) -> bool:
        """Whether the seat to act may take back its last decision now (the checks of
        :meth:`Service.undo`: its own decisions of this turn, nothing hidden revealed since);
        computed once a version."""
        if self._undo_check is not None and self._undo_check[0] == self.version:
            return self._undo_check[1]
        state = self.state
        ok = False
        if not state.is_terminal() and self.actors and self.actors[-1] == state.current_player:
            seat, start = state.current_player, len(self.actors)
            while start > 0 and self.actors[start - 1] == seat:
                start -= 1
            ok = takeback(state, [HUMAN] * state.num_players, start)[0] is not None
        self._undo_check = (self.version, ok)
        return ok

    def summary(self) -> dict:
        """The public one-line view of the game (no token, no hidden information)."""
        s = self.state
        names = [self.display_name(i) for i in range(s.num_players)]
        return {
            "id": self.id,
            "game": s.game.name,
            "title": s.game.title,
            "variant": s.variant,
            "num_players": s.num_players,
            "seats": [{"name": names[i], "kind": self.seats[i]} for i in range(s.num_players)],
            "version": self.version,
            "terminal": s.is_terminal(),
            "current_name": None if s.is_terminal() else names[s.current_player],
            "winners": [names[w] for w in s.winners()] if s.is_terminal() else None,
            "spectator": f"/game/{self.id}",
        }


def check_bot(spec: Any, what: str) -> str:
    """``spec`` when ``meeple.agents.make`` reads it (lower case), else :class:`BadConfig`."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadConfig(f"{what} must be 'human' or a bot level ({', '.join(PUBLIC_BOTS)}), not {spec!r}")
    spec = spec.strip().lower()
    if spec not in PUBLIC_BOTS:  # a bigger search budget would let any visitor load the server
        raise BadConfig(f"{what} must be 'human' or a bot level ({', '.join(PUBLIC_BOTS)}), not {spec!r}")
    try:
        make(spec, 0)
    except InvalidConfigError as e:  # pragma: no cover - the public levels all build
        raise BadConfig(f"{what}: {e}") from None
    return spec


class Service:
    """All web games of one server.

    Args:
        sessions: a SQLAlchemy session factory (:func:`meeple.server.db.open_db`).
        grace: seconds a person's last connection may stay closed before the stand-in bot
            plays for them.
        bot_delay: seconds the first decision of a bot's turn is shown after the move before
            it at the soonest (the bot thinks meanwhile; lets people follow; 0 in tests).
        bot_wait: seconds a person waits at most for the bots of their table (their thinking,
            pauses and round trips, :class:`meeple.server.bots.WaitBudget`); None or 0: each
            bot thinks its own per-turn budget.
        tick: seconds between checks of timers and departures.
        bots: where bot decisions run (:mod:`meeple.server.bots`; default a thread of this
            process, ``meeple serve`` uses worker processes).
        idle: seconds a game nobody is connected to stays in memory (it is read again from
            the database when next asked for).
        peers: the other server processes on the same database (:mod:`meeple.server.peers`;
            default none).
    """

    def __init__(
        self,
        sessions,
        grace: float = 30.0,
        bot_delay: float = 0.0,
        tick: float = 0.25,
        bots: BotRunner | None = None,
        idle: float = 600.0,
        peers=None,
        bot_wait: float | None = WAIT_BUDGET,
    ):
        self.sessions = sessions
        self.grace = grace
        self.bot_delay = bot_delay
        self.bot_wait = bot_wait
        self.clock = time.monotonic  # the bots' wait budget reads it (seconds; a test fakes it)
        self.tick = tick
        self.bots = bots or ThreadBots()
        self.peers = peers or Alone()
        self.idle = idle
        self.games: dict[str, LiveGame] = {}
        self._unreadable: set[str] = set()  # stored games that did not load, logged once each
        self.chat_rate = RateLimit(*CHAT_RATE)
        self._ticker: asyncio.Task | None = None
        self._load_lock: asyncio.Lock | None = None

    # ------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Load every unfinished game from the database, start its bots and the ticker. A
        game that cannot be loaded (a bad stored row, a record that no longer replays) is
        skipped and logged; the server starts all the same."""
        self._load_lock = asyncio.Lock()
        try:
            ids = await asyncio.to_thread(self._unfinished_ids)
        except SQLAlchemyError as e:  # a damaged database page: serve what can be read
            log.error(
                "the list of unfinished games cannot be read (%s); none is resumed now, each "
                "is loaded when first asked for",
                e.__class__.__name__,
            )
            ids = []
        for game_id in ids:
            try:
                g = await self.get(game_id)
            except GameError as e:
                log.error("game %s cannot be resumed: %s", game_id, e.extra.get("detail") or e.message)
                continue
            self._changed(g, broadcast=False)
        self.bots.start()
        await self.peers.start(self._peer_changed)
        self._ticker = asyncio.create_task(self._tick_loop())

    async def stop(self) -> None:
        """Cancel the ticker and the bots' tasks (a bot thinking finishes in its thread)."""
        tasks = [t for t in [self._ticker, *(g.driver for g in self.games.values())] if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        self.bots.stop()
        await self.peers.stop()

    def _unfinished_ids(self) -> list[str]:
        with self.sessions() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.finished.is_(False))))

    # --------------------------------------------------------------- creating
    async def create(self, config: Any) -> dict:
        """Create a game from ``config`` and return its links.

        ``config``: ``{"game", "variant"?, "options"?, "num_players"?, "seats": ["human" or a
        bot level, one a seat], "seed"?, "bot_level"? (stand-in, default easy),
        "timer_seconds"? (per decision, null: none)}``. Returns ``{"id", "seats": [{"seat",
        "name", "kind", "token", "link"}], "spectator"}``; ``token``/``link`` are None for
        bot seats. The token is shown only here (the database keeps its hash).

        Raises:
            BadConfig: not a dict, unknown game, bad seats, player count, variant, option,
                seed, bot level or timer (nothing is stored).
        """
        if not isinstance(config, dict):
            raise BadConfig("the game configuration must be a JSON object")
        unknown = set(config) - {
            "game",
            "variant",
            "options",
            "num_players",
            "seats",
            "seed",
            "bot_level",
            "timer_seconds",
            "names",
        }
        if unknown:
            raise BadConfig(f"unknown configuration key(s): {', '.join(sorted(unknown))}")
        try:
            game = load_game(config.get("game"))
        except (InvalidConfigError, TypeError, AttributeError) as e:
            message = str(e)  # the engine's own names the game and lists the games
            raise BadConfig(
                message if message.startswith("unknown game") else f"unknown game {config.get('game')!r}: {message}"
            ) from None
        seats = config.get("seats")
        num_players = config.get("num_players", len(seats) if isinstance(seats, list) else None)
        counts = f"{game.title} takes {game.min_players} to {game.max_players} players"
        # sizes first, before any work that grows with them (a million seats is refused at once)
        if num_players is not None and (isinstance(num_players, bool) or not isinstance(num_players, int)):
            raise BadConfig(f"num_players must be a whole number: {counts}")
        if isinstance(num_players, int) and not game.min_players <= num_players <= game.max_players:
            raise BadConfig(f"{counts}, not {num_players}")
        if isinstance(seats, list) and not game.min_players <= len(seats) <= game.max_players:
            raise BadConfig(f"{counts}; {len(seats)} seats are given")
        if seats is None and isinstance(num_players, int):
            seats = [HUMAN] + ["easy"] * (num_players - 1)
        if not isinstance(seats, list) or not seats:
            raise BadConfig("seats must list 'human' or a bot level for each seat")
        if num_players != len(seats):
            raise BadConfig(f"num_players is {num_players!r} but {len(seats)} seats are given")
        seats = [
            HUMAN if isinstance(x, str) and x.strip().lower() == HUMAN else check_bot(x, f"seat {i + 1}")
            for i, x in enumerate(seats)
        ]
        level = config.get("bot_level")
        bot_level = check_bot("easy" if level is None else level, "bot_level")
        # a seed fixes every hidden card: whoever chose it could replay the deal at home, so a
        # table of several people is told so in its log from the start
        notes = [[0, SEEDED_NOTE]] if config.get("seed") is not None and seats.count(HUMAN) > 1 else []
        timer = config.get("timer_seconds")
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, int) or not 1 <= timer <= MAX_TIMER):
            raise BadConfig(f"timer_seconds must be a whole number of seconds 1..{MAX_TIMER} or null, not {timer!r}")
        people = check_names(config.get("names"), seats)
        options = with_human_defaults(game, config.get("options"), seats)
        seed = config.get("seed")
        try:
            seed = secrets.randbits(62) if seed is None else check_seed(seed)
            state = game.new_state(num_players, seed, config.get("variant"), options)
        except (InvalidConfigError, TypeError, ValueError) as e:
            raise BadConfig(str(e)) from None
        game_id = secrets.token_urlsafe(9)
        tokens = [secrets.token_urlsafe(24) if kind == HUMAN else None for kind in seats]
        hashes = [None if t is None else hash_token(t) for t in tokens]
        row = GameRow(
            id=game_id,
            game=game.name,
            rules=game.rules_edition,
            num_players=state.num_players,
            variant=state.variant,
            options=state.record()["options"],
            seed=state.seed,
            actions=[],
            undo_offset=0,
            bot_level=bot_level,
            timer_seconds=timer,
            notes=[list(n) for n in notes],
            finished=False,
        )
        row.seats = [
            SeatRow(seat=i, bot=None if k == HUMAN else k, token_hash=h, name=people[i])
            for i, (k, h) in enumerate(zip(seats, hashes))
        ]
        await asyncio.to_thread(self._insert, row)
        g = LiveGame(game_id, state, seats, hashes, bot_level, timer, 0, [list(n) for n in notes], [], people=people)
        self.games[game_id] = g
        self._changed(g, broadcast=False)
        names = [g.display_name(i) for i in range(state.num_players)]
        return {
            "id": game_id,
            "game": game.name,
            "title": game.title,
            "seats": [
                {
                    "seat": i,
                    "name": names[i],
                    "kind": seats[i],
                    "token": tokens[i],
                    "link": None if tokens[i] is None else f"/game/{game_id}?token={tokens[i]}",
                }
                for i in range(state.num_players)
            ],
            "spectator": f"/game/{game_id}",
        }

    def _insert(self, row: GameRow) -> None:
        with self.sessions() as s:
            s.add(row)
            s.commit()

    # ---------------------------------------------------------------- loading
    async def get(self, game_id: str) -> LiveGame:
        """The live game ``game_id``, loaded from the database if needed.

        Raises:
            NotFound: no such game.
        """
        g = self.games.get(game_id)
        if g is not None:
            return g
        if not isinstance(game_id, str) or len(game_id) > 32:
            raise NotFound(f"no game {game_id!r}")
        if self._load_lock is None:
            self._load_lock = asyncio.Lock()
        async with self._load_lock:
            g = self.games.get(game_id)
            if g is None:
                g = await asyncio.to_thread(self._load, game_id)
                self.games[game_id] = g
        return g

    def _load(self, game_id: str) -> LiveGame:
        try:
            return self._load_row(game_id)
        except NotFound:
            raise
        except Exception as e:  # a bad stored row: JSON, types, a damaged page
            self._log_unreadable(game_id, f"cannot be read: {e.__class__.__name__}: {e}")
            raise NotFound(
                f"game {game_id!r} is stored but cannot be read", detail=f"{e.__class__.__name__}: {e}", stored=True
            ) from None

    def _log_unreadable(self, game_id: str, why: str) -> None:
        """Log that a stored game does not load, once per game and process (a page asking
        again and again for it would fill the log with the same line)."""
        if game_id not in self._unreadable:
            self._unreadable.add(game_id)
            log.error("game %s is stored but %s", game_id, why)

    def _load_row(self, game_id: str) -> LiveGame:
        with self.sessions() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r}")
            record = {
                "game": row.game,
                "version": 1,
                "rules": row.rules,
                "num_players": row.num_players,
                "variant": row.variant,
                "options": row.options,
                "seed": row.seed,
                "actions": [],
            }
            try:
                state = replay(record)
                actors = []
                for text in row.actions:
                    actors.append(state.current_player)
                    state.apply_action(text)
            except (InvalidRecordError, IllegalActionError) as e:
                # the detail (a stored action, the legal actions) is for the log, not the visitor
                self._log_unreadable(game_id, f"does not replay: {e}")
                raise NotFound(
                    f"game {game_id!r} is stored but does not replay with this version of meeple",
                    detail=str(e),
                    stored=True,
                ) from None
            seats = [HUMAN] * row.num_players
            hashes: list[str | None] = [None] * row.num_players
            people: list[str | None] = [None] * row.num_players
            for seat in row.seats:
                seats[seat.seat] = seat.bot or HUMAN
                hashes[seat.seat] = seat.token_hash
                people[seat.seat] = seat.name
            return LiveGame(
                row.id,
                state,
                seats,
                hashes,
                row.bot_level,
                row.timer_seconds,
                row.undo_offset,
                [list(n) for n in row.notes],
                actors,
                people=people,
            )

    def _save(self, g: LiveGame, state: State, undo_offset: int, notes: list) -> None:
        """Store ``state`` as the game's record, if the stored one is still the record of the
        live game (else :class:`Stale`: another server on the same database moved meanwhile;
        the live game is dropped, so the next request reads the stored one)."""
        with self.sessions() as s:
            row = s.execute(select(GameRow).where(GameRow.id == g.id).with_for_update()).scalar_one()
            if list(row.actions) != list(g.state.history) or row.undo_offset != g.undo_offset:
                self.games.pop(g.id, None)
                raise Stale(
                    "this game was changed by another server on the same database; reload the page to see it",
                    version=None,
                )
            row.actions = list(state.history)
            row.undo_offset = undo_offset
            row.notes = [list(n) for n in notes]
            row.finished = state.is_terminal()
            if self.peers.shared:  # delivered to every server process at commit (meeple.server.peers)
                s.execute(text("SELECT pg_notify(:channel, :id)"), {"channel": CHANNEL, "id": g.id})
            s.commit()

    async def public_list(self, limit: int = 100) -> list[dict]:
        """The latest ``limit`` games, public summaries (no tokens), newest first."""
        ids = await asyncio.to_thread(self._latest_ids, limit)
        out = []
        for game_id in ids:
            try:
                out.append((await self.get(game_id)).summary())
            except NotFound:
                continue
        return out

    def _latest_ids(self, limit: int) -> list[str]:
        with self.sessions() as s:
            return list(s.scalars(select(GameRow.id).order_by(GameRow.created_at.desc()).limit(limit)))

    # ------------------------------------------------------------------ views
    async def view(self, game_id: str, token: str | None) -> dict:
        """The payload for the seat of ``token`` (None: a spectator).

        Raises:
            NotFound, Forbidden.
        """
        g = await self.get(game_id)
        seat = g.seat_of(token)
        self._seen(g, seat)
        return g.payload(seat)

    MAX_SOCKETS_PER_GAME = 64
    """Pages of spectators (no token) one game accepts: a seat holder is never refused for them."""
    MAX_SOCKETS_PER_CLIENT = 8
    """Pages of spectators of one game from one client address."""
    MAX_SOCKETS_PER_SEAT = 8
    """Pages one seat (its token) may have open on its game."""

    async def connect(
        self,
        game_id: str,
        token: str | None,
        push: Callable[[dict], Any],
        push_text: Callable[[str, int], Any] | None = None,
        client: str = "",
        chat: bool = False,
    ) -> tuple[LiveGame, Connection]:
        """Subscribe ``push`` (or ``push_text``, see :class:`Connection`) to the game for the
        seat of ``token``; the first payload is pushed at once. A seat played by the stand-in
        bot because its person left is theirs again. ``chat``: the chat panel's socket of a
        page (it and the page's game socket count as one page).

        Raises:
            NotFound, Forbidden; TooMany: a spectator (no token) when the game has
            :attr:`MAX_SOCKETS_PER_GAME` spectators' pages or ``client`` has
            :attr:`MAX_SOCKETS_PER_CLIENT` of them; a seat with :attr:`MAX_SOCKETS_PER_SEAT`
            pages open. Spectators never keep a seat holder out.
        """
        g = await self.get(game_id)
        seat = g.seat_of(token)
        # a page's game socket and chat socket are counted apart, so a page counts once
        mine = [c for c in g.connections if c.seat == seat and c.chat == chat]
        if seat is not None:
            if len(mine) >= self.MAX_SOCKETS_PER_SEAT:
                raise TooMany("too many open pages of your seat; close some")
        else:
            if len(mine) >= self.MAX_SOCKETS_PER_GAME:
                raise TooMany("this table has as many watchers as it can take; try again later")
            if client and sum(c.client == client for c in mine) >= self.MAX_SOCKETS_PER_CLIENT:
                raise TooMany("too many open pages of this table from your address; close some")
        conn = Connection(seat, push, push_text, client, chat=chat)
        g.connections.append(conn)
        self._seen(g, seat)
        if seat is not None:
            g.left_at[seat] = None
            if g.away[seat]:
                g.away[seat] = False
                self._note(g, f"{g.display_name(seat)} is back")
            if not g.joined[seat]:
                g.joined[seat] = True
                self._set_deadline(g, restart=False)  # their clock starts when they first come
            self._drive_soon(g)  # a stand-in for another seat who left may play on now
            self._broadcast(g)  # the others see them connected
        else:
            self._push(g, conn)
        await self._settle(g)  # a forced step that waited for its person (a resumed game)
        return g, conn

    def _peer_changed(self, game_id: str) -> None:
        """A server process (maybe this one) committed a change of ``game_id``."""
        if game_id in self.games:
            asyncio.get_running_loop().create_task(self._refresh(game_id))

    async def _refresh(self, game_id: str) -> None:
        """Read a game changed by another process again, push it to this process's pages."""
        g = self.games.get(game_id)
        if g is None:
            return
        async with g.lock:
            try:
                fresh = await asyncio.to_thread(self._load, game_id)
            except GameError:
                return
            if fresh.state.history == g.state.history and fresh.undo_offset == g.undo_offset and fresh.notes == g.notes:
                return  # our own commit, or nothing new
            g.state, g.actors, g.undo_offset, g.notes = fresh.state, fresh.actors, fresh.undo_offset, fresh.notes
            g._cache.clear()
            g._texts.clear()
        self._changed(g)

    def _seen(self, g: LiveGame, seat: int | None) -> None:
        """Someone looked at the game now (a page, a request): bots may play on."""
        g.seen_at = time.monotonic()
        if seat is not None and g.seats[seat] == HUMAN and not g.joined[seat]:
            g.joined[seat] = True
            self._set_deadline(g, restart=False)
        self._drive_soon(g)

    def disconnect(self, g: LiveGame, conn: Connection) -> None:
        """Unsubscribe ``conn``; when it was its seat's last, the grace period starts."""
        if conn in g.connections:
            g.connections.remove(conn)
        if conn.seat is not None and not any(c.seat == conn.seat for c in g.connections):
            g.left_at[conn.seat] = time.monotonic()
            self._broadcast(g)

    # ------------------------------------------------------------------ moves
    def _check_version(self, g: LiveGame, version: Any) -> None:
        if version is None:
            return
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadConfig(f"version must be an integer, not {version!r}")
        if version != g.version:
            raise Stale(
                f"stale version {version}: the game is at version {g.version} (resynchronised)", version=g.version
            )

    async def move(self, game_id: str, token: Any, action: Any, version: Any = None) -> dict:
        """Play ``action`` (a notation) for the seat of ``token``; return its new payload.

        Raises:
            NotFound; Forbidden (no or a wrong token); Stale (``version`` given and not the
            current one); Illegal (not this seat's turn, the game is over, or the engine
            refuses the action: its message and rule id); BadConfig (``action`` not a string).
            Nothing changes when any is raised.
        """
        g = await self.get(game_id)
        if token is None or token == "":
            raise Forbidden("a move needs the seat's token")
        seat = g.seat_of(str(token))
        self._seen(g, seat)
        if not isinstance(action, str) or len(action) > 500:
            raise BadConfig("action must be an action's notation (a string)")
        async with g.lock:
            self._check_version(g, version)
            state = g.state
            if state.is_terminal():
                raise Illegal("the game is over; no action is legal")
            if state.current_player != seat:
                raise Illegal(f"it is not your turn: {g.display_name(state.current_player)} is to play")
            after = state.clone()
            try:
                after.apply_action(action)
            except IllegalActionError as e:
                raise Illegal(str(e), e.rule) from None
            if g.away[seat]:  # they act: theirs again
                g.away[seat] = False
            await self._commit(g, after, g.actors + [seat], g.undo_offset, g.notes)
        self._changed(g)
        await self._settle(g)
        return g.payload(seat)

    async def undo(self, game_id: str, token: Any, version: Any = None) -> dict:
        """Take back the last decision of the seat of ``token``, within Board Game Arena's
        policy: only its own decisions of the current turn (no other seat has acted since),
        while nothing hidden was revealed to it since (``meeple.front.takeback`` checks:
        a card drawn, a tile turned; a forced step goes back with the choice before it).
        Stored as a new, shorter action list; the version still goes up.

        Raises:
            NotFound, Forbidden, Stale as :meth:`move`; Illegal with the reason it is refused.
        """
        g = await self.get(game_id)
        if token is None or token == "":
            raise Forbidden("an undo needs the seat's token")
        seat = g.seat_of(str(token))
        async with g.lock:
            self._check_version(g, version)
            state = g.state
            if state.is_terminal() or state.current_player != seat:
                raise Illegal("you can take back only your own decisions while it is your turn", "BGA-undo")
            start = len(g.actors)
            while start > 0 and g.actors[start - 1] == seat:
                start -= 1
            if start == len(g.actors):
                raise Illegal("you have taken no decision this turn", "BGA-undo")
            earlier, message = await asyncio.to_thread(takeback, state, [HUMAN] * state.num_players, start)
            if earlier is None:
                raise Illegal(f"cannot take back: {message}", "BGA-undo")
            drop = state.observed_move_number() - earlier.observed_move_number()
            notes = g.notes + [[len(earlier.events), f"{g.display_name(seat)} took back a decision"]]
            await self._commit(g, earlier, g.actors[: len(earlier.history)], g.undo_offset + drop + 1, notes)
        self._changed(g)
        return g.payload(seat)

    COMMIT_RETRIES = (0.2, 0.5, 1.0, 2.0)
    """Seconds waited before each retry of a commit the database refused (locked, gone)."""

    async def _commit(self, g: LiveGame, state: State, actors: list[int], undo_offset: int, notes: list) -> None:
        """Store, then make live (a failed commit leaves the game as it was). A database error
        is retried (:attr:`COMMIT_RETRIES`), then reported as :class:`Unavailable`."""
        for wait in (*self.COMMIT_RETRIES, None):
            try:
                await asyncio.to_thread(self._save, g, state, undo_offset, notes)
                break
            except SQLAlchemyError as e:
                if wait is None:
                    log.error("game %s: the database refused the commit: %s", g.id, e.__class__.__name__)
                    raise Unavailable(
                        "the game could not be saved just now (the database is busy or "
                        "unreachable); nothing changed: try again in a moment"
                    ) from None
                await asyncio.sleep(wait)
        self._track_highlights(g, g.state, state, actors)
        g.state, g.actors, g.undo_offset, g.notes = state, actors, undo_offset, notes
        g._cache.clear()
        g._texts.clear()

    @staticmethod
    def _track_highlights(g: LiveGame, before: State, after: State, actors: list[int]) -> None:
        """Per seat, the places its last turn changed: ``View.place_keys`` of the spectator's
        observation when the seat's turn began against now (public, so every seat may be
        shown them). A turn is a seat's run of decisions; an undo compares with the same start."""
        from .payload import changed_places

        if not actors:
            g.highlights, g.turn_start = {}, {}
            return
        view = after.game.view
        p = actors[-1]
        was = view.place_keys(before.observation(None))
        now = view.place_keys(after.observation(None))
        if len(actors) > len(g.actors) and (not g.actors or g.actors[-1] != p):
            g.turn_start[p] = was
        elif len(actors) < len(g.actors):  # an undo: the undoing seat is the one to act
            p = after.current_player if not after.is_terminal() else p
        if p in g.turn_start and now != was:  # a secret step changes nothing public: nothing to tell
            g.highlights[p] = changed_places(g.turn_start[p], now)

    def _forced(self, g: LiveGame):
        """The forced step to take for the person to act now (``View.forced``: one legal action
        and no secret to keep), or None: none for bots and stand-ins, nor at the end."""
        state = g.state
        if state.is_terminal() or self._bot_for(g) is not None or g.seats[state.current_player] != HUMAN:
            return None
        return state.game.view.forced(state)

    async def _settle(self, g: LiveGame) -> None:
        """Take every forced step now due for a person, one commit each, with a log note and a
        notice on their page ("Only one choice: ... (taken for you)")."""
        taken: list[str] = []  # the labels of this chain, said together on the page
        for _ in range(50):  # a chain of forced steps is short; never loop for ever
            async with g.lock:
                action = self._forced(g)
                if action is None:
                    return
                state = g.state
                p = state.current_player
                label = state.game.view.action_label(state, action) or action.text
                after = state.clone()
                after.apply_action(action.text)
                text = f"{state.seat_name(p)} had one choice, taken for them: {label}"
                notes = g.notes + [[len(after.events), text]]
                run = g.run_mark == len(state.history)  # a forced step continues the bots' run
                await self._commit(g, after, g.actors + [p], g.undo_offset, notes)
                if run:
                    g.run_mark = len(after.history)
                if g.forced is None or g.forced[0] != p or not taken:
                    taken = []
                taken.append(label)
                g.forced = (p, g.version, f"Only one choice, taken for you: {'; then '.join(taken)}")
            self._changed(g)

    def _note(self, g: LiveGame, text: str) -> None:
        """Add a server note to the log (stored with the next commit; a note alone is kept in
        memory until then)."""
        g.notes = g.notes + [[len(g.state.events), text]]

    # ------------------------------------------------------------------- chat
    async def chat_post(self, game_id: str, token: Any, text: Any, sender: Any) -> dict:
        """Post ``text`` to the table chat of ``game_id`` as the seat of ``token`` (None or
        ``""``: a spectator, named "Spectator"), store it with the game and send
        ``{"type": "chat", "message": m}`` to every connection (seats and spectators).
        ``sender``: who is rate-limited (a websocket connection, or a token or address
        over HTTP): at most :data:`CHAT_RATE` messages in its window. Returns the message
        ``{"id", "seat", "name", "text", "at"}`` (``text`` as typed, cleaned by
        :func:`clean_chat`; escape it where it is shown).

        Raises:
            NotFound, Forbidden (a wrong token); BadConfig (not text, empty, or longer than
            :data:`meeple.server.db.CHAT_MAX` characters); TooMany (too fast). Nothing is
            stored when any is raised.
        """
        g = await self.get(game_id)
        seat = g.seat_of(None if token is None else str(token))
        text = clean_chat(text)
        self.chat_rate.check((game_id, sender))
        name = "Spectator" if seat is None else g.display_name(seat)
        row = ChatRow(game_id=g.id, seat=seat, name=name, text=text)
        message = await asyncio.to_thread(self._insert_chat, row)
        for conn in list(g.connections):
            try:
                conn.push({"type": "chat", "message": message})
            except Exception:  # pragma: no cover - a broken subscriber must not stop the others
                log.exception("chat push to a subscriber of %s failed", g.id)
        return message

    def _insert_chat(self, row: ChatRow) -> dict:
        with self.sessions() as s:
            s.add(row)
            s.commit()
            return chat_message(row)

    async def chat_list(self, game_id: str, limit: int = 200) -> list[dict]:
        """The last ``limit`` messages of the table chat of ``game_id``, oldest first (the
        shape of :meth:`chat_post`'s). Raises NotFound."""
        g = await self.get(game_id)
        return await asyncio.to_thread(self._chat_rows, g.id, limit)

    def _chat_rows(self, game_id: str, limit: int) -> list[dict]:
        with self.sessions() as s:
            rows = s.scalars(select(ChatRow).where(ChatRow.game_id == game_id).order_by(ChatRow.id.desc()).limit(limit))
            return [chat_message(r) for r in reversed(list(rows))]

    # ---------------------------------------------------------- after changes
    def _changed(self, g: LiveGame, broadcast: bool = True) -> None:
        """After a change: set the turn timer, start the bots if one is to play, broadcast."""
        self._set_deadline(g)
        self._drive_soon(g)
        if broadcast:
            self._broadcast(g)

    def _set_deadline(self, g: LiveGame, restart: bool = True) -> None:
        """The turn timer of the seat to act: it starts when the turn passes to it (a seat's
        several steps of one secret commitment keep one clock: the public version does not
        move) and only for a person who has opened their link (one who never came is waited
        for, as docs/web.md promises)."""
        state = g.state
        if state.is_terminal():
            g.deadline, g.timed_out, g.turn_key = None, None, None
            return
        p = state.current_player
        key = (p, g.version)
        if key != g.turn_key:
            g.turn_key = key
            g.turn_started = time.monotonic()
            g.timed_out = None
            g.deadline = None
        elif not restart and g.deadline is not None:
            return
        if (
            g.seats[p] == HUMAN
            and g.timer_seconds
            and not g.away[p]
            and g.joined[p]
            and g.deadline is None
            and g.timed_out is None
        ):
            g.deadline = time.monotonic() + g.timer_seconds

    def _broadcast(self, g: LiveGame) -> None:
        for conn in list(g.connections):
            self._push(g, conn)

    def _push(self, g: LiveGame, conn: Connection) -> None:
        """Send ``conn`` its seat's payload, unless it is the very one it was sent last; when
        only who is connected changed, a ``{"type": "presence", "connected": [...]}`` message
        of a few bytes (nobody's payload is drawn or encoded again for a page opened or
        closed)."""
        try:
            base = g.payload_base(conn.seat)
            connected = g.connected()
            if base == conn.last:
                if connected != conn.presence:
                    conn.presence = connected
                    conn.push({"type": "presence", "connected": connected, "version": g.version})
                return
            conn.last, conn.presence = base, connected
            if conn.push_text is not None:
                conn.push_text(g.payload_text(conn.seat), g.version)
            else:
                conn.push(g.payload(conn.seat))
        except Exception:  # pragma: no cover - a broken subscriber must not stop the others
            log.exception("push to a subscriber of %s failed", g.id)

    def _present(self, g: LiveGame) -> bool:
        """Whether anyone is at the table: an open page, or a request within ``grace``
        seconds. A table nobody watches does not play on (bots alone cannot fill the
        server's time)."""
        return bool(g.connections) or time.monotonic() - g.seen_at < max(self.grace, 1.0)

    def _bot_for(self, g: LiveGame) -> str | None:
        """The bot spec to play the current decision, or None when a person is to play it
        or nobody is at the table."""
        state = g.state
        if state.is_terminal() or not self._present(g):
            return None
        p = state.current_player
        if g.seats[p] != HUMAN:
            return g.seats[p]
        if g.timed_out == (p, g.version):
            return g.bot_level
        if g.away[p] and self._others_here(g, p):
            return g.bot_level  # a person who left is stood in for while others play on
        return None  # nobody at the table: the game waits for its people

    @staticmethod
    def _others_here(g: LiveGame, seat: int) -> bool:
        """Whether a person of another seat has a page of the game open."""
        return any(c.seat is not None and c.seat != seat and g.seats[c.seat] == HUMAN for c in g.connections)

    def _drive_soon(self, g: LiveGame) -> None:
        if self._bot_for(g) is not None and (g.driver is None or g.driver.done()):
            try:
                g.driver = asyncio.get_running_loop().create_task(self._drive(g))
            except RuntimeError:  # no loop running (a synchronous caller): the ticker drives it
                pass

    async def _drive(self, g: LiveGame) -> None:
        """Play the bots' decisions (and stand-ins') until a person is to act, nobody is at
        the table, or the end. The pause (``bot_delay``) comes before the first decision of a
        bot's turn only; the decision runs in the bot runner (another process by default), one
        at a time a table, first come first served among tables."""
        if not await self.peers.try_lead(g.id):
            return  # another server process drives this table
        try:
            await self._drive_led(g)
        finally:
            await self.peers.release(g.id)

    async def _drive_led(self, g: LiveGame) -> None:
        while True:
            spec = self._bot_for(g)
            if spec is None:
                return
            state, version = g.state, g.version
            p = state.current_player
            started = self.clock()
            cap = None
            if self.bot_wait and HUMAN in g.seats:  # a person waits: the bots share WaitBudget's seconds
                if g.run_mark != len(state.history):  # someone else acted: a new run of bot decisions
                    g.wait.seconds, g.wait.first_guess = self.bot_wait, sum(s != HUMAN for s in g.seats)
                    g.wait.begin(started)
                cap = g.wait.cap(started)
            seed = g.state.seed
            job = BotJob(
                state.game.name,
                state.to_dict(),
                spec,
                derive_seed(seed, 1000 + p),
                derive_seed(derive_seed(seed, 1000 + p), len(state.history)),
                g.clocks.get((p, spec)),
                cap,
                HUMAN in g.seats,
            )
            try:
                text, g.clocks[(p, spec)] = await self.bots.choose(job)
            except asyncio.CancelledError:
                raise
            except Exception:  # a bot or a worker failed: the table waits, the server goes on
                log.exception("bot %s failed in game %s", spec, g.id)
                return
            g.wait.made += 1
            if self.bot_delay and (not g.actors or g.actors[-1] != p):  # the first decision of its turn:
                # shown no sooner than the pause after the last move (the bot thought meanwhile),
                # within the decision's share of a person's wait
                pause = min(self.bot_delay, self.bot_delay if cap is None else cap) - (self.clock() - started)
                if pause > 0:
                    await asyncio.sleep(pause)
            async with g.lock:
                if g.state is not state or self._bot_for(g) != spec:
                    continue  # a person acted, came back or undid meanwhile
                after = state.clone()
                after.apply_action(text)
                notes = g.notes
                if g.seats[p] == HUMAN:
                    why = "time ran out" if g.timed_out == (p, version) else "away"
                    note = f"the {spec} bot plays for {g.display_name(p)} ({why})"
                    if not notes or notes[-1][1] != note:  # said once while it stands in
                        notes = notes + [[len(state.events), note]]
                try:
                    await self._commit(g, after, g.actors + [p], g.undo_offset, notes)
                except GameError as e:  # the database is down: try again on the next tick
                    log.error("game %s: a bot move was not stored: %s", g.id, e.message)
                    g.retry_at = time.monotonic() + 1.0
                    return
                g.run_mark = len(after.history)
            self._changed(g)
            await self._settle(g)

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                self.check_timers()
            except Exception:  # pragma: no cover
                log.exception("timer check failed")

    def check_timers(self, now: float | None = None) -> None:
        """Hand expired turns and departed persons to the stand-in bot, drive tables whose
        bot move could not be stored, and let go of idle games (called by the ticker)."""
        now = time.monotonic() if now is None else now
        for g in list(self.games.values()):
            state = g.state
            if not g.connections and (g.driver is None or g.driver.done()) and now - g.seen_at > self.idle:
                self.games.pop(g.id, None)  # read again from the database when next asked for
                continue
            if state.is_terminal():
                continue
            changed = False
            for s, left in enumerate(g.left_at):
                if left is not None and not g.away[s] and now - left >= self.grace:
                    g.away[s] = True
                    if self._others_here(g, s):  # else no bot plays for them: nothing to say
                        self._note(
                            g, f"{g.display_name(s)} left: the {g.bot_level} bot plays for them until they return"
                        )
                    changed = True
            p = state.current_player
            if g.deadline is not None and now >= g.deadline and g.timed_out is None:
                g.timed_out = (p, g.version)
                g.deadline = None
                changed = True
            if g.retry_at is not None and now >= g.retry_at:
                g.retry_at = None
                changed = True
            if (
                self.peers.shared
                and (g.driver is None or g.driver.done())
                and now - g.lead_try >= 1.0
                and self._bot_for(g) is not None
            ):
                g.lead_try = now
                self._drive_soon(g)  # the process that drove it may have died: its lock is free now
            if changed:
                self._drive_soon(g)
                self._broadcast(g)


def meta() -> dict:
    """What the lobby's form offers, from meeple's Game objects: per game its id, title,
    player counts, variants and options (name, default, help, choices, kind); the bot levels."""
    from ..core import game_names

    games = []
    for name in game_names():
        game = load_game(name)
        options = []
        for o in game.options:
            kind = (o.kind or type(o.default)).__name__ if (o.kind or o.default is not None) else "int"
            options.append(
                {
                    "name": o.name,
                    "default": o.default,
                    "help": o.help,
                    "choices": None if o.choices is None else list(o.choices),
                    "kind": kind,
                }
            )
        games.append(
            {
                "id": game.name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "variants": list(game.variants),
                "options": options,
            }
        )
    return {"games": games, "bot_levels": list(PUBLIC_BOTS), "levels": dict(LEVELS)}


# ------------------------------------------------------------ lobby helpers
_HIDDEN_CHARS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")  # bidi overrides: no reordering of the page


def _clean_text(text: str) -> str:
    """``text`` without control characters and bidirectional overrides, its runs of white
    space (line breaks included) made one space, stripped."""
    text = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in text)
    return " ".join(_HIDDEN_CHARS.sub("", text).split())


def check_names(names: Any, seats: list[str]) -> list[str | None]:
    """The seat names people typed in the lobby, one a seat: ``None``/``""`` for none (the
    game's own seat name is shown), else the name cleaned (:func:`_clean_text`), at most
    :data:`meeple.server.db.NAME_MAX` characters. ``names`` may be None (no names).

    Raises:
        BadConfig: not a list of one text (or null) a seat, or a name too long.
    """
    if names is None:
        return [None] * len(seats)
    if not isinstance(names, list) or len(names) != len(seats):
        raise BadConfig(f"names must list one name (or null) for each of the {len(seats)} seats")
    out: list[str | None] = []
    for i, name in enumerate(names):
        if name is None:
            out.append(None)
            continue
        if not isinstance(name, str):
            raise BadConfig(f"the name of seat {i + 1} must be text, not {name!r}")
        name = _clean_text(name)
        if len(name) > NAME_MAX:
            raise BadConfig(f"the name of seat {i + 1} is {len(name)} characters long; at most {NAME_MAX}")
        out.append(name or None)
    return out


def with_human_defaults(game, options: Any, seats: list[str]) -> Any:
    """``options`` with, when a person sits at the table, each option they did not give set
    to its ``human_default`` (``Option.human_default``: e.g. Magnum Sal's safety cap on rounds,
    off when a person plays, as ``meeple play`` does). Anything but a dict is returned as it
    is (the engine refuses it)."""
    if options is None:
        options = {}
    if not isinstance(options, dict) or HUMAN not in seats:
        return options
    out = dict(options)
    for o in game.options:
        if o.human_default is not None and o.name not in out:
            out[o.name] = o.human_default
    return out


CHAT_RATE = (5, 10.0)
"""At most 5 chat messages in 10 seconds from one sender (a connection, a token, an address)."""


class RateLimit:
    """A sliding-window limit: at most ``limit`` events in ``window`` seconds per key."""

    def __init__(self, limit: int, window: float):
        self.limit, self.window = limit, window
        self._seen: dict[Any, deque] = {}

    def check(self, key: Any, now: float | None = None) -> None:
        """Count one event of ``key`` now.

        Raises:
            TooMany: ``key`` had ``limit`` events in the last ``window`` seconds (this one is
                not counted).
        """
        now = time.monotonic() if now is None else now
        seen = self._seen.setdefault(key, deque())
        while seen and now - seen[0] >= self.window:
            seen.popleft()
        if len(seen) >= self.limit:
            wait = self.window - (now - seen[0])
            raise TooMany(
                f"slow down: at most {self.limit} messages in {self.window:g} seconds "
                f"(try again in {max(1, round(wait))} s)"
            )
        seen.append(now)
        if len(self._seen) > 10_000:  # forget senders that have been quiet a whole window
            for k in [k for k, d in self._seen.items() if not d or now - d[-1] >= self.window]:
                del self._seen[k]


def clean_chat(text: Any) -> str:
    """A chat message as stored: cleaned (:func:`_clean_text`), 1 to
    :data:`meeple.server.db.CHAT_MAX` characters.

    Raises:
        BadConfig: not text, empty, or too long.
    """
    if not isinstance(text, str):
        raise BadConfig("a chat message is text")
    text = _clean_text(text)
    if not text:
        raise BadConfig("a chat message cannot be empty")
    if len(text) > CHAT_MAX:
        raise BadConfig(f"a chat message is at most {CHAT_MAX} characters (this one has {len(text)})")
    return text


def chat_message(row: ChatRow) -> dict:
    """The JSON shape of a stored chat message: ``{"id", "seat", "name", "text", "at"}``
    (``at``: ISO 8601 time in UTC)."""
    at = row.created_at
    if at is not None and at.tzinfo is None:  # SQLite gives back naive times: they are UTC
        at = at.replace(tzinfo=UTC)
    return {
        "id": row.id,
        "seat": row.seat,
        "name": row.name,
        "text": row.text,
        "at": None if at is None else at.isoformat(),
    }
