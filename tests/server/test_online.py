"""Who is online: the named players seen lately, by a request with their token or a socket of
their seat, whichever server process saw them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from potager.server import create_app, online
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.server.test_scaleout import redis_url
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]  # the fixture


class Clock:
    """The time the server reads, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def bearer(player: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


def new_player(client: TestClient, name: str) -> dict[str, Any]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    player: dict[str, Any] = made.json()
    return player


def listed(client: TestClient, player: dict[str, Any] | None = None) -> dict[str, Any]:
    found = client.get("/api/online", headers=bearer(player) if player else {})
    assert found.status_code == 200, found.text
    answer: dict[str, Any] = found.json()
    return answer


def names(answer: dict[str, Any]) -> list[tuple[str, bool, bool]]:
    return [(p["name"], p["at_table"], p["you"]) for p in answer["players"]]


def flush(client: TestClient) -> None:
    """Write this process's marks now (the server does every `online.FLUSH` seconds)."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(manager.online.flush, online.seated(manager.tables.live.values()))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    base = replace(settings(f"sqlite:///{tmp_path / 'potager.db'}"), clock_now=clock)
    with TestClient(create_app(base)) as found:
        yield found


def test_a_player_who_asks_is_online_and_listed_first(client: TestClient, clock: Clock) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "bob")
    assert listed(client) == {"players": [], "count": 0}
    assert names(listed(client, ada)) == [("Ada", False, True)]
    flush(client)
    clock.now += 2  # past the kept read
    assert names(listed(client, bob)) == [("bob", False, True), ("Ada", False, False)]
    assert names(listed(client)) == [("Ada", False, False), ("bob", False, False)]
    assert listed(client)["count"] == 2


def test_a_player_marked_a_bot_is_listed_as_a_bot(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    robo = client.post("/api/players", json={"name": "Robo", "bot": True}).json()
    listed(client, robo)
    found = {p["name"]: p["bot"] for p in listed(client, ada)["players"]}
    assert found == {"Ada": False, "Robo": True}


def test_a_player_seen_long_ago_is_not_online(client: TestClient, clock: Clock) -> None:
    ada = new_player(client, "Ada")
    listed(client, ada)
    flush(client)
    clock.now += online.RECENT - 1
    assert names(listed(client)) == [("Ada", False, False)]
    clock.now += 2
    flush(client)
    assert listed(client) == {"players": [], "count": 0}


def test_a_seat_socket_keeps_its_player_online_at_a_table(client: TestClient, clock: Clock) -> None:
    """Ada's socket is open at her table: she is at a table at every flush, however long ago
    she last asked anything; a seat without a player (no token given) is nobody's."""
    ada = new_player(client, "Ada")
    made = client.post(
        "/api/tables",
        json={
            "game": TOY_GAME.name,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "name": "Ada",
        },
        headers=bearer(ada),
    )
    assert made.status_code == 201, made.text
    grant = made.json()["you"]
    anonymous = create(client, TOY_GAME.name, ["human", "random"], name="Cy")["you"]
    with ExitStack() as stack:
        for seat in (grant, anonymous):
            socket = stack.enter_context(client.websocket_connect(f"/ws/tables/{seat['table_id']}"))
            SeatDriver(socket, seat["seat"], seat["token"]).until_state()
        flush(client)  # her requests' marks
        clock.now += online.RECENT * 3
        flush(client)
        assert names(listed(client)) == [("Ada", True, False)]
    clock.now += online.RECENT + 1
    flush(client)
    assert listed(client)["count"] == 0


def test_a_player_seen_by_one_process_is_online_in_the_other(
    tmp_path: Path, redis_url: str, clock: Clock
) -> None:
    """Two processes of one database and one Redis: Ada asks the first, Bob the second; once
    each has written its marks, each lists both."""
    base = replace(
        settings(f"sqlite:///{tmp_path / 'potager.db'}"), clock_now=clock, redis_url=redis_url
    )
    with TestClient(create_app(base)) as first, TestClient(create_app(base)) as second:
        ada, bob = new_player(first, "Ada"), new_player(second, "Bob")
        listed(first, ada)
        listed(second, bob)
        flush(first)
        flush(second)
        clock.now += 2
        for client in (first, second):
            assert names(listed(client)) == [("Ada", False, False), ("Bob", False, False)]
        clock.now += online.RECENT
        flush(first)
        assert listed(second)["count"] == 0
