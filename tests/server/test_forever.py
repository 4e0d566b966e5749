"""The server's background loops end when cancelled, even when a library turns the cancellation
into another exception (`potager.server.forever`): redis-py's pub/sub may raise
`ConnectionError` when cancelled in the middle of a read (redis/redis-py#2717). The pub/sub
listener used to log it as a failed read and listen again, so a stopping server waited for it
forever (a suite run once hung leaving a server with Redis). Nor when a library takes the
cancellation and carries on as if nothing had happened (a load bench's server process once never
stopped after its SIGTERM, its cluster sweep asleep with its task marked as cancelled)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine
from types import SimpleNamespace
from typing import Any

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from potager.server import forever, lease
from potager.server.cluster import Cluster
from potager.server.fanout import Fanout
from potager.server.peers import Peers


class CancelledAsConnectionError:
    """A pub/sub that waits for messages forever and, cancelled, raises `ConnectionError` the
    first time (so that a listener that swallows it is ended by the next cancellation: the test
    then fails rather than hangs)."""

    def __init__(self) -> None:
        self.reads = 0
        self.channels: dict[str, None] = {}

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


class Swallowing:
    """A round that takes its cancellation and returns as if nothing had happened (a library
    that retries the call its cancellation broke); once it has, later calls answer at once, as
    a server that is there does."""

    def __init__(self) -> None:
        self.swallowed = False

    async def __call__(self, *_: Any, **__: Any) -> bool:
        if not self.swallowed:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(30)
            self.swallowed = True
        return True


class Scripts:
    """Enough of a Redis client for `Leases`: its scripts, and a ``set`` that swallows."""

    def __init__(self) -> None:
        self.set = Swallowing()

    def register_script(self, script: str) -> object:
        return object()


def _sweeping() -> Coroutine[Any, Any, None]:
    cluster = Cluster("redis://127.0.0.1:1", "sqlite://")  # never reached
    peers = Peers(cluster, SimpleNamespace())  # type: ignore[arg-type]
    peers.sweep = Swallowing()  # type: ignore[method-assign,assignment]
    return peers._sweep_forever()


def _beating() -> Coroutine[Any, Any, None]:
    return lease.Leases(Scripts(), "space", lambda: None)._renew()  # type: ignore[arg-type]


@pytest.mark.parametrize("loop", [_sweeping, _beating], ids=["cluster sweep", "heartbeat"])
def test_a_loop_stops_when_a_library_swallows_its_cancellation(
    loop: Callable[[], Coroutine[Any, Any, None]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lease, "RENEW", 0.01)

    async def scenario() -> bool:
        task = asyncio.create_task(loop())
        await asyncio.sleep(0.2)  # in the middle of a round
        task.cancel()
        await asyncio.wait([task], timeout=10)  # a hang fails the test instead of the suite
        return task.cancelled()

    assert asyncio.run(scenario())


class RetriedRead(CancelledAsConnectionError):
    """A pub/sub whose read, cancelled, is retried and waits again for the next message (redis-py
    turns the cancellation into `ConnectionError` and its retry reconnects and reads again): no
    exception, nor any return, reaches the listener."""

    async def listen(self) -> AsyncIterator[dict[str, Any]]:
        self.reads += 1
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.get_running_loop().create_future()
        await asyncio.get_running_loop().create_future()  # the retried read: no message comes
        yield {}


def test_the_listener_stops_when_its_read_takes_the_cancellation_and_waits_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(forever, "AGAIN", 0.05)

    async def scenario() -> None:
        redis = Redis()
        redis.pubsub_made = RetriedRead()
        fanout = Fanout(redis, "space", "me", lambda *_: None, lambda *_: None)  # type: ignore[arg-type]
        await fanout.start()
        await asyncio.sleep(0.05)  # the listener is waiting for a message
        await asyncio.wait_for(fanout.stop(), timeout=10)  # cancelled again, it ends

    asyncio.run(scenario())
