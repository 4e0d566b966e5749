"""The server's background loops end when cancelled, even when a library turns the cancellation
into another exception (`potager.server.forever`): redis-py's pub/sub may raise
`ConnectionError` when cancelled in the middle of a read (redis/redis-py#2717). The pub/sub
listener used to log it as a failed read and listen again, so a stopping server waited for it
forever (a suite run once hung leaving a server with Redis)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError

from potager.server.fanout import Fanout


class CancelledAsConnectionError:
    """A pub/sub that waits for messages forever and, cancelled, raises `ConnectionError` the
    first time (so that a listener that swallows it is ended by the next cancellation: the test
    then fails rather than hangs)."""

    def __init__(self) -> None:
        self.reads = 0

    async def psubscribe(self, *patterns: str) -> None:
        pass

    async def subscribe(self, *channels: str) -> None:
        pass

    async def listen(self) -> AsyncIterator[dict[str, Any]]:
        self.reads += 1
        try:
            await asyncio.get_running_loop().create_future()  # no message ever comes
        except asyncio.CancelledError:
            if self.reads == 1:
                raise RedisConnectionError("Connection closed by server.") from None
            raise
        yield {}


class Redis:
    def __init__(self) -> None:
        self.pubsub_made = CancelledAsConnectionError()

    def pubsub(self, **options: Any) -> CancelledAsConnectionError:
        return self.pubsub_made


def test_the_listener_stops_when_its_cancellation_comes_back_as_another_error() -> None:
    async def scenario() -> int:
        redis = Redis()
        fanout = Fanout(redis, "space", "me", lambda *_: None, lambda *_: None)  # type: ignore[arg-type]
        await fanout.start()
        await asyncio.sleep(0.05)  # the listener is waiting for a message
        # A bound on how long to wait, so that a hang fails the test instead of the suite.
        await asyncio.wait_for(fanout.stop(), timeout=10)
        return redis.pubsub_made.reads

    assert asyncio.run(scenario()) == 1  # it did not listen again after its cancellation
