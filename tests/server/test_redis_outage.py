"""Redis stopped under a server that shares its tables through it: every answer is a 503 or an
``unavailable`` refusal, never a 500, nothing changes, and the server recovers by itself once
Redis is back. A private Redis of the test's own (`potager.store.localredis`), so that stopping
it disturbs no other test."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from fastapi.testclient import TestClient

from bench.server_load import free_port
from potager.server import create_app
from potager.store import localredis
from tests.server.conftest import settings
from tests.toy import GAME as TOY_GAME

BODY = {"game": TOY_GAME.name, "players": 2, "seats": [{"kind": "human"}] * 2}


def test_redis_down_answers_503_changes_nothing_and_recovers(tmp_path: Path) -> None:
    port = free_port()
    redis = localredis.start(tmp_path / "redis", port)
    app = create_app(
        replace(settings(f"sqlite:///{tmp_path / 'p.db'}"), redis_url=redis, handoff=False)
    )
    try:
        with TestClient(app) as client:
            first = client.post("/api/tables", json=BODY)
            assert first.status_code == 201, first.text
            listed = len(client.get("/api/tables?status=open").json())
            localredis.stop(port)
            for _ in range(3):
                down = client.post("/api/tables", json=BODY)
                assert down.status_code == 503, down.text
                assert "unavailable" in down.text
            assert len(client.get("/api/tables?status=open").json()) == listed
            localredis.start(tmp_path / "redis", port)
            deadline = time.monotonic() + 20
            while (back := client.post("/api/tables", json=BODY)).status_code != 201:
                assert back.status_code == 503 and time.monotonic() < deadline, back.text
                time.sleep(0.2)
            assert len(client.get("/api/tables?status=open").json()) == listed + 1
    finally:
        localredis.stop(port)
