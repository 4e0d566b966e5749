"""A player's seats across devices ("a player may add a password ... to use it on
another device"): signed in elsewhere, the player's token lists its seats in the "your turn"
answer and opens them at the table, only while the player holds them; a seat given up or taken
by another refuses it at once, and the wrong token reads as any wrong seat token."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from potager.server.live import token_hash
from potager.store import SeatInfo, Store, TableInfo, TableStatus
from potager.store.players import Players
from tests.server.driver import SeatDriver
from tests.server.test_identity import PASSWORD, bearer, cheap_hashing, new_player, table_for
from tests.toy import GAME as TOY_GAME

__all__ = ["cheap_hashing"]

BID_1 = 0


def elsewhere(client: TestClient, name: str) -> dict[str, Any]:
    """``name``'s identity on a second device: a password added on the first, then signed in."""
    first = new_player(client, name)
    added = client.post(
        "/api/players/me/password", json={"password": PASSWORD}, headers=bearer(first)
    )
    assert added.status_code == 200, added.text
    signed = client.post("/api/players/sign-in", json={"name": name, "password": PASSWORD})
    assert signed.status_code == 200, signed.text
    return {"first": first, "second": signed.json()}


def turns(client: TestClient, player: dict[str, Any]) -> dict[str, Any]:
    answer = client.post("/api/turns", json={}, headers=bearer(player))
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def yours(client: TestClient, player: dict[str, Any]) -> list[tuple[str, int]]:
    return [(s["table_id"], s["seat"]) for s in turns(client, player)["yours"]]


def refused(client: TestClient, table_id: str, seat: int, token: str) -> dict[str, Any]:
    """The error a hello for ``seat`` with ``token`` gets (the socket is closed after it)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": seat, "token": token})
        error: dict[str, Any] = ws.receive_json()
    return error


def test_a_player_signed_in_elsewhere_finds_and_plays_its_seats(client: TestClient) -> None:
    ada, bob = elsewhere(client, "Ada"), new_player(client, "Bob")
    mine, _ = table_for(client, ada["first"], bob)
    table = mine["table_id"]
    phone = ada["second"]["token"]

    answer = turns(client, ada["second"])
    assert [(s["table_id"], s["seat"], s["status"]) for s in answer["yours"]] == [
        (table, 0, "playing")
    ]
    assert [(t["table_id"], t["seat"]) for t in answer["waiting"]] == [(table, 0)]
    assert yours(client, bob) == [(table, 1)]  # each player its own seats, never another's

    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        seat = SeatDriver(ws, 0, phone)
        version = seat.until_state()["version"]
        assert seat.state["legal"]
        seat.act(BID_1)
        seat.until_acknowledged(version)
    assert not turns(client, ada["second"])["waiting"]
    named = client.post(
        f"/api/tables/{table}/name", json={"seat": 0, "token": phone, "name": "Ada L."}
    )
    assert named.status_code == 200, named.text

    wrong = {"type": "error", "code": "forbidden", "message": "wrong seat token", "version": None}
    assert refused(client, table, 1, phone) == wrong  # Bob's seat
    assert refused(client, table, 0, bob["token"]) == wrong
    assert refused(client, table, 0, "x" * 32) == wrong
    other = client.post(f"/api/tables/{table}/leave", json={"seat": 1, "token": phone})
    assert other.status_code == 403 and other.json() == {"detail": "wrong seat token"}


def test_a_seat_given_up_or_taken_by_another_refuses_the_player_token_at_once(
    client: TestClient,
) -> None:
    ada, bob = elsewhere(client, "Ada"), new_player(client, "Bob")
    mine, _ = table_for(client, ada["first"], bob)
    table, phone = mine["table_id"], ada["second"]["token"]

    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        seat = SeatDriver(ws, 0, phone)
        seat.until_state()
        body = {"seat": 0, "token": mine["token"]}  # the first device gives the seat up
        assert client.post(f"/api/tables/{table}/leave", json=body).status_code == 200
        assert seat.until_error()["message"] == "this seat was given up"
        try:
            while True:
                seat.receive()
        except WebSocketDisconnect as closed:
            assert closed.code == 4403
    assert refused(client, table, 0, phone)["message"] == "wrong seat token"
    assert yours(client, ada["second"]) == []

    carol = new_player(client, "Carol")
    joined = client.post(
        f"/api/tables/{table}/join", json={"seat": 0, "name": "Carol"}, headers=bearer(carol)
    )
    assert joined.status_code == 200, joined.text
    assert refused(client, table, 0, phone)["message"] == "wrong seat token"
    assert yours(client, carol) == [(table, 0)] and yours(client, ada["second"]) == []


def test_a_seat_named_for_another_player_leaves_the_first_player_at_once(
    client: TestClient,
) -> None:
    """The seat's token unchanged (an invite link passed on), its player changed: the first
    player's connections opened by its player token speak for nobody from then on."""
    ada, bob = elsewhere(client, "Ada"), new_player(client, "Bob")
    mine, _ = table_for(client, ada["first"], None)
    table = mine["table_id"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        seat = SeatDriver(ws, 0, ada["second"]["token"])
        seat.until_state()
        body = {"seat": 0, "token": mine["token"], "name": "Robert"}
        named = client.post(f"/api/tables/{table}/name", json=body, headers=bearer(bob))
        assert named.status_code == 200, named.text
        assert seat.until_error()["message"] == "this seat was given up"
    assert yours(client, bob) == [(table, 0)] and yours(client, ada["second"]) == []


def test_the_store_finds_a_players_seats_at_unfinished_tables_on_each_backend(
    db_url: str,
) -> None:
    store = Store(db_url)
    store.upgrade()
    players = Players(store)
    players.create("ada", "Ada", token_hash("ada"))
    tables: list[tuple[str, TableStatus, bool]] = [
        ("playing", "playing", True),
        ("waiting", "waiting", True),
        ("done", "finished", True),
        ("left", "waiting", False),
    ]
    for table_id, status, taken in tables:
        seats = [
            SeatInfo(0, "human", None, "Ada", "a", taken, "ada"),
            SeatInfo(1, "bot", "random", "random bot"),
        ]
        store.create_table(TableInfo(table_id, TOY_GAME.name, 2, {}, 1, status=status, seats=seats))
    assert sorted(players.seated_at("ada", 10)) == ["playing", "waiting"]
    assert len(players.seated_at("ada", 1)) == 1 and players.seated_at("bob", 10) == []
    store.close()
