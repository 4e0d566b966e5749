"""Limits (defect 5): what one client may ask of the server, in-process (TestClient)
and, for what only a real listener sees (slowloris, connections per client), on a uvicorn
server in a thread. Each limit is set small here; the defaults are `config.Limits`'."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from potager.server import create_app
from potager.server.config import UNLIMITED, Limits, Rate
from potager.server.limits import DOCS_POLICY, PAGE_POLICY, Bucket
from potager.server.listener import guarded, uvicorn_options
from tests.server.conftest import LIFTED, settings
from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


@contextmanager
def server(tmp_path: Path, **limits: Any) -> Iterator[TestClient]:
    """An app whose limits are the suite's (none per client) but for ``limits``."""
    app = create_app(settings(f"sqlite:///{tmp_path / 'p.db'}", replace(LIFTED, **limits)))
    with TestClient(app) as client:
        yield client


def test_limits_read_from_the_environment() -> None:
    found = Limits.from_env({"POTAGER_MAX_BODY": "10", "POTAGER_CREATE_RATE": "3/30"})
    assert (found.max_body, found.create_rate, found.seat_rate) == (10, Rate(3, 30), Rate(30, 60))
    lifted = Limits.from_env(UNLIMITED)
    assert lifted.message_rate is None and lifted.client_sockets == 0
    assert Limits.from_env({"POTAGER_ALLOWED_ORIGINS": "https://a.org/, https://b.org"}) == (
        replace(Limits(), allowed_origins=("https://a.org", "https://b.org"))
    )
    with pytest.raises(ValueError, match="COUNT/SECONDS"):
        Rate.parse("0/10")


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = Bucket(Rate(2, 10), clock=lambda: now[0])
    assert [bucket.take("a"), bucket.take("a")] == [0, 0]
    assert bucket.take("a") == pytest.approx(5.0)
    assert bucket.take("b") == 0, "every client has its own bucket"
    now[0] = 5.0
    assert bucket.take("a") == 0 and bucket.take("a") > 0


def test_a_body_past_the_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    with server(tmp_path, max_body=1000) as client:
        body = json.dumps({"game": TOY, "name": "x" * 5000}).encode()
        for sent in (body, iter([body[:600], body[600:]])):  # with and without Content-Length
            response = client.post(
                "/api/tables", content=sent, headers={"content-type": "application/json"}
            )
            assert response.status_code == 413 and len(response.content) < 100
            assert "content-security-policy" in response.headers
        assert client.get("/api/tables").json() == []


def test_creating_and_joining_are_rate_limited_per_client(tmp_path: Path) -> None:
    with server(tmp_path, create_rate=Rate(2, 60), seat_rate=Rate(1, 60)) as client:
        first = create(client, TOY, ["human", "human", "human"])
        create(client, TOY, ["human", "random"])
        refused = client.post("/api/tables", json={"game": TOY})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        table_id = first["table"]["id"]
        assert client.post(f"/api/tables/{table_id}/join", json={}).status_code == 200
        assert client.post(f"/api/tables/{table_id}/join", json={}).status_code == 429
        assert client.get(f"/api/tables/{table_id}").json()["open_seats"] == [2]
        other = TestClient(client.app, client=("192.0.2.7", 4000))
        assert other.post(f"/api/tables/{table_id}/join", json={}).status_code == 200


def test_a_socket_past_its_message_rate_is_told_and_changes_nothing(tmp_path: Path) -> None:
    with server(tmp_path, message_rate=Rate(3, 60)) as client:
        created = create(client, TOY, ["human", "human"])
        path = f"/ws/tables/{created['table']['id']}"
        with client.websocket_connect(path) as ws, client.websocket_connect(path) as other:
            SeatDriver(other, 1, created["invites"][0]["token"]).until_state()
            seat = SeatDriver(ws, 0, created["you"]["token"])
            while (state := seat.until_state())["status"] != "playing":
                pass
            for _ in range(3):
                ws.send_json({"type": "ping"})
            seat.act(state["legal"][0]["action"])
            assert seat.until_error()["code"] == "rate_limited"
        assert client.get(f"/api/tables/{created['table']['id']}").json()["version"] == 0


def test_a_long_message_is_refused_unread(tmp_path: Path) -> None:
    with server(tmp_path, max_message=100) as client:
        created = create(client, TOY, ["human", "random"])
        with client.websocket_connect(f"/ws/tables/{created['table']['id']}") as ws:
            seat = SeatDriver(ws, 0, created["you"]["token"])
            seat.until_state()
            ws.send_text(json.dumps({"type": "sync", "pad": "x" * 200}))
            assert "at most 100 characters" in seat.until_error()["message"]


def refused_with(ws: object, code: int) -> str:
    message = ws.receive_json()  # type: ignore[attr-defined]
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()  # type: ignore[attr-defined]
    assert closed.value.code == code
    return str(message["code"])


def test_sockets_per_client_and_watchers_per_table_are_capped(tmp_path: Path) -> None:
    with server(tmp_path, client_sockets=3, table_sockets=2) as client:
        created = create(client, TOY, ["human", "random"])
        path = f"/ws/tables/{created['table']['id']}"
        with client.websocket_connect(path) as a, client.websocket_connect(path) as b:
            SeatDriver(a, None).until_state()
            SeatDriver(b, None).until_state()
            with client.websocket_connect(path) as c:
                SeatDriver(c, None)
                assert refused_with(c, 4429) == "too_many", "the table has its two watchers"
            with client.websocket_connect(path) as c:
                SeatDriver(c, 0, created["you"]["token"]).until_state()  # a seat holder is let in
                with client.websocket_connect(path) as d:
                    assert refused_with(d, 4429) == "too_many", "the client holds three sockets"
        with client.websocket_connect(path) as a:
            SeatDriver(a, None).until_state()  # the closed ones were counted out


def test_websockets_from_other_pages_are_refused(tmp_path: Path) -> None:
    with server(tmp_path, allowed_origins=("https://friends.example",)) as client:
        table_id = create(client, TOY, ["human", "random"])["table"]["id"]
        path = f"/ws/tables/{table_id}"
        for origin in ("http://testserver", "https://friends.example", None):
            headers = {"origin": origin} if origin else {}
            with client.websocket_connect(path, headers=headers) as ws:
                SeatDriver(ws, None).until_state()
        evil = {"origin": "https://evil.example"}
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(path, headers=evil),
        ):
            pass
        assert refused.value.code == 1008


def test_silent_sockets_are_closed(tmp_path: Path) -> None:
    with server(tmp_path, hello_timeout=0.2, idle_timeout=0.3) as client:
        table_id = create(client, TOY, ["human", "human"])["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4408, "no hello"
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            SeatDriver(ws, None).until_state()
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
            assert closed.value.code == 4408, "silent while the table waits"


def test_a_socket_that_speaks_stays_open_until_it_falls_silent(tmp_path: Path) -> None:
    """The idle timer counts from the socket's last message: pings every third of the idle
    time keep it open over several idle times; once they stop, it is closed."""
    with server(tmp_path, idle_timeout=0.3) as client:
        table_id = create(client, TOY, ["human", "human"])["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            SeatDriver(ws, None).until_state()
            for _ in range(10):
                time.sleep(0.1)
                ws.send_json({"type": "ping"})
                while ws.receive_json()["type"] != "pong":
                    pass
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
            assert closed.value.code == 4408


def test_table_sockets_are_served_before_the_router_and_other_sockets_are_not(
    tmp_path: Path,
) -> None:
    """`play.TableSockets` takes a table's socket ahead of the other middleware, under the app's
    root path too, and lets any other WebSocket through to the router, which refuses it."""
    app = create_app(settings(f"sqlite:///{tmp_path / 'p.db'}", LIFTED))
    with TestClient(app, root_path="/potager") as client:
        created = create(client, TOY, ["human", "random"])
        with client.websocket_connect(f"/potager/ws/tables/{created['table']['id']}") as ws:
            seated = SeatDriver(ws, 0, created["you"]["token"])
            assert seated.until_state()["seat"] == 0
        for path in ("/ws/tables", "/ws/tables/a/b", "/ws/lobby"):
            with pytest.raises(WebSocketDisconnect), client.websocket_connect(path) as ws:
                ws.receive_json()


def test_pages_and_answers_carry_security_headers(client: TestClient) -> None:
    for path in ("/", "/table/abc", "/static/js/potager.js", "/api/games", "/api/tables/nope"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert (
            headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        )
        assert headers["referrer-policy"] == "no-referrer"
    for path in ("/docs", "/redoc"):
        policy = client.get(path).headers["content-security-policy"]
        assert policy == DOCS_POLICY and policy.startswith(PAGE_POLICY), path


# -- a real listener --------------------------------------------------------------------------
@contextmanager
def listening(tmp_path: Path, limits: Limits) -> Iterator[int]:
    """A uvicorn server with ``limits`` in a thread; its port."""
    app = create_app(settings(f"sqlite:///{tmp_path / 'p.db'}", limits))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    options = uvicorn_options(limits, guarded(limits))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield listener.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)


def closed_within(conn: socket.socket, seconds: float, trickle: bytes = b"") -> bool:
    """Does the server close ``conn`` within ``seconds``, while it sends ``trickle`` a byte at a
    time (a slowloris)?"""
    deadline = time.monotonic() + seconds
    conn.settimeout(0.05)
    for i in range(10**6):
        if time.monotonic() > deadline:
            return False
        try:
            if i < len(trickle):
                conn.send(trickle[i : i + 1])
            if conn.recv(1024) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def test_slow_and_silent_connections_are_closed_and_others_still_served(tmp_path: Path) -> None:
    limits = replace(LIFTED, request_timeout=0.5, client_connections=3)
    with listening(tmp_path, limits) as port:
        silent = socket.create_connection(("127.0.0.1", port))
        slow = socket.create_connection(("127.0.0.1", port))
        head = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 200
        assert closed_within(silent, 3) and closed_within(slow, 3, head)
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
        fourth = socket.create_connection(("127.0.0.1", port))
        assert closed_within(fourth, 0.4), "a fourth connection of the same client"
        for conn in held:
            conn.close()
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            for _ in range(3):  # one kept-alive connection, past the request deadline
                assert http.get("/api/games").status_code == 200
                time.sleep(0.3)


def test_a_table_socket_outlives_the_request_deadline(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    limits = replace(LIFTED, request_timeout=0.3, client_connections=1)
    with listening(tmp_path, limits) as port:
        base = f"127.0.0.1:{port}"
        created = httpx.post(
            f"http://{base}/api/tables",
            json={"game": TOY, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
        ).json()
        with connect(f"ws://{base}/ws/tables/{created['table']['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "seat": None}))
            assert json.loads(ws.recv(5))["type"] == "state"
            time.sleep(0.8)
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(5))["type"] in ("pong", "presence")
            assert httpx.get(f"http://{base}/api/games").status_code == 200


def test_a_head_past_its_cap_is_refused_whole_or_in_parts(tmp_path: Path) -> None:
    """h11 bounds only a head still incomplete (`h11_max_incomplete_event_size`): a head that
    arrives whole in one read (any up to 64 KiB on loopback) went through past the cap."""
    limits = replace(LIFTED, max_header=2048)
    padded = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Pad: %s\r\n\r\n"
    with listening(tmp_path, limits) as port:
        for pad, parts in ((b"a" * 4000, 1), (b"a" * 4000, 4), (b"a" * 1500, 1)):
            head = padded % pad
            with socket.create_connection(("127.0.0.1", port)) as conn:
                step = -(-len(head) // parts)
                for start in range(0, len(head), step):
                    conn.sendall(head[start : start + step])
                    time.sleep(0.01)
                conn.settimeout(5)
                status = conn.recv(64).split(b" ")[1]
            assert status == (b"431" if len(head) > 2048 else b"200"), (len(head), parts)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            assert http.get("/api/games", headers={"x-pad": "a" * 3000}).status_code == 431
            assert http.get("/api/games").status_code == 200


def test_connections_past_the_total_are_told_to_come_back(tmp_path: Path) -> None:
    with listening(tmp_path, replace(LIFTED, max_connections=3)) as port:
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            assert http.get("/api/games").status_code == 503
            for conn in held:
                conn.close()
            for _ in range(100):  # until the server has seen them go
                if http.get("/api/games").status_code == 200:
                    break
                time.sleep(0.05)
            else:
                raise AssertionError("the server stayed full")


@pytest.mark.parametrize("trusted", [(), ("127.0.0.1",)])
def test_forwarded_addresses_count_only_from_a_trusted_proxy(
    tmp_path: Path, trusted: tuple[str, ...]
) -> None:
    """A client that forges ``X-Forwarded-For`` gets no fresh limits: the header names the
    client only when it comes from a proxy of ``trusted_proxies`` (none by default)."""
    limits = replace(LIFTED, create_rate=Rate(2, 60), trusted_proxies=trusted)
    with listening(tmp_path, limits) as port:
        answers = [
            httpx.post(
                f"http://127.0.0.1:{port}/api/tables",
                json={"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2},
                headers={"x-forwarded-for": f"198.51.100.{i}"},
            ).status_code
            for i in range(4)
        ]
    assert answers == ([201] * 4 if trusted else [201, 201, 429, 429])


def test_trusted_proxies_are_read_from_the_environment() -> None:
    limits = Limits.from_env({"POTAGER_TRUSTED_PROXIES": "10.0.0.1, 10.1.0.0/16"})
    assert limits.trusted_proxies == ("10.0.0.1", "10.1.0.0/16")
    assert uvicorn_options(limits)["forwarded_allow_ips"] == ["10.0.0.1", "10.1.0.0/16"]
    assert uvicorn_options(Limits())["proxy_headers"] is False
