"""Messages between server processes over Redis pub/sub (scale-out).

Two kinds of channel in the database's space (`lease`): ``potager:<space>:t:<table>`` carries
what happened at a table (a stored move, a seat that changed hands, who is connected where) to
every process, and ``potager:<space>:p:<process>`` carries requests to one process and their
answers. Every process subscribes to all table channels
by pattern, so no update can slip by between loading a table and subscribing to it.

What a process publishes goes out in the order it was published, through one queue drained by one
task (several at once in a pipeline): a move's update is sent before the answer that acknowledges
it, and Redis hands both to a subscriber in that order. Messages are JSON, written and read with
orjson (every process reads every table's messages, its own too).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

import orjson
from redis.asyncio import Redis

from .forever import cancelling, go_on, stopped

log = logging.getLogger("potager.server")

Handler = Callable[[str, dict[str, Any]], None]
"""Called with the table id (or ``""`` for a process channel) and the message."""


class Fanout:
    def __init__(
        self, redis: Redis, space: str, me: str, on_table: Handler, on_request: Handler
    ) -> None:
        self.redis, self.me = redis, me
        self._tables, self._processes = f"{space}:t:", f"{space}:p:"
        self._on_table, self._on_request = on_table, on_request
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.psubscribe(self._tables + "*")
        await pubsub.subscribe(self._processes + self.me)
        self._tasks = [
            asyncio.create_task(self._listen(pubsub)),
            asyncio.create_task(self._send()),
        ]

    async def stop(self) -> None:
        await stopped(self._tasks)
        for waiting in self._waiting.values():
            waiting.cancel()

    def table(self, table_id: str, message: dict[str, Any]) -> None:
        """Tell every other process what happened at ``table_id``."""
        self._outbox.put_nowait(
            (self._tables + table_id, orjson.dumps({"from": self.me, **message}))
        )

    def answer(self, process: str, request: str, message: dict[str, Any]) -> None:
        self._outbox.put_nowait(
            (self._processes + process, orjson.dumps({"kind": "reply", "req": request, **message}))
        )

    async def request(
        self, process: str, message: dict[str, Any], timeout: float
    ) -> dict[str, Any]:
        """Send ``message`` to ``process`` and wait for its answer (`TimeoutError` after
        ``timeout`` seconds: the process may be gone)."""
        request = secrets.token_hex(8)
        waiting = asyncio.get_running_loop().create_future()
        self._waiting[request] = waiting
        body = {**message, "req": request, "reply_to": self.me}
        self._outbox.put_nowait((self._processes + process, orjson.dumps(body)))
        try:
            async with asyncio.timeout(timeout):
                return await waiting
        finally:
            self._waiting.pop(request, None)

    async def _send(self) -> None:
        while go_on():
            batch = [await self._outbox.get()]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except Exception:
                if cancelling():
                    raise
                log.exception("%d messages to other processes were not sent", len(batch))

    async def _listen(self, pubsub: Any) -> None:
        while go_on():
            try:
                async for raw in pubsub.listen():
                    self._dispatch(raw)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception:
                if cancelling():
                    raise
                log.exception("listening to the other processes failed; listening again")
                await asyncio.sleep(0.5)

    def _dispatch(self, raw: dict[str, Any]) -> None:
        channel = raw["channel"].decode()
        try:
            message = orjson.loads(raw["data"])
            if channel.startswith(self._tables):
                if message.get("from") != self.me:
                    self._on_table(channel.removeprefix(self._tables), message)
            elif message.get("kind") == "reply":
                waiting = self._waiting.get(message["req"])
                if waiting is not None and not waiting.done():
                    waiting.set_result(message)
            else:
                self._on_request("", message)
        except Exception:
            log.exception("a message from another process was not understood: %.200s", raw)
