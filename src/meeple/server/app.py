"""The FastAPI application: pages, the HTTP API and the game websocket (docs/web.md).

Routes::

    GET  /                          lobby page
    GET  /game/{id}[?token=T]       game page (a seat's link, or a spectator's without token)
    GET  /api/meta                  games, variants, options, player counts, bot levels
    GET  /api/games                 public list of games (no tokens)
    POST /api/games                 create: seat links (secret tokens) and a spectator link
    GET  /api/games/{id}[?token=T]  the payload of that seat (or a spectator's)
    GET  /api/games/{id}/summary    the public summary (the lobby's "your games")
    POST /api/games/{id}/moves      {"token", "action", "version"?}: play a move
    POST /api/games/{id}/undo       {"token", "version"?}: take back a decision
    WS   /ws/games/{id}[?token=T]   live payloads; client messages move / undo / sync

Errors are ``{"error": message, "rule": rule id}`` with status 400 (bad configuration or
request), 403 (bad token), 404 (unknown game), 409 (stale version; also ``version`` and the
current ``state``) or 422 (illegal move or refused undo).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from importlib import resources

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .db import open_db
from .service import BOT_PAUSE, BadConfig, GameError, Service, Stale, meta

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
    "title", "text", "level", "ids"}]}`` from the game's view (its packaged RULES.md by
    section). Raises NotFound for an unknown game."""
    from ..core import game_names, load_game
    from .service import NotFound

    if game not in game_names():
        raise NotFound(f"no game {game!r}")
    g = load_game(game)
    return {"game": g.name, "title": g.title, "how_to_play": g.view.how_to_play,
            "sections": [{"id": r.id, "title": r.title, "text": r.text, "level": r.level, "ids": list(r.ids)}
                         for r in g.view.rules()]}


def create_app(db_url: str | None = None, *, grace: float = 30.0, bot_delay: float = BOT_PAUSE,
               tick: float = 0.25) -> FastAPI:
    """The web server's app on the database ``db_url`` (default: SQLite in the user's data
    folder), migrated at once. ``grace``, ``bot_delay`` and ``tick``: see
    :class:`meeple.server.service.Service`. The service is ``app.state.service``; it starts
    (loading every unfinished game, resuming its bots) with the app's lifespan.

    Raises:
        meeple.server.db.BadDatabaseURL: a malformed URL or one without a driver.
        sqlalchemy.exc.OperationalError: the database cannot be opened.
    """
    sessions = open_db(db_url)
    service = Service(sessions, grace=grace, bot_delay=bot_delay, tick=tick)

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(title="meeple", lifespan=lifespan)
    app.state.service = service

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
            data = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise BadConfig("the request body must be JSON") from None
        if not isinstance(data, dict):
            raise BadConfig("the request body must be a JSON object")
        return data

    @app.get("/", include_in_schema=False)
    async def lobby():
        return FileResponse(str(STATIC.joinpath("index.html")))

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str):
        return FileResponse(str(STATIC.joinpath("game.html")))

    @app.get("/api/meta")
    async def api_meta():
        return meta()

    @app.get("/api/rules/{game}")
    async def api_rules(game: str):
        return rules_payload(game)

    @app.get("/api/games")
    async def api_list():
        return {"games": await service.public_list()}

    @app.post("/api/games", status_code=201)
    async def api_create(request: Request):
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
    async def ws_game(websocket: WebSocket, game_id: str, token: str | None = None):
        await websocket.accept()
        queue: asyncio.Queue = asyncio.Queue()
        try:
            game, conn = await service.connect(game_id, token, queue.put_nowait)
        except GameError as e:
            await websocket.send_json({"type": "error", "message": e.message, "rule": e.rule, "status": e.status})
            await websocket.close(code=4000 + e.status)
            return

        async def sender():
            while True:
                batch = [await queue.get()]
                while not queue.empty():
                    batch.append(queue.get_nowait())
                for message in _paced(batch):
                    await websocket.send_json(message)

        send_task = asyncio.create_task(sender())
        try:
            while True:
                try:
                    msg = await websocket.receive_json()
                except (json.JSONDecodeError, UnicodeDecodeError, KeyError):
                    queue.put_nowait({"type": "error", "message": "messages are JSON objects", "rule": ""})
                    continue
                kind = msg.get("type") if isinstance(msg, dict) else None
                try:
                    if kind == "move":
                        await service.move(game_id, token, msg.get("action"), msg.get("version"))
                    elif kind == "undo":
                        await service.undo(game_id, token, msg.get("version"))
                    elif kind == "sync":
                        queue.put_nowait(game.payload(conn.seat))
                    else:
                        raise BadConfig(f"unknown message type {kind!r} (move, undo or sync)")
                except GameError as e:
                    queue.put_nowait({"type": "error", "message": e.message, "rule": e.rule, "status": e.status,
                                      **({"version": e.extra.get("version")} if isinstance(e, Stale) else {})})
                    if isinstance(e, Stale):
                        queue.put_nowait(game.payload(conn.seat))
        except WebSocketDisconnect:
            pass
        finally:
            service.disconnect(game, conn)
            send_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await send_task

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
