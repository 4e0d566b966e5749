"""Python's cyclic garbage collector, set for a serving process: off while serving, what the
process holds once started frozen out of collections (`gc.freeze`), and a full collection every
`EVERY` seconds (`collecting`; ``POTAGER_COLLECT_EVERY``) to free the cycles made meanwhile. The
why and its measurements: docs/server-notes.md.
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
