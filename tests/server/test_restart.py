"""A real server process killed with SIGKILL mid-game loses no acknowledged move.

uvicorn runs in a subprocess on a free port over a temporary database (SQLite and PostgreSQL);
its bots think in its process pool. The test plays a seat over a real WebSocket, kills the
server, starts a new one on the same database, and finds every move it was told about.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from potager.server.spawn import spawn, stop
from tests.web.conftest import free_port

GAME = "heuschrecken-poker"


@contextmanager
def server(url: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    process = spawn(url, port, {"POTAGER_BOT_DELAY": "0", "POTAGER_BOT_WORKERS": "1"})
    try:
        yield process
    finally:
        stop(process)


class Seat:
    def __init__(self, socket: ClientConnection, seat: int, token: str) -> None:
        self.socket = socket
        self.socket.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []

    def next_state(self) -> dict[str, Any]:
        while True:
            message = json.loads(self.socket.recv(timeout=20))
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.log = (
                    message["events"] if message["log_reset"] else self.log + message["events"]
                )
                self.state = message
                return message

    def play(self, rng: random.Random, own_moves: int) -> None:
        """Make ``own_moves`` moves (or play to the end), waiting for each acknowledgement."""
        if not self.state:
            self.next_state()
        while own_moves and self.state["status"] != "finished":
            if not self.state["legal"]:
                self.next_state()
                continue
            version = self.state["version"]
            action = rng.choice(self.state["legal"])["action"]
            self.socket.send(json.dumps({"type": "act", "version": version, "action": action}))
            own_moves -= 1
            while not (self.state["version"] > version and self.state["last_mover"] == 0):
                self.next_state()


def test_a_killed_server_loses_no_acknowledged_move(db_url: str) -> None:
    port, rng = free_port(), random.Random(5)
    with server(db_url, port) as process:
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={
                "game": GAME,
                "players": 3,
                "seats": [
                    {"kind": "human"},
                    {"kind": "bot", "level": "heuristic"},
                    {"kind": "bot", "level": "random"},
                ],
            },
        ).json()
        me = created["you"]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{me['table_id']}") as socket:
            seat = Seat(socket, 0, me["token"])
            seat.play(rng, 6)
            seen, log = seat.state["version"], seat.log
            assert seen >= 6
        stop(process, signal.SIGKILL)  # the server and its bot workers
    with server(db_url, port):
        summary = httpx.get(f"http://127.0.0.1:{port}/api/tables/{me['table_id']}").json()
        assert summary["version"] >= seen and summary["status"] == "playing"
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{me['table_id']}") as socket:
            again = Seat(socket, 0, me["token"])
            again.next_state()
            assert again.log[: len(log)] == log
            again.play(rng, 10_000)
        assert again.state["status"] == "finished" and again.state["result"]["winners"]
        record = httpx.get(f"http://127.0.0.1:{port}/api/tables/{me['table_id']}/record").json()
        assert len(record["moves"]) == again.state["version"]
