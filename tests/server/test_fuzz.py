"""The protocol fuzz of `bench.fuzz` in-process, on a few thousand generated bodies and messages
(``make fuzz`` runs 100,000 against ``potager serve``): no 5xx, no crash, no refusal that
echoes what was sent, and nothing changed by a refusal."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from time import sleep
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from websockets.sync.client import connect as ws_connect

from bench.fuzz import LIFTED, Lobby, Socket, Table, Tally, fuzz_http, fuzz_socket
from potager.server import Settings, create_app
from potager.server.config import Limits
from potager.server.listener import uvicorn_options
from tests.server.conftest import settings
from tests.server.test_clocks import FakeTime
from tests.toy import GAME as TOY_GAME

LONG_RUN = 3 * 3600.0
"""Seconds a long run of ``make fuzz`` may take on a loaded machine (100,000 took 28 minutes
idle, 1,672 s at load 6 to 8)."""
STEP = 600.0
"""Seconds `later` moves the time on at once."""


def fuzz_settings(url: str, now: Callable[[], float] | None = None) -> Settings:
    """The settings `bench.fuzz` starts ``potager serve`` with (its environment, `LIFTED`),
    bots in threads; ``now``: the clocks' time, if the test moves it."""
    found = settings(url, Limits.from_env(LIFTED))
    found.clock_scale = float(LIFTED.get("POTAGER_CLOCK_SCALE", 1))
    if now is not None:
        found.clock_now = now
    return found


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
    app = create_app(fuzz_settings(f"sqlite:///{database}"))
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


@contextmanager
def serving(
    database: Path, time: FakeTime
) -> Iterator[tuple[FastAPI, asyncio.AbstractEventLoop, int]]:
    """The fuzz's server (`fuzz_settings`, its clocks reading ``time``) under uvicorn on an
    event loop of its own in a thread, as ``potager serve`` runs it: the app, its loop and its
    port. A real listener, because the socket's close is then answered by the client's own
    thread, as in a run of ``make fuzz``."""
    app = create_app(fuzz_settings(f"sqlite:///{database}", time))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    limits = Limits.from_env(LIFTED)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **uvicorn_options(limits)))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(
        target=loop.run_until_complete, args=(server.serve(sockets=[listener]),), daemon=True
    )
    thread.start()
    while not server.started:
        sleep(0.01)
    try:
        yield app, loop, listener.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        loop.close()


def later(app: FastAPI, loop: asyncio.AbstractEventLoop, time: FakeTime, seconds: float) -> None:
    """Move the server's time on by ``seconds``, `STEP` at a time: its clocks' (`FakeTime`) and
    its event loop's, which times a socket's silence (`potager.server.play.IdleWatch`). After
    each step, what is due runs and the clocks look (`TableActor.look`: time-outs, absences,
    deserted and unstarted tables), as they do every second."""

    async def step() -> None:
        elapsed = loop.time
        loop.time = lambda: elapsed() + STEP  # type: ignore[method-assign]
        await asyncio.sleep(0.05)  # the timers now due fire; a socket they close is let go
        await app.state.manager.look()
        await asyncio.sleep(0.05)  # the bots the clocks called in move

    for _ in range(round(seconds / STEP)):
        time.now += STEP
        asyncio.run_coroutine_threadsafe(step(), loop).result(30)


def test_a_refusal_late_in_a_long_run_finds_nothing_moved_by_time(tmp_path: Path) -> None:
    """The 100,000 run on 5e32db0 counted one state change from a refused ``GET
    /api/players/me`` (401, a malformed bearer token). Nothing the request touched had moved
    (a bearer that opens no player is only looked up): the fuzzed seat's socket, silent
    through the HTTP phase, had been closed as idle (`Limits.idle_timeout`, 10 minutes) just
    before it, so the table's summary showed its seat gone. The clocks could do the same to a
    table a request opened (a seat out of time, a waiting table deserted). So the fuzz's
    server holds them still (`bench.fuzz.LIFTED`): a run's length later, a refusal finds the
    fuzzed table, a real-time table against a bot and the open list as they were."""
    time = FakeTime()
    database = tmp_path / "fuzz.db"
    tally = Tally()
    with serving(database, time) as (app, loop, port), ExitStack() as stack:
        http = stack.enter_context(httpx.Client(base_url=f"http://127.0.0.1:{port}"))

        def connect(table_id: str) -> Socket:
            url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
            found: Any = stack.enter_context(ws_connect(url, max_size=None))  # a Socket
            return found

        table = Table(http, TOY_GAME.name, connect)
        lobby = Lobby(http, database)
        stack.callback(lobby.close)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        timed = {"game": TOY_GAME.name, "players": 2, "seats": seats, "speed": "real_time"}
        lobby.settle(http.post("/api/tables", json=timed).json()["table"]["id"])
        waiting = {"game": TOY_GAME.name, "players": 2, "seats": [{"kind": "human"}] * 2}
        http.post("/api/tables", json=waiting).raise_for_status()
        lobby.watch(table.id)
        later(app, loop, time, LONG_RUN)
        lobby.check(tally, ("GET", "/api/players/me", None, {"authorization": "Bearer"}))
    assert tally.counts["http refused"] == 1
    assert tally.counts["changed"] == 0, "\n".join(tally.broken)
