"""Messages between server processes over Redis pub/sub (scale-out).

Two kinds of channel in the database's space (`lease`): ``potager:<space>:t:<table>`` carries
what happened at a table (a stored move, a seat that changed hands, who is connected where) to
the processes that hold it, and ``potager:<space>:p:<process>`` carries requests to one process
and their answers. A process follows the channels of the tables it holds (`follow`, before it
reads one from the store, so that no update slips by between the two), and only those: a table
whose sockets were all handed to its owner costs the other processes nothing a move.

What a process publishes goes out in the order it was published, through one queue drained by one
task (several at once in a pipeline): a move's update is sent before the answer that acknowledges
it, and Redis hands both to a subscriber in that order. Messages are JSON, written and read with
orjson (a table's owner hears its own too).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any

import orjson
from redis.asyncio import Redis

from .forever import cancelling, go_on, stopped

log = logging.getLogger("potager.server")

FOLLOW_WAIT = 2.0
"""Seconds `Fanout.followed` waits for Redis to confirm a subscription; past them (Redis away) the
table is read anyway, and subscribed to once Redis is back (the sweep's catch-up reads again a
mirror that missed a move meanwhile)."""
RETRY = 0.5
"""Seconds the listener waits before it listens again after a failed read."""

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
        self._followed: set[str] = set()
        """The table channels this process wants to hear."""
        self._changes: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        """Subscriptions to change, in order: ``("SUBSCRIBE" or "UNSUBSCRIBE", channel)``."""
        self._confirming: dict[str, asyncio.Future[None]] = {}
        """Subscriptions sent and not yet confirmed by Redis."""

    async def start(self) -> None:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(self._processes + self.me)
        self._tasks = [
            asyncio.create_task(self._listen(pubsub)),
            asyncio.create_task(self._send()),
            asyncio.create_task(self._subscribe(pubsub)),
        ]

    async def stop(self) -> None:
        await stopped(self._tasks)
        for waiting in self._waiting.values():
            waiting.cancel()
        for confirmed in self._confirming.values():
            confirmed.cancel()

    def follow(self, table_id: str) -> None:
        """Hear what happens at ``table_id`` from now on (`followed` waits for it)."""
        channel = self._tables + table_id
        if channel in self._followed:
            return
        self._followed.add(channel)
        self._confirming[channel] = asyncio.get_running_loop().create_future()
        self._changes.put_nowait(("SUBSCRIBE", channel))

    async def followed(self, table_id: str) -> None:
        """Once `follow` has ``table_id``'s subscription in Redis (or `FOLLOW_WAIT` s later)."""
        confirmed = self._confirming.get(self._tables + table_id)
        if confirmed is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(FOLLOW_WAIT):
                    await asyncio.shield(confirmed)

    def unfollow(self, table_id: str) -> None:
        """Stop hearing ``table_id`` (no longer held here)."""
        channel = self._tables + table_id
        if channel in self._followed:
            self._followed.discard(channel)
            self._confirming.pop(channel, None)
            self._changes.put_nowait(("UNSUBSCRIBE", channel))

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

    async def _subscribe(self, pubsub: Any) -> None:
        """Send the subscriptions `follow` and `unfollow` ask for, in their order (one that
        fails is sent again by `_reconcile` once Redis is back)."""
        while go_on():
            command, channel = await self._changes.get()
            try:
                if command == "SUBSCRIBE":
                    await pubsub.subscribe(channel)
                else:
                    await pubsub.unsubscribe(channel)
            except Exception:
                if cancelling():
                    raise
                log.warning("%s %s failed; sent again once Redis answers", command, channel)

    async def _reconcile(self, pubsub: Any) -> None:
        """Subscribe to the followed channels Redis does not have (their SUBSCRIBE failed while
        it was away), and leave those no longer followed."""
        subscribed = {c.decode() if isinstance(c, bytes) else c for c in pubsub.channels}
        subscribed.discard(self._processes + self.me)
        if missing := self._followed - subscribed:
            await pubsub.subscribe(*missing)
        if extra := subscribed - self._followed:
            await pubsub.unsubscribe(*extra)

    async def _listen(self, pubsub: Any) -> None:
        while go_on():
            try:
                await self._reconcile(pubsub)
                async for raw in pubsub.listen():
                    self._dispatch(raw)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception:
                if cancelling():
                    raise
                log.exception("listening to the other processes failed; listening again")
                await asyncio.sleep(RETRY)

    def _dispatch(self, raw: dict[str, Any]) -> None:
        if raw["type"] != "message":
            if raw["type"] == "subscribe":
                confirmed = self._confirming.pop(raw["channel"].decode(), None)
                if confirmed is not None and not confirmed.done():
                    confirmed.set_result(None)
            return
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
