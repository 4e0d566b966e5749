"""A server process that missed another's message about a table finds out.

With several processes, a table's mirror learns of each stored move from the owner's message
through Redis; a message lost (Redis reconnecting, a failed publish) used to leave the mirror
and its sockets at the old version until the table's next move. Each sweep now compares the
mirrors with the store, and one still behind what the store held at the last look is read again.
One process plays both parts here: its table is made a mirror and the owner's move is written to
the store directly, with no message.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from potager.server import cluster, create_app
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.server.test_scaleout import redis_url
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]  # the fixture


def test_a_mirror_that_missed_a_move_reads_it_again(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "SWEEP", 3600.0)  # the looks are the test's own
    base = settings(f"sqlite:///{tmp_path / 'potager.db'}")
    with TestClient(create_app(replace(base, redis_url=redis_url))) as client:
        created = create(client, TOY_GAME.name, ["human", "human"], name="Ada")
        table_id = created["table"]["id"]
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as ada_socket,
            client.websocket_connect(f"/ws/tables/{table_id}") as bob_socket,
        ):
            ada = SeatDriver(ada_socket, 0, created["you"]["token"])
            bob = SeatDriver(bob_socket, 1, created["invites"][0]["token"])
            while bob.until_state()["status"] != "playing":
                pass
            manager = client.app.state.manager  # type: ignore[attr-defined]
            live = manager.tables.live[table_id]
            live.owned = False  # another process owns it now
            seat = live.state.to_move[0]
            action = live.state.legal_actions(seat)[0]
            notation = live.state.action_to_str(action)
            manager.store.append_move(table_id, 0, seat, action, notation, status="playing")

            looks, portal = manager.peers, client.portal
            assert portal is not None
            assert portal.call(looks.catch_up) == []  # its message may be on its way
            assert live.version == 0
            assert portal.call(looks.catch_up) == [table_id]
            for driver in (ada, bob):
                while driver.state.get("version", -1) < 1:
                    driver.until_state()
                assert driver.state["last_mover"] == seat
            assert live.version == 1 and live.state.moves == [(seat, action)]
            assert portal.call(looks.catch_up) == []


def test_a_new_table_is_claimed_before_it_is_stored(tmp_path: Path, redis_url: str) -> None:
    """Another process's sweep claims every unfinished table of the store that nobody owns, so
    a table stored before its opener claimed it could be taken by a sweep in between while the
    opener believed it its own: two writers of one table (seen under the load bench
    with two processes). The opener's claim is in Redis before the table is in the store."""
    base = settings(f"sqlite:///{tmp_path / 'potager.db'}")
    with TestClient(create_app(replace(base, redis_url=redis_url))) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        portal, leases = client.portal, manager.cluster.leases
        assert portal is not None
        owners: list[str | None] = []
        write = manager.store.create_table

        def create_table(info: Any) -> None:  # in the database thread
            owners.append(portal.call(leases.owner, info.id))
            write(info)

        manager.store.create_table = create_table
        created = create(client, TOY_GAME.name, ["human", "human"], name="Ada")
        assert owners == [manager.cluster.me]
        assert manager.tables.live[created["table"]["id"]].owned
