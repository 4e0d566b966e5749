"""Alembic's environment: run with the connection `Store.upgrade` hands over, or the URL of
``POTAGER_DATABASE_URL`` when called from the ``alembic`` command line."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from potager.store.models import Base
from potager.store.store import database_url

config = context.config


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    with create_engine(database_url()).begin() as connection:
        run(connection)
