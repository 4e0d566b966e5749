"""Bad input, over HTTP and the WebSocket (defect 4 and strict types): a short 4xx or
error message that never echoes what was sent, and nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name
SHORT = 2000
"""The longest refusal the server should need, in bytes: it says what is wrong, not what came."""

GOOD = {"game": TOY, "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}


def json_text(body: dict[str, Any]) -> bytes:
    return json.dumps(body).encode()


BAD_BODIES = [
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"1e999",
    b'{"game": NaN}',
    json_text(GOOD)[:-1] + b', "players": 1e999}',
    json_text(GOOD)[:-1] + b', "name": "\\ud800"}',
    json_text(GOOD)[:-1] + b', "name": "Ada \\udc00"}',
    json_text(GOOD | {"variant": {"cards": float("nan")}}),
    json_text(GOOD | {"variant": {"cards": 4.0}}),
    json_text(GOOD | {"variant": {"x" * 30_000: 4}}),
    json_text(GOOD | {"game": "x" * 30_000}),
    json_text(GOOD | {"name": "y" * 30_000}),
    json_text(GOOD | {"players": True}),
    json_text(GOOD | {"players": "2"}),
    json_text(GOOD | {"seat": "0"}),
    json_text(GOOD | {"hints": "yes"}),
    json_text(GOOD | {"hints": 1}),
    b"\xff\xfe{}",
    b"[" * 5000,
    b"",
]


def tables(client: TestClient) -> int:
    return len(client.get("/api/tables?status=open&limit=500").json())


@pytest.mark.parametrize("body", BAD_BODIES, ids=range(len(BAD_BODIES)))
def test_bad_bodies_get_a_short_4xx_and_create_nothing(client: TestClient, body: bytes) -> None:
    before = tables(client)
    response = client.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert 400 <= response.status_code < 500, response.text[:300]
    assert len(response.content) < SHORT
    assert "detail" in response.json()
    assert tables(client) == before


@pytest.mark.parametrize(
    "name",
    ["\ud800", "Ada\x00", "Ada\x07", "line\nbreak", "\u202eevil", "A\u2066B", "a" * 41, "\u2028"],
)
def test_names_with_control_or_bidi_characters_are_refused(client: TestClient, name: str) -> None:
    table_id = create(client, TOY, ["human", "human"], name="Ada")["table"]["id"]
    body = json.dumps({"name": name}).encode()
    response = client.post(
        f"/api/tables/{table_id}/join", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 422 and len(response.content) < SHORT
    assert client.get(f"/api/tables/{table_id}").json()["open_seats"] == [1]


@pytest.mark.parametrize("name", ["Ada", "Zoë 🌱", "👩\u200d🌾 Ada", "Ива", "أحمد"])
def test_names_in_any_script_are_welcome(client: TestClient, name: str) -> None:
    table_id = create(client, TOY, ["human", "human"], name="Host")["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert joined.status_code == 200
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["name"] == name


def test_long_path_and_query_input_is_not_echoed(client: TestClient) -> None:
    long = "z" * 6000
    for path in (f"/api/tables/{long}", f"/api/tables?status={long}", f"/api/tables?limit={long}"):
        response = client.get(path)
        assert 400 <= response.status_code < 500 and len(response.content) < SHORT, path


BAD_MESSAGES = [
    '{"type": "act", "version": 0, "action": true}',
    '{"type": "act", "version": "0", "action": 1}',
    '{"type": "act", "version": 0, "action": "3"}',
    '{"type": "act", "version": 0, "action": 1.0}',
    '{"type": "act", "version": 0, "action": NaN}',
    '{"type": "act", "version": 1e999, "action": 1}',
    '{"type": "act", "version": 0, "notation": "\\ud800"}',
    '{"type": "act", "version": 0, "notation": "' + "n" * 15_000_000 + '"}',
    '{"type": "act", "version": 0, "action": 1, "' + "k" * 100_000 + '": 1}',
    '{"type": "' + "t" * 100_000 + '"}',
    "[" * 100_000,
]


def test_bad_messages_get_a_short_error_and_change_nothing(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"])
    table_id, me = created["table"]["id"], created["you"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        seat = SeatDriver(socket, 0, me["token"])
        version = seat.until_state()["version"]
        for text in BAD_MESSAGES:
            socket.send_text(text)
            while True:
                raw = socket.receive_text()
                if json.loads(raw)["type"] == "error":
                    break
            assert len(raw) < SHORT and json.loads(raw)["code"] == "malformed", text[:80]
        socket.send_json({"type": "ping"})
        while socket.receive_json()["type"] != "pong":
            pass
    assert client.get(f"/api/tables/{table_id}").json()["version"] == version


@pytest.mark.parametrize(
    "hello",
    [
        {"type": "hello", "seat": None, "name": "\u202eevil"},
        {"type": "hello", "seat": "0", "token": "x"},
        {"type": "hello", "seat": True, "token": "x"},
        {"type": "hello", "seat": 0, "token": "t" * 100_000},
    ],
)
def test_a_bad_hello_is_refused_without_echo(client: TestClient, hello: dict[str, Any]) -> None:
    created = create(client, TOY, ["human", "random"])
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as socket:
        socket.send_json(hello)
        raw = socket.receive_text()
        assert json.loads(raw)["code"] in ("malformed", "forbidden") and len(raw) < SHORT


def test_refusals_never_echo_an_unknown_move_or_table(client: TestClient) -> None:
    """An unknown notation and an unknown table id are refused in the server's own words:
    neither comes back in the refusal (the engine's `NotationError` quotes the text)."""
    created = create(client, TOY, ["human", "random"])
    table_id, me = created["table"]["id"], created["you"]
    notation = "q" * 200
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        seat = SeatDriver(socket, 0, me["token"])
        version = seat.until_state()["version"]
        socket.send_json({"type": "act", "version": version, "notation": notation})
        error = seat.until_error()
        assert error["code"] == "illegal" and "qqq" not in error["message"]
        assert "legal now" in error["message"]
    unknown = "zz" + "y" * 30
    with client.websocket_connect(f"/ws/tables/{unknown}") as socket:
        refused = socket.receive_json()
        assert refused["code"] == "not_found" and "yyy" not in refused["message"]
    for path in (f"/api/tables/{unknown}", f"/api/tables/{unknown}/record"):
        response = client.get(path)
        assert response.status_code == 404 and "yyy" not in response.text, path
    assert client.get(f"/api/tables/{table_id}").json()["version"] == version
