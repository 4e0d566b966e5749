"""Drive one seat (or a spectator) over a table's WebSocket in tests."""

from __future__ import annotations

import random
from typing import Any

import httpx


class SeatDriver:
    """Keeps the latest state message and the seat's log; answers come in order."""

    def __init__(self, socket: Any, seat: int | None, token: str | None = None) -> None:
        self.socket = socket
        self.seat = seat
        self.token = token
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        socket.send_json({"type": "hello", "seat": seat, "token": token})

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        if message["type"] == "state":
            if message["log_reset"]:
                self.log = []
            self.log += message["events"]
            self.state = message
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def until_state(self) -> dict[str, Any]:
        while self.receive()["type"] != "state":
            pass
        return self.state

    def until_error(self) -> dict[str, Any]:
        while self.receive()["type"] != "error":
            pass
        return self.errors[-1]

    def until_acknowledged(self, version: int) -> dict[str, Any]:
        """Wait for the state that stores this seat's move made at ``version``."""
        while not (
            self.state["version"] > version
            and self.state["last_mover"] == self.seat
            and not self.state["last_stand_in"]
        ):
            self.until_state()
        return self.state

    @property
    def my_turn(self) -> bool:
        return bool(self.state.get("legal"))

    def act(self, action: int, version: int | None = None) -> None:
        v = self.state["version"] if version is None else version
        self.socket.send_json({"type": "act", "version": v, "action": action})

    def first_moves(self) -> dict[str, Any]:
        """Take the first legal action, then wait until the table is past version 2."""
        self.until_state()
        self.act(self.state["legal"][0]["action"])
        while self.state["version"] < 2:
            self.until_state()
        return self.state

    def play_to_end(self, rng: random.Random, limit: int = 5000) -> dict[str, Any]:
        """Random legal actions whenever it is this seat's turn, until the game is over."""
        if not self.state:
            self.until_state()
        for _ in range(limit):
            if self.state["status"] == "finished":
                return self.state
            if self.my_turn:
                version = self.state["version"]
                self.act(rng.choice(self.state["legal"])["action"])
                self.until_acknowledged(version)
            else:
                self.until_state()
        raise AssertionError("the game did not end")


def at_port(port: int) -> httpx.Client:
    """A client of the server process listening on ``port`` of this machine."""
    return httpx.Client(base_url=f"http://127.0.0.1:{port}")


def create(client: httpx.Client, game: str, seats: list[Any], **extra: Any) -> dict[str, Any]:
    """Create a table through ``client`` (a `TestClient`, or `at_port`'s for a server process);
    ``seats``: ``"human"`` or a bot level per seat."""
    body = {
        "game": game,
        "players": len(seats),
        "seats": [
            {"kind": "human"} if s == "human" else {"kind": "bot", "level": s} for s in seats
        ],
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created
