"""The FastAPI application: pages, the HTTP API and the game websocket (docs/web.md).

Routes::

    GET  /                          lobby page
    GET  /game/{id}[?token=T]       game page (a seat's link, or a spectator's without token)
    GET  /api/meta                  games, variants, options, player counts, bot levels
    GET  /api/catalog               the lobby's games in words: description, options per variant, bot levels
    GET  /api/rules/{game}          how to play and the full rules by section
    GET  /api/games                 public list of games (no tokens)
    POST /api/games                 create: seat links (secret tokens) and a spectator link
    GET  /api/games/{id}[?token=T]  the payload of that seat (or a spectator's)
    GET  /api/games/{id}/summary    the public summary (the lobby's "your games")
    POST /api/games/{id}/moves      {"token", "action", "version"?}: play a move
    POST /api/games/{id}/undo       {"token", "version"?}: take back a decision
    GET  /api/games/{id}/chat       the table chat, oldest first
    POST /api/games/{id}/chat       {"token"?, "text"}: post to the table chat
    WS   /ws/games/{id}[?token=T]   live payloads; client messages move / undo / sync / chat

A browser that opens a page (``/game/...``, an unknown path) with a bad link gets a page in
plain words with a link to the lobby (:func:`error_page`); API clients get JSON.

Errors are ``{"error": message, "rule": rule id}`` with status 400 (bad configuration or
request), 403 (bad token), 404 (unknown game), 409 (stale version; also ``version`` and the
current ``state``) or 422 (illegal move or refused undo).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from importlib import resources

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..core import InvalidConfigError, load_game
from .bots import WAIT_BUDGET, BotRunner, make_runner
from .db import default_url, open_db
from .guard import DEFAULT_HOSTS, MAX_BODY, Guard, RateLimit
from .lobby import catalog
from .peers import peers_for
from .service import BOT_PAUSE, BadConfig, Forbidden, GameError, NotFound, Service, Stale, TooMany, meta

STATIC = resources.files("meeple.server").joinpath("static")


def _error_body(e: GameError, service_payload: dict | None = None) -> dict:
    body = {"error": e.message, "rule": e.rule}
    if isinstance(e, Stale):
        body["version"] = e.extra.get("version")
        if service_payload is not None:
            body["state"] = service_payload
    return body


def _paced(batch: list[dict]) -> list[dict]:
    """The messages of a queued ``batch`` worth sending: every error, and of the states the
    latest of each version (each bot decision is sent, so the page can show them one by one;
    repeats of a version, e.g. a player connecting, only once)."""
    last = {m.get("version"): i for i, m in enumerate(batch) if m.get("type") == "state"}
    return [m for i, m in enumerate(batch) if m.get("type") != "state" or last.get(m.get("version")) == i]


def rules_payload(game: str) -> dict:
    """``GET /api/rules/{game}``: ``{"game", "title", "how_to_play", "sections": [{"id",
    "title", "text", "ids", "level"}]}`` from the game's view (``how_to_play``; ``rules()``,
    its packaged RULES.md by section: ``text`` is Markdown as the spec writes it, ``ids`` every
    rule id the section defines, so a page can open the section of a rule id).

    Raises:
        NotFound: no such game.
    """
    try:
        g = load_game(game)
    except (InvalidConfigError, TypeError, AttributeError):
        raise NotFound(f"no game {game!r}") from None
    view = g.view
    return {
        "game": g.name,
        "title": g.title,
        "how_to_play": view.how_to_play,
        "sections": [
            {"id": r.id, "title": r.title, "text": r.text, "ids": list(r.ids), "level": r.level} for r in view.rules()
        ],
    }


def wants_html(request: Request) -> bool:
    """Whether the request is a browser's asking for a page (``Accept`` names text/html
    before any JSON), not an API client's: a page answer is then plain words, not JSON."""
    accept = request.headers.get("accept", "")
    if request.url.path.startswith("/api/"):
        return False
    if "text/html" in accept:
        return "application/json" not in accept or accept.index("text/html") < accept.index("application/json")
    return False


def error_page(title: str, message: str, status: int, extra_link: tuple[str, str] | None = None) -> HTMLResponse:
    """A page in plain words for a bad link: ``title``, ``message`` (both escaped here), a
    link to the lobby and, when given, ``extra_link`` ``(href, text)`` (e.g. to watch the
    game); HTTP ``status``."""
    extra = ""
    if extra_link is not None:
        extra = f'<a class="button" href="{html.escape(extra_link[0])}">{html.escape(extra_link[1])}</a> '
    body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · meeple</title>
<link rel="stylesheet" href="/static/lobby.css"><link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head><body class="lobby error-page" data-ready="1" data-error="{status}">
<header class="top"><a class="brand" href="/">meeple</a></header>
<main class="error-main"><section class="error-card">
<h1>{html.escape(title)}</h1>
<p>{html.escape(message)}</p>
<p class="error-actions">{extra}<a class="button primary" href="/">Go to the lobby</a></p>
</section></main></body></html>"""
    return HTMLResponse(body, status_code=status)


def game_error_page(e: GameError, game_id: str) -> HTMLResponse:
    """The plain-words page of a game link that does not work: an unknown game (404), a
    stored game that does not load (404, ``stored`` in the error's extra), or a token that
    is no seat's (403, with a link to watch the game instead)."""
    if isinstance(e, Forbidden):
        return error_page(
            "This link does not open a seat",
            "The key at the end of this link does not belong to any seat of this game. "
            "It may have been cut short or changed when it was copied: ask for the link again. "
            "You can still watch the game.",
            403,
            (f"/game/{game_id}", "Watch the game"),
        )
    if isinstance(e, NotFound) and e.extra.get("stored"):
        return error_page(
            "This game cannot be read",
            "The game at this link is stored, but this server cannot read it: its stored record "
            "is damaged or was saved by another version of meeple. The link itself is right; "
            "the server's log says what is wrong. Start a new game from the lobby.",
            404,
        )
    if isinstance(e, NotFound):
        return error_page(
            "There is no game at this link",
            "No game has this address. The link may be mistyped or cut short, or the game "
            "was removed. Start a new game from the lobby.",
            404,
        )
    return error_page("This link does not work", e.message, e.status)


def create_app(
    db_url: str | None = None,
    *,
    grace: float = 30.0,
    bot_delay: float = BOT_PAUSE,
    tick: float = 0.25,
    allowed_hosts=DEFAULT_HOSTS,
    allowed_origins=(),
    max_body: int = MAX_BODY,
    create_rate: tuple[int, float] = (20, 60.0),
    bots: str | BotRunner = "process",
    bot_slots: int | None = None,
    ray_address: str | None = None,
    bot_wait: float | None = WAIT_BUDGET,
):
    """The web server's app on the database ``db_url`` (default: SQLite in the user's data
    folder), migrated at once. ``grace``, ``bot_delay``, ``bot_wait`` and ``tick``: see
    :class:`meeple.server.service.Service`. The service is ``app.state.service``; it starts
    (loading every unfinished game, resuming its bots) with the app's lifespan.

    The app is wrapped in :class:`meeple.server.guard.Guard`: ``allowed_hosts`` (names
    accepted in the ``Host`` header; ``("*",)`` any), ``allowed_origins`` (other sites' pages
    allowed to post), ``max_body`` (bytes). ``create_rate``: games one client address may
    create, ``(count, seconds)``. ``bots``: where bot decisions run, ``"process"`` (a pool of
    ``bot_slots`` worker processes, default one a core), ``"thread"`` (in this process),
    ``"ray"`` (tasks on the Ray cluster at ``ray_address``) or a
    :class:`meeple.server.bots.BotRunner`. The FastAPI app itself is ``app.app``
    (``.state.service`` is reachable on both).

    Raises:
        meeple.server.db.BadDatabaseURL: a malformed URL or one without a driver.
        sqlalchemy.exc.OperationalError: the database cannot be opened.
    """
    sessions = open_db(db_url)
    runner = bots if isinstance(bots, BotRunner) else make_runner(bots, bot_slots, ray_address)
    service = Service(
        sessions,
        grace=grace,
        bot_delay=bot_delay,
        tick=tick,
        bots=runner,
        bot_wait=bot_wait,
        peers=peers_for(db_url or default_url()),
    )

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(title="meeple", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.service = service
    creations = RateLimit(*create_rate)

    @app.exception_handler(GameError)
    async def _game_error(request: Request, e: GameError):
        payload = None
        if isinstance(e, Stale):
            game_id = request.path_params.get("game_id")
            try:
                token = request.state.token if hasattr(request.state, "token") else None
                payload = await service.view(game_id, token)
            except GameError:
                payload = None
        return JSONResponse(_error_body(e, payload), status_code=e.status)

    async def _body(request: Request) -> dict:
        try:
            data = parse_json(await request.body())
        except ValueError as e:
            raise BadConfig(str(e)) from None
        if not isinstance(data, dict):
            raise BadConfig("the request body must be a JSON object")
        return data

    @app.get("/", include_in_schema=False)
    async def lobby():
        return FileResponse(str(STATIC.joinpath("index.html")))

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(request: Request, game_id: str, token: str | None = None):
        try:
            g = await service.get(game_id)
            g.seat_of(token)
        except GameError as e:
            if wants_html(request) or "application/json" not in request.headers.get("accept", ""):
                return game_error_page(e, game_id)
            return JSONResponse(_error_body(e), status_code=e.status)
        return FileResponse(str(STATIC.joinpath("game.html")))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, e: StarletteHTTPException):
        if wants_html(request):
            if e.status_code == 404:
                return error_page(
                    "There is no page here",
                    "This address is not a page of meeple. The link may be mistyped or cut short.",
                    404,
                )
            return error_page("Something went wrong", str(e.detail), e.status_code)
        return JSONResponse({"detail": e.detail}, status_code=e.status_code, headers=getattr(e, "headers", None))

    @app.get("/api/catalog")
    async def api_catalog():
        return catalog()

    @app.get("/api/rules/{game}")
    async def api_rules(game: str):
        return rules_payload(game)

    @app.get("/api/games/{game_id}/chat")
    async def api_chat(game_id: str):
        return {"messages": await service.chat_list(game_id)}

    @app.post("/api/games/{game_id}/chat", status_code=201)
    async def api_chat_post(game_id: str, request: Request):
        body = await _body(request)
        token = body.get("token")
        sender = ("token", str(token)) if token else ("address", request.client.host if request.client else "")
        return await service.chat_post(game_id, token, body.get("text"), sender)

    @app.get("/api/meta")
    async def api_meta():
        return meta()

    @app.get("/api/games")
    async def api_list():
        return {"games": await service.public_list()}

    @app.post("/api/games", status_code=201)
    async def api_create(request: Request):
        client = request.client.host if request.client else "?"
        if not creations.allow(client):
            raise TooMany(
                f"too many games created from your address; try again in {creations.retry_after(client):.0f} s"
            )
        return await service.create(await _body(request))

    @app.get("/api/games/{game_id}")
    async def api_view(game_id: str, token: str | None = None):
        return await service.view(game_id, token)

    @app.get("/api/games/{game_id}/summary")
    async def api_summary(game_id: str):
        return (await service.get(game_id)).summary()

    @app.post("/api/games/{game_id}/moves")
    async def api_move(game_id: str, request: Request):
        body = await _body(request)
        request.state.token = body.get("token") if isinstance(body.get("token"), str) else None
        return await service.move(game_id, body.get("token"), body.get("action"), body.get("version"))

    @app.post("/api/games/{game_id}/undo")
    async def api_undo(game_id: str, request: Request):
        body = await _body(request)
        request.state.token = body.get("token") if isinstance(body.get("token"), str) else None
        return await service.undo(game_id, body.get("token"), body.get("version"))

    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str, token: str | None = None, only: str | None = None):
        """``only=chat``: a connection of the chat panel (static/chat.js), sent only the chat
        messages and errors, not the game's states."""
        skip = {"state", "presence"} if only == "chat" else set()
        await websocket.accept()
        queue: asyncio.Queue = asyncio.Queue()
        client = websocket.client.host if websocket.client else ""

        def encoded(text: str, version: int) -> None:
            queue.put_nowait({"type": "state", "version": version, "_text": text})

        try:
            game, conn = await service.connect(game_id, token, queue.put_nowait, encoded, client, chat=only == "chat")
        except GameError as e:
            await websocket.send_json({"type": "error", "message": e.message, "rule": e.rule, "status": e.status})
            await websocket.close(code=4000 + e.status)
            return

        async def sender():
            # a payload comes encoded already (a str, once a broadcast and seat); other messages as dicts
            while True:
                batch = [await queue.get()]
                while not queue.empty():
                    batch.append(queue.get_nowait())
                for message in _paced(batch):
                    if message.get("type") in skip:
                        continue
                    if "_text" in message:  # a payload, encoded once for every socket of its seat
                        await websocket.send_text(message["_text"])
                    else:
                        await websocket.send_json(message)

        if only == "chat":  # the chat panel learns whose messages are its own
            queue.put_nowait({"type": "hello", "seat": conn.seat})
        send_task = asyncio.create_task(sender())
        try:
            while True:
                raw = await websocket.receive()
                if raw.get("type") == "websocket.disconnect":
                    break
                try:
                    text = raw.get("text")
                    if text is None:
                        text = (raw.get("bytes") or b"").decode("utf-8")
                    if len(text) > max_body:
                        raise ValueError(f"a message may be at most {max_body} bytes")
                    msg = parse_json(text)
                except (ValueError, UnicodeDecodeError) as e:
                    why = str(e) if "deeper" in str(e) or "digits" in str(e) or "at most" in str(e) else ""
                    queue.put_nowait(
                        {
                            "type": "error",
                            "message": "messages are JSON objects" + (f" ({why})" if why else ""),
                            "rule": "",
                        }
                    )
                    continue
                kind = msg.get("type") if isinstance(msg, dict) else None
                try:
                    if kind == "move":
                        await service.move(game_id, token, msg.get("action"), msg.get("version"))
                    elif kind == "undo":
                        await service.undo(game_id, token, msg.get("version"))
                    elif kind == "sync":
                        encoded(game.payload_text(conn.seat), game.version)
                    elif kind == "chat":
                        await service.chat_post(game_id, token, msg.get("text"), ("ws", id(websocket)))
                    else:
                        raise BadConfig(f"unknown message type {kind!r} (move, undo, sync or chat)")
                except Stale:  # a double click or a move overtaken: the page shows the game as it is
                    encoded(game.payload_text(conn.seat), game.version)
                except GameError as e:
                    queue.put_nowait(
                        {
                            "type": "error",
                            "message": e.message,
                            "rule": e.rule,
                            "status": e.status,
                            **({"chat": True} if kind == "chat" else {}),
                        }
                    )
        except WebSocketDisconnect:
            pass
        finally:
            service.disconnect(game, conn)
            send_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await send_task

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    guarded = Guard(app, allowed_hosts=allowed_hosts, allowed_origins=allowed_origins, max_body=max_body)
    guarded.state = app.state  # type: ignore[attr-defined]
    return guarded


SERVE_ENV = "MEEPLE_SERVE"
"""The environment variable through which ``meeple serve --workers N`` hands each worker
process its :func:`create_app` keyword arguments (JSON)."""


def app_from_env():
    """The app of one worker process of ``meeple serve --workers N`` (uvicorn's factory):
    :func:`create_app` with the keyword arguments in ``$MEEPLE_SERVE``."""
    import os

    config = json.loads(os.environ[SERVE_ENV])
    for key in ("allowed_hosts", "allowed_origins", "create_rate"):
        if key in config:
            config[key] = tuple(config[key])
    return create_app(**config)


MAX_JSON_DEPTH = 32
"""Deepest nesting of a request's JSON (a move or a configuration needs 3)."""


def parse_json(data: bytes | str) -> dict:
    """A request body or websocket message as a JSON object.

    Raises:
        ValueError: not JSON, not an object, nested deeper than :data:`MAX_JSON_DEPTH`, or
            holding an integer of over 30 digits (each with a message for people).
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("the request body must be JSON (UTF-8)") from None
    depth = 0
    in_string = escaped = False
    for ch in data:  # nesting is checked before parsing: json's recursion has no limit of its own
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise ValueError(f"the JSON is nested deeper than {MAX_JSON_DEPTH} levels")
        elif ch in "]}":
            depth -= 1

    def small_int(text: str) -> int:
        if len(text.lstrip("-")) > 30:
            raise ValueError("a number in the JSON has more than 30 digits")
        return int(text)

    try:
        value = json.loads(data, parse_int=small_int)
    except json.JSONDecodeError:
        raise ValueError("the request body must be JSON") from None
    if not isinstance(value, dict):
        raise ValueError("the request body must be a JSON object")
    return value
