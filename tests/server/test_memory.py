"""What a busy server keeps: finished tables evicted, replays built once, presence coalesced."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from potager.server import create_app, replays
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


@pytest.fixture
def small(tmp_path: Path) -> Iterator[TestClient]:
    config = settings(f"sqlite:///{tmp_path / 'potager.db'}")
    config.finished_cache = 2
    with TestClient(create_app(config)) as client:
        yield client


def finish(client: httpx.Client, table_id: str) -> dict[str, Any]:
    for _ in range(500):
        summary: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.02)
    raise AssertionError("the bots did not finish")


def test_finished_tables_leave_memory_and_come_back_on_demand(small: TestClient) -> None:
    manager = small.app.state.manager  # type: ignore[attr-defined]
    ids = [create(small, TOY, ["random", "random"])["table"]["id"] for _ in range(5)]
    results = [finish(small, t)["result"] for t in ids]
    assert not manager.tables.live and len(manager.tables.finished) <= 2
    again = [small.get(f"/api/tables/{t}").json() for t in ids]
    assert [a["result"] for a in again] == results
    assert len(manager.tables.finished) <= 2


def test_a_replay_is_built_once_however_many_ask(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = []
    frames = replays.frames

    def counted(*args: Any) -> Any:
        built.append(args[1])
        time.sleep(0.2)
        return frames(*args)

    monkeypatch.setattr(replays, "frames", counted)
    table_id = create(client, TOY, ["random", "random"])["table"]["id"]
    finish(client, table_id)
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: client.get(f"/api/tables/{table_id}/replay"), range(8)))
    assert {a.status_code for a in answers} == {200}
    assert len({a.content for a in answers}) == 1
    assert built == [None]
    one = client.get(f"/api/tables/{table_id}/replay?seat=1").json()
    assert built == [None, 1] and one["seat"] == 1 and one["frames"][0]["ply"] == 0


def test_presence_is_coalesced_when_many_come_at_once(client: TestClient) -> None:
    client.app.state.manager.announce.presence_delay = 1.0  # type: ignore[attr-defined]
    table_id = create(client, TOY, ["human", "random"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as first_socket:
        first = SeatDriver(first_socket, None)
        first.until_state()
        others = [client.websocket_connect(f"/ws/tables/{table_id}") for _ in range(30)]
        for other in others:
            SeatDriver(other.__enter__(), None).until_state()
        presences = 0
        while True:
            message = first.receive()
            presences += message["type"] == "presence"
            if message["type"] == "presence" and message["spectators"] == 31:
                break
        for other in others:
            other.__exit__(None, None, None)
    assert presences <= 3


def test_a_replay_is_built_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a replay's frames are being built, other requests are answered (built on the
    event loop, one replay held every request up)."""
    building, done, order = threading.Event(), threading.Event(), []
    frames = replays.frames

    def held(*args: Any) -> Any:
        building.set()
        done.wait(10)  # until the other request is answered, if it can be meanwhile
        order.append("replay built")
        return frames(*args)

    monkeypatch.setattr(replays, "frames", held)
    table_id = create(client, TOY, ["random", "random"])["table"]["id"]
    finish(client, table_id)
    with ThreadPoolExecutor(1) as pool:
        replay = pool.submit(client.get, f"/api/tables/{table_id}/replay")
        assert building.wait(10)
        assert client.get("/api/games").status_code == 200
        order.append("other answered")
        done.set()
        assert replay.result().status_code == 200
    assert order == ["other answered", "replay built"]


def test_eviction_drops_the_oldest_unwatched_and_keeps_the_watched(small: TestClient) -> None:
    manager = small.app.state.manager  # type: ignore[attr-defined]
    watched = {"t1", "t3"}
    for name in ("t0", "t1", "t2", "t3", "t4"):
        held = SimpleNamespace(connections=[object()] if name in watched else [])
        manager.tables.finished[name] = held
    manager.tables.evict()  # the cache holds 2: three go, the oldest unwatched
    assert list(manager.tables.finished) == ["t1", "t3"]
    manager.tables.evict()  # nothing past the cache: nothing goes
    assert list(manager.tables.finished) == ["t1", "t3"]
    manager.tables.finished.clear()
