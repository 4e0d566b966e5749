"""A real server for the client's tests: the app under uvicorn in a thread, on a free port, over
a fresh SQLite database (the toy game registered), its bots thinking in threads at once."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from potager.server import Settings
from tests.server.conftest import settings
from tests.toy import register
from tests.web.conftest import serving


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def server_settings(tmp_path: Path, **changes: Any) -> Settings:
    return replace(settings(f"sqlite:///{tmp_path / 'potager.db'}"), **changes)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with serving(server_settings(tmp_path)) as address:
        yield address


@pytest.fixture
def http(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=10) as client:
        yield client


def stored_as_chosen(stored: list[Any], chosen: list[Any], at: int) -> bool:
    """Whether a seat's ``stored`` moves are its agent's ``chosen`` ones, each once and in
    order, but for, at most, its ``at``-th (counted from 1): a decision made while the seat was
    cut off, which the server refuses (stale) if the table moved on meanwhile."""
    return stored in (chosen, chosen[: at - 1] + chosen[at:])
