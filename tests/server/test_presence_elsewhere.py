"""A player who comes back through another server process has their seat back at once (issue
clocks with several processes): the owner used to notice only at its clocks' next look
(every second), while a player back through the owner itself took the seat back on their hello.
One process plays both parts here: it owns the table, and hears another process's presence
message as Redis would bring it; its clocks are never looked at during the test."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fastapi.testclient import TestClient

from potager.server import create_app
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.server.test_scaleout import redis_url
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]  # the fixture


def test_a_player_back_through_another_process_has_the_seat_back_at_once(
    tmp_path: Path, redis_url: str
) -> None:
    base = settings(f"sqlite:///{tmp_path / 'potager.db'}")
    base.clock_tick = 3600.0  # no look of the clocks while the test runs
    with TestClient(create_app(replace(base, redis_url=redis_url))) as client:
        created = create(client, TOY_GAME.name, ["human", "human"], speed="real_time")
        table_id = created["table"]["id"]
        client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            ada = SeatDriver(socket, 0, created["you"]["token"])
            while ada.until_state()["status"] != "playing":
                pass
            manager = client.app.state.manager  # type: ignore[attr-defined]
            live = manager.tables.live[table_id]
            assert live.owned and live.clock is not None
            bob = live.clock.seats[1]
            bob.absent, bob.stand_in, bob.timeouts = True, True, 3
            manager.tables.actor(live).hear(
                {"kind": "presence", "from": "another", "seats": [1], "spectators": 0}
            )
            assert (bob.absent, bob.stand_in, bob.timeouts) == (False, False, 0)
            assert live.connected(1)
            # Still connected there, out of time again: another presence (a spectator came)
            # is not a return.
            bob.absent, bob.timeouts = True, 3
            manager.tables.actor(live).hear(
                {"kind": "presence", "from": "another", "seats": [1], "spectators": 1}
            )
            assert (bob.absent, bob.timeouts) == (True, 3)
