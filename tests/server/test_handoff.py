"""`potager.server.handoff`'s own end, in one process: a connection handed to it is served with
its head read first; whatever else arrives is closed unread. (Two server processes handing a
table's sockets to each other: tests/server/test_scaleout.py.)"""

from __future__ import annotations

import array
import asyncio
import os
import socket

from potager.server.handoff import Handoff


class Heard(asyncio.Protocol):
    """What a served connection read, its head first."""

    def __init__(self, head: bytes, served: list[Heard]) -> None:
        self.data = [head]
        served.append(self)

    def data_received(self, data: bytes) -> None:
        self.data.append(data)


def hand(handoff: Handoff, fds: list[int], head: bytes) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as out:
        rights = (socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))
        out.sendmsg([head], [rights], 0, handoff.address(handoff.me))


async def owned_by_nobody(table_id: str) -> str | None:
    return None


def test_a_handed_connection_is_served_and_anything_else_closed() -> None:
    async def scenario() -> None:
        served: list[Heard] = []
        handoff = Handoff("potager:test", os.urandom(6).hex(), lambda t: False, owned_by_nobody)
        handoff.start()
        handoff.offer(lambda head: Heard(head, served))
        try:
            with socket.create_server(("127.0.0.1", 0)) as server:
                client = socket.create_connection(server.getsockname())
                accepted, _ = server.accept()
            read, write = os.pipe()
            local, other = socket.socketpair()
            hand(handoff, [read], b"a pipe")
            hand(handoff, [local.fileno()], b"a local socket")
            hand(handoff, [accepted.fileno()], b"GET /ws/tables/t HTTP/1.1\r\n\r\n")
            accepted.close()  # the handed copy holds the connection
            client.sendall(b"then this")
            for _ in range(1000):  # up to 10 s on a loaded machine
                if served and len(served[0].data) > 1:
                    break
                await asyncio.sleep(0.01)
            assert [h.data for h in served] == [
                [b"GET /ws/tables/t HTTP/1.1\r\n\r\n", b"then this"]
            ]
            os.close(read)  # ours: the one handed was closed, so the pipe has no reader left
            try:
                os.write(write, b"x")
                raise AssertionError("the handed pipe was kept open")
            except BrokenPipeError:
                pass
            other.setblocking(False)
            local.close()
            assert other.recv(1) == b""  # the handed copy was closed too: end of stream
            client.close()
            other.close()
            os.close(write)
        finally:
            handoff.stop()

    asyncio.run(scenario())
