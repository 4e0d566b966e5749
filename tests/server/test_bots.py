"""The bot workers: shared fairly between owners, and stopped at once even mid-thought."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from potager.server import bots, create_app
from potager.server.bots import BotPool, FairGate
from potager.store import Store
from tests.server.conftest import LIFTED, settings
from tests.server.driver import create
from tests.server.test_limits import listening
from tests.server.test_memory import finish
from tests.toy import GAME as TOY_GAME


def test_one_owner_with_many_jobs_does_not_starve_another() -> None:
    async def scenario() -> list[str]:
        gate, started = FairGate(1), []

        async def job(name: str) -> None:
            async def work() -> None:
                started.append(name)
                await asyncio.sleep(0.01)

            await gate.run(name[0], work)

        tasks = [asyncio.create_task(job(f"a{i}")) for i in range(5)]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(job("b0")))
        await asyncio.gather(*tasks)
        return started

    started = asyncio.run(scenario())
    # First come first served would run b0 last; in turn, it runs after one more of a's.
    assert started.index("b0") == 2
    assert sorted(started) == ["a0", "a1", "a2", "a3", "a4", "b0"]


def test_a_cancelled_waiter_gives_its_turn_on() -> None:
    async def scenario() -> list[str]:
        gate, started = FairGate(1), []
        release = asyncio.Event()

        async def hold() -> None:
            started.append("holder")
            await release.wait()

        async def quick(name: str) -> None:
            async def work() -> None:
                started.append(name)

            await gate.run(name, work)

        holder = asyncio.create_task(gate.run("h", hold))
        await asyncio.sleep(0)
        doomed, after = asyncio.create_task(quick("x")), asyncio.create_task(quick("y"))
        await asyncio.sleep(0)
        doomed.cancel()
        release.set()
        await asyncio.gather(holder, after)
        return started

    assert asyncio.run(scenario()) == ["holder", "y"]


def test_closing_stops_a_worker_in_the_middle_of_a_decision() -> None:
    """Closing the pool ends a worker that is 60 s into a decision: it is gone long before the
    decision could have finished (the join waits at most 10 s; no duration is asserted)."""

    async def scenario() -> None:
        pool = BotPool("process", 1, 60)
        thinking = asyncio.ensure_future(pool.run("owner", time.sleep, 60))
        await asyncio.sleep(1.5)  # the worker has started and is deep in thought
        processes = list(pool._executor._processes.values())  # type: ignore[attr-defined]
        assert processes and all(p.is_alive() for p in processes)
        pool.close()
        for process in processes:
            process.join(10)
        assert not any(p.is_alive() for p in processes)
        thinking.cancel()

    asyncio.run(scenario())


def test_the_server_stops_cleanly_while_its_bots_think(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The server stops while both bots of a table are deep in thought, with nothing
    raised or logged as an error and nothing half-written; started again, it plays on."""
    thinking, release, order = threading.Semaphore(0), threading.Event(), []
    choose = bots.choose

    def deep(*args: Any) -> int:
        thinking.release()
        release.wait(10)  # until the server has stopped, unless it waits for its bots
        order.append("thought")
        return choose(*args)

    monkeypatch.setattr(bots, "choose", deep)
    url = f"sqlite:///{tmp_path / 'potager.db'}"
    with caplog.at_level(logging.WARNING), TestClient(create_app(settings(url))) as client:
        table_id = create(client, TOY_GAME.name, ["random", "random"])["table"]["id"]
        assert thinking.acquire(timeout=10) and thinking.acquire(timeout=10)
    order.append("stopped")
    release.set()
    assert order[0] == "stopped", "the server waited for its bots to finish thinking"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    store = Store(url)
    stored = store.table(table_id)
    store.close()
    assert stored is not None and (stored.status, stored.version) == ("playing", 0)
    monkeypatch.setattr(bots, "choose", choose)
    with TestClient(create_app(settings(url))) as client:
        assert finish(client, table_id)["result"] is not None


def test_one_client_s_bot_tables_do_not_starve_another_client_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One anonymous client's all-bot tables starved every other table's bots. The
    pool's two workers are held while one client (127.0.0.1) opens four all-bot tables and
    another (127.0.0.2) one: the other's bots think third or fourth, not after the eight
    decisions queued before them (the gate's owner is the client who opened the table)."""
    opened, order = threading.Event(), []
    choose = bots.choose

    def recorded(game: str, level: str, *rest: Any) -> int:
        order.append(level)
        if len(order) <= 2:
            opened.wait(10)  # both workers held until every table is open
        return choose(game, "random", *rest)

    monkeypatch.setattr(bots, "choose", recorded)
    with listening(tmp_path, LIFTED) as port:
        base = f"http://127.0.0.1:{port}"
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with (
            httpx.Client(base_url=base) as one,
            httpx.Client(base_url=base, transport=other) as two,
        ):
            tables = [create(one, TOY_GAME.name, ["random", "random"]) for _ in range(4)]
            tables.append(create(two, TOY_GAME.name, ["ismcts", "ismcts"]))
            opened.set()
            for table in tables:
                assert finish(one, table["table"]["id"])["result"] is not None
    assert order[:2] == ["random", "random"]
    assert order.index("ismcts") <= 3, order
