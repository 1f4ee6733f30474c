"""Alembic environment of meeple's web server: run with the connection that
:func:`meeple.server.db.upgrade` passes in ``config.attributes["connection"]``."""

from alembic import context

from meeple.server.db import Base

config = context.config
target_metadata = Base.metadata

connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - the alembic command line: needs sqlalchemy.url
    from sqlalchemy import create_engine

    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
