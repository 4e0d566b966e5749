"""Background loops that carry on after an error but never outlive their cancellation.

A server process runs loops for its whole life (the pub/sub listener and sender, the lease
heartbeat, the sweeps, the clocks' writer). Each catches `Exception`, logs it and carries on, so
that one failed round (Redis or the database briefly away) does not end it. Stopping the server
cancels them; but a library may turn the `asyncio.CancelledError` thrown into it into another
exception (redis-py's pub/sub raises `ConnectionError` when cancelled while it reads,
redis/redis-py#2717). A loop that retried then would have swallowed its cancellation, and the
server's shutdown would wait for it forever (seen once in the suite: a `TestClient` never
finished leaving a server with Redis). So each such loop asks `cancelling` before it carries on.

A library may also take the cancellation and carry on as if nothing had happened, its call
returning normally: then no exception reaches the loop at all, and the loop waits for its next
round with its task still marked as cancelled (one of two server processes of a load
bench never stopped after its SIGTERM, its cluster sweep asleep in that state, so that its
shutdown waited for the sweep for ever). So each loop goes round only while `go_on`. And where
the swallowing call blocks again (redis-py's pub/sub read, retried after the cancellation broke
it, waits for the next message), no check in the loop is reached: so the server stops its tasks
with `stopped`, which cancels again, every second, those still running.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection

log = logging.getLogger("potager.server")

AGAIN = 1.0
"""Seconds `stopped` waits for cancelled tasks before it cancels those still running again."""


def cancelling() -> bool:
    """Is the running task being cancelled? (A cancellation counts until the task takes it
    back, `asyncio.Task.uncancel`, whatever exception it arrived as.)"""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def go_on() -> bool:
    """True, or `asyncio.CancelledError` if the running task has been cancelled, whether or not
    the cancellation reached it as such: the head of a background loop, ``while go_on():``."""
    if cancelling():
        raise asyncio.CancelledError
    return True


async def stopped(tasks: Collection[asyncio.Task[object]]) -> None:
    """Cancel ``tasks`` and wait until every one has ended, cancelling again each `AGAIN` seconds
    those still running (a cancellation a library took and carried on from)."""
    pending = set(tasks)
    while pending:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=AGAIN)
        for task in pending:
            log.warning("%s still runs %g s after it was cancelled: cancelled again", task, AGAIN)
