"""The protocol fuzz of `bench.fuzz` in-process, on a few thousand generated bodies and messages
(``make fuzz`` runs 100,000 against ``potager serve``): no 5xx, no crash, no refusal that
echoes what was sent, and nothing changed by a refusal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bench.fuzz import LIFTED, Lobby, Table, Tally, fuzz_http, fuzz_socket
from potager.server import create_app
from potager.server.config import Limits
from tests.server.conftest import settings
from tests.toy import GAME as TOY_GAME


class TestSocket:
    """A TestClient socket as `bench.fuzz.Socket`."""

    __test__ = False

    def __init__(self, session: Any) -> None:
        self.session = session

    def send(self, text: str) -> None:
        self.session.send_text(text)

    def recv(self) -> str:
        text: str = self.session.receive_text()
        return text


def test_generated_bodies_and_messages_break_no_promise(tmp_path: Path) -> None:
    tally = Tally()
    database = tmp_path / "fuzz.db"
    app = create_app(settings(f"sqlite:///{database}", Limits.from_env(LIFTED)))
    with TestClient(app) as client:
        sessions: list[Any] = []

        def connect(table_id: str) -> TestSocket:
            for old in sessions:
                old.__exit__(None, None, None)
            sessions[:] = [client.websocket_connect(f"/ws/tables/{table_id}").__enter__()]
            return TestSocket(sessions[0])

        table = Table(client, TOY_GAME.name, connect)
        lobby = Lobby(client, database)
        fuzz_http(lobby, tally, table, {TOY_GAME.name: 2}, 600)
        fuzz_socket(tally, table, 1400)
        lobby.close()
        for session in sessions:
            session.__exit__(None, None, None)
    assert tally.clean, "\n".join(tally.broken)
    assert tally.counts["http"] == 600 and tally.counts["messages"] == 1400
    assert tally.counts["moves"] > 0, "legal moves are among the generated messages"
    assert tally.counts["http accepted"] > 0, "whole tables are among the generated bodies"
