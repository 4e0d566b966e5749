"""Database fixtures: every storage test runs on SQLite and on a real PostgreSQL server.

PostgreSQL is ``POTAGER_TEST_POSTGRES_URL`` when set (``make test`` exports it), else the private
server of `potager.store.localpg`, started here if needed. It is never skipped: a server that
cannot start fails the tests that need it, loudly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config

from potager.store import Store, localpg
from potager.store.store import MIGRATIONS
from tests import ROOT

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_server() -> str:
    url = os.environ.get("POTAGER_TEST_POSTGRES_URL")
    if url:
        return url
    return localpg.start(ROOT / ".pgdata")


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'potager.db'}"
    else:
        yield localpg.fresh_database(request.getfixturevalue("postgres_server"))


def older_store(url: str, revision: str) -> Store:
    """A store whose database is at migration ``revision``, to upgrade from there."""
    store = Store(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    return store
