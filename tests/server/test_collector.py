"""While a server serves, the automatic garbage collector is off and what the process held is
frozen (`collector`); the cycles it makes meanwhile are freed by a full collection every
``collect_every`` seconds; once it stops, the process's collector is as it was."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import time
import weakref
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from potager.server import create_app
from potager.server.collector import collecting, serving
from potager.server.config import Settings
from tests.server.conftest import settings


class Node:
    """A cycle's link: only the collector frees it."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    """A dropped cycle of two nodes, as a weak reference to one of them."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_the_collector_is_off_while_serving_and_restored_after(tmp_path: Path) -> None:
    before = gc.get_threshold(), gc.isenabled()
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'potager.db'}"))) as client:
        assert client.get("/api/games").status_code == 200
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
    assert (gc.get_threshold(), gc.isenabled()) == before
    assert gc.get_freeze_count() == 0


def test_a_cycle_made_while_serving_waits_for_the_next_full_collection() -> None:
    async def serve() -> tuple[bool, bool]:
        with serving():
            task = asyncio.create_task(collecting(every=0.05))
            made = cycle()
            kept = [Node() for _ in range(100_000)]  # far past any young generation's threshold
            alive_at_once = made() is not None
            await asyncio.sleep(0.2)
            task.cancel()
            del kept
            return alive_at_once, made() is None

    assert asyncio.run(serve()) == (True, True)


def test_a_server_frees_the_cycles_made_while_it_serves(tmp_path: Path) -> None:
    every = dataclasses.replace(
        settings(f"sqlite:///{tmp_path / 'potager.db'}"), collect_every=0.05
    )
    with TestClient(create_app(every)) as client:
        made = cycle()
        assert made() is not None
        deadline = time.monotonic() + 5
        while made() is not None and time.monotonic() < deadline:
            assert client.get("/api/games").status_code == 200
            time.sleep(0.02)
        assert made() is None


@pytest.mark.parametrize("every", [0.0, -1.0])
def test_the_full_collections_need_a_positive_interval(every: float) -> None:
    with pytest.raises(ValueError, match="collect_every"):
        Settings(database_url="sqlite://", collect_every=every)
