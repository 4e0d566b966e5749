"""``potager serve --log-level`` (``POTAGER_LOG_LEVEL``): at ``info`` the server logs every
request and every socket it opens; at ``warning`` none of them, only what goes wrong (
those lines were a fifth of the CPU to set a table up, and the load bench serves at
``warning``)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from potager.server.spawn import spawn, stop
from tests.web.conftest import free_port


def _set_up_a_table(port: int) -> None:
    """Create a table of two people and open its first seat's socket (hello answered)."""
    body = {"game": "heuschrecken-poker", "players": 2, "seats": [{"kind": "human"}] * 2}
    created = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body, timeout=10).json()
    hello = {"type": "hello", "seat": 0, "token": created["you"]["token"]}
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{created['table']['id']}") as socket:
        socket.send(json.dumps(hello))
        assert json.loads(socket.recv(timeout=20))["type"] == "state"


@pytest.mark.parametrize("level", ["info", "warning"])
def test_the_log_level_decides_whether_requests_and_sockets_are_logged(
    tmp_path: Path, level: str
) -> None:
    port, log = free_port(), tmp_path / "server.log"
    url = f"sqlite:///{tmp_path / 'p.db'}"
    process = spawn(url, port, {"POTAGER_LOG_LEVEL": level}, log=log)
    try:
        _set_up_a_table(port)
    finally:
        stop(process)
    lines = log.read_text()
    said = ['"POST /api/tables HTTP/1.1" 201', '"WebSocket /ws/tables/', "connection open"]
    if level == "info":
        assert all(line in lines for line in said), lines
    else:
        assert not any(line in lines for line in said), lines
        assert "Potager is served at" in lines  # printed, not logged
