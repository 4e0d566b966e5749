"""A connection's outgoing queue: in order, and a client that stops reading is let go."""

from __future__ import annotations

import asyncio

from potager.server.live import BACKLOG, Connection


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
