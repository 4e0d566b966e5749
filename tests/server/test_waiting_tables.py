"""Tables waiting for players (audit, `potager.server.clocks`): one whose seated people
have all been away for the away time leaves the lobby's open tables (its invite link still
opens it, and it is back in the list when one of them returns); one left waiting
`WAITING_LIMIT` is ended unstarted. Time is injected (`FakeTime`, as in test_clocks)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from potager.server import create_app
from potager.server.speeds import SPEEDS, WAITING_LIMIT
from tests.server.driver import SeatDriver, create
from tests.server.test_clocks import FakeTime, clocked, settled, table
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name
MINUTE = 60.0


@pytest.fixture
def time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(tmp_path: Path, time: FakeTime) -> Iterator[TestClient]:
    with TestClient(create_app(clocked(f"sqlite:///{tmp_path / 'p.db'}", time))) as c:
        yield c


def open_ids(client: TestClient) -> set[str]:
    return {t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()}


def looked(client: TestClient) -> None:
    """One look of the clocks, now (they also look every hundredth of a second by themselves)."""
    app = client.app
    assert isinstance(app, FastAPI) and client.portal is not None  # inside the client's `with`
    client.portal.call(app.state.manager.look)


@pytest.mark.parametrize(("speed", "away"), [("none", 30 * MINUTE), ("real_time", 10 * MINUTE)])
def test_a_table_nobody_waits_at_leaves_the_open_tables_until_somebody_returns(
    client: TestClient, time: FakeTime, speed: str, away: float
) -> None:
    assert SPEEDS[speed].away == away
    created = create(client, TOY, ["human", "human"], name="Ada", speed=speed)
    table_id, ada = created["table"]["id"], created["you"]
    looked(client)
    time.now += away - MINUTE
    looked(client)
    assert table_id in open_ids(client)
    time.now += MINUTE
    looked(client)
    assert table_id not in open_ids(client)
    assert table(client, table_id)["status"] == "waiting"  # its invite link still opens it

    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        settled(SeatDriver(ws, 0, ada["token"]))
        assert table_id in open_ids(client)  # Ada is back: listed again
    looked(client)
    time.now += away
    looked(client)
    assert table_id not in open_ids(client)


def test_a_table_left_waiting_for_a_day_is_ended_unstarted(
    client: TestClient, time: FakeTime
) -> None:
    left = create(client, TOY, ["human", "human"], name="Ada")["table"]["id"]
    attended = create(client, TOY, ["human", "human"], name="Bea")
    looked(client)
    with client.websocket_connect(f"/ws/tables/{attended['table']['id']}") as ws:
        settled(SeatDriver(ws, 0, attended["you"]["token"]))
        time.now += WAITING_LIMIT
        looked(client)
        ending = table(client, left)["ending"]
        assert ending["reason"] == "unstarted" and ending["by"] is None
        assert table(client, left)["result"] is None
        looked(client)
        assert table(client, attended["table"]["id"])["status"] == "waiting"  # Bea is there
    finished = {t["id"] for t in client.get("/api/tables", params={"status": "finished"}).json()}
    assert left in finished and left not in open_ids(client)
