"""Background loops that carry on after an error but never outlive their cancellation.

A server process runs loops for its whole life (the pub/sub listener and sender, the lease
heartbeat, the sweeps, the clocks' writer). Each catches `Exception`, logs it and carries on, so
that one failed round (Redis or the database briefly away) does not end it; but before it carries
on it asks `cancelling` (a library may turn the cancellation into another exception), it goes
round only while `go_on` (a library may swallow the cancellation), and the server stops its tasks
with `stopped`, which cancels again, every second, those still running (a swallowing call may
block again). The cases met, and why each guard: docs/server-notes.md.
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
