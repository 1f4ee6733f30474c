"""meeple's web server: play in the browser, alone against bots or online with friends.

``meeple serve`` runs :func:`meeple.server.app.create_app` under uvicorn. Modules:
``db`` (SQLAlchemy models, Alembic migrations), ``service`` (live games, moves, bots, timers),
``payload`` (what a seat or a spectator is sent), ``app`` (HTTP routes and the websocket),
``static/`` (the lobby and game pages). See docs/web.md.
"""
