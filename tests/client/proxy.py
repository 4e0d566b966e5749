"""A TCP relay in front of a server whose connections a test can cut, as a network would."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit


class Relay:
    """Relays every connection to ``server`` (``http://host:port``); `cut` aborts them all."""

    def __init__(self, server: str) -> None:
        target = urlsplit(server)
        self.host, self.port = target.hostname or "127.0.0.1", target.port or 80
        self.writers: set[asyncio.StreamWriter] = set()
        self.cuts = 0
        self._server: asyncio.Server | None = None

    async def start(self) -> str:
        """Listen on a free port; the relay's address."""
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection(self.host, self.port)
        pair = {writer, upstream_writer}
        self.writers |= pair
        try:
            await asyncio.gather(_pipe(reader, upstream_writer), _pipe(upstream_reader, writer))
        finally:
            self.writers -= pair

    def cut(self) -> None:
        """Drop every connection at once, without a close frame or a FIN."""
        self.cuts += 1
        for writer in list(self.writers):
            writer.transport.abort()

    async def stop(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await source.read(65536):
            sink.write(data)
            await sink.drain()
    sink.transport.abort()
