"""The lobby's list of tables: a table not held in this process is listed from its
stored row, without being read and replayed, and says what the table itself says."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from potager.server import create_app
from potager.server.live import token_hash
from potager.store import SeatInfo, TableInfo
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.server.test_scaleout import redis_url
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]  # the fixture


def test_a_finished_table_is_listed_from_the_store_as_it_is(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'potager.db'}"
    with TestClient(create_app(settings(url))) as client:
        created = create(client, TOY_GAME.name, ["human", "random"], name="Ada")
        table_id = created["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            SeatDriver(socket, 0, created["you"]["token"]).play_to_end(random.Random(5))
    with TestClient(create_app(settings(url))) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        [listed] = client.get("/api/tables?status=finished").json()
        assert table_id not in manager.tables.finished  # listed without being rebuilt
        table = client.get(f"/api/tables/{table_id}").json()  # rebuilt by replay
        assert listed == table and listed["result"] is not None


def test_a_table_of_another_process_is_listed_without_being_loaded(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = settings(f"sqlite:///{tmp_path / 'potager.db'}")
    with TestClient(create_app(replace(base, redis_url=redis_url))) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        state = TOY_GAME.new_game(2, 7, None)
        seats = [SeatInfo(0, "human", None, "Ada", token_hash("t"), True), SeatInfo(1, "human")]
        # What another server process does when Ada opens a table there: only the store knows.
        info = TableInfo("elsewhere", TOY_GAME.name, 2, state.variant, state.seed, seats=seats)
        manager.store.create_table(info)

        async def not_loaded(table_id: str) -> None:
            raise AssertionError(f"table {table_id} was loaded")

        # (The cluster's sweeps may claim an ownerless table: they find it refused here.)
        monkeypatch.setattr(manager, "table", not_loaded)
        [listed] = client.get("/api/tables?status=open").json()
        assert (listed["id"], listed["open_seats"], listed["version"]) == ("elsewhere", [1], 0)
        assert [s["name"] for s in listed["seats"]] == ["Ada", ""]
