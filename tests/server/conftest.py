"""A server on a fresh database with the toy game registered; bots think in threads at once."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

# Starlette's TestClient runs on httpx (our chosen dependency); its nudge to httpx2 is noise.
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from potager.server import Settings, create_app  # noqa: E402
from potager.server.config import UNLIMITED, Limits  # noqa: E402
from tests.store.fixtures import db_url, postgres_server  # noqa: E402
from tests.toy import register  # noqa: E402

__all__ = ["db_url", "postgres_server"]


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


LIFTED = Limits.from_env(UNLIMITED)
"""The suite's clients all come from one address and stand for many people: no limits per
client (tests/server/test_limits.py sets its own)."""


def settings(url: str, limits: Limits = LIFTED) -> Settings:
    return Settings(
        database_url=url, bot_pool="thread", bot_workers=2, bot_budget=5, bot_delay=0, limits=limits
    )


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'potager.db'}"))) as c:
        yield c
