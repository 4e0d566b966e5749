"""A connection's outgoing queue: in order, and a client that stops reading is let go."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient

from potager.server.live import BACKLOG, QUEUED_BYTES, Connection, LiveTable
from tests.server.driver import create


class StuckSocket:
    """A client that takes the first message and then never reads again."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        self.closed = code


def test_messages_go_out_in_order_and_a_stuck_client_is_dropped() -> None:
    async def scenario() -> tuple[StuckSocket, Connection]:
        socket = StuckSocket()
        connection = Connection(socket, 0)  # type: ignore[arg-type]
        for i in range(BACKLOG + 10):
            connection.send(str(i))
            await asyncio.sleep(0)
        await connection.stop()
        return socket, connection

    socket, connection = asyncio.run(scenario())
    assert socket.sent == ["0"]
    assert connection._closing and connection._close_code == 1008


class SlowSocket:
    """A client whose send buffer is full until ``room`` is set: each send waits for it."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.room = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.room.wait()
        self.sent.append(text)


def test_a_send_that_waits_is_finished_in_order_then_sends_go_at_once_again() -> None:
    """The first message must wait for room: it and the ones sent meanwhile go out in order once
    there is room, and the next one is written at once, without a task."""

    async def scenario() -> tuple[Connection, list[str]]:
        socket = SlowSocket()
        connection = Connection(socket, 0)  # type: ignore[arg-type]
        for i in range(3):
            connection.send(str(i))
        assert connection._sender is not None and socket.sent == []
        socket.room.set()
        for _ in range(100):  # the sending task finishes, then ends
            await asyncio.sleep(0)
        connection.send("3")
        at_once = list(socket.sent)
        await connection.stop()
        return connection, at_once

    connection, at_once = asyncio.run(scenario())
    assert at_once == ["0", "1", "2", "3"]
    assert connection._sender is None and not connection._queue


def test_a_client_that_floods_and_never_reads_is_let_go_by_bytes_queued() -> None:
    """A few huge messages (a ``sync`` flood's full logs) hit the byte cap long before the
    count cap: the queue is dropped and the socket closed."""

    async def scenario() -> Connection:
        connection = Connection(StuckSocket(), 0)  # type: ignore[arg-type]
        big = "x" * (QUEUED_BYTES // 4)
        for _ in range(6):
            connection.send(big)
            await asyncio.sleep(0)
        await connection.stop()
        return connection

    connection = asyncio.run(scenario())
    assert connection._closing and connection._close_code == 1008
    assert len(connection._queue) <= 1


def test_a_socket_cancelled_while_it_is_greeted_leaves_the_table(client: TestClient) -> None:
    """The socket closes while the table's chat is still being read for it: the connection it
    was given is taken off the table (its seat no longer shows as connected), not left behind."""
    created = create(client, "heuschrecken-poker", ["human", "random"], name="Ada")
    table_id, token = created["table"]["id"], created["you"]["token"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    greeting = asyncio.Event()

    async def greet(live: LiveTable, connection: Connection) -> None:
        greeting.set()
        await asyncio.Event().wait()  # the chat's read never ends

    async def scenario() -> list[Connection]:
        live = await manager.tables.unfinished(table_id)
        manager.chat.greet = greet
        connecting = asyncio.create_task(manager.connect(live, StuckSocket(), 0, token, None))
        await greeting.wait()
        connecting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await connecting
        return list(live.connections)

    assert client.portal.call(scenario) == []  # type: ignore[union-attr]
