"""Python's cyclic garbage collector, set for a serving process (issue 13).

A server holds hundreds of tables, each with its states, sockets and tasks: some 350,000 tracked
objects at 500 busy tables. Its moves, messages, rows and sockets are freed by their reference
counts: with the automatic collector off for 45 s of `bench.server_load` (about 110,000 actions
and 1,000 games), one full collection then found 0 objects to free among 335,217. Yet the
automatic collector paused the event loop for nothing: with the interpreter's thresholds its full
collections took a fifth of the loop's time (0.3-0.5 s each); with young collections every 50,000
allocations (the policy before this one), one or two a minute of 25-160 ms, each freeing 0
objects (the young generation holds far more than its threshold, since the count is allocations
less deallocations and old objects die as young ones are born).

So while serving, the automatic collector is off, and what the process holds once started
(modules, models, the lobby's tables) is frozen out of collections (`gc.freeze`); a cycle made
while serving is freed by a full collection every `EVERY` seconds (`collecting`, the server's
task; ``POTAGER_COLLECT_EVERY``), one pause of a few hundred milliseconds instead of two a minute.
Measured against the policy before (`bench.server_load --tables 500 --generators 2 --no-undo
--think 200 --warmup 40 --seconds 20`, four interleaved pairs; docs/server-load.md, sixth round):
the same throughput and CPU an action, p99 not changed beyond the noise of that load's own tail
(148-187 ms against 155-172); below saturation, where the loop has room (``--think 400 --stagger
15``, about 1,760 actions/s, three pairs), p99 93, 89 and 78 ms before, 15, 18 and 18 ms after:
there the pauses were the tail. The load clients of `bench.server_load` play under `serving`
too: their own collections (45-113 ms, of cycles they do make) were counted in the latency they
measure.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from contextlib import contextmanager

EVERY = 600.0
"""Seconds between two full collections while serving, by default (`Settings.collect_every`)."""


@contextmanager
def serving() -> Iterator[None]:
    """The automatic collector off and what the process holds frozen, then the collector as it
    was (a test process starts many servers)."""
    enabled = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        gc.unfreeze()


async def collecting(every: float) -> None:
    """Free the cycles made while serving: a full collection every ``every`` seconds, until
    cancelled."""
    while True:
        await asyncio.sleep(every)
        gc.collect()
