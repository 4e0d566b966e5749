"""The lobby API and WebSocket play, with the toy game (and every real game that is installed)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from potager import agents, games
from potager.engine import PRIVATE_TO, GameRecord, SeatHolder
from potager.server import create_app
from potager.server.manager import available_games
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME
from tests.toy import KEEP

TOY = TOY_GAME.name
REAL_GAMES = [g.name for g in available_games()]


def connect(client: TestClient, table_id: str, seat: int | None, token: str | None = None):  # type: ignore[no-untyped-def]
    return client.websocket_connect(f"/ws/tables/{table_id}")


def test_games_lists_every_installed_game(client: TestClient) -> None:
    found = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(found) == {TOY, *REAL_GAMES}
    toy = found[TOY]
    assert (toy["min_players"], toy["max_players"], toy["levels"][0]) == (2, 4, "random")
    assert toy["variants"] == [
        {"name": "cards", "values": [4, 6], "default": 4, "doc": "fruits for sale"},
        {
            "name": "bonus",
            "values": [False, True],
            "default": False,
            "doc": "1 point for winning any fruit",
        },
    ]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"game": "chess"}, 422, "unknown game 'chess'"),
        ({"players": 5}, 422, "2 to 4 players, not 5"),
        ({"variant": {"cards": 5}}, 422, "takes one of 4, 6"),
        ({"seats": [{"kind": "human"}]}, 422, "2 players need 2 seats"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "level": "god"}]}, 422, "unknown bot level"),
        ({"seats": [{"kind": "human"}, {"kind": "bot"}]}, 422, "a bot seat needs a level"),
        (
            {"seats": [{"kind": "human"}, {"kind": "bot", "level": "policy:none.npz"}]},
            422,
            "unknown bot level 'policy:none.npz'",
        ),
        ({"seat": 1}, 422, "seat 1 is not a human seat"),
        ({"seed": 7}, 422, "Extra inputs are not permitted"),
    ],
)
def test_create_refuses_bad_tables(
    client: TestClient, body: dict, status: int, message: str
) -> None:
    request = {
        "game": TOY,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
    }
    response = client.post("/api/tables", json=request | body)
    assert response.status_code == status
    assert message in response.text


def test_human_against_a_bot_plays_to_the_end_and_replays(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"], name="Ada")
    me = created["you"]
    assert created["invites"] == [] and me["url"].startswith(
        f"/table/{me['table_id']}#seat=0&token="
    )
    assert created["table"]["status"] == "playing"
    with connect(client, me["table_id"], 0) as socket:
        seat = SeatDriver(socket, 0, me["token"])
        final = seat.play_to_end(random.Random(1))
    assert final["result"]["winners"] and final["to_move"] == [] and final["legal"] == []
    assert seat.log[0]["type"] == "deal"
    assert all(e.get(PRIVATE_TO, 0) == 0 for e in seat.log)
    summary = client.get(f"/api/tables/{me['table_id']}").json()
    assert summary["status"] == "finished" and summary["version"] == final["version"]
    record = client.get(f"/api/tables/{me['table_id']}/record").json()
    assert len(record["moves"]) == final["version"]
    assert record["result"] == final["result"]
    loaded = GameRecord.from_dict(record)
    assert loaded.seats == [SeatHolder.person("Ada"), SeatHolder.bot("random")]
    replay = client.get(f"/api/tables/{me['table_id']}/replay").json()
    assert len(replay["frames"]) == final["version"] + 1
    assert replay["frames"][0]["view"]["hand"] is None
    assert replay["frames"][-1]["view"]["baskets"] == final["view"]["baskets"]
    as_seat = client.get(f"/api/tables/{me['table_id']}/replay?seat=1").json()
    assert as_seat["frames"][0]["view"]["hand"] is not None
    finished = client.get("/api/tables?status=finished").json()
    assert [t["id"] for t in finished] == [me["table_id"]]


def test_record_and_replay_stay_secret_until_the_end(client: TestClient) -> None:
    table_id = create(client, TOY, ["human", "random"])["table"]["id"]
    assert client.get(f"/api/tables/{table_id}/record").status_code == 409
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 409
    assert client.get("/api/tables/nope").status_code == 404


def test_wrong_or_missing_token_never_acts_nor_sees(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"])
    table_id, invite = created["table"]["id"], created["invites"][0]
    for seat, token in [(0, invite["token"]), (1, "guess"), (1, None), (5, invite["token"])]:
        with connect(client, table_id, seat) as socket:
            driver = SeatDriver(socket, seat, token)
            error = driver.receive()
            assert error["type"] == "error" and error["code"] == "forbidden"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4403
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 0


def test_spectator_sees_no_hand_and_cannot_act(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"])
    table_id = created["table"]["id"]
    with connect(client, table_id, None) as socket:
        watcher = SeatDriver(socket, None)
        state = watcher.until_state()
        assert state["view"]["hand"] is None and state["legal"] == [] and state["seat"] is None
        assert all(PRIVATE_TO not in e for e in state["events"])
        watcher.act(0)
        assert watcher.until_error()["code"] == "forbidden"


def test_simultaneous_bids_show_who_committed_never_what(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"])
    table_id, me, other = created["table"]["id"], created["you"], created["invites"][0]
    with connect(client, table_id, 0) as s0, connect(client, table_id, 1) as s1:
        a, b = SeatDriver(s0, 0, me["token"]), SeatDriver(s1, 1, other["token"])
        assert a.until_state()["status"] == "waiting"
        b.until_state()
        while a.state["status"] != "playing":
            a.until_state()
        bid = a.state["legal"][-1]
        a.act(bid["action"])
        a.until_state()
        while b.state["version"] < 1:
            b.until_state()
        assert b.state["view"]["committed"] == [0] and b.state["view"]["bid"] is None
        assert a.state["view"]["bid"] == bid["notation"]
        assert b.state["events"] == [] and [e["type"] for e in b.log] == ["deal"]
        # Seat 1 acted on version 0, but its options did not change: not stale.
        other = b.state["legal"][0]
        b.act(other["action"], version=0)
        assert b.until_state()["version"] == 2
        while a.state["version"] < 2:
            a.until_state()
        reveal = {"type": "reveal", "bids": {"0": bid["notation"], "1": other["notation"]}}
        assert a.log[-2] == reveal and a.log[-1]["type"] == "win"


def test_a_seat_that_sent_two_moves_for_one_version_knows_which_was_stored(
    client: TestClient,
) -> None:
    """Two sockets of one seat (a page reconnected while its move was on its way) each send a
    move for the same version: the first is stored, and both sockets read which one it was
    (``last_action``, in the mover's messages only); the second is refused as stale."""
    created = create(client, TOY, ["human", "human"])
    table_id, ada = created["table"]["id"], created["you"]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as first,
        client.websocket_connect(f"/ws/tables/{table_id}") as second,
        client.websocket_connect(f"/ws/tables/{table_id}") as bob_socket,
    ):
        old, new = SeatDriver(first, 0, ada["token"]), SeatDriver(second, 0, ada["token"])
        bob = SeatDriver(bob_socket, 1, created["invites"][0]["token"])
        state = old.until_state()
        while state["status"] != "playing" or not state["legal"]:
            state = old.until_state()
        version = state["version"]
        while new.until_state()["version"] != version or not new.state["legal"]:
            pass
        stored, other = state["legal"][0]["action"], state["legal"][1]["action"]
        old.act(stored, version)
        acknowledged = old.until_acknowledged(version)
        assert acknowledged["last_action"] == stored
        new.act(other, version)
        assert new.until_error()["code"] == "stale"
        seen = new.state if new.state["version"] > version else new.until_state()
        assert seen["last_mover"] == 0 and seen["last_action"] == stored != other
        while bob.state.get("version") != version + 1:
            bob.until_state()
        assert bob.state["last_mover"] == 0 and bob.state["last_action"] is None


def test_stale_illegal_and_malformed_messages_change_nothing(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"])
    table_id, me, other = created["table"]["id"], created["you"], created["invites"][0]
    with connect(client, table_id, 0) as s0, connect(client, table_id, 1) as s1:
        a, b = SeatDriver(s0, 0, me["token"]), SeatDriver(s1, 1, other["token"])
        while a.state.get("status") != "playing":
            a.until_state()
        version = a.state["version"]
        bad = [
            "not json",
            '{"type": "act"}',
            '{"type": "act", "version": 0}',
            '{"type": "act", "version": 0, "action": 1, "notation": "2"}',
            '{"type": "dance"}',
            '{"type": "hello", "seat": 0}',
            "[]",
        ]
        for text in bad:
            s0.send_text(text)
            assert a.until_error()["code"] == "malformed", text
        s0.send_bytes(b"\x00\x01")
        assert a.until_error()["code"] == "malformed"
        for action in (99, -1, KEEP):
            a.act(action)
            assert a.until_error()["code"] == "illegal"
        s0.send_json({"type": "act", "version": version, "notation": "juggle"})
        assert "not a move of this game" in a.until_error()["message"]
        a.act(a.state["legal"][0]["action"], version=version + 1)
        assert a.until_error()["code"] == "stale"
        assert client.get(f"/api/tables/{table_id}").json()["version"] == version
        s0.send_json(
            {"type": "act", "version": version, "notation": a.state["legal"][0]["notation"]}
        )
        a.until_state()
        # The same message again: seat 0 has acted since that version.
        a.act(a.state["legal"][0]["action"] if a.state["legal"] else 0, version=version)
        assert a.until_error()["code"] in ("stale", "illegal")
        s0.send_json({"type": "ping"})
        assert a.receive()["type"] in ("pong", "state", "presence")
        assert client.get(f"/api/tables/{table_id}").json()["version"] == version + 1
        assert b.until_state()["version"] >= version


def test_reconnect_rejoins_the_seat_with_the_whole_log(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"])
    table_id, me = created["table"]["id"], created["you"]
    with connect(client, table_id, 0) as socket:
        first = SeatDriver(socket, 0, me["token"])
        version = first.first_moves()["version"]
        log = first.log
    with connect(client, table_id, 0) as socket:
        again = SeatDriver(socket, 0, me["token"])
        state = again.until_state()
        assert state["log_reset"] and state["version"] >= version
        assert again.log[: len(log)] == log
        socket.send_json({"type": "sync"})
        while not again.until_state()["log_reset"]:
            pass
        assert again.log[: len(log)] == log


def test_join_leave_and_presence(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human", "random"], name="Ada")
    table_id, invite = created["table"]["id"], created["invites"][0]
    listed = client.get("/api/tables?status=open").json()
    assert [(t["id"], t["open_seats"]) for t in listed] == [(table_id, [1])]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert client.post(f"/api/tables/{table_id}/join", json={}).status_code == 409
    assert client.get("/api/tables?status=open").json() == []
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "playing"
    assert [s["name"] for s in summary["seats"]] == ["Ada", "Bob", "random bot"]
    token = joined.json()["token"]
    with connect(client, table_id, 1) as socket:
        stale_invite = SeatDriver(socket, 1, invite["token"])
        assert stale_invite.receive()["code"] == "forbidden"
    with connect(client, table_id, 1) as socket:
        bob = SeatDriver(socket, 1, token)
        state = bob.until_state()
        assert [s["connected"] for s in state["seats"]] == [False, True, True]
        bad = client.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "token": "x"})
        assert bad.status_code == 403
        left = client.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "token": token})
        assert left.status_code == 200 and left.json()["open_seats"] == [1]
        while bob.receive()["type"] != "error":
            pass
        assert bob.errors[-1]["code"] == "forbidden"


def test_rematch_seats_each_player_again(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"])
    table_id, me = created["table"]["id"], created["you"]
    auth = {"seat": 0, "token": me["token"]}
    assert client.post(f"/api/tables/{table_id}/rematch", json=auth).status_code == 409
    with connect(client, table_id, 0) as socket:
        SeatDriver(socket, 0, me["token"]).play_to_end(random.Random(2))
    assert (
        client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0, "token": "x"}).status_code
        == 403
    )
    grant = client.post(f"/api/tables/{table_id}/rematch", json=auth).json()
    assert grant["seat"] == 0 and grant["table_id"] != table_id
    new = client.get(f"/api/tables/{grant['table_id']}").json()
    assert new["rematch_of"] == table_id and new["status"] == "playing"
    assert client.get(f"/api/tables/{table_id}").json()["rematch_id"] == grant["table_id"]
    assert client.post(f"/api/tables/{table_id}/rematch", json=auth).status_code == 409


def test_openapi_documents_the_websocket_messages(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    for name in ("ClientMessage", "ServerMessage", "Act", "Hello", "StateMessage", "ErrorMessage"):
        assert name in components
    assert "/ws/tables/{table_id}" in schema["paths"]
    assert client.get("/docs").status_code == 200


def test_pages_are_served(client: TestClient) -> None:
    for path in (
        "/",
        "/table/abc",
        "/replay/abc",
        "/static/js/potager.js",
        "/static/css/potager.css",
    ):
        assert client.get(path).status_code == 200, path


def test_tables_and_replays_survive_a_new_server_on_the_same_database(db_url: str) -> None:
    with TestClient(create_app(settings(db_url))) as client:
        created = create(client, TOY, ["human", "random"])
        table_id, me = created["table"]["id"], created["you"]
        with connect(client, table_id, 0) as socket:
            seat = SeatDriver(socket, 0, me["token"])
            seat.first_moves()
            log = seat.log
    with TestClient(create_app(settings(db_url))) as client:
        with connect(client, table_id, 0) as socket:
            seat = SeatDriver(socket, 0, me["token"])
            state = seat.until_state()
            assert state["version"] >= 2 and seat.log[: len(log)] == log
            final = seat.play_to_end(random.Random(3))
        assert client.get(f"/api/tables/{table_id}").json()["version"] == final["version"]
    with TestClient(create_app(settings(db_url))) as client:
        finished = client.get("/api/tables?status=finished").json()
        assert [(t["id"], t["result"]) for t in finished] == [(table_id, final["result"])]
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert len(replay["frames"]) == final["version"] + 1


@pytest.mark.parametrize("name", REAL_GAMES)
def test_every_installed_game_plays_through_websockets(client: TestClient, name: str) -> None:
    game = games.get(name)
    level = "heuristic" if "heuristic" in agents.levels(game) else "random"
    created = create(client, name, ["human"] + [level] * (game.min_players - 1))
    me = created["you"]
    with connect(client, me["table_id"], 0) as socket:
        seat = SeatDriver(socket, 0, me["token"])
        final = seat.play_to_end(random.Random(4))
    assert final["result"]["winners"]
    assert all(e.get(PRIVATE_TO, 0) == 0 for e in seat.log)
    with connect(client, me["table_id"], None) as socket:
        watched = SeatDriver(socket, None).until_state()["events"]
    # Every public event reaches the seat and the spectator; nothing private reaches the spectator.
    assert watched == [e for e in seat.log if PRIVATE_TO not in e]
