"""The "rated" badge tells the truth: a table created rated is said rated (its
summary, its presence messages) only while every seat taken is held by a different player with an
identity, as the end's rating (`potager.store.players.rate_finished`) requires. It used to say
"rated" for a table a person without an identity had joined, whose end then rated nobody."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.driver import SeatDriver
from tests.server.test_identity import bearer, new_player, table_for
from tests.toy import GAME as TOY_GAME


def summary(client: TestClient, grant: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{grant['table_id']}").json()
    return found


def test_a_table_joined_without_an_identity_is_not_said_rated(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    both, _ = table_for(client, ada, bob)
    assert summary(client, both)["rated"]
    anonymous, _ = table_for(client, ada, None)
    assert not summary(client, anonymous)["rated"]
    made = client.post(
        "/api/tables",
        json={"game": TOY_GAME.name, "players": 2, "seats": [{"kind": "human"}] * 2},
        headers=bearer(ada),
    ).json()
    assert made["table"]["rated"]  # Ada alone so far: the open seat may yet take a player
    twice = client.post(
        f"/api/tables/{made['table']['id']}/join", json={"name": "Ada 2"}, headers=bearer(ada)
    )
    assert twice.status_code == 200 and not summary(client, made["you"])["rated"]


def test_the_presence_message_says_whether_the_table_is_rated(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    made = client.post(
        "/api/tables",
        json={"game": TOY_GAME.name, "players": 2, "seats": [{"kind": "human"}] * 2},
        headers=bearer(ada),
    ).json()
    table_id = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        driver = SeatDriver(socket, 0, made["you"]["token"])
        driver.until_state()
        client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
        while (message := driver.receive())["type"] != "presence" or not message["seats"][1][
            "taken"
        ]:
            pass
    assert message["rated"] is False
